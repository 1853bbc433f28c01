//! Plays one hand with `search` in seat 0 against three `defensive` and prints every
//! decision `search` weighs, with its numbers: `cargo run --release -p hupai-ai --example
//! search_trace -- riichi 7`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hupai_ai::{AgentSpec, BuildOptions};
use hupai_engine::{Agent, Driver, Setup};
use hupai_rules::Rules;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = args.get(1).map_or("riichi", String::as_str);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(7);
    let spec = args.get(3).map_or("search", String::as_str);
    let rules = Rules::preset(preset).expect("preset");
    let mut setup = Setup::new(rules.clone(), seed);
    setup.single_hand = true;
    let mut driver = Driver::new(setup);
    let spec: AgentSpec = spec.parse().expect("spec");
    let mut me = spec.build(&rules, seed, 0, &BuildOptions::default()).expect("agent");
    let mut others: Vec<Box<dyn Agent>> =
        (1..4).map(|_| Box::new(hupai_ai::Defensive::new(&rules)) as Box<dyn Agent>).collect();
    while !driver.is_over() {
        let prompts: Vec<_> = driver
            .prompts()
            .map(|p| (p.player, p.decision, p.view.clone(), p.options.to_vec()))
            .collect();
        for (player, decision, view, options) in prompts {
            let action = if player == 0 {
                let ex = me.explain(&view, &options);
                if options.len() > 1 {
                    let hand: Vec<String> = view.hand().iter().map(|p| p.to_string()).collect();
                    println!("[{}] {}", hand.join(" "), ex);
                }
                ex.action
            } else {
                others[player - 1].decide(&view, &options)
            };
            if let Err(e) = driver.answer(player, decision, action) {
                eprintln!("{e}");
            }
        }
    }
}
