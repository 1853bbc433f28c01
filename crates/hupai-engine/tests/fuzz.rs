//! Random agents play every preset with an invariant check after every action.

mod common;

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
