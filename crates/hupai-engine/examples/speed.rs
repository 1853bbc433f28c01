//! Riichi hands per second of CPU time with four random agents (the benchmark's loop, timed
//! by this thread's CPU clock from `/proc/self/schedstat` on Linux, so other processes on a
//! busy machine do not distort it). Run: `cargo run --release -p hupai-engine --example speed`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hupai_engine::{Agent, Event, Game, Random, Setup};
use hupai_rules::Rules;

fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let rules = Rules::preset("riichi").expect("preset");
    let mut events: Vec<Event> = Vec::with_capacity(512);
    let (cpu0, wall0) = (cpu_ns(), std::time::Instant::now());
    let (mut hands, mut actions) = (0u64, 0u64);
    let seeds: u64 = std::env::var("SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(2000);
    for seed in 0..seeds {
        let mut agents: Vec<Random> = (0..4).map(|i| Random::new(seed * 4 + i)).collect();
        let (mut game, _) = Game::new(Setup::new(rules.clone(), seed));
        while let Some(seat) = game.next_seat() {
            let action = agents[seat.index()].decide(game.view(seat), game.pending().options(seat));
            events.clear();
            game.apply_into(seat, action, &mut events).expect("legal");
            actions += 1;
        }
        hands += u64::from(game.hands_played());
    }
    let wall = wall0.elapsed().as_secs_f64();
    let cpu = match (cpu0, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e9,
        _ => wall,
    };
    println!(
        "{hands} hands, {actions} actions: {:.0} hands/s of CPU time ({cpu:.2} s), {:.0} hands/s of wall time ({wall:.2} s)",
        hands as f64 / cpu,
        hands as f64 / wall
    );
}
