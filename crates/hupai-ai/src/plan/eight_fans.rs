//! MCR's eight fans: the fan combinations that reach eight on their own.

use hupai_core::{Counts, Form, Kind};

use super::plans::{Plan, Plans, NUMBER_SUITS};
use crate::situation::{MeldShape, Situation};

/// The orders of the three number suits.
const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The plans that reach eight fans by themselves (see the module docs of [`crate::plan`]).
pub(super) fn eight_fan_plans(sit: &Situation, melds: &[MeldShape], counts: &Counts) -> Plans {
    let mut plans = Plans::new();
    // Value honours that back a six-fan plan up to eight.
    let backed = Kind::all().filter(|k| k.is_honor()).any(|k| {
        let value = k.is_dragon() || k == sit.seat_wind || k == sit.round_wind;
        value && (counts[k] >= 2 || melds.contains(&MeldShape::Pung(k)))
    });
    let pungs_held = counts.0.iter().filter(|&&c| c >= 3).count();
    for s in NUMBER_SUITS {
        plans.push(Plan::FullFlush(s));
        plans.push(Plan::HalfFlushPungs(s));
        if backed {
            plans.push(Plan::HalfFlush(s));
        }
        let first = s.first();
        if let (Some(a), Some(b), Some(c)) = (first.offset(0), first.offset(3), first.offset(6)) {
            plans.push(Plan::Chows([a, b, c]));
        }
    }
    if backed || pungs_held >= 2 {
        plans.push(Plan::AllPungs);
    }
    // Mixed straights: 123 456 789 spread over the three suits.
    for p in PERMS {
        let kinds = [0u8, 3, 6];
        let mut t = [Kind::EAST; 3];
        let mut ok = true;
        for (i, slot) in t.iter_mut().enumerate() {
            match NUMBER_SUITS[p[i]].first().offset(kinds[i] as i8) {
                Some(k) => *slot = k,
                None => ok = false,
            }
        }
        if ok {
            plans.push(Plan::Chows(t));
        }
    }
    // Mixed triple chows: the same chow in the three suits.
    for low in 0..7i8 {
        let t = NUMBER_SUITS.map(|s| s.first().offset(low));
        if let [Some(a), Some(b), Some(c)] = t {
            plans.push(Plan::Chows([a, b, c]));
        }
    }
    if melds.is_empty() {
        for (plan, form) in [
            (Plan::SevenPairs, Form::SevenPairs),
            (Plan::HonorsKnitted, Form::HonorsAndKnitted),
            (Plan::Orphans, Form::ThirteenOrphans),
        ] {
            if sit.forms.contains(form) {
                plans.push(plan);
            }
        }
    }
    if melds.len() <= 1 && sit.forms.contains(Form::KnittedStraight) {
        plans.push(Plan::Knitted);
    }
    // Shifted chows (one step in three suits, all chows; one or two steps in one suit)
    // and shifted or triple pungs: only the templates the hand is well into.
    for low in 0..5i8 {
        for p in PERMS {
            let t = [0usize, 1, 2].map(|i| NUMBER_SUITS[p[i]].first().offset(low + i as i8));
            if let [Some(a), Some(b), Some(c)] = t {
                plans.push_if_held(Plan::ShiftedChows([a, b, c]), counts, melds, 6);
            }
        }
    }
    for s in NUMBER_SUITS {
        for (step, lows) in [(1i8, 0..5i8), (2, 0..3)] {
            for low in lows {
                let t = [0i8, 1, 2].map(|i| s.first().offset(low + i * step));
                if let [Some(a), Some(b), Some(c)] = t {
                    plans.push_if_held(Plan::Chows([a, b, c]), counts, melds, 7);
                }
            }
        }
    }
    let pairs = counts.0.iter().filter(|&&c| c >= 2).count();
    if pairs >= 2 {
        for low in 0..9i8 {
            for (step, perms) in [(0i8, &PERMS[..1]), (1, &PERMS[..])] {
                for p in perms {
                    let t = [0usize, 1, 2]
                        .map(|i| NUMBER_SUITS[p[i]].first().offset(low + i as i8 * step));
                    if let [Some(a), Some(b), Some(c)] = t {
                        plans.push_if_held(Plan::Pungs([a, b, c]), counts, melds, 6);
                    }
                }
            }
            for s in NUMBER_SUITS {
                let t = [0i8, 1, 2].map(|i| s.first().offset(low + i));
                if let [Some(a), Some(b), Some(c)] = t {
                    plans.push_if_held(Plan::Pungs([a, b, c]), counts, melds, 7);
                }
            }
        }
    }
    // All types when a dragon pung is under way; three concealed pungs from two pungs
    // or a pung and two pairs.
    let dragons = Kind::all().filter(|k| k.is_dragon());
    if dragons.clone().any(|k| counts[k] >= 2 || melds.contains(&MeldShape::Pung(k)))
        && Kind::all().any(|k| k.is_wind() && counts[k] >= 1)
    {
        plans.push(Plan::AllTypes);
    }
    let mut top: Vec<u8> = counts.0.iter().map(|&c| c.min(3)).collect();
    top.sort_unstable_by(|a, b| b.cmp(a));
    if melds.len() <= 1 && top[..3].iter().sum::<u8>() >= 7 {
        plans.push(Plan::ConcealedPungs);
    }
    plans
}
