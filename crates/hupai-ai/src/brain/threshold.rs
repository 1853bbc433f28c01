//! When to weigh discards by push/fold expected value: the threat threshold of each
//! variant.

use hupai_rules::Variant;

use crate::params::Params;
use crate::situation::Situation;

/// The readiness of the most threatening opponent above which discards are weighed by
/// push/fold expected value rather than by efficiency (riichi; the Chinese families call so
/// much more that only a hand with three calls counts, see [`push_fold_threat`]).
pub const PUSH_FOLD_THREAT: f32 = 0.35;

/// The push/fold threshold of a rule variant (the regional tables never fold by default:
/// see `threshold`).
pub fn push_fold_threat(variant: Variant) -> f32 {
    match variant {
        Variant::Riichi => PUSH_FOLD_THREAT,
        Variant::Mcr
        | Variant::Chinese
        | Variant::Sichuan
        | Variant::HongKong
        | Variant::Guangdong
        | Variant::Wuhan => 0.75,
    }
}

/// The push/fold threshold `params` set, else the variant's. Sichuan never folds by default:
/// a hand not ready at the wall's end pays every ready one (查大叫), and a deal-in costs one
/// payer's share of a small win; in duplicate self-play folding at the Chinese threshold lost
/// 0.019 ± 0.007 points a hand against `efficiency` (seed 1, 20,000 hands).
///
/// The Hong Kong and Guangdong tables never fold by default either: in duplicate self-play
/// against `efficiency` (seed 2026, 4,000 hands) folding at the Chinese threshold lost 6.9 ±
/// 2.3 points a hand in Hong Kong (win 16.5% against 24.2%), and 0.004 ± 0.003 in Guangdong
/// (20,000 hands), where every hand is won within a few turns.
pub(super) fn threshold(params: &Params, sit: &Situation) -> f32 {
    let default =
        if sit.variant.doubles() { SICHUAN_THREAT } else { push_fold_threat(sit.variant) };
    params.threat.unwrap_or(default)
}

/// The Sichuan push/fold threshold: above any threat, so the hand never folds.
pub const SICHUAN_THREAT: f32 = 2.0;
