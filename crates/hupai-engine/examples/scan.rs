// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use hupai_engine::{play_match, Agent, Event, Random, Setup};
use hupai_rules::Rules;
fn main() {
    for name in Rules::preset_names() {
        let rules = Rules::preset(name).unwrap();
        let (mut robbed, mut cont_ron, mut games) = (0, 0, 0);
        for seed in 0..300u64 {
            let mut agents: Vec<Box<dyn Agent>> = (0..u64::from(rules.players()))
                .map(|i| Box::new(Random::new(seed * 4 + i)) as Box<dyn Agent>)
                .collect();
            let mut setup = Setup::new(rules.clone(), seed);
            setup.single_hand = true;
            let log = play_match(setup, &mut agents).unwrap();
            games += 1;
            for (i, e) in log.iter().enumerate() {
                if let Event::Hora { actor, target, .. } = e {
                    if actor != target {
                        let prev = log[..i]
                            .iter()
                            .rev()
                            .find(|e| !matches!(e, Event::Hora { .. } | Event::Dora { .. }));
                        if matches!(prev, Some(Event::Kakan { .. })) {
                            robbed += 1;
                        }
                        if log[i + 1..].iter().any(|e| matches!(e, Event::Tsumo { .. })) {
                            cont_ron += 1;
                        }
                    }
                }
            }
        }
        println!("{name}: {games} games, robbed {robbed}, continuing rons {cont_ron}");
    }
}
