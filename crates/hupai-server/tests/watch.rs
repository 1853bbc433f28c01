//! Spectators: no hidden tile while a hand runs, the hand's tiles revealed once it is over,
//! and the stream delayed when the table asks.

#![cfg(test)]

use crate::common;

use common::{base, db, game_log, start, table};
use hupai_engine::{Event, Pai};
use hupai_server::client::Client;
use hupai_server::protocol::ServerMessage;
use tokio::time::{timeout, Duration, Instant};

const FAST: &str = r#"{"turn_ms":600000,"call_ms":600000,"bank_ms":0,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":600000,"timeouts_for_takeover":2}"#;

fn hides_everything(e: &Event) -> bool {
    let hidden = |p: &Pai| p.is_hidden();
    match e {
        Event::StartGame { seed, secret, .. } => seed.is_none() && secret.is_none(),
        Event::StartKyoku { tehais, .. } => tehais.iter().flatten().all(hidden),
        Event::Tsumo { pai, .. } => hidden(pai),
        _ => true,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_sees_no_hidden_tile_until_the_hand_is_over() {
    let server = start(db("watch").to_str().expect("utf-8")).await;
    let base = base(&server);
    let made = table(&base, &["bot:defensive"; 4], "east", 21, FAST).await;
    let id = made["table"].as_str().expect("id").to_string();
    let mut watcher = Client::connect(&base, &id, None, None).await.expect("connects");
    let mut stream: Vec<(u64, Event)> = Vec::new();
    let mut reveals: Vec<(usize, Vec<(u64, Event)>)> = Vec::new();
    loop {
        let m = timeout(Duration::from_secs(30), watcher.next())
            .await
            .expect("in time")
            .expect("reads");
        match m {
            Some(ServerMessage::Event { seq, event }) => {
                let over = matches!(*event, Event::EndGame { .. });
                stream.push((seq, *event));
                if over {
                    break;
                }
            }
            Some(ServerMessage::Reveal { events }) => reveals.push((stream.len(), events)),
            Some(ServerMessage::Prompt { .. }) => panic!("a spectator was prompted"),
            Some(_) => {}
            None => break,
        }
    }
    let log = game_log(&base, &id).await;
    let record: Vec<Event> = log.lines().map(|l| serde_json::from_str(l).expect("event")).collect();
    assert_eq!(stream.len(), record.len(), "every event, in order");
    let mut hands = 0;
    for (i, (seq, e)) in stream.iter().enumerate() {
        assert_eq!(*seq as usize, i);
        assert!(hides_everything(e), "event {seq} shows a spectator hidden tiles: {e:?}");
        // Everything else as it was played.
        assert_eq!(
            *e,
            if record[i].has_hidden_tiles() {
                record[i].for_spectator()
            } else {
                record[i].clone()
            }
        );
        if matches!(e, Event::EndKyoku) {
            hands += 1;
        }
    }
    // One reveal per hand, right after its end, with the hand's hidden events in full.
    assert_eq!(reveals.len(), hands, "a reveal after every hand");
    for (at, events) in &reveals {
        assert!(matches!(stream[at - 1].1, Event::EndKyoku), "revealed only once the hand is over");
        assert!(events.iter().any(|(_, e)| matches!(e, Event::StartKyoku { .. })));
        for (seq, e) in events {
            assert!((*seq as usize) < *at, "nothing from the next hand");
            assert_eq!(*e, record[*seq as usize], "the revealed event is the real one");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_spectator_stream_lags_by_the_delay() {
    let server = start(db("delay").to_str().expect("utf-8")).await;
    let base = base(&server);
    let seats = r#"["human","bot:efficiency","bot:efficiency","bot:efficiency"]"#;
    let request = format!(
        r#"{{"rules":"riichi","length":"hand","seats":{seats},"seed":5,"time":{FAST},"spectator_delay_s":1}}"#
    );
    let made = hupai_server::client::create_table(&base, &request).await.expect("made");
    let id = made["table"].as_str().expect("id").to_string();
    let token = made["seats"][0]["token"].as_str().expect("token").to_string();
    let mut watcher = Client::connect(&base, &id, None, None).await.expect("connects");
    let mut me = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    let mut seen_by_me: Vec<Instant> = Vec::new();
    // Play a few decisions at once, noting when each event reached the player.
    let mut decisions = 0;
    while decisions < 4 {
        match timeout(Duration::from_secs(10), me.next()).await.expect("in time").expect("reads") {
            Some(ServerMessage::Event { seq, .. }) => {
                assert_eq!(seq as usize, seen_by_me.len());
                seen_by_me.push(Instant::now());
            }
            Some(ServerMessage::Prompt { decision, options, .. }) => {
                me.act(decision, options[0]).await.expect("sends");
                decisions += 1;
            }
            Some(_) => {}
            None => break,
        }
    }
    let mut lags = Vec::new();
    while lags.len() < seen_by_me.len() {
        match timeout(Duration::from_secs(10), watcher.next())
            .await
            .expect("in time")
            .expect("reads")
        {
            Some(ServerMessage::Event { seq, .. }) => {
                lags.push(Instant::now().saturating_duration_since(seen_by_me[seq as usize]));
            }
            Some(_) => {}
            None => break,
        }
    }
    assert!(!lags.is_empty());
    assert!(lags.iter().all(|l| *l >= Duration::from_millis(900)), "{lags:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_that_resumes_mid_hand_is_shown_the_whole_hand() {
    let server = start(db("watch-resume").to_str().expect("utf-8")).await;
    let base = base(&server);
    let made = table(&base, &["bot:defensive"; 4], "east", 23, FAST).await;
    let id = made["table"].as_str().expect("id").to_string();
    let log = game_log(&base, &id).await;
    let record: Vec<Event> = log.lines().map(|l| serde_json::from_str(l).expect("event")).collect();
    // Resume in the middle of the second hand, well after its deal and first draws.
    let starts: Vec<usize> =
        (0..record.len()).filter(|&i| matches!(record[i], Event::StartKyoku { .. })).collect();
    assert!(starts.len() >= 2, "an east round has hands");
    let start = starts[1];
    let end =
        start + record[start..].iter().position(|e| matches!(e, Event::EndKyoku)).expect("an end");
    let resume_after = (start + 20) as u64;
    assert!((resume_after as usize) < end, "the hand is long enough");
    let mut watcher =
        Client::connect(&base, &id, None, Some(resume_after)).await.expect("connects");
    let revealed = loop {
        let m = timeout(Duration::from_secs(30), watcher.next())
            .await
            .expect("in time")
            .expect("reads")
            .expect("a reveal before the socket closes");
        if let ServerMessage::Reveal { events } = m {
            break events;
        }
    };
    // The reveal covers the whole hand: the deal and every draw from its start.
    let hidden: Vec<(u64, Event)> = (start..=end)
        .filter(|&s| record[s].has_hidden_tiles())
        .map(|s| (s as u64, record[s].clone()))
        .collect();
    assert!(
        matches!(revealed.first(), Some((s, Event::StartKyoku { .. })) if *s as usize == start)
    );
    assert_eq!(revealed, hidden, "every hidden event of the hand, from its deal");
}
