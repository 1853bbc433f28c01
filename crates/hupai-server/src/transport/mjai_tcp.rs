//! External mjai bots over TCP, the classic handshake: the server says
//! `{"type":"hello","protocol":"mjsonp","protocol_version":3}`, the bot answers
//! `{"type":"join","name":NAME,"room":TICKET}` with the seat's one-time ticket as the room.
//! Then the bot gets its seat's stream, one event per line, and answers every line (classic
//! mjai); the answer to the event before a decision is the decision, read with the same rules
//! as `mjai:COMMAND` seats (`hupai_ai::mjai`). A reply that is not legal gets the seat its
//! default action.

use std::sync::Arc;

use hupai_ai::mjai::{choose, choose_riichi_discard, parse_reply, Chosen};
use hupai_core::Seat;
use hupai_engine::{default_action, Action, Event, PlayerView};
use hupai_rules::Rules;
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

/// What a bot answered to a line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reply {
    /// A line (not yet read as a reply).
    Line(String),
    /// Nothing within the reply time.
    Late,
}

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
    let rules = Rules::clone(&table.rules);
    let conn = state.conn_id();
    let limits = &state.config.limits;
    // A bot that joins again is shown the seat's stream from the start, as fast as it reads.
    let who = Who::Player(player);
    let Some(mut inbox) = Inbox::connect(&table.commands, conn, who, None, limits).await else {
        return Ok(());
    };
    let mut bot = Bot {
        view: None,
        rules,
        seat: Seat::from_index(player).unwrap_or_default(),
        last: None,
        reach_shown: false,
    };
    let result = async {
        let mut batch = Vec::new();
        while inbox.recv_many(&mut batch, 64).await > 0 {
            for frame in batch.drain(..) {
                match &**frame {
                    ServerMessage::Event { event, .. } => {
                        if let Some(line) = bot.shown(event) {
                            write_line(&mut write, &line).await?;
                            bot.last = Some(match read_line(&mut reader, REPLY_WITHIN).await? {
                                Some(line) => Reply::Line(line),
                                None => Reply::Late,
                            });
                        }
                    }
                    ServerMessage::Prompt { decision, options, .. } => {
                        let (action, how) = bot.decide(options, &mut reader, &mut write).await?;
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

/// What the server keeps of one bot.
struct Bot {
    view: Option<PlayerView>,
    rules: Rules,
    seat: Seat,
    last: Option<Reply>,
    reach_shown: bool,
}

impl Bot {
    /// The line for an event of the seat's stream (none for the echo of a reach it was shown).
    fn shown(&mut self, event: &Event) -> Option<String> {
        if self.reach_shown && matches!(event, Event::Reach { actor } if *actor == self.seat) {
            self.reach_shown = false;
            return None;
        }
        if let Event::StartKyoku { tehais, .. } = event {
            if let Some(s) =
                Seat::ALL.into_iter().find(|s| tehais[s.index()].iter().any(|p| !p.is_hidden()))
            {
                if self.view.as_ref().is_none_or(|v| v.seat != s) {
                    self.seat = s;
                    self.view = Some(PlayerView::new(s, &self.rules));
                }
            }
        }
        let view = self.view.get_or_insert_with(|| PlayerView::new(self.seat, &self.rules));
        let _ = view.update(event);
        let mut shown = event.clone();
        if let Event::StartGame { id, .. } = &mut shown {
            *id = Some(self.seat);
        }
        Some(shown.to_json())
    }

    /// The seat's answer to a prompt, from the bot's reply to the event before it, and whether
    /// the bot gave it (or a strike: the default for a reply that is late or not legal).
    async fn decide(
        &mut self,
        options: &[Action],
        reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
        write: &mut tokio::net::tcp::OwnedWriteHalf,
    ) -> std::io::Result<(Action, How)> {
        let fallback = default_action(options);
        let Some(view) = self.view.as_ref() else { return Ok((fallback, How::Illegal)) };
        let line = match self.last.take() {
            Some(Reply::Line(line)) => line,
            Some(Reply::Late) => return Ok((fallback, How::Timeout)),
            None => return Ok((fallback, How::Illegal)),
        };
        let chosen = parse_reply(&line).and_then(|r| choose(view, &r, options));
        let riichi = options.iter().copied().find(|a| matches!(a, Action::Riichi { .. }));
        Ok(match chosen {
            Ok(Chosen::Action(a)) => (a, How::Player),
            Ok(Chosen::Riichi) => {
                write_line(write, &Event::Reach { actor: self.seat }.to_json()).await?;
                self.reach_shown = true;
                // The riichi stands; a discard that does not keep the hand ready is a strike.
                let riichi = riichi.unwrap_or(fallback);
                match read_line(reader, REPLY_WITHIN).await? {
                    Some(line) => {
                        match parse_reply(&line).and_then(|r| choose_riichi_discard(&r, options)) {
                            Ok(a) => (a, How::Player),
                            Err(_) => (riichi, How::Illegal),
                        }
                    }
                    None => (riichi, How::Timeout),
                }
            }
            Err(_) => (fallback, How::Illegal),
        })
    }
}
