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
//! `waits`, `discard`, and the anchor `xiangting-necessary` (the `xiangting` crate's necessary
//! tiles). The hand state (subtract `state-none` instead, which also builds the
//! states): `state-shanten-after-discard` (a copy of a 14-tile hand's state, one discard,
//! shanten), `state-each-draw` (the shanten after each of the 34 draws of a kept 13-tile
//! state), `state-ukeire-kept`, `state-ukeire-after-discard`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hupai_core::{Counts, FormSet, HandState, Kind};

/// A hand-state workload: one call on a state and a kind.
type StateWork = fn(&(HandState, Kind)) -> u64;

#[path = "../benches/support/hands.rs"]
mod support;
use support::hands;

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    let h13 = hands(13, 2);
    let h14 = hands(14, 1);
    let mut sum = 0u64;
    // The hand state: each 14-tile hand's state with its first kind held (to discard), and
    // the refreshed state of the 13-tile hand after that discard.
    let discards: Vec<(HandState, Kind)> = h14
        .iter()
        .filter_map(|h| Some((HandState::new(h, 0, FormSet::RIICHI).ok()?, h.tiles().next()?)))
        .collect();
    let kept: Vec<(HandState, Kind)> = discards
        .iter()
        .map(|&(state, kind)| {
            let mut next = state;
            let _ = next.remove(kind);
            next.refresh();
            (next, kind)
        })
        .collect();
    // One call per state, through a function pointer so that every workload has the same
    // loop (`state-none` measures it).
    let state_work: Option<(&[(HandState, Kind)], StateWork)> = match what.as_str() {
        "state-none" => Some((&discards, |_| 0)),
        "state-shanten-after-discard" => Some((&discards, |(state, kind)| {
            let mut next = *state;
            let _ = next.remove(*kind);
            next.shanten() as u64
        })),
        "state-each-draw" => {
            Some((&kept, |(state, _)| state.shanten_after_each_draw().best().unwrap_or(0) as u64))
        }
        "state-ukeire-kept" => Some((&kept, |(state, _)| state.ukeire().bits())),
        "state-ukeire-after-discard" => Some((&discards, |(state, kind)| {
            let mut next = *state;
            let _ = next.remove(*kind);
            next.ukeire().bits()
        })),
        _ => None,
    };
    if let Some((states, work)) = state_work {
        for _ in 0..25 {
            for item in states {
                sum += work(std::hint::black_box(item));
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
                "xiangting-necessary" => {
                    xiangting::calculate_necessary_tiles(&h.0, xiangting::PlayerCount::Four)
                        .map_or(0, |(_, t)| t)
                }
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
