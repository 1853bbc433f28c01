//! Evaluating discards and calls: shanten toward the hand's plans, effective tiles counted
//! against what is unseen, second-order effective tiles, wait quality and a value estimate.
//!
//! ```
//! use hupai_ai::evaluate::evaluate_discards;
//! use hupai_ai::Situation;
//! use hupai_engine::PlayerView;
//! use hupai_rules::Rules;
//! let mut view = PlayerView::default();
//! view.hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S C".split(' ').map(|p| p.parse().unwrap()).collect();
//! let sit = Situation::new(&view, &Rules::preset("riichi").unwrap());
//! let evals = evaluate_discards(&sit, true);
//! // Keep the pair, drop a lone honour: ready.
//! assert_eq!(evals.as_slice()[0].shanten, 0);
//! assert!(evals.as_slice()[0].kind.unwrap().is_honor());
//! ```

use std::cmp::Ordering;

use hupai_core::{
    discard_analysis, shanten_with_jokers, ukeire_with_jokers, Counts, Kind, KindSet,
};
use hupai_rules::Family;

use crate::plan::{best_shanten, effective, plans_for, Plan};
use crate::situation::{MeldShape, Situation};

/// What one discard leaves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiscardEval {
    /// The discarded kind, `None` for a joker.
    pub kind: Option<Kind>,
    /// Shanten toward the best plan after the discard.
    pub shanten: i8,
    /// The plan reaching it.
    pub plan: Plan,
    /// Effective kinds.
    pub ukeire: KindSet,
    /// Unseen copies of the effective kinds (a quarter of them when the wait is furiten).
    pub count: u32,
    /// Second-order effective tiles: over the effective draws, the best next count.
    pub second: u32,
    /// Value estimate: riichi han (dora, reds, yaku), MCR fans of the plan.
    pub value: f32,
    /// How much the discarded tile helps to keep (a tie-break: isolated honours go first).
    pub keep: u8,
}

/// Up to 15 evaluations without allocation.
#[derive(Clone, Copy, Debug)]
pub struct Evals {
    items: [DiscardEval; 15],
    len: usize,
}

const EMPTY: DiscardEval = DiscardEval {
    kind: None,
    shanten: i8::MAX,
    plan: Plan::Any,
    ukeire: KindSet::EMPTY,
    count: 0,
    second: 0,
    value: 0.0,
    keep: 0,
};

impl Evals {
    /// The evaluations (best first by efficiency after [`evaluate_discards`]).
    pub fn as_slice(&self) -> &[DiscardEval] {
        &self.items[..self.len]
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, e: DiscardEval) {
        if self.len < self.items.len() {
            self.items[self.len] = e;
            self.len += 1;
        }
    }
}

/// The efficiency order: lowest shanten, most unseen effective tiles, best second order,
/// highest value, then discard what helps least.
pub fn efficiency_order(a: &DiscardEval, b: &DiscardEval) -> Ordering {
    a.shanten
        .cmp(&b.shanten)
        .then(b.count.cmp(&a.count))
        .then(b.second.cmp(&a.second))
        .then(b.value.partial_cmp(&a.value).unwrap_or(Ordering::Equal))
        .then(a.keep.cmp(&b.keep))
        .then(a.kind.map(Kind::index).cmp(&b.kind.map(Kind::index)))
}

/// How much a tile helps to keep, all else equal: value honours and dora more, isolated
/// guest winds least.
fn keep_value(sit: &Situation, counts: &Counts, kind: Kind) -> u8 {
    let dora = sit.dora[kind.index()] * 4;
    let base = if kind.is_honor() {
        if sit.is_yakuhai(kind) {
            2
        } else {
            0
        }
    } else {
        match kind.number() {
            1 | 9 => 1,
            2 | 8 => 2,
            _ => 3,
        }
    };
    let near = |d: i8| kind.offset(d).map_or(0, |k| counts[k].min(1));
    base + dora
        + 2 * (counts[kind].saturating_sub(1)).min(2)
        + near(-1)
        + near(1)
        + near(-2)
        + near(2)
}

/// Value of a hand state: riichi han estimate, MCR fans of the plan.
pub fn value_of(
    sit: &Situation,
    counts: &Counts,
    melds: &[MeldShape],
    plan: Plan,
    closed: bool,
) -> f32 {
    match sit.family {
        Family::Riichi => {
            let mut dora = 0u32;
            for k in Kind::all() {
                dora += sit.dora[k.index()] as u32 * counts[k] as u32;
            }
            for m in melds {
                for k in m.kinds() {
                    dora += sit.dora[k.index()] as u32;
                }
            }
            let value_pungs = melds
                .iter()
                .filter(|m| matches!(m, MeldShape::Pung(k) if sit.is_yakuhai(*k)))
                .count()
                + Kind::all()
                    .filter(|&k| k.is_honor() && sit.is_yakuhai(k) && counts[k] >= 3)
                    .count();
            let yaku = match plan {
                Plan::Any if closed => 1.5,
                Plan::HalfFlush(_) => 2.0,
                Plan::AllPungs => 2.0,
                _ => 1.0,
            };
            yaku + value_pungs as f32 + dora as f32 + sit.reds as f32
        }
        _ => plan.fans() as f32,
    }
}

/// Evaluates every distinct discard of the seat's 3n+2 tiles, best first by efficiency;
/// `second_order` adds second-order effective tiles for the leading candidates.
pub fn evaluate_discards(sit: &Situation, second_order: bool) -> Evals {
    evaluate_state(sit, &sit.counts, sit.jokers, &sit.melds, sit.closed, second_order)
}

/// As [`evaluate_discards`] for a hypothetical hand (after a call, say).
pub fn evaluate_state(
    sit: &Situation,
    counts: &Counts,
    jokers: u8,
    melds: &[MeldShape],
    closed: bool,
    second_order: bool,
) -> Evals {
    let plans = plans_for(sit, melds, counts, closed).pruned(counts, jokers, melds, sit.forms);
    let plans = plans.as_slice();
    let mut out = Evals { items: [EMPTY; 15], len: 0 };
    let mut after = *counts;
    let any_only = plans == [Plan::Any];
    let n = melds.len().min(4) as u8;
    let eval = |after: &Counts, jokers_after: u8, kind: Option<Kind>| -> Option<DiscardEval> {
        let (shanten, plan, ukeire) = if any_only {
            // The common case (closed riichi hands, Chinese rules): two table lookups.
            let s = shanten_with_jokers(after, jokers_after, n, sit.forms);
            if s == i8::MAX {
                return None;
            }
            (s, Plan::Any, ukeire_with_jokers(after, jokers_after, n, sit.forms))
        } else {
            let (s, plan) = best_shanten(plans, after, jokers_after, melds, sit.forms)?;
            (s, plan, effective(plans, after, jokers_after, melds, sit.forms, s))
        };
        let mut count: u32 = ukeire.iter().map(|k| sit.unseen(k) as u32).sum();
        if shanten == 0 {
            let mut discards = sit.own_discards;
            if let Some(k) = kind {
                discards.insert(k);
            }
            if !ukeire.intersection(discards).is_empty() {
                count /= 4;
            }
        }
        let value = value_of(sit, after, melds, plan, closed);
        let keep = kind.map_or(u8::MAX, |k| keep_value(sit, counts, k));
        Some(DiscardEval { kind, shanten, plan, ukeire, count, second: 0, value, keep })
    };
    for k in Kind::all() {
        if after[k] == 0 {
            continue;
        }
        after[k] -= 1;
        if let Some(e) = eval(&after, jokers, Some(k)) {
            out.push(e);
        }
        after[k] += 1;
    }
    if jokers > 0 {
        if let Some(e) = eval(counts, jokers - 1, None) {
            out.push(e);
        }
    }
    let items = &mut out.items[..out.len];
    items.sort_by(efficiency_order);
    if second_order && plans.len() == 1 && plans[0] == Plan::Any && !items.is_empty() {
        let best = items[0];
        // Second order only decides close calls among the leaders.
        if best.shanten == 1 {
            let floor = best.count * 9 / 10;
            let close = items.get(1).is_some_and(|e| e.shanten == 1 && e.count >= floor);
            for e in items.iter_mut().take(if close { 2 } else { 0 }) {
                if e.shanten != best.shanten || e.count < floor {
                    continue;
                }
                e.second = second_order_count(sit, counts, jokers, melds.len() as u8, e);
            }
            items.sort_by(efficiency_order);
        }
    }
    out
}

/// Over the effective draws of a candidate: unseen copies times the best effective count
/// after drawing it and discarding the best tile.
fn second_order_count(
    sit: &Situation,
    counts: &Counts,
    jokers: u8,
    melds: u8,
    e: &DiscardEval,
) -> u32 {
    let mut hand = *counts;
    match e.kind {
        Some(k) => hand[k] -= 1,
        None => return 0,
    }
    let mut visible = sit.visible;
    if let Some(k) = e.kind {
        visible[k] = (visible[k] + 1).min(4);
    }
    let mut total = 0u32;
    for k in e.ukeire.iter() {
        let copies = sit.unseen(k) as u32;
        if copies == 0 || hand[k] >= 4 {
            continue;
        }
        hand[k] += 1;
        let table = discard_analysis(&hand, jokers, melds, sit.forms, &visible);
        if let Some(best) = table.as_slice().first() {
            total += copies * best.count;
        }
        hand[k] -= 1;
    }
    total
}
