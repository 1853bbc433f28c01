//! When to weigh discards by push/fold expected value: the threat threshold of each
//! variant.

use hupai_engine::PlayerView;
use hupai_rules::Variant;

use crate::danger::{threats, Threat};
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

/// The push/fold threshold in riichi when the opponents are read by the learned models, whose
/// readiness is calibrated (the hand-written one runs high: 0.092 on average where 0.062 of
/// the opponents are ready). Chosen among 0.2, 0.35, 0.5, 0.7, 0.9 on seed 4242 (duplicate,
/// one `defensive(reads=learned)` against three `defensive`, 20,000 hands); on fresh seeds
/// it gained +37.9 ± 16.4 points a hand over `defensive(reads=written)` (seed 31337, 200,000
/// hands; the threshold alone, with the written reads, +4.1), +21.6 ± 25.5 (seed 9999,
/// 80,000 hands) and +44.9 ± 39.7 (seed 5150, 20,000 hands). See `crates/hupai-ai/RESULTS.md`.
pub const LEARNED_PUSH_FOLD_THREAT: f32 = 0.7;

/// Whether `params` read the opponents with the learned models: `reads=` if set, else in
/// riichi (where they measured better).
fn learned_reads(params: &Params, sit: &Situation) -> bool {
    params.learned.unwrap_or(sit.variant == Variant::Riichi)
}

/// The opponents as `params` read them: the hand-written danger model, or the models learned
/// from self-play ([`crate::reads`]) where [`learned_reads`] and the variant has one shipped.
pub(super) fn read_threats(params: &Params, view: &PlayerView, sit: &Situation) -> [Threat; 3] {
    if learned_reads(params, sit) {
        if let Some(reads) = crate::reads::Reads::for_rules(view.rules()) {
            return crate::reads::threats(&reads, view, sit);
        }
    }
    threats(view, sit)
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
    let default = if sit.variant.doubles() {
        SICHUAN_THREAT
    } else if sit.variant == Variant::Riichi && learned_reads(params, sit) {
        LEARNED_PUSH_FOLD_THREAT
    } else {
        push_fold_threat(sit.variant)
    };
    params.threat.unwrap_or(default)
}

/// The Sichuan push/fold threshold: above any threat, so the hand never folds.
pub const SICHUAN_THREAT: f32 = 2.0;
