//! MCR scoring speed: every hand of the committed fixture (24,000 reference hands), scored one
//! at a time in turn. The figure is per hand; see BENCHMARKS.md.
//!
//! `mcr/score_per_hand` is wall time (criterion's default). `mcr/score_per_hand_cpu` measures the
//! thread's on-CPU time (Linux `/proc/thread-self/schedstat`), which a busy shared machine
//! disturbs far less (flat sampling keeps every sample long against the scheduler's
//! accounting granularity); elsewhere it falls back to wall time.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::time::Instant;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, Criterion};

/// On-CPU time of the current thread in nanoseconds, from the scheduler's statistics.
struct ThreadCpu;

static WALL: WallTime = WallTime;

fn cpu_now() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

impl Measurement for ThreadCpu {
    type Intermediate = (Option<u64>, Instant);
    type Value = f64;

    fn start(&self) -> Self::Intermediate {
        (cpu_now(), Instant::now())
    }

    fn end(&self, (cpu, wall): Self::Intermediate) -> f64 {
        match (cpu, cpu_now()) {
            (Some(a), Some(b)) => b.saturating_sub(a) as f64,
            _ => wall.elapsed().as_nanos() as f64,
        }
    }

    fn add(&self, a: &f64, b: &f64) -> f64 {
        a + b
    }

    fn zero(&self) -> f64 {
        0.0
    }

    fn to_f64(&self, value: &f64) -> f64 {
        *value
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}
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
    run(c, "score_per_hand", false);
}

fn bench_cpu(c: &mut Criterion<ThreadCpu>) {
    run(c, "score_per_hand_cpu", true);
}

fn run<M: Measurement + 'static>(c: &mut Criterion<M>, name: &str, flat: bool) {
    let rules = Rules::preset("mcr").expect("preset");
    let cases = cases();
    // The bench asserts its result: every hand scores the reference's total.
    for (hand, ctx, total) in &cases {
        let s = score(&rules, hand, ctx).expect("winning hand");
        assert_eq!(s.total, *total, "{hand}");
    }
    let mut i = 0;
    let mut group = c.benchmark_group("mcr");
    if flat {
        group.sampling_mode(criterion::SamplingMode::Flat);
    }
    group.bench_function(name, |b| {
        b.iter(|| {
            let (hand, ctx, _) = &cases[i];
            i += 1;
            if i == cases.len() {
                i = 0;
            }
            score(black_box(&rules), black_box(hand), black_box(ctx)).map(|s| s.total)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_group! {
    name = cpu;
    config = Criterion::default()
        .with_measurement(ThreadCpu)
        .measurement_time(std::time::Duration::from_secs(20));
    targets = bench_cpu
}
criterion_main!(benches, cpu);
