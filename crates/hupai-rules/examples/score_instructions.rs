//! A fixed scoring workload, for counting instructions with cachegrind (steadier than timings
//! on a shared machine) and for profiles: every hand of the committed reference fixtures
//! (`tests/data/mcr_fixture.tsv`, 24,000 MCR hands; `tests/data/riichi_score.jsonl`, 20,000
//! riichi hands, both presets), scored `REPEATS` times (default 1), each result checked once
//! against the reference's total.
//!
//! ```text
//! cargo build --release -p hupai-rules --example score_instructions
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/score_instructions mcr 1
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/score_instructions mcr 3
//! target/release/examples/score_instructions riichi 20
//! ```
//!
//! The difference of cachegrind's two counts over twice the fixture's hands is the count per
//! hand scored (reading the fixture and the check cancel out). `none` only reads and checks
//! both fixtures. It prints the thread's CPU time per hand scored.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;

use hupai_core::{Hand, Kind, Seat};
use hupai_rules::{score, Rules, WinContext};

#[path = "../tests/riichi_case/mod.rs"]
mod riichi_case;

const MCR_FIXTURE: &str = include_str!("../tests/data/mcr_fixture.tsv");

/// MCR hands, situations and the reference's totals (flowers included).
fn mcr_cases() -> Vec<(Hand, WinContext, u32)> {
    MCR_FIXTURE
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let hand: Hand = f[0].parse().expect("hand");
            let win: Kind = f[1].parse().expect("win tile");
            let self_drawn = f[2].contains('s');
            let mut ctx = WinContext::new(win, self_drawn);
            ctx.fourth_tile = f[2].contains('4');
            ctx.replacement = self_drawn && f[2].contains('k');
            ctx.robbing_kong = !self_drawn && f[2].contains('k');
            ctx.last_tile = f[2].contains('l');
            ctx.seat_wind = Seat::from_index(f[3].parse().expect("seat")).expect("seat");
            ctx.round_wind = Seat::from_index(f[4].parse().expect("round")).expect("round");
            ctx.flowers = f[5].parse().expect("flowers");
            let total = f[6]
                .split(',')
                .map(|item| {
                    let (name, count) = item.split_once('*').expect("fan");
                    let count: u32 = count.parse().expect("count");
                    let fan = hupai_rules::mcr::Fan::ALL
                        .into_iter()
                        .find(|f| f.zh() == name)
                        .expect("known fan");
                    fan.points() * count
                })
                .sum();
            (hand, ctx, total)
        })
        .collect()
}

fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_default();
    let repeats: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let mcr = Rules::preset("mcr").expect("preset");
    let (tenhou, majsoul) = (riichi_case::rules_for("tenhou"), riichi_case::rules_for("majsoul"));
    let mut inputs: Vec<(&Rules, Hand, WinContext, u32)> = Vec::new();
    if what == "mcr" || what == "none" {
        inputs.extend(mcr_cases().into_iter().map(|(h, c, t)| (&mcr, h, c, t)));
    }
    if what == "riichi" || what == "none" {
        for case in riichi_case::read(&riichi_case::fixture_path()) {
            let rules = if case.preset == "majsoul" { &majsoul } else { &tenhou };
            inputs.push((rules, case.hand, case.ctx.clone(), case.han));
        }
    }
    for (rules, hand, ctx, total) in &inputs {
        let s = score(rules, hand, ctx).expect("a winning hand");
        assert_eq!(s.total, *total, "{hand}");
    }
    if what == "none" {
        return;
    }
    let start = thread_cpu_ns();
    let mut sum = 0u64;
    for _ in 0..repeats {
        for (rules, hand, ctx, _) in &inputs {
            if let Ok(s) = score(rules, black_box(hand), black_box(ctx)) {
                sum += u64::from(s.total);
            }
        }
    }
    let hands = (inputs.len() * repeats) as f64;
    let per_hand = (thread_cpu_ns() - start) as f64 / hands;
    println!("{what}: {hands} hands scored, {per_hand:.0} ns of CPU per hand (sum {sum})");
}
