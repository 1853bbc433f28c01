//! `hupai replay`: steps through a game log in text, or only verifies it.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use hupai_engine::replay::{parse_log, replay_events};
use hupai_engine::Event;
use hupai_rules::Rules;

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
}

/// Runs `hupai replay`.
pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let rules = args.rules.as_deref().map(Rules::load).transpose()?;
    let log = parse_log(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
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

/// One line of text per event.
fn describe(e: &Event) -> String {
    match e {
        Event::StartGame { rules, seed, .. } => format!("game: rules {rules}, seed {seed}"),
        Event::StartKyoku { bakaze, kyoku, honba, kyotaku, scores, .. } => format!(
            "\n{bakaze}{kyoku} honba {honba} sticks {kyotaku}  scores {}",
            scores.map(|s| s.to_string()).join(" ")
        ),
        Event::Tsumo { actor, pai } => format!("  {actor} draws {pai}"),
        Event::Flower { actor, pai } => format!("  {actor} sets aside {pai}"),
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
        Event::ReachAccepted { actor } => format!("  {actor} riichi stick placed"),
        Event::Hora { actor, target, pai, hand, han, fu, points, yaku, .. } => {
            let how =
                if actor == target { "tsumo".to_string() } else { format!("ron from {target}") };
            let yaku: Vec<String> =
                yaku.iter().map(|y| format!("{} {}", y.name, y.value)).collect();
            format!("  {actor} wins on {pai} ({how}): {hand}  [{}] {han} han/fan {fu} fu, {points} points", yaku.join(", "))
        }
        Event::Ryukyoku { reason, deltas, .. } => {
            format!("  draw ({reason}) deltas {}", deltas.map(|d| d.to_string()).join(" "))
        }
        Event::EndKyoku => "  end of hand".into(),
        Event::EndGame { scores } => {
            format!("\nfinal scores {}", scores.map(|s| s.to_string()).join(" "))
        }
    }
}
