//! The `hupai` command: thin argument parsing over the hupai libraries.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod agents;
mod analyze;
mod arena;
mod input;
mod log_rules;
mod mjai_bot;
mod play;
mod replay;
mod rules_arg;
mod score;
mod selfplay;
mod serve;

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
    /// Play seeded full matches between agents and summarise them.
    Selfplay(selfplay::SelfplayArgs),
    /// Play mahjong against three AIs in the terminal.
    Play(play::PlayArgs),
    /// Step through a game log, or verify that it replays.
    Replay(replay::ReplayArgs),
    /// Self-play between agents with metrics.
    Arena(arena::ArenaArgs),
    /// An mjai bot on standard input and output.
    MjaiBot(mjai_bot::MjaiBotArgs),
    /// The game server: online tables for people and bots.
    Serve(serve::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Analyze(args) => analyze::run(args),
        Command::Score(args) => score::run(args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Play(args) => play::run(args),
        Command::Arena(args) => arena::run(args),
        Command::MjaiBot(args) => mjai_bot::run(args),
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hupai: {e:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every command that takes `--rules` names every preset in its help.
    #[test]
    fn the_rules_help_names_every_preset() {
        let cli = super::Cli::command();
        let mut checked = 0;
        for sub in cli.get_subcommands() {
            let Some(arg) = sub.get_arguments().find(|a| a.get_id() == "rules") else { continue };
            if matches!(sub.get_name(), "mjai-bot" | "replay") {
                continue; // riichi only; the log's own rules by default
            }
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            let named: Vec<&str> =
                help.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).collect();
            for preset in hupai_rules::Rules::preset_names() {
                assert!(named.contains(&preset), "hupai {} --rules: {preset}", sub.get_name());
            }
            checked += 1;
        }
        assert!(checked >= 4, "analyze, arena, selfplay and play take --rules");
    }
}
