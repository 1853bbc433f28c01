//! Riichi scoring speed over the committed reference fixture (20,000 winning hands, both
//! presets): the time to score one hand, each result checked against the reference first.
//!
//! ```text
//! cargo bench -p hupai-rules --bench riichi
//! ```

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hupai_rules::score;

#[path = "../tests/riichi_case/mod.rs"]
mod riichi_case;

use riichi_case::{compare, fixture_path, read, rules_for};

fn riichi(c: &mut Criterion) {
    let cases = read(&fixture_path());
    let tenhou = rules_for("tenhou");
    let majsoul = rules_for("majsoul");
    // The inputs, copied into one array in fixture order (the contexts' small indicator lists
    // allocated one after the other), as a caller scoring hands one by one would hold them.
    let inputs: Vec<_> = cases
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
    group.bench_function("score_fixture", |b| {
        b.iter(|| {
            let mut han = 0u32;
            for (rules, hand, ctx) in &inputs {
                if let Ok(s) = score(rules, black_box(hand), black_box(ctx)) {
                    han += s.total;
                }
            }
            han
        })
    });
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
criterion_main!(benches);
