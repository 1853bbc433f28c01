//! Help for a seat's own decision, computed once for every client that shows it (the web
//! client's help panel through the server, the terminal's `--hints`, Python): shanten, the
//! waits or effective tiles with the copies still unseen, what each discard leaves, the AI's
//! suggestion with its reason, the danger of each tile in the hand and each opponent's threat.
//!
//! Everything comes from the seat's own [`PlayerView`] and options, never from the game: a
//! hint tells the seat nothing it could not work out from its own stream. Unseen copies are
//! counted as [`Situation`] counts them: the seat's own tiles, every river and meld, the dora
//! indicators and the joker indicator are seen, and a tile of the suit the seat voids (定缺)
//! helps nothing.
//!
//! ```
//! use hupai_ai::hint::Hint;
//! use hupai_engine::{Driver, Setup};
//! use hupai_rules::Rules;
//! let driver = Driver::new(Setup::new(Rules::preset("riichi").unwrap(), 7));
//! let prompt = driver.prompts().next().unwrap();
//! let hint = Hint::of(prompt.view, prompt.options);
//! assert!(!hint.discards.is_empty());
//! assert!(prompt.options.contains(&hint.suggestion.unwrap().action));
//! ```

use std::fmt;

use hupai_core::{discard_analysis, shanten_with_jokers, ukeire_with_jokers, Kind, KindSet};
use hupai_engine::{Action, Agent, Candidate, Explanation, Pai, PlayerView};
use serde::{Deserialize, Serialize};

use crate::danger::{expected_loss, threats, Danger, TableRead};
use crate::{Defensive, Situation};

/// A tile kind with the copies of it the seat cannot see (in the wall or other hands).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unseen {
    /// The kind, as a tile (never red).
    pub pai: Pai,
    /// Copies unseen.
    pub left: u32,
}

/// What one discard leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscardHint {
    /// The discarded kind (`None`: a joker).
    pub pai: Option<Pai>,
    /// Shanten after it.
    pub shanten: i8,
    /// The effective tiles after it, with the copies unseen.
    pub tiles: Vec<Unseen>,
    /// Their unseen copies in all.
    pub count: u32,
}

/// One option the AI weighed, with its numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weighed {
    /// The option, as the prompt lists it.
    pub action: Action,
    /// A short label (`5m`, `pon 5m`, `pass`).
    pub label: String,
    /// Named numbers (`shanten`, `ukeire`, `danger`, `ev`, ...).
    pub numbers: Vec<(String, f64)>,
}

impl fmt::Display for Weighed {
    /// `5m (shanten 1, ukeire 12, loss 0.250)`: whole numbers as such, others to three places.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Candidate::write_labelled(
            f,
            &self.label,
            self.numbers.iter().map(|(n, v)| (n.as_str(), *v)),
        )
    }
}

/// The AI's choice and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Suggestion {
    /// The agent.
    pub agent: String,
    /// Its choice (one of the options).
    pub action: Action,
    /// The reason in a few words.
    pub reason: String,
    /// The best candidates, best first.
    pub candidates: Vec<Weighed>,
}

impl Suggestion {
    /// The reason and the best three candidates on one line: `efficiency; 5m (...) > 9p (...)`.
    pub fn line(&self) -> String {
        let mut line = self.reason.clone();
        for (i, c) in self.candidates.iter().take(3).enumerate() {
            line += if i == 0 { "; " } else { " > " };
            line += &c.to_string();
        }
        line
    }
}

impl From<Explanation> for Suggestion {
    fn from(e: Explanation) -> Suggestion {
        Suggestion {
            agent: e.agent,
            action: e.action,
            reason: e.reason,
            candidates: e
                .candidates
                .into_iter()
                .map(|c| Weighed {
                    action: c.action,
                    label: c.label,
                    numbers: c.numbers.into_iter().map(|(n, v)| (n.to_string(), v)).collect(),
                })
                .collect(),
        }
    }
}

/// How dangerous one kind in the hand is to discard.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileDanger {
    /// The kind.
    pub pai: Pai,
    /// Expected points lost by discarding it (the AI's estimate over the three opponents).
    pub loss: f64,
    /// The highest chance that it deals in against an opponent that looks ready (0..1).
    pub deal_in: f64,
}

/// How threatening one opponent looks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThreatHint {
    /// The opponent's seat (0..4).
    pub seat: usize,
    /// The estimated chance that it is ready.
    pub ready: f64,
}

/// The help for one moment of one seat.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct Hint {
    /// Shanten of the hand (-1: complete, 0: ready).
    pub shanten: i8,
    /// With 3n + 1 tiles: the waits (when ready) or effective tiles, with copies unseen.
    pub waits: Vec<Unseen>,
    /// With 3n + 2 tiles: every distinct discard, best first.
    pub discards: Vec<DiscardHint>,
    /// The AI's choice among the options (when there is a decision).
    pub suggestion: Option<Suggestion>,
    /// The danger of each kind in the hand.
    pub danger: Vec<TileDanger>,
    /// The opponents' threat.
    pub threats: Vec<ThreatHint>,
}

/// Below this chance of being ready an opponent is not a threat worth a deal-in figure.
const THREAT: f32 = 0.2;

impl Hint {
    /// The help for `view` with its open `options` (empty when it has nothing to decide), the
    /// suggestion by the built-in `defensive` agent.
    pub fn of(view: &PlayerView, options: &[Action]) -> Hint {
        Hint::with_adviser(view, options, &mut Defensive::new(view.rules()))
    }

    /// As [`Hint::of`], the suggestion by `adviser`.
    pub fn with_adviser(view: &PlayerView, options: &[Action], adviser: &mut dyn Agent) -> Hint {
        let rules = view.rules();
        let counts = *view.counts();
        let jokers = view.jokers();
        let melds = view.own_melds().len() as u8;
        let forms = rules.form_set();
        let sit = Situation::new(view, rules);
        let unseen = |k: Kind| Unseen { pai: Pai::kind_of(k), left: sit.unseen(k) as u32 };
        let listed = |set: KindSet| set.iter().map(unseen).collect::<Vec<_>>();
        let mut hint =
            Hint { shanten: shanten_with_jokers(&counts, jokers, melds, forms), ..Hint::default() };
        if view.hand_len() == 0 {
            return hint;
        }
        if view.hand_len() % 3 == 2 {
            let table = discard_analysis(&counts, jokers, melds, forms, &sit.visible);
            hint.discards = table
                .as_slice()
                .iter()
                .map(|o| DiscardHint {
                    pai: o.discard.map(Pai::kind_of),
                    shanten: o.shanten,
                    tiles: listed(o.ukeire),
                    count: o.count,
                })
                .collect();
        } else {
            hint.waits = listed(ukeire_with_jokers(&counts, jokers, melds, forms));
        }
        if !options.is_empty() {
            hint.suggestion = Some(adviser.explain(view, options).into());
        }
        let threats = threats(view, &sit);
        hint.threats =
            threats.iter().map(|t| ThreatHint { seat: t.seat, ready: t.ready as f64 }).collect();
        let mut seen = sit.visible;
        for k in Kind::all() {
            seen[k] = (seen[k] + counts[k]).min(4);
        }
        let late = sit.late();
        for k in counts.kinds() {
            let deal_in = threats
                .iter()
                .filter(|t| t.ready >= THREAT)
                .map(|t| {
                    let read = TableRead { seen, genbutsu: t.genbutsu, read: t.read, late };
                    Danger::of(&read, k)
                })
                .fold(0.0f32, f32::max);
            hint.danger.push(TileDanger {
                pai: Pai::kind_of(k),
                loss: round(expected_loss(&sit, &threats, k) as f64),
                deal_in: round(deal_in as f64),
            });
        }
        hint
    }
}

/// Two decimals are all a panel shows, and the JSON stays short.
fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Seat;
    use hupai_engine::{Driver, Event, Setup};
    use hupai_rules::Rules;

    /// Plays a seeded hand under `preset` with the AI and checks every hint of every decision.
    fn hints_of_a_hand(preset: &str, seed: u64, mut check: impl FnMut(&Driver, usize, &Hint)) {
        let rules = Rules::preset(preset).unwrap();
        let mut setup = Setup::new(rules.clone(), seed);
        setup.single_hand = true;
        let mut driver = Driver::new(setup);
        let mut ai: Vec<Defensive> = (0..4).map(|_| Defensive::new(&rules)).collect();
        loop {
            let (p, d, hint) = {
                let Some(prompt) = driver.prompts().next() else { break };
                (prompt.player, prompt.decision, Hint::of(prompt.view, prompt.options))
            };
            check(&driver, p, &hint);
            let action = {
                let prompt = driver.prompt(p).unwrap();
                ai[p].decide(prompt.view, prompt.options)
            };
            driver.answer(p, d, action).unwrap();
        }
    }

    #[test]
    fn the_suggestion_is_the_agents_decision_and_an_option() {
        let rules = Rules::preset("riichi").unwrap();
        let mut n = 0;
        hints_of_a_hand("riichi", 3, |driver, p, hint| {
            let prompt = driver.prompt(p).unwrap();
            let s = hint.suggestion.as_ref().unwrap();
            assert!(prompt.options.contains(&s.action));
            assert_eq!(s.action, Defensive::new(&rules).decide(prompt.view, prompt.options));
            n += 1;
        });
        assert!(n > 20);
    }

    #[test]
    fn a_hint_is_a_function_of_the_view_alone() {
        // The same view, rebuilt from the seat's stream read back from JSON, gives the same
        // hint: nothing from the game (other hands, the wall) goes into it.
        let rules = Rules::preset("riichi").unwrap();
        hints_of_a_hand("riichi", 11, |driver, p, hint| {
            let mut view = PlayerView::new(Seat::ALL[p], &rules);
            for e in driver.stream(p, 0) {
                let read: Event = serde_json::from_str(&e.to_json()).unwrap();
                view.update(&read).unwrap();
            }
            let options = hupai_engine::legal_options(&view);
            assert_eq!(&Hint::of(&view, &options), hint);
        });
    }

    #[test]
    fn hints_never_name_a_tile_the_seat_cannot_see() {
        // Every kind a hint's danger lists is in the seat's own hand, and no count of unseen
        // copies is lower than what the seat's own view leaves unseen.
        hints_of_a_hand("riichi", 5, |driver, p, hint| {
            let view = driver.view_of(p);
            for d in &hint.danger {
                assert!(view.hand().iter().any(|h| h.kind() == d.pai.kind()));
            }
            for w in hint.discards.iter().flat_map(|d| &d.tiles).chain(&hint.waits) {
                assert!(w.left <= 4);
            }
            assert_eq!(hint.threats.len(), 3);
            assert!(hint.threats.iter().all(|t| t.seat != view.seat.index()));
        });
    }

    #[test]
    fn the_joker_indicator_and_the_void_suit_are_counted_as_seen() {
        // Under joker rules the turned-up indicator is one copy fewer in the wall; in Sichuan
        // a tile of the seat's void suit helps nothing. Every unseen count agrees with a count
        // made here from the view's own parts.
        let mut checked = 0;
        for preset in ["laizi", "wuhan", "sichuan"] {
            hints_of_a_hand(preset, 2, |driver, p, hint| {
                let view = driver.view_of(p);
                let void = view.voids[view.seat.index()];
                for w in hint.discards.iter().flat_map(|d| &d.tiles).chain(&hint.waits) {
                    let k = w.pai.kind().unwrap();
                    let mut seen = usize::from(view.counts()[k]);
                    for s in Seat::ALL {
                        seen += view.river(s).filter(|r| r.pai.kind() == Some(k)).count();
                        let melded = view.melds[s.index()].iter().flat_map(|m| m.tiles());
                        seen += melded.filter(|t| t.kind() == Some(k)).count();
                    }
                    let markers = view.dora_markers.iter().chain(&view.joker_marker);
                    seen += markers.filter(|t| t.kind() == Some(k)).count();
                    let want = if void == Some(k.suit()) { 0 } else { 4 - seen.min(4) };
                    assert_eq!(w.left as usize, want, "{preset}: {k} for seat {p}");
                    checked += 1;
                }
            });
        }
        assert!(checked > 100, "{checked} counts checked");
    }
}
