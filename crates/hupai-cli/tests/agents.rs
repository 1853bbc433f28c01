//! Every command takes every agent, hupai's own and external mjai bots alike. An external bot
//! that is hupai's own `mjai-bot` plays exactly the game the in-process agent plays: it sees
//! only its stream, works out the same options, and answers through the protocol.

#![cfg(test)]

use std::process::Command;

use serde_json::Value;

fn hupai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hupai"))
}

fn json_out(args: &[&str]) -> Value {
    let out = hupai().args(args).output().expect("runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The events of a log, without `start_game` (whose names say who played) and without the
/// commitment's secret that `end_game` reveals (drawn anew for every game).
fn events(dir: &std::path::Path) -> Vec<Value> {
    let mut files: Vec<_> =
        std::fs::read_dir(dir).expect("logs").map(|e| e.expect("e").path()).collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).expect("log");
        out.extend(
            text.lines()
                .map(|l| serde_json::from_str::<Value>(l).expect("json"))
                .filter(|v| v["type"] != "start_game")
                .map(|mut v| {
                    if let Some(o) = v.as_object_mut() {
                        o.remove("secret");
                    }
                    v
                }),
        );
    }
    out
}

#[test]
fn selfplay_seats_every_kind_of_agent() {
    let v = json_out(&[
        "selfplay",
        "--rules",
        "riichi",
        "--games",
        "1",
        "--seed",
        "4",
        "--json",
        "--agents",
        "defensive(fold=2),efficiency,random,tsumogiri",
    ]);
    assert!(v["hands"].as_u64().expect("hands") > 0);
    let agents = v["agents"].as_array().expect("per agent");
    assert_eq!(agents[0]["agent"], "defensive(fold=2)");
    assert!(agents.iter().all(|a| a["illegal"] == 0 && a["timeouts"] == 0), "{agents:?}");
}

#[test]
fn an_unknown_agent_is_refused_with_the_names_it_could_be() {
    let out = hupai()
        .args(["selfplay", "--agents", "brave,random,random,random"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown agent 'brave'") && err.contains("defensive"), "{err}");
}

/// One selfplay game under `rules` from `seed`, played by `agents` (in-process) and again
/// with the seats `external` marks played by `bot` as an external mjai bot, both logged: the
/// two logs' events and the second run's summary, after checking neither counted a fault.
fn inside_and_outside(
    name: &str,
    rules: &str,
    seed: &str,
    bot: &str,
    external: [bool; 4],
) -> (Vec<Value>, Vec<Value>, Value) {
    let tmp = std::env::temp_dir().join(format!("hupai-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let mut runs = Vec::new();
    for outside in [false, true] {
        let dir = tmp.join(if outside { "outside" } else { "inside" });
        let agents: Vec<&str> =
            external.iter().map(|&e| if e && outside { bot } else { "defensive" }).collect();
        let v = json_out(&[
            "selfplay",
            "--rules",
            rules,
            "--games",
            "1",
            "--seed",
            seed,
            "--json",
            "--agents",
            &agents.join(","),
            "--log",
            dir.to_str().expect("utf-8"),
        ]);
        for a in v["agents"].as_array().expect("per agent") {
            assert_eq!((a["illegal"].as_u64(), a["timeouts"].as_u64()), (Some(0), Some(0)), "{a}");
        }
        runs.push((events(&dir), v));
    }
    let _ = std::fs::remove_dir_all(&tmp);
    let (outside, summary) = runs.pop().expect("two runs");
    let (inside, _) = runs.pop().expect("two runs");
    (inside, outside, summary)
}

#[test]
fn hupai_as_an_external_mjai_bot_plays_the_same_game_as_in_process() {
    let bin = env!("CARGO_BIN_EXE_hupai");
    let external = format!("mjai:{bin} mjai-bot --agent defensive");
    let (a, b, _) =
        inside_and_outside("agents", "riichi", "12", &external, [true, false, true, false]);
    assert!(a.len() > 200);
    assert_eq!(a, b, "the external bots played differently");
    // The same through the arena, answering only when able, as Mortal's bots do.
    let v = json_out(&[
        "arena",
        "--rules",
        "riichi",
        "--hands",
        "8",
        "--seed",
        "3",
        "--threads",
        "1",
        "--json",
        "--mjai-replies",
        "when-able",
        "--agents",
        &format!("{external} --when-able,efficiency,efficiency,efficiency"),
    ]);
    let bot = v["agents"]
        .as_array()
        .expect("agents")
        .iter()
        .find(|a| a["name"].as_str().is_some_and(|n| n.starts_with("mjai:")))
        .expect("the external bot's figures")
        .clone();
    assert_eq!(bot["hands"], 8);
    assert_eq!((bot["illegal"].as_u64(), bot["timeouts"].as_u64()), (Some(0), Some(0)), "{bot}");
}

#[test]
fn an_external_mjai_bot_follows_its_player_across_mcr_seat_rotation() {
    // MCR moves players between seats each wind round; the external bot must play on from the
    // seat its player moved to (start_kyoku's players), as the in-process agent does.
    let bin = env!("CARGO_BIN_EXE_hupai");
    let external = format!("mjai:{bin} mjai-bot --rules mcr --agent defensive");
    let (a, b, summary) =
        inside_and_outside("rotation", "mcr", "3", &external, [true, false, false, false]);
    assert_eq!(summary["hands"], 16, "a full MCR match: {summary}");
    assert_eq!(a, b, "the external bot played differently");
}

#[test]
fn replay_shows_a_players_stream_without_the_others_tiles_or_the_seed() {
    let tmp = std::env::temp_dir().join(format!("hupai-stream-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    json_out(&[
        "selfplay",
        "--rules",
        "mcr",
        "--games",
        "1",
        "--seed",
        "2",
        "--json",
        "--log",
        tmp.to_str().expect("utf-8"),
    ]);
    let log = std::fs::read_dir(&tmp).expect("dir").next().expect("a log").expect("e").path();
    let out = hupai()
        .args(["replay", log.to_str().expect("utf-8"), "--seat", "1", "--json"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let full = std::fs::read_to_string(&log).expect("log");
    assert_eq!(text.lines().count(), full.lines().count(), "one line per event");
    let first: Value =
        serde_json::from_str(text.lines().next().expect("start_game")).expect("json");
    assert!(first.get("hupai_seed").is_none() && first.get("secret").is_none(), "{first}");
    assert!(first["seed_commitment"].is_string());
    let mut seat = 1usize;
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).expect("json");
        if v["type"] == "start_kyoku" {
            let players = v["players"].as_array().expect("MCR seats rotate");
            seat = players.iter().position(|p| p == 1).expect("player 1 sits");
            for (s, t) in v["tehais"].as_array().expect("tehais").iter().enumerate() {
                let hidden = t.as_array().expect("tiles").iter().all(|p| p == "?");
                assert_eq!(hidden, s != seat, "{line}");
            }
        }
        if v["type"] == "tsumo" && v["actor"] != seat {
            assert_eq!(v["pai"], "?", "{line}");
        }
    }
    let last: Value = serde_json::from_str(text.lines().last().expect("end_game")).expect("json");
    assert!(last["hupai_seed"].is_u64(), "the seed is revealed at the end: {last}");
    // The commitment is checked by the revealed secret, which is not a known one: under the
    // secret 0 anyone could try seeds (2 here) against the commitment.
    let commitment = first["seed_commitment"].as_str().expect("commitment");
    let secret = last["secret"].as_str().expect("the secret is revealed");
    let seed = last["hupai_seed"].as_u64().expect("seed");
    assert!(hupai_engine::commitment::verify(commitment, seed, secret), "{first} {last}");
    assert!(!hupai_engine::commitment::verify(commitment, seed, &"0".repeat(32)), "{secret}");
    let bad = hupai().args(["replay", log.to_str().expect("utf-8"), "--seat", "4"]).output();
    assert!(!bad.expect("runs").status.success());
    // Player 1's decisions read back from its own stream are those read from the full record,
    // across MCR's re-seating, each one of the options it had.
    let stream = tmp.join("stream.jsonl");
    std::fs::write(&stream, &text).expect("write");
    let decisions = |file: &std::path::Path| {
        let args =
            ["replay", file.to_str().expect("utf-8"), "--decisions", "--seat", "1", "--json"];
        let out = hupai().args(args).output().expect("runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let (from_record, from_stream) = (decisions(&log), decisions(&stream));
    assert_eq!(from_record, from_stream);
    let seats: std::collections::BTreeSet<u64> = from_record
        .lines()
        .map(|l| {
            let d: Value = serde_json::from_str(l).expect("json");
            assert_eq!(d["player"], 1);
            let options = d["options"].as_array().expect("options");
            assert!(options.contains(&d["chosen"]), "{l}");
            d["seat"].as_u64().expect("seat")
        })
        .collect();
    assert!(seats.len() > 1, "player 1 moved seats: {seats:?}");
    let _ = std::fs::remove_dir_all(&tmp);
}
