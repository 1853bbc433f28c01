//! Decisions read back from a log: what a seat chose at a decision, from the events that
//! followed it. [`replay`](mod@crate::replay) re-applies a log with it, a review walks one player's
//! decisions with it ([`for_each_decision`]), and `hupai replay --decisions` lists them.
//!
//! A claim that a higher one overrode (a pon passed over for another seat's win) leaves no
//! trace in a log, so it reads as a pass.
//!
//! ```
//! use hupai_engine::taken::for_each_decision;
//! use hupai_engine::{play_match, replay::parse_log, Agent, Random, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|i| Box::new(Random::new(i)) as Box<dyn Agent>).collect();
//! let mut setup = Setup::new(rules.clone(), 2);
//! setup.single_hand = true;
//! let text: String = play_match(setup, &mut agents).unwrap().iter().map(|e| e.to_json() + "\n").collect();
//! let log = parse_log(&text).unwrap();
//! let mut n = 0;
//! for_each_decision(&log, 1, &rules, |d| {
//!     assert!(d.options.contains(&d.chosen));
//!     n += 1;
//! })
//! .unwrap();
//! assert!(n > 5);
//! ```

use std::fmt;
use std::sync::Arc;

use hupai_rules::Rules;

use crate::options::legal_options_into;
use crate::view::{Decision, PlayerView};
use crate::{Action, DrawReason, Event, ViewError};

/// The events that announce an answer and are not the answer itself (a kan's dora, the riichi
/// stick): they come between a decision and the event that answers it.
pub fn is_announcement(event: &Event) -> bool {
    matches!(event, Event::Dora { .. } | Event::ReachAccepted { .. })
}

/// What the view's seat chose at its open decision, read from the events after it (`rest`,
/// from the next one on); `None` when they do not say (the log ends, or another seat acted).
pub fn action_taken<'a, I>(view: &PlayerView, rest: I) -> Option<Action>
where
    I: IntoIterator<Item = &'a Event>,
    I::IntoIter: Clone,
{
    let me = view.seat;
    let mut next = rest.into_iter().filter(|e| !is_announcement(e));
    let first = next.clone().next()?;
    let kind = |p: Option<&crate::Pai>| p.and_then(|p| p.kind());
    match view.decision() {
        Decision::Turn { .. } => match first {
            Event::Dahai { actor, pai, tsumogiri } if *actor == me => {
                Some(Action::Discard { pai: *pai, tsumogiri: *tsumogiri })
            }
            Event::Reach { actor } if *actor == me => next.find_map(|e| match e {
                Event::Dahai { pai, tsumogiri, .. } => {
                    Some(Action::Riichi { pai: *pai, tsumogiri: *tsumogiri })
                }
                _ => None,
            }),
            Event::Hora { actor, target, .. } if *actor == me && *target == me => {
                Some(Action::Tsumo)
            }
            Event::Ankan { actor, consumed } if *actor == me => {
                kind(consumed.first()).map(Action::ClosedKan)
            }
            Event::Kakan { actor, pai, .. } if *actor == me => pai.kind().map(Action::AddedKan),
            Event::LoneKong { actor, pai } if *actor == me => pai.kind().map(Action::LoneKong),
            Event::Kita { actor, .. } if *actor == me => Some(Action::Kita),
            Event::Ryukyoku { reason: Some(DrawReason::NineTerminals), .. } => {
                Some(Action::NineTerminals)
            }
            _ => None,
        },
        Decision::Claim { .. } | Decision::Robbing { .. } | Decision::Kita { .. } => {
            for e in next {
                return Some(match e {
                    Event::Hora { actor, target, .. } if actor != target && *actor == me => {
                        Action::Ron
                    }
                    // Several wins on one tile: the others' come first or after.
                    Event::Hora { actor, target, .. } if actor != target => continue,
                    Event::Ryukyoku { reason: Some(DrawReason::TripleRon), .. } => Action::Ron,
                    Event::Pon { actor, consumed, .. } | Event::Chi { actor, consumed, .. }
                        if *actor == me =>
                    {
                        let [a, b] = consumed.as_slice() else { return None };
                        let pair = [*a, *b];
                        let call = if matches!(e, Event::Pon { .. }) {
                            Action::Pon(pair)
                        } else {
                            Action::Chi(pair)
                        };
                        call.canonical()
                    }
                    Event::Daiminkan { actor, .. } if *actor == me => Action::OpenKan,
                    _ => Action::Pass,
                });
            }
            Some(Action::Pass)
        }
        Decision::Void => {
            next.take_while(|e| matches!(e, Event::Void { .. })).find_map(|e| match e {
                Event::Void { actor, suit } if *actor == me => Some(Action::Void(*suit)),
                _ => None,
            })
        }
        Decision::Exchange => {
            next.take_while(|e| matches!(e, Event::Exchange { .. })).find_map(|e| match e {
                Event::Exchange { actor, pai, .. } if *actor == me => {
                    Some(Action::Exchange(*pai).canonical())
                }
                _ => None,
            })
        }
        Decision::None | Decision::RiichiDiscard => None,
    }
}

/// One decision a player took, as a log shows it.
#[derive(Clone, Copy, Debug)]
pub struct Decided<'a> {
    /// The index in the log of the first event after the decision opened (the event that
    /// answered it, or an announcement before that): the decision number a driver gave it.
    pub seq: usize,
    /// That event's line in the log file.
    pub line: usize,
    /// The player.
    pub player: usize,
    /// What the player knew: its view when it decided.
    pub view: &'a PlayerView,
    /// Its legal options.
    pub options: &'a [Action],
    /// What it chose (one of the options).
    pub chosen: Action,
}

/// Why a log's decisions cannot be read for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecisionsError {
    /// An event does not fit the player's view (a stream of another player, a broken log).
    View {
        /// The 1-based line.
        line: usize,
        /// Why.
        error: ViewError,
    },
    /// The log hides the player's own tiles (it is another player's stream).
    Hidden {
        /// The 1-based line of the deal.
        line: usize,
        /// The player.
        player: usize,
    },
    /// The log has the player choose something that was not one of its options.
    NotAnOption {
        /// The 1-based line of the event that shows the choice.
        line: usize,
        /// The player.
        player: usize,
        /// The choice.
        action: Action,
    },
}

impl fmt::Display for DecisionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecisionsError::View { line, error } => write!(f, "line {line}: {error}"),
            DecisionsError::Hidden { line, player } => write!(
                f,
                "line {line}: the log hides player {player}'s tiles (a stream of another seat)"
            ),
            DecisionsError::NotAnOption { line, player, action } => {
                write!(f, "line {line}: player {player} chose {action}, which was not an option")
            }
        }
    }
}

impl std::error::Error for DecisionsError {}

/// Calls `each` with every decision player `player` took in `log` (parsed lines: a full
/// record, or the player's own stream), in order: the view it decided on (built from the events
/// as the player was shown them, following it across MCR's re-seating), its legal options and
/// what it chose. Decisions the log does not show the answer of (the end of a log cut short)
/// are left out.
pub fn for_each_decision(
    log: &[(usize, Event)],
    player: usize,
    rules: &Rules,
    mut each: impl FnMut(&Decided<'_>),
) -> Result<(), DecisionsError> {
    let mut view = PlayerView::for_player(player, Arc::new(rules.clone()));
    let mut options = Vec::new();
    for (i, (line, event)) in log.iter().enumerate() {
        if let Event::StartKyoku { tehais, .. } = event {
            let seat = event.seat_of_player(player).unwrap_or(view.seat);
            if tehais[seat].iter().any(|p| p.is_hidden()) {
                return Err(DecisionsError::Hidden { line: *line, player });
            }
        }
        view.update_from_record(event)
            .map_err(|error| DecisionsError::View { line: *line, error })?;
        // Every seat names its void suit (or passes its tiles) at once: the decision opened
        // before the first of those events, not again after each.
        let same_decision = match view.decision() {
            Decision::Void => matches!(event, Event::Void { .. }),
            Decision::Exchange => matches!(event, Event::Exchange { .. }),
            Decision::None | Decision::RiichiDiscard => true,
            _ => false,
        };
        if is_announcement(event) || same_decision {
            continue;
        }
        legal_options_into(&view, &mut options);
        if options.is_empty() {
            continue;
        }
        let rest = &log[i + 1..];
        let Some(chosen) = action_taken(&view, rest.iter().map(|r| &r.1)) else { continue };
        let next = rest.first().map_or(*line + 1, |r| r.0);
        if !options.contains(&chosen) {
            return Err(DecisionsError::NotAnOption { line: next, player, action: chosen });
        }
        each(&Decided { seq: i + 1, line: next, player, view: &view, options: &options, chosen });
    }
    Ok(())
}
