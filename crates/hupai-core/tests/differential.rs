//! The fast routines against the search-based reference on random multi-suit hands: with and
//! without declared melds, with jokers, for every preset form set. A light run always; the
//! ten-million-hand run is `cargo test --release -p hupai-core --test integration -- --ignored differential::`.

#![cfg(test)]

use crate::common;

use common::{random_hand, Rng};
use hupai_core::{
    form_shanten, is_agari, reference, shanten, shanten_with_jokers, ukeire, waits, Counts, Form,
    FormSet, Kind, KindSet,
};

const FORM_SETS: [FormSet; 4] = [FormSet::REGULAR, FormSet::RIICHI, FormSet::MCR, FormSet::CHINESE];

/// Compares everything on one hand; `deep` adds waits and effective tiles (slower reference).
fn check(counts: &hupai_core::Counts, jokers: u8, melds: u8, forms: FormSet, deep: bool) {
    let ctx = || format!("{counts} jokers {jokers} melds {melds} {forms:?}");
    assert_eq!(
        hupai_core::shanten_with_jokers(counts, jokers, melds, forms),
        reference::shanten_with_jokers(counts, jokers, melds, forms),
        "shanten {}",
        ctx()
    );
    assert_eq!(
        hupai_core::is_agari_with_jokers(counts, jokers, melds, forms),
        reference::is_agari_with_jokers(counts, jokers, melds, forms),
        "agari {}",
        ctx()
    );
    if jokers == 0 {
        for form in Form::ALL {
            assert_eq!(
                hupai_core::form_shanten(counts, melds, form, forms),
                reference::form_shanten(counts, melds, form, forms),
                "{form} {}",
                ctx()
            );
        }
    }
    if deep {
        assert_eq!(
            hupai_core::waits_with_jokers(counts, jokers, melds, forms),
            reference::waits_with_jokers(counts, jokers, melds, forms),
            "waits {}",
            ctx()
        );
        assert_eq!(
            hupai_core::ukeire_with_jokers(counts, jokers, melds, forms),
            reference::ukeire_with_jokers(counts, jokers, melds, forms),
            "ukeire {}",
            ctx()
        );
        if (counts.total() + jokers as u32) % 3 == 2 {
            check_discards(counts, jokers, melds, forms);
        }
    }
}

/// Every option of the discard table against the reference on the hand after it.
fn check_discards(counts: &hupai_core::Counts, jokers: u8, melds: u8, forms: FormSet) {
    let table = hupai_core::discard_analysis(counts, jokers, melds, forms, &Counts::EMPTY);
    let held = counts.tiles().collect::<std::collections::BTreeSet<_>>();
    assert_eq!(table.len(), held.len() + (jokers > 0) as usize, "{counts}");
    for option in table.as_slice() {
        let (mut after, mut j) = (*counts, jokers);
        match option.discard {
            Some(kind) => assert!(after.remove(kind)),
            None => j -= 1,
        }
        let ctx = || format!("{counts} jokers {jokers} melds {melds} {forms:?} {option:?}");
        assert_eq!(
            option.shanten,
            reference::shanten_with_jokers(&after, j, melds, forms),
            "discard shanten {}",
            ctx()
        );
        assert_eq!(
            option.ukeire,
            reference::ukeire_with_jokers(&after, j, melds, forms),
            "discard ukeire {}",
            ctx()
        );
    }
}

fn run(hands: u32, deep_every: u32, seed: u64) {
    let mut rng = Rng(seed);
    for i in 0..hands {
        let melds = [0, 0, 0, 1, 1, 2, 3, 4][rng.below(8) as usize];
        let jokers = if rng.below(4) == 0 { rng.below(3) as u8 } else { 0 };
        let size = 14 - 3 * melds as u32 - rng.below(2);
        let counts = random_hand(&mut rng, size.saturating_sub(jokers as u32));
        let forms = FORM_SETS[rng.below(4) as usize];
        check(&counts, jokers, melds, forms, i % deep_every == 0);
    }
}

#[test]
fn random_hands_match_the_reference() {
    run(30_000, 10, 0x9e37_79b9_7f4a_7c15);
}

/// The pair sets the pair-restricted shanten is asked about: Wuhan's 2-5-8, every kind, one
/// kind, none, and a random set.
fn pair_sets(rng: &mut Rng) -> [KindSet; 5] {
    let two_five_eight: KindSet =
        Kind::all().filter(|k| !k.is_honor() && matches!(k.number(), 2 | 5 | 8)).collect();
    let one = Kind::new(rng.below(34) as u8).unwrap();
    let random = KindSet::from_bits(rng.next_u64() & KindSet::ALL.bits());
    [two_five_eight, KindSet::ALL, [one].into_iter().collect(), KindSet::EMPTY, random]
}

#[test]
fn pair_shanten_matches_the_reference() {
    // HUPAI_PAIR_HANDS overrides the count (a long run in release mode).
    let hands = std::env::var("HUPAI_PAIR_HANDS").ok().and_then(|n| n.parse().ok());
    let mut rng = Rng(0x51ca_2b58_0000_0258);
    for _ in 0..hands.unwrap_or(1_500) {
        let melds = [0, 0, 1, 2, 3, 4][rng.below(6) as usize];
        let jokers = if rng.below(4) == 0 { rng.below(3) as u8 } else { 0 };
        let size = 14 - 3 * melds as u32 - rng.below(2);
        let counts = random_hand(&mut rng, size.saturating_sub(jokers as u32));
        for pairs in pair_sets(&mut rng) {
            assert_eq!(
                hupai_core::pair_shanten(&counts, jokers, melds, pairs),
                reference::pair_shanten(&counts, jokers, melds, pairs),
                "{counts} jokers {jokers} melds {melds} pairs {pairs}"
            );
        }
        assert_eq!(
            hupai_core::pair_shanten(&counts, jokers, melds, KindSet::ALL),
            hupai_core::shanten_with_jokers(&counts, jokers, melds, FormSet::REGULAR),
            "every pair is the regular form: {counts}"
        );
    }
}

/// The long run: one reference distance per hand (shanten and agari both follow from it),
/// full checks on every 1000th hand, two threads.
fn run_long(hands: u32, seed: u64) {
    std::thread::scope(|scope| {
        for t in 0..2u64 {
            scope.spawn(move || {
                let mut rng = Rng(seed ^ (t + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
                for i in 0..hands / 2 {
                    let melds = [0, 0, 0, 1, 1, 2, 3, 4][rng.below(8) as usize];
                    let jokers = if rng.below(4) == 0 { rng.below(3) as u8 } else { 0 };
                    let size = 14 - 3 * melds as u32 - rng.below(2);
                    let counts = random_hand(&mut rng, size.saturating_sub(jokers as u32));
                    let forms = FORM_SETS[rng.below(4) as usize];
                    if i % 1000 == 0 {
                        check(&counts, jokers, melds, forms, true);
                        continue;
                    }
                    let want = reference::shanten_with_jokers(&counts, jokers, melds, forms);
                    let ctx = || format!("{counts} jokers {jokers} melds {melds} {forms:?}");
                    let got = hupai_core::shanten_with_jokers(&counts, jokers, melds, forms);
                    assert_eq!(got, want, "shanten {}", ctx());
                    let complete =
                        counts.total() + jokers as u32 + 3 * melds as u32 == 14 && want == -1;
                    let agari = hupai_core::is_agari_with_jokers(&counts, jokers, melds, forms);
                    assert_eq!(agari, complete, "agari {}", ctx());
                }
            });
        }
    });
}

#[test]
#[ignore = "ten million hands: run in release mode"]
fn ten_million_random_hands_match_the_reference() {
    // HUPAI_DIFF_HANDS overrides the count (for a quick look at the speed).
    let hands = std::env::var("HUPAI_DIFF_HANDS").ok().and_then(|n| n.parse().ok());
    run_long(hands.unwrap_or(10_000_000), 0x2545_f491_4f6c_dd1d);
}

// Moved from the unit tests of `distance.rs`: they go through the public routines that
// build on it, so they live beside the other comparisons with the reference.

fn c(s: &str) -> Counts {
    s.parse().unwrap()
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

#[test]
fn every_form_set_matches_the_reference() {
    // Each subset of the five forms (with and without quads as two pairs) on hands near
    // each special form and on mixed hands, with zero and one declared meld: the
    // specialised copies and the general code give the same answers as the reference.
    let hands = [
        "1122m3344p5566s7z",
        "1111m3344p5566s7z",
        "19m19p19s1234567z",
        "147m258p369s1234z",
        "147m258p369s11z2m",
        "1112345678999m",
        "123m456p78s1z2z3z4z",
        "2468m2468p2468s5z",
    ];
    for hand in hands {
        let hand = c(hand);
        for bits in 0u8..32 {
            for quads in [false, true] {
                let mut forms = FormSet::EMPTY.with_quads_as_two_pairs(quads);
                for form in Form::ALL {
                    if bits >> form as u8 & 1 == 1 {
                        forms = forms.with(form);
                    }
                }
                for m in [0, 1] {
                    let r = reference::shanten(&hand, m, forms);
                    assert_eq!(shanten(&hand, m, forms), r, "{hand} {forms:?} {m}");
                    let u = reference::ukeire(&hand, m, forms);
                    assert_eq!(ukeire(&hand, m, forms), u, "{hand} {forms:?} {m}");
                    let w = reference::waits(&hand, m, forms);
                    assert_eq!(waits(&hand, m, forms), w, "{hand} {forms:?} {m}");
                }
            }
        }
    }
}
