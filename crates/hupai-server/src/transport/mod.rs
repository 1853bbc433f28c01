//! How clients reach the tables: the HTTP API, the WebSocket, the web client's pages and
//! assets, and external mjai bots over TCP. Each transport checks what it reads, speaks to a
//! table only through its task's commands, and writes what the table sends it.

use std::sync::Arc;

use axum::routing::get;
use axum::Router;

use crate::state::State;

pub mod hold;
pub mod http;
pub mod mjai_tcp;
pub mod reply;
pub mod web;
pub mod ws;

/// Every HTTP route: the API, the WebSocket endpoint and the web client.
pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .merge(http::routes())
        .route("/ws", get(ws::upgrade))
        .merge(web::router())
        .with_state(state)
}
