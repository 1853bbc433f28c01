//! Hand plans: what a hand aims at, so that it can still win under its rules.
//!
//! Riichi needs a yaku: a closed hand has riichi, an open one needs a value pung, all simples,
//! a flush or all pungs. MCR needs 8 fans: the planner measures the distance to fan
//! combinations that reach 8 on their own (mixed straight, pure straight, mixed triple chow,
//! pure shifted chows, mixed shifted chows in an all-chows hand, mixed or pure shifted pungs,
//! triple pung, three concealed pungs, all types with a dragon pung, half flush with all
//! pungs, full flush, seven pairs, knitted straight, honours and knitted, thirteen orphans,
//! and half flush or all pungs when a value honour pair backs them); a claim is taken only
//! when one of them stays reachable. Template plans (shifted chows and pungs) are offered
//! only when the hand already holds most of their tiles. Outside hand (全带幺, 4 fans) is
//! no plan: it reaches 8 only with others that are plans already (half flush, triple chow).
//! The general Chinese rules and laizi need no minimum: any complete hand, jokers included.
//! Wuhan (`pair_258`) wins a small hand (屁胡) only on a pair of 2, 5 or 8; its big hands
//! take any pair: full flush (清一色), all pungs (碰碰胡), and with four calls 全求人.
//! Hong Kong's three fans: half flush, full flush, all pungs (and thirteen orphans, seven pairs
//! where the rules have them), the patterns that reach three by themselves.
//!
//! ```
//! use hupai_ai::plan::{plan_shanten, Plan};
//! use hupai_core::{Counts, FormSet, Kind};
//! // 123m 456p 78s: the mixed straight is one tile (9s) away with a pair to find.
//! let hand: Counts = "123m456p78s1155z".parse().unwrap();
//! let template = Plan::Chows([Kind::new(0).unwrap(), Kind::new(12).unwrap(), Kind::new(24).unwrap()]);
//! assert_eq!(plan_shanten(template, &hand, 0, &[], FormSet::MCR), Some(1));
//! ```

use hupai_core::{form_shanten, pair_shanten, shanten_with_jokers, ukeire_with_jokers};
use hupai_core::{Counts, Form, FormSet};
use hupai_core::{Kind, KindSet, Suit};
use hupai_rules::Family;

use crate::situation::{MeldShape, Situation};

/// One aim of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Any complete hand (closed riichi hands, general Chinese rules, laizi).
    Any,
    /// A regular hand whose pair is a 2, 5 or 8 of a suit (二五八将, Wuhan's small hand).
    Pair258,
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
    /// These three chows plus any meld and a pair (straights, triple chows, pure shifted
    /// chows).
    Chows([Kind; 3]),
    /// Mixed shifted chows (三色三步高, three suits one step apart) in an all-chows hand
    /// (平和): these three chows, a fourth chow and a pair of numbers.
    ShiftedChows([Kind; 3]),
    /// These three pungs plus any meld and a pair (mixed shifted pungs, pure shifted pungs,
    /// triple pung).
    Pungs([Kind; 3]),
    /// All types (五门齐) with the dragons as a pung: one set each of characters, dots,
    /// bamboos, winds and a dragon pung.
    AllTypes,
    /// Three concealed pungs (三暗刻) plus any meld and a pair.
    ConcealedPungs,
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
            Plan::Pair258 => "2-5-8 pair".into(),
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
            Plan::ShiftedChows(c) => {
                let s: Vec<String> = c.iter().map(|k| k.to_string()).collect();
                format!("shifted chows {} + all chows", s.join(" "))
            }
            Plan::Pungs(c) => {
                let s: Vec<String> = c.iter().map(|k| k.to_string()).collect();
                format!("pungs {}", s.join(" "))
            }
            Plan::AllTypes => "all types + dragon pung".into(),
            Plan::ConcealedPungs => "three concealed pungs".into(),
            Plan::SevenPairs => "seven pairs".into(),
            Plan::Knitted => "knitted straight".into(),
            Plan::HonorsKnitted => "honours and knitted".into(),
            Plan::Orphans => "thirteen orphans".into(),
        }
    }

    /// The MCR fans the plan is worth by itself (a rough guide for ranking).
    pub fn fans(self) -> u32 {
        match self {
            // Below every big hand it stands beside (Wuhan's small hand).
            Plan::Pair258 => 1,
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
            // Mixed shifted chows 6 + all chows 2; all types 6 + dragon pung 2.
            Plan::ShiftedChows(_) | Plan::AllTypes => 8,
            Plan::Pungs(c) => {
                if c[0].suit() == c[1].suit() {
                    24
                } else if c[0].number() == c[1].number() {
                    16
                } else {
                    8
                }
            }
            Plan::ConcealedPungs => 16,
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

/// The 2, 5 and 8 of the three number suits.
fn two_five_eight() -> KindSet {
    Kind::all().filter(|k| !k.is_honor() && matches!(k.number(), 2 | 5 | 8)).collect()
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
        Plan::Pair258 => {
            let s = pair_shanten(counts, jokers, n, two_five_eight());
            (s != i8::MAX).then_some(s)
        }
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
            let (rem, missing, extra) =
                template_rest(counts, melds, template.map(MeldShape::Chow))?;
            shanten(&rem, 3 + extra, FormSet::REGULAR).map(|s| s + missing)
        }
        Plan::ShiftedChows(template) => {
            if melds.iter().any(|m| matches!(m, MeldShape::Pung(_))) {
                return None;
            }
            let (mut rem, missing, extra) =
                template_rest(counts, melds, template.map(MeldShape::Chow))?;
            // All chows: the fourth meld a chow and the pair of numbers, so no honour helps.
            for k in Kind::all().filter(|k| k.is_honor()) {
                rem[k] = 0;
            }
            shanten(&rem, 3 + extra, FormSet::REGULAR).map(|s| s + missing)
        }
        Plan::Pungs(template) => {
            let (rem, missing, extra) =
                template_rest(counts, melds, template.map(MeldShape::Pung))?;
            shanten(&rem, 3 + extra, FormSet::REGULAR).map(|s| s + missing)
        }
        Plan::AllTypes => all_types_distance(counts, melds).map(|d| d - jokers as i8 - 1),
        Plan::ConcealedPungs => {
            // A declared meld is never one of the concealed pungs; one may be the fourth meld.
            if n > 1 {
                return None;
            }
            // The three kinds held most (first found on ties) make the pungs.
            let mut top = [(0u8, 0usize); 3];
            for (i, &c) in counts.0.iter().enumerate() {
                let c = c.min(3);
                if c > top[2].0 {
                    top[2] = (c, i);
                    if top[2].0 > top[1].0 {
                        top.swap(1, 2);
                        if top[1].0 > top[0].0 {
                            top.swap(0, 1);
                        }
                    }
                }
            }
            let mut rem = *counts;
            let mut missing = 0i8;
            for (c, i) in top {
                missing += 3 - c as i8;
                rem.0[i] -= c;
            }
            shanten(&rem, 3 + n, FormSet::REGULAR).map(|s| s + missing)
        }
        Plan::SevenPairs => form_shanten(counts, n, Form::SevenPairs, forms),
        Plan::Knitted => form_shanten(counts, n, Form::KnittedStraight, forms),
        Plan::HonorsKnitted => form_shanten(counts, n, Form::HonorsAndKnitted, forms),
        Plan::Orphans => form_shanten(counts, n, Form::ThirteenOrphans, forms),
    }
}

/// For a plan of three template melds plus any meld and a pair: the counts left once the
/// held template tiles are set aside, the template tiles still missing, and how many
/// declared melds are not template melds (`None` when more than one is not).
fn template_rest(
    counts: &Counts,
    melds: &[MeldShape],
    template: [MeldShape; 3],
) -> Option<(Counts, i8, u8)> {
    let mut need = [true; 3];
    let mut extra = 0u8;
    for m in melds {
        match template.iter().zip(need.iter_mut()).find(|(t, n)| **n && **t == *m) {
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
        for k in t.kinds() {
            if rem[k] > 0 {
                rem[k] -= 1;
            } else {
                missing += 1;
            }
        }
    }
    // A chow template off the end of a suit cannot be made.
    for t in template {
        if let MeldShape::Chow(k) = t {
            if k.is_honor() || k.number() > 7 {
                return None;
            }
        }
    }
    Some((rem, missing, extra))
}

/// The five groups of all types: the three number suits, the winds, the dragons.
fn group(kind: Kind) -> usize {
    if kind.is_dragon() {
        4
    } else if kind.is_wind() {
        3
    } else {
        kind.suit().index()
    }
}

/// Tiles to add for all types with a dragon pung: each of the five groups holds exactly one
/// of the hand's five sets (four melds and the pair), the dragons a pung (`None` when the
/// declared melds put two sets in one group).
fn all_types_distance(counts: &Counts, melds: &[MeldShape]) -> Option<i8> {
    let mut filled = [false; 5];
    for m in melds {
        let g = group(m.kinds()[0]);
        if filled[g] {
            return None;
        }
        filled[g] = true;
    }
    // Per group, tiles to add for one meld and for one pair.
    let mut meld = [3i8; 5];
    let mut pair = [2i8; 5];
    for k in Kind::all() {
        let g = group(k);
        let c = counts[k] as i8;
        pair[g] = pair[g].min(2 - c.min(2));
        let mut best = 3 - c.min(3);
        if !k.is_honor() && k.number() <= 7 {
            let chow: i8 = MeldShape::Chow(k).kinds().iter().map(|&x| counts[x].min(1) as i8).sum();
            best = best.min(3 - chow);
        }
        meld[g] = meld[g].min(best);
    }
    let mut melds_cost = 0i8;
    let mut best_swap: Option<i8> = None;
    for g in (0..5).filter(|&g| !filled[g]) {
        melds_cost += meld[g];
        // The pair goes to one open group other than the dragons.
        if g != 4 {
            let swap = pair[g] - meld[g];
            best_swap = Some(best_swap.map_or(swap, |b: i8| b.min(swap)));
        }
    }
    best_swap.map(|swap| melds_cost + swap)
}

/// Up to 64 plans, without allocation.
#[derive(Clone, Copy, Debug)]
pub struct Plans {
    items: [Plan; 64],
    len: usize,
}

impl Plans {
    fn new() -> Plans {
        Plans { items: [Plan::Any; 64], len: 0 }
    }

    fn push(&mut self, plan: Plan) {
        if self.len < self.items.len() {
            self.items[self.len] = plan;
            self.len += 1;
        }
    }

    /// Pushes a template plan when the hand holds at least `least` of its nine tiles (the
    /// declared melds among them count whole).
    fn push_if_held(&mut self, plan: Plan, counts: &Counts, melds: &[MeldShape], least: u8) {
        let template = match plan {
            Plan::Chows(t) | Plan::ShiftedChows(t) => t.map(MeldShape::Chow),
            Plan::Pungs(t) => t.map(MeldShape::Pung),
            _ => return self.push(plan),
        };
        let mut left = *counts;
        let mut held = 0u8;
        for t in template {
            if melds.contains(&t) {
                held += 3;
                continue;
            }
            for k in t.kinds() {
                if left[k] > 0 {
                    left[k] -= 1;
                    held += 1;
                }
            }
        }
        if held >= least {
            self.push(plan);
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
        let mut shanten = [i8::MAX; 64];
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

/// The orders of the three number suits.
const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

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
        Family::Chinese if sit.pair_258 => {
            // 二五八将: the small hand on a 2-5-8 pair, or a big hand on any pair.
            plans.push(Plan::Pair258);
            for s in NUMBER_SUITS {
                plans.push(Plan::FullFlush(s));
            }
            plans.push(Plan::AllPungs);
            if melds.len() >= 4 {
                plans.push(Plan::Any);
            }
        }
        Family::Chinese if sit.min_fan == 0 => plans.push(Plan::Any),
        Family::Chinese if sit.fan_table == hupai_rules::FanTable::HongKong => {
            // Hong Kong 三番起糊: the patterns worth three fans by themselves (混一色, 清一色,
            // 對對糊; 十三么, and 七對子 where the rules have it).
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
        }
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
                    let t =
                        [0usize, 1, 2].map(|i| NUMBER_SUITS[p[i]].first().offset(low + i as i8));
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

    fn sh(plan: Plan, hand: &str) -> Option<i8> {
        plan_shanten(plan, &hand.parse().unwrap(), 0, &[], FormSet::MCR)
    }

    #[test]
    fn all_types_needs_a_dragon_pung_and_one_set_per_group() {
        assert_eq!(sh(Plan::AllTypes, "123m456p99s111z555z"), Some(-1));
        assert_eq!(sh(Plan::AllTypes, "123m456p9s111z555z"), Some(0));
        // The dragons only a pair: the wind pung gives up a tile to be the pair, and one
        // more White makes the dragon pung.
        assert_eq!(sh(Plan::AllTypes, "123m456p789s111z55z"), Some(0));
        assert_eq!(sh(Plan::AllTypes, "123m456p789s1z55z"), Some(1));
        // Two declared melds in one group rule it out.
        let melds = [MeldShape::Chow(k("1m")), MeldShape::Chow(k("4m"))];
        assert_eq!(
            plan_shanten(Plan::AllTypes, &"99s111z555z".parse().unwrap(), 0, &melds, FormSet::MCR),
            None
        );
    }

    #[test]
    fn shifted_and_triple_templates() {
        let shifted = Plan::ShiftedChows([k("1m"), k("2p"), k("3s")]);
        assert_eq!(sh(shifted, "123m234p345s678m55p"), Some(-1));
        // All chows: an honour pair does not complete it.
        assert!(sh(shifted, "123m234p345s678m11z").unwrap() >= 0);
        assert_eq!(sh(Plan::Pungs([k("1m"), k("2p"), k("3s")]), "111m222p333s456m99p"), Some(-1));
        assert_eq!(sh(Plan::Pungs([k("5m"), k("5p"), k("5s")]), "555m555p55s456m99p"), Some(0));
        assert_eq!(Plan::Pungs([k("5m"), k("5p"), k("5s")]).fans(), 16);
        assert_eq!(sh(Plan::Chows([k("1s"), k("2s"), k("3s")]), "123234345s678m55p"), Some(-1));
    }

    #[test]
    fn three_concealed_pungs() {
        assert_eq!(sh(Plan::ConcealedPungs, "111m222p333s45m99p"), Some(0));
        let melds = [MeldShape::Pung(k("1m"))];
        let rest: Counts = "222p333s45m99p".parse().unwrap();
        // A claimed pung is not concealed: two concealed pungs and the claimed one are not enough.
        assert!(plan_shanten(Plan::ConcealedPungs, &rest, 0, &melds, FormSet::MCR).unwrap() > 0);
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
