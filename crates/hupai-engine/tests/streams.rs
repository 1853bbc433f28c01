//! Each seat's stream: it never carries another seat's concealed tile, draw or the seed; a
//! view built from it alone, read back from JSON, equals the engine's view of that seat; and
//! the options computed from it equal the engine's at every decision, in every preset.

#![cfg(test)]

use crate::common;

use hupai_core::Seat;
use hupai_engine::commitment::verify;
use hupai_engine::{legal_options, Agent, Driver, Event, PlayerView, Random, Setup};

/// Checks that `e`, shown to `seat`, holds nothing the seat may not see.
fn assert_nothing_hidden_leaks(e: &Event, seat: Seat, what: &str) {
    match e {
        Event::StartGame { seed, secret, seed_commitment, .. } => {
            assert!(seed.is_none() && secret.is_none(), "{what}: the seed reached a seat");
            assert!(seed_commitment.is_some(), "{what}: no commitment");
        }
        Event::StartKyoku { tehais, .. } => {
            for (o, t) in Seat::ALL.iter().zip(tehais.iter()) {
                if *o != seat {
                    assert!(t.iter().all(|p| p.is_hidden()), "{what}: seat {o:?}'s deal shown");
                } else {
                    assert!(t.iter().all(|p| !p.is_hidden()), "{what}: own deal hidden");
                }
            }
        }
        Event::Tsumo { actor, pai } if *actor != seat => {
            assert!(pai.is_hidden(), "{what}: seat {actor:?}'s draw shown")
        }
        // 换三张: the tiles passed are the passer's and the receiver's to see.
        Event::Exchange { actor, target, pai } if *actor != seat && *target != seat => {
            assert!(pai.iter().all(|p| p.is_hidden()), "{what}: seat {actor:?}'s pass shown")
        }
        _ => {}
    }
}

fn check_match(setup: Setup, label: &str) -> usize {
    let rules = setup.rules.clone();
    let seed = setup.seed;
    let mut driver = Driver::new(setup);
    let mut agents: Vec<Random> = (0..4).map(|i| Random::new(seed * 4 + i)).collect();
    // One view per player, built only from that player's stream read back from JSON; it
    // follows its player when players change seats (MCR).
    let players = rules.seats().count();
    let rules = std::sync::Arc::new(rules);
    let mut views: Vec<PlayerView> =
        (0..players).map(|p| PlayerView::for_player(p, std::sync::Arc::clone(&rules))).collect();
    let mut shown = 0;
    let mut decisions = 0;
    loop {
        for seq in shown..driver.record().len() {
            for (p, view) in views.iter_mut().enumerate() {
                let e = driver.event_for(p, seq).expect("every player sees every event");
                let seat = e.seat_of_player(p).unwrap_or(view.seat);
                let what = format!("{label} player {p} event {seq} {}", e.to_json());
                assert_nothing_hidden_leaks(&e, seat, &what);
                let read: Event = serde_json::from_str(&e.to_json()).expect("reads back");
                assert_eq!(read, *e, "{what}");
                view.update(&read).unwrap_or_else(|err| panic!("{what}: {err}"));
            }
        }
        shown = driver.record().len();
        for (p, view) in views.iter().enumerate() {
            assert_eq!(view, driver.view_of(p), "{label} player {p} at {shown}: views differ");
            assert_eq!(view.seat, driver.seat_of(p), "{label} player {p} at {shown}: seats differ");
        }
        let Some(prompt) = driver.prompts().next() else { break };
        for prompt in driver.prompts() {
            let mine = legal_options(&views[prompt.player]);
            assert_eq!(mine, prompt.options, "{label} player {} at {shown}", prompt.player);
            decisions += 1;
        }
        let (player, decision) = (prompt.player, prompt.decision);
        let action = agents[player].decide(prompt.view, prompt.options);
        driver.answer(player, decision, action).expect("legal");
    }
    let first = driver.event_for(0, 0);
    let Some(Event::StartGame { seed_commitment: Some(c), .. }) = first.as_deref() else {
        panic!("{label}: no start_game")
    };
    let Some(Event::EndGame { seed: Some(s), secret: Some(k), .. }) = driver.record().last() else {
        panic!("{label}: end_game reveals nothing")
    };
    assert!(verify(c, *s, k), "{label}: the commitment does not verify");
    decisions
}

#[test]
fn streams_hide_what_they_must_and_carry_what_options_need() {
    let mut total = 0;
    for rules in common::presets() {
        for seed in 0..3 {
            let mut setup = Setup::new(rules.clone(), seed);
            setup.secret = 0x5eed_0000_0000_0000_0000_0000_0000_0001 ^ seed as u128;
            total += check_match(setup, &format!("{} seed {seed}", rules.name));
        }
    }
    assert!(total > 10_000, "{total} decisions checked");
}

/// The release run: many more matches.
#[test]
#[ignore]
fn streams_over_many_matches() {
    for rules in common::presets() {
        for seed in 100..160 {
            check_match(Setup::new(rules.clone(), seed), &format!("{} seed {seed}", rules.name));
        }
    }
}

/// Bad input: a fifth copy of a kind dealt or drawn to the view's own seat is no tile it can
/// hold, an error that says which; the view is unchanged.
#[test]
fn a_view_refuses_a_fifth_copy_of_its_own_kind() {
    use hupai_engine::{Pai, ViewError};
    let rules = hupai_rules::Rules::preset("riichi").expect("preset");
    let pai = |s: &str| -> Pai { s.parse().expect("a tile") };
    let five: Vec<Pai> = "1m 1m 1m 1m 1m 2p 3p 4p 5s 6s 7s E E".split(' ').map(pai).collect();
    let e = PlayerView::dealt(&rules, Seat::East, Seat::East, &five, None).expect_err("five 1m");
    assert_eq!(e, ViewError::BadDeal("a kind dealt more than four times"));
    assert!(e.to_string().contains("more than four"), "{e}");
    let four: Vec<Pai> = "1m 1m 1m 1m 2m 2p 3p 4p 5s 6s 7s E E".split(' ').map(pai).collect();
    let mut view = PlayerView::dealt(&rules, Seat::East, Seat::East, &four, None).expect("dealt");
    let before = view.clone();
    let fifth = Event::Tsumo { actor: Seat::East, pai: pai("1m") };
    assert_eq!(view.update(&fifth), Err(ViewError::OwnTile("tsumo", pai("1m"))));
    assert_eq!(view, before, "nothing changed");
    // A draw of a kind held fewer than four times is taken.
    view.update(&Event::Tsumo { actor: Seat::East, pai: pai("2m") }).expect("a second 2m");
    assert_eq!(view.counts()["2m".parse().expect("a kind")], 2);
}
