//! `hupai score`: score winning hands given as JSON lines.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use hupai_rules::{score, Family, Rules, Score, ScoreLine};
use serde_json::{json, Value};

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
    let mut rules_cache: HashMap<String, Rules> = HashMap::new();
    let mut failed = false;
    for line in crate::input::lines(args.file.as_deref())? {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match score_line(&line, &mut rules_cache) {
            Ok((rules, result)) if args.json => println!("{}", to_json(rules.family, &result)),
            Ok((rules, result)) => print!("{}", to_table(rules.family, &result)),
            Err(message) => {
                failed = true;
                if args.json {
                    println!("{}", json!({ "error": message }));
                } else {
                    eprintln!("error: {message}");
                }
            }
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn score_line(line: &str, cache: &mut HashMap<String, Rules>) -> Result<(Rules, Score), String> {
    let input: ScoreLine = serde_json::from_str(line).map_err(|e| e.to_string())?;
    if !cache.contains_key(&input.rules) {
        let rules = Rules::load(&input.rules).map_err(|e| e.to_string())?;
        cache.insert(input.rules.clone(), rules);
    }
    let rules = cache.get(&input.rules).cloned().ok_or("rules vanished")?;
    let (hand, ctx) = input.hand_and_context()?;
    let result = score(&rules, &hand, &ctx).map_err(|e| e.to_string())?;
    Ok((rules, result))
}

fn to_json(family: Family, s: &Score) -> Value {
    match family {
        Family::Riichi => {
            let p = &s.payments;
            let tsumo = match (p.tsumo_dealer, p.tsumo_others) {
                (None, None) => Value::Null,
                (dealer, others) => json!({"dealer": dealer, "others": others}),
            };
            json!({
                "han": s.total,
                "fu": s.fu,
                "limit": s.limit.map(|l| l.name()),
                "yaku": s.items.iter().map(|i| json!({
                    "id": i.id, "name": i.name, "ja": i.local_name, "han": i.value * i.count,
                })).collect::<Vec<_>>(),
                "points": {"total": p.total, "ron": p.ron, "tsumo": tsumo},
            })
        }
        Family::Mcr | Family::Chinese => json!({
            "total": s.total,
            "meets_minimum": s.meets_minimum,
            "fans": s.items.iter().map(|i| json!({
                "id": i.id, "name": i.name, "zh": i.local_name, "points": i.value, "count": i.count,
            })).collect::<Vec<_>>(),
        }),
    }
}

fn to_table(family: Family, s: &Score) -> String {
    let mut out = String::new();
    for i in &s.items {
        let count = if i.count > 1 { format!(" x{}", i.count) } else { String::new() };
        out.push_str(&format!("  {:>3}  {} {}{count}\n", i.value * i.count, i.name, i.local_name));
    }
    match family {
        Family::Riichi => {
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
        Family::Mcr | Family::Chinese => {
            let note = if s.meets_minimum { "" } else { " (below the minimum)" };
            out.push_str(&format!("  {} fans{note}\n", s.total));
        }
    }
    out
}
