//! Riichi scoring speed over the committed reference fixture (20,000 winning hands, both
//! presets): the time to score one hand, each result checked against the reference first.
//!
//! Two measurements: wall-clock time (criterion's default), and the time the benchmark thread
//! spent on a CPU (`/proc/thread-self/schedstat`, Linux), which stays meaningful on a machine
//! whose cores are shared with other work.
//!
//! ```text
//! cargo bench -p hupai-rules --bench riichi
//! ```

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hupai_rules::{score, Rules, WinContext};

#[path = "../tests/riichi_case/mod.rs"]
mod riichi_case;

use riichi_case::{compare, fixture_path, read, rules_for};

/// Nanoseconds this thread has spent on a CPU (0 where the kernel does not say).
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

/// Criterion measurement: time on a CPU, in nanoseconds, formatted as durations.
struct CpuTime {
    wall: WallTime,
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = Duration;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }

    fn end(&self, start: u64) -> Duration {
        Duration::from_nanos(thread_cpu_ns().saturating_sub(start))
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

type Inputs<'a> = Vec<(&'a Rules, hupai_core::Hand, WinContext)>;

/// Scores every input once; the han, summed.
fn score_all(inputs: &Inputs) -> u32 {
    let mut han = 0u32;
    for (rules, hand, ctx) in inputs {
        if let Ok(s) = score(rules, black_box(hand), black_box(ctx)) {
            han += s.total;
        }
    }
    han
}

fn riichi_cpu(c: &mut Criterion<CpuTime>) {
    let cases = read(&fixture_path());
    let tenhou = rules_for("tenhou");
    let majsoul = rules_for("majsoul");
    let inputs: Inputs = cases
        .iter()
        .map(|case| {
            let rules = if case.preset == "majsoul" { &majsoul } else { &tenhou };
            (rules, case.hand, case.ctx.clone())
        })
        .collect();
    let mut group = c.benchmark_group("riichi_cpu");
    group.throughput(Throughput::Elements(inputs.len() as u64));
    group.bench_function("score_fixture", |b| b.iter(|| score_all(&inputs)));
    group.finish();
}

fn riichi(c: &mut Criterion) {
    let cases = read(&fixture_path());
    let tenhou = rules_for("tenhou");
    let majsoul = rules_for("majsoul");
    // The inputs, copied into one array in fixture order (the contexts' small indicator lists
    // allocated one after the other), as a caller scoring hands one by one would hold them.
    let inputs: Inputs = cases
        .iter()
        .map(|case| {
            let rules = if case.preset == "majsoul" { &majsoul } else { &tenhou };
            (rules, case.hand, case.ctx.clone())
        })
        .collect();
    for ((rules, hand, ctx), case) in inputs.iter().zip(&cases) {
        let s = score(rules, hand, ctx).expect("a winning hand");
        if let Err(why) = compare(case, &s) {
            panic!("line {}: {why}", case.line);
        }
    }
    let mut group = c.benchmark_group("riichi");
    group.throughput(Throughput::Elements(inputs.len() as u64));
    group.bench_function("score_fixture", |b| b.iter(|| score_all(&inputs)));
    group.finish();
    // One hand per iteration, to report a median per hand.
    let mut i = 0;
    c.bench_function("riichi/score_one_hand", |b| {
        b.iter(|| {
            let (rules, hand, ctx) = &inputs[i % inputs.len()];
            i += 1;
            score(rules, black_box(hand), black_box(ctx)).map(|s| s.total)
        })
    });
}

criterion_group!(benches, riichi);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(CpuTime { wall: WallTime });
    targets = riichi_cpu
}
criterion_main!(benches, cpu);
