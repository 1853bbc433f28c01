//! hupai-server: online play for people and bots. `hupai serve` runs it.
//!
//! Each table is one task that owns its match driver and is the only writer of its game; every
//! answer is stored as it is played, before anyone sees what it caused, so a table is rebuilt
//! from its seed and answers after a crash or on another node. People play over a WebSocket
//! (`docs/protocol.md`), external mjai bots over TCP; each is sent only what its seat may see.
//!
//! The modules by concern, each depending only on those above it:
//! - the vocabulary: [`spec`] (what a table is made of), [`token`], [`limits`], [`names`],
//!   [`models`] (which model files a table may seat);
//! - [`analysis`]: hints, reviews and the hands shown after a draw, from a seat's view alone;
//! - [`protocol`]: the wire's messages and [`protocol::ErrorCode`];
//! - the state: [`table`] (one game, its seats, clocks and connections), [`store`] (the
//!   records), [`actor`] (a table's task), [`state`] (the tables a node runs, their leases);
//! - [`transport`]: HTTP, the WebSocket, the web client and mjai over TCP; [`server`] starts it
//!   all;
//! - [`client`]: the Rust client of the protocol (`hupai play --server`, the load generator).

#![deny(missing_docs)]

pub mod actor;
pub mod analysis;
pub mod client;
pub mod config;
pub mod limits;
pub mod models;
pub mod names;
pub mod protocol;
pub mod server;
pub mod spec;
pub mod state;
pub mod store;
pub mod table;
pub mod token;
pub mod transport;

pub use config::Config;
pub use server::Server;
