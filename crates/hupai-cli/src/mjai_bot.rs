//! `hupai mjai-bot`: an mjai bot on standard input and output.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::Context;
use hupai_ai::mjai_bot::MjaiBot;
use hupai_ai::AgentSpec;

/// Arguments of `hupai mjai-bot`.
#[derive(Debug, clap::Args)]
pub struct MjaiBotArgs {
    /// The agent to play: search, search(budget_ms=10), defensive, defensive(fold=2),
    /// efficiency, random, tsumogiri, model:FILE.onnx.
    #[arg(long, default_value = "defensive")]
    pub agent: String,
    /// Rule set (a riichi preset or TOML file).
    #[arg(long, default_value = "riichi")]
    pub rules: String,
    /// Explain every decision on standard error.
    #[arg(long)]
    pub explain: bool,
    /// Answer only when the seat can act (as Mortal's mjai.py does), not every event.
    #[arg(long)]
    pub when_able: bool,
    /// The seat (0-3; 0-2 at three players) the host gives as the last argument (as Mortal's bots take it), used
    /// when `start_game` has no `id`.
    pub seat: Option<u8>,
}

/// Runs `hupai mjai-bot`: one answer line per input line, until the input ends.
pub fn run(args: MjaiBotArgs) -> anyhow::Result<ExitCode> {
    let rules = crate::rules_arg::load(&args.rules)?;
    let spec: AgentSpec = args.agent.parse()?;
    if spec.is_external() {
        anyhow::bail!("--agent {spec}: the bot plays one of hupai's own agents");
    }
    let seats = rules.seats().count();
    if args.seat.is_some_and(|s| usize::from(s) >= seats) {
        anyhow::bail!("seat {}: seats are 0..={}", args.seat.unwrap_or(0), seats - 1);
    }
    let player = args.seat.unwrap_or(0) as usize;
    let agent = spec.build(&rules, 0, player, &hupai_ai::BuildOptions::default())?;
    let mut bot = MjaiBot::new(rules, agent, args.explain);
    bot.answer_only_when_able(args.when_able);
    if let Some(seat) = args.seat.and_then(|s| hupai_core::Seat::from_index(s as usize)) {
        bot.set_seat(seat);
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr();
    for line in stdin.lock().lines() {
        let line = line.context("reading standard input")?;
        let (answer, notes) = bot.handle_line(&line);
        for n in notes {
            let _ = writeln!(err, "{n}");
        }
        if !answer.is_empty() {
            writeln!(out, "{answer}")?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
