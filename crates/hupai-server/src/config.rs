//! How a server runs: where it listens, its store, its node name, who may connect, its limits.

use std::net::SocketAddr;
use std::path::PathBuf;

use tokio::time::Duration;

use crate::limits::Limits;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where it listens for HTTP and WebSocket.
    pub addr: SocketAddr,
    /// Where it listens for external mjai bots (none: no mjai listener).
    pub mjai_addr: Option<SocketAddr>,
    /// The store: a SQLite file path or a `postgres://` URL.
    pub db: String,
    /// This node's name (in leases). A node restarted under the same name takes its own
    /// tables back at once; nodes sharing one database need names of their own.
    pub node: String,
    /// The address clients are given in links (default: `http://ADDR`).
    pub public_url: Option<String>,
    /// Web origins allowed to open a WebSocket besides the server's own (`*`: any).
    pub origins: Vec<String>,
    /// How long a node's ownership of a table lasts without renewal.
    pub lease: Duration,
    /// The limits.
    pub limits: Limits,
    /// How long a busy WebSocket connection's frames that ask nothing of it (others' events)
    /// may wait to go out with its next frames (zero: each table step's frames are written at
    /// once); see [`crate::transport::hold`].
    pub hold: Duration,
    /// How long a table waits for its players to sit down before it is closed.
    pub start_within: Duration,
    /// Whether a client may choose a table's seed (tests and reproducible demos only: a seed
    /// known in advance fixes every wall).
    pub allow_seed: bool,
    /// The directory model bots' files (`bot:model:FILE`) must lie in; none: model bots are
    /// refused, so that nobody at a table makes the server read a file of their choosing
    /// ([`crate::models`]).
    pub models: Option<PathBuf>,
}

impl Config {
    /// A configuration for `addr` with the store at `db` and the defaults.
    pub fn new(addr: SocketAddr, db: &str) -> Config {
        Config {
            addr,
            mjai_addr: None,
            db: db.to_string(),
            node: default_node(addr),
            public_url: None,
            origins: Vec::new(),
            lease: Duration::from_secs(15),
            limits: Limits::default(),
            hold: Duration::from_millis(10),
            allow_seed: false,
            models: None,
            start_within: Duration::from_secs(30 * 60),
        }
    }
}

/// A node's default name: the machine's host name and the port it listens on.
fn default_node(addr: SocketAddr) -> String {
    let host = std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".into());
    format!("{host}:{}", addr.port())
}
