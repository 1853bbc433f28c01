//! Shared helpers for the engine tests.
#![allow(dead_code)]

use hupai_core::Seat;
use hupai_engine::{Action, Agent, Event, Game, PlayerView, Random, Setup};
use hupai_rules::Rules;

/// Plays with random agents, checking every invariant after every action; returns the log
/// and the number of actions.
pub fn play_checked(rules: &Rules, seed: u64, max_actions: usize) -> (Vec<Event>, usize) {
    let (mut game, mut log) = Game::new(Setup::new(rules.clone(), seed));
    let total = game.total_points();
    game.check_invariants(total).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let mut agents: Vec<Random> = (0..4).map(|i| Random::new(seed * 4 + i)).collect();
    let view = PlayerView::default();
    let mut actions = 0;
    while !game.is_over() && actions < max_actions {
        let seat = game.pending().seats().next().expect("someone decides");
        let options = game.pending().options(seat);
        assert!(!options.is_empty());
        let action = agents[seat.index()].decide(&view, options);
        let before = game.clone();
        let events = game.apply(seat, action).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        actions += 1;
        if let Err(e) = game.check_invariants(total) {
            panic!("seed {seed} after {action:?} by {seat:?}: {e}\nbefore: {before:?}\nevents: {events:?}");
        }
        log.extend(events);
    }
    (log, actions)
}

/// Every preset.
pub fn presets() -> Vec<Rules> {
    Rules::preset_names().map(|n| Rules::preset(n).expect("preset")).collect()
}

/// Applies an action and unwraps, for scenario tests.
pub fn act(game: &mut Game, seat: Seat, action: Action) -> Vec<Event> {
    game.apply(seat, action).unwrap_or_else(|e| panic!("{action:?} by {seat:?}: {e}"))
}
