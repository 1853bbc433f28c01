//! The soak test: a server in a process of its own on loopback, tables of people played by
//! clients that drop and resume, open second tabs, and flood it with pings and junk, tables
//! of bots watched by spectators that stall and are cut off, and a `kill -9` of the server in
//! the middle of it all (and a restart on the same store). At the end every connection's
//! stream was contiguous, every player's stream is exactly its seat's stream of the stored
//! log, every log replays, and nothing anybody was shown before the crash is lost.
//!
//! `soak_in_ci` is the light version (a few tables, one crash); `soak` is the long one:
//!
//! ```text
//! cargo test --release -p hupai-server --test integration -- --ignored soak::soak --exact --nocapture
//! ```
//!
//! The server process is this test binary run again (`soak_server_process`, which does
//! nothing when run by itself).

#![cfg(test)]

use crate::common;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use common::{answer, Frame, Raw};
use hupai_engine::{player_stream, replay, Event};
use hupai_server::client::{create_table, http, Client};
use hupai_server::protocol::{ClientMessage, ErrorCode, ServerMessage};
use hupai_server::{Config, Server};
use serde_json::Value;
use tokio::time::{sleep, timeout, Duration, Instant};

const ADDR: &str = "HUPAI_SOAK_ADDR";
const DB: &str = "HUPAI_SOAK_DB";

/// How big a run is.
#[derive(Clone, Copy, Debug)]
struct Size {
    /// Tables of four people.
    people: usize,
    /// Tables of four bots, each watched by a spectator that stalls.
    bots: usize,
    /// The people's tables' match length.
    length: &'static str,
    /// The bots' tables' match length.
    bot_length: &'static str,
    /// When the server is killed, from the start of play.
    kills: &'static [u64],
    /// The longest a person thinks, in milliseconds.
    think_ms: u64,
}

/// The server as a process of its own (the test binary, run again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the server process of the soak tests: they run it"]
async fn soak_server_process() {
    let (Ok(addr), Ok(db)) = (std::env::var(ADDR), std::env::var(DB)) else { return };
    let mut config = Config::new(addr.parse().expect("an address"), &db);
    config.node = "soak".into();
    config.allow_seed = true;
    config.limits.connections_per_address = 100_000;
    config.limits.tables_per_minute = 100_000;
    // Small queues: backlogs longer than a queue and readers cut off happen at once.
    config.limits.queue = 32;
    config.limits.behind = 64;
    let _server = Server::start(config).await.expect("the server starts");
    println!("SOAK READY");
    std::future::pending::<()>().await;
}

/// The server process: started, killed with SIGKILL, started again on the same store.
struct ServerProcess {
    addr: SocketAddr,
    db: String,
    child: Option<Child>,
}

impl ServerProcess {
    fn start(&mut self) {
        let mut child = Command::new(std::env::current_exe().expect("the test binary"))
            .args(["soak::soak_server_process", "--exact", "--ignored", "--nocapture"])
            .env(ADDR, self.addr.to_string())
            .env(DB, &self.db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server process starts");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        loop {
            let line = lines.next().expect("the server says it is ready").expect("reads");
            if line.contains("SOAK READY") {
                break;
            }
        }
        std::thread::spawn(move || lines.for_each(drop));
        self.child = Some(child);
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().expect("SIGKILL");
            let _ = child.wait();
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Counts of what the clients went through.
#[derive(Debug, Default)]
struct Counts {
    connections: AtomicU64,
    drops: AtomicU64,
    twins: AtomicU64,
    cut_off: AtomicU64,
    pongs: AtomicU64,
    refusals: AtomicU64,
}

/// A small deterministic random number generator.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

/// Connects (to a server that may be down for a while) and reads the welcome: the client
/// and the first event it will be sent, or `None` once the table refuses for good.
async fn connect(
    base: &str,
    table: &str,
    token: Option<&str>,
    last: Option<u64>,
) -> Option<(Client, u64)> {
    let give_up = Instant::now() + Duration::from_secs(60);
    while Instant::now() < give_up {
        if let Ok(mut c) = Client::connect(base, table, token, last).await {
            match timeout(Duration::from_secs(30), c.next()).await {
                Ok(Ok(Some(ServerMessage::Welcome { next_seq, .. }))) => {
                    return Some((c, next_seq))
                }
                Ok(Ok(Some(ServerMessage::Error { code: ErrorCode::Over, .. }))) => return None,
                Ok(Ok(Some(ServerMessage::Error { code, message }))) => {
                    assert!(
                        matches!(code, ErrorCode::UnknownTable | ErrorCode::Elsewhere),
                        "{code}: {message}"
                    );
                }
                _ => {}
            }
        }
        sleep(Duration::from_millis(100)).await;
    }
    panic!("no connection to {table} for a minute");
}

/// One person: plays its seat to the end, dropping its connection now and then; every
/// connection's events must follow on from where the last one stopped. Returns its stream.
async fn person(
    base: String,
    table: String,
    token: String,
    player: usize,
    size: Size,
    counts: Arc<Counts>,
    seed: u64,
) -> Vec<(u64, Event)> {
    let mut rng = Rng(seed);
    let mut stream: Vec<(u64, Event)> = Vec::new();
    loop {
        let last = stream.last().map(|e| e.0);
        let Some((mut client, next_seq)) = connect(&base, &table, Some(&token), last).await else {
            panic!("player {player} of {table}: refused before the end");
        };
        counts.connections.fetch_add(1, Ordering::Relaxed);
        // Nothing the player was shown is ever lost, a crash included.
        assert_eq!(next_seq, last.map_or(0, |l| l + 1), "{table} player {player} resumes");
        let drop_after = 20 + rng.below(200);
        let mut here = 0;
        loop {
            let Ok(Ok(Some(msg))) = timeout(Duration::from_secs(60), client.next()).await else {
                break; // dropped (the server was killed): connect again
            };
            match msg {
                ServerMessage::Event { seq, event } => {
                    let want = stream.last().map_or(0, |e| e.0 + 1);
                    assert_eq!(seq, want, "{table} player {player}: a gap");
                    let over = matches!(*event, Event::EndGame { .. });
                    stream.push((seq, *event));
                    if over {
                        return stream;
                    }
                }
                ServerMessage::Prompt { decision, options, .. } => {
                    sleep(Duration::from_millis(rng.below(size.think_ms))).await;
                    let _ = client.act(decision, answer(player, decision, &options)).await;
                }
                // An answer the killed server took but never stored is asked for again; one
                // a twin tab gave first is stale.
                ServerMessage::Error { code, .. } if code.refuses_answer() => {
                    counts.refusals.fetch_add(1, Ordering::Relaxed);
                }
                ServerMessage::Error { code, message } => {
                    panic!("{table} player {player}: {code}: {message}")
                }
                _ => {}
            }
            here += 1;
            if here == drop_after {
                counts.drops.fetch_add(1, Ordering::Relaxed);
                client.close().await;
                break;
            }
        }
    }
}

/// A second tab of a seat, opened late from the start of the stream: reads (without
/// playing) up to `read` events, each following on. Returns them.
async fn twin(base: String, table: String, token: String, read: usize) -> Vec<(u64, Event)> {
    let mut events: Vec<(u64, Event)> = Vec::new();
    let Some((mut client, first)) = connect(&base, &table, Some(&token), None).await else {
        return events;
    };
    assert_eq!(first, 0);
    while events.len() < read {
        let Ok(Ok(Some(msg))) = timeout(Duration::from_secs(60), client.next()).await else {
            break; // the server was killed: what it read is checked
        };
        if let ServerMessage::Event { seq, event } = msg {
            assert_eq!(seq, events.len() as u64, "{table}: a twin tab's gap");
            let over = matches!(*event, Event::EndGame { .. });
            events.push((seq, *event));
            if over {
                break;
            }
        }
    }
    client.close().await;
    events
}

/// A spectator that floods the server with pings and junk: every ping is answered (later,
/// not refused), every piece of junk gets its code.
async fn flooder(base: String, table: String, pings: u64, counts: Arc<Counts>) {
    let Some((mut client, _)) = connect(&base, &table, None, None).await else { return };
    for _ in 0..pings {
        if client.send(&ClientMessage::Ping {}).await.is_err() {
            return; // the server was killed
        }
    }
    let junk = ["not json", r#"{"type":"act","decision":3}"#, r#"{"type":"hello","table":"x"}"#];
    for j in junk {
        if client.send_text(j).await.is_err() {
            return;
        }
    }
    let (mut pongs, mut bad) = (0, 0);
    while pongs < pings || bad < junk.len() {
        let Ok(Ok(Some(msg))) = timeout(Duration::from_secs(60), client.next()).await else {
            return; // the server was killed mid-flood
        };
        match msg {
            ServerMessage::Pong => pongs += 1,
            ServerMessage::Error { code: ErrorCode::BadMessage, .. } => bad += 1,
            ServerMessage::Error { code, message } => panic!("{table} flood: {code}: {message}"),
            _ => {}
        }
    }
    counts.pongs.fetch_add(pongs, Ordering::Relaxed);
    client.close().await;
}

/// A spectator on a small socket buffer that stalls now and then: cut off as a slow reader,
/// it resumes after the last event it was sent. Returns its stream (to the end, or to where
/// the table stopped being served).
async fn staller(addr: SocketAddr, table: String, counts: Arc<Counts>, seed: u64) -> Vec<Event> {
    let mut rng = Rng(seed);
    let mut events: Vec<Event> = Vec::new();
    let give_up = Instant::now() + Duration::from_secs(120);
    'connections: while Instant::now() < give_up {
        let last = events.len().checked_sub(1).map(|l| l as u64);
        let hello = ClientMessage::Hello {
            table: table.clone(),
            token: None,
            spectate: true,
            last_seq: last,
        };
        let Ok(Ok(mut raw)) =
            timeout(Duration::from_secs(5), Raw::try_open(addr, &hello, true)).await
        else {
            sleep(Duration::from_millis(100)).await;
            continue;
        };
        loop {
            if rng.below(40) == 0 {
                sleep(Duration::from_millis(300 + rng.below(700))).await;
            }
            match raw.next().await {
                Frame::Message(ServerMessage::Welcome { next_seq, .. }) => {
                    assert_eq!(next_seq, events.len() as u64, "{table}: the spectator resumes");
                }
                Frame::Message(ServerMessage::Event { seq, event }) => {
                    assert_eq!(seq, events.len() as u64, "{table}: a spectator's gap");
                    let over = matches!(*event, Event::EndGame { .. });
                    events.push(*event);
                    if over {
                        break 'connections;
                    }
                }
                Frame::Message(ServerMessage::Error { code: ErrorCode::Over, .. }) => {
                    break 'connections; // a finished table the crash ended early
                }
                Frame::Message(ServerMessage::Error {
                    code: ErrorCode::UnknownTable | ErrorCode::Elsewhere,
                    ..
                }) => {
                    sleep(Duration::from_millis(100)).await;
                    continue 'connections;
                }
                Frame::Message(ServerMessage::Error { code, message }) => {
                    panic!("{table} spectator: {code}: {message}")
                }
                Frame::Message(_) => {}
                Frame::Closed(Some(close)) => {
                    let reason: Value =
                        serde_json::from_str(close.reason.as_str()).expect("a reason");
                    let sent = events.len().checked_sub(1).map(|l| l as u64);
                    assert_eq!(reason["last_seq"].as_u64(), sent, "{table}: {reason}");
                    if reason["code"] == "slow_reader" {
                        counts.cut_off.fetch_add(1, Ordering::Relaxed);
                    }
                    continue 'connections;
                }
                Frame::Closed(None) => continue 'connections, // killed
            }
        }
    }
    events
}

async fn make_table(base: &str, seats: [&str; 4], length: &str, seed: u64) -> Value {
    let time = r#"{"turn_ms":600000,"call_ms":600000,"bank_ms":0,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":600000,"timeouts_for_takeover":1000}"#;
    let seats: Vec<String> = seats.iter().map(|s| format!("\"{s}\"")).collect();
    let request = format!(
        r#"{{"rules":"riichi","length":"{length}","seats":[{}],"seed":{seed},"time":{time}}}"#,
        seats.join(",")
    );
    create_table(base, &request).await.expect("a table")
}

async fn log_of(base: &str, id: &str) -> String {
    for _ in 0..600 {
        if let Ok((200, body)) = http(base, "GET", &format!("/api/games/{id}/log"), None).await {
            return body;
        }
        sleep(Duration::from_millis(100)).await;
    }
    panic!("the log of {id} is never served");
}

async fn run(name: &str, size: Size) {
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = free.local_addr().expect("an address");
    drop(free);
    let db = common::db(name).display().to_string();
    let mut server = ServerProcess { addr, db, child: None };
    server.start();
    let base = format!("http://{addr}");
    let counts = Arc::new(Counts::default());
    let mut people = Vec::new();
    let mut others = Vec::new();
    let mut watched = Vec::new();
    for t in 0..size.people {
        let made = make_table(&base, ["human"; 4], size.length, 100 + t as u64).await;
        let id = made["table"].as_str().expect("id").to_string();
        let tokens: Vec<String> =
            (0..4).map(|p| made["seats"][p]["token"].as_str().expect("token").into()).collect();
        let mut players = Vec::new();
        for (p, token) in tokens.iter().enumerate() {
            let seed = (t * 4 + p) as u64 + 1;
            let task =
                person(base.clone(), id.clone(), token.clone(), p, size, counts.clone(), seed);
            players.push(tokio::spawn(task));
        }
        // A second tab, opened a little later, and a flood from a spectator.
        let (b, i, tok) = (base.clone(), id.clone(), tokens[t % 4].clone());
        let c = counts.clone();
        let twin = tokio::spawn(async move {
            sleep(Duration::from_millis(300 + 200 * t as u64)).await;
            c.twins.fetch_add(1, Ordering::Relaxed);
            (t % 4, twin(b, i, tok, 400).await)
        });
        others.push(tokio::spawn(flooder(base.clone(), id.clone(), 80, counts.clone())));
        people.push((id, players, twin));
    }
    for t in 0..size.bots {
        let seats = ["bot:efficiency", "bot:defensive", "bot:efficiency", "bot:defensive"];
        let made = make_table(&base, seats, size.bot_length, 500 + t as u64).await;
        let id = made["table"].as_str().expect("id").to_string();
        let spectator = tokio::spawn(staller(addr, id.clone(), counts.clone(), 900 + t as u64));
        watched.push((id, spectator));
    }
    // The crashes.
    let started = Instant::now();
    for &at in size.kills {
        sleep((started + Duration::from_millis(at)).saturating_duration_since(Instant::now()))
            .await;
        server.kill();
        sleep(Duration::from_millis(300)).await;
        server.start();
    }
    // Every person's stream is its seat's stream of the stored log, and the log replays.
    for (id, players, twin) in people {
        let log = log_of(&base, &id).await;
        let record: Vec<Event> =
            log.lines().map(|l| serde_json::from_str(l).expect("an event")).collect();
        assert_eq!(replay(&log, None), Ok(record.len()), "{id}: the log replays");
        for (p, task) in players.into_iter().enumerate() {
            let got = task.await.expect("a person plays to the end");
            let want: Vec<Event> = player_stream(&record, p).map(|e| e.into_owned()).collect();
            let got: Vec<Event> = got.into_iter().map(|e| e.1).collect();
            assert!(got == want, "{id} player {p}: not the seat's stream of the log");
        }
        let (p, seen) = twin.await.expect("a twin tab");
        let want: Vec<Event> = player_stream(&record, p).map(|e| e.into_owned()).collect();
        assert!(seen.iter().zip(&want).all(|(a, b)| a.1 == *b), "{id}: the twin tab's stream");
    }
    for (id, spectator) in watched {
        let seen = spectator.await.expect("a spectator");
        let log = log_of(&base, &id).await;
        assert!(replay(&log, None).is_ok(), "{id}: the log replays");
        let record = log.lines().map(|l| serde_json::from_str::<Event>(l).expect("an event"));
        let want: Vec<Event> =
            record.map(|e| if e.has_hidden_tiles() { e.for_spectator() } else { e }).collect();
        assert!(seen.len() <= want.len() && seen[..] == want[..seen.len()], "{id}: spectator");
    }
    for f in others {
        f.await.expect("a flooder");
    }
    eprintln!("soak {name}: {counts:?}");
    assert!(counts.drops.load(Ordering::Relaxed) > 0, "players dropped and resumed");
    if size.bots > 0 {
        assert!(counts.cut_off.load(Ordering::Relaxed) > 0, "slow readers were cut off");
    }
}

/// The light soak, in every test run: two tables of people, one of bots, one crash.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn soak_in_ci() {
    let size = Size {
        people: 2,
        bots: 1,
        length: "hand",
        bot_length: "east",
        kills: &[1500],
        think_ms: 40,
    };
    run("soak-ci", size).await;
}

/// The long soak: forty tables of people, ten of bots, three crashes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes long: cargo test --release -p hupai-server --test integration -- --ignored soak::soak --exact"]
async fn soak() {
    let size = Size {
        people: 40,
        bots: 10,
        length: "east",
        bot_length: "half",
        kills: &[8_000, 25_000, 45_000],
        think_ms: 150,
    };
    run("soak", size).await;
}
