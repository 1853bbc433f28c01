//! Logs: random games replay and verify; a tampered log names the first line that does not
//! follow.

#![cfg(test)]

use crate::common;

use hupai_engine::replay::{parse_log, replay_events};
use hupai_engine::{play_match, replay, Agent, Event, Pai, Random, Setup};
use hupai_rules::Rules;

fn agents(seed: u64) -> Vec<Box<dyn Agent>> {
    (0..4).map(|i| Box::new(Random::new(seed * 4 + i)) as Box<dyn Agent>).collect()
}

fn log_text(log: &[Event]) -> String {
    log.iter().map(|e| e.to_json() + "\n").collect()
}

fn replay_games(rules: &Rules, games: u64) {
    for seed in 0..games {
        let log = play_match(Setup::new(rules.clone(), seed), &mut agents(seed)).expect("plays");
        let text = log_text(&log);
        assert_eq!(replay(&text, Some(rules.clone())), Ok(log.len()), "{} seed {seed}", rules.name);
    }
}

#[test]
fn random_games_of_every_preset_replay() {
    for rules in common::presets() {
        replay_games(&rules, 3);
    }
}

/// The figure: 1,000 random riichi games replay and verify.
#[test]
#[ignore]
fn a_thousand_riichi_games_replay() {
    replay_games(&Rules::preset("riichi").expect("preset"), 1000);
}

#[test]
fn a_tampered_discard_is_reported_with_its_line() {
    let rules = Rules::preset("riichi").expect("preset");
    let log = play_match(Setup::new(rules, 8), &mut agents(8)).expect("plays");
    let mut lines: Vec<String> = log.iter().map(Event::to_json).collect();
    // The first discard by a seat of a tile it does not hold.
    let (at, actor) = log
        .iter()
        .enumerate()
        .find_map(|(i, e)| match e {
            Event::Dahai { actor, tsumogiri: false, .. } => Some((i, *actor)),
            _ => None,
        })
        .expect("a discard from the hand");
    let hand: Vec<Pai> = match &log[1] {
        Event::StartKyoku { tehais, .. } => tehais[actor.index()].clone(),
        _ => unreachable!(),
    };
    let absent = (0..34u8)
        .map(|k| Pai::kind_of(hupai_core::Kind::new(k).expect("kind")))
        .find(|p| {
            !hand.contains(p)
                && !log[..at].iter().any(|e| matches!(e, Event::Tsumo { pai, .. } if pai == p))
        })
        .expect("some kind is absent");
    lines[at] = Event::Dahai { actor, pai: absent, tsumogiri: false }.to_json();
    let text = lines.join("\n");
    let err = replay(&text, None).expect_err("tampered");
    assert_eq!(err.line, at + 1);
    assert_eq!(
        err.to_string(),
        format!(
            "line {}: dahai of {absent} by seat {}, which does not hold {absent}",
            at + 1,
            actor.index()
        )
    );
}

#[test]
fn replay_reads_back_what_it_checked() {
    let rules = Rules::preset("mcr").expect("preset");
    let log = play_match(Setup::new(rules, 2), &mut agents(2)).expect("plays");
    let parsed = parse_log(&log_text(&log)).expect("parses");
    let mut seen = 0;
    let n = replay_events(&parsed, None, |_, _| seen += 1).expect("replays");
    assert_eq!((n, seen), (log.len(), log.len()));
}

#[test]
fn a_single_hand_replays() {
    for rules in common::presets() {
        let mut setup = Setup::new(rules.clone(), 21);
        setup.single_hand = true;
        let log = play_match(setup, &mut agents(21)).expect("plays");
        assert_eq!(replay(&log_text(&log), None), Ok(log.len()), "{}", rules.name);
    }
}
