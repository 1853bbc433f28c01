//! External mjai bots over TCP: the classic handshake with the seat's ticket, the seat's stream
//! one line at a time, replies read as for `mjai:COMMAND` seats, strikes counted.

#![cfg(test)]

use crate::common;

use common::{base, db, start, table};
use hupai_ai::mjai_bot::MjaiBot;
use hupai_ai::AgentSpec;
use hupai_rules::Rules;
use hupai_server::client::http;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::time::{timeout, Duration, Instant};

const FAST: &str = r#"{"turn_ms":600000,"call_ms":600000,"bank_ms":0,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":600000,"timeouts_for_takeover":2}"#;

/// Plays a bot at `addr` with `ticket`; `reply` answers each line. Returns the lines it got.
async fn bot(
    addr: std::net::SocketAddr,
    ticket: &str,
    mut reply: impl FnMut(&str) -> String,
) -> Vec<String> {
    let stream = TcpStream::connect(addr).await.expect("connects");
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    let hello = lines.next_line().await.expect("reads").expect("a hello");
    assert!(hello.contains("\"hello\""), "{hello}");
    write
        .write_all(
            format!("{{\"type\":\"join\",\"name\":\"test\",\"room\":\"{ticket}\"}}\n").as_bytes(),
        )
        .await
        .expect("writes");
    let mut got = Vec::new();
    while let Ok(Ok(Some(line))) = timeout(Duration::from_secs(30), lines.next_line()).await {
        let answer = reply(&line);
        got.push(line.clone());
        if line.contains("\"end_game\"") {
            break;
        }
        if write.write_all(format!("{answer}\n").as_bytes()).await.is_err() {
            break;
        }
    }
    got
}

async fn info(base: &str, id: &str) -> Value {
    let (s, body) = http(base, "GET", &format!("/api/tables/{id}"), None).await.expect("http");
    assert_eq!(s, 200, "{body}");
    serde_json::from_str(&body).expect("json")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mjai_bot_plays_a_seat_over_tcp() {
    let server = start(db("mjai").to_str().expect("utf-8")).await;
    let base = base(&server);
    let made = table(
        &base,
        &["bot:efficiency", "mjai", "bot:efficiency", "bot:efficiency"],
        "east",
        8,
        FAST,
    )
    .await;
    let id = made["table"].as_str().expect("id").to_string();
    let ticket = made["seats"][1]["ticket"].as_str().expect("a ticket").to_string();
    assert!(made["seats"][1]["token"].is_null(), "a bot seat gets a ticket, not a token");
    // A wrong ticket is refused.
    let addr = server.mjai_addr.expect("an mjai listener");
    let wrong = bot(addr, "nope", |_| "{\"type\":\"none\"}".into()).await;
    assert!(wrong.iter().any(|l| l.contains("error")), "{wrong:?}");
    // hupai's own mjai bot plays the seat.
    let agent = "efficiency"
        .parse::<AgentSpec>()
        .expect("spec")
        .build(&Rules::preset("riichi").expect("rules"), 1, 1, &Default::default())
        .expect("agent");
    let mut me = MjaiBot::new(Rules::preset("riichi").expect("rules"), agent, false);
    let lines = bot(addr, &ticket, |line| {
        let reply = me.handle_line(line).0;
        if std::env::var("MJAI_TCP_DEBUG").is_ok() {
            eprintln!("> {}\n< {reply}", &line[..line.len().min(120)]);
        }
        reply
    })
    .await;
    assert!(lines[0].contains("\"start_game\"") && lines[0].contains("\"id\":1"), "{}", lines[0]);
    let tail = &lines[lines.len().saturating_sub(4)..];
    assert!(lines.last().is_some_and(|l| l.contains("end_game")), "the game ends: {tail:?}");
    assert!(
        !lines.iter().any(|l| l.contains("\"seed\":") && !l.contains("end_game")),
        "no seed before the end"
    );
    let i = info(&base, &id).await;
    assert_eq!(i["over"], true, "{i}");
    assert_eq!(i["faults"][1], serde_json::json!({"illegal": 0, "timeouts": 0}), "{i}");
    // The ticket is single-seat: it cannot be used on a finished table.
    let again = bot(addr, &ticket, |_| "{\"type\":\"none\"}".into()).await;
    assert!(again.iter().any(|l| l.contains("error")), "{again:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_answers_nonsense_gets_the_default_and_strikes() {
    let server = start(db("mjai-bad").to_str().expect("utf-8")).await;
    let base = base(&server);
    let made = table(
        &base,
        &["mjai", "bot:efficiency", "bot:efficiency", "bot:efficiency"],
        "hand",
        9,
        FAST,
    )
    .await;
    let id = made["table"].as_str().expect("id").to_string();
    let ticket = made["seats"][0]["ticket"].as_str().expect("a ticket").to_string();
    let addr = server.mjai_addr.expect("an mjai listener");
    let mut n = 0;
    let lines = bot(addr, &ticket, |_| {
        n += 1;
        match n % 3 {
            0 => "not json".into(),
            1 => "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"9z\",\"tsumogiri\":false}".into(),
            _ => "{\"type\":\"pon\",\"actor\":3,\"target\":0,\"pai\":\"1m\",\"consumed\":[\"1m\",\"1m\"]}".into(),
        }
    })
    .await;
    assert!(lines.last().is_some_and(|l| l.contains("end_game")), "the hand is played to its end");
    let i = info(&base, &id).await;
    assert!(i["faults"][0]["illegal"].as_u64().expect("a count") > 0, "{i}");
    let stored = server.state.store.load(&id).await;
    // Finished tables keep their answers too.
    let answers = stored.map(|t| t.answers).unwrap_or_default();
    assert!(answers.iter().any(|r| r.player == 0 && r.how == hupai_server::table::How::Illegal));
}

/// hupai's own mjai bot for seat `seat` of a riichi table.
fn own_bot(seat: usize) -> MjaiBot {
    let rules = Rules::preset("riichi").expect("rules");
    let agent = "efficiency"
        .parse::<AgentSpec>()
        .expect("spec")
        .build(&rules, 1, seat, &Default::default())
        .expect("agent");
    MjaiBot::new(rules, agent, false)
}

/// Joins with `ticket`; answers up to `lines` lines with `me` (all of them when `None`), each
/// reply at once. Returns the lines and, for each line after the first, how long it came
/// after the reply to the one before.
async fn timed_bot(
    addr: std::net::SocketAddr,
    ticket: &str,
    me: &mut MjaiBot,
    lines: Option<usize>,
) -> (Vec<String>, Vec<Duration>) {
    let stream = TcpStream::connect(addr).await.expect("connects");
    stream.set_nodelay(true).expect("nodelay");
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read).lines();
    let hello = reader.next_line().await.expect("reads").expect("a hello");
    assert!(hello.contains("\"hello\""), "{hello}");
    let join = format!("{{\"type\":\"join\",\"name\":\"test\",\"room\":\"{ticket}\"}}\n");
    write.write_all(join.as_bytes()).await.expect("writes");
    let (mut got, mut gaps) = (Vec::new(), Vec::new());
    let mut replied: Option<Instant> = None;
    while lines.is_none_or(|n| got.len() < n) {
        let Ok(Ok(Some(line))) = timeout(Duration::from_secs(30), reader.next_line()).await else {
            break;
        };
        if let Some(at) = replied.take() {
            gaps.push(at.elapsed());
        }
        let reply = me.handle_line(&line).0;
        got.push(line.clone());
        if line.contains("\"end_game\"") {
            break;
        }
        write.write_all(format!("{reply}\n").as_bytes()).await.expect("writes");
        replied = Some(Instant::now());
    }
    (got, gaps)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_answers_at_once_gets_its_next_line_at_once() {
    let server = start(db("mjai-fast").to_str().expect("utf-8")).await;
    let base = base(&server);
    let seats = ["mjai", "bot:efficiency", "bot:efficiency", "bot:efficiency"];
    let made = table(&base, &seats, "hand", 14, FAST).await;
    let ticket = made["seats"][0]["ticket"].as_str().expect("a ticket").to_string();
    let addr = server.mjai_addr.expect("an mjai listener");
    let (lines, mut gaps) = timed_bot(addr, &ticket, &mut own_bot(0), None).await;
    assert!(lines.last().is_some_and(|l| l.contains("end_game")), "the hand is played");
    gaps.sort();
    // Nagle's algorithm against the bot's delayed ACK would make it about 40 ms a line.
    let median = gaps[gaps.len() / 2];
    assert!(median < Duration::from_millis(5), "median {median:?} over {} lines", gaps.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_rejoins_catches_up_on_the_whole_match() {
    let server = start(db("mjai-rejoin").to_str().expect("utf-8")).await;
    let base = base(&server);
    let seats = ["bot:efficiency", "mjai", "bot:defensive", "bot:efficiency"];
    let made = table(&base, &seats, "half", 6, FAST).await;
    let id = made["table"].as_str().expect("id").to_string();
    let ticket = made["seats"][1]["ticket"].as_str().expect("a ticket").to_string();
    let addr = server.mjai_addr.expect("an mjai listener");
    let (before, _) = timed_bot(addr, &ticket, &mut own_bot(1), Some(700)).await;
    assert_eq!(before.len(), 700, "the first connection plays 700 lines");
    // Dropped and back with the same ticket: shown the seat's stream from the start, all of it.
    let (again, _) = timed_bot(addr, &ticket, &mut own_bot(1), None).await;
    assert!(again[0].contains("\"start_game\""), "{}", again[0]);
    assert_eq!(again[..before.len()], before[..], "the same stream again");
    assert!(again.last().is_some_and(|l| l.contains("end_game")), "caught up and played on");
    let i = info(&base, &id).await;
    assert_eq!(i["over"], true, "{i}");
}

/// An external bot at a three-player table (三人麻雀): it is seat 1 of three, its stream has
/// three values in every per-seat list, and its kita replies are taken (no strike) over a
/// whole East round.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mjai_bot_plays_a_seat_of_a_three_player_table() {
    let server = start(db("mjai-sanma").to_str().expect("utf-8")).await;
    let base = base(&server);
    let request = serde_json::json!({
        "rules": "sanma",
        "length": "east",
        "seats": ["bot:defensive", "mjai", "bot:defensive"],
        "seed": 5,
        "time": serde_json::from_str::<Value>(FAST).expect("json"),
    });
    let made = hupai_server::client::create_table(&base, &request.to_string()).await.expect("made");
    let id = made["table"].as_str().expect("id").to_string();
    let ticket = made["seats"][1]["ticket"].as_str().expect("a ticket").to_string();
    let addr = server.mjai_addr.expect("an mjai listener");
    let rules = Rules::preset("sanma").expect("rules");
    let agent = "defensive"
        .parse::<AgentSpec>()
        .expect("spec")
        .build(&rules, 1, 1, &Default::default())
        .expect("agent");
    let mut me = MjaiBot::new(rules, agent, false);
    let mut replies = Vec::new();
    let lines = bot(addr, &ticket, |line| {
        let reply = me.handle_line(line).0;
        replies.push(reply.clone());
        reply
    })
    .await;
    assert!(lines.last().is_some_and(|l| l.contains("end_game")), "the round ends");
    let deal = lines.iter().find(|l| l.contains("\"start_kyoku\"")).expect("a deal");
    let deal: Value = serde_json::from_str(deal).expect("json");
    assert_eq!(deal["tehais"].as_array().map(Vec::len), Some(3), "{deal}");
    assert_eq!(deal["scores"], serde_json::json!([35000, 35000, 35000]));
    assert!(
        replies.iter().any(|r| r.contains("\"kita\"")),
        "the bot set a North aside in the round"
    );
    assert!(lines.iter().any(|l| l.contains("\"type\":\"kita\"") && l.contains("\"actor\":1")));
    let i = info(&base, &id).await;
    assert_eq!(i["over"], true, "{i}");
    assert_eq!(i["faults"][1], serde_json::json!({"illegal": 0, "timeouts": 0}), "{i}");
}
