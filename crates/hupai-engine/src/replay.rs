//! Replaying a log: re-applies every decision and checks that each event follows.
//!
//! The log's first line is `start_game` (rules and seed), the first `start_kyoku` gives the
//! starting scores and round. Decisions are read from the log (`dahai`, `reach` + `dahai`,
//! calls, kans, `hora`, a `nine_terminals` draw); seats that could claim a discard and did not
//! pass. Every event the engine produces must equal the next line. Walls come from the seed,
//! so games on stacked walls ([`crate::Setup::stacked_walls`]) do not replay.
//!
//! ```
//! use hupai_engine::{play_match, replay, Agent, Random, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|i| Box::new(Random::new(i)) as Box<dyn Agent>).collect();
//! let log = play_match(Setup::new(rules.clone(), 4), &mut agents).unwrap();
//! let text: String = log.iter().map(|e| e.to_json() + "\n").collect();
//! assert_eq!(replay(&text, None).unwrap(), log.len());
//! ```

use std::fmt;

use hupai_core::Seat;
use hupai_rules::Rules;

use crate::game::Phase;
use crate::taken::{action_taken, is_announcement};
use crate::{Action, Event, Game, RoundState, Setup};

/// Where and why a log does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 1-based line.
    pub line: usize,
    /// What does not follow.
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ReplayError {}

/// Parses a log (one JSON event per line; blank lines skipped).
pub fn parse_log(text: &str) -> Result<Vec<(usize, Event)>, ReplayError> {
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let e = serde_json::from_str(line)
            .map_err(|e| ReplayError { line: i + 1, message: format!("not an event: {e}") })?;
        events.push((i + 1, e));
    }
    Ok(events)
}

/// Replays `text`; `rules` overrides the rules named in `start_game`. Returns the number of
/// events checked.
pub fn replay(text: &str, rules: Option<Rules>) -> Result<usize, ReplayError> {
    replay_events(&parse_log(text)?, rules, |_, _| {})
}

/// Replays parsed events, calling `step` with each checked event and the game after it.
pub fn replay_events(
    log: &[(usize, Event)],
    rules: Option<Rules>,
    mut step: impl FnMut(&Game, &Event),
) -> Result<usize, ReplayError> {
    let fail = |line: usize, message: String| ReplayError { line, message };
    let Some((first_line, Event::StartGame { names, rules: name, seed, secret, rule_set, .. })) =
        log.first()
    else {
        return Err(fail(1, "the log does not open with start_game".into()));
    };
    let Some(seed) = seed else {
        return Err(fail(
            *first_line,
            "start_game has no seed: a seat's stream does not replay".into(),
        ));
    };
    let rules = match (rules, rule_set) {
        (Some(r), _) => r,
        (None, Some(text)) => Rules::from_toml_str(text, "the log's rule set")
            .map_err(|e| fail(*first_line, e.to_string()))?,
        (None, None) => Rules::load(name).map_err(|e| fail(*first_line, e.to_string()))?,
    };
    let mut setup = Setup::new(rules, *seed);
    setup.names = names.clone().into_array();
    if let Some(text) = secret {
        setup.secret = crate::commitment::parse_secret(text)
            .ok_or_else(|| fail(*first_line, format!("secret '{text}' is not 32 hex digits")))?;
    }
    if let Some((_, Event::StartKyoku { bakaze, kyoku, honba, kyotaku, scores, .. })) = log.get(1) {
        let round = bakaze.kind().and_then(Seat::from_wind).map_or(0, Seat::index) as u8;
        let dealer = Seat::from_index(kyoku.saturating_sub(1) as usize % 4).unwrap_or_default();
        setup.round = RoundState { round, dealer, honba: *honba, sticks: *kyotaku };
        setup.scores = scores.map(hupai_core::BySeat::into_array);
    }
    // A log of one hand is replayed as a one-hand game (a match that ended after its first
    // hand replays the same way).
    setup.single_hand =
        log.iter().filter(|(_, e)| matches!(e, Event::StartKyoku { .. })).count() == 1;
    let (mut game, opening) = Game::new(setup);
    let mut at = 0;
    let mut check = |game: &Game, produced: &[Event], at: &mut usize| -> Result<(), ReplayError> {
        for e in produced {
            let Some((line, want)) = log.get(*at) else {
                return Err(fail(
                    log.last().map_or(1, |l| l.0 + 1),
                    format!("the log ends, but the game goes on with {}", e.to_json()),
                ));
            };
            if want != e {
                return Err(fail(
                    *line,
                    format!("{} does not follow: expected {}", want.to_json(), e.to_json()),
                ));
            }
            step(game, e);
            *at += 1;
        }
        Ok(())
    };
    check(&game, &opening, &mut at)?;
    while !game.is_over() {
        let Some((line, next)) = log.get(at) else {
            return Err(fail(
                log.last().map_or(1, |l| l.0 + 1),
                "the log ends before the game".into(),
            ));
        };
        let decisions = decisions(&game, log, at).map_err(|m| fail(*line, m))?;
        let mut produced = Vec::new();
        for (seat, action) in decisions {
            game.apply_into(seat, action, &mut produced)
                .map_err(|e| fail(*line, format!("{}: {e}", next.type_name())))?;
        }
        check(&game, &produced, &mut at)?;
    }
    if let Some((line, e)) = log.get(at) {
        return Err(fail(*line, format!("{} after the end of the game", e.to_json())));
    }
    Ok(at)
}

/// The decisions that produce `log[at]` from the pending state: what each seat that must
/// decide took, read back from the events ([`crate::taken::action_taken`]). An event by a
/// seat that does not fit what the seat knows is reported as its view says why.
fn decisions(
    game: &Game,
    log: &[(usize, Event)],
    at: usize,
) -> Result<Vec<(Seat, Action)>, String> {
    let rest = || log[at..].iter().map(|r| &r.1);
    let pending: Vec<Seat> = game.pending().seats().collect();
    let Some(next) = rest().find(|e| !is_announcement(e)) else {
        return Ok(pending.iter().map(|&s| (s, Action::Pass)).collect());
    };
    if let Some(actor) = next.actor() {
        game.view(actor).check(next).map_err(|e| e.to_string())?;
    }
    let mut chosen = Vec::with_capacity(pending.len());
    for &seat in &pending {
        match action_taken(game.view(seat), rest()) {
            Some(action) => chosen.push((seat, action)),
            None => match game.phase {
                Phase::Turn { .. } => {
                    return Err(format!(
                        "{} does not follow: seat {} is to play",
                        next.to_json(),
                        seat.index()
                    ))
                }
                Phase::Void => {
                    return Err(format!("no void choice of seat {} follows", seat.index()))
                }
                Phase::Exchange => {
                    return Err(format!("no exchange of seat {} follows", seat.index()))
                }
                _ => chosen.push((seat, Action::Pass)),
            },
        }
    }
    if game.phase == Phase::Over {
        return Err("the game is over".into());
    }
    // Passes first, so the claim that resolves comes last.
    chosen.sort_by_key(|c| c.1 != Action::Pass);
    Ok(chosen)
}
