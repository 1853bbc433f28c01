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
//! Speed: the regular form comes from per-suit tables (see the `tables` module docs for how
//! and how big: about 0.7 MiB in all); seven pairs, thirteen orphans and honours-and-knitted
//! from bit masks; knitted straight from the same tables on the hand minus each knitted
//! assignment. Counts above four or more than 14 tiles of a suit (13 for waits and effective
//! tiles) fall back to [`crate::reference`], which is exact for any input.

use crate::regular::Suits;
use crate::special::Bits;
use crate::{knitted, reference, Counts, Form, FormSet, KindSet};

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
    let mut d = IMPOSSIBLE;
    if forms.contains(Form::Regular) {
        d = suits.distance(4 - melds as usize);
    }
    if melds == 0
        && forms.without(Form::Regular)
            != FormSet::EMPTY.with_quads_as_two_pairs(forms.quads_as_two_pairs())
    {
        let bits = Bits::new(counts);
        if forms.contains(Form::SevenPairs) {
            d = d.min(bits.seven_pairs(forms.quads_as_two_pairs()));
        }
        if forms.contains(Form::ThirteenOrphans) {
            d = d.min(bits.thirteen_orphans());
        }
        if forms.contains(Form::HonorsAndKnitted) {
            d = d.min(bits.honors_knitted());
        }
        if forms.contains(Form::KnittedStraight) {
            d = d.min(knitted::distance(counts, &bits, suits.class[3], 0));
        }
    } else if melds == 1 && forms.contains(Form::KnittedStraight) {
        d = d.min(knitted::distance(counts, &Bits::new(counts), suits.class[3], 1));
    }
    d
}

/// The kinds whose draw lowers the distance `d` over the allowed forms (covered to 13 tiles
/// per suit).
fn improving(counts: &Counts, suits: &Suits, melds: u8, forms: FormSet, d: u8) -> u64 {
    if d == 0 || d == IMPOSSIBLE {
        return 0;
    }
    let mut out = 0;
    if forms.contains(Form::Regular) && suits.distance(4 - melds as usize) == d {
        out |= suits.improving(counts, 4 - melds as usize, d);
    }
    if melds == 0 {
        let bits = Bits::new(counts);
        let special = [
            (Form::SevenPairs, bits.seven_pairs_improving(forms.quads_as_two_pairs())),
            (Form::ThirteenOrphans, bits.thirteen_orphans_improving()),
            (Form::HonorsAndKnitted, bits.honors_knitted_improving()),
        ];
        for (form, (fd, mask)) in special {
            if forms.contains(form) && fd == d {
                out |= mask;
            }
        }
    }
    if melds <= 1
        && forms.contains(Form::KnittedStraight)
        && knitted::distance(counts, &Bits::new(counts), suits.class[3], melds) == d
    {
        out |= knitted_improving(counts, melds, d);
    }
    out
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
#[inline]
pub fn is_agari(counts: &Counts, melds: u8, forms: FormSet) -> bool {
    is_agari_with_jokers(counts, 0, melds, forms)
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
    let mut bits = kinds.bits();
    let mut unseen = 0u32;
    while bits != 0 {
        let k = bits.trailing_zeros() as usize & 63;
        bits &= bits - 1;
        let seen = *counts.0.get(k).unwrap_or(&0) as u32 + *visible.0.get(k).unwrap_or(&0) as u32;
        unseen += 4u32.saturating_sub(seen);
    }
    (kinds, unseen)
}

/// Shanten with `jokers` wildcards besides the concealed `counts`.
#[inline]
pub fn shanten_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> i8 {
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
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if suits.total() + jokers as u32 != complete_size(melds) || !suits.covered(14) {
        // Wrong size, or a count above four (then no complete hand equals it).
        return false;
    }
    if jokers == 0 && forms.contains(Form::Regular) && suits.is_complete() {
        return true;
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
    let d = distance(counts, &suits, melds, forms);
    if d != jokers.saturating_add(1) {
        return KindSet::EMPTY;
    }
    KindSet::from_bits(improving(counts, &suits, melds, forms, d))
}

/// The kinds whose draw lowers shanten of the hand with `jokers` wildcards.
#[inline]
pub fn ukeire_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if !suits.covered(13) {
        return reference::ukeire_with_jokers(counts, jokers, melds, forms);
    }
    let d = distance(counts, &suits, melds, forms);
    if d <= jokers {
        return KindSet::EMPTY;
    }
    KindSet::from_bits(improving(counts, &suits, melds, forms, d))
}
