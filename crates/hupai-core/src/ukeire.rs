//! Waits and effective tiles (ukeire): the kinds whose draw completes the hand or lowers its
//! shanten, with jokers, their unseen copies, and both after each discard.
//!
//! ```
//! use hupai_core::{ukeire, ukeire_count, waits, Counts, FormSet};
//! let ready: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(waits(&ready, 0, FormSet::RIICHI).to_string(), "12z");
//! let far: Counts = "13m456p789s11223z".parse().unwrap();
//! assert_eq!(ukeire(&far, 0, FormSet::RIICHI).to_string(), "2m12z");
//! assert_eq!(ukeire_count(&far, 0, FormSet::RIICHI, &Counts::EMPTY).1, 4 + 2 + 2);
//! ```
//!
//! A kind held four times is never a wait nor an effective tile: a fifth copy does not exist.

use crate::distance::{
    complete_size, distance_and_improving, distance_and_improving_of, specialised, to_shanten,
    IMPOSSIBLE,
};
use crate::regular::{Discards, Suits};
use crate::special::Bits;
use crate::unseen::unseen_copies;
use crate::{reference, Counts, FormSet, Kind, KindSet};

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

/// The kinds whose draw completes the hand with `jokers` wildcards.
#[inline]
pub fn waits_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    specialised!(forms, |forms| waits_in(counts, jokers, melds, forms))
}

/// [`waits_with_jokers`] for one set of forms.
#[inline(always)]
fn waits_in(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
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
    specialised!(forms, |forms| shanten_and_ukeire_in(counts, jokers, melds, forms).1)
}

/// Shanten and the effective kinds together, from one distance (the discard table needs both).
pub(crate) fn shanten_and_ukeire(
    counts: &Counts,
    jokers: u8,
    melds: u8,
    forms: FormSet,
) -> (i8, KindSet) {
    specialised!(forms, |forms| shanten_and_ukeire_in(counts, jokers, melds, forms))
}

/// [`shanten_and_ukeire`] for one set of forms.
#[inline(always)]
fn shanten_and_ukeire_in(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> (i8, KindSet) {
    let melds = melds.min(4);
    let suits = Suits::new(counts);
    if !suits.covered(13) {
        return slow_shanten_and_ukeire(counts, jokers, melds, forms);
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

/// Shanten and effective kinds of hands the tables do not cover.
#[cold]
#[inline(never)]
fn slow_shanten_and_ukeire(
    counts: &Counts,
    jokers: u8,
    melds: u8,
    forms: FormSet,
) -> (i8, KindSet) {
    (
        reference::shanten_with_jokers(counts, jokers, melds, forms),
        reference::ukeire_with_jokers(counts, jokers, melds, forms),
    )
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
    specialised!(forms, |forms| after_each_discard_in(counts, jokers, melds, forms, each))
}

/// [`after_each_discard`] for one set of forms.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Counts {
        s.parse().unwrap()
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
    fn after_each_discard_is_shanten_and_ukeire_of_each_discard() {
        for hand in [
            "123m456p789s11223z",
            "1122m3344p5566s77z",
            "19m19p19s12345677z",
            "147m258p369s1234z1m",
        ] {
            let hand = c(hand);
            for forms in [FormSet::RIICHI, FormSet::MCR, FormSet::REGULAR, FormSet::CHINESE] {
                let mut seen = Vec::new();
                after_each_discard(&hand, 0, 0, forms, |kind, s, u| seen.push((kind, s, u)));
                let want: Vec<_> = Kind::all()
                    .filter(|&k| hand[k] > 0)
                    .map(|k| {
                        let mut after = hand;
                        after.remove(k);
                        (
                            k,
                            reference::shanten(&after, 0, forms),
                            reference::ukeire(&after, 0, forms),
                        )
                    })
                    .collect();
                assert_eq!(seen, want, "{hand} {forms:?}");
            }
        }
    }
}
