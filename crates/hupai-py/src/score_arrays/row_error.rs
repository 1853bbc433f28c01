//! Why a row has no score: the error codes of the `error` column and their messages.

use hupai_core::{HandError, MeldError};
use hupai_rules::ScoreError;

use crate::errors::Error;

/// The error codes of the `error` column, by code (`""` is success).
pub const SCORE_ERRORS: [&str; 8] = [
    "",
    "not_winning",
    "no_yaku",
    "inconsistent",
    "bad_input",
    "bad_hand",
    "bad_value",
    "internal",
];

/// Why a row has no score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum RowError {
    /// A value outside its column's range.
    Value(String),
    /// The tiles and melds make no hand.
    Hand(HandError),
    /// Meld slot `.0` makes no meld.
    Meld(usize, MeldError),
    /// The hand does not score.
    Score(ScoreError),
    /// A bug: the scorer panicked, or gave an item of another table.
    Internal(String),
}

impl RowError {
    pub(super) fn code(&self) -> u8 {
        match self {
            // Refused by a rule (Wuhan's 258 pair, 开口, ...): not a win either.
            RowError::Score(ScoreError::NotWinning | ScoreError::Refused(_)) => 1,
            RowError::Score(ScoreError::NoYaku) => 2,
            RowError::Score(ScoreError::Inconsistent(_)) => 3,
            RowError::Score(ScoreError::BadInput(_)) => 4,
            RowError::Hand(_) | RowError::Meld(..) => 5,
            RowError::Value(_) => 6,
            RowError::Internal(_) => 7,
        }
    }

    pub(super) fn message(&self) -> String {
        match self {
            RowError::Value(m) | RowError::Internal(m) => m.clone(),
            RowError::Hand(e) => format!("hand: {e}"),
            RowError::Meld(slot, e) => format!("hand: meld {slot}: {e}"),
            RowError::Score(e) => e.to_string(),
        }
    }

    /// The error `hupai.score` would raise for the same line.
    pub(super) fn to_error(&self) -> Error {
        match self {
            RowError::Value(m) | RowError::Internal(m) => Error::Input(m.clone()),
            RowError::Hand(_) | RowError::Meld(..) => Error::Tile(self.message()),
            RowError::Score(e) => Error::Score(e.clone()),
        }
    }
}
