//! The server: its configuration, the tables it owns (each a task of its own), the store, the
//! HTTP and WebSocket listener and the mjai listener, recovery after a crash and the leases
//! that let several nodes share one PostgreSQL database.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use hupai_engine::Action;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Duration, Instant};

use crate::limits::{Addresses, Limits};
use crate::protocol::ServerMessage;
use crate::spec::{Checked, StoredSpec};
use crate::store::{Store, StoreError};
use crate::table::{ConnId, How, Refused, Table, Who};
use crate::token::Token;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where it listens for HTTP and WebSocket.
    pub addr: SocketAddr,
    /// Where it listens for external mjai bots (none: no mjai listener).
    pub mjai_addr: Option<SocketAddr>,
    /// The store: a SQLite file path or a `postgres://` URL.
    pub db: String,
    /// This node's name (in leases). A node restarted under the same name takes its own
    /// tables back at once; nodes sharing one database need names of their own.
    pub node: String,
    /// The address clients are given in links (default: `http://ADDR`).
    pub public_url: Option<String>,
    /// Web origins allowed to open a WebSocket besides the server's own (`*`: any).
    pub origins: Vec<String>,
    /// How long a node's ownership of a table lasts without renewal.
    pub lease: Duration,
    /// The limits.
    pub limits: Limits,
    /// How long a table waits for its players to sit down before it is closed.
    pub start_within: Duration,
    /// Whether a client may choose a table's seed (tests and reproducible demos only: a seed
    /// known in advance fixes every wall).
    pub allow_seed: bool,
}

impl Config {
    /// A configuration for `addr` with the store at `db` and the defaults.
    pub fn new(addr: SocketAddr, db: &str) -> Config {
        Config {
            addr,
            mjai_addr: None,
            db: db.to_string(),
            node: default_node(addr),
            public_url: None,
            origins: Vec::new(),
            lease: Duration::from_secs(15),
            limits: Limits::default(),
            allow_seed: false,
            start_within: Duration::from_secs(30 * 60),
        }
    }
}

/// A node's default name: the machine's host name and the port it listens on.
fn default_node(addr: SocketAddr) -> String {
    let host = std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".into());
    format!("{host}:{}", addr.port())
}

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
        /// Where its messages go.
        sink: mpsc::Sender<ServerMessage>,
    },
    /// A connection left.
    Disconnect(ConnId),
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
    pub length: crate::spec::Length,
    /// The seats (kind, whether taken).
    pub seats: Vec<(String, bool)>,
    /// Player names.
    pub names: [String; 4],
    /// Each player's faults (defaults taken for it).
    pub faults: Vec<crate::table::SeatFaults>,
    /// Reachable only by link.
    #[serde(skip)]
    pub private: bool,
    /// Every seat is taken.
    pub started: bool,
    /// The match is over.
    pub over: bool,
}

/// A running table as the server holds it.
#[derive(Clone, Debug)]
pub struct TableHandle {
    /// Its commands.
    pub commands: mpsc::Sender<Command>,
    /// What the lobby shows.
    pub info: Arc<Mutex<TableInfo>>,
    /// The rules played (external bots keep their own view of the game with them).
    pub rules: Arc<hupai_rules::Rules>,
}

/// Everything the handlers share.
#[derive(Debug)]
pub struct State {
    /// The configuration.
    pub config: Config,
    /// The store.
    pub store: Store,
    /// The tables this node runs.
    pub tables: Mutex<HashMap<String, TableHandle>>,
    /// External bots' tickets (their hashes) to their table and player.
    pub tickets: Mutex<HashMap<String, String>>,
    /// Per-address counts.
    pub addresses: Addresses,
    next_conn: AtomicU64,
}

impl State {
    /// A fresh connection number.
    pub fn conn_id(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The table with this id, if this node runs it.
    pub fn table(&self, id: &str) -> Option<TableHandle> {
        self.tables.lock().ok()?.get(id).cloned()
    }

    /// The base of the links given to clients.
    pub fn public_url(&self) -> String {
        self.config.public_url.clone().unwrap_or_else(|| format!("http://{}", self.config.addr))
    }

    /// Creates a table from a checked request: stores it, starts its task, returns its id, the
    /// creator's tokens and the external bots' tickets.
    pub async fn create(
        self: &Arc<State>,
        checked: &Checked,
    ) -> Result<(String, Vec<(usize, Token)>), String> {
        let seed = match checked.seed {
            Some(s) if self.config.allow_seed => s,
            Some(_) => return Err("seed: this server draws its own seeds".into()),
            None => {
                u64::from_le_bytes(crate::token::random_bytes::<8>().map_err(|e| e.to_string())?)
            }
        };
        let secret = hupai_engine::commitment::random_secret().map_err(|e| e.to_string())?;
        let id = crate::token::table_id().map_err(|e| e.to_string())?;
        let spec = StoredSpec::new(checked, seed, secret);
        let mut table =
            Table::new(id.clone(), spec.clone(), Instant::now()).map_err(|e| e.to_string())?;
        let tokens = table.issue_creator_tokens().map_err(|e| e.to_string())?;
        self.store
            .create_table(&id, &spec, &table.token_hashes(), &self.config.node, self.config.lease)
            .await
            .map_err(|e| e.to_string())?;
        self.run(table);
        Ok((id, tokens))
    }

    /// Starts a table's task.
    pub fn run(self: &Arc<State>, table: Table) {
        let id = table.id().to_string();
        let info = Arc::new(Mutex::new(info_of(&table)));
        let (commands, receiver) = mpsc::channel(1024);
        if let Ok(mut tickets) = self.tickets.lock() {
            for (p, hash) in table.token_hashes() {
                if table.spec().seats[p] == "mjai" {
                    tickets.insert(hash, id.clone());
                }
            }
        }
        if let Ok(mut tables) = self.tables.lock() {
            let rules = Arc::new(table.rules().clone());
            tables.insert(id, TableHandle { commands, info: Arc::clone(&info), rules });
        }
        let state = Arc::clone(self);
        tokio::spawn(async move { state.drive(table, receiver, info).await });
    }

    /// A table's task: the only writer of its game.
    async fn drive(
        self: Arc<State>,
        mut table: Table,
        mut commands: mpsc::Receiver<Command>,
        info: Arc<Mutex<TableInfo>>,
    ) {
        let id = table.id().to_string();
        let expires = Instant::now() + self.config.start_within;
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
                break;
            }
            match command {
                Some(None) | Some(Some(Command::Leave)) => break,
                Some(Some(c)) => self.command(&mut table, c, now).await,
                None => {}
            }
            table.advance(Instant::now());
            let records = table.take_records();
            if let Err(e) = self.store.append(&id, &self.config.node, records).await {
                // Another node owns the table now (or the database fails): stop serving it.
                eprintln!("hupai serve: {}: table {id}: {e}; leaving it", self.config.node);
                break;
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
            table.deliver();
            table.take_dropped();
            if let Ok(mut i) = info.lock() {
                *i = info_of(&table);
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
                                table.deliver();
                            }
                            None => break,
                        },
                        _ = &mut linger => break,
                    }
                }
                break;
            }
        }
        if let Ok(mut tables) = self.tables.lock() {
            tables.remove(&id);
        }
        if let Ok(mut tickets) = self.tickets.lock() {
            tickets.retain(|_, t| *t != id);
        }
    }

    async fn command(&self, table: &mut Table, command: Command, now: Instant) {
        match command {
            // The task loop stops on it; a finished game lingers out its minute.
            Command::Leave => {}
            Command::Connect { conn, who, last_seq, sink } => {
                table.connect(conn, who, last_seq, sink, now)
            }
            Command::Disconnect(conn) => table.disconnect(conn, now),
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
                let msg = crate::hints::answer(table, conn);
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
                        let _ =
                            reply.send(Err(Refused { code: "internal", message: e.to_string() }));
                        return;
                    }
                }
                let _ = reply.send(joined);
            }
        }
    }
}

fn info_of(table: &Table) -> TableInfo {
    let spec = table.spec();
    TableInfo {
        id: table.id().to_string(),
        rules: match &spec.rules {
            crate::spec::RulesSource::Preset(n) => n.clone(),
            crate::spec::RulesSource::Toml(_) => "custom".into(),
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

/// A running server.
pub struct Server {
    /// The shared state.
    pub state: Arc<State>,
    /// Where it listens (HTTP and WebSocket).
    pub addr: SocketAddr,
    /// Where it listens for mjai bots.
    pub mjai_addr: Option<SocketAddr>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish()
    }
}

/// Why the server cannot start.
#[derive(Debug)]
pub enum StartError {
    /// The store.
    Store(StoreError),
    /// A listener.
    Listen(std::io::Error),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Store(e) => write!(f, "the store: {e}"),
            StartError::Listen(e) => write!(f, "cannot listen: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

impl Server {
    /// Opens the store, takes over the unfinished tables whose lease ran out (rebuilding
    /// each from its seed and answers), and starts listening. Returns once it listens.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        let store = Store::open(&config.db).await.map_err(StartError::Store)?;
        let listener =
            tokio::net::TcpListener::bind(config.addr).await.map_err(StartError::Listen)?;
        let addr = listener.local_addr().map_err(StartError::Listen)?;
        let mjai = match config.mjai_addr {
            Some(a) => Some(tokio::net::TcpListener::bind(a).await.map_err(StartError::Listen)?),
            None => None,
        };
        let mjai_addr = match &mjai {
            Some(l) => Some(l.local_addr().map_err(StartError::Listen)?),
            None => None,
        };
        let mut config = config;
        config.addr = addr;
        let state = Arc::new(State {
            config,
            store,
            tables: Mutex::new(HashMap::new()),
            tickets: Mutex::new(HashMap::new()),
            addresses: Addresses::default(),
            next_conn: AtomicU64::new(1),
        });
        state.take_over(true).await.map_err(StartError::Store)?;
        tokio::spawn(leases(Arc::clone(&state)));
        let app = crate::http::router(Arc::clone(&state));
        tokio::spawn(async move {
            use axum::serve::ListenerExt;
            let service = app.into_make_service_with_connect_info::<SocketAddr>();
            // TCP_NODELAY: an event and the prompt after it are separate frames, and without it
            // the second waits for the client's delayed ACK of the first (40 ms on Linux).
            let listener = listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            if let Err(e) = axum::serve(listener, service).await {
                eprintln!("hupai serve: {e}");
            }
        });
        if let Some(listener) = mjai {
            tokio::spawn(crate::mjai_tcp::listen(Arc::clone(&state), listener));
        }
        Ok(Server { state, addr, mjai_addr })
    }
}

impl State {
    /// Takes over and rebuilds the unfinished tables whose lease ran out (and, on `start`,
    /// this node's own: it was restarted, so nobody plays them).
    pub async fn take_over(self: &Arc<State>, start: bool) -> Result<usize, StoreError> {
        let stored = self.store.claim_expired(&self.config.node, self.config.lease, start).await?;
        let mut n = 0;
        for t in stored {
            let id = t.id.clone();
            if self.table(&id).is_some() {
                continue;
            }
            match Table::rebuild(t.id, t.spec, &t.tokens, &t.answers, Instant::now()) {
                Ok(table) => {
                    self.run(table);
                    n += 1;
                }
                Err(e) => eprintln!("hupai serve: table {id} does not rebuild: {e}"),
            }
        }
        Ok(n)
    }
}

/// Renews this node's leases, and takes over tables whose owner died.
async fn leases(state: Arc<State>) {
    let every = state.config.lease / 3;
    loop {
        tokio::time::sleep(every).await;
        if let Err(e) = state.store.renew(&state.config.node, state.config.lease).await {
            eprintln!("hupai serve: cannot renew leases: {e}");
        }
        // A table this node runs but no longer owns (it stalled past its lease and another
        // node took it over) is left at once: its players reconnect to the owner.
        // The tables running here are listed before the store is asked which are ours, so a
        // table made in between is not taken for another node's.
        let running: Vec<(String, TableHandle)> = match state.tables.lock() {
            Ok(t) => t.iter().map(|(id, h)| (id.clone(), h.clone())).collect(),
            Err(_) => Vec::new(),
        };
        match state.store.owned(&state.config.node).await {
            Ok(owned) => {
                for (id, handle) in running {
                    let over = handle.info.lock().map(|i| i.over).unwrap_or(true);
                    if !over && !owned.contains(&id) {
                        eprintln!(
                            "hupai serve: {}: table {id}: another node owns it now; leaving it",
                            state.config.node
                        );
                        let _ = handle.commands.send(Command::Leave).await;
                    }
                }
            }
            Err(e) => eprintln!("hupai serve: cannot read which tables are ours: {e}"),
        }
        if let Err(e) = state.take_over(false).await {
            eprintln!("hupai serve: cannot take over tables: {e}");
        }
    }
}
