//! The Chinese home variants: 二五八将 (Wuhan's small hand), no minimum (any complete hand),
//! and, above a minimum, the patterns of the variant's own table.

use hupai_core::{Counts, Form};

use super::plans::{Plan, Plans, NUMBER_SUITS};
use crate::situation::{MeldShape, Situation};

/// The plans of a Chinese variant: with `pair_258` the small hand on a 2-5-8 pair or a big
/// hand on any pair; with no minimum any complete hand; otherwise `above_minimum`, the
/// patterns that reach the variant's minimum.
pub(super) fn plans(
    sit: &Situation,
    melds: &[MeldShape],
    counts: &Counts,
    above_minimum: fn(&Situation, &[MeldShape], &Counts) -> Plans,
) -> Plans {
    let mut plans = Plans::new();
    if sit.pair_258 {
        // 二五八将: the small hand on a 2-5-8 pair, or a big hand on any pair.
        plans.push(Plan::Pair258);
        for s in NUMBER_SUITS {
            plans.push(Plan::FullFlush(s));
        }
        plans.push(Plan::AllPungs);
        if melds.len() >= 4 {
            plans.push(Plan::Any);
        }
    } else if sit.min_fan == 0 {
        plans.push(Plan::Any);
    } else {
        plans = above_minimum(sit, melds, counts);
    }
    plans
}

/// Hong Kong 三番起糊: the patterns worth three fans by themselves (混一色, 清一色, 對對糊;
/// 十三么, and 七對子 where the rules have it).
pub(super) fn three_fan_plans(sit: &Situation, melds: &[MeldShape], _counts: &Counts) -> Plans {
    let mut plans = Plans::new();
    for s in NUMBER_SUITS {
        plans.push(Plan::HalfFlush(s));
        plans.push(Plan::FullFlush(s));
    }
    plans.push(Plan::AllPungs);
    if melds.is_empty() {
        for (plan, form) in
            [(Plan::SevenPairs, Form::SevenPairs), (Plan::Orphans, Form::ThirteenOrphans)]
        {
            if sit.forms.contains(form) {
                plans.push(plan);
            }
        }
    }
    plans
}

/// Sichuan with a minimum (`min_fan`, 0 in the presets): the patterns that count fans by
/// themselves, 清一色 and 七对 (two fans each) and, for a one-fan minimum, 对对胡.
pub(super) fn sichuan_minimum_plans(
    sit: &Situation,
    melds: &[MeldShape],
    _counts: &Counts,
) -> Plans {
    let mut plans = Plans::new();
    for s in NUMBER_SUITS {
        plans.push(Plan::FullFlush(s));
    }
    if sit.min_fan <= 1 {
        plans.push(Plan::AllPungs);
    }
    if melds.is_empty() && sit.forms.contains(Form::SevenPairs) {
        plans.push(Plan::SevenPairs);
    }
    plans
}
