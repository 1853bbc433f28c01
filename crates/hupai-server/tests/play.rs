//! Four socket clients play a whole match on loopback; every frame each receives is exactly
//! its stream (nothing another seat may not see); a player dropped and resumed at random points
//! ends with the same record; the log is served once the match is over, and replays.

#![cfg(test)]

use crate::common;

use common::{base, db, game_log, play, start, table, Received, PATIENT};
use hupai_engine::{player_stream, replay, Event};
use hupai_server::client::http;

async fn whole_match(name: &str, seed: u64, drops: Vec<usize>) -> (String, [Received; 4]) {
    let path = db(name);
    let server = start(path.to_str().expect("utf-8")).await;
    let base = base(&server);
    let made = table(&base, &["human"; 4], "east", seed, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    let tokens: Vec<String> =
        (0..4).map(|p| made["seats"][p]["token"].as_str().expect("token").to_string()).collect();
    // The log is not served while the match runs.
    let (status, _) =
        http(&base, "GET", &format!("/api/games/{id}/log"), None).await.expect("http");
    assert_eq!(status, 409);
    let tasks: Vec<_> = tokens
        .into_iter()
        .enumerate()
        .map(|(p, token)| {
            let d = if p == 2 { drops.clone() } else { Vec::new() };
            tokio::spawn(play(base.clone(), id.clone(), token, p, d))
        })
        .collect();
    let mut got = Vec::new();
    for t in tasks {
        got.push(t.await.expect("a player finishes"));
    }
    // The table stores the log as it ends.
    let log = game_log(&base, &id).await;
    (log, got.try_into().expect("four"))
}

fn check_streams(log: &str, got: &[Received; 4]) {
    let record: Vec<Event> = log.lines().map(|l| serde_json::from_str(l).expect("event")).collect();
    assert_eq!(replay(log, None), Ok(record.len()), "the log replays");
    for (p, r) in got.iter().enumerate() {
        let mut events = r.events.clone();
        events.dedup_by_key(|(seq, _)| *seq);
        let stream: Vec<Event> = player_stream(&record, p).map(|e| e.into_owned()).collect();
        assert_eq!(events.len(), stream.len(), "player {p} got every event");
        for ((seq, e), want) in events.iter().zip(&stream) {
            assert_eq!(e, want, "player {p} event {seq}: exactly what its seat may see");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_clients_play_a_whole_match_and_see_only_their_streams() {
    let (log, got) = whole_match("whole", 31, Vec::new()).await;
    check_streams(&log, &got);
    assert!(log.lines().count() > 300, "an east round");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_resumes_and_the_record_is_the_same() {
    let (uninterrupted, _) = whole_match("straight", 47, Vec::new()).await;
    // Drop player 2 at pseudo-random points: early, mid-hand, on prompts, many times.
    let mut drops = Vec::new();
    let mut x: u64 = 0x9E37_79B9;
    for _ in 0..12 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        drops.push(1 + (x >> 33) as usize % 60);
    }
    let (resumed, got) = whole_match("dropped", 47, drops).await;
    check_streams(&resumed, &got);
    assert_eq!(
        without_secret(&uninterrupted),
        without_secret(&resumed),
        "the dropped player changed the game"
    );
}

/// A log without its commitment's secret (every table draws its own).
fn without_secret(log: &str) -> Vec<serde_json::Value> {
    log.lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("json");
            if let Some(o) = v.as_object_mut() {
                o.remove("secret");
                o.remove("seed_commitment");
            }
            v
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_user_rules_plays_by_them() {
    let server = start(db("user-rules").to_str().expect("utf-8")).await;
    let base = base(&server);
    let rules =
        "extends = \"riichi\"\nname = \"house\"\nstarting_points = 30000\ntarget_points = 30000\n";
    let request = serde_json::json!({
        "rules_toml": rules,
        "length": "hand",
        "seats": ["bot:efficiency", "bot:defensive", "bot:efficiency", "bot:defensive"],
        "seed": 12,
        "time": serde_json::from_str::<serde_json::Value>(PATIENT).expect("json"),
    });
    let made = hupai_server::client::create_table(&base, &request.to_string()).await.expect("made");
    let id = made["table"].as_str().expect("id").to_string();
    let log = game_log(&base, &id).await;
    let events: Vec<Event> = log.lines().map(|l| serde_json::from_str(l).expect("event")).collect();
    let Some(Event::StartKyoku { scores, .. }) =
        events.iter().find(|e| matches!(e, Event::StartKyoku { .. }))
    else {
        panic!("no hand in {log}");
    };
    assert_eq!(scores.map(|s| s.into_array()), Some([30000; 4]), "the user's starting points");
    assert!(
        log.lines().next().is_some_and(|l| l.contains("\"hupai_rules\":\"house\"")),
        "{}",
        &log[..200.min(log.len())]
    );
    // The log replays by the rules it carries.
    replay(&log, None).expect("replays");
}
