//! Time: the bank carries over, a timeout takes the default action, repeated timeouts or an
//! absence bring in the AI until the person is back, and every discard is held the same time
//! whoever can call.

#![cfg(test)]

use crate::common;

use common::{base, db, next_not_event, start, table};
use hupai_engine::{Action, Event};
use hupai_server::client::Client;
use hupai_server::protocol::ServerMessage;
use hupai_server::table::How;
use tokio::time::{timeout, Duration, Instant};

const BOTS: [&str; 4] = ["human", "bot:efficiency", "bot:efficiency", "bot:efficiency"];

/// The next prompt or takeover notice, skipping events; fails after `within`.
async fn next_notice(c: &mut Client, within: Duration) -> ServerMessage {
    timeout(within, next_not_event(c)).await.expect("a message in time")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timeouts_use_the_bank_then_bring_in_the_ai_until_the_person_is_back() {
    let server = start(db("clock").to_str().expect("utf-8")).await;
    let base = base(&server);
    let time = r#"{"turn_ms":300,"call_ms":300,"bank_ms":400,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":600000,"timeouts_for_takeover":2}"#;
    let made = table(&base, &BOTS, "hand", 11, time).await;
    let id = made["table"].as_str().expect("id").to_string();
    let token = made["seats"][0]["token"].as_str().expect("token").to_string();
    let mut me = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    assert!(matches!(
        next_notice(&mut me, Duration::from_secs(5)).await,
        ServerMessage::Welcome { .. }
    ));
    // First decision: the turn's time and the whole bank.
    let ServerMessage::Prompt { decision: first, deadline_ms, bank_ms, .. } =
        next_notice(&mut me, Duration::from_secs(5)).await
    else {
        panic!("a prompt")
    };
    assert_eq!(bank_ms, 400);
    assert!((600..=700).contains(&deadline_ms), "{deadline_ms}");
    let started = Instant::now();
    // Unanswered: the default is taken once turn and bank are spent; the bank is gone.
    let m = next_notice(&mut me, Duration::from_secs(5)).await;
    let ServerMessage::Prompt { decision: second, bank_ms, deadline_ms, .. } = m else {
        panic!("a second prompt, not {m:?}")
    };
    assert!(started.elapsed() >= Duration::from_millis(550), "{:?}", started.elapsed());
    assert!(second > first);
    assert_eq!(bank_ms, 0);
    assert!(deadline_ms <= 300, "{deadline_ms}");
    // The second timeout in a row: the AI plays the seat, and no prompt comes while it does.
    let m = next_notice(&mut me, Duration::from_secs(5)).await;
    assert_eq!(m, ServerMessage::Takeover { player: 0, active: true });
    let mut ai_moves = 0;
    while ai_moves < 2 {
        match timeout(Duration::from_secs(5), me.next()).await.expect("in time").expect("reads") {
            Some(ServerMessage::Event { event, .. }) => {
                if matches!(*event, Event::Dahai { actor, .. } if actor.index() == 0) {
                    ai_moves += 1;
                }
                if matches!(*event, Event::EndKyoku) {
                    break;
                }
            }
            Some(ServerMessage::Prompt { .. }) => panic!("a prompt while the AI plays"),
            Some(_) => {}
            None => panic!("closed"),
        }
    }
    // Back: the AI stops, the next decision is the person's.
    me.send_text(r#"{"type":"back"}"#).await.expect("sends");
    let mut answered = false;
    loop {
        let Some(m) =
            timeout(Duration::from_secs(5), me.next()).await.expect("in time").expect("reads")
        else {
            break;
        };
        match m {
            ServerMessage::Takeover { active, .. } => assert!(!active),
            // Back for good: every decision from now on answered in time.
            ServerMessage::Prompt { decision, options, .. } => {
                me.act(decision, options[0]).await.expect("sends");
                answered = true;
            }
            ServerMessage::Event { event, .. } if matches!(*event, Event::EndGame { .. }) => break,
            _ => {}
        }
    }
    drop(me);
    // The records say who answered each decision.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let stored = server.state.store.load(&id).await.expect("stored");
    let mine: Vec<How> = stored.answers.iter().filter(|r| r.player == 0).map(|r| r.how).collect();
    assert_eq!(&mine[..2], &[How::Timeout, How::Timeout], "{mine:?}");
    assert!(mine.contains(&How::Takeover), "{mine:?}");
    if answered {
        assert!(mine.contains(&How::Player), "{mine:?}");
    }
    assert_eq!(stored.answers.iter().filter(|r| r.player == 0).nth(1).map(|r| r.bank_ms), Some(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_gone_too_long_is_played_by_the_ai_and_takes_the_seat_back_on_return() {
    let server = start(db("away").to_str().expect("utf-8")).await;
    let base = base(&server);
    let time = r#"{"turn_ms":600000,"call_ms":600000,"bank_ms":0,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":300,"timeouts_for_takeover":2}"#;
    let made = table(&base, &BOTS, "hand", 12, time).await;
    let id = made["table"].as_str().expect("id").to_string();
    let token = made["seats"][0]["token"].as_str().expect("token").to_string();
    // The match waits for the person to sit down.
    let mut watcher = Client::connect(&base, &id, None, None).await.expect("connects");
    assert!(matches!(
        next_notice(&mut watcher, Duration::from_secs(5)).await,
        ServerMessage::Welcome { .. }
    ));
    assert!(
        timeout(Duration::from_millis(500), watcher.next()).await.is_err(),
        "nothing before everybody sits"
    );
    // The person sits down and leaves: after the absence the AI plays, and the hand goes on.
    let me = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    me.close().await;
    let watcher_started = Instant::now();
    let mut watcher = Client::connect(&base, &id, None, None).await.expect("connects");
    let mut seen_my_discards = 0;
    while seen_my_discards < 3 {
        let m = timeout(Duration::from_secs(10), watcher.next())
            .await
            .expect("in time")
            .expect("reads");
        match m {
            Some(ServerMessage::Event { event, .. }) => match *event {
                Event::Dahai { actor, .. } if actor.index() == 0 => seen_my_discards += 1,
                Event::EndKyoku | Event::EndGame { .. } => break,
                _ => {}
            },
            Some(_) => {}
            None => panic!("closed"),
        }
    }
    assert!(watcher_started.elapsed() >= Duration::from_millis(250));
    // The person arrives: the AI stops and the seat's next decision is prompted.
    let mut me = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    let mut notices = Vec::new();
    loop {
        let Some(m) =
            timeout(Duration::from_secs(10), me.next()).await.expect("in time").expect("reads")
        else {
            break;
        };
        match m {
            ServerMessage::Takeover { active, .. } => notices.push(active),
            ServerMessage::Prompt { decision, options, .. } => {
                me.act(decision, options[options.len() - 1]).await.expect("sends");
                break;
            }
            ServerMessage::Event { event, .. } if matches!(*event, Event::EndGame { .. }) => break,
            _ => {}
        }
    }
    assert_eq!(notices, vec![false], "the AI gives the seat back once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_discard_is_held_whoever_can_call() {
    let server = start(db("hold").to_str().expect("utf-8")).await;
    let base = base(&server);
    // The hold covers the call window; the person thinks over every call for up to 3/4 of it.
    let time = r#"{"turn_ms":600000,"call_ms":200,"bank_ms":0,"claim_hold_ms":200,"bot_delay_ms":0,"away_ms":600000,"timeouts_for_takeover":2}"#;
    let made = table(&base, &BOTS, "hand", 13, time).await;
    let id = made["table"].as_str().expect("id").to_string();
    let token = made["seats"][0]["token"].as_str().expect("token").to_string();
    let mut me = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    // The gap between a bot's discard and the next event, with and without a call to think
    // over: the hold, every time, so the pause tells the others nothing.
    let mut last_discard: Option<Instant> = None;
    let mut prompted = false;
    let (mut with_call, mut without) = (Vec::new(), Vec::new());
    let mut think = 0u64;
    loop {
        let Some(m) =
            timeout(Duration::from_secs(20), me.next()).await.expect("in time").expect("reads")
        else {
            break;
        };
        match m {
            ServerMessage::Event { event, .. } => {
                if let Some(t) = last_discard.take() {
                    if prompted { &mut with_call } else { &mut without }.push(t.elapsed());
                }
                prompted = false;
                if let Event::Dahai { actor, .. } = *event {
                    if actor.index() != 0 {
                        last_discard = Some(Instant::now());
                    }
                }
                if matches!(*event, Event::EndKyoku) {
                    break;
                }
            }
            ServerMessage::Prompt { decision, options, .. } => {
                let pass = options.iter().copied().find(|a| *a == Action::Pass);
                if let Some(pass) = pass {
                    prompted = last_discard.is_some();
                    think = (think + 70) % 150;
                    tokio::time::sleep(Duration::from_millis(think)).await;
                    me.act(decision, pass).await.expect("sends");
                } else {
                    me.act(decision, options[0]).await.expect("sends");
                }
            }
            _ => {}
        }
    }
    assert!(without.len() >= 5 && !with_call.is_empty(), "{with_call:?} {without:?}");
    let all = || with_call.iter().chain(&without);
    assert!(all().all(|g| *g >= Duration::from_millis(190)), "{with_call:?} {without:?}");
    let mean = |v: &[Duration]| v.iter().sum::<Duration>() / v.len() as u32;
    // Thinking within the call window does not lengthen the pause (a server that let it
    // would show the think times, up to 140 ms, over the hold).
    assert!(
        mean(&with_call) < mean(&without) + Duration::from_millis(60),
        "with a call {with_call:?}, without {without:?}"
    );
}
