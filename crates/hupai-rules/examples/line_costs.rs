//! Where the time of a `hupai score` line goes: reading the JSON line (and through
//! `serde_json`, which the plain reader spares), parsing the hand text,
//! scoring, writing the answer, each stage timed on its own over every line of a file of score
//! lines (`crates/hupai-py/bench_lines.py write DIR` makes `DIR/mcr.jsonl` and
//! `DIR/riichi.jsonl`), in CPU time of the thread, best of `ROUNDS` rounds (default 5).
//!
//! ```text
//! cargo run --release -p hupai-rules --example line_costs -- DIR/mcr.jsonl [ROUNDS]
//! ```

// A measuring program, not library code: a failed setup should stop it at once.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;

use hupai_core::Hand;
use hupai_rules::{score, RulesCache, ScoreLine};

fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

/// Times each stage runs in a round: the scheduler's clock moves in ticks of a few
/// milliseconds, so a round must last many ticks.
const REPEATS: usize = 10;

/// Nanoseconds per item of `f` over `n` items, best of `rounds` rounds of [`REPEATS`] runs.
fn best(rounds: usize, n: usize, mut f: impl FnMut()) -> f64 {
    (0..rounds)
        .map(|_| {
            let start = thread_cpu_ns();
            for _ in 0..REPEATS {
                f();
            }
            (thread_cpu_ns() - start) as f64 / (REPEATS * n) as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file of score lines");
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let text = std::fs::read_to_string(&path).expect("readable");
    let raw: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let lines: Vec<ScoreLine> = raw.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    for (text, line) in raw.iter().zip(&lines) {
        assert_eq!(ScoreLine::read_plain_json(text).as_ref(), Some(line), "{text}");
    }
    let mut cache = RulesCache::default();
    let rules = cache.get(&lines[0].rules).unwrap().clone();
    let hands: Vec<Hand> = lines.iter().map(|l| l.parse_hand().unwrap()).collect();
    let scores: Vec<_> =
        hands.iter().zip(&lines).filter_map(|(h, l)| score(&rules, h, &l.context).ok()).collect();
    let n = raw.len();
    let serde = best(rounds, n, || {
        for l in &raw {
            black_box(serde_json::from_str::<ScoreLine>(l).unwrap());
        }
    });
    let read = best(rounds, n, || {
        for l in &raw {
            black_box(ScoreLine::read_plain_json(l).unwrap());
        }
    });
    let parse = best(rounds, n, || {
        for l in &lines {
            black_box(l.parse_hand().unwrap());
        }
    });
    let scored = best(rounds, n, || {
        for (h, l) in hands.iter().zip(&lines) {
            let _ = black_box(score(&rules, black_box(h), &l.context));
        }
    });
    let mut out = Vec::with_capacity(1 << 20);
    let write = best(rounds, scores.len(), || {
        out.clear();
        for s in &scores {
            s.write_json(&mut out);
            out.push(b'\n');
        }
        black_box(&out);
    });
    let whole = best(rounds, n, || {
        for l in &raw {
            let line = ScoreLine::read_plain_json(l).unwrap();
            if let Ok(s) = line.score(&mut cache) {
                out.clear();
                s.write_json(&mut out);
            }
        }
    });
    println!(
        "{path}: {n} lines ({} scored), ns per line: read JSON {read:.0} (serde_json {serde:.0}), \
         parse hand {parse:.0}, \
         score {scored:.0}, write answer {write:.0}; all together {whole:.0}",
        scores.len()
    );
}
