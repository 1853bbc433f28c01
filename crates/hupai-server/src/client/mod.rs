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

mod error;
mod http;
mod link;
mod resuming;
mod socket;

pub use error::ClientError;
pub use http::{create_table, game_log, http, join_table, table_info};
pub use link::Link;
pub use resuming::{Patience, Resuming, Update};
pub use socket::{read_message, Client};
