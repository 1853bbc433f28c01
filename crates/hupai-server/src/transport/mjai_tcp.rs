//! External mjai bots over TCP, the classic handshake: the server says
//! `{"type":"hello","protocol":"mjsonp","protocol_version":3}`, the bot answers
//! `{"type":"join","name":NAME,"room":TICKET}` with the seat's one-time ticket as the room.
//! Then the bot gets its player's stream, one event per line, and answers every line (classic
//! mjai); the answer to the event before a decision is the decision. The lines the table has
//! queued up to the next decision go out in one write, and their replies are read after it,
//! in order. What to send and what a reply chooses is the [`MjaiSession`]'s, the same session
//! the `mjai:COMMAND` seats run over a pipe: the reach echo, riichi in two steps, the view that
//! follows the player across MCR's re-seating, and the default action (a strike) for a reply
//! that is late or not legal. This module only reads and writes the lines.

use std::sync::Arc;

use hupai_ai::mjai_session::{self, MjaiSession, Replies, Step};
use hupai_engine::Action;
use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader,
};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::time::{timeout, Duration, Instant};

use crate::actor::{Command, Inbox};
use crate::protocol::{Frame, ServerMessage};
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
async fn read_line<R: AsyncBufRead + Unpin>(
    reader: &mut R,
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
    // Each write is sent at once: without this a write waits for the bot's delayed ACK of the
    // one before (Nagle's algorithm), about 40 ms a line.
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
        let mut out = Vec::new();
        while inbox.recv_many(&mut batch, 64).await > 0 {
            let mut rest = &batch[..];
            while !rest.is_empty() {
                let (taken, answer) =
                    relay(&mut session, rest, &mut reader, &mut write, &mut out).await?;
                rest = &rest[taken..];
                if let Some((decision, action, how)) = answer {
                    let act = Command::Act { conn, decision, action, how };
                    if table.commands.send(act).await.is_err() {
                        return Ok(());
                    }
                }
            }
            batch.clear();
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

/// A decision the bot answered: its number, the action, and how it came.
type Answer = (u64, Action, How);

/// Shows the bot the frames of `batch` up to its first prompt: their lines in one write
/// (`out` is the buffer they are put together in), then the bot's reply to each, in order,
/// each within [`REPLY_WITHIN`] as if sent alone; then answers that prompt, if there is one.
/// Returns how many frames it took and the answer. The lines of a batch never wait for the
/// replies to the ones before (nothing the bot replies to an event changes what is shown
/// next), so a bot is sent in one write what lock-step would send in one write a line.
async fn relay<R, W>(
    session: &mut MjaiSession,
    batch: &[Arc<Frame>],
    reader: &mut R,
    write: &mut W,
    out: &mut Vec<u8>,
) -> std::io::Result<(usize, Option<Answer>)>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin,
{
    out.clear();
    let mut owed = 0;
    let mut taken = 0;
    let mut prompt = None;
    for frame in batch {
        taken += 1;
        let message: &ServerMessage = frame;
        match message {
            ServerMessage::Event { event, .. } => {
                let line = session
                    .show(event)
                    .map_err(|e| std::io::Error::other(format!("the player's stream: {e}")))?;
                if let Some(line) = line {
                    out.extend_from_slice(line.as_bytes());
                    out.push(b'\n');
                    owed += 1;
                }
            }
            ServerMessage::Prompt { decision, options, .. } => {
                prompt = Some((*decision, options));
                break;
            }
            _ => {}
        }
    }
    if !out.is_empty() {
        write.write_all(out).await?;
    }
    for _ in 0..owed {
        match read_line(reader, REPLY_WITHIN).await? {
            Some(reply) => session.replied(reply),
            None => session.late(),
        }
    }
    let Some((decision, options)) = prompt else { return Ok((taken, None)) };
    let (action, how) = decide(session, options, reader, write).await?;
    Ok((taken, Some((decision, action, how))))
}

/// Writes one line, with its newline, in one write.
async fn write_line<W: AsyncWrite + Unpin>(write: &mut W, line: &str) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(line.len() + 1);
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    write.write_all(&bytes).await
}

/// The seat's answer to a prompt, from the bot's reply to the event before it (each line was
/// answered as it was sent), and whether the bot gave it (or a strike: the default for a reply
/// that is late or not legal). A riichi is shown to the bot and its discard read here.
async fn decide<R, W>(
    session: &mut MjaiSession,
    options: &[Action],
    reader: &mut R,
    write: &mut W,
) -> std::io::Result<(Action, How)>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin,
{
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

#[cfg(test)]
mod tests {
    use std::pin::Pin;
    use std::task::{Context, Poll};

    use hupai_ai::mjai_bot::MjaiBot;
    use hupai_ai::AgentSpec;
    use hupai_engine::{Driver, Setup};
    use hupai_rules::Rules;

    use super::*;

    /// A writer that keeps every write it is given, as it was given.
    #[derive(Default)]
    struct Writes(Vec<Vec<u8>>);

    impl AsyncWrite for Writes {
        fn poll_write(
            self: Pin<&mut Self>,
            _: &mut Context<'_>,
            buf: &[u8],
        ) -> Poll<std::io::Result<usize>> {
            self.get_mut().0.push(buf.to_vec());
            Poll::Ready(Ok(buf.len()))
        }

        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }

        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }

    #[tokio::test]
    async fn the_lines_queued_before_a_prompt_go_out_in_one_write() {
        let rules = Rules::preset("riichi").expect("rules");
        let driver = Driver::new(Setup::new(rules.clone(), 1));
        let prompt = driver.prompt(0).expect("the dealer draws and decides");
        let mut batch: Vec<Arc<Frame>> = driver
            .stream(0, 0)
            .enumerate()
            .map(|(seq, e)| {
                let event = Box::new(e.into_owned());
                Frame::new(ServerMessage::Event { seq: seq as u64, event })
            })
            .collect();
        let events = batch.len();
        assert!(events >= 3, "start_game, start_kyoku and the draw");
        batch.push(Frame::new(ServerMessage::Prompt {
            decision: prompt.decision as u64,
            options: prompt.options.to_vec(),
            deadline_ms: 0,
            bank_ms: 0,
        }));
        // After the prompt: left for the next call.
        batch.push(Frame::new(ServerMessage::Pong));

        // The bot's replies, one a line, as hupai's own bot gives them.
        let mut shown = MjaiSession::new(0, Arc::new(rules.clone()), Replies::EveryEvent);
        let lines: Vec<String> =
            driver.stream(0, 0).filter_map(|e| shown.show(&e).expect("fits")).collect();
        let agent = "efficiency".parse::<AgentSpec>().expect("spec");
        let agent = agent.build(&rules, 1, 0, &Default::default()).expect("agent");
        let mut bot = MjaiBot::new(rules.clone(), agent, false);
        let replies: String = lines.iter().map(|l| bot.handle_line(l).0 + "\n").collect();
        let mut reader = replies.as_bytes();

        let mut session = MjaiSession::new(0, Arc::new(rules), Replies::EveryEvent);
        let mut write = Writes::default();
        let mut out = Vec::new();
        let (taken, answer) =
            relay(&mut session, &batch, &mut reader, &mut write, &mut out).await.expect("relays");

        assert_eq!(taken, events + 1, "the events and the prompt");
        let expected: String = lines.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(write.0.len(), 1, "{} lines, one write", lines.len());
        assert_eq!(String::from_utf8_lossy(&write.0[0]), expected, "every line, in order");
        assert!(reader.is_empty(), "every reply read");
        let (decision, action, how) = answer.expect("the prompt answered");
        assert_eq!(decision, prompt.decision as u64);
        assert_eq!(how, How::Player, "the bot's own answer");
        assert!(prompt.options.contains(&action), "{action:?}");
    }
}
