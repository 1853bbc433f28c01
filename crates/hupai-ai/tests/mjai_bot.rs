//! The mjai bot replays recorded games: fed a seat's view of an engine log, it answers what
//! the same agent did in the game, and every answer is legal there.

#![cfg(test)]

use hupai_ai::mjai_bot::MjaiBot;
use hupai_ai::{AgentSpec, BuildOptions};
use hupai_core::Seat;
use hupai_engine::{play_match, Agent, Event, Setup};
use hupai_rules::Rules;
use serde_json::Value;

fn agent(name: &str) -> Box<dyn Agent> {
    let spec: AgentSpec = name.parse().unwrap();
    spec.build(&Rules::preset("riichi").unwrap(), 0, 0, &BuildOptions::default()).unwrap()
}

fn recorded_game(seed: u64) -> Vec<Event> {
    let rules = Rules::preset("riichi").unwrap();
    let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|_| agent("defensive")).collect();
    play_match(Setup::new(rules, seed), &mut agents).unwrap()
}

fn is_decision(v: &Value) -> bool {
    matches!(
        v.get("type").and_then(Value::as_str),
        Some("dahai" | "reach" | "chi" | "pon" | "daiminkan" | "kakan" | "ankan" | "hora")
    )
}

fn key(v: &Value) -> String {
    let ty = v.get("type").and_then(Value::as_str).unwrap_or("none");
    match ty {
        "dahai" => format!("dahai {}", v["pai"].as_str().unwrap_or("")),
        "chi" | "pon" => {
            let mut c: Vec<String> = v["consumed"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect();
            c.sort();
            format!("{ty} {}", c.join(""))
        }
        _ => ty.to_string(),
    }
}

#[test]
fn replays_recorded_games_with_the_same_decisions() {
    let (mut agree, mut total, mut illegal) = (0, 0, 0);
    for seed in [1, 2, 3] {
        let log = recorded_game(seed);
        for seat in 0..4u8 {
            let mut bot = MjaiBot::new(Rules::preset("riichi").unwrap(), agent("defensive"), false);
            let shown = Seat::ALL[seat as usize];
            let lines: Vec<String> = log.iter().map(|e| e.seen_by(shown).to_json()).collect();
            for (i, line) in lines.iter().enumerate() {
                let (answer, notes) = bot.handle_line(line);
                assert!(notes.is_empty(), "seed {seed} seat {seat} line {}: {notes:?}", i + 1);
                let answer: Value = serde_json::from_str(&answer).unwrap();
                let next: Option<Value> =
                    lines.get(i + 1).map(|l| serde_json::from_str(l).unwrap());
                // Nine terminals: the abortive draw right after the seat's own draw.
                let own_draw = serde_json::from_str::<Value>(line).is_ok_and(|v| {
                    v["type"] == "tsumo" && v["actor"].as_u64() == Some(seat as u64)
                });
                let expected = next.filter(|n| {
                    (is_decision(n) && n["actor"].as_u64() == Some(seat as u64))
                        || (own_draw && n["type"] == "ryukyoku" && n["reason"] == "nine_terminals")
                });
                let said = answer["type"].as_str() != Some("none");
                if !said && expected.is_none() {
                    continue;
                }
                total += 1;
                if let Some(e) = &expected {
                    if key(e) == key(&answer) {
                        agree += 1;
                    }
                }
                if said && answer["actor"].as_u64() != Some(seat as u64) {
                    illegal += 1;
                }
            }
        }
    }
    assert_eq!(illegal, 0);
    let rate = agree as f64 / total as f64;
    assert!(rate >= 0.95, "agreement {agree}/{total}");
}

/// A bot for seat 0 after `start_game` and a `start_kyoku` dealing it `tehai`.
fn seated(tehai: &str) -> MjaiBot {
    let mut bot = MjaiBot::new(Rules::preset("riichi").unwrap(), agent("defensive"), false);
    let hidden = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
    let mine: Vec<String> = tehai.split(' ').map(|p| format!("\"{p}\"")).collect();
    let kyoku = format!(
        r#"{{"type":"start_kyoku","bakaze":"E","dora_marker":"2p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[[{}],{hidden},{hidden},{hidden}]}}"#,
        mine.join(",")
    );
    bot.handle_line(r#"{"type":"start_game","id":0}"#);
    bot.handle_line(&kyoku);
    bot
}

/// An answer as JSON: its key order depends on serde_json's `preserve_order` feature, which
/// the workspace build turns on and a build of this crate alone does not.
fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn declares_nine_terminals_on_a_slow_hand() {
    // Nine kinds of terminals and honours, no pair: four from thirteen orphans.
    let mut bot = seated("1m 9m 1p 9p 1s 9s E S W 2m 4m 5p 8s");
    let (answer, _) = bot.handle_line(r#"{"type":"tsumo","actor":0,"pai":"3s"}"#);
    assert_eq!(json(&answer), json(r#"{"actor":0,"type":"ryukyoku"}"#));
}

#[test]
fn declares_a_closed_kan_in_riichi_that_keeps_the_waits() {
    let mut bot = seated("1m 1m 1m 4p 5p 6p 7s 8s 9s 2s 3s 5p 5p");
    let (answer, _) = bot.handle_line(r#"{"type":"tsumo","actor":0,"pai":"E"}"#);
    assert!(answer.contains(r#""type":"reach""#), "{answer}");
    bot.handle_line(r#"{"type":"reach","actor":0}"#);
    for line in [
        r#"{"type":"dahai","actor":0,"pai":"E","tsumogiri":true}"#,
        r#"{"type":"reach_accepted","actor":0}"#,
        r#"{"type":"tsumo","actor":1,"pai":"?"}"#,
        r#"{"type":"dahai","actor":1,"pai":"N","tsumogiri":true}"#,
        r#"{"type":"tsumo","actor":2,"pai":"?"}"#,
        r#"{"type":"dahai","actor":2,"pai":"N","tsumogiri":true}"#,
        r#"{"type":"tsumo","actor":3,"pai":"?"}"#,
        r#"{"type":"dahai","actor":3,"pai":"N","tsumogiri":true}"#,
    ] {
        assert_eq!(bot.handle_line(line).0, r#"{"type":"none"}"#, "{line}");
    }
    let (answer, _) = bot.handle_line(r#"{"type":"tsumo","actor":0,"pai":"1m"}"#);
    assert_eq!(
        json(&answer),
        json(r#"{"actor":0,"consumed":["1m","1m","1m","1m"],"type":"ankan"}"#)
    );
    // Waiting on 1s, 3s and 4s, a kan of the fourth 2s would leave 3s alone: no kan.
    let mut bot = seated("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 2s 2s 3s");
    bot.handle_line(r#"{"type":"tsumo","actor":0,"pai":"E"}"#);
    bot.handle_line(r#"{"type":"reach","actor":0}"#);
    bot.handle_line(r#"{"type":"dahai","actor":0,"pai":"E","tsumogiri":true}"#);
    bot.handle_line(r#"{"type":"reach_accepted","actor":0}"#);
    let (answer, _) = bot.handle_line(r#"{"type":"tsumo","actor":0,"pai":"2s"}"#);
    assert!(answer.contains(r#""type":"dahai""#), "{answer}");
}

#[test]
fn tolerates_dialects_and_bad_lines() {
    let mut bot = MjaiBot::new(Rules::preset("riichi").unwrap(), agent("efficiency"), true);
    let hidden = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
    let mine = r#"["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","C"]"#;
    // mjai.app framing: an array per line, start_game with id, start_kyoku without scores.
    let line = format!(
        r#"[{{"type":"start_game","id":2,"names":["a","b","c","d"]}},{{"type":"start_kyoku","bakaze":"E","dora_marker":"1p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"tehais":[{hidden},{hidden},{mine},{hidden}]}}]"#
    );
    assert_eq!(bot.handle_line(&line).0, r#"{"type":"none"}"#);
    let (answer, notes) =
        bot.handle_line(r#"{"type":"tsumo","actor":2,"pai":"S","possible_actions":[]}"#);
    assert!(
        answer.contains(r#""type":"dahai""#) || answer.contains(r#""type":"reach""#),
        "{answer}"
    );
    assert!(!notes.is_empty(), "explanations go to standard error");
    // A bad line is reported and answered with none; the bot keeps going.
    let (answer, notes) = bot.handle_line("{not json");
    assert_eq!(answer, r#"{"type":"none"}"#);
    assert!(notes[0].contains("line 3"), "{notes:?}");
    let (_, notes) = bot.handle_line(r#"{"type":"dahai","actor":2,"pai":"9p","tsumogiri":false}"#);
    assert!(notes[0].contains("does not hold"), "{notes:?}");
    let hora = r#"{"type":"hora","actor":1,"target":0,"pai":"5m","uradora_markers":[],"deltas":[-1000,1000,0,0],"cannot_dahai":[]}"#;
    assert_eq!(bot.handle_line(hora).0, r#"{"type":"none"}"#);
}

/// The fault a user found: an event for a seat that does not exist crashed the bot (index
/// out of bounds in the view). It is now a deserialisation error, reported, and the bot goes
/// on as if the line had not come.
#[test]
fn events_for_seats_outside_the_table_are_errors_not_crashes() {
    let mut bot = seated("1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S");
    for line in [
        r#"{"type":"tsumo","actor":7,"pai":"1m"}"#,
        r#"{"type":"dahai","actor":4,"pai":"1m","tsumogiri":false}"#,
        r#"{"type":"pon","actor":0,"target":255,"pai":"E","consumed":["E","E"]}"#,
        r#"{"type":"reach_accepted","actor":-1}"#,
    ] {
        let (answer, notes) = bot.handle_line(line);
        assert_eq!(answer, r#"{"type":"none"}"#, "{line}");
        assert!(notes.len() == 1 && notes[0].contains("seats are 0..=3"), "{line}: {notes:?}");
    }
    // Events that do not fit what the seat knows are refused without a change.
    let before = format!("{:?}", bot.view());
    for line in [
        r#"{"type":"dahai","actor":1,"pai":"1m","tsumogiri":false}"#,
        r#"{"type":"pon","actor":0,"target":3,"pai":"E","consumed":["E","E"]}"#,
        r#"{"type":"tsumo","actor":0,"pai":"?"}"#,
    ] {
        let (answer, notes) = bot.handle_line(line);
        assert_eq!(answer, r#"{"type":"none"}"#, "{line}");
        assert_eq!(notes.len(), 1, "{line}: {notes:?}");
    }
    assert_eq!(before, format!("{:?}", bot.view()), "a refused event changed the view");
    // And the bot still plays.
    let (answer, _) = bot.handle_line(r#"{"type":"tsumo","actor":0,"pai":"W"}"#);
    assert!(answer.contains(r#""type":"dahai""#) || answer.contains("reach"), "{answer}");
}
