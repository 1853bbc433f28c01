//! Any rule file is loaded or refused with a message that names the file; a rule set that
//! loads plays a hand to its end with random agents without a panic or a broken invariant.
#![no_main]

use hupai_engine::{Agent, Game, Random, Setup};
use hupai_rules::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let rules = match Rules::from_toml_str(text, "fuzz.toml") {
        Ok(r) => r,
        Err(e) => {
            assert!(e.to_string().contains("fuzz.toml") || e.to_string().contains("unknown"), "{e}");
            return;
        }
    };
    let mut setup = Setup::new(rules, 1);
    setup.single_hand = true;
    let (mut game, _) = Game::new(setup);
    let total = game.total_points();
    let mut agent = Random::new(2);
    for _ in 0..2000 {
        let Some(seat) = game.next_seat() else { break };
        let action = agent.decide(game.view(seat), game.pending().options(seat));
        game.apply(seat, action).expect("a listed option is legal");
        game.check_invariants(total).expect("invariants");
    }
});
