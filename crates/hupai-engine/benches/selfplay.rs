//! Riichi hands per second with four random agents (no player views kept).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hupai_engine::{Agent, Event, Game, PlayerView, Random, Setup};
use hupai_rules::Rules;

/// Plays full riichi matches from consecutive seeds until `hands` hands are done; returns
/// the hands played.
fn play_hands(rules: &Rules, first_seed: u64, hands: u64) -> u64 {
    let view = PlayerView::default();
    let mut agents: Vec<Random> = (0..4).map(|i| Random::new(first_seed + i)).collect();
    let mut events: Vec<Event> = Vec::with_capacity(512);
    let mut done = 0;
    let mut seed = first_seed;
    while done < hands {
        let (mut game, _) = Game::new(Setup::new(rules.clone(), seed));
        while let Some(seat) = game.next_seat() {
            let action = agents[seat.index()].decide(&view, game.pending().options(seat));
            events.clear();
            game.apply_into(seat, action, &mut events).expect("legal");
        }
        done += u64::from(game.hands_played());
        seed += 1;
    }
    done
}

fn bench(c: &mut Criterion) {
    let rules = Rules::preset("riichi").expect("preset");
    let mut group = c.benchmark_group("selfplay");
    group.throughput(Throughput::Elements(100)); // about: a few hands more per run
    group.bench_function("riichi_100_hands_random", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 100;
            assert!(play_hands(&rules, seed, 100) >= 100);
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
