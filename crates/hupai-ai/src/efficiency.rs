//! `efficiency`: the classic attacker. Lowest shanten toward a plan that can win, then shape
//! quality: at tenpai the live winning tiles weighted by how readily the others let them go,
//! before that the effective tiles counted against what is unseen, with second-order
//! effective tiles deciding close calls at one-shanten; then value. A ready hand is broken
//! only when its wait is dead (at most one live tile) and one-shanten wins more often; riichi
//! when ready, closed and the wait is live; calls only when they lower shanten and keep a way
//! to win.
//!
//! ```
//! use hupai_ai::Efficiency;
//! use hupai_engine::{Agent, Driver, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 7));
//! let prompt = driver.prompts().next().unwrap();
//! let explained = Efficiency::new(&rules).explain(prompt.view, prompt.options);
//! assert!(prompt.options.contains(&explained.action));
//! assert!(!explained.candidates.is_empty());
//! ```

use hupai_engine::{Action, Agent, Explanation, PlayerView};
use hupai_rules::Rules;

use crate::brain::{think, Style};
use crate::Params;

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

impl Agent for Efficiency {
    fn name(&self) -> &str {
        "efficiency"
    }

    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        think(&self.rules, Style::Efficiency, &Params::default(), view, options, false).0
    }

    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        let (action, ex) =
            think(&self.rules, Style::Efficiency, &Params::default(), view, options, true);
        ex.unwrap_or_else(|| Explanation {
            agent: "efficiency".into(),
            action,
            reason: String::new(),
            candidates: Vec::new(),
        })
    }
}
