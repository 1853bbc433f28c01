//! Riichi plans: a yaku for an open hand (closed hands have riichi).

use hupai_core::{Counts, Kind};

use super::plans::{Plan, Plans, NUMBER_SUITS};
use crate::situation::{MeldShape, Situation};

/// A closed hand (or one with a value pung declared) plays for any complete hand, riichi (or
/// the pung) being its yaku; an open one for all simples, a half flush, all pungs or a value
/// pung it holds a pair of.
pub(super) fn yaku_plans(
    sit: &Situation,
    melds: &[MeldShape],
    counts: &Counts,
    closed: bool,
) -> Plans {
    let mut plans = Plans::new();
    let value_meld = melds.iter().any(|m| matches!(m, MeldShape::Pung(k) if sit.is_yakuhai(*k)));
    if closed || value_meld {
        plans.push(Plan::Any);
        return plans;
    }
    plans.push(Plan::Simples);
    for s in NUMBER_SUITS {
        plans.push(Plan::HalfFlush(s));
    }
    plans.push(Plan::AllPungs);
    for k in Kind::all().filter(|k| k.is_honor() && sit.is_yakuhai(*k)) {
        if counts[k] >= 2 && counts[k] + sit.unseen(k) >= 3 {
            plans.push(Plan::ValuePung(k));
        }
    }
    plans
}
