//! The slow, obviously correct reference for shanten, win detection, waits and effective tiles.
//!
//! Every answer comes from one definition: the *distance* of a hand to a form is the fewest
//! tiles that must be added so that some complete hand of that form (at most four copies of a
//! kind, declared melds counted toward the four melds) is contained in the hand plus the added
//! tiles. Shanten is that distance minus one, win detection is distance zero with exactly the
//! right number of tiles, waits and effective tiles are the draws that reach or lower it. The
//! distance is found by searching every complete target hand (a dynamic programme over the
//! 34 kinds for the regular form, plain enumeration for the others), so it is exact and slow
//! (microseconds to a millisecond per hand). The fast routines in the crate root are tested
//! against this module.
//!
//! ```
//! use hupai_core::{reference, Counts, FormSet};
//! let hand: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(reference::shanten(&hand, 0, FormSet::RIICHI), 0);
//! assert_eq!(reference::waits(&hand, 0, FormSet::RIICHI).to_string(), "12z");
//! ```

use crate::{Counts, Form, FormSet, Kind, KindSet};

/// A distance no hand reaches: "this form is impossible".
const IMPOSSIBLE: u8 = u8::MAX;

/// The 147, 258, 369 assignments of the three number suits (offset of each suit's first kind).
pub(crate) const KNITTED_PERMUTATIONS: [[usize; 3]; 6] =
    [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The nine kinds of the knitted straight for one assignment: suit `s` holds numbers
/// `perm[s] + 1`, `perm[s] + 4`, `perm[s] + 7`.
pub(crate) fn knitted_kinds(perm: [usize; 3]) -> [usize; 9] {
    let mut out = [0; 9];
    for (s, &p) in perm.iter().enumerate() {
        for j in 0..3 {
            out[3 * s + j] = 9 * s + p + 3 * j;
        }
    }
    out
}

/// Tiles missing from `counts` for the target `target` (both per kind).
fn missing(counts: &[u8; 34], target: &[u8; 34]) -> u8 {
    let mut d = 0u32;
    for k in 0..34 {
        d += target[k].saturating_sub(counts[k]) as u32;
    }
    d.min(IMPOSSIBLE as u32 - 1) as u8
}

/// Regular form: `melds_needed` melds and one pair from the concealed tiles. A memoised
/// search over kinds; the state is (kind, chows started one kind back, two kinds back, melds
/// still to place, pair still to place). Every target hand is one path, its cost the tiles
/// it lacks.
fn regular_distance(counts: &[u8; 34], melds_needed: u8) -> u8 {
    regular_distance_with_pair(counts, melds_needed, KindSet::ALL)
}

/// [`regular_distance`] with the pair one of `pairs`.
fn regular_distance_with_pair(counts: &[u8; 34], melds_needed: u8, pairs: KindSet) -> u8 {
    // memo[kind][c1][c2][melds][pair]; 255 = unknown.
    let mut memo = vec![u8::MAX; 35 * 5 * 5 * 5 * 2];
    regular_search(counts, pairs, 0, 0, 0, melds_needed, 1, &mut memo)
}

#[allow(clippy::too_many_arguments)]
fn regular_search(
    counts: &[u8; 34],
    pairs: KindSet,
    kind: usize,
    c1: u8,
    c2: u8,
    melds: u8,
    pair: u8,
    memo: &mut [u8],
) -> u8 {
    if kind == 34 {
        return if melds == 0 && pair == 0 && c1 == 0 && c2 == 0 { 0 } else { IMPOSSIBLE };
    }
    let key =
        (((kind * 5 + c1 as usize) * 5 + c2 as usize) * 5 + melds as usize) * 2 + pair as usize;
    if memo[key] != u8::MAX {
        return memo[key];
    }
    let chow_start_ok = kind < 27 && kind % 9 <= 6;
    let pair_ok = pairs.bits() >> kind & 1 == 1;
    let mut best = IMPOSSIBLE;
    for pung in 0..=melds.min(1) {
        for p in 0..=if pair_ok { pair } else { 0 } {
            let max_chows = if chow_start_ok { melds - pung } else { 0 };
            for chows in 0..=max_chows {
                let used = c1 + c2 + 3 * pung + 2 * p + chows;
                if used > 4 {
                    break;
                }
                let rest = regular_search(
                    counts,
                    pairs,
                    kind + 1,
                    chows,
                    c1,
                    melds - pung - chows,
                    pair - p,
                    memo,
                );
                if rest == IMPOSSIBLE {
                    continue;
                }
                let cost = used.saturating_sub(counts[kind]) + rest;
                best = best.min(cost);
            }
        }
    }
    memo[key] = best;
    best
}

/// The distances of one suit's counts (`counts.len()` kinds; chows allowed when `chows`) to
/// every target: index `5 * pair + melds`, melds 0..=4. The same search as the regular form,
/// over one suit and for all targets at once: a dynamic programme over the kinds whose state
/// is (chows started one kind back, two kinds back, melds placed, pair placed).
#[allow(clippy::needless_range_loop)] // the state indices are the clearest form here
pub fn suit_distances(counts: &[u8], chows: bool) -> [u8; 10] {
    const NONE: u8 = u8::MAX;
    // dp[c1][c2][melds][pair]: fewest missing tiles so far.
    let mut dp = [[[[NONE; 2]; 5]; 5]; 5];
    dp[0][0][0][0] = 0;
    let n = counts.len();
    for (i, &held) in counts.iter().enumerate() {
        let mut next = [[[[NONE; 2]; 5]; 5]; 5];
        let chow_ok = chows && i + 2 < n;
        for c1 in 0..5 {
            for c2 in 0..5 - c1 {
                for m in 0..5 {
                    for p in 0..2 {
                        let cost = dp[c1][c2][m][p];
                        if cost == NONE {
                            continue;
                        }
                        for pung in 0..=(4 - m).min(1) {
                            for q in 0..=(1 - p) {
                                let max_new = if chow_ok { 4 - m - pung } else { 0 };
                                for new in 0..=max_new {
                                    let used = c1 + c2 + 3 * pung + 2 * q + new;
                                    if used > 4 {
                                        break;
                                    }
                                    let add = (used as u8).saturating_sub(held);
                                    let slot = &mut next[new][c1][m + pung + new][p + q];
                                    *slot = (*slot).min(cost + add);
                                }
                            }
                        }
                    }
                }
            }
        }
        dp = next;
    }
    let mut out = [NONE; 10];
    for m in 0..5 {
        for p in 0..2 {
            out[5 * p + m] = dp[0][0][m][p];
        }
    }
    out
}

/// Seven pairs: the best seven pair slots. A kind held `c` times offers `min(c, 2)` toward
/// one pair, and with `quads` a second pair slot worth `min(c, 4) - 2` when positive.
fn seven_pairs_distance(counts: &[u8; 34], quads: bool) -> u8 {
    let mut slots: Vec<u8> = Vec::with_capacity(68);
    for &c in counts.iter() {
        slots.push(c.min(2));
        if quads {
            slots.push(c.min(4).saturating_sub(2));
        }
    }
    slots.sort_unstable_by(|a, b| b.cmp(a));
    14 - slots.iter().take(7).sum::<u8>()
}

/// Thirteen orphans: each of the 13 terminal and honour kinds once, one of them twice.
fn thirteen_orphans_distance(counts: &[u8; 34]) -> u8 {
    let mut best = IMPOSSIBLE;
    for pair in Kind::ORPHANS {
        let mut target = [0u8; 34];
        for k in Kind::ORPHANS {
            target[k.index()] = 1;
        }
        target[pair.index()] = 2;
        best = best.min(missing(counts, &target));
    }
    best
}

/// Honours and knitted: 14 distinct kinds among the 9 knitted kinds of one assignment and the
/// 7 honours.
fn honors_knitted_distance(counts: &[u8; 34]) -> u8 {
    let mut best = IMPOSSIBLE;
    for perm in KNITTED_PERMUTATIONS {
        let mut present = (27..34).filter(|&k| counts[k] > 0).count();
        present += knitted_kinds(perm).iter().filter(|&&k| counts[k] > 0).count();
        best = best.min(14 - present.min(14) as u8);
    }
    best
}

/// Knitted straight: the 9 knitted kinds of one assignment, one meld (from concealed tiles
/// unless `declared` is true) and a pair. Enumerates every such target hand.
fn knitted_straight_distance(counts: &[u8; 34], declared: bool) -> u8 {
    let mut best = IMPOSSIBLE;
    let mut meld_options: Vec<Option<(usize, bool)>> = Vec::new();
    if declared {
        meld_options.push(None);
    } else {
        for k in 0..34 {
            meld_options.push(Some((k, false)));
            if k < 27 && k % 9 <= 6 {
                meld_options.push(Some((k, true)));
            }
        }
    }
    for perm in KNITTED_PERMUTATIONS {
        let mut base = [0u8; 34];
        for k in knitted_kinds(perm) {
            base[k] = 1;
        }
        for meld in &meld_options {
            let mut with_meld = base;
            match *meld {
                Some((k, true)) => (k..k + 3).for_each(|i| with_meld[i] += 1),
                Some((k, false)) => with_meld[k] += 3,
                None => {}
            }
            if with_meld.iter().any(|&c| c > 4) {
                continue;
            }
            // The pair changes only its own kind's shortfall.
            let base = missing(counts, &with_meld);
            for pair in 0..34 {
                let t = with_meld[pair];
                if t + 2 > 4 {
                    continue;
                }
                let cost =
                    base - t.saturating_sub(counts[pair]) + (t + 2).saturating_sub(counts[pair]);
                best = best.min(cost);
            }
        }
    }
    best
}

/// The distance to one form, `None` when the form cannot be made with `melds` declared melds.
fn form_distance(counts: &Counts, melds: u8, form: Form, forms: FormSet) -> Option<u8> {
    let melds = melds.min(4);
    let c = &counts.0;
    match form {
        Form::Regular => Some(regular_distance(c, 4 - melds)),
        Form::SevenPairs if melds == 0 => Some(seven_pairs_distance(c, forms.quads_as_two_pairs())),
        Form::ThirteenOrphans if melds == 0 => Some(thirteen_orphans_distance(c)),
        Form::HonorsAndKnitted if melds == 0 => Some(honors_knitted_distance(c)),
        Form::KnittedStraight if melds <= 1 => Some(knitted_straight_distance(c, melds == 1)),
        _ => None,
    }
}

/// The fewest tiles to add to reach any allowed form ([`u8::MAX`] when none is possible).
fn distance(counts: &Counts, melds: u8, forms: FormSet) -> u8 {
    forms
        .forms()
        .filter_map(|form| form_distance(counts, melds, form, forms))
        .min()
        .unwrap_or(IMPOSSIBLE)
}

/// Shanten from a distance and a number of jokers (jokers fill missing tiles; never below −1).
fn to_shanten(distance: u8, jokers: u8) -> i8 {
    if distance == IMPOSSIBLE {
        return i8::MAX;
    }
    (distance.saturating_sub(jokers) as i16 - 1).min(i8::MAX as i16) as i8
}

/// The number of concealed tiles (jokers included) of a complete hand with `melds` melds.
fn complete_size(melds: u8) -> u32 {
    14 - 3 * melds.min(4) as u32
}

/// Shanten of one form (`None` when `forms` does not allow it or the melds rule it out).
pub fn form_shanten(counts: &Counts, melds: u8, form: Form, forms: FormSet) -> Option<i8> {
    if !forms.contains(form) {
        return None;
    }
    form_distance(counts, melds, form, forms).map(|d| to_shanten(d, 0))
}

/// Shanten over the allowed forms: −1 complete, 0 ready ([`i8::MAX`] if no form is possible).
pub fn shanten(counts: &Counts, melds: u8, forms: FormSet) -> i8 {
    shanten_with_jokers(counts, 0, melds, forms)
}

/// Shanten with `jokers` wildcards besides `counts`.
pub fn shanten_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> i8 {
    to_shanten(distance(counts, melds, forms), jokers)
}

/// Shanten of the regular form whose pair is one of `pairs` (Wuhan's 2-5-8 pair, say), with
/// `jokers` wildcards ([`i8::MAX`] when `pairs` is empty).
pub fn pair_shanten(counts: &Counts, jokers: u8, melds: u8, pairs: KindSet) -> i8 {
    to_shanten(regular_distance_with_pair(&counts.0, 4 - melds.min(4), pairs), jokers)
}

/// Whether the hand is complete in an allowed form.
pub fn is_agari(counts: &Counts, melds: u8, forms: FormSet) -> bool {
    is_agari_with_jokers(counts, 0, melds, forms)
}

/// Whether the hand with `jokers` wildcards is complete in an allowed form.
pub fn is_agari_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> bool {
    counts.total() + jokers as u32 == complete_size(melds)
        && distance(counts, melds, forms) <= jokers
}

/// The kinds that complete the hand (kinds held four times are never waits).
pub fn waits(counts: &Counts, melds: u8, forms: FormSet) -> KindSet {
    waits_with_jokers(counts, 0, melds, forms)
}

/// The kinds that complete the hand with `jokers` wildcards.
pub fn waits_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    let mut out = KindSet::EMPTY;
    for kind in Kind::all() {
        if counts.get(kind) >= 4 {
            continue;
        }
        let mut next = *counts;
        next.add(kind);
        if is_agari_with_jokers(&next, jokers, melds, forms) {
            out.insert(kind);
        }
    }
    out
}

/// The kinds whose draw lowers shanten (kinds held four times cannot be drawn).
pub fn ukeire(counts: &Counts, melds: u8, forms: FormSet) -> KindSet {
    ukeire_with_jokers(counts, 0, melds, forms)
}

/// The kinds whose draw lowers shanten of the hand with `jokers` wildcards.
pub fn ukeire_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    let now = shanten_with_jokers(counts, jokers, melds, forms);
    let mut out = KindSet::EMPTY;
    for kind in Kind::all() {
        if counts.get(kind) >= 4 {
            continue;
        }
        let mut next = *counts;
        next.add(kind);
        if shanten_with_jokers(&next, jokers, melds, forms) < now {
            out.insert(kind);
        }
    }
    out
}

/// The effective kinds and how many of their copies are unseen (4 − held − visible, never
/// negative).
pub fn ukeire_count(
    counts: &Counts,
    melds: u8,
    forms: FormSet,
    visible: &Counts,
) -> (KindSet, u32) {
    let kinds = ukeire(counts, melds, forms);
    let unseen = kinds
        .iter()
        .map(|k| 4u32.saturating_sub(counts.get(k) as u32 + visible.get(k) as u32))
        .sum();
    (kinds, unseen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Counts {
        s.parse().unwrap()
    }

    #[test]
    fn regular_examples() {
        assert_eq!(shanten(&c("123m456p789s11122z"), 0, FormSet::REGULAR), -1);
        assert_eq!(shanten(&c("123m456p789s1122z"), 0, FormSet::REGULAR), 0);
        assert_eq!(shanten(&c("19m19p19s1234567z"), 0, FormSet::REGULAR), 8);
        assert_eq!(shanten(&c("1111m"), 3, FormSet::REGULAR), 1);
        // 1111m with a 2-tile target of one pair and one chow missing two tiles.
        assert_eq!(shanten(&c("11m"), 4, FormSet::REGULAR), -1);
        assert_eq!(shanten(&c("1m"), 4, FormSet::REGULAR), 0);
        assert_eq!(shanten(&c(""), 0, FormSet::REGULAR), 13);
    }

    #[test]
    fn suit_distances_examples() {
        // 1112345678999m: complete with four melds and a pair after one more tile.
        let d = suit_distances(&[3, 1, 1, 1, 1, 1, 1, 1, 3], true);
        assert_eq!(d[5 + 4], 1);
        assert_eq!(d[4], 0);
        assert_eq!(suit_distances(&[0; 9], true), [0, 3, 6, 9, 12, 2, 5, 8, 11, 14]);
        assert_eq!(suit_distances(&[1, 0, 0, 0, 0, 0, 0], false)[5], 1);
    }

    #[test]
    fn fifth_copy_is_not_a_wait() {
        // 1111m234p567p789s: the 1m "single wait" needs a fifth 1m.
        let hand = c("1111m234p567p789s");
        assert_eq!(shanten(&hand, 0, FormSet::REGULAR), 1);
        assert!(waits(&hand, 0, FormSet::REGULAR).is_empty());
    }

    #[test]
    fn special_forms() {
        let hand = c("19m19p19s1234567z");
        assert_eq!(shanten(&hand, 0, FormSet::RIICHI), 0);
        assert_eq!(waits(&hand, 0, FormSet::RIICHI).len(), 13);
        let pairs = c("1122m3344p5566s7z");
        assert_eq!(form_shanten(&pairs, 0, Form::SevenPairs, FormSet::RIICHI), Some(0));
        let quads = c("1111m2233p4455s6z");
        assert_eq!(form_shanten(&quads, 0, Form::SevenPairs, FormSet::RIICHI), Some(2));
        assert_eq!(form_shanten(&quads, 0, Form::SevenPairs, FormSet::MCR), Some(0));
        assert_eq!(form_shanten(&quads, 1, Form::SevenPairs, FormSet::MCR), None);
        let knitted = c("147m258p369s1234z");
        assert_eq!(form_shanten(&knitted, 0, Form::HonorsAndKnitted, FormSet::MCR), Some(0));
        assert_eq!(form_shanten(&knitted, 0, Form::KnittedStraight, FormSet::MCR), Some(2));
        let straight = c("147m258p369s11z23m");
        assert_eq!(waits(&straight, 0, FormSet::MCR).to_string(), "14m");
        assert_eq!(form_shanten(&knitted, 0, Form::KnittedStraight, FormSet::RIICHI), None);
    }

    #[test]
    fn jokers_fill_gaps() {
        let hand = c("12334m456p789s11z");
        assert_eq!(shanten_with_jokers(&hand, 1, 0, FormSet::REGULAR), -1);
        assert!(is_agari_with_jokers(&hand, 1, 0, FormSet::REGULAR));
        assert_eq!(waits_with_jokers(&c("123m456p789s11z"), 2, 0, FormSet::REGULAR), KindSet::ALL);
    }

    #[test]
    fn ukeire_counts_unseen() {
        let hand = c("123m456p789s1122z");
        let visible = c("111z");
        let (kinds, n) = ukeire_count(&hand, 0, FormSet::REGULAR, &visible);
        assert_eq!(kinds.to_string(), "12z");
        assert_eq!(n, 2);
    }
}
