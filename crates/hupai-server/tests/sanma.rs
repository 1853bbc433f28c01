//! Three-player riichi (三人麻雀, the `sanma` presets) served over real sockets: a table seats
//! three, bots fill the seats nobody holds, each seat's stream is exactly what its seat may see
//! (the Norths set aside, `kita`, reach every stream), a spectator sees no hidden tile, a player
//! who drops resumes, the lobby lists three seats, and a seat the table does not have (seat 3,
//! North's) is refused with a message that says so.

#![cfg(test)]

use crate::common;

use common::{base, db, game_log, play, start, Received, PATIENT};
use hupai_core::Seat;
use hupai_engine::{player_stream, replay, Action, Driver, Event};
use hupai_server::client::{create_table, http, join_table, table_info, Client};
use hupai_server::protocol::{ClientMessage, ServerMessage};
use hupai_server::spec::{NewTable, StoredSpec};
use hupai_server::table::Table;
use serde_json::{json, Value};
use tokio::time::{timeout, Duration, Instant};

/// A table request under `rules` with these seats.
fn request(rules: &str, seats: &[&str], length: &str, seed: u64) -> String {
    json!({
        "rules": rules,
        "length": length,
        "seats": seats,
        "seed": seed,
        "time": serde_json::from_str::<Value>(PATIENT).expect("json"),
    })
    .to_string()
}

/// The record of a log.
fn record(log: &str) -> Vec<Event> {
    log.lines().map(|l| serde_json::from_str(l).expect("event")).collect()
}

/// Each player's received events are exactly its seat's stream of the record.
fn check_stream(record: &[Event], p: usize, got: &Received) {
    let mut events = got.events.clone();
    events.dedup_by_key(|(seq, _)| *seq);
    let stream: Vec<Event> = player_stream(record, p).map(|e| e.into_owned()).collect();
    assert_eq!(events.len(), stream.len(), "player {p} got every event");
    for ((seq, e), want) in events.iter().zip(&stream) {
        assert_eq!(e, want, "player {p} event {seq}: exactly what its seat may see");
    }
}

/// Three people play an East round of `sanma`, one of them dropped and resumed many times:
/// every stream is its seat's, with three seats in every per-seat list and the other seats'
/// tiles hidden, and the Norths set aside reach all three streams.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_a_sanma_round_and_see_only_their_streams() {
    let server = start(db("sanma-three").to_str().expect("utf-8")).await;
    let base = base(&server);
    let made = create_table(&base, &request("sanma", &["human"; 3], "east", 5))
        .await
        .expect("a three-player table is made");
    let seats = made["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 3, "{made}");
    let id = made["table"].as_str().expect("id").to_string();
    let mut x: u64 = 0x51_7c_c1_b7;
    let drops: Vec<usize> = (0..8)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            1 + (x >> 33) as usize % 50
        })
        .collect();
    let tasks: Vec<_> = (0..3)
        .map(|p| {
            let token = seats[p]["token"].as_str().expect("token").to_string();
            let d = if p == 1 { drops.clone() } else { Vec::new() };
            tokio::spawn(play(base.clone(), id.clone(), token, p, d))
        })
        .collect();
    let mut got = Vec::new();
    for t in tasks {
        got.push(t.await.expect("a player finishes"));
    }
    let log = game_log(&base, &id).await;
    let record = record(&log);
    assert_eq!(replay(&log, None), Ok(record.len()), "the log replays");
    for (p, r) in got.iter().enumerate() {
        check_stream(&record, p, r);
        // Nobody is shown another seat's tiles: the deal and the draws of the others are hidden.
        for (_, e) in &r.events {
            match e {
                Event::StartKyoku { tehais, scores, .. } => {
                    assert_eq!(tehais.len(), 3, "three hands dealt");
                    assert_eq!(scores.map(|s| s.len()), Some(3), "three scores");
                    for (s, hand) in tehais.iter().enumerate() {
                        assert_eq!(s != p, hand.iter().all(|t| t.is_hidden()), "player {p}");
                    }
                }
                Event::Tsumo { actor, pai } => {
                    assert_eq!(actor.index() != p, pai.is_hidden(), "player {p}: {e:?}")
                }
                e => assert_ne!(e.actor(), Some(Seat::North), "no North seat: {e:?}"),
            }
        }
        // The welcome names three players.
        let names = r.messages.iter().find_map(|m| match m {
            ServerMessage::Welcome { names, .. } => Some(names.clone()),
            _ => None,
        });
        assert_eq!(names.map(|n| n.len()), Some(3));
    }
    let kitas: Vec<usize> = record
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Kita { .. }))
        .map(|(i, _)| i)
        .collect();
    assert!(!kitas.is_empty(), "no kita in the round (choose another seed)");
    for (p, r) in got.iter().enumerate() {
        for &k in &kitas {
            let shown = r.events.iter().find(|(seq, _)| *seq as usize == k).map(|(_, e)| e);
            assert!(
                matches!(shown, Some(Event::Kita { pai, .. }) if pai.to_string() == "N"),
                "player {p} was not shown the kita at {k}: {shown:?}"
            );
        }
    }
}

/// One person against two bots: the bots fill the table, the person is offered kita and
/// takes it, gets help (the adviser plays three-player riichi) and the hand's end; a spectator
/// sees no hidden tile while the hand runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_against_two_bots_sets_a_north_aside() {
    let server = start(db("sanma-kita").to_str().expect("utf-8")).await;
    let base = base(&server);
    let seats = ["human", "bot:defensive", "bot:search"];
    let seed = seed_dealing_a_north(&seats);
    let made = create_table(&base, &request("sanma", &seats, "hand", seed)).await.expect("made");
    let id = made["table"].as_str().expect("id").to_string();
    let token = made["seats"][0]["token"].as_str().expect("token").to_string();
    let mut me = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    let mut watcher = Client::connect(&base, &id, None, None).await.expect("watches");
    let mut mine: Vec<(u64, Event)> = Vec::new();
    let (mut kita_offered, mut kita_taken, mut hinted) = (false, false, false);
    loop {
        let m = timeout(Duration::from_secs(60), me.next()).await.expect("in time").expect("reads");
        match m {
            Some(ServerMessage::Event { seq, event }) => {
                let over = matches!(*event, Event::EndGame { .. });
                mine.push((seq, *event));
                if over {
                    break;
                }
            }
            Some(ServerMessage::Prompt { decision, options, .. }) => {
                if !hinted {
                    me.send(&ClientMessage::Hint {}).await.expect("asks");
                    match next_not_prompt(&mut me, &mut mine).await {
                        ServerMessage::Hint { hint, .. } => {
                            assert!(hint.suggestion.is_some_and(|s| options.contains(&s.action)))
                        }
                        m => panic!("no hint: {m:?}"),
                    }
                    hinted = true;
                }
                let action = if options.contains(&Action::Kita) {
                    kita_offered = true;
                    kita_taken = true;
                    Action::Kita
                } else {
                    options.iter().find(|a| matches!(a, Action::Pass)).copied().unwrap_or_else(
                        || {
                            options
                                .iter()
                                .rev()
                                .find(|a| matches!(a, Action::Discard { .. }))
                                .copied()
                                .unwrap_or(options[0])
                        },
                    )
                };
                me.act(decision, action).await.expect("acts");
            }
            Some(ServerMessage::Error { code, message }) => panic!("{code}: {message}"),
            Some(_) => {}
            None => break,
        }
    }
    assert!(kita_offered && kita_taken, "seed {seed} deals seat 0 a North; it was set aside");
    let log = game_log(&base, &id).await;
    let record = record(&log);
    let stream: Vec<Event> = player_stream(&record, 0).map(|e| e.into_owned()).collect();
    assert_eq!(mine.iter().map(|x| x.1.clone()).collect::<Vec<_>>(), stream);
    assert!(mine.iter().any(|(_, e)| matches!(e, Event::Kita { actor: Seat::East, .. })));
    // The spectator: every event, the hidden tiles hidden until the hand's reveal.
    let mut seen = 0;
    loop {
        let m = timeout(Duration::from_secs(30), watcher.next())
            .await
            .expect("in time")
            .expect("reads");
        match m {
            Some(ServerMessage::Event { event, .. }) => {
                seen += 1;
                match &*event {
                    Event::StartKyoku { tehais, .. } => {
                        assert!(tehais.iter().flatten().all(|t| t.is_hidden()))
                    }
                    Event::Tsumo { pai, .. } => assert!(pai.is_hidden()),
                    Event::EndGame { .. } => break,
                    _ => {}
                }
            }
            Some(ServerMessage::Prompt { .. }) => panic!("a spectator was prompted"),
            Some(_) => {}
            None => break,
        }
    }
    assert_eq!(seen, record.len());
}

/// The first seed whose deal gives seat 0 a North at a `sanma` table of `seats`: the game's
/// first deal, made by the engine from the spec as the server stores it (the deal depends on
/// the seed alone).
fn seed_dealing_a_north(seats: &[&str]) -> u64 {
    let new: NewTable =
        serde_json::from_str(&request("sanma", seats, "hand", 0)).expect("a table request");
    let checked = new.check().expect("checks");
    (1..200)
        .find(|&seed| {
            let spec = StoredSpec::new(&checked, seed, 1);
            let driver = Driver::new(spec.setup(checked.rules.clone()).expect("a setup"));
            driver.record().iter().any(|e| {
                matches!(e, Event::StartKyoku { tehais, .. }
                    if tehais[0].iter().any(|p| p.to_string() == "N"))
            })
        })
        .expect("a seed in 200 deals seat 0 a North")
}

/// The next message that is not a prompt or an event (events are kept).
async fn next_not_prompt(client: &mut Client, events: &mut Vec<(u64, Event)>) -> ServerMessage {
    loop {
        match client.next().await.expect("reads").expect("open") {
            ServerMessage::Event { seq, event } => events.push((seq, *event)),
            ServerMessage::Prompt { .. } => continue,
            m => return m,
        }
    }
}

/// A three-player table has three seats: four are refused, the lobby lists three with the
/// free ones, a third friend finds the table full, and a review of seat 3 is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_three_is_refused_at_a_three_player_table() {
    let server = start(db("sanma-refusals").to_str().expect("utf-8")).await;
    let base = base(&server);
    for seats in [vec!["human"; 4], vec!["human"; 2]] {
        let body = request("sanma", &seats, "hand", 1);
        let (status, text) = http(&base, "POST", "/api/tables", Some(&body)).await.expect("http");
        assert_eq!(status, 400, "{text}");
        assert!(
            text.contains(&format!(
                "seats: the rules 'sanma' seat three players, not {} seats",
                seats.len()
            )),
            "{text}"
        );
    }
    // Names are one a seat, too.
    let mut named: Value =
        serde_json::from_str(&request("sanma", &["human"; 3], "hand", 1)).expect("json");
    named["names"] = json!(["a", "b", "c", "d"]);
    let (status, text) =
        http(&base, "POST", "/api/tables", Some(&named.to_string())).await.expect("http");
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("names: one a seat, 3"), "{text}");
    // Three seats, two of them open: the lobby lists them, two friends join, a third cannot.
    let made =
        create_table(&base, &request("sanma-majsoul", &["human", "open", "open"], "hand", 2))
            .await
            .expect("made");
    let id = made["table"].as_str().expect("id").to_string();
    let info = table_info(&base, &id).await.expect("info");
    assert_eq!(info["seats"].as_array().map(Vec::len), Some(3), "{info}");
    assert_eq!(info["names"].as_array().map(Vec::len), Some(3), "{info}");
    assert_eq!(info["rules"], "sanma-majsoul");
    let (_, listed) = http(&base, "GET", "/api/tables", None).await.expect("http");
    let listed: Value = serde_json::from_str(&listed).expect("json");
    let row = listed["tables"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["id"] == id.as_str()))
        .expect("listed");
    let free = row["seats"].as_array().expect("seats").iter().filter(|s| s[1] == false).count();
    assert_eq!(free, 2, "{row}");
    let first = join_table(&base, &id).await.expect("joins");
    let second = join_table(&base, &id).await.expect("joins");
    assert_eq!((first["seat"].as_u64(), second["seat"].as_u64()), (Some(1), Some(2)));
    let (status, text) =
        http(&base, "POST", &format!("/api/tables/{id}/join"), Some("{}")).await.expect("http");
    assert_eq!(status, 409, "{text}");
    // A finished three-player game reviews seats 0..=2; seat 3 is not at the table.
    let bots = create_table(
        &base,
        &request("sanma", &["bot:defensive", "bot:efficiency", "bot:defensive"], "hand", 4),
    )
    .await
    .expect("made");
    let bots = bots["table"].as_str().expect("id").to_string();
    let log = game_log(&base, &bots).await;
    assert!(log.lines().next().is_some_and(|l| l.contains("\"names\":[")));
    let (status, text) = http(&base, "GET", &format!("/api/games/{bots}/review?player=3"), None)
        .await
        .expect("http");
    assert_eq!(status, 422, "{text}");
    assert!(text.contains("no player 3: the game seats 3 players, 0..=2"), "{text}");
    let (status, text) = http(&base, "GET", &format!("/api/games/{bots}/review?player=2"), None)
        .await
        .expect("http");
    assert_eq!(status, 200, "{text}");
    let review: Value = serde_json::from_str(&text).expect("json");
    assert!(review["total"].as_u64().is_some_and(|n| n > 0), "{review}");
    // The rule facts the client shows are served for the three-player presets.
    for preset in ["sanma", "sanma-majsoul"] {
        let (status, text) =
            http(&base, "GET", &format!("/api/rules/{preset}"), None).await.expect("http");
        assert_eq!(status, 200, "{text}");
        let facts: Value = serde_json::from_str(&text).expect("json");
        assert_eq!(facts["rules"]["players"], 3, "{preset}");
    }
}

/// A stored three-player table is rebuilt from its spec and answers (a restart, or another
/// node taking it over): the same game, the bots where they were.
#[test]
fn a_three_player_table_rebuilds_from_its_answers() {
    let new: NewTable = serde_json::from_str(&request(
        "sanma",
        &["bot:defensive", "bot:search", "bot:random"],
        "hand",
        9,
    ))
    .expect("json");
    let checked = new.check().expect("checks");
    let spec = StoredSpec::new(&checked, 9, 1);
    // The spec as the store keeps it: JSON, read back.
    let stored: StoredSpec =
        serde_json::from_str(&serde_json::to_string(&spec).expect("json")).expect("reads back");
    assert_eq!(stored.seats.len(), 3);
    let now = Instant::now();
    let mut table = Table::new("t".into(), stored.clone(), now).expect("a table");
    let mut answers = Vec::new();
    let mut halfway = None;
    while !table.is_over() {
        table.advance(now);
        answers.extend(table.take_records());
        if halfway.is_none() && answers.len() > 20 {
            halfway = Some(answers.clone());
        }
    }
    let whole = table.driver().record().to_vec();
    assert!(whole.iter().any(|e| matches!(e, Event::StartKyoku { .. })));
    let halfway = halfway.expect("more than 20 answers");
    let mut again = Table::rebuild("t".into(), stored, &[], &halfway, now).expect("rebuilds");
    assert_eq!(again.driver().record(), &whole[..again.driver().record().len()]);
    while !again.is_over() {
        again.advance(now);
    }
    assert_eq!(again.driver().record(), &whole[..], "the same game to its end");
}
