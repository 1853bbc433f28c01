//! External mjai bots over TCP: the classic handshake with the seat's ticket, the seat's stream
//! one line at a time, replies read as for `mjai:COMMAND` seats, strikes counted.

#![cfg(test)]

mod common;

use common::{base, db, start, table};
use hupai_ai::mjai_bot::MjaiBot;
use hupai_ai::AgentSpec;
use hupai_rules::Rules;
use hupai_server::client::http;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::time::{timeout, Duration};

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
