//! `Score::write_json` writes the same bytes as `serde_json` with the `Serialize` impl, on
//! every hand of the committed MCR and riichi fixtures and on the Wuhan examples (the payments
//! by payer).

#![cfg(test)]

use crate::common;
use crate::riichi_case;

use hupai_rules::{score, RulesCache, Score, ScoreLine};

fn same(score: &Score, what: &str) {
    let mut out = Vec::new();
    score.write_json(&mut out);
    let want = serde_json::to_vec(score).expect("serialise");
    assert_eq!(String::from_utf8_lossy(&out), String::from_utf8_lossy(&want), "{what}");
}

#[test]
fn every_fixture_hand_is_written_as_serde_json_writes_it() {
    let mcr = hupai_rules::Rules::preset("mcr").expect("preset");
    let mut n = 0;
    for line in include_str!("data/mcr_fixture.tsv").lines().filter(|l| !l.trim().is_empty()) {
        let case = common::parse_line(line);
        if let Ok(s) = score(&mcr, &case.hand, &case.ctx) {
            same(&s, line);
            n += 1;
        }
    }
    for case in riichi_case::read(&riichi_case::fixture_path()) {
        let rules = riichi_case::rules_for(&case.preset);
        if let Ok(s) = score(&rules, &case.hand, &case.ctx) {
            same(&s, &case.text);
            n += 1;
        }
    }
    let wuhan: toml::Value =
        toml::from_str(include_str!("data/wuhan_examples.toml")).expect("toml");
    let mut cache = RulesCache::default();
    for example in wuhan["example"].as_array().expect("examples") {
        let text = example["line"].as_str().expect("line");
        let line: ScoreLine = serde_json::from_str(text).expect("score line");
        if let Ok(s) = line.score(&mut cache) {
            same(&s, text);
            n += 1;
        }
    }
    assert!(n > 40_000, "{n} hands");
}
