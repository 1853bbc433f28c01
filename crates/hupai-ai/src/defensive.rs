//! `defensive`, the default agent: efficiency plus the danger model ([`crate::danger`]) and
//! push/fold ([`crate::push_fold`]). Against no threat it plays like `efficiency` with the
//! safer tile on ties; against a riichi or a dangerous open hand it weighs each discard's
//! chance to win and value against the expected loss, folding slow hands and pushing good
//! ready ones; it stops calling into a threat unless the call makes it ready. In the regional
//! tables (Sichuan, Hong Kong, Guangdong) it picks its wait by the waits' real payments
//! ([`crate::wait_value`]), and where a kong pays at once (刮风下雨, Guangdong kong points) it
//! takes any kong that costs at most one shanten. How readily it folds is a parameter
//! ([`Params`]).
//!
//! ```
//! use hupai_ai::Defensive;
//! use hupai_engine::{Agent, Driver, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 7));
//! let prompt = driver.prompts().next().unwrap();
//! let explained = Defensive::new(&rules).explain(prompt.view, prompt.options);
//! assert!(explained.to_string().starts_with("defensive: discard"));
//! ```

use hupai_engine::{Action, Agent, Explanation, PlayerView};
use hupai_rules::Rules;

use crate::brain::{think, Style};
use crate::Params;

/// The defensive agent.
#[derive(Clone, Debug)]
pub struct Defensive {
    rules: Rules,
    params: Params,
    name: String,
}

impl Defensive {
    /// A defensive agent for `rules` with the default parameters.
    pub fn new(rules: &Rules) -> Defensive {
        Defensive::with_params(rules, Params::default())
    }

    /// A defensive agent for `rules` with `params`.
    pub fn with_params(rules: &Rules, params: Params) -> Defensive {
        let name = if params == Params::default() {
            "defensive".to_string()
        } else {
            format!("defensive({params})")
        };
        Defensive { rules: rules.clone(), params, name }
    }
}

impl Agent for Defensive {
    fn name(&self) -> &str {
        &self.name
    }

    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        think(&self.rules, Style::Defensive, &self.params, view, options, false).0
    }

    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        let (action, ex) = think(&self.rules, Style::Defensive, &self.params, view, options, true);
        ex.unwrap_or_else(|| Explanation {
            agent: self.name.clone(),
            action,
            reason: String::new(),
            candidates: Vec::new(),
        })
    }
}
