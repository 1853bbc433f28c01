//! The `hupai` command: thin argument parsing over the hupai libraries.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod analyze;
mod arena;
mod input;
mod mjai_bot;
mod score;

/// hupai (胡牌): a mahjong engine.
#[derive(Debug, Parser)]
#[command(name = "hupai", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Shanten per form, waits, effective tiles and the discard table of hands.
    Analyze(analyze::AnalyzeArgs),
    /// Score winning hands given as JSON lines.
    Score(score::ScoreArgs),
    /// Self-play between agents with metrics.
    Arena(arena::ArenaArgs),
    /// An mjai bot on standard input and output.
    MjaiBot(mjai_bot::MjaiBotArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Analyze(args) => analyze::run(args),
        Command::Score(args) => score::run(args),
        Command::Arena(args) => arena::run(args),
        Command::MjaiBot(args) => mjai_bot::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hupai: {e:#}");
            ExitCode::FAILURE
        }
    }
}
