//! A table's task: the only writer of its game. It takes the table's commands (connections
//! arriving and leaving, answers, hints, seats taken), moves the table on in time, stores every
//! answer before anybody is shown what it caused, and then delivers the table's messages. The
//! server's transports talk to a table only through its [`Command`]s, and read what it sends a
//! connection through an [`Inbox`].

use std::sync::{Arc, Mutex};

use hupai_engine::Action;
use tokio::sync::mpsc::error::TryRecvError;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Duration, Instant};

use crate::limits::Limits;
use crate::protocol::{ErrorCode, Frame, ServerMessage};
use crate::spec::{Length, RulesSource};
use crate::store::Store;
use crate::table::{pipe, ConnId, How, Inlet, Outlet, Refused, SeatFaults, Table, Who};
use crate::token::Token;

/// The most commands a table's task takes before it stores and delivers what they caused.
const COMMANDS_PER_STEP: usize = 16;

/// What a table's task is told.
#[derive(Debug)]
pub enum Command {
    /// A connection joins.
    Connect {
        /// Its number.
        conn: ConnId,
        /// As whom.
        who: Who,
        /// The last event it saw.
        last_seq: Option<u64>,
        /// The table's end of its queue.
        outlet: Outlet,
    },
    /// A connection left.
    Disconnect(ConnId),
    /// A connection has sent everything it was queued, and the table holds more for it.
    Pull(ConnId),
    /// An answer.
    Act {
        /// From which connection.
        conn: ConnId,
        /// The decision.
        decision: u64,
        /// The action.
        action: Action,
        /// Whose answer it is: the player's own, or a strike for an external bot's reply.
        how: How,
    },
    /// A connection's player is back (the AI stops playing for it).
    Back(ConnId),
    /// Which player a token (or, `external`, a ticket) sits at.
    Authenticate {
        /// The token.
        token: String,
        /// An external bot's ticket.
        external: bool,
        /// The answer.
        reply: oneshot::Sender<Option<usize>>,
    },
    /// Help for a connection's seat (`hint`).
    Hint(ConnId),
    /// Stop serving the table: another node owns it now (this one lost its lease).
    Leave,
    /// Take an open seat.
    Join {
        /// The answer: player and token.
        reply: oneshot::Sender<Result<(usize, Token), Refused>>,
    },
}

/// What the lobby knows of a table without asking its task.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableInfo {
    /// Its id.
    pub id: String,
    /// The rules' name.
    pub rules: String,
    /// The length.
    pub length: Length,
    /// The seats (kind, whether taken).
    pub seats: Vec<(String, bool)>,
    /// Player names, one a seat.
    pub names: Vec<String>,
    /// Each player's faults (defaults taken for it).
    pub faults: Vec<SeatFaults>,
    /// Reachable only by link.
    #[serde(skip)]
    pub private: bool,
    /// Every seat is taken.
    pub started: bool,
    /// The match is over.
    pub over: bool,
}

impl TableInfo {
    /// What the lobby shows of `table` now.
    pub fn of(table: &Table) -> TableInfo {
        let spec = table.spec();
        TableInfo {
            id: table.id().to_string(),
            rules: match &spec.rules {
                RulesSource::Preset(n) => n.clone(),
                RulesSource::Toml(_) => "custom".into(),
            },
            length: spec.length,
            seats: table.seat_list(),
            names: spec.names.clone(),
            faults: table.faults(),
            private: spec.private,
            started: table.seated(),
            over: table.driver().is_over(),
        }
    }
}

/// What a table's task needs of the server: the store, this node's name, and how long a table
/// waits for its players.
#[derive(Clone, Debug)]
pub struct Actor {
    /// The store.
    pub store: Store,
    /// This node's name (the store refuses answers of a node that no longer owns the table).
    pub node: String,
    /// How long a table waits for its players to sit down before it is closed.
    pub start_within: Duration,
}

impl Actor {
    /// Runs the table until its match is over (and a minute after, for late connections), it
    /// is left, or nobody came; `info` is kept up to date for the lobby.
    pub async fn drive(
        &self,
        mut table: Table,
        mut commands: mpsc::Receiver<Command>,
        info: Arc<Mutex<TableInfo>>,
    ) {
        let id = table.id().to_string();
        let expires = Instant::now() + self.start_within;
        loop {
            let wake = match table.next_wake() {
                None if !table.seated() => Some(expires),
                w => w,
            };
            let command = match wake {
                Some(at) => tokio::select! {
                    c = commands.recv() => Some(c),
                    _ = tokio::time::sleep_until(at) => None,
                },
                None => Some(commands.recv().await),
            };
            let now = Instant::now();
            if !table.seated() && now >= expires {
                if let Err(e) = self.store.abandon(&id).await {
                    eprintln!("hupai serve: table {id}: cannot close it: {e}");
                }
                table.close_all(ErrorCode::Over);
                return;
            }
            let mut leave = false;
            match command {
                Some(None) | Some(Some(Command::Leave)) => {
                    table.close_all(ErrorCode::Elsewhere);
                    return;
                }
                Some(Some(c)) => {
                    self.command(&mut table, c, now).await;
                    // The commands already waiting (another seat's answer to the same discard,
                    // a connection asking for more) are taken in the same step: one commit and
                    // one write to each connection for all of them.
                    for _ in 1..COMMANDS_PER_STEP {
                        match commands.try_recv() {
                            Ok(Command::Leave) | Err(TryRecvError::Disconnected) => {
                                leave = true;
                                break;
                            }
                            Ok(c) => self.command(&mut table, c, Instant::now()).await,
                            Err(TryRecvError::Empty) => break,
                        }
                    }
                }
                None => {}
            }
            table.advance(Instant::now());
            let records = table.take_records();
            if let Err(e) = self.store.append(&id, &self.node, records).await {
                // Another node owns the table now (or the database fails): stop serving it,
                // and show nobody the moves whose records were not stored.
                eprintln!("hupai serve: {}: table {id}: {e}; leaving it", self.node);
                table.close_all_unstored(ErrorCode::Elsewhere);
                return;
            }
            // The log is stored before anybody is shown the match's end, so whoever sees
            // `end_game` can fetch it at once.
            let over = table.is_over();
            if over {
                if let Some(log) = table.log() {
                    if let Err(e) = self.store.finish(&id, &log).await {
                        eprintln!("hupai serve: table {id}: cannot store the log: {e}");
                    }
                }
            }
            // The lobby's view too: whoever is shown the end finds the table over.
            if let Ok(mut i) = info.lock() {
                *i = TableInfo::of(&table);
            }
            table.deliver();
            table.take_dropped();
            if leave {
                table.close_all(ErrorCode::Elsewhere);
                return;
            }
            if over {
                // Late connections still get the whole game for a while.
                let linger = tokio::time::sleep(Duration::from_secs(60));
                tokio::pin!(linger);
                loop {
                    tokio::select! {
                        c = commands.recv() => match c {
                            Some(c) => {
                                self.command(&mut table, c, Instant::now()).await;
                                table.advance(Instant::now());
                                table.deliver();
                            }
                            None => break,
                        },
                        _ = &mut linger => break,
                    }
                }
                table.close_all(ErrorCode::Over);
                return;
            }
        }
    }

    async fn command(&self, table: &mut Table, command: Command, now: Instant) {
        match command {
            // The task loop stops on it; a finished game lingers out its minute.
            Command::Leave => {}
            Command::Connect { conn, who, last_seq, outlet } => {
                table.connect(conn, who, last_seq, outlet, now)
            }
            Command::Disconnect(conn) => table.disconnect(conn, now),
            // The task moves the table on after every command, which queues the rest.
            Command::Pull(_) => {}
            Command::Act { conn, decision, action, how } => {
                if let Err(r) = table.act(conn, decision, action, how, now) {
                    table.tell(conn, ServerMessage::error(r.code, r.message));
                }
            }
            Command::Back(conn) => {
                if let Err(r) = table.come_back(conn, now) {
                    table.tell(conn, ServerMessage::error(r.code, r.message));
                }
            }
            Command::Hint(conn) => {
                let msg = table.hint(conn);
                table.tell(conn, msg);
            }
            Command::Authenticate { token, external, reply } => {
                // A bot's ticket is good while its game runs (a bot that dropped may join again
                // and is shown the game from its start); a finished game takes no bots.
                let open = !(external && table.is_over());
                let _ = reply.send(table.player_of(&token, external).filter(|_| open));
            }
            Command::Join { reply } => {
                let joined = table.join_open();
                if let Ok((p, token)) = &joined {
                    let hash = crate::token::hash(token.text());
                    if let Err(e) = self.store.set_token(table.id(), *p, &hash).await {
                        let refused = Refused { code: ErrorCode::Internal, message: e.to_string() };
                        let _ = reply.send(Err(refused));
                        return;
                    }
                }
                let _ = reply.send(joined);
            }
        }
    }
}

/// A connection's end of its table: the messages the table sends it, in order. The connection
/// asks for more of a long backlog as it sends what it has ([`Inbox::sent`]), so the backlog
/// is paced by its socket.
#[derive(Debug)]
pub struct Inbox {
    inlet: Inlet,
    conn: ConnId,
    commands: mpsc::Sender<Command>,
}

impl Inbox {
    /// Connects `conn` as `who` (having seen up to `last_seq`) to the table of `commands`, with
    /// the queue `limits` allow; `None` when the table's task is gone.
    pub async fn connect(
        commands: &mpsc::Sender<Command>,
        conn: ConnId,
        who: Who,
        last_seq: Option<u64>,
        limits: &Limits,
    ) -> Option<Inbox> {
        let (outlet, inlet) = pipe(limits.queue, limits.behind);
        let connect = Command::Connect { conn, who, last_seq, outlet };
        commands.send(connect).await.ok()?;
        Some(Inbox { inlet, conn, commands: commands.clone() })
    }

    /// Waits for the next messages and takes every one queued, at most `max`, into `out`:
    /// how many; 0 once the table has closed the connection ([`Inbox::closed_because`] says
    /// why). Cancel-safe.
    pub async fn recv_many(&mut self, out: &mut Vec<Arc<Frame>>, max: usize) -> usize {
        self.inlet.recv_many(out, max).await
    }

    /// Call once what was taken is sent: asks the table for more if it holds more for this
    /// connection.
    pub async fn sent(&mut self) {
        if self.inlet.wants_more() {
            let _ = self.commands.send(Command::Pull(self.conn)).await;
        }
    }

    /// Why the table closed the connection: none while it is open (or if the table stopped
    /// without saying).
    pub fn closed_because(&self) -> Option<ErrorCode> {
        self.inlet.closed_because()
    }
}
