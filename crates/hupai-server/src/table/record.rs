//! What a table stores of its game: every answer with who gave it, and why a stored table may
//! not rebuild. A table is rebuilt from its spec and these records alone.

use hupai_engine::Action;
use serde::{Deserialize, Serialize};

use crate::spec::SpecError;

/// Who answered a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// The player (a person or an external bot).
    Player,
    /// Nobody in time: the default action.
    Timeout,
    /// The seat's built-in AI.
    Bot,
    /// The built-in AI playing for an absent or timed-out person.
    Takeover,
    /// The default action, for an external bot's reply that was not legal (a strike, counted
    /// like a timeout).
    Illegal,
}

/// One answer, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    /// Its place among the table's answers (0, 1, ...).
    pub n: u64,
    /// The player.
    pub player: usize,
    /// The decision number answered.
    pub decision: u64,
    /// The answer.
    pub action: Action,
    /// Who gave it.
    pub how: How,
    /// The player's bank after it (milliseconds), so that a rebuilt table keeps its clocks.
    #[serde(default)]
    pub bank_ms: u64,
}

/// Why a stored table does not rebuild.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RebuildError {
    /// The spec no longer loads.
    Spec(SpecError),
    /// Answer `n` does not replay.
    Answer {
        /// Its place.
        n: u64,
        /// Why.
        why: String,
    },
}

impl std::fmt::Display for RebuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RebuildError::Spec(e) => write!(f, "the table's spec: {e}"),
            RebuildError::Answer { n, why } => write!(f, "answer {n} does not replay: {why}"),
        }
    }
}

impl std::error::Error for RebuildError {}
