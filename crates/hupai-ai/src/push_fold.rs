//! Push or fold: each discard is worth its chance to win times the hand's value, less the
//! expected loss of dealing in (danger × the opponent's readiness × the cost).
//!
//! The chance to win comes from shanten, the unseen effective tiles and the draws left (a
//! chain of "improve within the draws left" steps); the value from the hand's han or fans.
//! A slow hand facing a riichi gains little by pushing and loses a lot, so it folds; a ready
//! hand worth a mangan pushes.
//!
//! ```
//! use hupai_ai::push_fold::fold_weight;
//! use hupai_rules::Variant;
//! // A ready hand pushes more readily than one that still needs two tiles.
//! assert!(fold_weight(Variant::Riichi, 0, 0.0) < fold_weight(Variant::Riichi, 2, 0.0));
//! ```

use hupai_rules::Variant;

use crate::danger::{expected_loss, Threat};
use crate::evaluate::DiscardEval;
use crate::odds::win_chance;
use crate::situation::Situation;

/// How much more a deal-in weighs than the one discard's expected loss: pushing one
/// dangerous tile usually means pushing the next ones too, which the one-step model misses.
/// Chosen in the arena (riichi, 20,000 hands): 1.0 pushes too much against `efficiency`; 1.5
/// and 2.0 fold so much that four `defensive` win under 20% of hands; 1.25 meets both. The
/// Chinese families keep it; riichi weighs by shanten ([`RIICHI_FOLD_WEIGHTS`]).
pub const FOLD_WEIGHT: f32 = 1.25;

/// The riichi fold weight at tenpai, one-shanten and two or more: a ready hand pushes (it
/// can win on the next tile, and the model's win chance is for one discard only); a hand
/// that still needs tiles folds, since it keeps paying the risk on every later discard
/// before it can win. Measured against the flat 1.25 (riichi, duplicate `defensive` against
/// three `efficiency`, 60,000 hands, seed 101): [0.3, 2, 5] gave +139 ± 24 points per hand
/// instead of +73 ± 25, deal-in 9.8% instead of 10.3%. With [`LATE_FOLD`] the one-shanten
/// weight went from 2 to 1.6: four `defensive` win 20.6% and deal-in 11.7% instead of 20.4%
/// and 11.4% (seeds 101 and 202 alike), duplicate +149 ± 24 instead of +152 ± 24.
pub const RIICHI_FOLD_WEIGHTS: [f32; 3] = [0.3, 1.6, 5.0];

/// How much the fold weight has grown when the wall is empty: late in the hand a deal-in
/// costs as much as ever while the chance of the win it risks for falls faster than
/// [`win_chance`] says (the others are readier too). Four `defensive`, riichi, 60,000 hands,
/// seed 101, fold weights [0.3, 2, 5]: 0.5 against 0 gave deal-in 11.5% instead of 11.8%
/// and win 20.5% instead of 20.7%; duplicate against `efficiency` +152 ± 24 before and after
/// (with the late danger weight of [`crate::danger`]).
pub const LATE_FOLD: f32 = 0.5;

/// The fold weight of a hand at `shanten` under `variant`, `late` (0..1) into the hand.
pub fn fold_weight(variant: Variant, shanten: i8, late: f32) -> f32 {
    let base = match variant {
        Variant::Riichi => RIICHI_FOLD_WEIGHTS[shanten.clamp(0, 2) as usize],
        Variant::Mcr
        | Variant::Chinese
        | Variant::Sichuan
        | Variant::HongKong
        | Variant::Guangdong
        | Variant::Wuhan => FOLD_WEIGHT,
    };
    base * (1.0 + LATE_FOLD * late.clamp(0.0, 1.0))
}

/// Points a win of `han` is worth (riichi, non-dealer; the caller scales for the dealer):
/// about 650 × 2^han below mangan, then the limits; fractional han interpolate.
fn points(han: f32) -> f32 {
    let h = han.max(1.0);
    if h < 4.0 {
        (650.0 * 2f32.powf(h)).min(8000.0)
    } else if h < 6.0 {
        8000.0
    } else if h < 8.0 {
        12000.0
    } else if h < 11.0 {
        16000.0
    } else {
        24000.0
    }
}

/// The seat's attitude this turn, for explanations and claims.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stance {
    /// The largest readiness among the opponents.
    pub threat: f32,
    /// The seat of that opponent.
    pub from: usize,
    /// The best efficiency shanten.
    pub shanten: i8,
}

impl Stance {
    /// Reads the stance from the threats and the most efficient discard.
    pub fn read(_sit: &Situation, threats: &[Threat; 3], best: &DiscardEval) -> Stance {
        let (from, threat) = threats.iter().map(|t| (t.seat, t.ready)).fold((0, 0.0f32), |a, b| {
            if b.1 > a.1 {
                b
            } else {
                a
            }
        });
        Stance { threat, from, shanten: best.shanten }
    }

    /// A few words on the stance.
    pub fn describe(&self, _threats: &[Threat; 3]) -> String {
        if self.threat >= 0.99 {
            format!("push/fold against seat {}'s riichi at shanten {}", self.from, self.shanten)
        } else if self.threat >= 0.4 {
            format!("push/fold against seat {} (ready {:.0}%)", self.from, self.threat * 100.0)
        } else {
            "no strong threat: efficiency, safer tile on ties".to_string()
        }
    }
}

/// Win chance, expected loss and expected value of one discard; `fold` scales the fold
/// weight (the `fold` parameter of `defensive`, 1 by default).
pub fn discard_ev(
    sit: &Situation,
    threats: &[Threat; 3],
    e: &DiscardEval,
    fold: f32,
) -> (f32, f32, f32) {
    let unseen = sit.unseen_total() as f32;
    let draws = sit.own_draws_left() as f32;
    let win = win_chance(e.shanten, e.count, draws, unseen);
    let value = match sit.variant {
        Variant::Riichi => {
            let dealer = if sit.dealer { 1.5 } else { 1.0 };
            points(e.value) * dealer
        }
        Variant::Mcr => 30.0 + e.value,
        Variant::Chinese
        | Variant::Sichuan
        | Variant::HongKong
        | Variant::Guangdong
        | Variant::Wuhan => 12.0,
    };
    // Ties in expected value go to efficiency: a small bonus for effective tiles.
    let loss = match e.kind {
        Some(k) => {
            expected_loss(sit, threats, k) * fold * fold_weight(sit.variant, e.shanten, sit.late())
        }
        None => 0.0,
    };
    // Late in the hand a ready hand is worth something even without a win (riichi: the
    // payments at an exhaustive draw).
    let late = (1.0 - sit.draws_left as f32 / 40.0).clamp(0.0, 1.0);
    let tenpai = match (sit.variant, e.shanten) {
        (Variant::Riichi, 0) => 1500.0 * late,
        (Variant::Riichi, 1) => 300.0 * late,
        _ => 0.0,
    };
    let shape = (e.count as f32 + e.second as f32 / 40.0) * value * 1e-4;
    (win, loss, win * value + tenpai - loss + shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_weight_grows_with_shanten_and_the_hand() {
        let w = |s, late| fold_weight(Variant::Riichi, s, late);
        assert!(w(0, 0.0) < w(1, 0.0) && w(1, 0.0) < w(2, 0.0));
        assert_eq!(w(2, 0.0), w(5, 0.0));
        assert!(w(1, 0.9) > w(1, 0.3));
        assert!(fold_weight(Variant::Mcr, 0, 0.5) > fold_weight(Variant::Mcr, 0, 0.0));
    }
}
