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
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{timeout, Duration, Instant};

use crate::protocol::ServerMessage;
use crate::server::{Command, State};
use crate::table::Who;

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

/// Reads one line, at most `limit` bytes, within the reply time.
async fn read_line(
    reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
    within: Duration,
) -> std::io::Result<Option<String>> {
    let mut line = String::new();
    match timeout(within, reader.read_line(&mut line)).await {
        Err(_) => Ok(None),
        Ok(Ok(0)) => Err(std::io::ErrorKind::UnexpectedEof.into()),
        Ok(Ok(_)) if line.len() > 64 * 1024 => Err(std::io::ErrorKind::InvalidData.into()),
        Ok(Ok(_)) => Ok(Some(line.trim().to_string())),
        Ok(Err(e)) => Err(e),
    }
}

async fn serve_bot(
    state: &Arc<State>,
    stream: TcpStream,
    ip: std::net::IpAddr,
) -> std::io::Result<()> {
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
    let preset = table.info.lock().ok().map(|i| i.rules.clone()).unwrap_or_default();
    let Some(rules) = Rules::preset(&preset).ok().or_else(|| Rules::preset("riichi").ok()) else {
        return Ok(());
    };
    let conn = state.conn_id();
    let (sink, mut messages) = mpsc::channel(state.config.limits.queue);
    if table
        .commands
        .send(Command::Connect { conn, who: Who::Player(player), last_seq: None, sink })
        .await
        .is_err()
    {
        return Ok(());
    }
    let mut bot = Bot {
        view: None,
        rules,
        seat: Seat::from_index(player).unwrap_or_default(),
        last: None,
        reach_shown: false,
    };
    let result = async {
        while let Some(msg) = messages.recv().await {
            match msg {
                ServerMessage::Event { event, .. } => {
                    if let Some(line) = bot.shown(&event) {
                        write.write_all(line.as_bytes()).await?;
                        write.write_all(b"\n").await?;
                        bot.last = read_line(&mut reader, REPLY_WITHIN).await?;
                    }
                }
                ServerMessage::Prompt { decision, options, .. } => {
                    let action = bot.decide(&options, &mut reader, &mut write).await?;
                    if table.commands.send(Command::Act { conn, decision, action }).await.is_err() {
                        break;
                    }
                }
                _ => {}
            }
        }
        Ok::<(), std::io::Error>(())
    }
    .await;
    let _ = table.commands.send(Command::Disconnect(conn)).await;
    result
}

/// What the server keeps of one bot.
struct Bot {
    view: Option<PlayerView>,
    rules: Rules,
    seat: Seat,
    last: Option<String>,
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

    async fn decide(
        &mut self,
        options: &[Action],
        reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
        write: &mut tokio::net::tcp::OwnedWriteHalf,
    ) -> std::io::Result<Action> {
        let fallback = default_action(options);
        let (Some(view), Some(line)) = (self.view.as_ref(), self.last.take()) else {
            return Ok(fallback);
        };
        let chosen = parse_reply(&line).and_then(|r| choose(view, &r, options));
        Ok(match chosen {
            Ok(Chosen::Action(a)) => a,
            Ok(Chosen::Riichi) => {
                write.write_all(Event::Reach { actor: self.seat }.to_json().as_bytes()).await?;
                write.write_all(b"\n").await?;
                self.reach_shown = true;
                match read_line(reader, REPLY_WITHIN).await? {
                    Some(line) => parse_reply(&line)
                        .and_then(|r| choose_riichi_discard(&r, options))
                        .unwrap_or_else(|_| {
                            options
                                .iter()
                                .copied()
                                .find(|a| matches!(a, Action::Riichi { .. }))
                                .unwrap_or(fallback)
                        }),
                    None => options
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Riichi { .. }))
                        .unwrap_or(fallback),
                }
            }
            Err(_) => fallback,
        })
    }
}
