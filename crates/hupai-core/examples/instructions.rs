//! A fixed workload for counting instructions and simulated branch mispredictions with
//! cachegrind, steadier than timings on a shared machine. Each routine runs over the same
//! 4,096 hands as `benches/core.rs`, 25 times (the discard table once per 14-tile hand):
//!
//! ```text
//! cargo build --release -p hupai-core --example instructions
//! valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
//!     target/release/examples/instructions ukeire
//! ```
//!
//! Subtract the run with `none` (hand generation) and divide by 102,400 calls. Routines:
//! `ukeire`, `regular` (ukeire, regular form only), `count` (ukeire_count), `shanten`,
//! `waits`, `discard`; the hand state after a discard from a copy of a 14-tile hand's state:
//! `state-shanten`, `state-ukeire` (subtract `state`: the copies and discards alone).

use hupai_core::{Counts, FormSet};

#[path = "../benches/support/hands.rs"]
mod support;
use support::hands;

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    let h13 = hands(13, 2);
    let h14 = hands(14, 1);
    let mut sum = 0u64;
    // The hand state: a copy of each 14-tile hand's state with one held kind discarded.
    let states: Vec<(hupai_core::HandState, hupai_core::Kind)> = h14
        .iter()
        .filter_map(|h| {
            let state = hupai_core::HandState::new(h, 0, FormSet::RIICHI).ok()?;
            Some((state, h.tiles().next()?))
        })
        .collect();
    if what.starts_with("state") {
        for _ in 0..25 {
            for (state, kind) in &states {
                let mut next = *std::hint::black_box(state);
                let _ = next.remove(*kind);
                sum += match what.as_str() {
                    "state-shanten" => shanten_after_discard(state, *kind) as u64,
                    "state-ukeire" => ukeire_of(&next),
                    _ => 0,
                };
            }
        }
    }
    for _ in 0..25 {
        for h in &h13 {
            let h = std::hint::black_box(h);
            sum += match what.as_str() {
                "ukeire" => hupai_core::ukeire(h, 0, FormSet::RIICHI).bits(),
                "regular" => hupai_core::ukeire(h, 0, FormSet::REGULAR).bits(),
                "count" => hupai_core::ukeire_count(h, 0, FormSet::RIICHI, &Counts::EMPTY).1 as u64,
                "shanten" => hupai_core::shanten(h, 0, FormSet::RIICHI) as u64,
                "waits" => hupai_core::waits(h, 0, FormSet::RIICHI).bits(),
                _ => 0,
            };
        }
    }
    if what == "discard" {
        for h in &h14 {
            sum += hupai_core::discard_analysis(
                std::hint::black_box(h),
                0,
                0,
                FormSet::RIICHI,
                &Counts::EMPTY,
            )
            .len() as u64;
        }
    }
    println!("{sum}");
}

/// For reading the code of one change and one answer (`objdump -d`).
#[inline(never)]
pub fn shanten_after_discard(state: &hupai_core::HandState, kind: hupai_core::Kind) -> i8 {
    let mut next = *state;
    let _ = next.remove(kind);
    next.shanten()
}

/// For reading the code of effective tiles (`objdump -d`).
#[inline(never)]
pub fn ukeire_of(state: &hupai_core::HandState) -> u64 {
    state.ukeire().bits()
}
