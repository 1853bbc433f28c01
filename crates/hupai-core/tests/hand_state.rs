//! [`HandState`] against the functions on its counts, and against the search-based
//! reference, over random walks of one-tile changes: draws, discards, jokers, calls (declared
//! melds), refreshes, every one-tile change of copies of each state, and the shanten after
//! each draw and each discard answered together. A light run always;
//! the long run (millions of changes) is
//! `cargo test --release -p hupai-core --test integration -- --ignored hand_state::`.
//! (`exhaustive.rs` checks every single-suit hand, built and walked.)

#![cfg(test)]

use crate::common;

use common::{random_hand, Rng};
use hupai_core::{reference, Counts, FormSet, HandState, Kind, StateError};

const FORM_SETS: [FormSet; 5] =
    [FormSet::REGULAR, FormSet::RIICHI, FormSet::MCR, FormSet::CHINESE, FormSet::EMPTY];

/// The state's answers against the fast functions on its counts (and the reference when
/// `deep`).
fn check(state: &HandState, deep: bool) {
    let (counts, j, m, forms) = (state.counts(), state.jokers(), state.melds(), state.forms());
    let ctx = || format!("{counts} jokers {j} melds {m} {forms:?}");
    assert_eq!(state.tiles(), counts.total(), "{}", ctx());
    let shanten = hupai_core::shanten_with_jokers(counts, j, m, forms);
    assert_eq!(state.shanten(), shanten, "shanten {}", ctx());
    let ukeire = hupai_core::ukeire_with_jokers(counts, j, m, forms);
    assert_eq!(state.ukeire(), ukeire, "ukeire {}", ctx());
    let waits = hupai_core::waits_with_jokers(counts, j, m, forms);
    assert_eq!(state.waits(), waits, "waits {}", ctx());
    // Every hand one tile away, answered together, as each change on a copy.
    let (draws, discards) = (state.shanten_after_each_draw(), state.shanten_after_each_discard());
    for kind in Kind::all() {
        let mut next = *state;
        let drawn = next.add(kind).ok().map(|()| next.shanten());
        assert_eq!(draws.get(kind), drawn, "draw {kind} {}", ctx());
        let mut next = *state;
        let discarded = next.remove(kind).ok().map(|()| next.shanten());
        assert_eq!(discards.get(kind), discarded, "discard {kind} {}", ctx());
    }
    if deep {
        assert_eq!(shanten, reference::shanten_with_jokers(counts, j, m, forms), "{}", ctx());
        assert_eq!(ukeire, reference::ukeire_with_jokers(counts, j, m, forms), "{}", ctx());
    }
}

/// A kind drawn uniformly.
fn any_kind(rng: &mut Rng) -> Kind {
    Kind::new(rng.below(34) as u8).unwrap_or(Kind::EAST)
}

/// One random change; a refused change must leave the state as it was.
fn change(state: &mut HandState, rng: &mut Rng) {
    let before = *state.counts();
    let (jokers, melds) = (state.jokers(), state.melds());
    let size = state.tiles() + jokers as u32 + 3 * melds as u32;
    let result = match rng.below(16) {
        // Discard a held kind (or try to discard one that is not held).
        0..=5 => state.remove(any_kind(rng)),
        // Draw (refused when full or on a fifth copy); draw after a discard when full.
        6..=11 => {
            if size == 14 && rng.below(2) == 0 {
                let held: Vec<Kind> = before.tiles().collect();
                if !held.is_empty() {
                    state.remove(held[rng.below(held.len() as u32) as usize]).unwrap();
                }
            }
            state.add(any_kind(rng))
        }
        12 => {
            if rng.below(2) == 0 {
                state.add_joker()
            } else {
                state.remove_joker()
            }
        }
        // A call: three tiles leave the hand for a declared meld, or a meld is undone.
        13 => {
            let held: Vec<Kind> = before.tiles().collect();
            if held.len() >= 3 && melds < 4 {
                for kind in &held[..3] {
                    state.remove(*kind).unwrap();
                }
                state.set_melds(melds + 1)
            } else {
                state.set_melds(melds.saturating_sub(1))
            }
        }
        14 => {
            state.refresh();
            Ok(())
        }
        _ => state.set_melds(rng.below(6) as u8),
    };
    if let Err(error) = result {
        // Only the last step can fail, and then nothing of it is kept.
        let refused = matches!(
            error,
            StateError::FifthCopy { .. }
                | StateError::NotHeld { .. }
                | StateError::NoJoker
                | StateError::TooManyTiles { .. }
                | StateError::TooManyMelds { .. }
        );
        assert!(refused, "{error}");
        assert!(state.tiles() + state.jokers() as u32 + 3 * state.melds() as u32 <= 14);
    }
}

/// `walks` random walks of `steps` changes each; every `deep_every`th state is also checked
/// against the reference, and every one-tile change of a copy of it against the functions.
fn run(walks: u32, steps: u32, deep_every: u32, seed: u64) {
    let mut rng = Rng(seed);
    let mut n = 0u32;
    for _ in 0..walks {
        let melds = [0, 0, 0, 1, 1, 2, 3, 4][rng.below(8) as usize];
        let jokers = if rng.below(4) == 0 { rng.below(3) as u8 } else { 0 };
        let size = (14 - 3 * melds as u32 - rng.below(2)).saturating_sub(jokers as u32);
        let counts = random_hand(&mut rng, size);
        let forms = FORM_SETS[rng.below(FORM_SETS.len() as u32) as usize];
        let mut state = HandState::with_jokers(&counts, jokers, melds, forms).unwrap();
        check(&state, false);
        for _ in 0..steps {
            change(&mut state, &mut rng);
            n += 1;
            let deep = n % deep_every == 0;
            check(&state, deep);
            if deep {
                for k in Kind::all() {
                    let mut next = state;
                    if next.add(k).is_ok() {
                        check(&next, false);
                    }
                    let mut next = state;
                    if next.remove(k).is_ok() {
                        check(&next, false);
                    }
                }
            }
        }
    }
}

#[test]
fn random_changes_match_the_functions_and_the_reference() {
    run(2_000, 100, 50, 0x5eed_0000_0000_0030);
}

#[test]
#[ignore = "millions of changes: run in release mode"]
fn millions_of_random_changes_match() {
    // HUPAI_STATE_WALKS overrides the number of walks of 1,000 changes.
    let walks = std::env::var("HUPAI_STATE_WALKS").ok().and_then(|n| n.parse().ok());
    run(walks.unwrap_or(5_000), 1_000, 1_000, 0x0030_5eed_5eed_0030);
}

#[test]
fn a_state_from_a_hand_keeps_its_melds_and_jokers() {
    let hand: hupai_core::Hand = "123m456p11z55m* pon:777s".parse().unwrap();
    let state = HandState::from_hand(&hand, FormSet::CHINESE);
    assert_eq!((state.melds(), state.jokers()), (1, hand.jokers()));
    assert_eq!(state.counts(), hand.concealed());
    assert!(hand.jokers() > 0);
    assert_eq!(state.shanten(), hand.shanten(FormSet::CHINESE));
    assert_eq!(state.ukeire(), hand.ukeire(FormSet::CHINESE));
    let seen: Counts = "1z".parse().unwrap();
    assert_eq!(state.ukeire_count(&seen), hand.ukeire_count(FormSet::CHINESE, &seen));
}
