//! Every `hora` of logged arena games re-scores identically through `hupai score`.

#![cfg(test)]

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn hupai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hupai"))
}

#[test]
fn every_logged_win_rescores_through_hupai_score() {
    let mut checked = 0;
    for (rules, games) in [("riichi", "2"), ("mcr", "1"), ("chinese", "1")] {
        let dir =
            std::env::temp_dir().join(format!("hupai-rescore-{rules}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let status = hupai()
            .args(["arena", "--rules", rules, "--agents", "defensive", "--games", games])
            .args(["--seed", "5", "--threads", "1", "--json", "--log"])
            .arg(&dir)
            .stdout(Stdio::null())
            .status()
            .expect("arena runs");
        assert!(status.success());
        let mut wins = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("log dir") {
            let text = std::fs::read_to_string(entry.expect("entry").path()).expect("log");
            for line in text.lines() {
                let event: Value = serde_json::from_str(line).expect("json event");
                if event["type"] == "hora" {
                    wins.push(event);
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert!(!wins.is_empty(), "{rules}: no win logged");
        let input: String = wins.iter().map(|w| format!("{}\n", w["score_input"])).collect();
        let mut child = hupai()
            .args(["score", "--json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("score runs");
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
        let out = child.wait_with_output().expect("score exits");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
        let results: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("json result"))
            .collect();
        assert_eq!(results.len(), wins.len());
        for (win, result) in wins.iter().zip(&results) {
            if rules == "riichi" {
                assert_eq!(result["han"], win["han"], "{win}");
                assert_eq!(result["fu"], win["fu"], "{win}");
                assert_eq!(result["points"]["total"], win["points"], "{win}");
            } else {
                assert_eq!(result["total"], win["han"], "{win}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 3);
}
