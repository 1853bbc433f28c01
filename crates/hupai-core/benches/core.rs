//! Criterion benchmarks of the hot paths, one call per iteration over fixed pseudo-random
//! hands (uniform draws from the 136-tile wall), each checked against the reference first.
//!
//! Run: `cargo bench -p hupai-core --bench core`. Figures go to `BENCHMARKS.md`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use hupai_core::{reference, Counts, FormSet, Kind};

#[path = "support/hands.rs"]
mod support;
use support::{hands, Rng, HANDS};

/// `HANDS` ready hands of 13 tiles: four random melds and a pair, minus one random tile.
fn ready_hands(seed: u64) -> Vec<Counts> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < HANDS {
        let mut counts = Counts::EMPTY;
        for block in 0..5 {
            let k = (rng.next() % 34) as usize;
            if block == 4 {
                counts.0[k] += 2;
            } else if k < 27 && k % 9 <= 6 && rng.next() % 2 == 0 {
                (k..k + 3).for_each(|i| counts.0[i] += 1);
            } else {
                counts.0[k] += 3;
            }
        }
        if counts.0.iter().any(|&c| c > 4) {
            continue;
        }
        let drop = counts.tiles().nth((rng.next() % 14) as usize);
        if let Some(kind) = drop {
            counts.remove(kind);
            out.push(counts);
        }
    }
    out
}

/// Times `f` over the hands, one hand per iteration, each result passed to `black_box`. The
/// loop is our own (`iter_custom`) so that the hand index lives in a register: with
/// `Bencher::iter` it is a captured variable, stored and reloaded every call, which adds a
/// few nanoseconds of harness to every figure.
fn bench<T>(c: &mut Criterion, name: &str, hands: &[Counts], f: impl FnMut(&Counts) -> T) {
    bench_items(c, name, hands, f);
}

/// Times `f` over `items` (hands, hand states), one per iteration (as [`bench`]).
fn bench_items<I, T>(c: &mut Criterion, name: &str, items: &[I], mut f: impl FnMut(&I) -> T) {
    assert_eq!(items.len(), HANDS);
    c.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let start = std::time::Instant::now();
            for i in 0..iters as usize {
                black_box(f(black_box(&items[i & (HANDS - 1)])));
            }
            start.elapsed()
        })
    });
}

fn to_counts(c: &Counts) -> [u8; 34] {
    c.0
}

fn benches(c: &mut Criterion) {
    let h14 = hands(14, 1);
    let h13 = hands(13, 2);
    let ready = ready_hands(3);

    // Check every result against the reference before timing anything.
    for (set, forms) in [(&h14, FormSet::RIICHI), (&h14, FormSet::MCR), (&h13, FormSet::RIICHI)] {
        for h in set.iter() {
            assert_eq!(hupai_core::shanten(h, 0, forms), reference::shanten(h, 0, forms), "{h}");
            assert_eq!(hupai_core::is_agari(h, 0, forms), reference::is_agari(h, 0, forms), "{h}");
        }
    }
    for h in &ready {
        assert_eq!(hupai_core::shanten(h, 0, FormSet::RIICHI), 0, "{h}");
    }
    for h in h13.iter().take(512).chain(ready.iter().take(512)) {
        assert_eq!(
            hupai_core::ukeire(h, 0, FormSet::RIICHI),
            reference::ukeire(h, 0, FormSet::RIICHI)
        );
        assert_eq!(
            hupai_core::waits(h, 0, FormSet::RIICHI),
            reference::waits(h, 0, FormSet::RIICHI)
        );
    }
    // The xiangting crate agrees on every hand (its replacement number is shanten + 1).
    for h in h14.iter().chain(h13.iter()) {
        let x =
            xiangting::calculate_replacement_number(&to_counts(h), xiangting::PlayerCount::Four);
        assert_eq!(
            x.ok().map(|x| x as i8 - 1),
            Some(hupai_core::shanten(h, 0, FormSet::RIICHI)),
            "{h}"
        );
    }

    bench(c, "shanten/riichi/14", &h14, |h| hupai_core::shanten(h, 0, FormSet::RIICHI));
    bench(c, "shanten/regular/14", &h14, |h| hupai_core::shanten(h, 0, FormSet::REGULAR));
    bench(c, "shanten/mcr/14", &h14, |h| hupai_core::shanten(h, 0, FormSet::MCR));
    bench(c, "is_agari/riichi/14", &h14, |h| hupai_core::is_agari(h, 0, FormSet::RIICHI));
    bench(c, "is_agari/mcr/14", &h14, |h| hupai_core::is_agari(h, 0, FormSet::MCR));
    bench(c, "waits/riichi/13", &h13, |h| hupai_core::waits(h, 0, FormSet::RIICHI));
    bench(c, "waits/riichi/13-ready", &ready, |h| hupai_core::waits(h, 0, FormSet::RIICHI));
    bench(c, "ukeire/riichi/13", &h13, |h| hupai_core::ukeire(h, 0, FormSet::RIICHI));
    bench(c, "ukeire/mcr/13", &h13, |h| hupai_core::ukeire(h, 0, FormSet::MCR));
    let visible = Counts::EMPTY;
    bench(c, "ukeire_count/riichi/13", &h13, |h| {
        hupai_core::ukeire_count(h, 0, FormSet::RIICHI, &visible)
    });
    // The discard table's best option agrees with the reference on every hand checked.
    for h in h14.iter().take(256) {
        let table = hupai_core::discard_analysis(h, 0, 0, FormSet::RIICHI, &Counts::EMPTY);
        let best = table.as_slice()[0];
        let mut after = *h;
        after.remove(best.discard.expect("no jokers"));
        assert_eq!(best.shanten, reference::shanten(&after, 0, FormSet::RIICHI), "{h}");
        assert_eq!(best.ukeire, reference::ukeire(&after, 0, FormSet::RIICHI), "{h}");
    }
    bench(c, "discard_analysis/riichi/14", &h14, |h| {
        hupai_core::discard_analysis(h, 0, 0, FormSet::RIICHI, &visible)
    });
    // The hand state: one tile changed on a copy of a refreshed state, then the answer.
    let draws = state_changes(&h13, true, 4);
    let discards = state_changes(&h14, false, 5);
    let after_discard: Vec<Counts> = discards
        .iter()
        .map(|(state, kind)| {
            let mut counts = *state.counts();
            counts.remove(*kind);
            counts
        })
        .collect();
    for (i, (state, kind)) in draws.iter().chain(&discards).enumerate() {
        let mut next = *state;
        if i < HANDS {
            next.add(*kind).expect("a valid draw");
        } else {
            next.remove(*kind).expect("a held kind");
        }
        let counts = next.counts();
        assert_eq!(next.shanten(), reference::shanten(counts, 0, FormSet::RIICHI), "{counts}");
        if i % 8 == 0 {
            assert_eq!(next.ukeire(), reference::ukeire(counts, 0, FormSet::RIICHI), "{counts}");
        }
    }
    bench_items(c, "state/shanten/riichi/after-draw", &draws, |(state, kind)| {
        let mut next = *state;
        let _ = next.add(*kind);
        next.shanten()
    });
    bench_items(c, "state/shanten/riichi/after-discard", &discards, |(state, kind)| {
        let mut next = *state;
        let _ = next.remove(*kind);
        next.shanten()
    });
    // Every draw of a 13-tile hand (34 answers a call) and every discard of a 14-tile hand
    // (one answer per kind held, 11 on average here).
    let states13: Vec<hupai_core::HandState> = draws.iter().map(|(s, _)| *s).collect();
    let states14: Vec<hupai_core::HandState> = discards.iter().map(|(s, _)| *s).collect();
    for state in states13.iter().chain(&states14).take(512) {
        let (draws, discards) =
            (state.shanten_after_each_draw(), state.shanten_after_each_discard());
        for kind in Kind::all() {
            let mut next = *state;
            assert_eq!(draws.get(kind), next.add(kind).ok().map(|()| next.shanten()));
            let mut next = *state;
            assert_eq!(discards.get(kind), next.remove(kind).ok().map(|()| next.shanten()));
        }
    }
    bench_items(c, "state/shanten/riichi/each-draw-of-13", &states13, |state| {
        state.shanten_after_each_draw()
    });
    bench_items(c, "state/shanten/riichi/each-discard-of-14", &states14, |state| {
        state.shanten_after_each_discard()
    });
    bench_items(c, "state/ukeire/riichi/kept", &states13, |state| state.ukeire());
    bench_items(c, "state/ukeire/riichi/after-discard", &discards, |(state, kind)| {
        let mut next = *state;
        let _ = next.remove(*kind);
        next.ukeire()
    });
    bench(c, "state/ukeire/riichi/new", &after_discard, |h| {
        hupai_core::HandState::new(h, 0, FormSet::RIICHI).map(|s| s.ukeire())
    });
    bench(c, "xiangting/necessary_tiles/13-after-discard", &after_discard, |h| {
        xiangting::calculate_necessary_tiles(&h.0, xiangting::PlayerCount::Four)
    });
    bench(c, "xiangting/shanten/14", &h14, |h| {
        xiangting::calculate_replacement_number(&h.0, xiangting::PlayerCount::Four)
    });
    bench(c, "xiangting/necessary_tiles/13", &h13, |h| {
        xiangting::calculate_necessary_tiles(&h.0, xiangting::PlayerCount::Four)
    });
}

/// For each hand, its refreshed state and a one-tile change drawn at random: a kind to add
/// (`draw`: one with fewer than four copies) or a held kind to remove. The states of the
/// discards are those of the hands before the discard.
fn state_changes(hands: &[Counts], draw: bool, seed: u64) -> Vec<(hupai_core::HandState, Kind)> {
    let mut rng = Rng(seed);
    hands
        .iter()
        .map(|h| {
            let state = hupai_core::HandState::new(h, 0, FormSet::RIICHI).expect("a valid hand");
            loop {
                let kind = Kind::new((rng.next() % 34) as u8).expect("a kind");
                if (draw && h[kind] < 4) || (!draw && h[kind] > 0) {
                    return (state, kind);
                }
            }
        })
        .collect()
}

criterion_group! {
    name = core;
    config = Criterion::default().warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(core);
