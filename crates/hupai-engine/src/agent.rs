//! Agents: something that picks one of the legal options from what its seat may know.
//!
//! ```
//! use hupai_engine::{Action, Agent, PlayerView, Random};
//! let mut agent = Random::new(9);
//! let options = [Action::Pass, Action::Ron];
//! let choice = agent.decide(&PlayerView::default(), &options);
//! assert!(options.contains(&choice));
//! ```

use crate::{Action, PlayerView, SplitMix64};

/// A player: given its view and the legal options (never empty), it picks one.
pub trait Agent {
    /// Picks one of `options`.
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action;
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
    fn decide(&mut self, _view: &PlayerView, options: &[Action]) -> Action {
        options.get(self.0.below(options.len())).copied().unwrap_or(Action::Pass)
    }
}

/// Discards whatever it draws and never calls or wins.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tsumogiri;

impl Agent for Tsumogiri {
    fn decide(&mut self, _view: &PlayerView, options: &[Action]) -> Action {
        if options.contains(&Action::Pass) {
            return Action::Pass;
        }
        // The engine lists the drawn tile's discard first.
        options
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Discard(_)))
            .or_else(|| options.first().copied())
            .unwrap_or(Action::Pass)
    }
}
