//! Why a client call failed.

use std::time::Duration;

use crate::protocol::ErrorCode;

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
        /// Its code.
        code: ErrorCode,
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
