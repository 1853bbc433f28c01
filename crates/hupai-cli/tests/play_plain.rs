//! `hupai play --plain` end to end: whole seeded games played through standard input by a
//! scripted player that reads each question and types a command (`h`, `p`, `c 34m`, `d 5m`,
//! `pass`), with the transcript checked.

#![cfg(test)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Plays a match, answering every `?` line; returns the transcript.
fn play(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .arg("play")
        .arg("--plain")
        .arg("--hints")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("hupai runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut transcript = String::new();
    let mut suggestion = String::new();
    for line in stdout.lines() {
        let line = line.expect("utf-8 output");
        transcript.push_str(&line);
        transcript.push('\n');
        if let Some(rest) = line.strip_prefix("hint: AI would play ") {
            suggestion = rest.split(" (").next().unwrap_or("").to_string();
        }
        let Some(question) = line.strip_prefix("? ") else { continue };
        let question = question.split_once(": ").map_or(question, |q| q.1);
        let choices: Vec<&str> = question.split(" | ").collect();
        let find = |word: &str| {
            choices
                .iter()
                .find(|c| c.ends_with(word))
                .map(|c| c.strip_suffix(word).unwrap_or(c).trim().to_string())
        };
        let answer = find(" win (ron)")
            .or_else(|| find(" win (tsumo)"))
            .or_else(|| find(" pon"))
            .or_else(|| find(" chi"))
            .or_else(|| {
                (!suggestion.is_empty() && suggestion != "pass").then(|| suggestion.clone())
            })
            .unwrap_or_else(|| "pass".to_string());
        // A wrong command first, to show that it is refused and asked again.
        if transcript.matches("\n? ").count() == 3 {
            writeln!(stdin, "d 8z").expect("write");
        }
        writeln!(stdin, "{answer}").expect("write");
        suggestion.clear();
    }
    assert!(child.wait().expect("exit").success());
    transcript
}

#[test]
fn a_whole_chinese_match_with_calls_a_win_and_an_exhaustive_draw() {
    let t = play(&["--rules", "chinese", "--seed", "5", "--explain"]);
    assert!(t.starts_with("new match: rules chinese, seed 5\n"), "{}", &t[..200]);
    assert!(t.contains("\nyou pon ") || t.contains("\nyou chi "), "no call by the player");
    assert!(t.contains(" won on "), "no win");
    assert!(t.contains("Draw: exhaustive"), "no exhaustive draw");
    assert!(t.contains("! invalid tile '8z'"), "a bad command is refused");
    assert!(t.contains("\n  why: "), "explanations");
    assert!(t.contains("Final standings:"), "standings");
    // Every question is answered on the next line that is not a hint.
    for (i, line) in t.lines().enumerate() {
        if line.starts_with("? ") {
            let next = t.lines().nth(i + 1).unwrap_or("");
            assert!(next.starts_with("> "), "line {}: {line} answered by {next}", i + 1);
        }
    }
}

#[test]
fn the_transcript_is_deterministic_and_as_recorded() {
    let a = play(&["--rules", "chinese", "--seed", "21", "--one-hand"]);
    let b = play(&["--rules", "chinese", "--seed", "21", "--one-hand"]);
    assert_eq!(a, b);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/plain_seed21.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &a).expect("write");
    }
    let want = std::fs::read_to_string(&path).expect("recorded transcript");
    assert_eq!(a, want, "transcript changed; UPDATE_SNAPSHOTS=1 rewrites it");
}

#[test]
fn riichi_and_mcr_matches_run_to_the_end() {
    for rules in ["riichi", "mcr"] {
        let t = play(&["--rules", rules, "--seed", "9", "--one-hand"]);
        assert!(t.contains("Payments:"), "{rules}: no settlement");
    }
}

#[test]
fn quitting_and_end_of_input_leave_cleanly_and_the_log_replays_to_the_quit() {
    let dir = std::env::temp_dir().join(format!("hupai-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["play", "--plain", "--seed", "5", "--log"])
        .arg(&log)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("end of input: leaving the match"));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("{\"type\":\"start_game\""));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_full_logged_game_verifies_with_hupai_replay() {
    let dir = std::env::temp_dir().join(format!("hupai-play-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.jsonl");
    let log_arg = log.to_string_lossy().to_string();
    let t = play(&["--rules", "riichi", "--seed", "3", "--log", &log_arg]);
    assert!(t.contains("Payments:"));
    let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["replay", "--verify"])
        .arg(&log)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::remove_dir_all(&dir).ok();
}
