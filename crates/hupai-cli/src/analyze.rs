//! `hupai analyze`: shanten per form, waits, effective tiles and the discard table.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use hupai_core::notation::{glyph, parse_kinds};
use hupai_core::{Analysis, Counts, Form, Hand, KindSet, WaitShapes};
use hupai_rules::Rules;
use serde_json::json;

/// Arguments of `hupai analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Rule set whose winning forms count: a preset (riichi, riichi-majsoul, mcr, chinese,
    /// laizi, sichuan, sichuan-xueliu, sichuan-exchange, hongkong, guangdong, wuhan; three
    /// players, a 108-tile set: sanma, sanma-majsoul) or a TOML file.
    #[arg(long, default_value = "riichi")]
    rules: String,
    /// Tiles seen outside the hand (rivers, other melds, indicators), e.g. 1z1z5p.
    #[arg(long, default_value = "")]
    visible: String,
    /// One JSON object per hand.
    #[arg(long)]
    json: bool,
    /// Show the hand as Unicode glyphs in the human format.
    #[arg(long)]
    glyphs: bool,
    /// Hands, e.g. "23456m11z pon:777s" (a meld argument joins the hand before it); with
    /// none, one hand per line of standard input.
    hands: Vec<String>,
}

/// Runs the command; the exit code is non-zero when any hand failed.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let rules = Rules::load(&args.rules)?;
    let mut visible = Counts::from_kinds(parse_kinds(&args.visible)?);
    // Kinds the rules' wall leaves out (three-player riichi: 2m-8m) are never drawn: counted
    // as seen, so effective tiles and waits count this rule set's tiles only.
    let absent = rules.absent_tiles();
    for k in hupai_core::Kind::all() {
        visible.0[k.index()] = visible.0[k.index()].saturating_add(absent[k]);
    }
    let mut failed = false;
    // One buffer per answer, written at once (see `score`).
    let mut answer = Vec::with_capacity(1024);
    let mut each = |line: &str, out: &mut dyn Write| -> anyhow::Result<()> {
        let text = line.trim();
        if text.is_empty() {
            return Ok(());
        }
        match analyse(text, &rules, &visible) {
            Ok(analysis) if args.json => {
                answer.clear();
                serde_json::to_writer(&mut answer, &analysis)?;
                answer.push(b'\n');
                out.write_all(&answer)?;
            }
            Ok(analysis) => out.write_all(to_human(&analysis, args.glyphs).as_bytes())?,
            Err(message) => {
                failed = true;
                if args.json {
                    writeln!(out, "{}", json!({"hand": text, "error": message}))?;
                } else {
                    eprintln!("{text}: {message}");
                }
            }
        }
        Ok(())
    };
    if args.hands.is_empty() {
        crate::input::stream(None, each)?;
    } else {
        crate::input::each_item(group_hand_args(&args.hands), |hand, out| each(&hand, out))?;
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Joins meld arguments (`pon:777s`) to the hand before them, so an unquoted hand with melds
/// stays one hand.
fn group_hand_args(args: &[String]) -> Vec<String> {
    let mut hands: Vec<String> = Vec::new();
    for arg in args {
        let is_meld = arg.contains(':');
        match hands.last_mut() {
            Some(last) if is_meld => {
                last.push(' ');
                last.push_str(arg);
            }
            _ => hands.push(arg.clone()),
        }
    }
    hands
}

/// The analysis of hand text (the one in `hupai_core`, shared with the Python package) under
/// `rules`: a hand holding a kind the rules' wall leaves out (three-player riichi: 2m-8m) is
/// refused, and effective tiles list only kinds in the wall.
fn analyse(text: &str, rules: &Rules, visible: &Counts) -> Result<Analysis, String> {
    let hand: Hand = text.parse().map_err(|e: hupai_core::HandError| e.to_string())?;
    let mut kinds = hand.concealed().kinds().chain(hand.melds().iter().flat_map(|m| m.kinds()));
    if let Some(k) = kinds.find(|&k| !rules.in_wall(k)) {
        return Err(format!("{k}: the '{}' rules' wall has no such tile", rules.name));
    }
    let mut a = hand.analysis(rules.form_set(), visible).map_err(|e| e.to_string())?;
    let wall = rules.wall_kinds();
    if let Some((set, n)) = a.ukeire {
        a.ukeire = Some((set.intersection(wall), n));
    }
    for d in &mut a.discards {
        d.ukeire = d.ukeire.intersection(wall);
    }
    Ok(a)
}

fn to_human(a: &Analysis, glyphs: bool) -> String {
    let mut out = String::new();
    let shown = if glyphs {
        let mut s: String = a.hand.concealed().tiles().map(glyph).collect();
        for _ in 0..a.hand.jokers() {
            s.push('🀪');
        }
        for meld in a.hand.melds() {
            s.push_str(&format!(
                " {}:{}",
                meld.kind().prefix(),
                meld.kinds().map(glyph).collect::<String>()
            ));
        }
        s
    } else {
        a.hand.to_string()
    };
    let _ = writeln!(out, "{shown}  ({} tiles)", a.hand.tile_count());
    let state = match a.shanten {
        -1 => "complete".to_string(),
        0 => "0 (ready)".to_string(),
        n => n.to_string(),
    };
    let _ = writeln!(out, "  shanten   {state}");
    let per_form: Vec<String> = Form::ALL
        .iter()
        .zip(a.forms)
        .filter_map(|(form, s)| s.map(|s| format!("{} {s}", form.name().replace('_', " "))))
        .collect();
    let _ = writeln!(out, "  forms     {}", per_form.join(", "));
    if !a.waits.is_empty() {
        let list: Vec<String> = a
            .waits
            .iter()
            .map(|(k, shapes)| {
                if *shapes == WaitShapes::default() {
                    k.to_string()
                } else {
                    format!("{k} ({shapes})")
                }
            })
            .collect();
        let _ = writeln!(out, "  waits     {}", list.join(", "));
    }
    if let Some((set, count)) = a.ukeire {
        let _ = writeln!(out, "  ukeire    {} kinds, {count} tiles: {}", set.len(), spaced(set));
    }
    if !a.discards.is_empty() {
        if a.agari {
            let _ = writeln!(out, "  agari     a complete hand");
        }
        let _ = writeln!(out, "  discard  shanten  tiles  effective tiles");
        for o in &a.discards {
            let d = o.discard.map_or("*".to_string(), |k| k.to_string());
            let _ =
                writeln!(out, "  {d:<7}  {:>7}  {:>5}  {}", o.shanten, o.count, spaced(o.ukeire));
        }
    }
    out
}

fn spaced(set: KindSet) -> String {
    set.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(" ")
}
