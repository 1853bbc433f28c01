//! `hupai score`: score winning hands given as JSON lines.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use hupai_rules::{RulesCache, Score, ScoreLine, Variant};
use serde_json::json;

/// Arguments of `hupai score`.
#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// One JSON object per result line (the default is a small table per hand).
    #[arg(long)]
    json: bool,
    /// A file of JSON lines; standard input when absent.
    file: Option<PathBuf>,
}

/// Runs the command; the exit code is non-zero when any line failed.
pub fn run(args: ScoreArgs) -> anyhow::Result<ExitCode> {
    let mut rules = RulesCache::default();
    let mut failed = false;
    // Each answer is written into one buffer (the same bytes as serde_json, see
    // `Score::write_json`) and that written at once.
    let mut answer = Vec::with_capacity(1024);
    crate::input::stream(args.file.as_deref(), |line, out| {
        if line.trim().is_empty() {
            return Ok(());
        }
        match score_line(line, &mut rules) {
            Ok(result) if args.json => {
                answer.clear();
                result.write_json(&mut answer);
                answer.push(b'\n');
                out.write_all(&answer)?;
            }
            Ok(result) => out.write_all(to_table(&result).as_bytes())?,
            Err(message) => {
                failed = true;
                if args.json {
                    writeln!(out, "{}", json!({ "error": message }))?;
                } else {
                    eprintln!("error: {message}");
                }
            }
        }
        Ok(())
    })?;
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Reads and scores one line (the reading and scoring shared with the Python package).
fn score_line(line: &str, rules: &mut RulesCache) -> Result<Score, String> {
    let input = match ScoreLine::read_plain_json(line) {
        Some(input) => input,
        None => serde_json::from_str(line).map_err(|e| e.to_string())?,
    };
    input.score(rules).map_err(|e| e.to_string())
}

fn to_table(s: &Score) -> String {
    let mut out = String::new();
    for i in &s.items {
        let count = if i.count > 1 { format!(" x{}", i.count) } else { String::new() };
        out.push_str(&format!(
            "  {:>3}  {} {}{count}\n",
            i.value * i.count,
            i.name(),
            i.local_name()
        ));
    }
    match s.variant {
        Variant::Riichi => {
            let limit = s.limit.map(|l| format!(", {}", l.name())).unwrap_or_default();
            out.push_str(&format!(
                "  {} han {} fu{limit}: {} points",
                s.total, s.fu, s.payments.total
            ));
            if let Some(ron) = s.payments.ron {
                out.push_str(&format!(" (ron {ron})"));
            }
            match (s.payments.tsumo_dealer, s.payments.tsumo_others) {
                (Some(d), Some(o)) => out.push_str(&format!(" (tsumo {d}/{o})")),
                (None, Some(o)) => out.push_str(&format!(" (tsumo {o} all)")),
                _ => {}
            }
            out.push('\n');
        }
        Variant::Mcr
        | Variant::Chinese
        | Variant::Sichuan
        | Variant::HongKong
        | Variant::Guangdong
        | Variant::Wuhan => {
            if !s.meets_minimum {
                out.push_str(&format!("  {} fans (below the minimum)\n", s.total));
                return out;
            }
            let p = &s.payments;
            out.push_str(&format!("  {} fans: {} points", s.total, p.total));
            match (p.by_payer, p.ron, p.tsumo_others) {
                // Wuhan 开口番: each payer pays by its own doublings too.
                (Some([next, across, previous]), ..) => {
                    out.push_str(&format!(" (下家 {next}, 对家 {across}, 上家 {previous})"))
                }
                (None, Some(ron), _) if p.ron_others > 0 => {
                    out.push_str(&format!(" (discarder {ron}, the others {} each)", p.ron_others))
                }
                (None, Some(ron), _) => out.push_str(&format!(" (discarder {ron})")),
                (None, None, Some(each)) => out.push_str(&format!(" (self-drawn {each} each)")),
                (None, None, None) => {}
            }
            out.push('\n');
        }
    }
    out
}
