//! Per-call cost measured in thread CPU time (Linux `/proc/thread-self/schedstat`), best of
//! seven runs of 2^21 calls over 4096 fixed pseudo-random hands. On a shared, loaded machine
//! this is steadier than wall-clock criterion figures, because time spent descheduled is not
//! counted. Run: `cargo run --release -p hupai-core --example cpu_time [name]` (a name
//! prefix runs only those: `state` for the hand state, `xiangting` for the anchors).

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hupai_core::{Counts, FormSet, HandState, Kind};

#[path = "../benches/support/hands.rs"]
mod support;
use support::hands;

fn cpu_ns() -> u64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    text.split_whitespace().next().and_then(|x| x.parse().ok()).unwrap_or(0)
}

fn time<T>(name: &str, items: &[T], f: impl Fn(&T) -> u64) {
    const CALLS: usize = 1 << 21;
    let mut best = f64::MAX;
    for _ in 0..7 {
        let start = cpu_ns();
        let mut sum = 0u64;
        for _ in 0..CALLS / items.len() {
            for item in items {
                sum = sum.wrapping_add(f(std::hint::black_box(item)));
            }
        }
        std::hint::black_box(sum);
        best = best.min((cpu_ns() - start) as f64 / CALLS as f64);
    }
    println!("{name:40} {best:7.1} ns");
}

/// A named measurement on hand states: the states (with a kind to change) and the call.
type StateRun<'a> = (&'a str, &'a [(HandState, Kind)], Box<dyn Fn(&(HandState, Kind)) -> u64>);

/// A named measurement: the hands and the call.
type Run<'a> = (&'a str, &'a [Counts], Box<dyn Fn(&Counts) -> u64>);

fn main() {
    let only = std::env::args().nth(1).unwrap_or_default();
    let h14 = hands(14, 1);
    let h13 = hands(13, 2);
    let visible = Counts::EMPTY;
    let runs: Vec<Run> = vec![
        (
            "shanten/riichi/14",
            &h14,
            Box::new(|h| hupai_core::shanten(h, 0, FormSet::RIICHI) as u64),
        ),
        (
            "shanten/regular/14",
            &h14,
            Box::new(|h| hupai_core::shanten(h, 0, FormSet::REGULAR) as u64),
        ),
        ("shanten/mcr/14", &h14, Box::new(|h| hupai_core::shanten(h, 0, FormSet::MCR) as u64)),
        (
            "is_agari/riichi/14",
            &h14,
            Box::new(|h| hupai_core::is_agari(h, 0, FormSet::RIICHI) as u64),
        ),
        ("is_agari/mcr/14", &h14, Box::new(|h| hupai_core::is_agari(h, 0, FormSet::MCR) as u64)),
        ("waits/riichi/13", &h13, Box::new(|h| hupai_core::waits(h, 0, FormSet::RIICHI).bits())),
        ("ukeire/riichi/13", &h13, Box::new(|h| hupai_core::ukeire(h, 0, FormSet::RIICHI).bits())),
        (
            "ukeire/regular/13",
            &h13,
            Box::new(|h| hupai_core::ukeire(h, 0, FormSet::REGULAR).bits()),
        ),
        ("ukeire/mcr/13", &h13, Box::new(|h| hupai_core::ukeire(h, 0, FormSet::MCR).bits())),
        (
            "ukeire_count/riichi/13",
            &h13,
            Box::new(move |h| hupai_core::ukeire_count(h, 0, FormSet::RIICHI, &visible).1 as u64),
        ),
        (
            "discard_analysis/riichi/14",
            &h14,
            Box::new(move |h| {
                let table = hupai_core::discard_analysis(h, 0, 0, FormSet::RIICHI, &visible);
                table.as_slice()[0].count as u64
            }),
        ),
        (
            "xiangting/shanten/14",
            &h14,
            Box::new(|h| {
                xiangting::calculate_replacement_number(&h.0, xiangting::PlayerCount::Four)
                    .map_or(0, u64::from)
            }),
        ),
        (
            "xiangting/necessary_tiles/13",
            &h13,
            Box::new(|h| {
                xiangting::calculate_necessary_tiles(&h.0, xiangting::PlayerCount::Four)
                    .map_or(0, |(_, t)| t)
            }),
        ),
    ];
    for (name, set, f) in runs {
        if only.is_empty() || name.starts_with(&only) {
            time(name, set, f);
        }
    }
    // The hand state: 14-tile hands, each with its first kind held (to discard), and their
    // 13-tile hands after that discard, each with a kind to draw.
    let discards: Vec<(HandState, Kind)> = h14
        .iter()
        .filter_map(|h| Some((HandState::new(h, 0, FormSet::RIICHI).ok()?, h.tiles().next()?)))
        .collect();
    let draws: Vec<(HandState, Kind)> = discards
        .iter()
        .map(|(state, kind)| {
            let mut next = *state;
            let _ = next.remove(*kind);
            next.refresh();
            let draw = Kind::all().find(|&k| next.counts()[k] < 4).unwrap_or(*kind);
            (next, draw)
        })
        .collect();
    let mcr: Vec<(HandState, Kind)> = h14
        .iter()
        .filter_map(|h| Some((HandState::new(h, 0, FormSet::MCR).ok()?, h.tiles().next()?)))
        .collect();
    let state_runs: Vec<StateRun> = vec![
        (
            "state/shanten/riichi/after-draw",
            &draws,
            Box::new(|(state, kind)| {
                let mut next = *state;
                let _ = next.add(*kind);
                next.shanten() as u64
            }),
        ),
        (
            "state/shanten/riichi/after-discard",
            &discards,
            Box::new(|(state, kind)| {
                let mut next = *state;
                let _ = next.remove(*kind);
                next.shanten() as u64
            }),
        ),
        (
            "state/shanten/mcr/after-discard",
            &mcr,
            Box::new(|(state, kind)| {
                let mut next = *state;
                let _ = next.remove(*kind);
                next.shanten() as u64
            }),
        ),
        (
            "state/ukeire/mcr/after-discard",
            &mcr,
            Box::new(|(state, kind)| {
                let mut next = *state;
                let _ = next.remove(*kind);
                next.ukeire().bits()
            }),
        ),
        (
            "state/shanten/riichi/each-draw-of-13",
            &draws,
            Box::new(|(state, _)| state.shanten_after_each_draw().best().unwrap_or(0) as u64),
        ),
        (
            "state/shanten/riichi/each-discard-of-14",
            &discards,
            Box::new(|(state, _)| state.shanten_after_each_discard().best().unwrap_or(0) as u64),
        ),
        ("state/ukeire/riichi/kept", &draws, Box::new(|(state, _)| state.ukeire().bits())),
        (
            "state/ukeire/riichi/after-discard",
            &discards,
            Box::new(|(state, kind)| {
                let mut next = *state;
                let _ = next.remove(*kind);
                next.ukeire().bits()
            }),
        ),
        (
            "state/ukeire/riichi/new",
            &draws,
            Box::new(|(state, _)| {
                HandState::new(state.counts(), 0, FormSet::RIICHI).map_or(0, |s| s.ukeire().bits())
            }),
        ),
    ];
    for (name, set, f) in state_runs {
        if only.is_empty() || name.starts_with(&only) {
            time(name, set, f);
        }
    }
    // The anchor on the same 13-tile hands as the states after the discard.
    let after: Vec<Counts> = draws.iter().map(|(state, _)| *state.counts()).collect();
    if only.is_empty() || "xiangting/necessary_tiles/13-after-discard".starts_with(&only) {
        time("xiangting/necessary_tiles/13-after-discard", &after, |h| {
            xiangting::calculate_necessary_tiles(&h.0, xiangting::PlayerCount::Four)
                .map_or(0, |(_, t)| t)
        });
    }
}
