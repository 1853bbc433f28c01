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

use hupai_core::{Kind, Seat, Tile};
use hupai_rules::Rules;

use crate::game::Phase;
use crate::{Action, Event, Game, Pai, RoundState, Setup};

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
    let Some((first_line, Event::StartGame { names, rules: name, seed })) = log.first() else {
        return Err(fail(1, "the log does not open with start_game".into()));
    };
    let rules = match rules {
        Some(r) => r,
        None => Rules::load(name).map_err(|e| fail(*first_line, e.to_string()))?,
    };
    let mut setup = Setup::new(rules, *seed);
    setup.names = names.clone();
    if let Some((_, Event::StartKyoku { bakaze, kyoku, honba, kyotaku, scores, .. })) = log.get(1) {
        let round = bakaze.kind().map_or(0, |k| k.index().saturating_sub(27)) as u8;
        let dealer = Seat::from_index(kyoku.saturating_sub(1) as usize % 4).unwrap_or_default();
        setup.round = RoundState { round, dealer, honba: *honba, sticks: *kyotaku };
        setup.scores = Some(*scores);
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
                .map_err(|e| fail(*line, format!("{}: {e}", describe(next))))?;
        }
        check(&game, &produced, &mut at)?;
    }
    if let Some((line, e)) = log.get(at) {
        return Err(fail(*line, format!("{} after the end of the game", e.to_json())));
    }
    Ok(at)
}

fn describe(e: &Event) -> String {
    e.to_json().split('"').nth(3).unwrap_or("event").to_string()
}

fn pass_all(pending: &[Seat]) -> Vec<(Seat, Action)> {
    pending.iter().map(|&s| (s, Action::Pass)).collect()
}

/// The decisions that produce `log[at]` from the pending state.
fn decisions(
    game: &Game,
    log: &[(usize, Event)],
    at: usize,
) -> Result<Vec<(Seat, Action)>, String> {
    // The riichi stick and a pending kan dora come before the decision they follow.
    let mut at = at;
    while let Some((_, Event::ReachAccepted { .. } | Event::Dora { .. })) = log.get(at) {
        at += 1;
    }
    let Some((_, next)) = log.get(at) else {
        return Ok(pass_all(&game.pending().seats().collect::<Vec<_>>()));
    };
    let reds = game.rules.red_fives;
    let pending: Vec<Seat> = game.pending().seats().collect();
    let seat_of = |a: u8| Seat::from_index(a as usize).ok_or(format!("no seat {a}"));
    let hand = |s: Seat| &game.player(s).hand;
    let find = |s: Seat, pai: Pai| hand(s).iter().copied().find(|&t| pai.matches(t, reds));
    let missing = |what: &str, s: Seat, pai: Pai| {
        format!("{what} of {pai} by seat {}, which does not hold {pai}", s.index())
    };
    match game.phase {
        Phase::Turn { seat, .. } => {
            let drawn = game.player(seat).drawn;
            let pick = |pai: Pai, tsumogiri: bool| -> Option<Tile> {
                if tsumogiri {
                    drawn.filter(|&t| pai.matches(t, reds))
                } else {
                    hand(seat)
                        .iter()
                        .copied()
                        .find(|&t| pai.matches(t, reds) && Some(t) != drawn)
                        .or_else(|| drawn.filter(|&t| pai.matches(t, reds)))
                }
            };
            let action = match next {
                Event::Dahai { actor, pai, tsumogiri } => {
                    let s = seat_of(*actor)?;
                    if s != seat {
                        return Err(format!(
                            "dahai by seat {}, but seat {} is to play",
                            s.index(),
                            seat.index()
                        ));
                    }
                    Action::Discard(
                        pick(*pai, *tsumogiri).ok_or_else(|| missing("dahai", s, *pai))?,
                    )
                }
                Event::Reach { actor } => {
                    let s = seat_of(*actor)?;
                    let Some((_, Event::Dahai { pai, tsumogiri, .. })) = log.get(at + 1) else {
                        return Err("reach without a following dahai".into());
                    };
                    if s != seat {
                        return Err(format!(
                            "reach by seat {}, but seat {} is to play",
                            s.index(),
                            seat.index()
                        ));
                    }
                    Action::Riichi(pick(*pai, *tsumogiri).ok_or_else(|| missing("dahai", s, *pai))?)
                }
                Event::Hora { actor, target, .. } if actor == target => Action::Tsumo,
                Event::Ankan { consumed, .. } => {
                    Action::ClosedKan(consumed.first().and_then(|p| p.kind()).unwrap_or_default())
                }
                Event::Kakan { actor, pai, .. } => {
                    let s = seat_of(*actor)?;
                    Action::AddedKan(find(s, *pai).ok_or_else(|| missing("kakan", s, *pai))?)
                }
                Event::Ryukyoku { reason, .. } if reason == "nine_terminals" => {
                    Action::NineTerminals
                }
                other => {
                    return Err(format!(
                        "{} does not follow: seat {} is to play",
                        other.to_json(),
                        seat.index()
                    ))
                }
            };
            Ok(vec![(seat, action)])
        }
        Phase::Claims { .. } | Phase::Robbing { .. } => {
            let mut chosen: Vec<(Seat, Action)> = Vec::new();
            match next {
                Event::Hora { .. } => {
                    for (_, e) in &log[at..] {
                        match e {
                            Event::Hora { actor, target, .. } if actor != target => {
                                chosen.push((seat_of(*actor)?, Action::Ron));
                            }
                            _ => break,
                        }
                    }
                }
                Event::Ryukyoku { reason, .. } if reason == "triple_ron" => {
                    for &s in &pending {
                        chosen.push((s, Action::Ron));
                    }
                }
                Event::Pon { actor, consumed, .. } | Event::Chi { actor, consumed, .. } => {
                    let s = seat_of(*actor)?;
                    let mut tiles = [Tile::new(Kind::default(), 0); 2];
                    let mut used: Vec<Tile> = Vec::new();
                    for (slot, &pai) in tiles.iter_mut().zip(consumed) {
                        *slot = hand(s)
                            .iter()
                            .copied()
                            .find(|&t| pai.matches(t, reds) && !used.contains(&t))
                            .ok_or_else(|| missing(describe(next).as_str(), s, pai))?;
                        used.push(*slot);
                    }
                    let action = if matches!(next, Event::Pon { .. }) {
                        Action::Pon(tiles)
                    } else {
                        Action::Chi(tiles)
                    };
                    chosen.push((s, action));
                }
                Event::Daiminkan { actor, .. } => chosen.push((seat_of(*actor)?, Action::OpenKan)),
                _ => {}
            }
            let mut out = chosen.clone();
            for &s in &pending {
                if !chosen.iter().any(|c| c.0 == s) {
                    out.push((s, Action::Pass));
                }
            }
            // Passes first, so the claim that resolves comes last.
            out.sort_by_key(|c| c.1 != Action::Pass);
            Ok(out)
        }
        Phase::Over => Err("the game is over".into()),
    }
}
