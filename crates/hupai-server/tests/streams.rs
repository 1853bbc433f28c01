//! A connection's stream under load: a backlog of any length (a whole match) is streamed to a
//! reader that keeps up, a second tab opened late sees no gap, and a reader that falls behind
//! live play is closed with a frame that says why and after which event to resume, never with
//! a gap.

#![cfg(test)]

use crate::common;

use common::{answer, base, db, game_log, start, start_with, table, Frame, Raw, PATIENT};
use hupai_engine::Event;
use hupai_server::client::Client;
use hupai_server::protocol::{ClientMessage, ServerMessage};
use serde_json::Value;
use tokio::time::{timeout, Duration};
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

const BOTS: [&str; 4] = ["bot:efficiency", "bot:defensive", "bot:efficiency", "bot:defensive"];

/// Reads a connection to its end from event `first` on: the events (each checked to follow
/// the one before), and the close frame if the server closed it before `end_game`.
async fn read_to_end(raw: &mut Raw, first: u64) -> (Vec<(u64, Event)>, Option<CloseFrame>) {
    let mut events: Vec<(u64, Event)> = Vec::new();
    loop {
        match raw.next().await {
            Frame::Message(ServerMessage::Event { seq, event }) => {
                let want = events.last().map_or(first, |(s, _)| s + 1);
                assert_eq!(seq, want, "a gap in the stream after {} events", events.len());
                let over = matches!(*event, Event::EndGame { .. });
                events.push((seq, *event));
                if over {
                    return (events, None);
                }
            }
            Frame::Message(ServerMessage::Welcome { next_seq, .. }) => assert_eq!(next_seq, first),
            Frame::Message(_) => {}
            Frame::Closed(close) => return (events, close),
        }
    }
}

fn spectator(table: &str, last_seq: Option<u64>) -> ClientMessage {
    ClientMessage::Hello { table: table.into(), token: None, spectate: true, last_seq }
}

fn record(log: &str) -> Vec<Event> {
    log.lines().map(|l| serde_json::from_str(l).expect("an event")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_spectator_of_a_finished_match_receives_every_event() {
    let server = start(db("late-spectator").to_str().expect("utf-8")).await;
    let base = base(&server);
    let made = table(&base, &BOTS, "half", 3, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    let record = record(&game_log(&base, &id).await);
    assert!(record.len() > 1000, "a long match: {} events", record.len());
    let mut late = Raw::open(server.addr, &spectator(&id, None), false).await;
    let (events, close) = read_to_end(&mut late, 0).await;
    assert_eq!(events.len(), record.len(), "every event, then end_game (closed: {close:?})");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_twin_tab_opened_with_a_long_backlog_sees_no_gap() {
    let server = start(db("twin-tab").to_str().expect("utf-8")).await;
    let base = base(&server);
    let seats = ["human", "bot:efficiency", "bot:defensive", "bot:efficiency"];
    // Seed 7: a match of well over 950 events with today's bots (seed 5 ended at 922 once
    // defensive read the opponents with the learned models); the loop below says if it ends early.
    let made = table(&base, &seats, "half", 7, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    let token = made["seats"][0]["token"].as_str().expect("token").to_string();
    // The first tab plays until the backlog is long, then on to the end in a task of its own.
    let mut first = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    let mut seen = 0u64;
    while seen < 950 {
        match timeout(Duration::from_secs(30), first.next()).await.expect("in time") {
            Ok(Some(ServerMessage::Event { seq, event })) => {
                assert!(!matches!(*event, Event::EndGame { .. }), "the match ended at {seq}");
                seen = seq;
            }
            Ok(Some(ServerMessage::Prompt { decision, options, .. })) => {
                first.act(decision, answer(0, decision, &options)).await.expect("acts");
            }
            Ok(Some(_)) => {}
            other => panic!("the first tab: {other:?}"),
        }
    }
    let player = tokio::spawn(async move {
        loop {
            match first.next().await {
                Ok(Some(ServerMessage::Event { event, .. }))
                    if matches!(*event, Event::EndGame { .. }) =>
                {
                    break
                }
                Ok(Some(ServerMessage::Prompt { decision, options, .. })) => {
                    // Either tab may answer first; the other's answer is refused as stale.
                    let _ = first.act(decision, answer(0, decision, &options)).await;
                }
                Ok(Some(_)) => {}
                other => panic!("the first tab: {other:?}"),
            }
        }
    });
    let hello = ClientMessage::Hello {
        table: id.clone(),
        token: Some(token),
        spectate: false,
        last_seq: None,
    };
    let mut twin = Raw::open(server.addr, &hello, false).await;
    let (events, close) = read_to_end(&mut twin, 0).await;
    assert!(close.is_none(), "the twin tab was closed after {} events: {close:?}", events.len());
    player.await.expect("the first tab plays to the end");
    let record = record(&game_log(&base, &id).await);
    assert_eq!(events.len(), record.len(), "the twin tab got the whole stream");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_that_stops_is_closed_with_where_to_resume_and_resumes_without_a_gap() {
    let server = start_with(db("slow-reader").to_str().expect("utf-8"), |c| {
        c.limits.queue = 16;
    })
    .await;
    let base = base(&server);
    let made = table(&base, &BOTS, "half", 3, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    // Reads its welcome, then nothing until the match is over.
    let mut slow = Raw::open(server.addr, &spectator(&id, None), true).await;
    assert!(matches!(slow.next().await, Frame::Message(ServerMessage::Welcome { .. })));
    let record = record(&game_log(&base, &id).await);
    let (events, close) = read_to_end(&mut slow, 0).await;
    // Everything it was sent follows on, and the close frame says why and what it saw last.
    let close = close.expect("a close frame, not a dropped socket");
    assert!(events.len() < record.len(), "a reader that stopped was cut off");
    assert_eq!(u16::from(close.code), 4000, "{close:?}");
    let reason: Value = serde_json::from_str(close.reason.as_str()).expect("a JSON reason");
    assert_eq!(reason["code"], "slow_reader", "{reason}");
    let last = events.last().map(|(s, _)| *s);
    assert_eq!(reason["last_seq"].as_u64(), last, "{reason}");
    // Resumed from there, it gets the rest.
    let mut again = Raw::open(server.addr, &spectator(&id, last), false).await;
    let first = last.map_or(0, |l| l + 1);
    let (rest, close) = read_to_end(&mut again, first).await;
    assert!(close.is_none(), "{close:?}");
    assert_eq!(events.len() + rest.len(), record.len(), "nothing lost between the two");
}
