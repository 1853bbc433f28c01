//! Property tests (proptest): invariants of shanten, waits and effective tiles, and notation
//! round-trips.

#![cfg(test)]

use hupai_core::{shanten, ukeire, waits, Counts, FormSet, Hand, Kind, Meld};
use proptest::prelude::*;

const FORM_SETS: [FormSet; 4] = [FormSet::REGULAR, FormSet::RIICHI, FormSet::MCR, FormSet::CHINESE];

/// A hand of `size` tiles (at most four of a kind) as a list of kind indices.
fn hand(size: usize) -> impl Strategy<Value = Counts> {
    proptest::collection::vec(0u8..34, size).prop_map(|kinds| {
        let mut counts = Counts::EMPTY;
        for k in kinds {
            if counts.0[k as usize] < 4 {
                counts.0[k as usize] += 1;
            } else if let Some(free) = (0..34).find(|&i| counts.0[i] < 4) {
                counts.0[free] += 1;
            }
        }
        counts
    })
}

/// A 3n+1 hand with its meld count.
fn ready_sized() -> impl Strategy<Value = (Counts, u8)> {
    (0u8..=4).prop_flat_map(|melds| (hand(13 - 3 * melds as usize), Just(melds)))
}

fn forms() -> impl Strategy<Value = FormSet> {
    (0usize..4).prop_map(|i| FORM_SETS[i])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn one_draw_changes_shanten_by_at_most_one((counts, melds) in ready_sized(), forms in forms(), k in 0usize..34) {
        prop_assume!(counts.0[k] < 4);
        let before = shanten(&counts, melds, forms);
        let mut next = counts;
        next.0[k] += 1;
        let after = shanten(&next, melds, forms);
        prop_assert!((before - after).abs() <= 1, "{counts} + {k}: {before} -> {after}");
        // Discarding the tile again gives the hand back.
        prop_assert!(after <= before);
    }

    #[test]
    fn waits_exactly_when_ready((counts, melds) in ready_sized(), forms in forms()) {
        let s = shanten(&counts, melds, forms);
        let w = waits(&counts, melds, forms);
        // Exact shanten counts a fifth copy as impossible, so "ready" always has a real wait.
        prop_assert_eq!(s == 0, !w.is_empty(), "{}: shanten {}, waits {}", counts, s, w);
        if s == 0 {
            prop_assert_eq!(w, ukeire(&counts, melds, forms));
        }
    }

    #[test]
    fn ukeire_is_exactly_the_draws_that_lower_shanten((counts, melds) in ready_sized(), forms in forms()) {
        let s = shanten(&counts, melds, forms);
        let u = ukeire(&counts, melds, forms);
        for k in 0..34 {
            let lowers = counts.0[k] < 4 && {
                let mut next = counts;
                next.0[k] += 1;
                shanten(&next, melds, forms) < s
            };
            prop_assert_eq!(u.contains(Kind::new(k as u8).expect("kind")), lowers, "{} kind {}", counts, k);
        }
    }

    #[test]
    fn counts_round_trip(counts in (0usize..=14).prop_flat_map(hand)) {
        let text = counts.to_string();
        prop_assert_eq!(text.parse::<Counts>().ok(), Some(counts), "{}", text);
    }

    #[test]
    fn hands_round_trip(counts in hand(8), pon in 0u8..34, chi_suit in 0u8..3, chi_start in 0u8..7) {
        let pon = Meld::pon(Kind::new(pon).expect("kind"));
        let chi = Meld::chi(Kind::new(9 * chi_suit + chi_start).expect("kind")).expect("chi");
        if let Ok(hand) = Hand::new(counts, &[pon, chi]) {
            let text = hand.to_string();
            prop_assert_eq!(text.parse::<Hand>().ok(), Some(hand), "{}", text);
        }
    }
}

#[test]
fn a_ready_hand_whose_only_wait_is_a_fifth_copy_has_shanten_one() {
    // Why "ready" always has a wait: the exact distance never calls this hand ready.
    let hand: Counts = "1111m234p567p789s".parse().expect("hand");
    assert_eq!(shanten(&hand, 0, FormSet::REGULAR), 1);
}
