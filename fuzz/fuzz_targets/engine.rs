//! Feeds arbitrary action sequences to the engine: legal picks and arbitrary (mostly illegal)
//! actions. Refused actions must leave the game unchanged; every invariant must hold.
#![no_main]

use hupai_core::{Kind, Seat, Tile};
use hupai_engine::{Action, Game, Setup};
use hupai_rules::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let names: Vec<&str> = Rules::preset_names().collect();
    let rules = Rules::preset(names[data[0] as usize % names.len()]).expect("preset");
    let seed = u64::from_le_bytes(data[1..9].try_into().expect("8 bytes"));
    let (mut game, _) = Game::new(Setup::new(rules, seed));
    let total = game.total_points();
    let mut bytes = data[9..].iter().copied();
    while let Some(b) = bytes.next() {
        let Some(seat) = game.next_seat() else { break };
        if b < 200 {
            let options = game.pending().options(seat);
            let action = options[b as usize % options.len()];
            game.apply(seat, action).expect("a listed option is legal");
        } else {
            let x = bytes.next().unwrap_or(0);
            let tile = Tile::from_index(x % 144).unwrap_or(Tile::new(Kind::EAST, 0));
            let kind = Kind::new(x % 34).unwrap_or_default();
            let action = match b % 8 {
                0 => Action::Discard(tile),
                1 => Action::Riichi(tile),
                2 => Action::ClosedKan(kind),
                3 => Action::AddedKan(tile),
                4 => Action::Pon([tile, tile]),
                5 => Action::Chi([tile, tile]),
                6 => Action::Ron,
                _ => Action::Tsumo,
            };
            let who = Seat::ALL[x as usize % 4];
            let before = format!("{game:?}");
            if game.apply(who, action).is_err() {
                assert_eq!(before, format!("{game:?}"), "a refused action changed the game");
            }
        }
        game.check_invariants(total).expect("invariants");
    }
});
