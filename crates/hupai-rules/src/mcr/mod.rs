//! Chinese Official (MCR) scoring: the 81 fans. (In progress on its own branch.)

use hupai_core::Hand;

use crate::{Rules, Score, ScoreError, WinContext};

/// Scores an MCR or general Chinese win.
pub(crate) fn score(_rules: &Rules, _hand: &Hand, _ctx: &WinContext) -> Result<Score, ScoreError> {
    Err(ScoreError::BadInput("MCR scoring is not built yet".into()))
}
