//! Hand plans: what a hand aims at, so that it can still win under its rules.
//!
//! Riichi needs a yaku: a closed hand has riichi, an open one needs a value pung, all simples,
//! a flush or all pungs. MCR needs 8 fans: the planner measures the distance to fan
//! combinations that reach 8 on their own (mixed straight, pure straight, mixed triple chow,
//! half flush with all pungs, full flush, seven pairs, knitted straight, honours and knitted,
//! thirteen orphans, and half flush or all pungs when a value honour pair backs them). The
//! general Chinese rules and laizi need no minimum: any complete hand, jokers included.
//!
//! ```
//! use hupai_ai::plan::{plan_shanten, Plan};
//! use hupai_core::{Counts, FormSet, Kind};
//! // 123m 456p 78s: the mixed straight is one tile (9s) away with a pair to find.
//! let hand: Counts = "123m456p78s1155z".parse().unwrap();
//! let template = Plan::Chows([Kind::new(0).unwrap(), Kind::new(12).unwrap(), Kind::new(24).unwrap()]);
//! assert_eq!(plan_shanten(template, &hand, 0, &[], FormSet::MCR), Some(1));
//! ```

use hupai_core::{form_shanten, shanten_with_jokers, ukeire_with_jokers, Counts, Form, FormSet};
use hupai_core::{Kind, KindSet, Suit};
use hupai_rules::Family;

use crate::situation::{MeldShape, Situation};

/// One aim of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Any complete hand (closed riichi hands, general Chinese rules, laizi).
    Any,
    /// All simples (riichi tanyao).
    Simples,
    /// One number suit plus honours (half flush).
    HalfFlush(Suit),
    /// One number suit only (full flush).
    FullFlush(Suit),
    /// A pung of this value honour.
    ValuePung(Kind),
    /// Four pungs and a pair.
    AllPungs,
    /// Half flush made of pungs.
    HalfFlushPungs(Suit),
    /// These three chows plus any meld and a pair (straights, triple chows).
    Chows([Kind; 3]),
    /// Seven pairs.
    SevenPairs,
    /// Knitted straight (组合龙).
    Knitted,
    /// Honours and knitted tiles (全不靠).
    HonorsKnitted,
    /// Thirteen orphans.
    Orphans,
}

impl Plan {
    /// A short name for explanations.
    pub fn name(self) -> String {
        match self {
            Plan::Any => "any".into(),
            Plan::Simples => "all simples".into(),
            Plan::HalfFlush(s) => format!("half flush {}", s.letter()),
            Plan::FullFlush(s) => format!("full flush {}", s.letter()),
            Plan::ValuePung(k) => format!("value pung {k}"),
            Plan::AllPungs => "all pungs".into(),
            Plan::HalfFlushPungs(s) => format!("half flush {} + all pungs", s.letter()),
            Plan::Chows(c) => {
                let s: Vec<String> = c.iter().map(|k| k.to_string()).collect();
                format!("chows {}", s.join(" "))
            }
            Plan::SevenPairs => "seven pairs".into(),
            Plan::Knitted => "knitted straight".into(),
            Plan::HonorsKnitted => "honours and knitted".into(),
            Plan::Orphans => "thirteen orphans".into(),
        }
    }

    /// The MCR fans the plan is worth by itself (a rough guide for ranking).
    pub fn fans(self) -> u32 {
        match self {
            Plan::Any | Plan::Simples | Plan::ValuePung(_) => 8,
            Plan::HalfFlush(_) | Plan::AllPungs => 8,
            Plan::HalfFlushPungs(_) => 12,
            Plan::FullFlush(_) => 24,
            Plan::Chows(c) => {
                if c[0].suit() == c[1].suit() {
                    16
                } else {
                    8
                }
            }
            Plan::SevenPairs => 24,
            Plan::Knitted | Plan::HonorsKnitted => 12,
            Plan::Orphans => 88,
        }
    }

    /// Whether a drawn `kind` can belong to the plan at all.
    fn admits(self, kind: Kind) -> bool {
        match self {
            Plan::Simples => kind.is_simple(),
            Plan::HalfFlush(s) | Plan::HalfFlushPungs(s) => kind.suit() == s || kind.is_honor(),
            Plan::FullFlush(s) => kind.suit() == s,
            _ => true,
        }
    }
}

/// The counts restricted to the kinds a filtering plan admits.
fn filtered(counts: &Counts, plan: Plan) -> Counts {
    let mut out = *counts;
    for k in Kind::all() {
        if !plan.admits(k) {
            out[k] = 0;
        }
    }
    out
}

/// Distance (tiles to add) to four pungs and a pair from the counts, with `sets` pungs needed.
fn pungs_distance(counts: &Counts, sets: usize) -> i8 {
    let mut best = [0u8; 5];
    for &c in counts.0.iter() {
        // Keep the five largest counts.
        if c > best[4] {
            best[4] = c;
            best.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
    let mut d = 0i8;
    for &c in best.iter().take(sets) {
        d += 3 - c.min(3) as i8;
    }
    d + 2 - best[sets.min(4)].min(2) as i8
}

/// Shanten of a hand for one plan; `None` when the declared melds rule the plan out.
pub fn plan_shanten(
    plan: Plan,
    counts: &Counts,
    jokers: u8,
    melds: &[MeldShape],
    forms: FormSet,
) -> Option<i8> {
    let n = melds.len().min(4) as u8;
    let all_melds = |f: &dyn Fn(MeldShape) -> bool| melds.iter().all(|&m| f(m));
    let shanten = |c: &Counts, m: u8, f: FormSet| {
        let s = shanten_with_jokers(c, jokers, m, f);
        (s != i8::MAX).then_some(s)
    };
    match plan {
        Plan::Any => shanten(counts, n, forms),
        Plan::Simples => {
            if !all_melds(&|m| m.kinds().iter().all(|k| k.is_simple())) {
                return None;
            }
            shanten(&filtered(counts, plan), n, forms)
        }
        Plan::HalfFlush(s) | Plan::FullFlush(s) => {
            if !all_melds(&|m| m.kinds().iter().all(|&k| plan.admits(k))) {
                return None;
            }
            let _ = s;
            shanten(&filtered(counts, plan), n, forms)
        }
        Plan::ValuePung(k) => {
            if melds.contains(&MeldShape::Pung(k)) {
                return shanten(counts, n, forms);
            }
            if n >= 4 {
                return None;
            }
            let missing = 3 - counts[k].min(3) as i8;
            let mut rem = *counts;
            rem[k] = 0;
            shanten(&rem, n + 1, FormSet::REGULAR).map(|s| s + missing)
        }
        Plan::AllPungs | Plan::HalfFlushPungs(_) => {
            if !all_melds(&|m| matches!(m, MeldShape::Pung(k) if plan.admits(k))) {
                return None;
            }
            let c = filtered(counts, plan);
            Some((pungs_distance(&c, 4 - n as usize) - jokers as i8 - 1).max(-1))
        }
        Plan::Chows(template) => {
            let mut need = [true; 3];
            let mut extra = 0u8;
            for m in melds {
                match template
                    .iter()
                    .zip(need.iter_mut())
                    .find(|(t, n)| **n && Some(**t) == chow_low(*m))
                {
                    Some((_, slot)) => *slot = false,
                    None => extra += 1,
                }
            }
            if extra > 1 {
                return None;
            }
            let mut rem = *counts;
            let mut missing = 0i8;
            for (t, _) in template.iter().zip(need).filter(|(_, n)| *n) {
                for i in 0..3 {
                    let k = t.offset(i)?;
                    if rem[k] > 0 {
                        rem[k] -= 1;
                    } else {
                        missing += 1;
                    }
                }
            }
            shanten(&rem, 3 + extra, FormSet::REGULAR).map(|s| s + missing)
        }
        Plan::SevenPairs => form_shanten(counts, n, Form::SevenPairs, forms),
        Plan::Knitted => form_shanten(counts, n, Form::KnittedStraight, forms),
        Plan::HonorsKnitted => form_shanten(counts, n, Form::HonorsAndKnitted, forms),
        Plan::Orphans => form_shanten(counts, n, Form::ThirteenOrphans, forms),
    }
}

/// The low kind of a chow meld (a pung never matches a template chow).
fn chow_low(m: MeldShape) -> Option<Kind> {
    match m {
        MeldShape::Chow(k) => Some(k),
        MeldShape::Pung(_) => None,
    }
}

/// Up to 40 plans, without allocation.
#[derive(Clone, Copy, Debug)]
pub struct Plans {
    items: [Plan; 40],
    len: usize,
}

impl Plans {
    fn new() -> Plans {
        Plans { items: [Plan::Any; 40], len: 0 }
    }

    fn push(&mut self, plan: Plan) {
        if self.len < self.items.len() {
            self.items[self.len] = plan;
            self.len += 1;
        }
    }

    /// Only the plans closest to a win for a hand about to discard: a discard never lowers
    /// a plan's shanten, so the others cannot be best after it.
    pub fn pruned(
        &self,
        counts: &Counts,
        jokers: u8,
        melds: &[MeldShape],
        forms: FormSet,
    ) -> Plans {
        if self.len <= 1 {
            return *self;
        }
        let mut shanten = [i8::MAX; 40];
        for (slot, &p) in shanten.iter_mut().zip(self.as_slice()) {
            *slot = plan_shanten(p, counts, jokers, melds, forms).unwrap_or(i8::MAX);
        }
        let best = shanten.iter().copied().min().unwrap_or(i8::MAX);
        let mut out = Plans::new();
        for (&p, &s) in self.as_slice().iter().zip(shanten.iter()) {
            if s == best && s != i8::MAX {
                out.push(p);
            }
        }
        if out.len == 0 {
            return *self;
        }
        out
    }

    /// The plans.
    pub fn as_slice(&self) -> &[Plan] {
        &self.items[..self.len]
    }
}

const NUMBER_SUITS: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];

/// The plans worth pursuing for the seat, given its declared melds (and, for riichi calls,
/// `closed` telling whether the hand would stay closed).
pub fn plans_for(sit: &Situation, melds: &[MeldShape], counts: &Counts, closed: bool) -> Plans {
    let mut plans = Plans::new();
    match sit.family {
        Family::Riichi => {
            let value_meld =
                melds.iter().any(|m| matches!(m, MeldShape::Pung(k) if sit.is_yakuhai(*k)));
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
        }
        Family::Chinese if sit.min_fan == 0 => plans.push(Plan::Any),
        _ => {
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
                if let (Some(a), Some(b), Some(c)) =
                    (first.offset(0), first.offset(3), first.offset(6))
                {
                    plans.push(Plan::Chows([a, b, c]));
                }
            }
            if backed || pungs_held >= 2 {
                plans.push(Plan::AllPungs);
            }
            // Mixed straights: 123 456 789 spread over the three suits.
            const PERMS: [[usize; 3]; 6] =
                [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
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
        }
    }
    plans
}

/// The best shanten over `plans` and the fans of the best plan reaching it.
pub fn best_shanten(
    plans: &[Plan],
    counts: &Counts,
    jokers: u8,
    melds: &[MeldShape],
    forms: FormSet,
) -> Option<(i8, Plan)> {
    let mut best: Option<(i8, Plan)> = None;
    for &p in plans {
        if let Some(s) = plan_shanten(p, counts, jokers, melds, forms) {
            let better = match best {
                None => true,
                Some((bs, bp)) => s < bs || (s == bs && p.fans() > bp.fans()),
            };
            if better {
                best = Some((s, p));
            }
        }
    }
    best
}

/// The kinds whose draw lowers the best shanten `target` of some plan reaching it.
pub fn effective(
    plans: &[Plan],
    counts: &Counts,
    jokers: u8,
    melds: &[MeldShape],
    forms: FormSet,
    target: i8,
) -> KindSet {
    if target < 0 {
        return KindSet::EMPTY;
    }
    let mut out = KindSet::EMPTY;
    let n = melds.len().min(4) as u8;
    for &p in plans {
        if plan_shanten(p, counts, jokers, melds, forms) != Some(target) {
            continue;
        }
        match p {
            Plan::Any => out = out.union(ukeire_with_jokers(counts, jokers, n, forms)),
            Plan::Simples | Plan::HalfFlush(_) | Plan::FullFlush(_) => {
                let f = filtered(counts, p);
                let u = ukeire_with_jokers(&f, jokers, n, forms);
                out = out.union(KindSet::from_bits(
                    u.iter().filter(|&k| p.admits(k)).fold(0u64, |b, k| b | 1 << k.index()),
                ));
            }
            _ => {
                let mut c = *counts;
                for k in Kind::all() {
                    if out.contains(k) || c[k] >= 4 || !p.admits(k) {
                        continue;
                    }
                    c[k] += 1;
                    if plan_shanten(p, &c, jokers, melds, forms).is_some_and(|s| s < target) {
                        out.insert(k);
                    }
                    c[k] -= 1;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(s: &str) -> Kind {
        let c: Counts = s.parse().unwrap();
        let k = c.kinds().next().unwrap();
        k
    }

    #[test]
    fn all_pungs_distance() {
        let hand: Counts = "111m222p33s4455z".parse().unwrap();
        assert_eq!(plan_shanten(Plan::AllPungs, &hand, 0, &[], FormSet::MCR), Some(1));
    }

    #[test]
    fn chow_templates_use_declared_chows() {
        let hand: Counts = "456p789s1155z".parse().unwrap();
        let t = Plan::Chows([k("1m"), k("4p"), k("7s")]);
        let melds = [MeldShape::Chow(k("1m"))];
        assert_eq!(plan_shanten(t, &hand, 0, &melds, FormSet::MCR), Some(0));
        let wrong = [MeldShape::Chow(k("2m")), MeldShape::Chow(k("3m"))];
        assert_eq!(plan_shanten(t, &hand, 0, &wrong, FormSet::MCR), None);
    }

    #[test]
    fn simples_filter_terminals() {
        let hand: Counts = "234m456p678s19m1z".parse().unwrap();
        let melds = [MeldShape::Chow(k("2s"))];
        let s = plan_shanten(Plan::Simples, &hand, 0, &melds, FormSet::RIICHI);
        assert_eq!(s, Some(1));
        let e = effective(&[Plan::Simples], &hand, 0, &melds, FormSet::RIICHI, 1);
        assert!(e.iter().all(|k| k.is_simple()));
    }
}
