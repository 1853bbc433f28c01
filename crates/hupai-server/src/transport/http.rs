//! The HTTP API: health, tables (create, join, list), finished games' logs. Every refusal is a
//! 4xx with `{"error": "..."}` saying what is wrong.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State as Shared};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::oneshot;
use tokio::time::Instant;

use super::reply::refuse;
use crate::actor::Command;
use crate::protocol::{ErrorCode, PROTOCOL};
use crate::spec::{NewTable, SeatKind};
use crate::state::State;

/// The game API's routes.
pub fn routes() -> Router<Arc<State>> {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/tables", post(create).get(list))
        .route("/api/tables/{id}", get(show))
        .route("/api/tables/{id}/join", post(join))
        .route("/api/models", get(models))
        .route("/api/games", get(recent))
        .route("/api/games/{id}/log", get(log))
        .layer(DefaultBodyLimit::max(64 * 1024))
}

async fn health(Shared(state): Shared<Arc<State>>) -> Response {
    let tables = state.tables.lock().map(|t| t.len()).unwrap_or(0);
    Json(json!({
        "ok": true,
        "protocol": PROTOCOL,
        "node": state.config.node,
        "tables": tables,
        "store": if state.store.is_postgres() { "postgres" } else { "sqlite" },
    }))
    .into_response()
}

fn join_url(state: &State, id: &str, player: usize, token: &str) -> String {
    format!("{}/t/{id}?seat={player}#token={token}", state.public_url())
}

async fn create(
    Shared(state): Shared<Arc<State>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: String,
) -> Response {
    let limits = state.config.limits;
    if !state.addresses.create(peer.ip(), limits.tables_per_minute, Instant::now()) {
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "too many tables from this address: wait a minute",
        );
    }
    let new: NewTable = match serde_json::from_str(&body) {
        Ok(n) => n,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, format!("not a table: {e}")),
    };
    let checked = match new.check() {
        Ok(c) => c,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e.to_string()),
    };
    if let Err(e) = state.models.admit_all(&checked.seats) {
        return refuse(StatusCode::BAD_REQUEST, e.to_string());
    }
    if checked.seed.is_some() && !state.config.allow_seed {
        return refuse(StatusCode::BAD_REQUEST, "seed: this server draws its own seeds");
    }
    let (id, tokens) = match state.create(&checked).await {
        Ok(x) => x,
        Err(e) => return refuse(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    let seats: Vec<Value> = checked
        .seats
        .iter()
        .enumerate()
        .map(|(p, kind)| {
            let mut seat = json!({ "seat": p, "kind": kind.text() });
            if let Some((_, t)) = tokens.iter().find(|(q, _)| *q == p) {
                match kind {
                    SeatKind::Mjai => seat["ticket"] = json!(t.text()),
                    _ => {
                        seat["token"] = json!(t.text());
                        seat["join_url"] = json!(join_url(&state, &id, p, t.text()));
                    }
                }
            }
            seat
        })
        .collect();
    let mut out = json!({ "table": id, "seats": seats, "watch_url": format!("{}/t/{id}?watch", state.public_url()) });
    if let Some(server) = &state.config.mjai_addr {
        out["mjai"] = json!(server.to_string());
    }
    (StatusCode::CREATED, Json(out)).into_response()
}

/// The model bots this server seats, with the presets each is offered for.
async fn models(Shared(state): Shared<Arc<State>>) -> Response {
    Json(json!({ "models": state.models.served() })).into_response()
}

async fn join(Shared(state): Shared<Arc<State>>, Path(id): Path<String>) -> Response {
    let Some(table) = state.table(&id) else {
        return refuse(StatusCode::NOT_FOUND, format!("no table '{id}' is being played here"));
    };
    let (reply, answer) = oneshot::channel();
    if table.commands.send(Command::Join { reply }).await.is_err() {
        return refuse(StatusCode::GONE, "the table has closed");
    }
    match answer.await {
        Ok(Ok((p, token))) => Json(json!({
            "table": id,
            "seat": p,
            "token": token.text(),
            "join_url": join_url(&state, &id, p, token.text()),
        }))
        .into_response(),
        Ok(Err(r)) if r.code == ErrorCode::Full => refuse(StatusCode::CONFLICT, r.message),
        Ok(Err(r)) => refuse(StatusCode::SERVICE_UNAVAILABLE, r.message),
        Err(_) => refuse(StatusCode::GONE, "the table has closed"),
    }
}

async fn list(Shared(state): Shared<Arc<State>>) -> Response {
    let tables: Vec<Value> = state
        .tables
        .lock()
        .map(|t| {
            t.values()
                .filter_map(|h| h.info.lock().ok().map(|i| i.clone()))
                .filter(|i| !i.private && !i.over)
                .map(|i| json!(i))
                .collect()
        })
        .unwrap_or_default();
    Json(json!({ "tables": tables })).into_response()
}

async fn show(Shared(state): Shared<Arc<State>>, Path(id): Path<String>) -> Response {
    match state.table(&id).and_then(|h| h.info.lock().ok().map(|i| i.clone())) {
        Some(i) => Json(json!(i)).into_response(),
        None => match state.store.table_state(&id).await {
            Ok(Some(true)) => Json(json!({ "id": id, "over": true })).into_response(),
            Ok(Some(false)) => {
                refuse(StatusCode::MISDIRECTED_REQUEST, "another node plays this table")
            }
            Ok(None) => refuse(StatusCode::NOT_FOUND, format!("no table '{id}'")),
            Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
        },
    }
}

async fn recent(Shared(state): Shared<Arc<State>>) -> Response {
    match state.store.recent(50).await {
        Ok(games) => Json(json!({ "games": games })).into_response(),
        Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    }
}

async fn log(Shared(state): Shared<Arc<State>>, Path(id): Path<String>, _h: HeaderMap) -> Response {
    match state.store.log(&id).await {
        Ok(Some(log)) => ([(header::CONTENT_TYPE, "application/x-ndjson")], log).into_response(),
        Ok(None) => match state.store.table_state(&id).await {
            Ok(Some(true)) => refuse(StatusCode::GONE, "the table closed before its match began"),
            Ok(Some(false)) => refuse(
                StatusCode::CONFLICT,
                "the game is still being played: its log is served once it is over",
            ),
            Ok(None) => refuse(StatusCode::NOT_FOUND, format!("no game '{id}'")),
            Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
        },
        Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    }
}
