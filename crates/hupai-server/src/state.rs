//! What the server's handlers share: the configuration, the store, the tables this node runs
//! (each a task of its own, see [`crate::actor`]) and the external bots' tickets, the
//! per-address counts; creating, starting and taking over tables, and the leases that let
//! several nodes share one PostgreSQL database.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::actor::{Actor, Command, TableInfo};
use crate::config::Config;
use crate::limits::Addresses;
use crate::models::ModelDir;
use crate::spec::{Checked, StoredSpec};
use crate::store::{Store, StoreError};
use crate::table::{ConnId, Table};
use crate::token::Token;

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
    /// The directory model bots are read from.
    pub models: ModelDir,
    next_conn: AtomicU64,
}

impl State {
    /// The state of a server with `config`, `store` and its model directory, running no table
    /// yet.
    pub fn new(config: Config, store: Store, models: ModelDir) -> State {
        State {
            config,
            store,
            tables: Mutex::new(HashMap::new()),
            tickets: Mutex::new(HashMap::new()),
            addresses: Addresses::default(),
            models,
            next_conn: AtomicU64::new(1),
        }
    }

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
        let info = Arc::new(Mutex::new(TableInfo::of(&table)));
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
            tables.insert(id.clone(), TableHandle { commands, info: Arc::clone(&info), rules });
        }
        let state = Arc::clone(self);
        let actor = Actor {
            store: self.store.clone(),
            node: self.config.node.clone(),
            start_within: self.config.start_within,
        };
        tokio::spawn(async move {
            actor.drive(table, receiver, info).await;
            state.forget(&id);
        });
    }

    /// Forgets a table whose task has ended, and its external bots' tickets.
    fn forget(&self, id: &str) {
        if let Ok(mut tables) = self.tables.lock() {
            tables.remove(id);
        }
        if let Ok(mut tickets) = self.tickets.lock() {
            tickets.retain(|_, t| t != id);
        }
    }

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
            // A model bot outside the model directory (the operator moved or withdrew it since)
            // is not read.
            let admitted = t
                .spec
                .checked()
                .map_err(|e| e.to_string())
                .and_then(|c| self.models.admit_all(&c.seats).map_err(|e| e.to_string()));
            if let Err(e) = admitted {
                eprintln!("hupai serve: table {id} does not rebuild: {e}");
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
/// Renews this node's leases, and takes over tables whose owner died.
pub async fn leases(state: Arc<State>) {
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
