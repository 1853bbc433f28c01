//! External mjai bots over TCP, the classic handshake: the server says
//! `{"type":"hello","protocol":"mjsonp","protocol_version":3}`, the bot answers
//! `{"type":"join","name":NAME,"room":TICKET}` with the seat's one-time ticket as the room.
//! Then the bot gets its player's stream, one event per line, and answers every line (classic
//! mjai); the answer to the event before a decision is the decision. What to send and what a
//! reply chooses is the [`MjaiSession`]'s, the same session the `mjai:COMMAND` seats run over
//! a pipe: the reach echo, riichi in two steps, the view that follows the player across MCR's
//! re-seating, and the default action (a strike) for a reply that is late or not legal. This
//! module only reads and writes the lines.

use std::sync::Arc;

use hupai_ai::mjai_session::{self, MjaiSession, Replies, Step};
use hupai_engine::Action;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::time::{timeout, Duration, Instant};

use crate::actor::{Command, Inbox};
use crate::protocol::ServerMessage;
use crate::state::State;
use crate::table::{How, Who};

/// How long a bot may take to answer one line.
const REPLY_WITHIN: Duration = Duration::from_secs(10);

/// Accepts bots until the server stops.
pub async fn listen(state: Arc<State>, listener: TcpListener) {
    loop {
        let Ok((stream, peer)) = listener.accept().await else { continue };
        let state = Arc::clone(&state);
        tokio::spawn(async move {
            let Some(_slot) =
                state.addresses.open(peer.ip(), state.config.limits.connections_per_address)
            else {
                return;
            };
            if let Err(e) = serve_bot(&state, stream, peer.ip()).await {
                eprintln!("hupai serve: mjai bot from {peer}: {e}");
            }
        });
    }
}

/// The longest line a bot may send.
const MAX_LINE: u64 = 64 * 1024;

/// Reads one line, at most [`MAX_LINE`] bytes, within `within`: `None` when it is late.
async fn read_line(
    reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
    within: Duration,
) -> std::io::Result<Option<String>> {
    let mut line = Vec::new();
    let mut limited = (&mut *reader).take(MAX_LINE + 1);
    match timeout(within, limited.read_until(b'\n', &mut line)).await {
        Err(_) => Ok(None),
        Ok(Ok(0)) => Err(std::io::ErrorKind::UnexpectedEof.into()),
        Ok(Ok(n)) if n as u64 > MAX_LINE => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("a line over {MAX_LINE} bytes"),
        )),
        Ok(Ok(_)) => match String::from_utf8(line) {
            Ok(text) => Ok(Some(text.trim().to_string())),
            Err(_) => Ok(Some(String::new())),
        },
        Ok(Err(e)) => Err(e),
    }
}

async fn serve_bot(
    state: &Arc<State>,
    stream: TcpStream,
    ip: std::net::IpAddr,
) -> std::io::Result<()> {
    // Each line is one write, sent at once: without this a line waits for the bot's delayed
    // ACK of the one before (Nagle's algorithm), about 40 ms a line.
    stream.set_nodelay(true)?;
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    write
        .write_all(b"{\"type\":\"hello\",\"protocol\":\"mjsonp\",\"protocol_version\":3}\n")
        .await?;
    let Some(join) = read_line(&mut reader, state.config.limits.hello_within).await? else {
        return Ok(());
    };
    #[derive(serde::Deserialize)]
    struct Join {
        #[serde(rename = "type")]
        kind: String,
        room: String,
    }
    let ticket = match serde_json::from_str::<Join>(&join) {
        Ok(j) if j.kind == "join" => j.room,
        _ => {
            write.write_all(b"{\"type\":\"error\",\"message\":\"join with the seat's ticket as the room\"}\n").await?;
            return Ok(());
        }
    };
    if state.addresses.banned(ip, state.config.limits.failed_tokens_per_minute, Instant::now()) {
        write
            .write_all(
                b"{\"type\":\"error\",\"message\":\"too many bad tickets from this address\"}\n",
            )
            .await?;
        return Ok(());
    }
    let hash = crate::token::hash(&ticket);
    let table_id = state.tickets.lock().ok().and_then(|t| t.get(&hash).cloned());
    let table = table_id.as_deref().and_then(|id| state.table(id));
    let player = match &table {
        Some(t) => {
            let (reply, answer) = oneshot::channel();
            let asked = Command::Authenticate { token: ticket, external: true, reply };
            match t.commands.send(asked).await {
                Ok(()) => answer.await.ok().flatten(),
                Err(_) => None,
            }
        }
        None => None,
    };
    let (Some(table), Some(player)) = (table, player) else {
        state.addresses.failed(ip, Instant::now());
        write.write_all(b"{\"type\":\"error\",\"message\":\"no seat has this ticket\"}\n").await?;
        return Ok(());
    };
    let conn = state.conn_id();
    let limits = &state.config.limits;
    // A bot that joins again is shown the player's stream from the start, as fast as it reads.
    let who = Who::Player(player);
    let Some(mut inbox) = Inbox::connect(&table.commands, conn, who, None, limits).await else {
        return Ok(());
    };
    let mut session = MjaiSession::new(player, Arc::clone(&table.rules), Replies::EveryEvent);
    let result = async {
        let mut batch = Vec::new();
        while inbox.recv_many(&mut batch, 64).await > 0 {
            for frame in batch.drain(..) {
                match &**frame {
                    ServerMessage::Event { event, .. } => {
                        let line = session.show(event).map_err(|e| {
                            std::io::Error::other(format!("the player's stream: {e}"))
                        })?;
                        if let Some(line) = line {
                            write_line(&mut write, &line).await?;
                            match read_line(&mut reader, REPLY_WITHIN).await? {
                                Some(reply) => session.replied(reply),
                                None => session.late(),
                            }
                        }
                    }
                    ServerMessage::Prompt { decision, options, .. } => {
                        let (action, how) =
                            decide(&mut session, options, &mut reader, &mut write).await?;
                        let act = Command::Act { conn, decision: *decision, action, how };
                        if table.commands.send(act).await.is_err() {
                            return Ok(());
                        }
                    }
                    _ => {}
                }
            }
            inbox.sent().await;
        }
        if let Some(why) = inbox.closed_because() {
            let line = serde_json::json!({"type": "error", "code": why, "message": "closed"});
            write_line(&mut write, &line.to_string()).await?;
        }
        Ok::<(), std::io::Error>(())
    }
    .await;
    let _ = table.commands.send(Command::Disconnect(conn)).await;
    result
}

/// Writes one line, with its newline, in one write.
async fn write_line(
    write: &mut tokio::net::tcp::OwnedWriteHalf,
    line: &str,
) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    write.write_all(&bytes).await
}

/// The seat's answer to a prompt, from the bot's reply to the event before it (each line was
/// answered as it was sent), and whether the bot gave it (or a strike: the default for a reply
/// that is late or not legal). A riichi is shown to the bot and its discard read here.
async fn decide(
    session: &mut MjaiSession,
    options: &[Action],
    reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
    write: &mut tokio::net::tcp::OwnedWriteHalf,
) -> std::io::Result<(Action, How)> {
    let (action, how) = match session.answer(options) {
        Step::Answer(action, how) => (action, how),
        Step::ShowReach(line) => {
            write_line(write, &line).await?;
            let reply = read_line(reader, REPLY_WITHIN).await?;
            session.riichi_discard(reply, options)
        }
    };
    let how = match how {
        mjai_session::How::Bot => How::Player,
        mjai_session::How::Illegal => How::Illegal,
        mjai_session::How::Timeout => How::Timeout,
    };
    Ok((action, how))
}
