//! `hupai replay`: shows a game log in the play UI on a terminal, steps through it in text when
//! the output is piped (or with `--text`), or only verifies it.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use hupai_engine::replay::{parse_log, replay_events};
use hupai_engine::taken::{for_each_decision, Decided};
use hupai_engine::Event;
use hupai_rules::Rules;

use crate::log_rules::rules_of;

/// Arguments of `hupai replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The log (one JSON event per line).
    file: PathBuf,
    /// Only check that every event follows; print nothing but the verdict.
    #[arg(long)]
    verify: bool,
    /// Rules to use instead of those named in the log (a preset or a TOML file).
    #[arg(long)]
    rules: Option<String>,
    /// Show the game full-screen in the play UI (every hand revealed), stepping with the keys;
    /// the default when standard output is a terminal.
    #[arg(long, conflicts_with_all = ["verify", "text"])]
    ui: bool,
    /// Print the game as text, one line per event; the default when the output is piped.
    #[arg(long, conflicts_with = "verify")]
    text: bool,
    /// Print the stream player N (0-3, the seat it held in the first hand) was shown: other
    /// seats' tiles hidden, no seed.
    #[arg(long, value_name = "N", conflicts_with_all = ["verify", "ui"])]
    seat: Option<u8>,
    /// List the decisions each player took (with --seat N, player N's): the decision
    /// number, the player and its seat, the options it had and what it chose, read back from
    /// the events (a call another seat's win overrode reads as a pass).
    #[arg(long, conflicts_with_all = ["verify", "ui", "text"])]
    decisions: bool,
    /// With --seat or --decisions: JSON lines.
    #[arg(long)]
    json: bool,
}

/// Runs `hupai replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let rules = args.rules.as_deref().map(Rules::load).transpose()?;
    let log = parse_log(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    if args.json && args.seat.is_none() && !args.decisions {
        anyhow::bail!("--json goes with --seat N or --decisions");
    }
    if args.decisions {
        return decisions(&args, &log, rules);
    }
    if let Some(seat) = args.seat {
        if seat > 3 {
            anyhow::bail!("--seat {seat}: players are 0..=3");
        }
        let record: Vec<Event> = log.into_iter().map(|(_, e)| e).collect();
        let mut out = std::io::stdout().lock();
        for e in hupai_engine::player_stream(&record, seat as usize) {
            let line = if args.json { e.to_json() } else { describe(&e) };
            if writeln!(out, "{line}").is_err() {
                break;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let ui = args.ui || (!args.text && !args.verify && std::io::stdout().is_terminal());
    if ui {
        if log.is_empty() {
            anyhow::bail!("{}: the log is empty", args.file.display());
        }
        crate::play::replay_view::run(&log, rules)?;
        return Ok(ExitCode::SUCCESS);
    }
    let verify = args.verify;
    let mut out = std::io::stdout().lock();
    let mut closed = false;
    let result = replay_events(&log, rules, |_, e| {
        // A closed pipe (`| head`) stops the printing, not the check.
        if !verify && !closed {
            closed = writeln!(out, "{}", describe(e)).is_err();
        }
    });
    drop(out);
    match result {
        Ok(n) => {
            if verify {
                println!("{}: {n} events, all follow", args.file.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("{}: {e}", args.file.display());
            Ok(ExitCode::FAILURE)
        }
    }
}

/// `--decisions`: every decision of the players (or of `--seat N`), one line each.
fn decisions(
    args: &ReplayArgs,
    log: &[(usize, Event)],
    rules: Option<Rules>,
) -> anyhow::Result<ExitCode> {
    let rules = match rules {
        Some(r) => r,
        None => rules_of(log).map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?,
    };
    let players = match args.seat {
        Some(p) if p > 3 => anyhow::bail!("--seat {p}: players are 0..=3"),
        Some(p) => vec![usize::from(p)],
        None => (0..4).collect(),
    };
    let mut lines = Vec::new();
    for player in players {
        for_each_decision(log, player, &rules, |d| {
            lines.push((d.seq, player, decision_line(d, args.json)));
        })
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    }
    lines.sort_by_key(|l| (l.0, l.1));
    let mut out = std::io::stdout().lock();
    for (_, _, line) in lines {
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One decision as a line of text, or of JSON.
fn decision_line(d: &Decided<'_>, json: bool) -> String {
    if json {
        serde_json::json!({
            "seq": d.seq,
            "line": d.line,
            "player": d.player,
            "seat": d.view.seat.index(),
            "options": d.options,
            "chosen": d.chosen,
        })
        .to_string()
    } else {
        let options: Vec<String> = d.options.iter().map(ToString::to_string).collect();
        format!(
            "{} player {} ({}): {} of [{}]",
            d.seq,
            d.player,
            d.view.seat,
            d.chosen,
            options.join(", ")
        )
    }
}

fn join(values: &[i32]) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

/// One line of text per event.
fn describe(e: &Event) -> String {
    match e {
        Event::StartGame { rules, seed: Some(seed), .. } => {
            format!("game: rules {rules}, seed {seed}")
        }
        Event::StartGame { rules, seed_commitment, .. } => format!(
            "game: rules {rules}, seed committed as {}",
            seed_commitment.as_deref().unwrap_or("?")
        ),
        Event::StartKyoku { bakaze, kyoku, honba, kyotaku, scores, tehais, .. } => {
            let mut line = format!("\n{bakaze}{kyoku} honba {honba} sticks {kyotaku}");
            if let Some(scores) = scores {
                line += &format!("  scores {}", join(scores));
            }
            for (s, t) in tehais.iter().enumerate() {
                if t.iter().any(|p| !p.is_hidden()) {
                    let tiles: Vec<String> = t.iter().map(|p| p.to_string()).collect();
                    line += &format!("\n  {s} dealt {}", tiles.join(" "));
                }
            }
            line
        }
        Event::Tsumo { actor, pai } => format!("  {actor} draws {pai}"),
        Event::Flower { actor, pai } => format!("  {actor} sets aside {pai}"),
        Event::LoneKong { actor, pai } => format!("  {actor} sets aside {pai} as a lone kong"),
        Event::Kita { actor, pai } => format!("  {actor} sets aside {pai} (kita)"),
        Event::Dahai { actor, pai, tsumogiri } => {
            format!("  {actor} discards {pai}{}", if *tsumogiri { " (drawn)" } else { "" })
        }
        Event::Chi { actor, target, pai, .. } => format!("  {actor} chi {pai} from {target}"),
        Event::Pon { actor, target, pai, .. } => format!("  {actor} pon {pai} from {target}"),
        Event::Daiminkan { actor, target, pai, .. } => format!("  {actor} kan {pai} from {target}"),
        Event::Kakan { actor, pai, .. } => format!("  {actor} adds {pai} to a pon"),
        Event::Ankan { actor, consumed } => {
            format!(
                "  {actor} closed kan {}",
                consumed.first().map(|p| p.to_string()).unwrap_or_default()
            )
        }
        Event::Dora { dora_marker } => format!("  dora indicator {dora_marker}"),
        Event::Reach { actor } => format!("  {actor} riichi"),
        Event::ReachAccepted { actor, .. } => format!("  {actor} riichi stick placed"),
        Event::Hora { actor, target, pai, hand, han, fu, points, yaku, .. } => {
            let how =
                if actor == target { "tsumo".to_string() } else { format!("ron from {target}") };
            let yaku: Vec<String> =
                yaku.iter().map(|y| format!("{} {}", y.name, y.value)).collect();
            format!("  {actor} wins on {pai} ({how}): {hand}  [{}] {han} han/fan {fu} fu, {points} points", yaku.join(", "))
        }
        Event::Ryukyoku { reason, deltas, .. } => {
            format!("  draw ({}) deltas {}", reason.map_or("draw", |r| r.name()), join(deltas))
        }
        Event::Void { actor, suit } => format!("  {actor} voids {}", suit.letter()),
        Event::Exchange { actor, target, pai } => {
            let tiles: Vec<String> = pai.iter().map(|p| p.to_string()).collect();
            format!("  {actor} passes {} to {target}", tiles.join(" "))
        }
        Event::Payment { reason, actor, deltas, .. } => {
            format!("  {} payment of {actor}: deltas {}", reason.name(), join(deltas))
        }
        Event::EndKyoku => "  end of hand".into(),
        Event::EndGame { scores, seed, .. } => {
            let mut line =
                format!("\nfinal scores {}", scores.as_ref().map_or(String::new(), |s| join(s)));
            if let Some(seed) = seed {
                line += &format!(" (seed {seed} revealed)");
            }
            line
        }
    }
}
