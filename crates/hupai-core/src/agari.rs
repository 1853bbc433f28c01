//! Win detection: whether the concealed tiles (and jokers) with the declared melds make a
//! complete hand of an allowed form.
//!
//! ```
//! use hupai_core::{is_agari, is_agari_with_jokers, Counts, FormSet};
//! let won: Counts = "123m456p789s11122z".parse().unwrap();
//! assert!(is_agari(&won, 0, FormSet::RIICHI));
//! let pairs: Counts = "1111m3344p5566s77z".parse().unwrap();
//! assert!(!is_agari(&pairs, 0, FormSet::RIICHI));
//! assert!(is_agari(&pairs, 0, FormSet::MCR));
//! let short: Counts = "123m456p789s1112z".parse().unwrap();
//! assert!(is_agari_with_jokers(&short, 1, 0, FormSet::RIICHI));
//! ```

use crate::distance::{complete_size, distance};
use crate::regular::Suits;
use crate::special::{self, Bits};
use crate::{knitted, tables, Counts, Form, FormSet};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{reference, waits, Kind};

    #[test]
    fn nine_gates() {
        let hand: Counts = "11123455678999m".parse().unwrap();
        assert!(is_agari(&hand, 0, FormSet::REGULAR));
        let mut nine_gates = hand;
        nine_gates.remove(Kind::new(4).unwrap());
        assert!(!is_agari(&nine_gates, 0, FormSet::REGULAR));
        assert_eq!(waits(&nine_gates, 0, FormSet::REGULAR).to_string(), "123456789m");
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
}
