//! The agent interface: a decision, and on request the reasons for it.
//!
//! ```
//! use hupai_ai::{by_name, Bot};
//! use hupai_engine::{Action, PlayerView};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let mut bot = by_name("defensive", &rules, 1).unwrap();
//! assert_eq!(bot.name(), "defensive");
//! let options = [Action::Pass, Action::Ron];
//! assert_eq!(bot.decide(&PlayerView::default(), &options), Action::Ron);
//! ```

use std::fmt;

use hupai_engine::{Action, Agent, PlayerView, Random, Tsumogiri};
use hupai_rules::Rules;

use crate::{Defensive, Efficiency};

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

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)?;
        for (i, (name, v)) in self.numbers.iter().enumerate() {
            let sep = if i == 0 { " (" } else { ", " };
            if v.fract() == 0.0 && v.abs() < 1e9 {
                write!(f, "{sep}{name} {}", *v as i64)?;
            } else {
                write!(f, "{sep}{name} {v:.3}")?;
            }
        }
        if !self.numbers.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
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

/// A player that can say why: hupai-ai's agent interface.
pub trait Bot: Send {
    /// The agent's name (`efficiency`, `defensive`, ...).
    fn name(&self) -> &str;

    /// Picks one of `options` (never empty).
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action;

    /// Picks one of `options` and explains it.
    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        let action = self.decide(view, options);
        Explanation {
            agent: self.name().to_string(),
            action,
            reason: "no reasons kept".into(),
            candidates: Vec::new(),
        }
    }
}

/// A bot seated as an engine [`Agent`].
#[derive(Debug)]
pub struct Seated<B>(pub B);

impl<B: Bot + ?Sized> Agent for Seated<Box<B>> {
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        self.0.decide(view, options)
    }
}

/// The random baseline.
#[derive(Clone, Debug)]
pub struct RandomBot(Random);

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        self.0.decide(view, options)
    }
}

/// The tsumogiri baseline: discards what it draws, never calls or wins.
#[derive(Clone, Copy, Debug)]
pub struct TsumogiriBot;

impl Bot for TsumogiriBot {
    fn name(&self) -> &str {
        "tsumogiri"
    }
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        Tsumogiri.decide(view, options)
    }
}

/// The agent names [`by_name`] knows.
pub const AGENT_NAMES: [&str; 4] = ["defensive", "efficiency", "random", "tsumogiri"];

/// The agent called `name` for `rules`, seeded with `seed` where it draws at random.
pub fn by_name(name: &str, rules: &Rules, seed: u64) -> Option<Box<dyn Bot>> {
    Some(match name {
        "defensive" => Box::new(Defensive::new(rules)),
        "efficiency" => Box::new(Efficiency::new(rules)),
        "random" => Box::new(RandomBot(Random::new(seed))),
        "tsumogiri" => Box::new(TsumogiriBot),
        _ => return None,
    })
}
