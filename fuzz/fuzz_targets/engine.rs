//! Feeds arbitrary action sequences to the match driver: legal picks and arbitrary (mostly
//! illegal) answers, from any player, for any decision number. A refused answer must leave
//! the match unchanged; every invariant must hold; the options computed from each player's
//! own stream must equal the engine's.
#![no_main]

use hupai_core::{Kind, Tile};
use hupai_engine::{legal_options, Action, Driver, Pai, PlayerView, Setup};
use hupai_rules::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let names: Vec<&str> = Rules::preset_names().collect();
    let rules = Rules::preset(names[data[0] as usize % names.len()]).expect("preset");
    let seed = u64::from_le_bytes(data[1..9].try_into().expect("8 bytes"));
    let mut driver = Driver::new(Setup::new(rules.clone(), seed));
    let total = driver.game().total_points();
    let mut views: Vec<PlayerView> =
        (0..4).map(|p| PlayerView::new(driver.seat_of(p), &rules)).collect();
    let mut shown = 0;
    let mut bytes = data[9..].iter().copied();
    while let Some(b) = bytes.next() {
        for seq in shown..driver.record().len() {
            for (p, v) in views.iter_mut().enumerate() {
                let e = driver.event_for(p, seq).expect("an event");
                if v.seat != driver.seat_of(p) {
                    *v = PlayerView::new(driver.seat_of(p), &rules);
                }
                v.update(&e).expect("a player's own stream fits its view");
            }
        }
        shown = driver.record().len();
        let Some(prompt) = driver.prompts().next() else { break };
        assert_eq!(legal_options(&views[prompt.player]), prompt.options);
        let (player, decision) = (prompt.player, prompt.decision);
        if b < 200 {
            let action = prompt.options[b as usize % prompt.options.len()];
            driver.answer(player, decision, action).expect("a listed option is legal");
        } else {
            let x = bytes.next().unwrap_or(0);
            let tile = Tile::from_index(x % 144).unwrap_or(Tile::new(Kind::EAST, 0));
            let other = Tile::from_index(x.wrapping_mul(7) % 144).unwrap_or(tile);
            let (pai, other) = (Pai::of(tile, [1, 1, 1]), Pai::of(other, [1, 1, 1]));
            let kind = Kind::new(x % 34).unwrap_or_default();
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
            let who = x as usize % 5;
            let when = if x & 4 == 0 { decision } else { decision.wrapping_sub(x as usize) };
            let before = format!("{:?}", driver.game());
            if driver.answer(who, when, action).is_err() {
                assert_eq!(before, format!("{:?}", driver.game()), "a refused answer changed it");
            }
        }
        driver.game().check_invariants(total).expect("invariants");
    }
});
