//! Review (复盘) of a finished game: for every decision of one player, what the player chose,
//! what the server's adviser ([`adviser`]: the `search` agent) would have chosen from the same
//! view, and both options' numbers.
//!
//! The decisions are read from the log by [`hupai_engine::taken`]: the views built from the
//! log's events as that player was shown them (following the player across MCR's
//! re-seating), the options from the view alone, and the player's choice from the events that
//! follow. The adviser is judged on exactly what the player knew. A call the player made that
//! a higher claim (another seat's win) overrode does not appear in any log, so it reads as a
//! pass.
//!
//! `search` searches at ready hands, and one tile from ready in the last six go-arounds (within
//! a work budget of about 5 ms a decision), and plays `defensive`'s choice elsewhere, so a
//! whole riichi half-game reviewed in 0.2 s at most and an MCR match in about 0.6 s before the
//! late decisions (the `advice` example; figures in `docs/protocol.md`): the review uses it at
//! every decision.
//!
//! ```
//! use hupai_engine::{play_match, Agent, Random, Setup};
//! use hupai_rules::Rules;
//! use hupai_server::analysis::review::review;
//! let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|i| Box::new(Random::new(i)) as Box<dyn Agent>).collect();
//! let mut setup = Setup::new(Rules::preset("riichi").unwrap(), 2);
//! setup.single_hand = true;
//! let log: String = play_match(setup, &mut agents).unwrap().iter().map(|e| e.to_json() + "\n").collect();
//! let r = review(&log, 1).unwrap();
//! assert!(r.total > 5);
//! assert!(r.total >= r.agreed);
//! assert_eq!(r.agent, "search");
//! assert!(review("{\"type\":\"dahai\"}", 0).is_err());
//! ```

use std::fmt;

use hupai_engine::replay::{parse_log, replay_events};
use hupai_engine::taken::{for_each_decision, DecisionsError};
use hupai_engine::{Action, Event};
use hupai_rules::Rules;
use serde::{Deserialize, Serialize};

use super::hints::{adviser, Hint, Suggestion, Weighed};

/// The most events a reviewed log may have.
pub const MAX_EVENTS: usize = 50_000;

/// Why a log cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// Not a log (a line that is no event), with the 1-based line.
    Parse(String),
    /// The log does not open with `start_game`, or names rules this server does not have.
    Rules(String),
    /// The log does not replay (its events do not follow from its seed).
    Replay(String),
    /// An event does not fit the player's view (a stream of another seat, a broken log).
    View {
        /// The 1-based line.
        line: usize,
        /// Why.
        why: String,
    },
    /// No such player, or the log hides the player's tiles.
    Player(String),
    /// Too many events.
    TooLong(usize),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Parse(e) => write!(f, "not a game log: {e}"),
            ReviewError::Rules(e) => write!(f, "the log's rules: {e}"),
            ReviewError::Replay(e) => write!(f, "the log does not replay: {e}"),
            ReviewError::View { line, why } => write!(f, "line {line}: {why}"),
            ReviewError::Player(e) => f.write_str(e),
            ReviewError::TooLong(n) => write!(f, "{n} events: at most {MAX_EVENTS}"),
        }
    }
}

impl std::error::Error for ReviewError {}

/// One option as a review shows it: the AI's numbers for it and the hand's plain facts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// The option.
    pub action: Action,
    /// The AI's numbers for it (`shanten`, `ukeire`, `danger`, `ev`, ...), when it weighed it.
    pub numbers: Vec<(String, f64)>,
    /// For a discard: shanten after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shanten: Option<i8>,
    /// For a discard: unseen copies of the effective tiles after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effective: Option<u32>,
    /// For a discard: the expected points lost by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loss: Option<f64>,
}

/// One decision of the player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reviewed {
    /// The decision number: the sequence number of the event that answered it (the
    /// decision was open after event `seq - 1`).
    pub seq: u64,
    /// How many options the player had.
    pub options: usize,
    /// What the player chose.
    pub chosen: Action,
    /// What the AI would have chosen.
    pub ai: Action,
    /// Whether they differ (then `numbers` holds both).
    pub differs: bool,
    /// The AI's reason.
    pub reason: String,
    /// When they differ: the player's choice and the AI's, judged.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub numbers: Vec<Judged>,
}

/// A player's whole game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// The player.
    pub player: usize,
    /// The agent that judged.
    pub agent: String,
    /// Decisions with more than one option.
    pub total: usize,
    /// Of which the AI would have chosen the same.
    pub agreed: usize,
    /// Every decision, in order.
    pub decisions: Vec<Reviewed>,
}

/// The rules a log names: its rule file when it carries one, else a preset (never a file:
/// an uploaded log does not get to read the server's disk).
pub fn rules_of(log: &[(usize, Event)]) -> Result<Rules, ReviewError> {
    let Some((_, Event::StartGame { rules, rule_set, .. })) = log.first() else {
        return Err(ReviewError::Rules("the log does not open with start_game".into()));
    };
    match rule_set {
        Some(text) => Rules::from_toml_str(text, "the log's rule set"),
        None => Rules::preset(if rules.is_empty() { "riichi" } else { rules }),
    }
    .map_err(|e| ReviewError::Rules(e.to_string()))
}

/// Reviews player `player`'s decisions in the log `text`.
pub fn review(text: &str, player: usize) -> Result<Review, ReviewError> {
    if player >= 4 {
        return Err(ReviewError::Player(format!("no player {player}: players are 0..=3")));
    }
    let log = parse_log(text).map_err(|e| ReviewError::Parse(e.to_string()))?;
    if log.len() > MAX_EVENTS {
        return Err(ReviewError::TooLong(log.len()));
    }
    let rules = rules_of(&log)?;
    let seats = rules.seats().count();
    if player >= seats {
        return Err(ReviewError::Player(format!(
            "no player {player}: the game seats {seats} players, 0..={}",
            seats - 1
        )));
    }
    if matches!(log.first(), Some((_, Event::StartGame { seed: Some(_), .. }))) {
        replay_events(&log, Some(rules.clone()), |_, _| {})
            .map_err(|e| ReviewError::Replay(e.to_string()))?;
    }
    let mut adviser = adviser(&rules);
    let mut decisions = Vec::new();
    for_each_decision(&log, player, &rules, |d| {
        if d.options.len() < 2 {
            return;
        }
        let ex: Suggestion = adviser.explain(d.view, d.options).into();
        let differs = ex.action != d.chosen;
        let numbers = if differs {
            let both = [d.chosen, ex.action];
            let pair: Suggestion = adviser.explain(d.view, &both).into();
            let facts = Hint::with_adviser(d.view, &[], &mut *adviser);
            both.iter().map(|&a| judged(a, &[&ex.candidates, &pair.candidates], &facts)).collect()
        } else {
            Vec::new()
        };
        decisions.push(Reviewed {
            seq: d.seq as u64,
            options: d.options.len(),
            chosen: d.chosen,
            ai: ex.action,
            differs,
            reason: ex.reason,
            numbers,
        });
    })
    .map_err(|e| match e {
        DecisionsError::View { line, error } => ReviewError::View { line, why: error.to_string() },
        e @ DecisionsError::Hidden { .. } => ReviewError::Player(e.to_string()),
        DecisionsError::NotAnOption { line, player, action } => ReviewError::View {
            line,
            why: format!("player {player} chose {action}, which was not an option"),
        },
    })?;
    let total = decisions.len();
    let agreed = decisions.iter().filter(|d| !d.differs).count();
    Ok(Review { player, agent: adviser.name().to_string(), total, agreed, decisions })
}

/// An option with the AI's numbers (from the first list that weighed it) and, for a discard,
/// the hand's facts after it.
fn judged(action: Action, lists: &[&Vec<Weighed>], facts: &Hint) -> Judged {
    let numbers = lists
        .iter()
        .find_map(|l| l.iter().find(|c| c.action == action))
        .map(|c| c.numbers.clone())
        .unwrap_or_default();
    let kind = action.discarded().and_then(|p| p.kind());
    let discard =
        kind.and_then(|k| facts.discards.iter().find(|d| d.pai.and_then(|p| p.kind()) == Some(k)));
    let loss =
        kind.and_then(|k| facts.danger.iter().find(|d| d.pai.kind() == Some(k))).map(|d| d.loss);
    Judged {
        action,
        numbers,
        shanten: discard.map(|d| d.shanten),
        effective: discard.map(|d| d.count),
        loss,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_ai::Defensive;
    use hupai_engine::{legal_options, Agent, Driver, PlayerView, Setup};

    /// A one-hand riichi game: player 0 plays `efficiency`, the others `defensive`; returns
    /// the log and player 0's answers with the views they were given.
    fn game(seed: u64) -> (String, Vec<(usize, PlayerView, Action)>) {
        let rules = Rules::preset("riichi").unwrap();
        let mut setup = Setup::new(rules.clone(), seed);
        setup.single_hand = true;
        let mut driver = Driver::new(setup);
        let mut me = hupai_ai::Efficiency::new(&rules);
        let mut others = Defensive::new(&rules);
        let mut mine = Vec::new();
        loop {
            let (p, d, action) = {
                let Some(prompt) = driver.prompts().next() else { break };
                let (p, d) = (prompt.player, prompt.decision);
                let action = if p == 0 {
                    let a = me.decide(prompt.view, prompt.options);
                    if prompt.options.len() > 1 {
                        mine.push((d, prompt.view.clone(), a));
                    }
                    a
                } else {
                    others.decide(prompt.view, prompt.options)
                };
                (p, d, action)
            };
            driver.answer(p, d, action).unwrap();
        }
        let log = driver.record().iter().map(|e| e.to_json() + "\n").collect();
        (log, mine)
    }

    #[test]
    fn the_ai_choice_is_the_agents_decision_on_the_same_view() {
        let rules = Rules::preset("riichi").unwrap();
        for seed in [1, 2, 3] {
            let (log, mine) = game(seed);
            let r = review(&log, 0).unwrap();
            // Every decision that shows in the log is reviewed, on the view the player had.
            let shown: Vec<_> = mine
                .iter()
                .filter(|(d, _, a)| {
                    r.decisions.iter().any(|x| x.seq == *d as u64 && x.chosen == *a)
                })
                .collect();
            assert!(shown.len() * 10 >= mine.len() * 9, "seed {seed}: decisions missed");
            for (d, view, chosen) in shown {
                let x = r.decisions.iter().find(|x| x.seq == *d as u64).unwrap();
                let options = legal_options(view);
                assert_eq!(x.ai, adviser(&rules).decide(view, &options), "seed {seed}");
                assert_eq!(x.chosen, *chosen);
                assert_eq!(x.differs, x.ai != x.chosen);
                if x.differs {
                    assert_eq!(x.numbers.len(), 2);
                }
            }
            assert_eq!(r.agreed, r.decisions.iter().filter(|d| !d.differs).count());
        }
    }

    #[test]
    fn bad_logs_get_a_reason() {
        let (log, _) = game(4);
        assert!(matches!(review(&log, 4), Err(ReviewError::Player(_))));
        assert!(matches!(review("not json", 0), Err(ReviewError::Parse(_))));
        let file = log.replacen("\"hupai_rules\":\"riichi\"", "\"hupai_rules\":\"/etc/passwd\"", 1);
        assert!(matches!(review(&file, 0), Err(ReviewError::Rules(_))));
        // A broken record: a discard changed.
        let mut broken: Vec<&str> = log.lines().take(5).collect();
        broken.push(r#"{"type":"dahai","actor":2,"pai":"1m","tsumogiri":false}"#);
        assert!(matches!(review(&broken.join("\n"), 0), Err(ReviewError::Replay(_))));
        // A seat's stream reviews its own seat only.
        let record: Vec<Event> = log.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let stream: String =
            hupai_engine::player_stream(&record, 2).map(|e| e.to_json() + "\n").collect();
        assert!(review(&stream, 2).is_ok());
        assert!(matches!(review(&stream, 1), Err(ReviewError::Player(_))));
    }
}
