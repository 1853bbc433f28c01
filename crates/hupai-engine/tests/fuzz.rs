//! Random agents play every preset with an invariant check after every action.

#![cfg(test)]

use crate::common;

use common::{play_checked, presets};

#[test]
fn random_matches_keep_every_invariant() {
    for rules in presets() {
        for seed in 0..2 {
            let (log, _) = play_checked(&rules, seed, 20_000);
            assert!(
                log.iter().any(|e| matches!(e, hupai_engine::Event::EndKyoku)),
                "{}",
                rules.name
            );
        }
    }
}

/// The release run: at least 1,000,000 actions across all presets.
#[test]
#[ignore]
fn a_million_random_actions() {
    let mut total = 0;
    let mut seed = 1000;
    while total < 1_000_000 {
        for rules in presets() {
            total += play_checked(&rules, seed, usize::MAX).1;
        }
        seed += 1;
    }
    println!("{total} actions");
}

/// The cargo-fuzz target's logic on seeded bytes: legal picks mixed with arbitrary actions;
/// a refused action leaves the game exactly as it was.
#[test]
fn arbitrary_actions_are_refused_without_change() {
    use hupai_core::{Kind, Seat, Tile};
    use hupai_engine::{Action, Game, Pai, Setup, SplitMix64};
    for (i, rules) in presets().into_iter().enumerate() {
        let mut rng = SplitMix64::new(i as u64);
        let (mut game, _) = Game::new(Setup::new(rules, i as u64));
        let total = game.total_points();
        let mut refused = 0;
        for _ in 0..3000 {
            let Some(seat) = game.next_seat() else { break };
            let b = rng.below(256);
            if b < 200 {
                let options = game.pending().options(seat);
                let action = options[b % options.len()];
                game.apply(seat, action).expect("a listed option is legal");
            } else {
                let x = rng.below(256) as u8;
                let tile = Tile::from_index(x % 144).expect("tile");
                let other = Tile::from_index(x.wrapping_mul(7) % 144).expect("tile");
                let (pai, other) = (Pai::of(tile, [1, 1, 1]), Pai::of(other, [1, 1, 1]));
                let kind = Kind::new(x % 34).expect("kind");
                let action = match b % 8 {
                    0 => Action::Discard { pai, tsumogiri: x & 1 == 0 },
                    1 => Action::Riichi { pai, tsumogiri: x & 2 == 0 },
                    2 => Action::ClosedKan(kind),
                    3 => Action::AddedKan(kind),
                    4 => Action::Pon([pai, other]),
                    5 => Action::Chi([pai, other]),
                    6 => Action::Ron,
                    _ => Action::Tsumo,
                };
                let who = Seat::ALL[x as usize % 4];
                let before = format!("{game:?}");
                if game.apply(who, action).is_err() {
                    refused += 1;
                    assert_eq!(before, format!("{game:?}"), "a refused action changed the game");
                }
            }
            game.check_invariants(total).expect("invariants");
        }
        assert!(refused > 0);
    }
}
