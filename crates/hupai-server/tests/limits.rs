//! The limits that keep one client from hurting the others: connections per address, idle
//! connections swept, and a reader that falls behind cut off while its table plays on.

#![cfg(test)]

use crate::common;

use common::{base, db, start_with, table, PATIENT};
use hupai_engine::Event;
use hupai_server::client::Client;
use hupai_server::protocol::{ErrorCode, ServerMessage};
use hupai_server::spec::{NewTable, StoredSpec};
use hupai_server::table::{pipe, Table, Who};
use tokio::time::{timeout, Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_only_so_many_connections() {
    let server = start_with(db("per-address").to_str().expect("utf-8"), |c| {
        c.limits.connections_per_address = 3;
    })
    .await;
    let base = base(&server);
    let made = table(&base, &["human"; 4], "hand", 1, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut c = Client::connect(&base, &id, None, None).await.expect("connects");
        assert!(matches!(c.next().await, Ok(Some(ServerMessage::Welcome { .. }))));
        held.push(c);
    }
    let mut fourth = Client::connect(&base, &id, None, None).await;
    let refused = match &mut fourth {
        Err(_) => true,
        Ok(c) => !matches!(c.next().await, Ok(Some(ServerMessage::Welcome { .. }))),
    };
    assert!(refused, "a fourth connection from the address is refused");
    // A slot comes back when a connection closes.
    held.pop().expect("one").close().await;
    let mut again = None;
    for _ in 0..50 {
        if let Ok(mut c) = Client::connect(&base, &id, None, None).await {
            if matches!(c.next().await, Ok(Some(ServerMessage::Welcome { .. }))) {
                again = Some(c);
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "the freed slot is usable");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_is_swept_and_a_ping_keeps_one() {
    let server = start_with(db("idle").to_str().expect("utf-8"), |c| {
        c.limits.idle = Duration::from_millis(400);
    })
    .await;
    let base = base(&server);
    let made = table(&base, &["human"; 4], "hand", 1, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    let mut quiet = Client::connect(&base, &id, None, None).await.expect("connects");
    let mut pinging = Client::connect(&base, &id, None, None).await.expect("connects");
    // Pings every 150 ms keep this one open well past the idle time.
    let pinger = tokio::spawn(async move {
        for _ in 0..8 {
            pinging.send_text(r#"{"type":"ping"}"#).await.expect("sends");
            loop {
                match timeout(Duration::from_secs(2), pinging.next()).await.expect("answers") {
                    Ok(Some(ServerMessage::Pong)) => break,
                    Ok(Some(ServerMessage::Error { code, .. })) => panic!("closed: {code}"),
                    Ok(Some(_)) => {}
                    other => panic!("closed: {other:?}"),
                }
            }
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    });
    let started = Instant::now();
    let swept = loop {
        match timeout(Duration::from_secs(5), quiet.next()).await.expect("closed in time") {
            Ok(Some(ServerMessage::Error { code, .. })) => break code.to_string(),
            Ok(Some(_)) => {}
            _ => break "closed".into(),
        }
    };
    assert_eq!(swept, "idle");
    assert!(started.elapsed() >= Duration::from_millis(350));
    pinger.await.expect("the pinging connection stays open");
}

#[test]
fn a_reader_that_falls_behind_is_cut_off_and_the_table_plays_on() {
    let new: NewTable = serde_json::from_str(
        r#"{"rules":"riichi","length":"east","seats":["bot:efficiency","bot:efficiency","bot:efficiency","bot:efficiency"]}"#,
    )
    .expect("a table");
    let spec = StoredSpec::new(&new.check().expect("checks"), 5, 1);
    let now = Instant::now();
    let mut table = Table::new("slow".into(), spec, now).expect("a table");
    // Spectator 1 reads nothing; spectator 2 reads everything.
    let (slow_sink, mut slow_inbox) = pipe(16, 64);
    let (fast_sink, mut fast_inbox) = pipe(4096, 64);
    table.connect(1, Who::Spectator, None, slow_sink, now);
    table.connect(2, Who::Spectator, None, fast_sink, now);
    let mut dropped = Vec::new();
    let mut seen = 0;
    let mut ended = false;
    while !table.is_over() {
        table.advance(Instant::now());
        let _ = table.take_records();
        table.deliver();
        dropped.extend(table.take_dropped());
        while let Some(m) = fast_inbox.try_recv() {
            if let ServerMessage::Event { seq, event } = &**m {
                assert_eq!(*seq, seen, "the reader that keeps up misses nothing");
                seen += 1;
                ended |= matches!(**event, Event::EndGame { .. });
            }
        }
    }
    table.deliver();
    while let Some(m) = fast_inbox.try_recv() {
        if let ServerMessage::Event { event, .. } = &**m {
            ended |= matches!(**event, Event::EndGame { .. });
        }
    }
    assert_eq!(dropped, vec![1], "only the reader that fell behind is cut off");
    assert!(ended, "the game was played to its end for the others");
    // What the slow reader was sent before it was closed follows on without a gap, and the
    // table said why it closed it.
    let mut sent = 0;
    while let Some(m) = slow_inbox.try_recv() {
        if let ServerMessage::Event { seq, .. } = &**m {
            assert_eq!(*seq, sent, "no gap before the cut-off");
            sent += 1;
        }
    }
    assert!(sent > 0);
    assert_eq!(slow_inbox.closed_because(), Some(ErrorCode::SlowReader));
}
