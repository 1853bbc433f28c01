//! `defensive`, the default agent: efficiency plus the danger model ([`crate::danger`]) and
//! push/fold ([`crate::push_fold`]). Against no threat it plays like `efficiency` with the
//! safer tile on ties; against a riichi or a dangerous open hand it weighs each discard's
//! chance to win and value against the expected loss, folding slow hands and pushing good
//! ready ones; it stops calling into a threat unless the call makes it ready.
//!
//! ```
//! use hupai_ai::{Bot, Defensive};
//! use hupai_engine::{Game, PlayerView, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let (game, events) = Game::new(Setup::new(rules.clone(), 7));
//! let seat = game.pending().seats().next().unwrap();
//! let mut view = PlayerView::new(seat);
//! for e in &events {
//!     view.update(&e.for_seat(seat.index() as u8));
//! }
//! let explained = Defensive::new(&rules).explain(&view, game.pending().options(seat));
//! assert!(explained.to_string().starts_with("defensive: discard"));
//! ```

use hupai_engine::{Action, Agent, PlayerView};
use hupai_rules::Rules;

use crate::agent::{Bot, Explanation};
use crate::brain::{think, Style};

/// The defensive agent.
#[derive(Clone, Debug)]
pub struct Defensive {
    rules: Rules,
}

impl Defensive {
    /// A defensive agent for `rules`.
    pub fn new(rules: &Rules) -> Defensive {
        Defensive { rules: rules.clone() }
    }
}

impl Bot for Defensive {
    fn name(&self) -> &str {
        "defensive"
    }

    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        think(&self.rules, Style::Defensive, view, options, false).0
    }

    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        let (action, ex) = think(&self.rules, Style::Defensive, view, options, true);
        ex.unwrap_or_else(|| Explanation {
            agent: "defensive".into(),
            action,
            reason: String::new(),
            candidates: Vec::new(),
        })
    }
}

impl Agent for Defensive {
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        Bot::decide(self, view, options)
    }
}
