//! Every `hora` of random games re-scores identically from its `score_input` (the line
//! `hupai score` takes).

mod common;

use hupai_core::{Hand, Kind, Seat};
use hupai_engine::{Event, ScoreInput};
use hupai_rules::{score, Rules, WinContext};

fn kind(text: &str) -> Kind {
    text.parse().expect("a kind")
}

fn wind(text: &str) -> Seat {
    Seat::ALL[kind(text).index() - 27]
}

fn context(input: &ScoreInput) -> WinContext {
    let mut ctx = WinContext::new(kind(&input.win_tile), input.self_drawn);
    ctx.seat_wind = wind(&input.seat_wind);
    ctx.round_wind = wind(&input.round_wind);
    ctx.flowers = input.flowers;
    ctx.last_tile = input.last_tile;
    ctx.replacement = input.replacement;
    ctx.robbing_kong = input.robbing_kong;
    ctx.fourth_tile = input.fourth_tile;
    ctx.first_turn = input.first_turn;
    ctx.riichi = input.riichi;
    ctx.double_riichi = input.double_riichi;
    ctx.ippatsu = input.ippatsu;
    ctx.dora_indicators = input.dora_indicators.iter().map(|k| kind(k)).collect();
    ctx.ura_indicators = input.ura_indicators.iter().map(|k| kind(k)).collect();
    ctx.honba = input.honba;
    ctx.riichi_sticks = input.riichi_sticks;
    ctx
}

#[test]
fn every_win_rescores_identically() {
    let mut checked = 0;
    for rules in common::presets() {
        for seed in 0..6 {
            let (log, _) = common::play_checked(&rules, seed, usize::MAX);
            for e in &log {
                let Event::Hora { hand, han, fu, points, yaku, score_input, .. } = e else {
                    continue;
                };
                // The input line is what `hupai score` reads.
                let line = serde_json::to_string(score_input).expect("json");
                let back: ScoreInput = serde_json::from_str(&line).expect("json");
                let parsed: Hand = back.hand.parse().expect("hand text");
                assert_eq!(&back.hand, hand);
                let r = Rules::preset(&back.rules).expect("rules");
                let s = score(&r, &parsed, &context(&back)).expect("scores");
                assert_eq!((s.total, s.fu, s.payments.total), (*han, *fu, *points), "{line}");
                let names: Vec<&str> = yaku.iter().map(|y| y.name.as_str()).collect();
                let again: Vec<&str> = s.items.iter().map(|i| i.id).collect();
                assert_eq!(names, again, "{line}");
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}
