//! One WebSocket connection: the hello (within a deadline, token checked, failures counted
//! per address), then the table's messages out and the client's answers in, each frame
//! checked for size, rate and shape. A client that reads too slowly is cut off by its table
//! without slowing it; one that says nothing for too long is closed.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::extract::{ConnectInfo, State as Shared, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt;
use tokio::sync::oneshot;
use tokio::time::{timeout, Duration, Instant};

use super::hold::Hold;
use super::reply::refuse;
use crate::actor::{Command, Inbox};
use crate::limits::Bucket;
use crate::protocol::{
    decode, ClientMessage, Closing, DecodeError, ErrorCode, Frame, ServerMessage, CLOSE_CODE,
    MAX_FRAME,
};
use crate::state::State;
use crate::table::{How, Who};

/// Whether a browser page from `origin` may open the socket.
fn origin_allowed(state: &State, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true; // not a browser: bots and test clients send none
    };
    let own = state.public_url();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    let same_host = origin.split("://").nth(1) == Some(host);
    same_host || origin == own || state.config.origins.iter().any(|o| o == "*" || o == origin)
}

/// `GET /ws`.
pub async fn upgrade(
    ws: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Shared(state): Shared<Arc<State>>,
) -> Response {
    if !origin_allowed(&state, &headers) {
        return refuse(StatusCode::FORBIDDEN, "this origin may not open a socket here");
    }
    if state.addresses.banned(
        peer.ip(),
        state.config.limits.failed_tokens_per_minute,
        Instant::now(),
    ) {
        return refuse(StatusCode::TOO_MANY_REQUESTS, "too many bad tokens from this address");
    }
    // Frames a little over the limit are read and refused with `too_long`; far over it, the
    // socket closes.
    ws.max_message_size(4 * MAX_FRAME)
        .max_frame_size(4 * MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| connection(socket, peer, state))
        .into_response()
}

/// Bytes read from a client's socket at once. Tungstenite clears this much of its buffer
/// before every read of the socket, the reads that find nothing included; the 128 KiB default
/// made that most of the server's work and of a table's memory, and even 8 KiB cost more than
/// the frames: a client's answers are a hundred bytes or so. A longer frame is read in more
/// reads.
const READ_BUFFER: usize = 2 * 1024;

/// The most messages taken from the table's queue at once.
const BATCH: usize = 64;

async fn send(socket: &mut WebSocket, state: &State, msg: &ServerMessage) -> bool {
    let text = msg.to_json();
    matches!(
        timeout(state.config.limits.send_within, socket.send(Message::Text(text.into()))).await,
        Ok(Ok(()))
    )
}

/// Sends what the table queued in one write: each message is framed into the socket's buffer
/// and one flush writes them all (a frame a write was most of the server's time with instant
/// players), then `own` (a frame of the connection's own: a pong, a refusal), after them.
/// Notes the last event sent.
async fn send_all(
    socket: &mut WebSocket,
    state: &State,
    batch: &mut Vec<Arc<Frame>>,
    last_seq: &mut Option<u64>,
    own: Option<&ServerMessage>,
) -> bool {
    let write = async {
        for frame in batch.drain(..) {
            if let ServerMessage::Event { seq, .. } = &**frame {
                *last_seq = Some(*seq);
            }
            socket.feed(Message::Text(frame.text().clone())).await?;
        }
        if let Some(msg) = own {
            socket.feed(Message::Text(msg.to_json().into())).await?;
        }
        socket.flush().await
    };
    matches!(timeout(state.config.limits.send_within, write).await, Ok(Ok(())))
}

/// Writes what the connection holds, `own` after it ([`send_all`]), and tells the table it is
/// written, so it sends more; false when the socket failed.
async fn write_out(
    socket: &mut WebSocket,
    state: &State,
    out: &mut Outgoing,
    inbox: &mut Inbox,
    own: Option<&ServerMessage>,
) -> bool {
    out.hold.written();
    if !send_all(socket, state, &mut out.batch, &mut out.last_seq, own).await {
        return false;
    }
    inbox.sent().await;
    true
}

/// A connection's frames on their way out: those queued and not written yet, when they go
/// ([`Hold`]), and the last event written (a close frame names it, to resume after).
struct Outgoing {
    batch: Vec<Arc<Frame>>,
    hold: Hold,
    last_seq: Option<u64>,
}

async fn connection(mut socket: WebSocket, peer: SocketAddr, state: Arc<State>) {
    let limits = state.config.limits;
    let Some(_slot) = state.addresses.open(peer.ip(), limits.connections_per_address) else {
        let _ = send(
            &mut socket,
            &state,
            &ServerMessage::error(ErrorCode::RateLimited, "too many connections from this address"),
        )
        .await;
        return;
    };
    // The hello.
    let first = match timeout(limits.hello_within, socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) => t,
        Ok(_) => return,
        Err(_) => {
            let _ = send(
                &mut socket,
                &state,
                &ServerMessage::error(ErrorCode::NoHello, "no hello in time"),
            )
            .await;
            return;
        }
    };
    let (table_id, token, spectate, last_seq) = match decode(first.as_str()) {
        Ok(ClientMessage::Hello { table, token, spectate, last_seq }) => {
            (table, token, spectate, last_seq)
        }
        Ok(_) => {
            let _ = send(
                &mut socket,
                &state,
                &ServerMessage::error(ErrorCode::NoHello, "say hello first"),
            )
            .await;
            return;
        }
        Err(e) => {
            let _ = send(&mut socket, &state, &bad(e)).await;
            return;
        }
    };
    let Some(table) = state.table(&table_id) else {
        let msg = match state.store.table_state(&table_id).await {
            Ok(Some(true)) => ServerMessage::error(
                ErrorCode::Over,
                format!("the game is over: GET /api/games/{table_id}/log"),
            ),
            Ok(Some(false)) => {
                ServerMessage::error(ErrorCode::Elsewhere, "another node plays this table")
            }
            _ => ServerMessage::error(ErrorCode::UnknownTable, format!("no table '{table_id}'")),
        };
        let _ = send(&mut socket, &state, &msg).await;
        return;
    };
    let who = match (spectate, token) {
        (true, _) => Who::Spectator,
        (false, None) => {
            let _ = send(
                &mut socket,
                &state,
                &ServerMessage::error(ErrorCode::BadToken, "a token, or spectate: true"),
            )
            .await;
            return;
        }
        (false, Some(token)) => {
            let (reply, answer) = oneshot::channel();
            let asked = Command::Authenticate { token, external: false, reply };
            let player = match table.commands.send(asked).await {
                Ok(()) => answer.await.ok().flatten(),
                Err(_) => None,
            };
            match player {
                Some(p) => Who::Player(p),
                None => {
                    state.addresses.failed(peer.ip(), Instant::now());
                    let _ = send(
                        &mut socket,
                        &state,
                        &ServerMessage::error(
                            ErrorCode::BadToken,
                            "this token sits at no seat of the table",
                        ),
                    )
                    .await;
                    return;
                }
            }
        }
    };
    let conn = state.conn_id();
    let Some(mut inbox) = Inbox::connect(&table.commands, conn, who, last_seq, &limits).await
    else {
        return;
    };
    let mut bucket = Bucket::new(limits.messages_per_second, limits.message_burst, Instant::now());
    // Closed when nothing has gone either way for the idle time.
    let quiet = tokio::time::sleep(limits.idle);
    tokio::pin!(quiet);
    // What the table queued and is not written yet: frames that ask nothing of a busy
    // connection wait for its next urgent frame or their deadline (`hold`).
    let mut out =
        Outgoing { batch: Vec::new(), hold: Hold::new(state.config.hold), last_seq: None };
    let held = tokio::time::sleep(Duration::ZERO);
    tokio::pin!(held);
    loop {
        tokio::select! {
            n = inbox.recv_many(&mut out.batch, BATCH) => {
                if n == 0 {
                    // The table closed the connection: what is held, then why, and where to
                    // resume.
                    if send_all(&mut socket, &state, &mut out.batch, &mut out.last_seq, None).await {
                        let why = inbox.closed_because().unwrap_or(ErrorCode::Over);
                        close(&mut socket, &state, why, out.last_seq).await;
                    }
                    break;
                }
                let now = Instant::now();
                quiet.as_mut().reset(now + limits.idle);
                let fresh = &out.batch[out.batch.len() - n..];
                let urgent = fresh.iter().any(|f| f.is_urgent());
                if !out.hold.came(now, urgent, out.batch.len()) {
                    if let Some(at) = out.hold.deadline() {
                        if at != held.deadline() {
                            held.as_mut().reset(at);
                        }
                    }
                    continue;
                }
                if !write_out(&mut socket, &state, &mut out, &mut inbox, None).await {
                    break;
                }
            },
            () = &mut held, if out.hold.deadline().is_some() => {
                if !write_out(&mut socket, &state, &mut out, &mut inbox, None).await {
                    break;
                }
            },
            _ = &mut quiet => {
                let idle = ServerMessage::error(ErrorCode::Idle, "closed after nothing for too long");
                if send_all(&mut socket, &state, &mut out.batch, &mut out.last_seq, Some(&idle)).await {
                    close(&mut socket, &state, ErrorCode::Idle, out.last_seq).await;
                }
                break;
            }
            incoming = socket.recv() => {
                quiet.as_mut().reset(Instant::now() + limits.idle);
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => {
                        let refused = ServerMessage::error(ErrorCode::BadMessage, "messages are JSON text");
                        if !write_out(&mut socket, &state, &mut out, &mut inbox, Some(&refused)).await {
                            break;
                        }
                        continue;
                    }
                    _ => break,
                };
                // Over the rate, the server reads this client more slowly: nothing is lost, and
                // a flood costs only its sender.
                while !bucket.take(Instant::now()) {
                    tokio::time::sleep(bucket.wait()).await;
                }
                // A frame of the connection's own goes out after what is held, in one write.
                let own = match decode(text.as_str()) {
                    Ok(ClientMessage::Act { decision, action }) => {
                        if table.commands.send(Command::Act { conn, decision, action, how: How::Player }).await.is_err() {
                            break;
                        }
                        None
                    }
                    Ok(ClientMessage::Back {}) => {
                        if table.commands.send(Command::Back(conn)).await.is_err() {
                            break;
                        }
                        None
                    }
                    Ok(ClientMessage::Hint {}) => {
                        if table.commands.send(Command::Hint(conn)).await.is_err() {
                            break;
                        }
                        None
                    }
                    Ok(ClientMessage::Ping {}) => Some(ServerMessage::Pong),
                    Ok(ClientMessage::Hello { .. }) => {
                        Some(ServerMessage::error(ErrorCode::BadMessage, "hello once per connection"))
                    }
                    Err(e) => Some(bad(e)),
                };
                if let Some(own) = own {
                    if !write_out(&mut socket, &state, &mut out, &mut inbox, Some(&own)).await {
                        break;
                    }
                }
            }
        }
    }
    let _ = table.commands.send(Command::Disconnect(conn)).await;
}

/// Closes the socket with a frame that says why and which event was sent last.
async fn close(socket: &mut WebSocket, state: &State, why: ErrorCode, last_seq: Option<u64>) {
    let reason = Closing { code: why, last_seq }.to_json();
    let frame = CloseFrame { code: CLOSE_CODE, reason: reason.into() };
    let _ =
        timeout(state.config.limits.send_within, socket.send(Message::Close(Some(frame)))).await;
}

fn bad(e: DecodeError) -> ServerMessage {
    match e {
        DecodeError::TooLong(_) => ServerMessage::error(ErrorCode::TooLong, e.to_string()),
        DecodeError::Malformed(_) => ServerMessage::error(ErrorCode::BadMessage, e.to_string()),
    }
}
