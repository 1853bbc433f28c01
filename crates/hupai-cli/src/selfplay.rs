//! `hupai selfplay`: seeded full matches between engine agents, with logs and a summary.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Args;
use hupai_engine::{play_match_with, Agent, Event, Random, Setup, Tsumogiri};
use hupai_rules::Rules;
use serde_json::json;

/// Arguments of `hupai selfplay`.
#[derive(Debug, Args)]
pub struct SelfplayArgs {
    /// Rule set: a preset (riichi, riichi-majsoul, mcr, chinese, laizi) or a TOML file.
    #[arg(long, default_value = "riichi")]
    rules: String,
    /// Number of matches.
    #[arg(long, default_value_t = 1)]
    games: u64,
    /// Seed of the first match (match i uses seed + i).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The four agents, comma separated: random or tsumogiri.
    #[arg(long, default_value = "random,random,random,random")]
    agents: String,
    /// Write one log per match (JSON lines) into this directory.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `hupai selfplay`.
pub fn run(args: SelfplayArgs) -> anyhow::Result<ExitCode> {
    let rules = Rules::load(&args.rules)?;
    let names: Vec<&str> = args.agents.split(',').map(str::trim).collect();
    if names.len() != 4 {
        bail!("--agents needs four names, got {}", names.len());
    }
    for n in &names {
        if !matches!(*n, "random" | "tsumogiri") {
            bail!("unknown agent '{n}': use random or tsumogiri");
        }
    }
    if let Some(dir) = &args.log {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let start = Instant::now();
    let (mut hands, mut wins, mut draws, mut actions) = (0u64, 0u64, 0u64, 0u64);
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(g);
        let mut agents: Vec<Box<dyn Agent>> = names
            .iter()
            .enumerate()
            .map(|(i, n)| -> Box<dyn Agent> {
                match *n {
                    "tsumogiri" => Box::new(Tsumogiri),
                    _ => Box::new(Random::new(seed.wrapping_mul(4).wrapping_add(i as u64))),
                }
            })
            .collect();
        let mut setup = Setup::new(rules.clone(), seed);
        setup.names = std::array::from_fn(|i| names[i].to_string());
        let log = play_match_with(setup, &mut agents, |_, _| actions += 1)?;
        for e in &log {
            match e {
                Event::EndKyoku => hands += 1,
                Event::Hora { .. } => wins += 1,
                Event::Ryukyoku { .. } => draws += 1,
                _ => {}
            }
        }
        if let Some(dir) = &args.log {
            let path = dir.join(format!("game-{seed}.jsonl"));
            let text: String = log.iter().map(|e| e.to_json() + "\n").collect();
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
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
        });
        println!("{summary}");
    } else {
        println!("rules    {}", rules.name);
        println!("games    {}", args.games);
        println!("hands    {hands}");
        println!("wins     {wins}");
        println!("draws    {draws}");
        println!("elapsed  {elapsed:.3} s ({:.0} hands/s)", hands as f64 / elapsed.max(1e-9));
    }
    Ok(ExitCode::SUCCESS)
}
