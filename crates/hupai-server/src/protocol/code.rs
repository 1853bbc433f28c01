//! The error codes of the wire: every refusal the server sends (`{"type":"error","code":...}`)
//! names one, and the Rust client reads the same enum, so neither side matches strings.
//! Each is serialised as its snake-case name, the strings of protocol version 1; `docs/protocol.md`
//! says when each is sent.
//!
//! ```
//! use hupai_server::protocol::ErrorCode;
//! assert_eq!(serde_json::to_string(&ErrorCode::NotYourTurn).unwrap(), "\"not_your_turn\"");
//! assert_eq!(serde_json::from_str::<ErrorCode>("\"stale\"").unwrap(), ErrorCode::Stale);
//! // A code a later version adds is read, not refused.
//! assert_eq!(serde_json::from_str::<ErrorCode>("\"solar_flare\"").unwrap(), ErrorCode::Unknown);
//! assert!(ErrorCode::Stale.refuses_answer() && ErrorCode::BadToken.is_final());
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

/// Why the server refused something or closed a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not a message, a field it does not have, or a second `hello`.
    BadMessage,
    /// A frame over the size limit (but not so far over that the socket is closed).
    TooLong,
    /// The first message was not `hello`, or none came in time.
    NoHello,
    /// No such table.
    UnknownTable,
    /// Another node plays the table now.
    Elsewhere,
    /// The table's match is over and it is no longer served live (its log is).
    Over,
    /// No seat has that token (or ticket).
    BadToken,
    /// The decision answered is not the open one.
    Stale,
    /// The action is not one of the options.
    Illegal,
    /// Nothing to decide now, or a spectator answered or asked for help.
    NotYourTurn,
    /// Too many connections from one address.
    RateLimited,
    /// Nothing either way for too long: the connection is closed.
    Idle,
    /// The connection's reader fell too far behind live play: it is closed, and resumes
    /// from the last event it was sent.
    SlowReader,
    /// No open seat left to join.
    Full,
    /// The server failed (its store, or its own bookkeeping).
    Internal,
    /// A code this client does not know (a later version's); the server never sends it.
    #[serde(other)]
    Unknown,
}

impl ErrorCode {
    /// Every code the server sends.
    pub const ALL: [ErrorCode; 15] = [
        ErrorCode::BadMessage,
        ErrorCode::TooLong,
        ErrorCode::NoHello,
        ErrorCode::UnknownTable,
        ErrorCode::Elsewhere,
        ErrorCode::Over,
        ErrorCode::BadToken,
        ErrorCode::Stale,
        ErrorCode::Illegal,
        ErrorCode::NotYourTurn,
        ErrorCode::RateLimited,
        ErrorCode::Idle,
        ErrorCode::SlowReader,
        ErrorCode::Full,
        ErrorCode::Internal,
    ];

    /// The code as the wire writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::TooLong => "too_long",
            ErrorCode::NoHello => "no_hello",
            ErrorCode::UnknownTable => "unknown_table",
            ErrorCode::Elsewhere => "elsewhere",
            ErrorCode::Over => "over",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::Stale => "stale",
            ErrorCode::Illegal => "illegal",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Idle => "idle",
            ErrorCode::SlowReader => "slow_reader",
            ErrorCode::Full => "full",
            ErrorCode::Internal => "internal",
            ErrorCode::Unknown => "unknown",
        }
    }

    /// Whether it refuses an answer (`act`): the answer was not taken, and the decision, if it
    /// is still open, waits for another.
    pub fn refuses_answer(self) -> bool {
        matches!(self, ErrorCode::Stale | ErrorCode::Illegal | ErrorCode::NotYourTurn)
    }

    /// Whether it refuses a connection for good: connecting again cannot help. (`elsewhere`
    /// can: another node plays the table until its lease runs out, then one of them, maybe
    /// this one, takes it back.)
    pub fn is_final(self) -> bool {
        matches!(
            self,
            ErrorCode::BadToken
                | ErrorCode::UnknownTable
                | ErrorCode::Over
                | ErrorCode::BadMessage
                | ErrorCode::NoHello
        )
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_written_as_its_name_and_read_back() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(serde_json::from_str::<ErrorCode>(&json).unwrap(), code);
        }
    }

    #[test]
    fn every_code_is_documented() {
        let doc =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md"))
                .unwrap();
        for code in ErrorCode::ALL {
            assert!(
                doc.contains(&format!("| `{code}` |")),
                "docs/protocol.md: no row for `{code}`"
            );
        }
    }
}
