//! Evaluating discards and calls: shanten toward the hand's plans, effective tiles counted
//! against what is unseen, second-order effective tiles, wait quality and a value estimate.
//!
//! ```
//! use hupai_ai::evaluate::evaluate_discards;
//! use hupai_ai::Situation;
//! use hupai_core::Seat;
//! use hupai_engine::{Pai, PlayerView};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let tiles: Vec<Pai> = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S".split(' ').map(|p| p.parse().unwrap()).collect();
//! let view = PlayerView::dealt(&rules, Seat::East, Seat::East, &tiles, "C".parse().ok()).unwrap();
//! let sit = Situation::new(&view, &rules);
//! let evals = evaluate_discards(&sit, true);
//! // Keep the pair, drop a lone honour: ready.
//! assert_eq!(evals.as_slice()[0].shanten, 0);
//! assert!(evals.as_slice()[0].kind.unwrap().is_honor());
//! ```

use std::cmp::Ordering;

use hupai_core::{
    discard_analysis, shanten_with_jokers, ukeire_with_jokers, Counts, Kind, KindSet,
};
use hupai_rules::Variant;

use crate::odds::win_chance;
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
    /// Unseen copies of the effective kinds (a quarter of them when the wait is furiten, in
    /// riichi).
    pub count: u32,
    /// Second-order effective tiles: over the effective draws, the best next count.
    pub second: u32,
    /// Shape quality, the first tie-break after shanten: at tenpai the live winning tiles,
    /// each weighted by how readily the others let it go ([`ron_ease`]) and the whole by
    /// the hand's value; otherwise the unseen effective tiles.
    pub quality: f32,
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
    quality: 0.0,
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

/// The efficiency order: lowest shanten, best shape quality (at tenpai the live winning
/// tiles weighted by how readily they come out, else the unseen effective tiles), most
/// unseen effective tiles, best second order, highest value, then discard what helps least.
/// [`evaluate_state`] then lets the second-order count decide close calls at one-shanten
/// and turns away from a dead tenpai.
pub fn efficiency_order(a: &DiscardEval, b: &DiscardEval) -> Ordering {
    a.shanten
        .cmp(&b.shanten)
        .then(b.quality.partial_cmp(&a.quality).unwrap_or(Ordering::Equal))
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
    match sit.variant {
        Variant::Riichi => {
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
        Variant::Mcr
        | Variant::Chinese
        | Variant::Sichuan
        | Variant::HongKong
        | Variant::Guangdong
        | Variant::Wuhan => plan.fans() as f32,
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
        let mut quality = count as f32;
        if shanten == 0 {
            let mut discards = sit.own_discards;
            if let Some(k) = kind {
                discards.insert(k);
            }
            // Only riichi's furiten bars a win on a wait the seat discarded.
            if sit.variant == Variant::Riichi && !ukeire.intersection(discards).is_empty() {
                count /= 4;
            }
            quality = wait_quality(sit, ukeire, count, discards);
        }
        let value = value_of(sit, after, melds, plan, closed);
        let keep = kind.map_or(u8::MAX, |k| keep_value(sit, counts, k));
        Some(DiscardEval { kind, shanten, plan, ukeire, count, second: 0, quality, value, keep })
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
        second_order_lead(sit, counts, jokers, melds.len() as u8, items);
    }
    avoid_dead_wait(sit, items);
    out
}

/// Share of the best one-shanten count from which a candidate is weighed by its second-order
/// count, and how many leaders at most: measured on the riichi arena, wider groups changed
/// nothing but the decision time.
const SECOND_ORDER_FLOOR: f32 = 0.8;
const SECOND_ORDER_LEADERS: usize = 4;

/// At one-shanten the leaders within [`SECOND_ORDER_FLOOR`] of the best count are ranked by
/// their second-order count (the live winning tiles of the tenpai each draw leads to): a few
/// fewer tiles toward a ready hand with a two-sided wait beat a few more toward a closed one.
fn second_order_lead(
    sit: &Situation,
    counts: &Counts,
    jokers: u8,
    melds: u8,
    items: &mut [DiscardEval],
) {
    let best = items[0];
    if best.shanten != 1 {
        return;
    }
    let floor = (best.count as f32 * SECOND_ORDER_FLOOR) as u32;
    if !items.get(1).is_some_and(|e| e.shanten == 1 && e.count >= floor) {
        return;
    }
    let mut group = 0;
    for e in items.iter_mut().take(SECOND_ORDER_LEADERS) {
        if e.shanten != 1 || e.count < floor {
            break;
        }
        e.second = second_order_count(sit, counts, jokers, melds, e);
        group += 1;
    }
    items[..group].sort_by(|a, b| b.second.cmp(&a.second).then(efficiency_order(a, b)));
}

/// Live tiles at or below which a tenpai counts as dead.
pub const DEAD_WAIT: u32 = 1;

/// A tenpai on a wait of at most [`DEAD_WAIT`] live tiles gives way to the best one-shanten
/// discard when that one wins more often by [`win_chance`] (a hand that keeps its
/// effective tiles reaches a live tenpai soon enough).
fn avoid_dead_wait(sit: &Situation, items: &mut [DiscardEval]) {
    let Some(first) = items.first() else { return };
    if first.shanten != 0 || first.count > DEAD_WAIT {
        return;
    }
    let draws = sit.own_draws_left() as f32;
    let unseen = sit.unseen_total() as f32;
    let ready = win_chance(0, first.count, draws, unseen);
    if let Some(i) = items.iter().position(|e| e.shanten == 1) {
        if win_chance(1, items[i].count, draws, unseen) > ready {
            items[..=i].rotate_right(1);
        }
    }
}

/// How readily the other seats let `kind` go, relative to a middle tile: honours and
/// terminals fit fewer hands and go out sooner, and a tile three away from one of the seat's
/// own discards looks safe by suji.
pub fn ron_ease(kind: Kind, own_discards: KindSet) -> f32 {
    let base = if kind.is_honor() {
        1.3
    } else {
        match kind.number() {
            1 | 9 => 1.2,
            2 | 8 => 1.1,
            _ => 1.0,
        }
    };
    let suji = !kind.is_honor()
        && [-3i8, 3].iter().any(|&d| kind.offset(d).is_some_and(|k| own_discards.contains(k)));
    if suji {
        base * 1.15
    } else {
        base
    }
}

/// The quality of a tenpai: its live winning tiles weighted by [`ron_ease`] (furiten keeps
/// the quarter already taken in `count`).
fn wait_quality(sit: &Situation, waits: KindSet, count: u32, discards: KindSet) -> f32 {
    let raw: u32 = waits.iter().map(|k| sit.unseen(k) as u32).sum();
    if raw == 0 {
        return 0.0;
    }
    let weighted: f32 = waits.iter().map(|k| sit.unseen(k) as f32 * ron_ease(k, discards)).sum();
    weighted * count as f32 / raw as f32
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

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Seat;
    use hupai_engine::{Pai, PlayerView, RiverEntry};
    use hupai_rules::Rules;

    fn kind(s: &str) -> Kind {
        s.parse::<Pai>().unwrap().kind().unwrap()
    }

    /// A view holding `hand` (14 tiles, mjai names) with `river` in another seat's river.
    fn situation(hand: &str, river: &str) -> Situation {
        situation_in("riichi", hand, river)
    }

    fn situation_in(preset: &str, hand: &str, river: &str) -> Situation {
        let rules = Rules::preset(preset).unwrap();
        let tiles: Vec<Pai> = hand.split(' ').map(|p| p.parse().unwrap()).collect();
        let mut view =
            PlayerView::dealt(&rules, Seat::East, Seat::East, &tiles[..13], Some(tiles[13]))
                .unwrap();
        view.draws = 20;
        if !river.is_empty() {
            view.rivers[1] =
                river.split(' ').map(|p| RiverEntry::new(p.parse().unwrap())).collect();
        }
        Situation::new(&view, &rules)
    }

    #[test]
    fn ron_ease_favours_honours_terminals_and_suji() {
        let none = KindSet::EMPTY;
        assert!(ron_ease(kind("E"), none) > ron_ease(kind("1m"), none));
        assert!(ron_ease(kind("1m"), none) > ron_ease(kind("2m"), none));
        assert!(ron_ease(kind("2m"), none) > ron_ease(kind("5m"), none));
        let mut own = KindSet::EMPTY;
        own.insert(kind("2m"));
        assert!(ron_ease(kind("5m"), own) > ron_ease(kind("5m"), none));
    }

    #[test]
    fn wuhan_small_hands_wait_for_a_two_five_eight_pair() {
        // 234m 678p 345s, 5s pair, North pair, 9s drawn: discarding 9s waits on 2s (234s 555s),
        // 5s (345s 555s) or North, the first two with North as the pair. In Wuhan a small hand
        // needs a 2-5-8 pair, so only North (5s stays the pair) completes it.
        let hand = "2m 3m 4m 6p 7p 8p 3s 4s 5s 5s 5s N N 9s";
        let best = |preset| {
            let sit = situation_in(preset, hand, "");
            let evals = evaluate_discards(&sit, false);
            let e = evals.as_slice()[0];
            (e.kind, e.shanten, e.plan, e.ukeire)
        };
        let (kind_w, shanten_w, plan_w, waits_w) = best("wuhan");
        assert_eq!((kind_w, shanten_w, plan_w), (Some(kind("9s")), 0, Plan::Pair258));
        assert_eq!(waits_w.iter().collect::<Vec<_>>(), vec![kind("N")]);
        let (_, _, plan_r, waits_r) = best("riichi");
        assert_eq!(plan_r, Plan::Any);
        assert_eq!(waits_r.iter().collect::<Vec<_>>(), vec![kind("2s"), kind("5s"), kind("N")]);
    }

    #[test]
    fn equal_single_waits_go_to_the_honour() {
        // Discard 5m for a single wait on East or East for one on 5m: three live tiles
        // each, but East comes out sooner.
        let sit = situation("1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 5s E 5m", "");
        let evals = evaluate_discards(&sit, true);
        let best = evals.as_slice()[0];
        assert_eq!((best.kind, best.shanten, best.count), (Some(kind("5m")), 0, 3));
        assert!(best.quality > evals.as_slice()[1].quality);
    }

    #[test]
    fn a_dead_wait_gives_way_to_one_shanten() {
        // Both single waits are dead (three of each visible): keep the hand one-shanten.
        let sit = situation("1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 5s E 5m", "E E E 5m 5m 5m");
        let evals = evaluate_discards(&sit, true);
        let best = evals.as_slice()[0];
        assert_eq!(best.shanten, 1);
        assert!(best.count > 0);
        assert!(evals.as_slice().iter().any(|e| e.shanten == 0 && e.count == 0));
    }

    #[test]
    fn close_one_shanten_calls_go_to_the_second_order_count() {
        let hands = [
            "2m 3m 4m 6m 8m 3p 4p 5p 6p 7s 8s E E 9s",
            "1m 2m 3m 5m 7m 4p 5p 6p 3s 4s 6s 8s 9s 9s",
            "2m 4m 5m 6m 4p 5p 7p 9p 3s 4s 5s 7s 7s E",
            "3m 4m 6m 7m 2p 4p 5p 6p 6s 7s 8s 9s 9s P",
        ];
        let mut decided = 0;
        for hand in hands {
            let sit = situation(hand, "");
            let evals = evaluate_discards(&sit, true);
            let e = evals.as_slice();
            if e[0].shanten == 1 && e[1].second > 0 {
                decided += 1;
                assert!(e[0].second >= e[1].second, "{hand}");
            }
        }
        assert!(decided > 0);
    }
}
