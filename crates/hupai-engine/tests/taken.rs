//! Decisions read back from a log ([`hupai_engine::taken`]) are the decisions the players
//! took, on the views they took them on, in every preset (MCR's re-seating included), from the
//! full record and from each player's own stream alike.

#![cfg(test)]

use crate::common;

use hupai_engine::replay::parse_log;
use hupai_engine::taken::{for_each_decision, DecisionsError};
use hupai_engine::{player_stream, Action, Agent, Driver, Event, Random, Setup};

/// What a player answered at a decision.
#[derive(Clone, Debug, PartialEq)]
struct Answer {
    player: usize,
    decision: usize,
    action: Action,
    options: Vec<Action>,
}

/// Plays a match with random agents; returns the record and every answer.
fn play(setup: Setup) -> (Vec<Event>, Vec<Answer>) {
    let seed = setup.seed;
    let mut driver = Driver::new(setup);
    let mut agents: Vec<Random> = (0..4).map(|i| Random::new(seed * 4 + i)).collect();
    let mut answers = Vec::new();
    loop {
        let answer = {
            let Some(p) = driver.prompts().next() else { break };
            let action = agents[p.player].decide(p.view, p.options).canonical();
            Answer { player: p.player, decision: p.decision, action, options: p.options.to_vec() }
        };
        driver.answer(answer.player, answer.decision, answer.action).expect("legal");
        answers.push(answer);
    }
    (driver.into_record(), answers)
}

fn text(events: impl Iterator<Item = Event>) -> String {
    events.map(|e| e.to_json() + "\n").collect()
}

#[test]
fn the_decisions_read_back_are_the_decisions_taken() {
    let mut total = 0;
    for rules in common::presets() {
        for seed in 0..2 {
            let mut setup = Setup::new(rules.clone(), seed);
            // MCR re-seats the players after each round: start in the last hand of the first.
            if rules.name == "mcr" {
                setup.round.dealer = hupai_core::Seat::North;
            } else {
                setup.single_hand = true;
            }
            let (record, answers) = play(setup);
            let label = format!("{} seed {seed}", rules.name);
            for player in 0..4 {
                let full = parse_log(&text(record.iter().cloned())).expect("parses");
                let own = parse_log(&text(player_stream(&record, player).map(|e| e.into_owned())))
                    .expect("parses");
                for log in [full, own] {
                    let mut read = Vec::new();
                    for_each_decision(&log, player, &rules, |d| {
                        let (options, action) = (d.options.to_vec(), d.chosen);
                        read.push(Answer { player, decision: d.seq, action, options });
                    })
                    .unwrap_or_else(|e| panic!("{label} player {player}: {e}"));
                    let mine: Vec<&Answer> =
                        answers.iter().filter(|a| a.player == player).collect();
                    for a in &mine {
                        let Some(r) = read.iter().find(|r| r.decision == a.decision) else {
                            panic!("{label} player {player}: decision {} not read", a.decision)
                        };
                        assert_eq!(
                            r.options, a.options,
                            "{label} player {player} at {}",
                            a.decision
                        );
                        // A call overridden by another seat's win leaves no trace: a pass.
                        let overridden = r.action == Action::Pass
                            && matches!(
                                a.action,
                                Action::Pon(_) | Action::Chi(_) | Action::OpenKan
                            );
                        assert!(
                            r.action == a.action || overridden,
                            "{label} player {player} at {}: read {}, took {}",
                            a.decision,
                            r.action,
                            a.action
                        );
                    }
                    let extra: Vec<&Answer> = read
                        .iter()
                        .filter(|r| !mine.iter().any(|a| a.decision == r.decision))
                        .collect();
                    assert!(extra.is_empty(), "{label} player {player}: never asked {extra:?}");
                    total += read.len();
                }
            }
        }
    }
    assert!(total > 2000, "{total} decisions read");
}

#[test]
fn another_players_stream_is_refused() {
    let rules = hupai_rules::Rules::preset("riichi").expect("preset");
    let mut setup = Setup::new(rules.clone(), 4);
    setup.single_hand = true;
    let (record, _) = play(setup);
    let stream = parse_log(&text(player_stream(&record, 2).map(|e| e.into_owned()))).unwrap();
    let err = for_each_decision(&stream, 1, &rules, |_| {}).unwrap_err();
    assert!(matches!(err, DecisionsError::Hidden { player: 1, .. }), "{err}");
    assert!(err.to_string().contains("hides player 1's tiles"), "{err}");
}
