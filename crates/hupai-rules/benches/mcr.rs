//! MCR scoring speed: every hand of the committed fixture (24,000 reference hands), scored one
//! at a time in turn. The figure is per hand; see BENCHMARKS.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use hupai_core::{Hand, Kind, Seat};
use hupai_rules::{score, Rules, WinContext};

const FIXTURE: &str = include_str!("../tests/data/mcr_fixture.tsv");

/// Hands, situations and the reference's totals (flowers included).
fn cases() -> Vec<(Hand, WinContext, u32)> {
    FIXTURE
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

fn bench(c: &mut Criterion) {
    let rules = Rules::preset("mcr").expect("preset");
    let cases = cases();
    // The bench asserts its result: every hand scores the reference's total.
    for (hand, ctx, total) in &cases {
        let s = score(&rules, hand, ctx).expect("winning hand");
        assert_eq!(s.total, *total, "{hand}");
    }
    let mut i = 0;
    c.bench_function("mcr_score_per_hand", |b| {
        b.iter(|| {
            let (hand, ctx, _) = &cases[i];
            i += 1;
            if i == cases.len() {
                i = 0;
            }
            score(black_box(&rules), black_box(hand), black_box(ctx)).map(|s| s.total)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
