//! Shared helpers for the server tests: a server on loopback with a fresh SQLite file, and a
//! player that answers every prompt with a fixed function of the prompt.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;

use futures_util::StreamExt;
use hupai_engine::{Action, Event};
use hupai_server::client::{create_table, Client};
use hupai_server::protocol::{ClientMessage, ServerMessage};
use hupai_server::{Config, Server};
use serde_json::Value;
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::{timeout, Duration};
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

/// A fresh database file for one test.
pub fn db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hupai-server-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.db"));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
    path
}

/// A server on loopback that lets tests choose seeds.
pub async fn start(db: &str) -> Server {
    start_with(db, |_| {}).await
}

/// A server on loopback that lets tests choose seeds, with its configuration changed first.
pub async fn start_with(db: &str, change: impl FnOnce(&mut Config)) -> Server {
    Server::start(config(db, change)).await.expect("the server starts")
}

/// The configuration [`start_with`] uses.
pub fn config(db: &str, change: impl FnOnce(&mut Config)) -> Config {
    let addr: SocketAddr = "127.0.0.1:0".parse().expect("addr");
    let mut config = Config::new(addr, db);
    config.allow_seed = true;
    config.mjai_addr = Some("127.0.0.1:0".parse().expect("addr"));
    change(&mut config);
    config
}

/// The next message that is not an event (events are skipped).
pub async fn next_not_event(client: &mut Client) -> ServerMessage {
    loop {
        match client.next().await.expect("reads").expect("open") {
            ServerMessage::Event { .. } => continue,
            m => return m,
        }
    }
}

/// The next prompt (everything before it skipped).
pub async fn next_prompt(client: &mut Client) -> (u64, Vec<Action>) {
    loop {
        if let ServerMessage::Prompt { decision, options, .. } = next_not_event(client).await {
            return (decision, options);
        }
    }
}

/// The base URL of a server.
pub fn base(server: &Server) -> String {
    format!("http://{}", server.addr)
}

/// Times that never run out in a test, with no holds or delays.
pub const PATIENT: &str = r#"{"turn_ms":600000,"call_ms":600000,"bank_ms":0,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":600000,"timeouts_for_takeover":2}"#;

/// Creates a table; returns the answer.
pub async fn table(base: &str, seats: &[&str], length: &str, seed: u64, time: &str) -> Value {
    let seats: Vec<String> = seats.iter().map(|s| format!("\"{s}\"")).collect();
    let request = format!(
        r#"{{"rules":"riichi","length":"{length}","seats":[{}],"seed":{seed},"time":{time}}}"#,
        seats.join(",")
    );
    create_table(base, &request).await.expect("the table is made")
}

/// The answer a test player gives: a fixed function of the prompt.
pub fn answer(player: usize, decision: u64, options: &[Action]) -> Action {
    options[(decision as usize * 7 + player * 3) % options.len()]
}

/// What one player received.
#[derive(Debug, Default)]
pub struct Received {
    /// Every event with its sequence number, in order of arrival.
    pub events: Vec<(u64, Event)>,
    /// Every message.
    pub messages: Vec<ServerMessage>,
}

/// Plays player `player` with `token` until the match ends; when `drops` is given, closes
/// the connection after that many messages each time and resumes from the last event seen.
pub async fn play(
    base: String,
    table: String,
    token: String,
    player: usize,
    mut drops: Vec<usize>,
) -> Received {
    let mut got = Received::default();
    let mut last: Option<u64> = None;
    'connections: loop {
        let mut client =
            Client::connect(&base, &table, Some(&token), last).await.expect("connects");
        let mut here = 0;
        loop {
            let Some(msg) = client.next().await.expect("reads") else { break 'connections };
            here += 1;
            got.messages.push(msg.clone());
            // Drop here (before answering, when this is a prompt: it comes again on resume).
            if drops.first() == Some(&here) {
                drops.remove(0);
                if let ServerMessage::Event { seq, event } = msg {
                    last = Some(seq);
                    got.events.push((seq, *event));
                }
                client.close().await;
                continue 'connections;
            }
            match msg {
                ServerMessage::Welcome { next_seq, .. } => {
                    assert_eq!(
                        Some(next_seq),
                        last.map(|l| l + 1).or(Some(0)),
                        "resumes where it left"
                    );
                }
                ServerMessage::Event { seq, event } => {
                    if let Some(l) = last {
                        assert_eq!(seq, l + 1, "player {player}: a gap in the stream");
                    }
                    last = Some(seq);
                    let over = matches!(*event, Event::EndGame { .. });
                    got.events.push((seq, *event));
                    if over {
                        client.close().await;
                        break 'connections;
                    }
                }
                ServerMessage::Prompt { decision, options, .. } => {
                    client.act(decision, answer(player, decision, &options)).await.expect("acts");
                }
                ServerMessage::Error { code, message } => {
                    panic!("player {player}: {code}: {message}")
                }
                _ => {}
            }
        }
    }
    got
}

/// The game's log, once the table has stored it (it is served only once the match is over).
pub async fn game_log(base: &str, id: &str) -> String {
    for _ in 0..200 {
        let (status, body) =
            hupai_server::client::http(base, "GET", &format!("/api/games/{id}/log"), None)
                .await
                .expect("http");
        if status == 200 {
            return body;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the log of {id} is never served");
}

/// A WebSocket client that sees the close frame, on a socket with a small receive buffer when
/// asked (so that the server feels at once a reader that stops reading).
pub struct Raw {
    socket: WebSocketStream<TcpStream>,
}

/// What a [`Raw`] client reads.
#[derive(Debug)]
pub enum Frame {
    Message(ServerMessage),
    Closed(Option<CloseFrame>),
}

impl Raw {
    /// Opens a socket to the server at `addr` and says `hello`.
    pub async fn open(addr: SocketAddr, hello: &ClientMessage, small: bool) -> Raw {
        Raw::try_open(addr, hello, small).await.expect("a websocket")
    }

    /// [`Raw::open`], or why not.
    pub async fn try_open(
        addr: SocketAddr,
        hello: &ClientMessage,
        small: bool,
    ) -> Result<Raw, String> {
        let tcp = TcpSocket::new_v4().map_err(|e| e.to_string())?;
        if small {
            tcp.set_recv_buffer_size(4096).map_err(|e| e.to_string())?;
        }
        let stream = tcp.connect(addr).await.map_err(|e| e.to_string())?;
        let url = format!("ws://{addr}/ws");
        let (mut socket, _) =
            tokio_tungstenite::client_async(url, stream).await.map_err(|e| e.to_string())?;
        let text = serde_json::to_string(hello).map_err(|e| e.to_string())?;
        futures_util::SinkExt::send(&mut socket, Message::text(text))
            .await
            .map_err(|e| e.to_string())?;
        Ok(Raw { socket })
    }

    /// The next message or the close.
    pub async fn next(&mut self) -> Frame {
        loop {
            match timeout(Duration::from_secs(60), self.socket.next()).await.expect("in time") {
                Some(Ok(Message::Text(t))) => {
                    return Frame::Message(serde_json::from_str(t.as_str()).expect("a message"))
                }
                Some(Ok(Message::Close(c))) => return Frame::Closed(c),
                Some(Ok(_)) => continue,
                None | Some(Err(_)) => return Frame::Closed(None),
            }
        }
    }
}
