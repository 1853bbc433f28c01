//! The SQLite store's writer: a thread of its own with its own connection to the file, that
//! commits the answers every table sent it since its last commit in one transaction (a group
//! commit), with statements prepared once.
//!
//! sqlx runs each SQLite connection on a worker thread and hands it every statement through a
//! channel, so a commit of four statements cost eight thread wake-ups; with instant players
//! that, not SQLite, was most of the store's time. Here a group commit is one wake-up of this
//! thread and one of each table waiting for it; SQLite itself is called directly.
//!
//! The owner's fence: the transaction begins `IMMEDIATE`, taking the database's write lock
//! before it reads, so the ownership it reads cannot change (no other connection, in this
//! process or another, can write) until it commits. A table this node does not own refuses the
//! whole commit, and then each table is committed on its own, so only the refused ones hear of
//! it, as with PostgreSQL.

use std::path::Path;
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, TransactionBehavior};
use tokio::sync::mpsc;

use super::{how_text, Batch};

/// The most tables' answers in one commit.
const TABLES_PER_COMMIT: usize = 512;

/// Why a commit failed.
#[derive(Debug)]
enum CommitError {
    /// SQLite said no (the database is locked for too long, an answer's place is taken, ...).
    Sqlite(rusqlite::Error),
    /// A table is not owned by the node that sent its answers.
    NotOwned { table: String, node: String },
}

impl std::fmt::Display for CommitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommitError::Sqlite(e) => write!(f, "sqlite: {e}"),
            CommitError::NotOwned { table, node } => {
                write!(f, "table {table} is not owned by node {node}")
            }
        }
    }
}

impl From<rusqlite::Error> for CommitError {
    fn from(e: rusqlite::Error) -> CommitError {
        CommitError::Sqlite(e)
    }
}

/// Opens the writer's connection to the SQLite file at `path` (the pool made it and its
/// schema), with the pool's settings.
pub(super) fn open(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let connection = Connection::open_with_flags(path, flags)?;
    // As the pool's connections: durable across a crash of the process (each commit is in the
    // write-ahead log, in the kernel's hands, before anybody is shown what it stores).
    connection.pragma_update(None, "journal_mode", "WAL")?;
    connection.pragma_update(None, "synchronous", "NORMAL")?;
    connection.busy_timeout(Duration::from_secs(5))?;
    Ok(connection)
}

/// Starts the writer's thread on `connection`; it runs until every sender of `batches` is gone.
pub(super) fn spawn(
    connection: Connection,
    batches: mpsc::Receiver<Batch>,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("hupai-store".into())
        .spawn(move || write_batches(connection, batches))
}

/// The writer's loop: commits what arrived together in one transaction.
fn write_batches(mut connection: Connection, mut batches: mpsc::Receiver<Batch>) {
    let mut waiting: Vec<Batch> = Vec::new();
    while let Some(first) = batches.blocking_recv() {
        waiting.push(first);
        while waiting.len() < TABLES_PER_COMMIT {
            match batches.try_recv() {
                Ok(b) => waiting.push(b),
                Err(_) => break,
            }
        }
        if commit(&mut connection, &waiting).is_ok() {
            for (_, _, _, done) in waiting.drain(..) {
                let _ = done.send(Ok(()));
            }
            continue;
        }
        // One table's answers were refused (another node owns it, or an answer's place is
        // taken), or the database fails: commit each table on its own, so only the refused
        // ones hear of it.
        for batch in waiting.drain(..) {
            let result = commit(&mut connection, std::slice::from_ref(&batch));
            let _ = batch.3.send(result.map_err(|e| e.to_string()));
        }
    }
}

/// Commits the answers of `batches` in one transaction, or none of them.
fn commit(connection: &mut Connection, batches: &[Batch]) -> Result<(), CommitError> {
    let tx = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    {
        let mut owned = tx.prepare_cached(
            "SELECT 1 FROM hupai_tables WHERE id = ?1 AND owner = ?2 AND finished_ms IS NULL",
        )?;
        for (id, node, _, _) in batches {
            if !owned.exists(params![id, node])? {
                return Err(CommitError::NotOwned { table: id.clone(), node: node.clone() });
            }
        }
        let mut insert = tx.prepare_cached(
            "INSERT INTO hupai_actions (table_id, n, player, decision, action, how, bank_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        for (id, _, records, _) in batches {
            for r in records {
                // An action that does not encode refuses the commit rather than store a blank.
                let action = serde_json::to_string(&r.action)
                    .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
                insert.execute(params![
                    id,
                    r.n as i64,
                    r.player as i64,
                    r.decision as i64,
                    action,
                    how_text(r.how),
                    r.bank_ms as i64
                ])?;
            }
        }
    }
    // Dropped without a commit (an error above), the transaction rolls back.
    tx.commit()?;
    Ok(())
}
