//! The distance of a hand to the forms a rule set allows, and the kinds whose draw lowers it:
//! the one computation under shanten, win detection with jokers, waits and effective tiles.
//!
//! ```
//! use hupai_core::{shanten, ukeire, waits, Counts, FormSet};
//! let pairs: Counts = "1122m3344p5566s7z".parse().unwrap();
//! assert_eq!(shanten(&pairs, 0, FormSet::RIICHI), 0);
//! assert_eq!(waits(&pairs, 0, FormSet::RIICHI).to_string(), "7z");
//! assert_eq!(shanten(&pairs, 0, FormSet::REGULAR), 3);
//! assert!(ukeire(&pairs, 0, FormSet::REGULAR).contains("3m".parse().unwrap()));
//! ```
//!
//! Two dispatches live here and nowhere else: [`form_distance`] says which code answers each
//! [`Form`] (and [`form_improving`] which code gives its effective kinds), and
//! [`specialised!`](crate::distance::specialised) gives the common rule sets their own copy of
//! a routine with the form tests folded away.

use crate::regular::{OwnSuits, RegularForm, Suits};
use crate::special::{self, Bits};
use crate::{knitted, Counts, Form, FormSet};
use std::ops::RangeInclusive;

/// "No allowed form is possible".
pub(crate) const IMPOSSIBLE: u8 = u8::MAX;

/// Runs `$body` with `$f` bound to `$forms`, given as a constant for the common rule sets
/// (riichi, regular only, MCR) so that each gets a copy with its form tests folded away (one
/// predictable compare); any other set runs the general code. The one place that decides
/// which rule sets are specialised.
macro_rules! specialised {
    ($forms:expr, |$f:ident| $body:expr) => {{
        let forms: $crate::FormSet = $forms;
        if forms == $crate::FormSet::RIICHI {
            let $f = $crate::FormSet::RIICHI;
            $body
        } else if forms == $crate::FormSet::REGULAR {
            let $f = $crate::FormSet::REGULAR;
            $body
        } else if forms == $crate::FormSet::MCR {
            let $f = $crate::FormSet::MCR;
            $body
        } else {
            let $f = forms;
            $body
        }
    }};
}
pub(crate) use specialised;

/// Whether a form other than regular is possible with `melds` declared melds (knitted
/// straight with zero or one, every other special form with none).
#[inline(always)]
pub(crate) fn special_allowed(form: Form, melds: u8) -> bool {
    melds == 0 || (melds == 1 && form == Form::KnittedStraight)
}

/// The distance of one form, exact when it is below `bound` (otherwise some value at least
/// `bound`); `IMPOSSIBLE` when the declared melds rule the form out. `exact_ties`: the caller
/// wants every form at the best distance, where the early exit of the seven-pairs count
/// mispredicts. The hand must be covered by the tables; `regular` is its regular form.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn form_distance(
    form: Form,
    counts: &Counts,
    suits: &Suits,
    melds: u8,
    forms: FormSet,
    regular: &impl RegularForm,
    bound: u8,
    exact_ties: bool,
) -> u8 {
    // The bit masks are built where a form needs them (building them up front costs stores
    // on every call, and most calls need none).
    match form {
        Form::Regular => regular.distance(),
        _ if !special_allowed(form, melds) => IMPOSSIBLE,
        Form::SevenPairs => {
            if forms.quads_as_two_pairs() {
                Bits::new(counts).seven_pairs(true)
            } else if exact_ties {
                special::seven_pairs_distance(&special::words(counts))
            } else {
                special::seven_pairs_below(&special::words(counts), bound)
            }
        }
        // Thirteen orphans needs 14 orphan tiles less its distance: skip it when the orphan
        // tiles held cannot get below `bound` (almost always, for random hands).
        Form::ThirteenOrphans if 14 - orphan_tiles(counts, suits).min(14) >= bound as u32 => {
            IMPOSSIBLE
        }
        Form::ThirteenOrphans => Bits::new(counts).thirteen_orphans(),
        Form::HonorsAndKnitted => Bits::new(counts).honors_knitted(),
        Form::KnittedStraight => {
            knitted::distance_below(counts, &Bits::new(counts), suits, melds, bound)
        }
    }
}

/// The kinds whose draw lowers the distance `d` of `form`, which is at `d`.
#[inline(always)]
fn form_improving(
    form: Form,
    counts: &Counts,
    melds: u8,
    forms: FormSet,
    regular: &impl RegularForm,
    d: u8,
) -> u64 {
    match form {
        Form::Regular => regular.improving(d),
        Form::SevenPairs => Bits::new(counts).seven_pairs_improving(forms.quads_as_two_pairs()).1,
        Form::ThirteenOrphans => Bits::new(counts).thirteen_orphans_improving().1,
        Form::HonorsAndKnitted => Bits::new(counts).honors_knitted_improving().1,
        Form::KnittedStraight => knitted_improving(counts, melds, d),
    }
}

/// The distance over the allowed forms (exact); the hand must be covered by the tables.
#[inline(always)]
pub(crate) fn distance(counts: &Counts, suits: &Suits, melds: u8, forms: FormSet) -> u8 {
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
/// Each form's distance is computed once, in [`Form::ALL`] order, and only where a cheap
/// bound lets it reach the best so far (or tie it, when effective kinds may be wanted); a
/// form contributes effective kinds exactly when it is at the best.
#[inline(always)]
pub(crate) fn distance_and_improving(
    counts: &Counts,
    suits: &Suits,
    melds: u8,
    forms: FormSet,
    regular: &impl RegularForm,
    wanted: Option<RangeInclusive<u8>>,
) -> (u8, u64) {
    // Each value below is exact when it is below `bound(d)` at the time (otherwise at least
    // that): below `d` for the distance alone, up to `d` and the end of `wanted` for ties.
    let bound = |d: u8| match &wanted {
        None => d,
        Some(range) => d.min(*range.end()).saturating_add(1),
    };
    let ties = wanted.as_ref().is_some_and(|range| *range.end() == IMPOSSIBLE);
    // The forms one after the other, written out: a loop over `Form::ALL`, or a closure
    // taking the form, is not unrolled or inlined, and the form tests would not fold away.
    let mut d = IMPOSSIBLE;
    let mut each = [IMPOSSIBLE; 5];
    macro_rules! at {
        ($form:expr) => {
            if forms.contains($form) {
                let x = form_distance($form, counts, suits, melds, forms, regular, bound(d), ties);
                each[$form as usize] = x;
                d = d.min(x);
            }
        };
    }
    at!(Form::Regular);
    at!(Form::SevenPairs);
    at!(Form::ThirteenOrphans);
    at!(Form::HonorsAndKnitted);
    at!(Form::KnittedStraight);
    if d == 0 || d == IMPOSSIBLE || !wanted.is_some_and(|range| range.contains(&d)) {
        return (d, 0);
    }
    let mut out = 0;
    macro_rules! improving {
        ($form:expr) => {
            if each[$form as usize] == d {
                out |= form_improving($form, counts, melds, forms, regular, d);
            }
        };
    }
    improving!(Form::Regular);
    improving!(Form::SevenPairs);
    improving!(Form::ThirteenOrphans);
    improving!(Form::HonorsAndKnitted);
    improving!(Form::KnittedStraight);
    (d, out)
}

/// [`distance_and_improving`] with the regular form from the hand's own suits.
#[inline(always)]
pub(crate) fn distance_and_improving_of(
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
pub(crate) fn to_shanten(d: u8, jokers: u8) -> i8 {
    if d == IMPOSSIBLE {
        return i8::MAX;
    }
    (d.saturating_sub(jokers) as i16 - 1).min(i8::MAX as i16) as i8
}

/// The number of concealed tiles (jokers included) of a complete hand with `melds` melds.
#[inline(always)]
pub(crate) fn complete_size(melds: u8) -> u32 {
    14 - 3 * melds as u32
}
