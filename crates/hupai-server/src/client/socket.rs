//! One WebSocket connection to a table, and the reading of the server's frames.

use futures_util::{SinkExt, StreamExt};
use hupai_engine::Action;
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::error::ClientError;
use super::http::authority;
use crate::protocol::{ClientMessage, Closing, ServerMessage, CLOSE_CODE};

/// A WebSocket connection to a table.
#[derive(Debug)]
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    closing: Option<Closing>,
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
        Ok(Client { socket, closing: None })
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

    /// Why the server closed the connection, when it said ([`Client::next`] gave `None`).
    pub fn closing(&self) -> Option<Closing> {
        self.closing
    }

    /// The next message, or `None` when the server closed the connection.
    pub async fn next(&mut self) -> Result<Option<ServerMessage>, ClientError> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Close(Some(frame)))) => {
                    if u16::from(frame.code) == CLOSE_CODE {
                        self.closing = serde_json::from_str(frame.reason.as_str()).ok();
                    }
                    return Ok(None);
                }
                None | Some(Ok(Message::Close(None))) => return Ok(None),
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
