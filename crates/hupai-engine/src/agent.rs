//! Agents: whatever sits in a seat and picks one of the legal options from what the seat may
//! know. hupai-ai's players, external mjai bots and the two baselines here all implement
//! [`Agent`]; the match driver asks them.
//!
//! Writing one takes a name and a decision:
//!
//! ```
//! use hupai_engine::{play_match, Action, Agent, PlayerView, Setup};
//! use hupai_rules::Rules;
//!
//! /// Wins when it can, else discards its first option.
//! struct Greedy;
//!
//! impl Agent for Greedy {
//!     fn name(&self) -> &str {
//!         "greedy"
//!     }
//!     fn decide(&mut self, _view: &PlayerView, options: &[Action]) -> Action {
//!         let win = options.iter().find(|a| matches!(a, Action::Tsumo | Action::Ron));
//!         *win.unwrap_or(&options[0])
//!     }
//! }
//!
//! let mut setup = Setup::new(Rules::preset("riichi").unwrap(), 7);
//! setup.single_hand = true;
//! let mut agents: [Box<dyn Agent>; 4] = std::array::from_fn(|_| Box::new(Greedy) as Box<dyn Agent>);
//! let record = play_match(setup, &mut agents).unwrap();
//! assert_eq!(record.last().unwrap().type_name(), "end_game");
//! ```

use std::fmt;

use crate::{Action, Event, PlayerView, SplitMix64};

/// One option an agent weighed, with the numbers that ranked it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The option.
    pub action: Action,
    /// A short label (`5m`, `pon 5m`, `pass`).
    pub label: String,
    /// Named numbers (`shanten`, `ukeire`, `danger`, `ev`, ...), in the order they ranked.
    pub numbers: Vec<(&'static str, f64)>,
}

impl Candidate {
    /// Writes `label (name value, ...)`, as a candidate shows: whole numbers as such, others to
    /// three places (`5m (shanten 1, ukeire 12, loss 0.250)`).
    pub fn write_labelled<'a>(
        f: &mut fmt::Formatter<'_>,
        label: &str,
        numbers: impl IntoIterator<Item = (&'a str, f64)>,
    ) -> fmt::Result {
        f.write_str(label)?;
        let mut any = false;
        for (i, (name, v)) in numbers.into_iter().enumerate() {
            any = true;
            let sep = if i == 0 { " (" } else { ", " };
            if v.fract() == 0.0 && v.abs() < 1e9 {
                write!(f, "{sep}{name} {}", v as i64)?;
            } else {
                write!(f, "{sep}{name} {v:.3}")?;
            }
        }
        if any {
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Candidate::write_labelled(f, &self.label, self.numbers.iter().copied())
    }
}

/// Why an agent chose what it chose: the decision, a one-line reason, the top candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The agent's name.
    pub agent: String,
    /// The decision.
    pub action: Action,
    /// The reason in a few words (`push: ready, 8 tiles`, `fold against seat 2's riichi`).
    pub reason: String,
    /// The best candidates, best first (at most five).
    pub candidates: Vec<Candidate>,
}

impl fmt::Display for Explanation {
    /// One line: `defensive: discard 5m — efficiency; 5m (...) > 9p (...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} — {}", self.agent, self.action, self.reason)?;
        for (i, c) in self.candidates.iter().enumerate() {
            let sep = if i == 0 { "; " } else { " > " };
            write!(f, "{sep}{c}")?;
        }
        Ok(())
    }
}

/// Answers an agent gave that the seat could not use, counted per agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    /// Answers that were not legal options (or not readable at all).
    pub illegal: u32,
    /// Decisions not answered in time.
    pub timeouts: u32,
    /// Whether the agent stopped answering for good (an external process that died).
    pub gone: bool,
}

/// A player: given its view and the legal options (never empty), it picks one.
pub trait Agent: Send {
    /// The agent's name (`efficiency`, `defensive`, `mjai:...`).
    fn name(&self) -> &str;

    /// Picks one of `options`.
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action;

    /// Picks one of `options` and says why. The default keeps no reasons.
    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        let action = self.decide(view, options);
        Explanation {
            agent: self.name().to_string(),
            action,
            reason: "no reasons kept".into(),
            candidates: Vec::new(),
        }
    }

    /// Whether the agent wants its seat's stream ([`Agent::observe`]); agents that read only
    /// the view say no and are spared the copies.
    fn observes(&self) -> bool {
        false
    }

    /// Takes one event of the seat's stream, as the seat is shown it, before any decision it
    /// leads to (only when [`Agent::observes`]). External bots forward it.
    fn observe(&mut self, event: &Event) {
        let _ = event;
    }

    /// What went wrong with its answers so far (external bots).
    fn faults(&self) -> Faults {
        Faults::default()
    }
}

/// A box of an agent, or a borrow of one, is an agent that forwards every call.
macro_rules! forward {
    ($($ptr:ty),*) => {$(
        impl<A: Agent + ?Sized> Agent for $ptr {
            fn name(&self) -> &str {
                (**self).name()
            }
            fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
                (**self).decide(view, options)
            }
            fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
                (**self).explain(view, options)
            }
            fn observes(&self) -> bool {
                (**self).observes()
            }
            fn observe(&mut self, event: &Event) {
                (**self).observe(event)
            }
            fn faults(&self) -> Faults {
                (**self).faults()
            }
        }
    )*};
}

forward!(Box<A>, &mut A);

/// The action a seat gets when its agent does not answer usefully: discard the drawn tile
/// (else the first discard offered), or pass.
pub fn default_action(options: &[Action]) -> Action {
    if options.contains(&Action::Pass) {
        return Action::Pass;
    }
    options
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Discard { tsumogiri: true, .. }))
        .or_else(|| options.iter().copied().find(|a| matches!(a, Action::Discard { .. })))
        .or_else(|| options.first().copied())
        .unwrap_or(Action::Pass)
}

/// Uniformly random over the legal options, seeded.
#[derive(Clone, Debug)]
pub struct Random(SplitMix64);

impl Random {
    /// A random agent from `seed`.
    pub fn new(seed: u64) -> Random {
        Random(SplitMix64::new(seed))
    }
}

impl Agent for Random {
    fn name(&self) -> &str {
        "random"
    }
    fn decide(&mut self, _view: &PlayerView, options: &[Action]) -> Action {
        options.get(self.0.below(options.len())).copied().unwrap_or(Action::Pass)
    }
}

/// Discards whatever it draws and never calls or wins.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tsumogiri;

impl Agent for Tsumogiri {
    fn name(&self) -> &str {
        "tsumogiri"
    }
    fn decide(&mut self, _view: &PlayerView, options: &[Action]) -> Action {
        default_action(options)
    }
}
