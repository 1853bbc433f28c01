//! `hupai analyze` end to end.

#![cfg(test)]

use crate::common;

fn hupai(args: &[&str], stdin: &str) -> (String, bool) {
    let (out, _, ok) = common::run(args, stdin);
    (out, ok)
}

#[test]
fn json_for_a_ready_hand() {
    let (out, ok) = hupai(&["analyze", "--json", "123m456p789s1122z"], "");
    assert!(ok);
    assert_eq!(
        out.trim(),
        r#"{"hand":"123m456p789s1122z","tiles":13,"agari":false,"shanten":0,"forms":{"regular":0,"seven_pairs":4,"thirteen_orphans":8,"honors_knitted":null,"knitted_straight":null},"waits":["1z","2z"],"ukeire":{"tiles":["1z","2z"],"count":4},"discards":[]}"#
    );
}

#[test]
fn json_discards_for_fourteen_tiles_best_first() {
    let (out, ok) = hupai(&["analyze", "--json", "123m456p789s11223z"], "");
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["ukeire"], serde_json::Value::Null);
    assert_eq!(v["discards"][0]["discard"], "3z");
    assert_eq!(v["discards"][0]["count"], 4);
    assert_eq!(v["discards"].as_array().unwrap().len(), 12);
}

#[test]
fn stdin_lines_with_a_bad_line_keep_going_and_fail_the_exit_code() {
    let (out, ok) =
        hupai(&["analyze", "--json", "--rules", "mcr"], "1234z8z\n147m258p369s45m11z\n");
    assert!(!ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"hand":"1234z8z","error":"invalid tile '8z' at 6: honours go 1z..7z"}"#
    );
    let v: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(v["forms"]["knitted_straight"], 0);
    assert_eq!(v["waits"], serde_json::json!(["3m", "6m"]));
}

#[test]
fn visible_tiles_reduce_the_count_and_melds_join_their_hand() {
    let (out, ok) = hupai(
        &["analyze", "--json", "--visible", "1z4m", "23456m11z", "pon:777s", "ankan:9999p"],
        "",
    );
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["hand"], "23456m11z pon:777s ankan:9999p");
    assert_eq!(v["ukeire"]["count"], 10);
    let (_, ok) = hupai(&["analyze", "--visible", "1z1z1z", "123m456p789s1122z"], "");
    assert!(!ok, "five copies of 1z across hand and visible");
}

#[test]
fn human_format_shows_waits_with_shapes() {
    let (out, ok) = hupai(&["analyze", "23m456p789s11z999p"], "");
    assert!(ok);
    assert!(out.contains("waits     1m (two-sided), 4m (two-sided)"), "{out}");
}
