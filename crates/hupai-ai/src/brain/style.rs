//! How the shared procedure weighs discards: by efficiency alone, or defending.

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
}
