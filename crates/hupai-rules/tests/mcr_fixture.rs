//! Differential tests against PyMahjongGB 1.4.0: the committed fixture (CI) and a large set
//! generated on the fly (release mode, `--ignored`).

#![cfg(test)]

use crate::common;

use std::collections::HashSet;

use common::{check, parse_line};
use hupai_rules::mcr::Fan;
use hupai_rules::Rules;

const FIXTURE: &str = include_str!("data/mcr_fixture.tsv");

fn run(text: &str) -> (usize, Vec<String>) {
    let rules = Rules::preset("mcr").expect("mcr preset");
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        n += 1;
        if let Err(msg) = check(&rules, &parse_line(line)) {
            failures.push(msg);
        }
    }
    (n, failures)
}

#[test]
fn fixture_matches_reference_fan_by_fan() {
    let (n, failures) = run(FIXTURE);
    assert!(n >= 20_000, "fixture has {n} hands");
    assert!(
        failures.is_empty(),
        "{} of {n} differ; first ones:\n{}",
        failures.len(),
        failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn fixture_covers_every_fan() {
    let mut seen = HashSet::new();
    for line in FIXTURE.lines() {
        for (name, _) in parse_line(line).fans {
            seen.insert(name);
        }
    }
    let missing: Vec<_> = Fan::ALL.iter().filter(|f| !seen.contains(f.zh())).collect();
    assert!(missing.is_empty(), "fans never in the fixture: {missing:?}");
    assert_eq!(Fan::ALL.len(), 82);
}

/// The large differential set. Generate it first (see BENCHMARKS.md / the fixture script):
///
/// ```text
/// python ../shared/oracles/gen_mcr.py -n 120000 --seed 7001 -o /tmp/mcr-large.jsonl
/// python crates/hupai-rules/tests/data/mcr_fixture.py /tmp/mcr-large.jsonl > /tmp/hupai-mcr-large.tsv
/// cargo test --release -p hupai-rules --test integration -- --ignored mcr_fixture::
/// ```
///
/// `HUPAI_MCR_LARGE` overrides the path.
#[test]
#[ignore]
fn large_set_matches_reference() {
    let path =
        std::env::var("HUPAI_MCR_LARGE").unwrap_or_else(|_| "/tmp/hupai-mcr-large.tsv".into());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (n, failures) = run(&text);
    eprintln!("{n} hands from {path}, {} differ", failures.len());
    assert!(n >= 100_000, "only {n} hands in {path}");
    assert!(
        failures.is_empty(),
        "{} of {n} differ; first ones:\n{}",
        failures.len(),
        failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n")
    );
}
