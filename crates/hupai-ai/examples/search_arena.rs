//! A quick duplicate arena for tuning the search (the same as `hupai arena`, without the
//! CLI's build): `search_arena RULES HANDS SEED AGENT [OPPONENT]`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hupai_ai::arena::{run_arena, ArenaConfig, Length};
use hupai_rules::Rules;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = args.get(1).map_or("riichi", String::as_str);
    let hands: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(400);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(11);
    let agent = args.get(4).map_or("search", String::as_str);
    let other = args.get(5).map_or("defensive", String::as_str);
    let rules = Rules::preset(preset).expect("preset");
    let mut config =
        ArenaConfig::from_specs(rules, [agent, other, other, other], seed).expect("specs");
    config.length = Length::Hands(hands);
    config.duplicate = true;
    let result = run_arena(&config, &|_| {}).expect("arena");
    for a in &result.agents {
        println!(
            "{:<28} rank {:.3}±{:.3}  pts {:+9.3}±{:.3}  win {:.1}%  deal {:.1}%  tenpai@draw {:.1}%  riichi {:.1}%  calls {:.1}%  p50 {:.0}µs p99 {:.0}µs",
            a.name, a.avg_rank, a.avg_rank_ci95, a.points_per_hand, a.points_per_hand_ci95,
            a.win_rate * 100.0, a.deal_in_rate * 100.0, a.tenpai_at_draw * 100.0,
            a.riichi_rate * 100.0, a.call_rate * 100.0, a.decision_us_p50, a.decision_us_p99
        );
    }
}
