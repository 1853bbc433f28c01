//! Frames that ask nothing wait a moment on a busy connection (`Config::hold`): the others'
//! moves reach a seat with its next prompt or reply, in order, and never later than the hold;
//! a spectator's stream (nothing in it asks anything) goes out at the hold's deadline.

#![cfg(test)]

use crate::common;

use common::{base, db, start_with, table, PATIENT};
use hupai_server::client::Client;
use hupai_server::protocol::ServerMessage;
use tokio::time::{sleep, timeout, Duration, Instant};

/// The hold of this test: long beside the players' pace, so that holding shows.
const HOLD: Duration = Duration::from_millis(150);
/// How long each player thinks before it answers.
const PACE: Duration = Duration::from_millis(40);
/// How long the players play.
const PLAY: Duration = Duration::from_millis(3000);

/// Every message a connection received, with when.
type Arrivals = Vec<(Instant, ServerMessage)>;

/// Reads (and, with a token, plays) a connection until `until`.
async fn record(base: String, id: String, token: Option<String>, until: Instant) -> Arrivals {
    let mut client = Client::connect(&base, &id, token.as_deref(), None).await.expect("connects");
    let mut got = Vec::new();
    while let Ok(Ok(Some(m))) =
        timeout(until.saturating_duration_since(Instant::now()), client.next()).await
    {
        let at = Instant::now();
        if let ServerMessage::Prompt { decision, options, .. } = &m {
            if token.is_some() {
                let (decision, action) = (*decision, options[0]);
                got.push((at, m));
                sleep(PACE).await;
                client.act(decision, action).await.expect("acts");
                continue;
            }
        }
        got.push((at, m));
    }
    client.close().await;
    got
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_others_moves_ride_with_a_seats_next_prompt_and_never_wait_past_the_hold() {
    let server = start_with(db("hold").to_str().expect("utf-8"), |c| c.hold = HOLD).await;
    let base = base(&server);
    let made = table(&base, &["human"; 4], "east", 11, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    let until = Instant::now() + PLAY;
    let mut tasks = Vec::new();
    for p in 0..4 {
        let token = made["seats"][p]["token"].as_str().expect("token").to_string();
        tasks.push(tokio::spawn(record(base.clone(), id.clone(), Some(token), until)));
    }
    tasks.push(tokio::spawn(record(base.clone(), id.clone(), None, until)));
    let mut streams = Vec::new();
    for t in tasks {
        streams.push(t.await.expect("a connection's task"));
    }
    // When each event first reached anybody: the seat whose answer caused it gets it with its
    // `accepted`, the next seat with its prompt, both at once.
    let mut first: Vec<Option<Instant>> = Vec::new();
    for stream in &streams {
        for (at, m) in stream {
            if let ServerMessage::Event { seq, .. } = m {
                let seq = *seq as usize;
                if first.len() <= seq {
                    first.resize(seq + 1, None);
                }
                first[seq] = Some(first[seq].map_or(*at, |f| f.min(*at)));
            }
        }
    }
    assert!(first.len() > 40, "a few go-arounds were played: {} events", first.len());
    let (mut events, mut held) = (0, 0);
    for (c, stream) in streams.iter().enumerate() {
        let mut next_seq = 0;
        for (at, m) in stream {
            match m {
                ServerMessage::Event { seq, .. } => {
                    assert_eq!(*seq, next_seq, "connection {c}: events in order, no gap");
                    next_seq += 1;
                    let late = at.saturating_duration_since(first[*seq as usize].expect("seen"));
                    assert!(
                        late <= HOLD + Duration::from_millis(100),
                        "connection {c}: event {seq} waited {late:?}, past the hold"
                    );
                    events += 1;
                    if late >= Duration::from_millis(30) {
                        held += 1;
                        // A held event went out in one write with an urgent frame, or with
                        // the first frame held, at its deadline.
                        let flushed = stream.iter().any(|(u, m)| {
                            let together = u.saturating_duration_since(*at)
                                + at.saturating_duration_since(*u)
                                < Duration::from_millis(15);
                            let deadline = match m {
                                ServerMessage::Event { seq, .. } => {
                                    let made = first[*seq as usize].expect("seen");
                                    u.saturating_duration_since(made)
                                        >= HOLD - Duration::from_millis(20)
                                }
                                _ => false,
                            };
                            together && (m.is_urgent() || deadline)
                        });
                        assert!(
                            flushed,
                            "connection {c}: event {seq} waited {late:?}, neither for a prompt nor \
                             for the hold"
                        );
                    }
                }
                ServerMessage::Prompt { decision, .. } => {
                    assert!(*decision <= next_seq, "connection {c}: a prompt before its events");
                }
                ServerMessage::Error { code, message } => {
                    panic!("connection {c}: {code}: {message}")
                }
                _ => {}
            }
        }
    }
    // Most events reach a connection that did not cause them with its next prompt, an action
    // or more after they happened; written at once, none would wait.
    assert!(held * 3 > events, "{held} of {events} events were held");
}
