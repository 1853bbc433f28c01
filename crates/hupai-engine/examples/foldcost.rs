use hupai_core::Seat;
use hupai_engine::{Agent, Event, Game, PlayerView, Random, Setup};
use hupai_rules::Rules;
use std::sync::Arc;

fn main() {
    let rules = Rules::preset("riichi").expect("preset");
    let mode = std::env::args().nth(1).unwrap_or_default();
    let mut logs: Vec<Vec<Vec<Event>>> = Vec::new();
    for seed in 0..100u64 {
        let mut agents: Vec<Random> = (0..4).map(|i| Random::new(seed * 4 + i)).collect();
        let (mut game, mut log) = Game::new(Setup::new(rules.clone(), seed));
        while let Some(seat) = game.next_seat() {
            let action = agents[seat.index()].decide(game.view(seat), game.pending().options(seat));
            game.apply_into(seat, action, &mut log).expect("legal");
        }
        logs.push(Seat::ALL.iter().map(|&s| log.iter().map(|e| e.seen_by(s)).collect()).collect());
    }
    let rules = Arc::new(rules);
    let t = std::time::Instant::now();
    let mut n = 0usize;
    for _ in 0..10 {
        for l in &logs {
            if mode == "spectator" {
                let mut v = PlayerView::spectator(Arc::clone(&rules));
                for e in &l[0] { v.update(e).unwrap(); n += 1; }
            } else {
                for s in Seat::ALL {
                    let mut v = PlayerView::with_rules(s, Arc::clone(&rules));
                    for e in &l[s.index()] { v.update(e).unwrap(); n += 1; }
                }
            }
        }
    }
    eprintln!("{n} applies {:?}", t.elapsed());
}
