//! Shanten, win detection, waits and effective tiles over the forms a rule set allows.
//!
//! ```
//! use hupai_core::{is_agari, shanten, ukeire, waits, Counts, FormSet};
//! let ready: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(shanten(&ready, 0, FormSet::RIICHI), 0);
//! assert_eq!(waits(&ready, 0, FormSet::RIICHI).to_string(), "12z");
//! assert_eq!(ukeire(&ready, 0, FormSet::RIICHI).to_string(), "12z");
//! let won: Counts = "123m456p789s11122z".parse().unwrap();
//! assert!(is_agari(&won, 0, FormSet::RIICHI));
//! ```
//!
//! Definitions (shared with [`crate::reference`]): the *distance* of a hand to a form is the
//! fewest tiles that must be added so that a complete hand of the form, with at most four
//! copies of any kind, is contained in the hand plus the added tiles. Shanten is the distance
//! minus one over the allowed forms, which for 13 and 14 tiles is the usual "fewest exchanges"
//! (−1 complete, 0 ready). `melds` is the number of declared melds (values above 4 count as
//! 4); the concealed tiles are then 3(4 − melds) + 1 or + 2, and fewer tiles are fine (the
//! missing tiles count as tiles to add). A kind held four times is never a wait nor an
//! effective tile: a fifth copy does not exist. Jokers stand for any tile: with `j` jokers the
//! distance drops by `j` (never below complete). When no allowed form is possible with
//! `melds` (for example only seven pairs and one meld), shanten is [`i8::MAX`].
//!
//! Speed: the regular form comes from per-suit tables (see the crate README for how and
//! how big: about 0.95 MiB of tables in all); seven pairs, thirteen orphans and honours-and-knitted
//! from bit masks; knitted straight from the same tables on the hand minus each knitted
//! assignment. Counts above four or more than 14 tiles of a suit (13 for waits and effective
//! tiles) fall back to [`crate::reference`], which is exact for any input.

use crate::regular::{Discards, OwnSuits, RegularForm, Suits};
use crate::special::{self, Bits};
use crate::{knitted, reference, tables, Counts, Form, FormSet, Kind, KindSet};
use std::ops::RangeInclusive;

/// "No allowed form is possible".
const IMPOSSIBLE: u8 = u8::MAX;

/// The distance of one form (`IMPOSSIBLE` when the melds rule it out); the hand must be
/// covered by the tables.
#[inline(always)]
fn form_distance(counts: &Counts, suits: &Suits, melds: u8, form: Form, forms: FormSet) -> u8 {
    match form {
        Form::Regular => suits.distance(4 - melds as usize),
        _ if melds > 1 || (melds == 1 && form != Form::KnittedStraight) => IMPOSSIBLE,
        Form::SevenPairs => Bits::new(counts).seven_pairs(forms.quads_as_two_pairs()),
        Form::ThirteenOrphans => Bits::new(counts).thirteen_orphans(),
        Form::HonorsAndKnitted => Bits::new(counts).honors_knitted(),
        Form::KnittedStraight => {
            knitted::distance(counts, &Bits::new(counts), suits.class[3], melds)
        }
    }
}

/// The distance over the allowed forms; the hand must be covered by the tables.
#[inline(always)]
fn distance(counts: &Counts, suits: &Suits, melds: u8, forms: FormSet) -> u8 {
    let regular = OwnSuits { counts, suits, needed: 4 - melds as usize };
    distance_and_improving(counts, suits, melds, forms, &regular, None).0
}

/// The number of terminal and honour tiles held.
#[inline(always)]
fn orphan_tiles(counts: &Counts, suits: &Suits) -> u32 {
    let c = &counts.0;
    suits.sum[3] + [0, 8, 9, 17, 18, 26].iter().map(|&k| c[k] as u32).sum::<u32>()
}

/// The distance over the allowed forms and, when `wanted` contains it, the kinds whose draw
/// lowers it (`suits` are the hand's suits; the effective kinds need the hand covered to 13
/// tiles per suit). With `wanted`, the distance is exact up to the end of the range and
/// otherwise only known to be above it (waits need no more, and skip the special forms of
/// hands far from ready); without, it is exact.
///
/// Each form's distance is computed once, and only where a cheap bound lets it reach the
/// best so far (or tie it, when effective kinds may be wanted); a form contributes effective
/// kinds exactly when it is at the best.
#[inline(always)]
fn distance_and_improving(
    counts: &Counts,
    suits: &Suits,
    melds: u8,
    forms: FormSet,
    regular_form: &impl RegularForm,
    wanted: Option<RangeInclusive<u8>>,
) -> (u8, u64) {
    let regular = if forms.contains(Form::Regular) { regular_form.distance() } else { IMPOSSIBLE };
    let mut d = regular;
    // Each value below is exact when it is below `bound(d)` at the time (otherwise at least
    // that): below `d` for the distance alone, up to `d` and the end of `wanted` for ties.
    let bound = |d: u8| match &wanted {
        None => d,
        Some(range) => d.min(*range.end()).saturating_add(1),
    };
    let (mut pairs, mut orphans, mut honors_knitted, mut knitted) =
        (IMPOSSIBLE, IMPOSSIBLE, IMPOSSIBLE, IMPOSSIBLE);
    // The bit masks are built where a form needs them (building them up front costs
    // stores on every call, and most calls need none).
    let bits = || Bits::new(counts);
    let quads = forms.quads_as_two_pairs();
    if melds == 0 {
        if forms.contains(Form::SevenPairs) {
            let w = special::words(counts);
            // Effective tiles want every tie up to any distance, where the early exit of
            // `seven_pairs_below` mispredicts; shanten and waits take it predictably.
            let all_ties = wanted.as_ref().is_some_and(|range| *range.end() == IMPOSSIBLE);
            pairs = if quads {
                bits().seven_pairs(true)
            } else if all_ties {
                special::seven_pairs_distance(&w)
            } else {
                special::seven_pairs_below(&w, bound(d))
            };
            d = d.min(pairs);
        }
        // Thirteen orphans needs 14 orphan tiles less its distance: skip it when the orphan
        // tiles held cannot reach `d` (almost always, for random hands).
        if forms.contains(Form::ThirteenOrphans)
            && 14 - orphan_tiles(counts, suits).min(14) < bound(d) as u32
        {
            orphans = bits().thirteen_orphans();
            d = d.min(orphans);
        }
        if forms.contains(Form::HonorsAndKnitted) {
            honors_knitted = bits().honors_knitted();
            d = d.min(honors_knitted);
        }
    }
    if melds <= 1 && forms.contains(Form::KnittedStraight) {
        knitted = knitted::distance_below(counts, &bits(), suits, melds, bound(d));
        d = d.min(knitted);
    }
    if d == 0 || d == IMPOSSIBLE || !wanted.is_some_and(|range| range.contains(&d)) {
        return (d, 0);
    }
    let mut out = 0;
    if regular == d {
        out |= regular_form.improving(d);
    }
    if pairs == d {
        out |= bits().seven_pairs_improving(quads).1;
    }
    if orphans == d {
        out |= bits().thirteen_orphans_improving().1;
    }
    if honors_knitted == d {
        out |= bits().honors_knitted_improving().1;
    }
    if knitted == d {
        out |= knitted_improving(counts, melds, d);
    }
    (d, out)
}

/// [`distance_and_improving`] with the regular form from the hand's own suits.
#[inline(always)]
fn distance_and_improving_of(
    counts: &Counts,
    suits: &Suits,
    melds: u8,
    forms: FormSet,
    wanted: RangeInclusive<u8>,
) -> (u8, u64) {
    let regular = OwnSuits { counts, suits, needed: 4 - melds as usize };
    distance_and_improving(counts, suits, melds, forms, &regular, Some(wanted))
}

/// Knitted straight's effective kinds, one distance per candidate draw (rarely needed).
#[cold]
fn knitted_improving(counts: &Counts, melds: u8, d: u8) -> u64 {
    let mut out = 0;
    for k in 0..34 {
        if counts.0[k] >= 4 {
            continue;
        }
        let mut next = *counts;
        next.0[k] += 1;
        let suits = Suits::new(&next);
        if knitted::distance(&next, &Bits::new(&next), suits.class[3], melds) < d {
            out |= 1 << k;
        }
    }
    out
}

/// Shanten from a distance and a number of jokers (jokers fill missing tiles; never below −1).
#[inline(always)]
fn to_shanten(d: u8, jokers: u8) -> i8 {
    if d == IMPOSSIBLE {
        return i8::MAX;
    }
    (d.saturating_sub(jokers) as i16 - 1).min(i8::MAX as i16) as i8
}

/// The number of concealed tiles (jokers included) of a complete hand with `melds` melds.
#[inline(always)]
fn complete_size(melds: u8) -> u32 {
    14 - 3 * melds as u32
}

/// Shanten over the allowed forms: −1 complete, 0 ready, n: n exchanges from ready.
#[inline]
pub fn shanten(counts: &Counts, melds: u8, forms: FormSet) -> i8 {
    shanten_with_jokers(counts, 0, melds, forms)
}

/// Shanten of one form; `None` when `forms` does not allow it or the declared melds rule it
/// out (every form but regular needs zero declared melds, knitted straight zero or one).
pub fn form_shanten(counts: &Counts, melds: u8, form: Form, forms: FormSet) -> Option<i8> {
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if !suits.covered(14) {
        return reference::form_shanten(counts, melds, form, forms);
    }
    if !forms.contains(form) {
        return None;
    }
    match form_distance(counts, &suits, melds, form, forms) {
        IMPOSSIBLE => None,
        d => Some(to_shanten(d, 0)),
    }
}

/// Whether the concealed tiles with `melds` declared melds make a complete hand.
///
/// Random hands are turned away by branch-free necessary conditions computed from the counts
/// as five words, all behind one well-predicted branch: the right number of tiles and one
/// of seven pairs ("no count with bit 0 or bit 2 set", or only bit 0 with quads as two
/// pairs), the regular form (no honour held once or four times, no suit of 3n + 1 tiles,
/// exactly one suit of 3n + 2), thirteen orphans (seven honour tiles or more) or a knitted
/// form allowed. The few hands that pass go to an exact check out of line, which also
/// rejects counts above four (the conditions may pass them: they are never complete).
/// Always inlined, so a constant `forms` drops the conditions of forms not allowed.
#[inline(always)]
pub fn is_agari(counts: &Counts, melds: u8, forms: FormSet) -> bool {
    let melds = melds.min(4);
    let w = special::words(counts);
    // Each suit's tiles (meaningful when every count is at most four).
    let sums = tables::suit_sums(&counts.0);
    let size = (sums[0] + sums[1] + sums[2] + sums[3]) == complete_size(melds);
    let pairs = melds == 0 && forms.contains(Form::SevenPairs) && {
        let odd_mask =
            if forms.quads_as_two_pairs() { special::ONES } else { 0x0505_0505_0505_0505 };
        w.iter().fold(0, |acc, &x| acc | x & odd_mask) == 0
    };
    let regular = forms.contains(Form::Regular) & regular_gate(&sums, &w);
    let orphans = (melds == 0) & forms.contains(Form::ThirteenOrphans) & (sums[3] >= 7);
    let knitted = melds <= 1
        && (forms.contains(Form::KnittedStraight)
            || (melds == 0 && forms.contains(Form::HonorsAndKnitted)));
    size & (pairs | regular | orphans | knitted) && agari_exact(counts, melds, forms, regular)
}

/// The rest of [`is_agari`] for hands that pass its conditions (kept out of line so the
/// conditions stay a small function): counts at most four, then each allowed form exactly.
#[inline(never)]
fn agari_exact(counts: &Counts, melds: u8, forms: FormSet, regular_gate: bool) -> bool {
    let w = special::words(counts);
    if !tables::counts_valid(&counts.0) {
        return false;
    }
    if melds == 0 && forms.contains(Form::SevenPairs) {
        let odd_mask =
            if forms.quads_as_two_pairs() { special::ONES } else { 0x0505_0505_0505_0505 };
        if w.iter().fold(0, |acc, &x| acc | x & odd_mask) == 0 {
            return true;
        }
    }
    if regular_gate && Suits::new(counts).is_complete() {
        return true;
    }
    if melds == 0 && forms.contains(Form::ThirteenOrphans) && special::all_orphans(&w) {
        return true;
    }
    let bits = Bits::new(counts);
    if melds == 0 && forms.contains(Form::HonorsAndKnitted) && bits.honors_knitted() == 0 {
        return true;
    }
    melds <= 1
        && forms.contains(Form::KnittedStraight)
        && bits.knitted_held().contains(&9)
        && knitted::distance(counts, &bits, Suits::new(counts).class[3], melds) == 0
}

/// Branch-free necessary conditions for counts of the right size to be melds and one pair:
/// no honour held once or four times, no suit of 3n+1 tiles, exactly one suit of 3n+2.
#[inline(always)]
fn regular_gate(sums: &[u32; 4], w: &[u64; 5]) -> bool {
    // Honours are bytes 3..8 of word 3 and bytes 0..2 of word 4.
    const HONOR3: u64 = 0x0101_0101_0100_0000;
    const HONOR4: u64 = 0x0101;
    let lone = |x: u64| (x & !(x >> 1)) | (x >> 2);
    let honor_bad = (lone(w[3]) & HONOR3) | (lone(w[4]) & HONOR4);
    // Per suit sum s: code 4 for s = 1 mod 3, 1 for s = 2 mod 3; the sum of the four codes is
    // 1 exactly when no suit is 3n+1 and one suit is 3n+2 (sums of valid counts are at most
    // 36; larger garbage sums are masked into the table and settled by the exact check).
    static CODES: [u8; 64] = {
        let mut table = [0u8; 64];
        let mut s = 0;
        while s < 64 {
            table[s] = [0, 4, 1][s % 3];
            s += 1;
        }
        table
    };
    let code: u32 = sums.iter().map(|&s| CODES[s as usize & 63] as u32).sum();
    (honor_bad == 0) & (code == 1)
}

/// The kinds whose draw completes the hand (empty unless it is ready; a kind held four
/// times is excluded).
#[inline]
pub fn waits(counts: &Counts, melds: u8, forms: FormSet) -> KindSet {
    waits_with_jokers(counts, 0, melds, forms)
}

/// The kinds whose draw lowers shanten (effective tiles; a kind held four times is excluded).
#[inline]
pub fn ukeire(counts: &Counts, melds: u8, forms: FormSet) -> KindSet {
    ukeire_with_jokers(counts, 0, melds, forms)
}

/// The effective kinds and the number of their copies still unseen: for each kind,
/// 4 − held − visible, never negative.
pub fn ukeire_count(
    counts: &Counts,
    melds: u8,
    forms: FormSet,
    visible: &Counts,
) -> (KindSet, u32) {
    let kinds = ukeire(counts, melds, forms);
    (kinds, unseen_copies(kinds.bits(), counts, visible))
}

/// The unseen copies of the kinds in `set` (bit k: kind k): for each, 4 − held − visible,
/// never negative.
#[inline(always)]
pub(crate) fn unseen_copies(set: u64, counts: &Counts, visible: &Counts) -> u32 {
    use special::{HIGH, ONES};
    let (held, seen) = (special::words(counts), special::words(visible));
    // When every held + visible is at most four (any legal position), the answer is four
    // per kind less the sum of held + visible over the set, eight kinds at a time.
    let mut bad = 0;
    let (mut members, mut taken) = (0u64, 0u64);
    for j in 0..5 {
        let both = held[j].wrapping_add(seen[j]);
        bad |= held[j] | seen[j] | both.wrapping_add(0x7b * ONES);
        let mask = Unseen::spread(set >> (8 * j));
        members += mask & ONES;
        taken = taken.wrapping_add(both & mask);
    }
    if bad & HIGH != 0 {
        return Unseen::new(counts, visible).count(set);
    }
    let sum = |x: u64| (x.wrapping_mul(ONES) >> 56) as u32;
    4 * sum(members) - sum(taken)
}

/// The copies of each kind still unseen, 4 − held − visible (never negative), one byte per
/// kind in five words, so that the copies of a set of kinds are summed eight at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unseen([u64; 5]);

impl Unseen {
    #[inline(always)]
    pub fn new(counts: &Counts, visible: &Counts) -> Unseen {
        use special::{HIGH, ONES};
        let (held, seen) = (special::words(counts), special::words(visible));
        // Held | visible at most four in every byte implies both are (and every legal
        // position, where held + visible is at most four, passes).
        let either = held.iter().zip(&seen).fold(0, |acc, (&h, &v)| {
            let x = h | v;
            acc | x | x.wrapping_add(0x7b * ONES)
        });
        if either & HIGH == 0 {
            // Counts at most four: their sum stays in its byte. High bit of 0x84 − sum: the
            // sum is at most four, and then the low bits are 4 − sum.
            return Unseen(std::array::from_fn(|j| {
                let r = 0x84 * ONES - (held[j] + seen[j]);
                r & ((r & HIGH) >> 7).wrapping_mul(7)
            }));
        }
        let mut bytes = [0u8; 40];
        for (k, b) in bytes.iter_mut().take(34).enumerate() {
            *b = 4u8.saturating_sub(counts.0[k].saturating_add(visible.0[k]));
        }
        Unseen(std::array::from_fn(|j| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[8 * j..8 * j + 8]);
            u64::from_le_bytes(word)
        }))
    }

    /// The unseen copies of the kinds in `set` (bit k: kind k).
    #[inline(always)]
    pub fn count(&self, set: u64) -> u32 {
        let mut sum = 0u64;
        for (j, &unseen) in self.0.iter().enumerate() {
            sum += unseen & Unseen::spread(set >> (8 * j));
        }
        (sum.wrapping_mul(special::ONES) >> 56) as u32
    }

    /// The low eight bits of `bits` spread to the eight bytes of a word: 0xff where set.
    #[inline(always)]
    fn spread(bits: u64) -> u64 {
        static SPREAD: [u64; 256] = {
            let mut table = [0u64; 256];
            let mut bits = 0;
            while bits < 256 {
                let mut i = 0;
                while i < 8 {
                    if bits >> i & 1 == 1 {
                        table[bits] |= 0xff << (8 * i);
                    }
                    i += 1;
                }
                bits += 1;
            }
            table
        };
        SPREAD[bits as usize & 0xff]
    }
}

/// Shanten with `jokers` wildcards besides the concealed `counts`.
#[inline]
pub fn shanten_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> i8 {
    // The common rule sets get their own copy with the form tests folded away (one
    // predictable compare); any other set runs the general code.
    if forms == FormSet::RIICHI {
        shanten_in(counts, jokers, melds, FormSet::RIICHI)
    } else if forms == FormSet::REGULAR {
        shanten_in(counts, jokers, melds, FormSet::REGULAR)
    } else if forms == FormSet::MCR {
        shanten_in(counts, jokers, melds, FormSet::MCR)
    } else {
        shanten_in(counts, jokers, melds, forms)
    }
}

/// [`shanten_with_jokers`] for one set of forms.
#[inline(always)]
fn shanten_in(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> i8 {
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if !suits.covered(14) {
        return slow_shanten(counts, jokers, melds, forms);
    }
    to_shanten(distance(counts, &suits, melds, forms), jokers)
}

/// Shanten of hands the tables do not cover (a count above four, over 14 tiles in a suit).
#[cold]
#[inline(never)]
fn slow_shanten(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> i8 {
    reference::shanten_with_jokers(counts, jokers, melds, forms)
}

/// Whether the concealed `counts` plus `jokers` wildcards make a complete hand.
#[inline]
pub fn is_agari_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> bool {
    if jokers == 0 {
        return is_agari(counts, melds, forms);
    }
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if suits.total() + jokers as u32 != complete_size(melds) || !suits.covered(14) {
        // Wrong size, or a count above four (then no complete hand equals it).
        return false;
    }
    distance(counts, &suits, melds, forms) <= jokers
}

/// The kinds whose draw completes the hand with `jokers` wildcards.
#[inline]
pub fn waits_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if suits.total() + jokers as u32 + 1 != complete_size(melds) {
        return KindSet::EMPTY;
    }
    if !suits.covered(13) {
        return reference::waits_with_jokers(counts, jokers, melds, forms);
    }
    // A hand one tile short has distance at least jokers + 1; a draw completes it exactly
    // when it lowers a distance of jokers + 1.
    let ready = jokers.saturating_add(1);
    let (d, improving) = distance_and_improving_of(counts, &suits, melds, forms, ready..=ready);
    KindSet::from_bits(if d == ready { improving } else { 0 })
}

/// The kinds whose draw lowers shanten of the hand with `jokers` wildcards.
#[inline]
pub fn ukeire_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    // As for shanten: a specialised copy for the common rule sets.
    if forms == FormSet::RIICHI {
        ukeire_in(counts, jokers, melds, FormSet::RIICHI)
    } else if forms == FormSet::REGULAR {
        ukeire_in(counts, jokers, melds, FormSet::REGULAR)
    } else {
        ukeire_in(counts, jokers, melds, forms)
    }
}

/// Shanten and the effective kinds together, from one distance (the discard table needs both).
pub(crate) fn shanten_and_ukeire(
    counts: &Counts,
    jokers: u8,
    melds: u8,
    forms: FormSet,
) -> (i8, KindSet) {
    if forms == FormSet::RIICHI {
        shanten_and_ukeire_in(counts, jokers, melds, FormSet::RIICHI)
    } else if forms == FormSet::REGULAR {
        shanten_and_ukeire_in(counts, jokers, melds, FormSet::REGULAR)
    } else {
        shanten_and_ukeire_in(counts, jokers, melds, forms)
    }
}

/// Shanten and effective tiles after discarding each held kind, in kind order, passed to
/// `each(kind, shanten, ukeire)`. Hands of at most 14 tiles share the work of the discards
/// ([`Discards`]); any other hand is computed one discard at a time.
pub(crate) fn after_each_discard(
    counts: &Counts,
    jokers: u8,
    melds: u8,
    forms: FormSet,
    each: impl FnMut(Kind, i8, KindSet),
) {
    if forms == FormSet::RIICHI {
        after_each_discard_in(counts, jokers, melds, FormSet::RIICHI, each)
    } else if forms == FormSet::REGULAR {
        after_each_discard_in(counts, jokers, melds, FormSet::REGULAR, each)
    } else {
        after_each_discard_in(counts, jokers, melds, forms, each)
    }
}

#[inline(always)]
fn after_each_discard_in(
    counts: &Counts,
    jokers: u8,
    melds: u8,
    forms: FormSet,
    mut each: impl FnMut(Kind, i8, KindSet),
) {
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    let mut after = *counts;
    if !suits.covered(14) || suits.total() > 14 {
        for kind in Kind::all() {
            if after[kind] > 0 {
                after[kind] -= 1;
                let (shanten, ukeire) = shanten_and_ukeire_in(&after, jokers, melds, forms);
                each(kind, shanten, ukeire);
                after[kind] += 1;
            }
        }
        return;
    }
    let discards = Discards::new(counts, &suits);
    let needed = 4 - melds as usize;
    // The held kinds as bits: a loop over them has no data-dependent branch per kind.
    let mut held = Bits::new(counts).held();
    while held != 0 {
        let k = held.trailing_zeros() as usize;
        held &= held - 1;
        let Some(kind) = Kind::new(k as u8) else { break };
        after.0[k] -= 1;
        let suits = discards.after(k);
        let regular = discards.after_discard(k, &after, &suits, needed);
        let wanted = jokers.saturating_add(1)..=IMPOSSIBLE;
        let (d, ukeire) =
            distance_and_improving(&after, &suits, melds, forms, &regular, Some(wanted));
        each(kind, to_shanten(d, jokers), KindSet::from_bits(ukeire));
        after.0[k] += 1;
    }
}

#[inline(always)]
fn shanten_and_ukeire_in(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> (i8, KindSet) {
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if !suits.covered(13) {
        return (
            reference::shanten_with_jokers(counts, jokers, melds, forms),
            reference::ukeire_with_jokers(counts, jokers, melds, forms),
        );
    }
    let (d, ukeire) = distance_and_improving_of(
        counts,
        &suits,
        melds,
        forms,
        jokers.saturating_add(1)..=IMPOSSIBLE,
    );
    (to_shanten(d, jokers), KindSet::from_bits(ukeire))
}

/// [`ukeire_with_jokers`] for one set of forms.
#[inline(always)]
fn ukeire_in(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if !suits.covered(13) {
        return reference::ukeire_with_jokers(counts, jokers, melds, forms);
    }
    KindSet::from_bits(
        distance_and_improving_of(
            counts,
            &suits,
            melds,
            forms,
            jokers.saturating_add(1)..=IMPOSSIBLE,
        )
        .1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    fn c(s: &str) -> Counts {
        s.parse().unwrap()
    }

    #[test]
    fn examples() {
        let hand = c("11123455678999m");
        assert!(is_agari(&hand, 0, FormSet::REGULAR));
        let mut nine_gates = hand;
        nine_gates.remove(Kind::new(4).unwrap());
        assert_eq!(waits(&nine_gates, 0, FormSet::REGULAR).to_string(), "123456789m");
        assert_eq!(form_shanten(&c("1122m"), 3, Form::SevenPairs, FormSet::MCR), None);
        assert_eq!(form_shanten(&c("1122m"), 3, Form::Regular, FormSet::RIICHI), Some(0));
        assert_eq!(shanten(&c("1122m"), 3, FormSet::EMPTY.with(Form::SevenPairs)), i8::MAX);
    }

    #[test]
    fn agari_special_forms_match_the_reference() {
        let pairs_quads = FormSet::RIICHI.with_quads_as_two_pairs(true);
        for hand in [
            "1122m3344p5566s77z",
            "1111m3344p5566s77z",
            "19m19p19s12345677z",
            "19m19p19s1234567z1m",
            "119m19p19s1234567z",
            "19m19p19s1234566z",
            "147m258p369s12345z",
            "147m258p369s11z23m",
            "1112345678999m1m",
            "11123456789999m",
        ] {
            let hand: Counts = hand.parse().unwrap();
            for forms in [FormSet::RIICHI, FormSet::MCR, FormSet::REGULAR, pairs_quads] {
                for melds in [0, 1] {
                    assert_eq!(
                        is_agari(&hand, melds, forms),
                        reference::is_agari(&hand, melds, forms),
                        "{hand} {melds}"
                    );
                }
            }
        }
    }

    #[test]
    fn unseen_copies_match_a_loop() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..20_000 {
            let set = next() & ((1 << 34) - 1);
            let (mut held, mut seen) = (Counts::EMPTY, Counts::EMPTY);
            for k in 0..34 {
                // Half the rounds with valid counts (at most four), half with any bytes.
                let r = if round % 2 == 0 { next() & !0x300 } else { next() };
                held.0[k] = if r & 0x100 == 0 { (r % 5) as u8 } else { r as u8 };
                let m = if round % 2 == 0 { 5 } else { 6 };
                seen.0[k] = if r & 0x200 == 0 { (r >> 12) as u8 % m } else { (r >> 20) as u8 };
            }
            let want: u32 = (0..34)
                .filter(|k| set >> k & 1 == 1)
                .map(|k| 4u32.saturating_sub(held.0[k] as u32 + seen.0[k] as u32))
                .sum();
            assert_eq!(unseen_copies(set, &held, &seen), want);
        }
    }

    #[test]
    fn ukeire_count_never_goes_negative() {
        let hand = c("123m456p789s1122z");
        let visible = c("1111z222z");
        assert_eq!(
            ukeire_count(&hand, 0, FormSet::RIICHI, &visible),
            (waits(&hand, 0, FormSet::RIICHI), 0)
        );
    }

    #[test]
    fn invalid_counts_do_not_panic_and_match_the_reference() {
        let mut hands = Vec::new();
        let mut five = c("123m456p789s1122z");
        five.0[0] = 5;
        hands.push(five);
        let mut big = Counts::EMPTY;
        big.0[..9].copy_from_slice(&[4, 4, 4, 4, 0, 0, 0, 0, 0]);
        hands.push(big);
        let mut garbage = Counts::EMPTY;
        garbage.0[3] = 255;
        garbage.0[33] = 200;
        hands.push(garbage);
        // Counts above four that pass the cheap conditions of is_agari: eight of 1z (even,
        // and never "held once or four times") with pairs, or with two pungs.
        let mut eight_pairs = c("112233m");
        eight_pairs.0[27] = 8;
        hands.push(eight_pairs);
        let mut eight_pungs = c("111222m");
        eight_pungs.0[27] = 8;
        hands.push(eight_pungs);
        for hand in hands {
            for forms in [FormSet::RIICHI, FormSet::MCR] {
                for melds in [0, 1, 9] {
                    let m = melds;
                    assert_eq!(shanten(&hand, m, forms), reference::shanten(&hand, m, forms));
                    assert_eq!(is_agari(&hand, m, forms), reference::is_agari(&hand, m, forms));
                    assert_eq!(waits(&hand, m, forms), reference::waits(&hand, m, forms));
                    assert_eq!(ukeire(&hand, m, forms), reference::ukeire(&hand, m, forms));
                    assert_eq!(
                        shanten_with_jokers(&hand, 2, m, forms),
                        reference::shanten_with_jokers(&hand, 2, m, forms)
                    );
                    for form in Form::ALL {
                        assert_eq!(
                            form_shanten(&hand, m, form, forms),
                            reference::form_shanten(&hand, m, form, forms)
                        );
                    }
                }
            }
        }
    }
}
