//! Every `hora` of random games re-scores identically from its `score_input` (the line
//! `hupai score` takes).

#![cfg(test)]

use crate::common;

use hupai_engine::Event;
use hupai_rules::{score, Rules, ScoreLine};

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
                let back: ScoreLine = serde_json::from_str(&line).expect("json");
                let (parsed, ctx) = back.hand_and_context().expect("hand and context");
                assert_eq!(&back.hand, hand);
                let r = Rules::preset(&back.rules).expect("rules");
                let s = score(&r, &parsed, &ctx).expect("scores");
                assert_eq!((s.total, s.fu, s.payments.total), (*han, *fu, *points), "{line}");
                let names: Vec<&str> = yaku.iter().map(|y| y.name.as_str()).collect();
                let again: Vec<&str> = s.items.iter().map(|i| i.id.as_str()).collect();
                assert_eq!(names, again, "{line}");
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}
