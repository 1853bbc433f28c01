//! Match flow: dealer repeats, honba, the end rules of east-only and half-game matches.

#![cfg(test)]

use crate::common;

use common::play_checked;
use hupai_engine::{DrawReason, Event};
use hupai_rules::Rules;

struct Hand {
    bakaze: String,
    kyoku: u8,
    honba: u32,
    oya: u8,
    dealer_kept: Option<bool>,
    drawn: bool,
}

/// The hands of a log with how each ended.
fn hands(log: &[Event]) -> Vec<Hand> {
    let mut out: Vec<Hand> = Vec::new();
    for e in log {
        match e {
            Event::StartKyoku { bakaze, kyoku, honba, oya, .. } => out.push(Hand {
                bakaze: bakaze.to_string(),
                kyoku: *kyoku,
                honba: *honba,
                oya: oya.index() as u8,
                dealer_kept: None,
                drawn: false,
            }),
            Event::Hora { actor, .. } => {
                if let Some(h) = out.last_mut() {
                    let kept = h.dealer_kept.unwrap_or(false) || actor.index() as u8 == h.oya;
                    h.dealer_kept = Some(kept);
                }
            }
            Event::Ryukyoku { reason, tenpai, .. } => {
                if let Some(h) = out.last_mut() {
                    h.drawn = true;
                    h.dealer_kept =
                        Some(*reason != Some(DrawReason::Exhaustive) || tenpai[h.oya as usize]);
                }
            }
            _ => {}
        }
    }
    out
}

/// Tenhou: "the dealer keeps the deal after winning or being ready at an exhaustive draw (and
/// after an abortive draw); a repeat or a draw adds a honba, a non-dealer win clears them."
fn check_riichi_flow(rules: &Rules, seeds: std::ops::Range<u64>, last_wind: &str) {
    for seed in seeds {
        let (log, _) = play_checked(rules, seed, usize::MAX);
        let hs = hands(&log);
        for w in hs.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            if a.dealer_kept == Some(true) {
                assert_eq!((b.oya, b.honba), (a.oya, a.honba + 1), "seed {seed}");
            } else {
                assert_eq!(b.oya, (a.oya + 1) % 4, "seed {seed}");
                assert_eq!(b.honba, if a.drawn { a.honba + 1 } else { 0 }, "seed {seed}");
            }
        }
        let Some(Event::EndGame { scores: Some(scores), .. }) = log.last() else {
            panic!("no end_game")
        };
        let last = hs.last().expect("hands");
        let busted = log.iter().rev().find_map(|e| match e {
            Event::Hora { scores: Some(scores), .. }
            | Event::Ryukyoku { scores: Some(scores), .. } => Some(scores.iter().any(|&s| s < 0)),
            _ => None,
        });
        let winds = ["E", "S", "W", "N"];
        let pos = winds.iter().position(|&w| w == last.bakaze).expect("wind");
        let last_pos = winds.iter().position(|&w| w == last_wind).expect("wind");
        assert!(pos <= last_pos + 1, "seed {seed}: went past the extension");
        if busted != Some(true) {
            let top = scores.iter().copied().max().unwrap_or(0);
            let reached = pos > last_pos || (pos == last_pos && last.kyoku == 4);
            assert!(reached, "seed {seed}: ended early at {}{}", last.bakaze, last.kyoku);
            assert!(top >= 30000 || (pos == last_pos + 1 && last.kyoku == 4), "seed {seed}");
        }
    }
}

#[test]
fn half_game_flow_and_end() {
    check_riichi_flow(&Rules::preset("riichi").expect("preset"), 0..12, "S");
}

#[test]
fn east_only_flow_and_end() {
    let rules =
        Rules::from_toml_str("extends = \"riichi\"\nrounds = 1\n", "east.toml").expect("rules");
    check_riichi_flow(&rules, 0..12, "E");
}

/// MCR and the Chinese families: 16 hands, the deal passes every hand.
#[test]
fn chinese_families_play_sixteen_hands() {
    for name in ["mcr", "chinese", "laizi"] {
        let (log, _) = play_checked(&Rules::preset(name).expect("preset"), 1, usize::MAX);
        let hs = hands(&log);
        assert_eq!(hs.len(), 16, "{name}");
        for (i, h) in hs.iter().enumerate() {
            assert_eq!((h.oya as usize, h.kyoku as usize), (i % 4, i % 4 + 1), "{name}");
        }
    }
}
