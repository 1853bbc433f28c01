//! Playing a whole match with agents.

use hupai_core::Seat;

use crate::{Agent, Event, Game, PlayError, PlayerView, Setup};

/// Plays a match from `setup` with four agents (seat order); returns the log.
pub fn play_match(setup: Setup, agents: &mut [Box<dyn Agent>]) -> Result<Vec<Event>, PlayError> {
    play_match_with(setup, agents, |_, _| {})
}

/// As [`play_match`], calling `after` with the game and the new events after every action
/// (and once after the opening events).
pub fn play_match_with(
    setup: Setup,
    agents: &mut [Box<dyn Agent>],
    mut after: impl FnMut(&Game, &[Event]),
) -> Result<Vec<Event>, PlayError> {
    let (mut game, mut log) = Game::new(setup);
    let mut views: [PlayerView; 4] = std::array::from_fn(|s| PlayerView::new(Seat::ALL[s]));
    for e in &log {
        for v in views.iter_mut() {
            v.update(&e.for_seat(v.seat.index() as u8));
        }
    }
    after(&game, &log);
    while !game.is_over() {
        let Some(seat) = game.pending().seats().next() else { break };
        let options = game.pending().options(seat);
        let agent = agents.get_mut(seat.index()).ok_or(PlayError::NotYourTurn(seat))?;
        let action = agent.decide(&views[seat.index()], options);
        let start = log.len();
        game.apply_into(seat, action, &mut log)?;
        for e in &log[start..] {
            for v in views.iter_mut() {
                if e.has_hidden_tiles() {
                    v.update(&e.for_seat(v.seat.index() as u8));
                } else {
                    v.update(e);
                }
            }
        }
        after(&game, &log[start..]);
    }
    Ok(log)
}
