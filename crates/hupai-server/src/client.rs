//! A client of the server, for `hupai play --server`, the load generator and the tests: a
//! little HTTP over TCP for the API (plain `http://` only), the WebSocket for play
//! ([`Client`]: one connection), and [`Resuming`], a seat's connection that survives drops: it
//! reconnects with the last event it saw, mends gaps, leaves out repeated events and sends an
//! answer again when the server asks the same decision after a drop. [`Link`] reads the links
//! the server hands out (`http://HOST/t/ID?seat=P#token=TOKEN`).
//!
//! ```no_run
//! # async fn f() -> Result<(), hupai_server::client::ClientError> {
//! use hupai_server::client::{create_table, Client};
//! let made = create_table("http://127.0.0.1:8080", r#"{"seats":["human","bot:defensive","bot:defensive","bot:defensive"]}"#).await?;
//! let (table, token) = (made["table"].as_str().unwrap(), made["seats"][0]["token"].as_str().unwrap());
//! let mut client = Client::connect("http://127.0.0.1:8080", table, Some(token), None).await?;
//! while let Some(message) = client.next().await? {
//!     println!("{message:?}");
//! }
//! # Ok(()) }
//! ```

use std::collections::VecDeque;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use hupai_engine::{Action, Event};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::protocol::{ClientMessage, ServerMessage};

/// Why a client call failed.
#[derive(Debug)]
pub enum ClientError {
    /// The address is not `http://host:port`.
    Address(String),
    /// The network.
    Io(std::io::Error),
    /// The WebSocket.
    Socket(String),
    /// The server answered with something unreadable.
    Server(String),
    /// The server refused an HTTP request: its status and what it said.
    Http {
        /// The HTTP status.
        status: u16,
        /// The server's `error`.
        message: String,
    },
    /// The server refused the connection (an `error` instead of `welcome`).
    Refused {
        /// Its code (`bad_token`, `unknown_table`, `over`, ...).
        code: String,
        /// What it said.
        message: String,
    },
    /// A link that is not one of the server's.
    Link {
        /// The link.
        link: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// [`Resuming`] could not reconnect for this long.
    GaveUp {
        /// How long it tried.
        after: Duration,
        /// The last reason.
        why: String,
    },
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Address(a) => write!(f, "'{a}': use http://HOST:PORT"),
            ClientError::Io(e) => write!(f, "{e}"),
            ClientError::Socket(e) => write!(f, "websocket: {e}"),
            ClientError::Server(e) => write!(f, "the server: {e}"),
            ClientError::Http { status, message } => {
                write!(f, "the server answered {status}: {message}")
            }
            ClientError::Refused { code, message } => {
                write!(f, "the server refused ({code}): {message}")
            }
            ClientError::Link { link, why } => write!(f, "'{link}': {why}"),
            ClientError::GaveUp { after, why } => {
                write!(f, "no connection for {} s, giving up: {why}", after.as_secs())
            }
        }
    }
}

impl std::error::Error for ClientError {}

impl From<std::io::Error> for ClientError {
    fn from(e: std::io::Error) -> ClientError {
        ClientError::Io(e)
    }
}

/// `host:port` of an `http://host:port[/]` base.
fn authority(base: &str) -> Result<&str, ClientError> {
    base.strip_prefix("http://")
        .map(|a| a.trim_end_matches('/'))
        .filter(|a| !a.is_empty() && !a.contains('/'))
        .ok_or_else(|| ClientError::Address(base.to_string()))
}

/// One HTTP request: the status and the body.
pub async fn http(
    base: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), ClientError> {
    let host = authority(base)?;
    let mut stream = TcpStream::connect(host).await?;
    let body = body.unwrap_or("");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response);
    let (head, rest) =
        text.split_once("\r\n\r\n").ok_or_else(|| ClientError::Server("no HTTP head".into()))?;
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| ClientError::Server("no HTTP status".into()))?;
    let chunked =
        head.lines().any(|l| l.to_ascii_lowercase().starts_with("transfer-encoding: chunked"));
    Ok((status, if chunked { unchunk(rest) } else { rest.to_string() }))
}

/// The body of a chunked HTTP response.
fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else { break };
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

/// The JSON answer of a request that succeeds with `want`; any other status is
/// [`ClientError::Http`] with the server's `error`.
async fn json_request(
    base: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
    want: u16,
) -> Result<Value, ClientError> {
    let (status, text) = http(base, method, path, body).await?;
    let value: Result<Value, _> = serde_json::from_str(&text);
    if status != want {
        let message = match &value {
            Ok(v) => v["error"].as_str().unwrap_or(text.trim()).to_string(),
            Err(_) => text.trim().to_string(),
        };
        return Err(ClientError::Http { status, message });
    }
    value.map_err(|e| {
        let shown: String = text.chars().take(200).collect();
        ClientError::Server(format!("{e}: {shown}"))
    })
}

/// `POST /api/tables`: the server's answer (`table`, `seats` with tokens).
pub async fn create_table(base: &str, request: &str) -> Result<Value, ClientError> {
    json_request(base, "POST", "/api/tables", Some(request), 201).await
}

/// `POST /api/tables/{id}/join`: takes the first open seat (`seat`, `token`, `join_url`).
pub async fn join_table(base: &str, table: &str) -> Result<Value, ClientError> {
    check_table_id(table)?;
    json_request(base, "POST", &format!("/api/tables/{table}/join"), None, 200).await
}

/// `GET /api/tables/{id}`: the table as the lobby shows it (`seats` as `[KIND, TAKEN]`).
pub async fn table_info(base: &str, table: &str) -> Result<Value, ClientError> {
    check_table_id(table)?;
    json_request(base, "GET", &format!("/api/tables/{table}"), None, 200).await
}

/// `GET /api/games/{id}/log`: a finished game's full log (one JSON event per line);
/// [`ClientError::Http`] with status 409 while it is still played.
pub async fn game_log(base: &str, table: &str) -> Result<String, ClientError> {
    check_table_id(table)?;
    let (status, text) = http(base, "GET", &format!("/api/games/{table}/log"), None).await?;
    if status != 200 {
        let message = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v["error"].as_str().map(String::from))
            .unwrap_or_else(|| text.trim().to_string());
        return Err(ClientError::Http { status, message });
    }
    Ok(text)
}

/// A table id goes into paths: only the characters the server uses (base64url).
fn check_table_id(table: &str) -> Result<(), ClientError> {
    let fine = !table.is_empty()
        && table.len() <= 64
        && table.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fine {
        Ok(())
    } else {
        Err(ClientError::Link { link: table.to_string(), why: "not a table id" })
    }
}

/// A server or table link as `POST /api/tables` and the lobby give them out:
/// `http://HOST:PORT` (the server), `http://HOST:PORT/t/ID` (a table with an open seat to
/// take), `http://HOST:PORT/t/ID?seat=P#token=TOKEN` (a seat), `http://HOST:PORT/t/ID?watch`.
///
/// ```
/// use hupai_server::client::Link;
/// let l: Link = "http://127.0.0.1:8080/t/Ab3_x-9?seat=2#token=tok_EN-1".parse().unwrap();
/// assert_eq!(l.base, "http://127.0.0.1:8080");
/// assert_eq!(l.table.as_deref(), Some("Ab3_x-9"));
/// assert_eq!((l.seat, l.token.as_deref(), l.watch), (Some(2), Some("tok_EN-1"), false));
/// assert!("http://h:1/t/x?watch".parse::<Link>().unwrap().watch);
/// assert!("https://h/t/x".parse::<Link>().is_err());
/// assert!("http://h:1/lobby".parse::<Link>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The server: `http://HOST[:PORT]`.
    pub base: String,
    /// The table, if the link names one.
    pub table: Option<String>,
    /// The seat the link says (the token decides which seat is played).
    pub seat: Option<usize>,
    /// The seat's token.
    pub token: Option<String>,
    /// A link to watch the table.
    pub watch: bool,
}

impl std::str::FromStr for Link {
    type Err = ClientError;

    fn from_str(text: &str) -> Result<Link, ClientError> {
        let bad = |why| ClientError::Link { link: text.to_string(), why };
        let rest = match text.trim().split_once("://") {
            Some(("http", rest)) => rest,
            Some(("https", _)) => {
                return Err(bad("https is not spoken by this client: use the http:// address"))
            }
            Some(_) => return Err(bad("use an http:// link")),
            None => return Err(bad("use an http:// link (http://HOST:PORT)")),
        };
        let (rest, fragment) = rest.split_once('#').unwrap_or((rest, ""));
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (authority, path) = match rest.find('/') {
            Some(i) => rest.split_at(i),
            None => (rest, ""),
        };
        if authority.is_empty() || authority.contains('@') || authority.contains(' ') {
            return Err(bad("no HOST:PORT after http://"));
        }
        let table = match path.trim_end_matches('/') {
            "" => None,
            p => match p.strip_prefix("/t/") {
                Some(id) if check_table_id(id).is_ok() => Some(id.to_string()),
                _ => return Err(bad("not a table link: http://HOST:PORT/t/ID")),
            },
        };
        let mut link = Link {
            base: format!("http://{authority}"),
            table,
            seat: None,
            token: None,
            watch: false,
        };
        for pair in query.split('&').chain(fragment.split('&')).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "watch" => link.watch = true,
                "seat" => {
                    let seat = value.parse().ok().filter(|s| *s < 4);
                    link.seat = Some(seat.ok_or_else(|| bad("seat= takes 0..3"))?);
                }
                "token" if !value.is_empty() => link.token = Some(value.to_string()),
                "token" => return Err(bad("an empty token")),
                _ => {} // other parameters are the web page's
            }
        }
        if link.table.is_none() && (link.watch || link.token.is_some() || link.seat.is_some()) {
            return Err(bad("a seat or watch link names its table: http://HOST:PORT/t/ID"));
        }
        if link.watch && link.token.is_some() {
            return Err(bad("a link to watch carries no token"));
        }
        Ok(link)
    }
}

/// A WebSocket connection to a table.
#[derive(Debug)]
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects and says hello: with a token to play its seat, without one to watch.
    pub async fn connect(
        base: &str,
        table: &str,
        token: Option<&str>,
        last_seq: Option<u64>,
    ) -> Result<Client, ClientError> {
        let mut client = Client::open(base).await?;
        let hello = ClientMessage::Hello {
            table: table.to_string(),
            token: token.map(String::from),
            spectate: token.is_none(),
            last_seq,
        };
        client.send(&hello).await?;
        Ok(client)
    }

    /// Opens the WebSocket without saying hello.
    pub async fn open(base: &str) -> Result<Client, ClientError> {
        let url = format!("ws://{}/ws", authority(base)?);
        // As the server does: a small read buffer (tungstenite clears the whole buffer before
        // every read) and TCP_NODELAY (a small frame goes out at once, not after an ACK).
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(8 * 1024);
        let (socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .map_err(|e| ClientError::Socket(e.to_string()))?;
        Ok(Client { socket })
    }

    /// Sends a message.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        let text =
            serde_json::to_string(message).map_err(|e| ClientError::Socket(e.to_string()))?;
        self.send_text(&text).await
    }

    /// Sends raw text (tests send malformed frames).
    pub async fn send_text(&mut self, text: &str) -> Result<(), ClientError> {
        self.socket.send(Message::text(text)).await.map_err(|e| ClientError::Socket(e.to_string()))
    }

    /// Answers a prompt.
    pub async fn act(&mut self, decision: u64, action: Action) -> Result<(), ClientError> {
        self.send(&ClientMessage::Act { decision, action }).await
    }

    /// The next message, or `None` when the server closed the connection.
    pub async fn next(&mut self) -> Result<Option<ServerMessage>, ClientError> {
        loop {
            match self.socket.next().await {
                None | Some(Ok(Message::Close(_))) => return Ok(None),
                Some(Err(e)) => return Err(ClientError::Socket(e.to_string())),
                Some(Ok(Message::Text(t))) => match read_message(t.as_str())? {
                    Some(m) => return Ok(Some(m)),
                    None => continue, // a message of a later version
                },
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

/// The types of message this client knows; the protocol says to skip the others.
const KNOWN: [&str; 10] = [
    "welcome",
    "event",
    "prompt",
    "reveal",
    "accepted",
    "takeover",
    "pong",
    "error",
    "hint",
    "show_hands",
];

/// Reads one server frame: a message, `None` for a type a later version added, or
/// [`ClientError::Server`] for what is no message at all (or a known one that is malformed).
///
/// ```
/// use hupai_server::client::read_message;
/// assert!(read_message(r#"{"type":"pong"}"#).unwrap().is_some());
/// assert!(read_message(r#"{"type":"chat","text":"hi"}"#).unwrap().is_none());
/// assert!(read_message(r#"{"type":"prompt","decision":"x"}"#).is_err());
/// assert!(read_message("<html>").is_err());
/// ```
pub fn read_message(text: &str) -> Result<Option<ServerMessage>, ClientError> {
    let bad = |why: String| {
        let mut shown: String = text.chars().take(200).collect();
        if shown.len() < text.len() {
            shown.push_str("...");
        }
        ClientError::Server(format!("a message it cannot read ({why}): {shown}"))
    };
    let value: Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return Err(bad("no type".into()));
    };
    if !KNOWN.contains(&kind) {
        return Ok(None);
    }
    serde_json::from_value(value).map(Some).map_err(|e| bad(e.to_string()))
}

/// What a [`Resuming`] connection reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// A message of the server: events in order, each once, with no gap.
    Message(ServerMessage),
    /// The connection dropped (or a reconnection failed); the next try is in `retry_in`.
    Lost {
        /// Why.
        why: String,
        /// When it tries again.
        retry_in: Duration,
    },
    /// A new connection took the stream up after event `after` (none: from the start).
    Resumed {
        /// The last event seen before.
        after: Option<u64>,
    },
}

/// How [`Resuming`] waits and retries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// With nothing received for this long, it pings the server.
    pub ping_after: Duration,
    /// With nothing received for this long (a ping unanswered), the connection counts as dead.
    pub dead_after: Duration,
    /// The first retry after a drop; each failure doubles it, up to `max_retry`.
    pub first_retry: Duration,
    /// The longest wait between tries.
    pub max_retry: Duration,
    /// How long it tries to reconnect before it gives up.
    pub give_up_after: Duration,
}

impl Default for Patience {
    fn default() -> Patience {
        Patience {
            ping_after: Duration::from_secs(30),
            dead_after: Duration::from_secs(45),
            first_retry: Duration::from_millis(200),
            max_retry: Duration::from_secs(5),
            give_up_after: Duration::from_secs(600),
        }
    }
}

/// Refusals after which reconnecting cannot help. (`elsewhere` can: another node plays the
/// table until its lease runs out, then one of them, maybe this one, takes it back.)
fn final_refusal(code: &str) -> bool {
    matches!(code, "bad_token" | "unknown_table" | "over" | "bad_message" | "no_hello")
}

/// A seat's (or a spectator's) connection that survives drops: when the socket closes, fails
/// or goes silent, it connects again with `last_seq` (the last event it passed on), so the
/// stream it gives goes on where it stopped, without repeats; a gap in the numbers makes it
/// resume from before the gap. An answer is kept until the server accepts it (or refuses it,
/// or the decision passes) and is sent again when the server asks the same decision anew
/// after a drop. A refusal that reconnecting cannot mend (`bad_token`, `unknown_table`, `over`)
/// ends it with [`ClientError::Refused`].
///
/// [`Resuming::next`] is cancel-safe enough for `tokio::select!`: dropped while it waits, it
/// starts again where it was (a connection being opened is opened again).
#[derive(Debug)]
pub struct Resuming {
    base: String,
    table: String,
    token: Option<String>,
    patience: Patience,
    client: Option<Client>,
    /// The last event passed on.
    last_seq: Option<u64>,
    /// The next event expected on this connection.
    expected: u64,
    /// Where the stream last had a gap: a second gap there is the server's fault, not the
    /// network's, and ends the connection.
    gap_at: Option<u64>,
    /// An answer not yet accepted: decision, action, and the connection it went out on.
    pending: Option<(u64, Action, Option<u64>)>,
    /// The connections opened so far (the current one's number).
    connections: u64,
    /// A decision whose answer was sent again because the server asked anew after a drop:
    /// if the first answer got through after all, the second is refused as stale, which is
    /// no news to pass on.
    resent: Option<u64>,
    /// The end of the match was passed on: a close is the end, not a drop.
    over: bool,
    /// Messages to pass on before reading more.
    queued: VecDeque<Update>,
    /// When the connection was lost (none while connected).
    lost_since: Option<Instant>,
    /// When to try again.
    retry_at: Instant,
    /// Failed tries since the last good connection.
    failures: u32,
    /// When the last message came.
    heard_at: Instant,
    /// Whether a ping is out.
    pinged: bool,
}

impl Resuming {
    /// Connects (with a token to play its seat, without one to watch) and waits for the
    /// welcome, which is the first update: a refusal is an error at once.
    pub async fn open(
        base: &str,
        table: &str,
        token: Option<&str>,
        patience: Patience,
    ) -> Result<Resuming, ClientError> {
        check_table_id(table)?;
        let now = Instant::now();
        let mut r = Resuming {
            base: base.to_string(),
            table: table.to_string(),
            token: token.map(String::from),
            patience,
            client: None,
            last_seq: None,
            expected: 0,
            gap_at: None,
            pending: None,
            connections: 0,
            resent: None,
            over: false,
            queued: VecDeque::new(),
            lost_since: None,
            retry_at: now,
            failures: 0,
            heard_at: now,
            pinged: false,
        };
        r.reconnect().await?;
        Ok(r)
    }

    /// The last event passed on.
    pub fn last_seq(&self) -> Option<u64> {
        self.last_seq
    }

    /// Whether a connection is open now.
    pub fn is_connected(&self) -> bool {
        self.client.is_some()
    }

    /// Opens a connection and reads its welcome (queued as an update).
    async fn reconnect(&mut self) -> Result<(), ClientError> {
        let mut client =
            Client::connect(&self.base, &self.table, self.token.as_deref(), self.last_seq).await?;
        let (welcome, next_seq) = match client.next().await? {
            Some(w @ ServerMessage::Welcome { next_seq, .. }) => (w, next_seq),
            Some(ServerMessage::Error { code, message }) => {
                return Err(ClientError::Refused { code, message })
            }
            Some(other) => {
                return Err(ClientError::Server(format!("{} before the welcome", other.to_json())))
            }
            None => return Err(ClientError::Socket("closed before the welcome".into())),
        };
        let want = self.last_seq.map_or(0, |s| s + 1);
        if next_seq > want {
            return Err(ClientError::Server(format!(
                "it resumes at event {next_seq}, but this client saw events up to {want}"
            )));
        }
        self.expected = next_seq;
        if self.lost_since.is_some() {
            self.queued.push_back(Update::Resumed { after: self.last_seq });
        }
        self.queued.push_back(Update::Message(welcome));
        self.client = Some(client);
        self.connections += 1;
        self.lost_since = None;
        self.failures = 0;
        self.heard_at = Instant::now();
        self.pinged = false;
        Ok(())
    }

    /// Notes a dropped connection and when to try again.
    fn lost(&mut self, why: String) -> Update {
        self.client = None;
        let now = Instant::now();
        self.lost_since.get_or_insert(now);
        let wait = self
            .patience
            .first_retry
            .saturating_mul(1 << self.failures.min(16))
            .min(self.patience.max_retry);
        self.failures += 1;
        self.retry_at = now + wait;
        Update::Lost { why, retry_in: wait }
    }

    /// The next update, or `None` once the match is over and the server closed.
    pub async fn next(&mut self) -> Result<Option<Update>, ClientError> {
        loop {
            if let Some(u) = self.queued.pop_front() {
                return Ok(Some(u));
            }
            let Some(client) = self.client.as_mut() else {
                if self.over {
                    return Ok(None);
                }
                tokio::time::sleep_until(self.retry_at).await;
                match self.reconnect().await {
                    Ok(()) => continue,
                    Err(ClientError::Refused { code, message }) if final_refusal(&code) => {
                        return Err(ClientError::Refused { code, message })
                    }
                    Err(e @ ClientError::Server(_)) => return Err(e),
                    Err(e) => {
                        let since = self.lost_since.unwrap_or_else(Instant::now);
                        if since.elapsed() >= self.patience.give_up_after {
                            return Err(ClientError::GaveUp {
                                after: since.elapsed(),
                                why: e.to_string(),
                            });
                        }
                        return Ok(Some(self.lost(format!("cannot reconnect: {e}"))));
                    }
                }
            };
            // An answer given while no connection was open, or asked for again.
            if let Some((decision, action, None)) = self.pending {
                if let Err(e) = client.act(decision, action).await {
                    return Ok(Some(self.lost(e.to_string())));
                }
                if let Some(p) = self.pending.as_mut() {
                    p.2 = Some(self.connections);
                }
                continue;
            }
            let quiet =
                if self.pinged { self.patience.dead_after } else { self.patience.ping_after };
            let message = tokio::select! {
                m = client.next() => m,
                _ = tokio::time::sleep_until(self.heard_at + quiet) => {
                    if self.pinged {
                        return Ok(Some(self.lost("the server went silent".into())));
                    }
                    self.pinged = true;
                    if let Err(e) = client.send(&ClientMessage::Ping {}).await {
                        return Ok(Some(self.lost(e.to_string())));
                    }
                    continue;
                }
            };
            let message = match message {
                Ok(Some(m)) => m,
                // After the end of the match, however the socket ends, it is the end.
                Ok(None) | Err(_) if self.over => {
                    self.client = None;
                    return Ok(None);
                }
                // A server that says what this client cannot read will say it again.
                Err(e @ ClientError::Server(_)) => return Err(e),
                Ok(None) => return Ok(Some(self.lost("the server closed the connection".into()))),
                Err(e) => return Ok(Some(self.lost(e.to_string()))),
            };
            self.heard_at = Instant::now();
            self.pinged = false;
            match &message {
                ServerMessage::Event { seq, event } => {
                    if *seq < self.expected {
                        continue; // seen already
                    }
                    if *seq > self.expected {
                        let why = format!("events {} to {} went missing", self.expected, seq - 1);
                        if self.gap_at.replace(self.expected) == Some(self.expected) {
                            return Err(ClientError::Server(format!("{why} again on resuming")));
                        }
                        self.retry_at = Instant::now();
                        self.client = None;
                        self.lost_since.get_or_insert(Instant::now());
                        return Ok(Some(Update::Lost { why, retry_in: Duration::ZERO }));
                    }
                    self.expected = seq + 1;
                    if self.last_seq.is_some_and(|l| *seq <= l) {
                        continue; // passed on before a drop (the server resumed early)
                    }
                    self.last_seq = Some(*seq);
                    self.gap_at = None;
                    if self.pending.is_some_and(|p| *seq >= p.0) {
                        self.pending = None;
                    }
                    if matches!(**event, Event::EndGame { .. }) {
                        self.over = true;
                    }
                }
                ServerMessage::Prompt { decision, .. } => {
                    if let Some(p) = self.pending.as_mut().filter(|p| p.0 == *decision) {
                        // Asked again on a new connection: the answer sent on an old one
                        // may not have arrived (or it is still on its way there, and the
                        // repeat will be refused as stale). One sent on this connection is
                        // being read.
                        if p.2 != Some(self.connections) {
                            if p.2.is_some() {
                                self.resent = Some(*decision);
                            }
                            p.2 = None;
                        }
                        continue;
                    }
                }
                ServerMessage::Accepted { decision } => {
                    if self.pending.is_some_and(|p| p.0 == *decision) {
                        self.pending = None;
                    }
                    if self.resent == Some(*decision) {
                        self.resent = None;
                    }
                }
                ServerMessage::Error { code, .. }
                    if matches!(code.as_str(), "stale" | "illegal" | "not_your_turn") =>
                {
                    if code == "stale" && self.resent.take().is_some() {
                        // The decision asked anew is not open any more: the first answer
                        // was taken after all (or the clock ran out, which the events
                        // say). The repeat's refusal is no news.
                        self.pending = None;
                        continue;
                    }
                    self.pending = None;
                }
                _ => {}
            }
            return Ok(Some(Update::Message(message)));
        }
    }

    /// Answers decision `decision` with `action` (one of its options, exactly as sent). The
    /// answer is kept until the server accepts or refuses it, and sent again on a new
    /// connection if the server asks again.
    pub async fn act(&mut self, decision: u64, action: Action) {
        self.pending = Some((decision, action, None));
        if let Some(client) = self.client.as_mut() {
            match client.act(decision, action).await {
                Ok(()) => {
                    if let Some(p) = self.pending.as_mut() {
                        p.2 = Some(self.connections);
                    }
                }
                Err(e) => {
                    let update = self.lost(e.to_string());
                    self.queued.push_back(update);
                }
            }
        }
    }

    /// Says the player is back (`back`): the AI that took over the seat stops. Without a
    /// connection nothing is sent: the reconnection itself takes the seat back.
    pub async fn back(&mut self) {
        if let Some(client) = self.client.as_mut() {
            if let Err(e) = client.send(&ClientMessage::Back {}).await {
                let update = self.lost(e.to_string());
                self.queued.push_back(update);
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        if let Some(client) = self.client.take() {
            client.close().await;
        }
    }
}
