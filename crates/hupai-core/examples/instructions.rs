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
//! `waits`, `discard`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hupai_core::{Counts, FormSet};

#[path = "../benches/support/hands.rs"]
mod support;
use support::hands;

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    let h13 = hands(13, 2);
    let h14 = hands(14, 1);
    let mut sum = 0u64;
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
