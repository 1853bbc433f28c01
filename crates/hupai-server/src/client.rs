//! A client of the server, for `hupai play --server`, the load generator and the tests: a
//! little HTTP over TCP for the API (plain `http://` only) and the WebSocket for play.
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

use futures_util::{SinkExt, StreamExt};
use hupai_engine::Action;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
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
    /// The server answered with something unreadable, or an HTTP error.
    Server(String),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Address(a) => write!(f, "'{a}': use http://HOST:PORT"),
            ClientError::Io(e) => write!(f, "{e}"),
            ClientError::Socket(e) => write!(f, "websocket: {e}"),
            ClientError::Server(e) => write!(f, "the server: {e}"),
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

/// `POST /api/tables`: the server's answer (`table`, `seats` with tokens).
pub async fn create_table(base: &str, request: &str) -> Result<Value, ClientError> {
    let (status, body) = http(base, "POST", "/api/tables", Some(request)).await?;
    let value: Value =
        serde_json::from_str(&body).map_err(|e| ClientError::Server(e.to_string()))?;
    if status != 201 {
        return Err(ClientError::Server(format!("{status}: {}", value["error"])));
    }
    Ok(value)
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
        let url = format!("ws://{}/ws", authority(base)?);
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| ClientError::Socket(e.to_string()))?;
        let mut client = Client { socket };
        let hello = ClientMessage::Hello {
            table: table.to_string(),
            token: token.map(String::from),
            spectate: token.is_none(),
            last_seq,
        };
        client.send(&hello).await?;
        Ok(client)
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
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(t.as_str())
                        .map(Some)
                        .map_err(|e| ClientError::Server(format!("{e}: {t}")));
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
