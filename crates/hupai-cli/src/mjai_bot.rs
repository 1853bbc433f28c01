//! `hupai mjai-bot`: an mjai bot on standard input and output.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::Context;
use hupai_ai::mjai_bot::MjaiBot;
use hupai_rules::Rules;

/// Arguments of `hupai mjai-bot`.
#[derive(Debug, clap::Args)]
pub struct MjaiBotArgs {
    /// The agent to play (defensive, efficiency, random, tsumogiri).
    #[arg(long, default_value = "defensive")]
    pub agent: String,
    /// Rule set (a riichi preset or TOML file).
    #[arg(long, default_value = "riichi")]
    pub rules: String,
    /// Explain every decision on standard error.
    #[arg(long)]
    pub explain: bool,
}

/// Runs `hupai mjai-bot`: one answer line per input line, until the input ends.
pub fn run(args: MjaiBotArgs) -> anyhow::Result<ExitCode> {
    let rules = Rules::load(&args.rules).with_context(|| format!("rules '{}'", args.rules))?;
    let mut bot = MjaiBot::new(rules, &args.agent, args.explain)
        .with_context(|| format!("unknown agent '{}'", args.agent))?;
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
