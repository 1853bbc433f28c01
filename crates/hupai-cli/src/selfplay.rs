//! `hupai selfplay`: seeded full matches between any agents, with logs and a summary.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use hupai_engine::{Agent, Driver, Event, Setup};
use serde_json::json;

use crate::agents::BotArgs;

/// Arguments of `hupai selfplay`.
#[derive(Debug, Args)]
pub struct SelfplayArgs {
    /// Rule set: a preset (riichi, riichi-majsoul, mcr, chinese, laizi, sichuan,
    /// sichuan-xueliu, sichuan-exchange, hongkong, guangdong, wuhan; three players: sanma,
    /// sanma-majsoul) or a TOML file.
    #[arg(long, default_value = "riichi")]
    rules: String,
    /// Number of matches.
    #[arg(long, default_value_t = 1)]
    games: u64,
    /// Seed of the first match (match i uses seed + i).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The agents, comma separated, one a seat (one spec seats it at every seat): search,
    /// search(budget_ms=10), defensive, defensive(fold=2), efficiency, random, tsumogiri,
    /// model:FILE.onnx, mjai:COMMAND.
    #[arg(long, default_value = "random")]
    agents: String,
    /// Write one log per match (JSON lines) into this directory.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    bots: BotArgs,
}

/// Runs `hupai selfplay`.
pub fn run(args: SelfplayArgs) -> anyhow::Result<ExitCode> {
    let rules = crate::rules_arg::load(&args.rules)?;
    let specs = crate::agents::seated(&args.agents, rules.seats().count())?;
    let options = args.bots.options();
    if let Some(dir) = &args.log {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let start = Instant::now();
    let (mut hands, mut wins, mut draws, mut actions) = (0u64, 0u64, 0u64, 0u64);
    let mut illegal = [0u64; 4];
    let mut timeouts = [0u64; 4];
    let mut driver: Option<Driver> = None;
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(g);
        let mut agents: Vec<Box<dyn Agent>> = Vec::with_capacity(specs.len());
        for (p, spec) in specs.iter().enumerate() {
            let agent_seed = seed.wrapping_mul(4).wrapping_add(p as u64);
            agents.push(spec.build(&rules, agent_seed, p, &options)?);
        }
        let mut setup = Setup::new(rules.clone(), seed);
        // The seeds are the user's, but the seats may be external bots: a random secret keeps
        // them from finding the seed from its commitment.
        setup.secret = hupai_engine::commitment::random_secret()
            .context("cannot draw the seed commitment's secret")?;
        setup.names =
            std::array::from_fn(|p| specs.get(p).map(|s| s.to_string()).unwrap_or_default());
        // One driver for every match: its record keeps the room a whole match took.
        let driver = match &mut driver {
            Some(d) => {
                d.restart(setup);
                d
            }
            None => driver.insert(Driver::new(setup)),
        };
        driver.run_with(&mut agents, |_, _| actions += 1)?;
        for (p, agent) in agents.iter().enumerate() {
            illegal[p] += u64::from(driver.illegal_answers(p) + agent.faults().illegal);
            timeouts[p] += u64::from(agent.faults().timeouts);
        }
        for e in driver.record() {
            match e {
                Event::EndKyoku => hands += 1,
                Event::Hora { .. } => wins += 1,
                Event::Ryukyoku { .. } => draws += 1,
                _ => {}
            }
        }
        if let Some(dir) = &args.log {
            let path = dir.join(format!("game-{seed}.jsonl"));
            let text: String = driver.record().iter().map(|e| e.to_json() + "\n").collect();
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    // Actions: one per answer after the opening events.
    actions = actions.saturating_sub(args.games);
    let elapsed = start.elapsed().as_secs_f64();
    let per_agent: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(p, s)| json!({"player": p, "agent": s.to_string(), "illegal": illegal[p], "timeouts": timeouts[p]}))
        .collect();
    if args.json {
        let summary = json!({
            "rules": rules.name,
            "games": args.games,
            "hands": hands,
            "wins": wins,
            "draws": draws,
            "actions": actions,
            "elapsed": elapsed,
            "hands_per_second": hands as f64 / elapsed.max(1e-9),
            "agents": per_agent,
        });
        println!("{summary}");
    } else {
        println!("rules    {}", rules.name);
        println!("games    {}", args.games);
        println!("hands    {hands}");
        println!("wins     {wins}");
        println!("draws    {draws}");
        println!("elapsed  {elapsed:.3} s ({:.0} hands/s)", hands as f64 / elapsed.max(1e-9));
        for (p, spec) in specs.iter().enumerate() {
            if illegal[p] + timeouts[p] > 0 {
                println!(
                    "player {p} ({spec}): {} illegal answers, {} timeouts",
                    illegal[p], timeouts[p]
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
