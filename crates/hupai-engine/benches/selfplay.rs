//! Riichi hands per second with four random agents (the game keeps every seat's view).

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hupai_engine::{Agent, Event, Game, Random, Setup};
use hupai_rules::Rules;

/// Plays the full riichi matches of `seeds`; returns the hands played.
fn play_matches(rules: &Rules, seeds: std::ops::Range<u64>) -> u64 {
    let mut events: Vec<Event> = Vec::with_capacity(512);
    let mut hands = 0;
    for seed in seeds {
        let mut agents: Vec<Random> = (0..4).map(|i| Random::new(seed * 4 + i)).collect();
        let (mut game, _) = Game::new(Setup::new(rules.clone(), seed));
        while let Some(seat) = game.next_seat() {
            let action = agents[seat.index()].decide(game.view(seat), game.pending().options(seat));
            events.clear();
            game.apply_into(seat, action, &mut events).expect("legal");
        }
        hands += u64::from(game.hands_played());
    }
    hands
}

fn bench(c: &mut Criterion) {
    let rules = Rules::preset("riichi").expect("preset");
    // The same ten seeded matches every iteration: a fixed number of hands.
    let hands = play_matches(&rules, 0..10);
    let mut group = c.benchmark_group("selfplay");
    group.throughput(Throughput::Elements(hands));
    group.bench_function("riichi_10_matches_random", |b| {
        b.iter(|| assert_eq!(play_matches(&rules, 0..10), hands))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
