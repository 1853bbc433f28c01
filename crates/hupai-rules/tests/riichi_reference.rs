//! Differential tests of riichi scoring against the reference calculator (the Python `mahjong`
//! library 2.1.0, via `shared/oracles/gen_riichi_score.py`).
//!
//! The committed fixture `tests/data/riichi_score.jsonl` (20,000 hands: 10,000 per preset) was
//! made with
//!
//! ```text
//! P=/tmp/hupai-oracles/bin/python; G=shared/oracles/gen_riichi_score.py
//! $P $G -n 10000 --seed 4101 --preset tenhou -o /tmp/fix_tenhou.jsonl
//! $P $G -n 10000 --seed 4102 --preset majsoul -o /tmp/fix_majsoul.jsonl
//! $P crates/hupai-rules/tests/data/trim_riichi_score.py /tmp/fix_tenhou.jsonl \
//!     /tmp/fix_majsoul.jsonl > crates/hupai-rules/tests/data/riichi_score.jsonl
//! ```
//!
//! The large run (ignored by default) reads `$HUPAI_RIICHI_BIG` (default
//! `/tmp/hupai-riichi-big.jsonl`), and when that file is missing makes it with the oracle found
//! by walking up to `shared/oracles` (100,000 hands, seeds 4201 and 4202):
//!
//! ```text
//! cargo test --release -p hupai-rules --test integration -- --ignored riichi_reference::
//! ```

#![cfg(test)]

use crate::riichi_case;

use std::path::{Path, PathBuf};
use std::process::Command;

use hupai_rules::score;
use riichi_case::{compare, fixture_path, read, rules_for, shared_dir, Case};

fn run(cases: &[Case]) -> Vec<String> {
    let tenhou = rules_for("tenhou");
    let majsoul = rules_for("majsoul");
    let mut failures = Vec::new();
    for case in cases {
        let rules = if case.preset == "majsoul" { &majsoul } else { &tenhou };
        let result = match score(rules, &case.hand, &case.ctx) {
            Ok(s) => compare(case, &s),
            Err(e) => Err(format!("error: {e}")),
        };
        if let Err(why) = result {
            failures.push(format!("line {}: {why}\n  {}", case.line, case.text));
        }
    }
    failures
}

fn assert_all_match(cases: &[Case]) {
    let failures = run(cases);
    assert!(
        failures.is_empty(),
        "{} of {} hands differ from the reference; first ones:\n{}",
        failures.len(),
        cases.len(),
        failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn committed_fixture_matches_the_reference() {
    let cases = read(&fixture_path());
    assert!(cases.len() >= 20_000, "{} cases", cases.len());
    assert!(
        cases.iter().any(|c| c.preset == "tenhou") && cases.iter().any(|c| c.preset == "majsoul")
    );
    assert_all_match(&cases);
}

fn make_big(out: &Path) {
    let shared = shared_dir().expect("no shared/oracles above the crate");
    let python =
        std::env::var("HUPAI_ORACLE_PYTHON").unwrap_or("/tmp/hupai-oracles/bin/python".into());
    let gen = shared.join("oracles/gen_riichi_score.py");
    let trim = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/trim_riichi_score.py");
    let mut parts = Vec::new();
    for (preset, seed) in [("tenhou", "4201"), ("majsoul", "4202")] {
        let part = out.with_extension(format!("{preset}.raw"));
        let status = Command::new(&python)
            .arg(&gen)
            .args(["-n", "50000", "--seed", seed, "--preset", preset, "-o"])
            .arg(&part)
            .status()
            .expect("run the oracle");
        assert!(status.success(), "oracle failed");
        parts.push(part);
    }
    let trimmed = Command::new(&python).arg(&trim).args(&parts).output().expect("trim");
    assert!(trimmed.status.success(), "trim failed");
    std::fs::write(out, trimmed.stdout).expect("write the big fixture");
    for part in parts {
        let _ = std::fs::remove_file(part);
    }
}

#[test]
#[ignore = "large differential run: 100,000 hands, use --release"]
fn large_random_run_matches_the_reference() {
    let path = PathBuf::from(
        std::env::var("HUPAI_RIICHI_BIG").unwrap_or("/tmp/hupai-riichi-big.jsonl".into()),
    );
    if !path.exists() {
        make_big(&path);
    }
    let cases = read(&path);
    assert!(cases.len() >= 100_000, "{} cases", cases.len());
    assert_all_match(&cases);
    eprintln!("{} hands match the reference", cases.len());
}
