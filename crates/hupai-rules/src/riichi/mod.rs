//! Riichi scoring: yaku, fu, han, dora and points. (In progress on its own branch.)

use hupai_core::Hand;

use crate::{Rules, Score, ScoreError, WinContext};

/// Scores a riichi win.
pub(crate) fn score(_rules: &Rules, _hand: &Hand, _ctx: &WinContext) -> Result<Score, ScoreError> {
    Err(ScoreError::BadInput("riichi scoring is not built yet".into()))
}
