//! How the shared procedure weighs discards: by efficiency alone, or defending.

use hupai_engine::{Action, Explanation};

/// How the shared procedure weighs discards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Pure efficiency.
    Efficiency,
    /// Efficiency plus the danger model and push/fold.
    Defensive,
}

impl Style {
    pub(super) fn name(self) -> &'static str {
        match self {
            Style::Efficiency => "efficiency",
            Style::Defensive => "defensive",
        }
    }

    /// `action` for `reason`, with no ranked candidates (explained when `explain` is set).
    pub(super) fn decide(
        self,
        action: Action,
        reason: &str,
        explain: bool,
    ) -> (Action, Option<Explanation>) {
        let ex = explain.then(|| Explanation {
            agent: self.name().into(),
            action,
            reason: reason.into(),
            candidates: Vec::new(),
        });
        (action, ex)
    }
}
