//! `hupai play`: a mahjong game against three AIs in the terminal, full-screen (ratatui +
//! crossterm) or as plain lines (`--plain`), and the same screen for `hupai replay --ui`.
//!
//! Modules: [`app`] drives the engine and the agents, [`table`] folds events into what the
//! screen shows, [`render`] lays it out, [`keys`] and [`tui`] run the full-screen loop,
//! [`plain`] the line mode, [`commands`] parses what a player types, [`hints`] the hint
//! panel, [`narrate`] and [`summary`] put events and hand ends in words, [`replay_view`] shows
//! a saved game.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use hupai_rules::Rules;

pub mod app;
pub mod commands;
pub mod hints;
pub mod keys;
pub mod narrate;
pub mod plain;
pub mod render;
pub mod replay_view;
#[cfg(test)]
mod snapshot_tests;
pub mod summary;
pub mod table;
pub mod tiles;
pub mod tui;

/// Arguments of `hupai play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Rule set: chinese, mcr, riichi, laizi, or a TOML file.
    #[arg(long, default_value = "chinese")]
    pub rules: String,
    /// Seed of the walls (a fresh one when left out).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The opponents: one agent spec for all three, or three separated by commas
    /// (defensive, defensive(fold=2), efficiency, random, tsumogiri, mjai:COMMAND).
    #[arg(long, default_value = "defensive")]
    pub opponents: String,
    /// Show shanten, waits, effective tiles and the AI's suggested discard.
    #[arg(long)]
    pub hints: bool,
    /// After every AI action, say why in one line.
    #[arg(long)]
    pub explain: bool,
    /// Save the game log (one JSON event per line) to this file.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Line mode: no screen control; commands on standard input.
    #[arg(long)]
    pub plain: bool,
    /// Milliseconds between AI moves in the full-screen UI.
    #[arg(long, default_value_t = 600)]
    pub speed: u64,
    /// Draw tiles as Unicode mahjong glyphs.
    #[arg(long)]
    pub glyphs: bool,
    /// Play a single hand instead of a full match.
    #[arg(long)]
    pub one_hand: bool,
}

fn opponents(text: &str) -> anyhow::Result<[hupai_ai::AgentSpec; 3]> {
    let specs = hupai_ai::AgentSpec::parse_list(text)?;
    match specs.as_slice() {
        [one] => Ok([one.clone(), one.clone(), one.clone()]),
        [a, b, c] => Ok([a.clone(), b.clone(), c.clone()]),
        _ => anyhow::bail!("--opponents takes one agent or three separated by commas"),
    }
}

/// Runs `hupai play`.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = Rules::load(&args.rules)?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let config = app::Config {
        rules,
        seed,
        opponents: opponents(&args.opponents)?,
        explain: args.explain,
        single_hand: args.one_hand,
    };
    let mut game = app::App::new(config)?;
    let result = if args.plain {
        let stdin = std::io::stdin();
        let mut out = std::io::stdout().lock();
        plain::run(&mut game, stdin.lock(), &mut out, args.hints)
    } else {
        if !std::io::stdout().is_terminal() {
            anyhow::bail!("the full-screen game needs a terminal; use --plain for line mode");
        }
        let mut ui = tui::UiState { hints: args.hints, glyphs: args.glyphs, ..Default::default() };
        ui.messages.push(format!("seed {seed}: press ? for help"));
        tui::run(&mut game, &mut ui, Duration::from_millis(args.speed)).map_err(Into::into)
    };
    if let Some(path) = &args.log {
        let text: String = game.record().iter().map(|e| e.to_json() + "\n").collect();
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    result?;
    Ok(ExitCode::SUCCESS)
}
