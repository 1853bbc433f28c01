//! How far a hand is from each plan (its shanten towards the plan's shape), and which draws
//! bring it closer.

use hupai_core::{form_shanten, pair_shanten, shanten_with_jokers, ukeire_with_jokers};
use hupai_core::{Counts, Form, FormSet, Kind, KindSet};

use super::plans::{Plan, Plans};
use crate::situation::MeldShape;

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

impl Plans {
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
