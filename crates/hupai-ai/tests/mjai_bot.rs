//! The mjai bot replays recorded games: fed a seat's view of an engine log, it answers what
//! the same agent did in the game, and every answer is legal there.

use hupai_ai::mjai_bot::MjaiBot;
use hupai_ai::{by_name, Seated};
use hupai_engine::{play_match, Agent, Event, Setup};
use hupai_rules::Rules;
use serde_json::Value;

fn recorded_game(seed: u64) -> Vec<Event> {
    let rules = Rules::preset("riichi").unwrap();
    let mut agents: Vec<Box<dyn Agent>> = (0..4)
        .map(|i| Box::new(Seated(by_name("defensive", &rules, i).unwrap())) as Box<dyn Agent>)
        .collect();
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
            let mut bot =
                MjaiBot::new(Rules::preset("riichi").unwrap(), "defensive", false).unwrap();
            let lines: Vec<String> = log.iter().map(|e| e.for_seat(seat).to_json()).collect();
            for (i, line) in lines.iter().enumerate() {
                let (answer, notes) = bot.handle_line(line);
                assert!(notes.is_empty(), "seed {seed} seat {seat} line {}: {notes:?}", i + 1);
                let answer: Value = serde_json::from_str(&answer).unwrap();
                let next: Option<Value> =
                    lines.get(i + 1).map(|l| serde_json::from_str(l).unwrap());
                let expected =
                    next.filter(|n| is_decision(n) && n["actor"].as_u64() == Some(seat as u64));
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

#[test]
fn tolerates_dialects_and_bad_lines() {
    let mut bot = MjaiBot::new(Rules::preset("riichi").unwrap(), "efficiency", true).unwrap();
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
