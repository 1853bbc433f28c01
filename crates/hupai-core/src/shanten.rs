//! Shanten over the forms a rule set allows, of one form, and with jokers.
//!
//! ```
//! use hupai_core::{form_shanten, shanten, shanten_with_jokers, Counts, Form, FormSet};
//! let hand: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(shanten(&hand, 0, FormSet::RIICHI), 0);
//! assert_eq!(form_shanten(&hand, 0, Form::SevenPairs, FormSet::RIICHI), Some(4));
//! let short: Counts = "123m456p789s112z".parse().unwrap();
//! assert_eq!(shanten_with_jokers(&short, 1, 0, FormSet::RIICHI), 0);
//! ```
//!
//! The definitions (distance, melds, jokers, [`i8::MAX`] for no possible form) are the
//! crate's; hands the tables do not cover go to [`crate::reference`].

use crate::distance::{distance, form_distance, specialised, to_shanten, IMPOSSIBLE};
use crate::regular::{OwnSuits, Suits};
use crate::{reference, Counts, Form, FormSet, KindSet};

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
    let regular = OwnSuits { counts, suits: &suits, needed: 4 - melds as usize };
    match form_distance(form, counts, &suits, melds, forms, &regular, IMPOSSIBLE, true) {
        IMPOSSIBLE => None,
        d => Some(to_shanten(d, 0)),
    }
}

/// Shanten of the regular form whose pair is one of `pairs` (Wuhan's 二五八将: a 2, 5 or 8),
/// with `jokers` wildcards; [`i8::MAX`] when `pairs` is empty.
///
/// ```
/// use hupai_core::{pair_shanten, Counts, KindSet};
/// let hand: Counts = "234m678p345s777s11z".parse().unwrap();
/// let two_five_eight: KindSet = "258m258p258s".parse::<Counts>().unwrap().kinds().collect();
/// assert_eq!(pair_shanten(&hand, 0, 0, KindSet::ALL), -1);
/// // The East pair does not count: a 2, 5 or 8 must be drawn twice (or once, for a single).
/// assert_eq!(pair_shanten(&hand, 0, 0, two_five_eight), 1);
/// assert_eq!(pair_shanten(&hand, 1, 0, two_five_eight), 0);
/// ```
pub fn pair_shanten(counts: &Counts, jokers: u8, melds: u8, pairs: KindSet) -> i8 {
    let melds = melds.min(4);
    let needed = 4 - melds as usize;
    let mut best = IMPOSSIBLE;
    for k in pairs.iter() {
        // The pair takes two copies; a set may use at most two more. Of an honour, no set
        // can (a pung needs three): the rest are dead. Of a number held four times, the
        // tables would let the other two make a pung with a fifth tile: the reference answers.
        let held = counts[k];
        let mut rest = *counts;
        if k.is_honor() {
            rest[k] = 0;
        } else if held >= 4 {
            return reference::pair_shanten(counts, jokers, melds, pairs);
        } else {
            rest[k] -= held.min(2);
        }
        let suits = Suits::new(&rest);
        if !suits.covered(14) {
            return reference::pair_shanten(counts, jokers, melds, pairs);
        }
        best = best.min(suits.sets_distance(needed).saturating_add(2 - held.min(2)));
    }
    to_shanten(best, jokers)
}

/// Shanten with `jokers` wildcards besides the concealed `counts`.
#[inline]
pub fn shanten_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> i8 {
    specialised!(forms, |forms| shanten_in(counts, jokers, melds, forms))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Counts {
        s.parse().unwrap()
    }

    #[test]
    fn forms_the_melds_rule_out() {
        assert_eq!(form_shanten(&c("1122m"), 3, Form::SevenPairs, FormSet::MCR), None);
        assert_eq!(form_shanten(&c("1122m"), 3, Form::Regular, FormSet::RIICHI), Some(0));
        assert_eq!(form_shanten(&c("1122m"), 3, Form::Regular, FormSet::EMPTY), None);
        assert_eq!(shanten(&c("1122m"), 3, FormSet::EMPTY.with(Form::SevenPairs)), i8::MAX);
        let knitted = c("147m258p369s11z");
        assert_eq!(form_shanten(&knitted, 1, Form::KnittedStraight, FormSet::MCR), Some(-1));
        assert_eq!(form_shanten(&knitted, 1, Form::HonorsAndKnitted, FormSet::MCR), None);
    }

    #[test]
    fn form_shanten_matches_the_reference_for_every_form() {
        for hand in ["1122m3344p5566s7z", "19m19p19s1234567z", "147m258p369s1234z", "13579m2468p"] {
            let hand = c(hand);
            for forms in
                [FormSet::MCR, FormSet::RIICHI, FormSet::MCR.with_quads_as_two_pairs(false)]
            {
                for form in Form::ALL {
                    assert_eq!(
                        form_shanten(&hand, 0, form, forms),
                        reference::form_shanten(&hand, 0, form, forms),
                        "{hand} {form}"
                    );
                }
            }
        }
    }
}
