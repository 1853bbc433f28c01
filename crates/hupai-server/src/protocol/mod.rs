//! The wire: what a client and the server say to each other over the WebSocket, version
//! [`PROTOCOL`]. Every message is one JSON object with a `type`; `docs/protocol.md` is the
//! reference.
//!
//! ```
//! use hupai_server::protocol::{ClientMessage, decode};
//! let m = decode(r#"{"type":"hello","table":"t1","token":"abc","last_seq":12}"#).unwrap();
//! assert!(matches!(m, ClientMessage::Hello { last_seq: Some(12), .. }));
//! assert!(decode(r#"{"type":"act","decision":"x"}"#).is_err());
//! ```

use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use axum::extract::ws::Utf8Bytes;
use hupai_engine::{Action, Event, Pai};
use serde::{Deserialize, Serialize};

use crate::analysis::hints::Hint;

mod code;

pub use code::ErrorCode;

/// The protocol version the server speaks.
pub const PROTOCOL: u32 = 1;

/// The largest client frame the server reads, in bytes.
pub const MAX_FRAME: usize = 4096;

/// The close code of a connection the server closes after its welcome; the close frame's
/// reason is a [`Closing`] as JSON.
pub const CLOSE_CODE: u16 = 4000;

/// Why the server closed a connection after its welcome, and the last event it sent on it:
/// connecting again with that as `last_seq` resumes the stream without a gap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closing {
    /// Why (`slow_reader`, `idle`, `over`, `elsewhere`).
    pub code: ErrorCode,
    /// The last event sent (none: no event was).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_seq: Option<u64>,
}

impl Closing {
    /// The reason as the close frame carries it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: which table, as whom, and from which event on.
    Hello {
        /// The table.
        table: String,
        /// The seat token (none for a spectator).
        #[serde(default)]
        token: Option<String>,
        /// Watch instead of playing.
        #[serde(default)]
        spectate: bool,
        /// The last event seen (its sequence number): the server sends what follows.
        #[serde(default)]
        last_seq: Option<u64>,
    },
    /// An answer to a prompt: one of its options, exactly as sent.
    Act {
        /// The prompt's decision number.
        decision: u64,
        /// The chosen option.
        action: Action,
    },
    /// The player is back: the built-in AI that took over the seat (after timeouts) stops.
    Back {},
    /// Keeps an idle connection open; answered with `pong`. (A struct variant, so a ping
    /// with fields is refused like any other message with fields it does not have.)
    Ping {},
    /// Asks for help with the seat's own hand and open decision (the web client's help
    /// panel); answered with `hint`. A struct variant, like `ping`.
    Hint {},
}

/// Why a frame is not a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Longer than [`MAX_FRAME`].
    TooLong(usize),
    /// Not one of the messages (the JSON reader's reason).
    Malformed(String),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::TooLong(n) => write!(f, "a frame of {n} bytes: at most {MAX_FRAME}"),
            DecodeError::Malformed(why) => write!(f, "not a message: {why}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Reads one client frame.
pub fn decode(text: &str) -> Result<ClientMessage, DecodeError> {
    if text.len() > MAX_FRAME {
        return Err(DecodeError::TooLong(text.len()));
    }
    serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`.
    Welcome {
        /// The protocol version.
        protocol: u32,
        /// The table.
        table: String,
        /// The seat this connection plays, as `POST /api/tables` numbers it (none for a
        /// spectator).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<usize>,
        /// The same number as `seat`, under the name the other messages use for it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<usize>,
        /// The rule set's name.
        rules: String,
        /// Player names, one a seat (three at a three-player table).
        names: Vec<String>,
        /// The sequence number of the next event the connection will get.
        next_seq: u64,
    },
    /// One event of the connection's stream.
    Event {
        /// Its sequence number (its place in the game's record).
        seq: u64,
        /// The event, as this seat (or a spectator) is shown it.
        event: Box<Event>,
    },
    /// The connection's player must decide.
    Prompt {
        /// The decision number to answer with.
        decision: u64,
        /// The legal options; answer with one exactly as sent.
        options: Vec<Action>,
        /// Milliseconds left before the default action is taken.
        deadline_ms: u64,
        /// Of which the bank (it carries over between decisions).
        bank_ms: u64,
    },
    /// For a spectator, once a hand is over: its events that were hidden while it ran (the
    /// deal and the draws), in full.
    Reveal {
        /// The events with their sequence numbers.
        events: Vec<(u64, Event)>,
    },
    /// An answer was taken.
    Accepted {
        /// Its decision number.
        decision: u64,
    },
    /// A built-in AI plays the player (after timeouts or while it is away), or no longer.
    Takeover {
        /// The player.
        player: usize,
        /// Whether the AI plays it now.
        active: bool,
    },
    /// The answer to `ping`.
    Pong,
    /// The answer to `hint`: help computed from the seat's own view of the events it was sent.
    Hint {
        /// The open decision the suggestion is for (none: nothing to decide now).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        decision: Option<u64>,
        /// The help.
        hint: Box<Hint>,
    },
    /// After an exhaustive draw (event `seq`), the concealed tiles of the seats that were
    /// ready, which every player is shown (the seats not ready keep theirs hidden).
    ShowHands {
        /// The draw's sequence number.
        seq: u64,
        /// Each ready seat with its concealed tiles.
        hands: Vec<(usize, Vec<Pai>)>,
    },
    /// Something the server refused; nothing changed.
    Error {
        /// Why.
        code: ErrorCode,
        /// What is wrong, in words.
        message: String,
    },
}

/// A message on its way to the connections it is for: one event shown alike to several
/// connections is one frame, shared by all of them and written as JSON once, by whichever
/// connection sends it first.
#[derive(Debug)]
pub struct Frame {
    message: ServerMessage,
    json: OnceLock<Utf8Bytes>,
}

impl Frame {
    /// A frame of `message`.
    pub fn new(message: ServerMessage) -> Arc<Frame> {
        Arc::new(Frame { message, json: OnceLock::new() })
    }

    /// The message as its JSON text.
    pub fn json(&self) -> &str {
        self.text().as_str()
    }

    /// The message as its JSON text, in shared bytes: a clone is a reference, so every
    /// connection writes the same bytes instead of a copy of its own.
    pub fn text(&self) -> &Utf8Bytes {
        self.json.get_or_init(|| Utf8Bytes::from(self.message.to_json()))
    }
}

impl Deref for Frame {
    type Target = ServerMessage;

    fn deref(&self) -> &ServerMessage {
        &self.message
    }
}

impl ServerMessage {
    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error { code, message: message.into() }
    }

    /// The message as its JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Whether a connection is written at once when this is queued for it: a prompt, a reply
    /// to the client's own message, a takeover, the match's end. The others (events, hands
    /// shown, reveals) ask nothing of the client and may wait a moment to go out with the
    /// next frames ([`crate::transport::hold`]).
    pub fn is_urgent(&self) -> bool {
        match self {
            ServerMessage::Event { event, .. } => matches!(**event, Event::EndGame { .. }),
            ServerMessage::ShowHands { .. } | ServerMessage::Reveal { .. } => false,
            ServerMessage::Welcome { .. }
            | ServerMessage::Prompt { .. }
            | ServerMessage::Accepted { .. }
            | ServerMessage::Takeover { .. }
            | ServerMessage::Pong
            | ServerMessage::Hint { .. }
            | ServerMessage::Error { .. } => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_decode_or_say_why() {
        assert_eq!(decode(r#"{"type":"ping"}"#), Ok(ClientMessage::Ping {}));
        assert_eq!(decode(r#"{"type":"hint"}"#), Ok(ClientMessage::Hint {}));
        assert!(decode(r#"{"type":"hint","seat":2}"#).is_err());
        let act = decode(r#"{"type":"act","decision":7,"action":{"type":"pass"}}"#).unwrap();
        assert_eq!(act, ClientMessage::Act { decision: 7, action: Action::Pass });
        for bad in [
            "",
            "[]",
            r#"{"type":"hello"}"#,
            r#"{"type":"act","decision":-1,"action":{"type":"pass"}}"#,
            r#"{"type":"act","decision":1,"action":{"type":"fly"}}"#,
            r#"{"type":"ping","x":1}"#,
        ] {
            assert!(matches!(decode(bad), Err(DecodeError::Malformed(_))), "{bad}");
        }
        let long = format!(r#"{{"type":"hello","table":"{}"}}"#, "x".repeat(MAX_FRAME));
        assert!(matches!(decode(&long), Err(DecodeError::TooLong(_))));
    }
}
