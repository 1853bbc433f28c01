//! hupai-server: online play for people and bots. `hupai serve` runs it.
//!
//! Each table is one task that owns its match driver and is the only writer of its game; every
//! answer is stored as it is played, before anyone sees what it caused, so a table is rebuilt
//! from its seed and answers after a crash or on another node. People play over a WebSocket
//! (`docs/protocol.md`), external mjai bots over TCP; each is sent only what its seat may see.

#![deny(missing_docs)]

pub mod client;
pub mod hints;
pub mod http;
pub mod limits;
pub mod mjai_tcp;
pub mod names;
pub mod protocol;
pub mod review;
pub mod server;
pub mod spec;
pub mod store;
pub mod table;
pub mod token;
pub mod web;
pub mod ws;

pub use server::{Config, Server};
