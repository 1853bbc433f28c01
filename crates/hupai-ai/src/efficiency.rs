//! `efficiency`: the classic attacker. Lowest shanten toward a plan that can win, then shape
//! quality: at tenpai the live winning tiles weighted by how readily the others let them go,
//! before that the effective tiles counted against what is unseen, with second-order
//! effective tiles deciding close calls at one-shanten; then value. A ready hand is broken
//! only when its wait is dead (at most one live tile) and one-shanten wins more often; riichi
//! when ready, closed and the wait is live; calls only when they lower shanten and keep a way
//! to win.
//!
//! ```
//! use hupai_ai::{Bot, Efficiency};
//! use hupai_engine::{Game, PlayerView, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let (game, events) = Game::new(Setup::new(rules.clone(), 7));
//! let seat = game.pending().seats().next().unwrap();
//! let mut view = PlayerView::new(seat);
//! for e in &events {
//!     view.update(&e.for_seat(seat.index() as u8));
//! }
//! let options = game.pending().options(seat);
//! let explained = Efficiency::new(&rules).explain(&view, options);
//! assert!(options.contains(&explained.action));
//! assert!(!explained.candidates.is_empty());
//! ```

use hupai_engine::{Action, Agent, PlayerView};
use hupai_rules::Rules;

use crate::agent::{Bot, Explanation};
use crate::brain::{think, Style};

/// The efficiency agent.
#[derive(Clone, Debug)]
pub struct Efficiency {
    rules: Rules,
}

impl Efficiency {
    /// An efficiency agent for `rules`.
    pub fn new(rules: &Rules) -> Efficiency {
        Efficiency { rules: rules.clone() }
    }
}

impl Bot for Efficiency {
    fn name(&self) -> &str {
        "efficiency"
    }

    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        think(&self.rules, Style::Efficiency, view, options, false).0
    }

    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        let (action, ex) = think(&self.rules, Style::Efficiency, view, options, true);
        ex.unwrap_or_else(|| Explanation {
            agent: "efficiency".into(),
            action,
            reason: String::new(),
            candidates: Vec::new(),
        })
    }
}

impl Agent for Efficiency {
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        Bot::decide(self, view, options)
    }
}
