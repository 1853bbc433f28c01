//! The match driver: players keep their agents when seats rotate (MCR), answers come in any
//! order and late ones are refused, and a refused answer changes nothing.

#![cfg(test)]

use crate::common;

use hupai_core::Seat;
use hupai_engine::{
    play_match, Action, Agent, AnswerError, Driver, Event, PlayError, PlayerView, Random, Setup,
};
use hupai_rules::Rules;

/// Plays randomly as player `me`, checking at every decision that it sits where the last
/// `start_kyoku` it was shown put player `me`.
struct Seated {
    me: u8,
    seat: Option<Seat>,
    random: Random,
    decisions: u32,
}

impl Agent for Seated {
    fn name(&self) -> &str {
        "seated"
    }
    fn observes(&self) -> bool {
        true
    }
    fn observe(&mut self, event: &Event) {
        if let Event::StartKyoku { players, tehais, .. } = event {
            let players = players.unwrap_or([0, 1, 2, 3]);
            let at = players.iter().position(|&p| p == self.me).expect("seated");
            self.seat = Some(Seat::ALL[at]);
            // Only its own deal is shown.
            assert!(tehais[at].iter().all(|p| !p.is_hidden()));
        }
    }
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        assert_eq!(Some(view.seat), self.seat, "player {} asked for another seat", self.me);
        self.decisions += 1;
        self.random.decide(view, options)
    }
}

#[test]
fn agents_follow_their_players_when_mcr_seats_rotate() {
    let setup = Setup::new(Rules::preset("mcr").expect("preset"), 4);
    let mut agents: Vec<Box<dyn Agent>> = (0..4u8)
        .map(|me| {
            Box::new(Seated { me, seat: None, random: Random::new(me as u64), decisions: 0 })
                as Box<dyn Agent>
        })
        .collect();
    let record = play_match(setup, &mut agents).expect("plays");
    let seatings: Vec<[u8; 4]> = record
        .iter()
        .filter_map(|e| match e {
            Event::StartKyoku { players, .. } => *players,
            _ => None,
        })
        .collect();
    assert_eq!(seatings.len(), 16);
    assert!(seatings.contains(&[1, 0, 3, 2]) && seatings.contains(&[3, 2, 0, 1]));
}

#[test]
fn late_duplicated_and_foreign_answers_change_nothing() {
    let mut driver = Driver::new(Setup::new(Rules::preset("riichi").expect("preset"), 9));
    let first = driver.prompts().next().expect("the dealer decides");
    let (player, decision, option) = (first.player, first.decision, first.options[0]);
    let before = format!("{:?}", driver.record());
    let other = (player + 1) % 4;
    assert!(matches!(
        driver.answer(other, decision, option),
        Err(AnswerError::Play(PlayError::NotYourTurn(_)))
    ));
    assert_eq!(driver.answer(4, decision, option), Err(AnswerError::NoPlayer(4)));
    assert!(matches!(driver.answer(player, decision + 1, option), Err(AnswerError::Stale { .. })));
    let bogus = Action::Pon(["1m".parse().unwrap(), "1m".parse().unwrap()]);
    assert!(matches!(driver.answer(player, decision, bogus), Err(AnswerError::Play(_))));
    assert_eq!(before, format!("{:?}", driver.record()), "a refused answer changed the record");
    driver.answer(player, decision, option).expect("the open decision");
    assert!(matches!(driver.answer(player, decision, option), Err(AnswerError::Stale { .. })));
}

#[test]
fn claims_may_be_answered_in_any_order() {
    // Answer every open prompt from the last seat to the first; the match still completes
    // and replays.
    for rules in common::presets() {
        let mut setup = Setup::new(rules.clone(), 2);
        setup.single_hand = true;
        let mut driver = Driver::new(setup);
        let mut random = Random::new(5);
        while !driver.is_over() {
            let (player, decision, action) = {
                let p = driver.prompts().last().expect("someone decides");
                (p.player, p.decision, random.decide(p.view, p.options))
            };
            driver.answer(player, decision, action).expect("legal");
        }
        let text: String = driver.record().iter().map(|e| e.to_json() + "\n").collect();
        assert_eq!(hupai_engine::replay(&text, None), Ok(driver.record().len()), "{}", rules.name);
    }
}

#[test]
fn a_restarted_driver_plays_as_a_new_one() {
    // MCR: seats rotate, so the seatings kept for the old match must go too.
    let mut reused = Driver::new(Setup::new(Rules::preset("mcr").expect("preset"), 1));
    let mut agents: Vec<Random> = (0..4).map(Random::new).collect();
    reused.run(&mut agents).expect("plays");
    let mut east = Rules::preset("riichi").expect("preset");
    east.rounds = 1; // no preset: start_game records the rules' TOML
    let presets =
        ["mcr", "mcr", "riichi", "riichi", "chinese"].map(|r| Rules::preset(r).expect("preset"));
    for (seed, rules) in (2..).zip(presets.into_iter().chain([east.clone(), east])) {
        let name = rules.name.clone();
        let setup = Setup::new(rules, seed);
        let mut fresh = Driver::new(setup.clone());
        reused.restart(setup);
        assert_eq!(reused.record(), fresh.record());
        let mut a: Vec<Random> = (0..4).map(|p| Random::new(seed * 4 + p)).collect();
        let mut b = a.clone();
        fresh.run(&mut a).expect("plays");
        reused.run(&mut b).expect("plays");
        assert_eq!(reused.record(), fresh.record(), "{name}");
        assert_eq!(reused.decision(), fresh.decision());
        for p in 0..4 {
            assert_eq!(reused.seat_of(p), fresh.seat_of(p));
            assert_eq!(reused.illegal_answers(p), fresh.illegal_answers(p));
        }
    }
}
