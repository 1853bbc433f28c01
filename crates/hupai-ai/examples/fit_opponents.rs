//! Fits the learned reads of the opponents from self-play, or measures them on other games.
//!
//! ```text
//! cargo run --release -p hupai-ai --example fit_opponents -- fit --rules riichi --hands 20000 --seed 1 --out crates/hupai-ai/data/opponents-riichi.json
//! cargo run --release -p hupai-ai --example fit_opponents -- calibrate --rules riichi --hands 2000 --seed 9001
//! ```
//!
//! Options: `--agents A,B,C,D` (default four `defensive(reads=written)`, the play the
//! shipped models were fitted on), `--sample P` (the chance a decision is recorded, default
//! 1), `--negatives P` (the chance a kind the opponent does not win on is kept when fitting,
//! default 1), `--model FILE` (calibrate a file instead of the shipped model).

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::ExitCode;
use std::time::Instant;

use hupai_ai::reads::calibration::report;
use hupai_ai::reads::fit::fit_reads;
use hupai_ai::reads::samples::{collect, Collect};
use hupai_ai::reads::{family_key, Reads};
use hupai_ai::search::opponents::OpponentModel;
use hupai_ai::AgentSpec;
use hupai_rules::Rules;

struct Args {
    command: String,
    rules: String,
    hands: u32,
    seed: u64,
    agents: Option<String>,
    sample: f32,
    negatives: f32,
    out: Option<String>,
    model: Option<String>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        command: args.first().cloned().ok_or("usage: fit_opponents fit|calibrate --rules R ...")?,
        rules: "riichi".into(),
        hands: 1000,
        seed: 1,
        agents: None,
        sample: 1.0,
        negatives: 1.0,
        out: None,
        model: None,
    };
    let mut it = args[1..].iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = |what: &str| format!("{flag}: '{value}' is not {what}");
        match flag.as_str() {
            "--rules" => a.rules = value.clone(),
            "--hands" => a.hands = value.parse().map_err(|_| num("a count"))?,
            "--seed" => a.seed = value.parse().map_err(|_| num("a seed"))?,
            "--agents" => a.agents = Some(value.clone()),
            "--sample" => a.sample = value.parse().map_err(|_| num("a chance"))?,
            "--negatives" => a.negatives = value.parse().map_err(|_| num("a chance"))?,
            "--out" => a.out = Some(value.clone()),
            "--model" => a.model = Some(value.clone()),
            other => return Err(format!("unknown option {other}")),
        }
    }
    for (name, p) in [("--sample", a.sample), ("--negatives", a.negatives)] {
        if !(p > 0.0 && p <= 1.0) {
            return Err(format!("{name} must be in (0, 1], not {p}"));
        }
    }
    Ok(a)
}

fn run(raw: &[String]) -> Result<(), String> {
    let a = parse(raw)?;
    let rules = Rules::load(&a.rules).map_err(|e| e.to_string())?;
    let mut how = Collect::new(rules.clone(), a.hands, a.seed);
    how.sample = a.sample;
    if let Some(list) = &a.agents {
        let specs = AgentSpec::parse_list(list).map_err(|e| e.to_string())?;
        how.agents = specs.try_into().map_err(|_| "--agents needs four agents".to_string())?;
    }
    let started = Instant::now();
    match a.command.as_str() {
        "fit" => {
            how.negatives = a.negatives;
            let samples = collect(&how).map_err(|e| e.to_string())?;
            eprintln!(
                "collected {} opponent and {} kind reads in {:.0?} ({} wins on kinds read as safe)",
                samples.opponents.len(),
                samples.kinds.len(),
                started.elapsed(),
                samples.safe_wins
            );
            let command = format!(
                "cargo run --release -p hupai-ai --example fit_opponents -- {}",
                raw.join(" ")
            );
            let reads = fit_reads(&samples, family_key(&rules), &command);
            eprintln!("fitted in {:.0?}", started.elapsed());
            let json = reads.to_json();
            match &a.out {
                Some(path) => {
                    std::fs::write(path, json + "\n").map_err(|e| format!("{path}: {e}"))?
                }
                None => println!("{json}"),
            }
        }
        "calibrate" => {
            how.every_opponent = true;
            let reads = match &a.model {
                Some(path) => {
                    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                    std::sync::Arc::new(
                        Reads::from_json(&text).map_err(|e| format!("{path}: {e}"))?,
                    )
                }
                None => Reads::for_rules(&rules)
                    .ok_or_else(|| format!("no shipped model for {}", family_key(&rules)))?,
            };
            let samples = collect(&how).map_err(|e| e.to_string())?;
            eprintln!("collected in {:.0?}", started.elapsed());
            println!("## {} (held-out: seed {}, {} hands)\n", a.rules, a.seed, a.hands);
            println!("{}", report(&samples, &reads, OpponentModel::written_rates(&rules)));
        }
        other => return Err(format!("unknown command '{other}': use fit or calibrate")),
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fit_opponents: {e}");
            ExitCode::FAILURE
        }
    }
}
