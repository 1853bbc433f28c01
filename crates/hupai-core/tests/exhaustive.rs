//! Every single-suit hand: all count vectors of one suit (each count 0..=4, at most 14 tiles),
//! for each number of declared melds that fits, in a number suit (405,350 patterns, placed in
//! man, pin and sou in turn) and in the honours (43,130 patterns). Shanten and agari for all
//! of them, waits and effective tiles for hands of at most 13 tiles, compared with values
//! built from [`reference::suit_distances`] (a search over one suit) and the reference's
//! special forms. Nothing here shares code with the tables or the fast routines. The
//! [`HandState`] answers the same for every hand, both built from the counts and reached
//! from the previous hand by one-tile changes.

#![cfg(test)]

use hupai_core::{reference, Counts, Form, FormSet, HandState, Kind};

/// Distances of one suit to every target (`5 * pair + melds`).
type Dist = [u8; 10];

/// The fewest tiles to add for `melds` melds and a pair over four suits.
fn total(suits: &[Dist; 4], melds: usize) -> u8 {
    let mut best = u8::MAX;
    for pair in 0..4 {
        for m0 in 0..=melds {
            for m1 in 0..=melds - m0 {
                for m2 in 0..=melds - m0 - m1 {
                    let m = [m0, m1, m2, melds - m0 - m1 - m2];
                    let d: u32 =
                        (0..4).map(|s| suits[s][m[s] + if s == pair { 5 } else { 0 }] as u32).sum();
                    best = best.min(d.min(255) as u8);
                }
            }
        }
    }
    best
}

/// All patterns of `n` counts with at most `max` tiles, and a base-5 index for lookups.
fn patterns(n: usize, max: u32) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut digits = vec![0u8; n];
    loop {
        if digits.iter().map(|&d| d as u32).sum::<u32>() <= max {
            out.push(digits.clone());
        }
        let mut i = 0;
        loop {
            if i == n {
                return out;
            }
            if digits[i] < 4 {
                digits[i] += 1;
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

fn index(digits: &[u8]) -> usize {
    digits.iter().rev().fold(0, |a, &d| a * 5 + d as usize)
}

/// Checks every pattern of one suit (`suit` 3 = honours) against the reference.
fn check_suit(honors: bool) {
    let n = if honors { 7 } else { 9 };
    let all = patterns(n, 14);
    assert_eq!(all.len(), if honors { 43_130 } else { 405_350 });
    let mut table = vec![[u8::MAX; 10]; 5usize.pow(n as u32)];
    for p in &all {
        table[index(p)] = reference::suit_distances(p, !honors);
    }
    let empty_number = reference::suit_distances(&[0; 9], true);
    let empty_honor = reference::suit_distances(&[0; 7], false);
    let single = |kind: usize| {
        let mut c = vec![0u8; if kind >= 27 { 7 } else { 9 }];
        c[if kind >= 27 { kind - 27 } else { kind % 9 }] = 1;
        reference::suit_distances(&c, kind < 27)
    };
    let singles: Vec<Dist> = (0..34).map(single).collect();
    let mut checked = 0u64;
    // One state per suit, walked from each pattern to the next by one-tile changes.
    let empty = HandState::new(&Counts::EMPTY, 0, FormSet::REGULAR).unwrap();
    let mut walked = [empty; 4];
    for (i, p) in all.iter().enumerate() {
        let suit = if honors { 3 } else { i % 3 };
        let base = 9 * suit;
        let mut counts = Counts::EMPTY;
        counts.0[base..base + n].copy_from_slice(p);
        let tiles: u32 = p.iter().map(|&d| d as u32).sum();
        let walk = &mut walked[suit];
        walk.set_melds(0).unwrap();
        for k in 0..34 {
            let kind = Kind::new(k as u8).unwrap();
            while walk.counts().0[k] > counts.0[k] {
                walk.remove(kind).unwrap();
            }
        }
        for k in 0..34 {
            let kind = Kind::new(k as u8).unwrap();
            while walk.counts().0[k] < counts.0[k] {
                walk.add(kind).unwrap();
            }
        }
        assert_eq!(walk.counts(), &counts);
        let mut suits = [empty_number, empty_number, empty_number, empty_honor];
        suits[suit] = table[index(p)];
        for melds in 0..=4u8 {
            if tiles + 3 * melds as u32 > 14 {
                break;
            }
            let needed = 4 - melds as usize;
            let d = total(&suits, needed);
            let size = 14 - 3 * melds as u32;
            let ctx = || format!("{counts} melds {melds}");
            let r = FormSet::REGULAR;
            assert_eq!(hupai_core::shanten(&counts, melds, r), d as i8 - 1, "{}", ctx());
            walk.set_melds(melds).unwrap();
            let built = HandState::new(&counts, melds, r).unwrap();
            assert_eq!(walk.shanten(), d as i8 - 1, "walked state {}", ctx());
            assert_eq!(built.shanten(), d as i8 - 1, "state {}", ctx());
            assert_eq!(
                hupai_core::is_agari(&counts, melds, r),
                tiles == size && d == 0,
                "{}",
                ctx()
            );
            if melds == 0 {
                // Seven pairs, thirteen orphans, honours-and-knitted from the reference's forms.
                for forms in [FormSet::RIICHI, FormSet::CHINESE] {
                    let mut want = d as i8 - 1;
                    for form in [Form::SevenPairs, Form::ThirteenOrphans, Form::HonorsAndKnitted] {
                        if let Some(s) = reference::form_shanten(&counts, 0, form, forms) {
                            want = want.min(s);
                        }
                    }
                    assert_eq!(hupai_core::shanten(&counts, 0, forms), want, "{forms:?} {}", ctx());
                    let state = HandState::new(&counts, 0, forms).unwrap();
                    assert_eq!(state.shanten(), want, "state {forms:?} {}", ctx());
                }
            }
            if tiles <= 13 {
                let mut ukeire = 0u64;
                let mut waits = 0u64;
                let draws = walk.shanten_after_each_draw();
                let room = tiles + 3 * (melds as u32) < 14;
                for kind in 0..34 {
                    if counts.0[kind] == 4 {
                        continue;
                    }
                    let s = if kind >= 27 { 3 } else { kind / 9 };
                    let mut next = suits;
                    if s == suit {
                        let mut q = p.clone();
                        q[kind - base] += 1;
                        next[s] = table[index(&q)];
                    } else {
                        next[s] = singles[kind];
                    }
                    let nd = total(&next, needed);
                    let kind_ = Kind::new(kind as u8).unwrap();
                    let drawn = room.then_some(nd as i8 - 1);
                    assert_eq!(draws.get(kind_), drawn, "draw {kind_} {}", ctx());
                    ukeire |= ((nd < d) as u64) << kind;
                    waits |= ((nd == 0 && tiles + 1 == size) as u64) << kind;
                }
                assert_eq!(
                    hupai_core::ukeire(&counts, melds, r).bits(),
                    ukeire,
                    "ukeire {}",
                    ctx()
                );
                assert_eq!(hupai_core::waits(&counts, melds, r).bits(), waits, "waits {}", ctx());
                assert_eq!(walk.ukeire().bits(), ukeire, "walked state ukeire {}", ctx());
                assert_eq!(built.ukeire().bits(), ukeire, "state ukeire {}", ctx());
                assert_eq!(walk.waits().bits(), waits, "walked state waits {}", ctx());
            }
            checked += 1;
        }
    }
    assert!(checked > all.len() as u64);
}

#[test]
fn every_number_suit_hand_matches_the_reference() {
    check_suit(false);
}

#[test]
fn every_honor_hand_matches_the_reference() {
    check_suit(true);
}
