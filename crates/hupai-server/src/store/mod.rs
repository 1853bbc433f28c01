//! The records: every table's spec, the hashes of its seats' tokens, every answer as it is
//! played, and the full log of a finished game. SQLite in one file by default, PostgreSQL when
//! asked, with the same schema and the same queries.
//!
//! Answers are written by one writer that commits what every table sent it in one
//! transaction (a group commit), so a table waits for its own answer's commit without every
//! table paying a transaction of its own: for a SQLite file a thread of its own calling SQLite
//! directly ([`sqlite_writer`]), otherwise (PostgreSQL, an in-memory SQLite) a task on the
//! pool. An answer's key is its table and its place, so two servers that both believed they
//! owned a table could not both write its next answer.
//!
//! Leases: a table is owned by one node until `lease_until_ms`; the owner renews its leases,
//! and a node may take over an unfinished table whose lease ran out (and rebuild it).

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::pool::PoolConnection;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Row};
use tokio::sync::{mpsc, oneshot};

use crate::spec::StoredSpec;
use crate::table::{ActionRecord, How};

mod sqlite_writer;

/// Why the store failed.
#[derive(Debug)]
pub enum StoreError {
    /// The database said no.
    Database(sqlx::Error),
    /// A stored row does not read back (a spec or an answer).
    Corrupt(String),
    /// Answers were not stored (this node does not own the table any more, or the database
    /// refused the transaction).
    NotStored(String),
    /// The writer task is gone.
    Closed,
    /// The SQLite writer's connection or thread could not be made.
    Writer(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database: {e}"),
            StoreError::Corrupt(why) => write!(f, "a stored row does not read back: {why}"),
            StoreError::NotStored(why) => write!(f, "answers not stored: {why}"),
            StoreError::Closed => f.write_str("the store's writer has stopped"),
            StoreError::Writer(why) => write!(f, "the store's writer: {why}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Database(e)
    }
}

/// An unfinished table as stored.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Its id.
    pub id: String,
    /// Its spec.
    pub spec: StoredSpec,
    /// The hashes of its taken seats' tokens, by player.
    pub tokens: Vec<(usize, String)>,
    /// Its answers, in order.
    pub answers: Vec<ActionRecord>,
}

/// A finished game in the list of recent ones.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FinishedGame {
    /// The table's id.
    pub id: String,
    /// Player names, one a seat.
    pub names: Vec<String>,
    /// The rules.
    pub rules: String,
    /// When it ended (milliseconds since 1970).
    pub finished_ms: i64,
}

/// A table's answers to commit: its id, the node that writes them, the answers, who waits.
type Batch = (String, String, Vec<ActionRecord>, oneshot::Sender<Result<(), String>>);

/// The store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<Batch>,
    postgres: bool,
}

/// Milliseconds since 1970.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

const SCHEMA: [&str; 4] = [
    "CREATE TABLE IF NOT EXISTS hupai_tables (id TEXT PRIMARY KEY, spec TEXT NOT NULL, \
     created_ms BIGINT NOT NULL, finished_ms BIGINT, owner TEXT, lease_until_ms BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS hupai_seats (table_id TEXT NOT NULL, player BIGINT NOT NULL, \
     token_hash TEXT NOT NULL, PRIMARY KEY (table_id, player))",
    "CREATE TABLE IF NOT EXISTS hupai_actions (table_id TEXT NOT NULL, n BIGINT NOT NULL, \
     player BIGINT NOT NULL, decision BIGINT NOT NULL, action TEXT NOT NULL, how TEXT NOT NULL, \
     bank_ms BIGINT NOT NULL, PRIMARY KEY (table_id, n))",
    "CREATE TABLE IF NOT EXISTS hupai_games (table_id TEXT PRIMARY KEY, log TEXT NOT NULL)",
];

impl Store {
    /// Opens (and creates) the store at `url`: `postgres://...`, `sqlite:PATH`, or a plain file
    /// path for SQLite.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, true).await
    }

    /// [`Store::open`], with the answers of a SQLite file written by its own thread
    /// (`direct_sqlite`) or by a task on the pool as for PostgreSQL (to test that one).
    async fn open_with(url: &str, direct_sqlite: bool) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let postgres = url.starts_with("postgres://") || url.starts_with("postgresql://");
        let url = if postgres || url.starts_with("sqlite:") {
            url.to_string()
        } else {
            format!("sqlite://{url}?mode=rwc")
        };
        let options = if postgres {
            AnyPoolOptions::new().max_connections(8).after_connect(|conn, _| {
                Box::pin(async move {
                    // A node that stalls inside a transaction (paused, swapping) must not hold
                    // its row locks, which would keep the others from taking its tables over:
                    // the server ends such a session, and the stalled node's commit fails.
                    // Nobody waits long for a lock either; a takeover tries again next round.
                    sqlx::query("SET idle_in_transaction_session_timeout = 2000")
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query("SET lock_timeout = 2000").execute(&mut *conn).await?;
                    Ok(())
                })
            })
        } else {
            AnyPoolOptions::new().max_connections(4).after_connect(|conn, _| {
                Box::pin(async move {
                    // Durable across a crash of the process; concurrent readers while writing.
                    sqlx::query("PRAGMA journal_mode=WAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA synchronous=NORMAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA busy_timeout=5000").execute(&mut *conn).await?;
                    Ok(())
                })
            })
        };
        let pool = options.connect(&url).await?;
        for statement in SCHEMA {
            sqlx::query(statement).execute(&pool).await?;
        }
        let (writer, batches) = mpsc::channel(4096);
        match sqlite_file(&url) {
            Some(path) if !postgres && direct_sqlite => {
                let connection = sqlite_writer::open(&path)
                    .map_err(|e| StoreError::Writer(format!("{}: {e}", path.display())))?;
                sqlite_writer::spawn(connection, batches)
                    .map_err(|e| StoreError::Writer(format!("no thread: {e}")))?;
            }
            _ => {
                tokio::spawn(write_batches(pool.clone(), batches));
            }
        }
        Ok(Store { pool, writer, postgres })
    }

    /// Whether it is PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// Stores a new table owned by `node` for `lease`.
    pub async fn create_table(
        &self,
        id: &str,
        spec: &StoredSpec,
        tokens: &[(usize, String)],
        node: &str,
        lease: Duration,
    ) -> Result<(), StoreError> {
        let text = serde_json::to_string(spec).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO hupai_tables (id, spec, created_ms, owner, lease_until_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(text)
        .bind(now)
        .bind(node)
        .bind(now + lease.as_millis() as i64)
        .execute(&mut *tx)
        .await?;
        for (p, h) in tokens {
            sqlx::query(
                "INSERT INTO hupai_seats (table_id, player, token_hash) VALUES ($1, $2, $3)",
            )
            .bind(id)
            .bind(*p as i64)
            .bind(h.as_str())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Stores a seat's token (an open seat someone took).
    pub async fn set_token(&self, id: &str, player: usize, hash: &str) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO hupai_seats (table_id, player, token_hash) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(player as i64)
            .bind(hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores answers that `node` took (waits for their commit). They are refused unless
    /// `node` owns the table when they commit: a node that lost its lease (it stalled, another
    /// took the table over) can never write into a game another node now drives.
    pub async fn append(
        &self,
        id: &str,
        node: &str,
        records: Vec<ActionRecord>,
    ) -> Result<(), StoreError> {
        if records.is_empty() {
            return Ok(());
        }
        let (done, wait) = oneshot::channel();
        let batch = (id.to_string(), node.to_string(), records, done);
        self.writer.send(batch).await.map_err(|_| StoreError::Closed)?;
        wait.await.map_err(|_| StoreError::Closed)?.map_err(StoreError::NotStored)
    }

    /// Stores a finished game's log.
    pub async fn finish(&self, id: &str, log: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO hupai_games (table_id, log) VALUES ($1, $2)")
            .bind(id)
            .bind(log)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE hupai_tables SET finished_ms = $1 WHERE id = $2")
            .bind(now_ms())
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Closes a table that never started (nobody came): it is finished, with no log.
    pub async fn abandon(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE hupai_tables SET finished_ms = $1 WHERE id = $2")
            .bind(now_ms())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A finished game's full log.
    pub async fn log(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT log FROM hupai_games WHERE table_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }

    /// Whether a table exists (finished or not), and whether it is finished.
    pub async fn table_state(&self, id: &str) -> Result<Option<bool>, StoreError> {
        let row = sqlx::query("SELECT finished_ms FROM hupai_tables WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<Option<i64>, _>(0).ok().flatten().is_some()))
    }

    /// The most recently finished games.
    pub async fn recent(&self, limit: i64) -> Result<Vec<FinishedGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, spec, finished_ms FROM hupai_tables WHERE finished_ms IS NOT NULL \
             AND id IN (SELECT table_id FROM hupai_games) ORDER BY finished_ms DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for r in rows {
            let spec = read_spec(&r, 1)?;
            let rules = match &spec.rules {
                crate::spec::RulesSource::Preset(name) => name.clone(),
                crate::spec::RulesSource::Toml(_) => "custom".into(),
            };
            out.push(FinishedGame {
                id: r.get(0),
                names: spec.names,
                rules,
                finished_ms: r.get(2),
            });
        }
        Ok(out)
    }

    /// Takes over the unfinished tables whose lease ran out for `node` (and, with `own`, the
    /// ones `node` itself holds: it restarted), and returns them to rebuild.
    pub async fn claim_expired(
        &self,
        node: &str,
        lease: Duration,
        own: bool,
    ) -> Result<Vec<StoredTable>, StoreError> {
        let now = now_ms();
        let ids: Vec<String> = sqlx::query(
            "SELECT id FROM hupai_tables WHERE finished_ms IS NULL \
             AND (lease_until_ms < $1 OR ($2 AND owner = $3))",
        )
        .bind(now)
        .bind(own)
        .bind(node)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
        let mut out = Vec::new();
        for id in ids {
            // Only one node wins the update.
            let taken = sqlx::query(
                "UPDATE hupai_tables SET owner = $1, lease_until_ms = $2 \
                 WHERE id = $3 AND finished_ms IS NULL AND (lease_until_ms < $4 OR owner = $1)",
            )
            .bind(node)
            .bind(now + lease.as_millis() as i64)
            .bind(id.as_str())
            .bind(now)
            .execute(&self.pool)
            .await?
            .rows_affected();
            if taken == 1 {
                out.push(self.load(&id).await?);
            }
        }
        Ok(out)
    }

    /// Renews `node`'s leases on its unfinished tables; returns how many it holds.
    pub async fn renew(&self, node: &str, lease: Duration) -> Result<u64, StoreError> {
        let r = sqlx::query(
            "UPDATE hupai_tables SET lease_until_ms = $1 WHERE owner = $2 AND finished_ms IS NULL",
        )
        .bind(now_ms() + lease.as_millis() as i64)
        .bind(node)
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected())
    }

    /// The unfinished tables `node` owns.
    pub async fn owned(&self, node: &str) -> Result<std::collections::HashSet<String>, StoreError> {
        let rows =
            sqlx::query("SELECT id FROM hupai_tables WHERE owner = $1 AND finished_ms IS NULL")
                .bind(node)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Which node owns a table, while its lease holds.
    pub async fn owner(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT owner FROM hupai_tables WHERE id = $1 AND finished_ms IS NULL AND lease_until_ms >= $2",
        )
        .bind(id)
        .bind(now_ms())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.and_then(|r| r.try_get::<Option<String>, _>(0).ok().flatten()))
    }

    /// One stored table with its tokens and answers.
    pub async fn load(&self, id: &str) -> Result<StoredTable, StoreError> {
        let row = sqlx::query("SELECT spec FROM hupai_tables WHERE id = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await?;
        let spec = read_spec(&row, 0)?;
        let tokens = sqlx::query("SELECT player, token_hash FROM hupai_seats WHERE table_id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| (r.get::<i64, _>(0) as usize, r.get::<String, _>(1)))
            .collect();
        let rows = sqlx::query(
            "SELECT n, player, decision, action, how, bank_ms FROM hupai_actions WHERE table_id = $1 \
             ORDER BY n",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut answers = Vec::with_capacity(rows.len());
        for r in rows {
            let corrupt = |what: &str, e: serde_json::Error| {
                StoreError::Corrupt(format!("table {id}: {what}: {e}"))
            };
            let action: String = r.get(3);
            let how: String = r.get(4);
            answers.push(ActionRecord {
                n: r.get::<i64, _>(0) as u64,
                player: r.get::<i64, _>(1) as usize,
                decision: r.get::<i64, _>(2) as u64,
                action: serde_json::from_str(&action).map_err(|e| corrupt("an answer", e))?,
                how: serde_json::from_value(serde_json::Value::String(how))
                    .map_err(|e| corrupt("who answered", e))?,
                bank_ms: r.get::<i64, _>(5) as u64,
            });
        }
        Ok(StoredTable { id: id.to_string(), spec, tokens, answers })
    }
}

/// The file of a SQLite URL as sqlx reads it (none for an in-memory database, which only the
/// pool's connections share).
fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let options: SqliteConnectOptions = url.parse().ok()?;
    let path = options.get_filename();
    let memory = url.contains(":memory:") || url.contains("mode=memory");
    (!memory && !path.as_os_str().is_empty()).then(|| path.to_path_buf())
}

fn read_spec(row: &AnyRow, at: usize) -> Result<StoredSpec, StoreError> {
    let text: String = row.get(at);
    serde_json::from_str(&text).map_err(|e| StoreError::Corrupt(format!("a table's spec: {e}")))
}

fn how_text(how: How) -> &'static str {
    match how {
        How::Player => "player",
        How::Timeout => "timeout",
        How::Bot => "bot",
        How::Takeover => "takeover",
        How::Illegal => "illegal",
    }
}

/// The writer on the pool (PostgreSQL, an in-memory SQLite): commits what arrived together in
/// one transaction, on a connection of its own (taken from the pool once, not for every commit).
async fn write_batches(pool: AnyPool, mut batches: mpsc::Receiver<Batch>) {
    let mut writer = Writer { pool, connection: None };
    let mut waiting: Vec<Batch> = Vec::new();
    while let Some(first) = batches.recv().await {
        waiting.push(first);
        while waiting.len() < 512 {
            match batches.try_recv() {
                Ok(b) => waiting.push(b),
                Err(_) => break,
            }
        }
        if writer.commit(&waiting).await.is_ok() {
            for (_, _, _, done) in waiting.drain(..) {
                let _ = done.send(Ok(()));
            }
            continue;
        }
        // One table's answers were refused (another node wrote them, or the database is
        // failing): commit each table on its own, so only the refused ones hear of it.
        for batch in waiting.drain(..) {
            let result = writer.commit(std::slice::from_ref(&batch)).await;
            let _ = batch.3.send(result.map_err(|e| e.to_string()));
        }
    }
}

/// Rows of answers written by one `INSERT` (7 values a row, well under every database's limit
/// on bound values).
const ROWS_PER_INSERT: usize = 100;

/// The writer's connection.
struct Writer {
    pool: AnyPool,
    connection: Option<PoolConnection<Any>>,
}

impl Writer {
    /// Commits `batches` in one transaction. A connection that fails (not a statement the
    /// database refused) is given up, and the next commit takes another.
    async fn commit(&mut self, batches: &[Batch]) -> Result<(), sqlx::Error> {
        let connection = match &mut self.connection {
            Some(c) => c,
            None => self.connection.insert(self.pool.acquire().await?),
        };
        let result = commit(connection, batches).await;
        if let Err(e) = &result {
            if !matches!(e, sqlx::Error::Database(_) | sqlx::Error::Protocol(_)) {
                self.connection = None;
            }
        }
        result
    }
}

/// Commits the answers of `batches` in one transaction, with as few statements as possible:
/// one ownership check per node and one `INSERT` per hundred answers, whatever the number of
/// tables (each statement is a round trip to the database's thread or server).
async fn commit(connection: &mut AnyConnection, batches: &[Batch]) -> Result<(), sqlx::Error> {
    if batches.is_empty() {
        return Ok(());
    }
    let mut tx = connection.begin().await?;
    let mut nodes: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (id, node, _, _) in batches {
        nodes.entry(node.as_str()).or_default().insert(id.as_str());
    }
    for (node, ids) in &nodes {
        // The owner's fence: these row locks also order the commit against a takeover.
        let sql = format!(
            "UPDATE hupai_tables SET owner = owner WHERE owner = $1 AND finished_ms IS NULL \
             AND id IN ({})",
            placeholders(2, ids.len(), 1)
        );
        let mut fence = sqlx::query(&sql).bind(*node);
        for id in ids {
            fence = fence.bind(*id);
        }
        let owned = fence.execute(&mut *tx).await?.rows_affected();
        if owned != ids.len() as u64 {
            return Err(sqlx::Error::Protocol(format!(
                "{} of the {} tables are not owned by node {node}",
                ids.len() as u64 - owned.min(ids.len() as u64),
                ids.len()
            )));
        }
    }
    let rows: Vec<(&str, &ActionRecord)> = batches
        .iter()
        .flat_map(|(id, _, records, _)| records.iter().map(|r| (id.as_str(), r)))
        .collect();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO hupai_actions (table_id, n, player, decision, action, how, bank_ms) \
             VALUES {}",
            placeholders(1, chunk.len(), 7)
        );
        let mut insert = sqlx::query(&sql);
        for (id, r) in chunk {
            // An action that does not encode refuses the commit rather than store a blank.
            let action =
                serde_json::to_string(&r.action).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
            insert = insert
                .bind(*id)
                .bind(r.n as i64)
                .bind(r.player as i64)
                .bind(r.decision as i64)
                .bind(action)
                .bind(how_text(r.how))
                .bind(r.bank_ms as i64);
        }
        insert.execute(&mut *tx).await?;
    }
    tx.commit().await
}

/// `count` groups of `width` numbered placeholders from `$first` on: `$2, $3` (width 1) or
/// `($1, $2), ($3, $4)` (width 2).
fn placeholders(first: usize, count: usize, width: usize) -> String {
    let group = |g: usize| {
        let one: Vec<String> = (0..width).map(|k| format!("${}", first + g * width + k)).collect();
        if width == 1 {
            one.join(", ")
        } else {
            format!("({})", one.join(", "))
        }
    };
    (0..count).map(group).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_engine::Action;

    #[test]
    fn placeholders_are_numbered_in_groups() {
        assert_eq!(placeholders(2, 3, 1), "$2, $3, $4");
        assert_eq!(placeholders(1, 2, 3), "($1, $2, $3), ($4, $5, $6)");
    }

    fn answers(n: u64) -> Vec<ActionRecord> {
        (0..n)
            .map(|n| ActionRecord {
                n,
                player: n as usize % 4,
                decision: n * 3,
                action: Action::Pass,
                how: How::Player,
                bank_ms: 1000 + n,
            })
            .collect()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn answers_are_stored_only_by_the_tables_owner_even_in_one_commit() {
        // SQLite's own writer thread, and the pool's writer that PostgreSQL uses.
        for direct in [true, false] {
            owners_only(direct).await;
        }
    }

    async fn owners_only(direct: bool) {
        let path =
            std::env::temp_dir().join(format!("hupai-store-{}-{direct}.db", std::process::id()));
        let store = Store::open_with(path.to_str().unwrap(), direct).await.unwrap();
        let new: crate::spec::NewTable =
            serde_json::from_str(r#"{"seats":["human","human","human","human"]}"#).unwrap();
        let spec = StoredSpec::new(&new.check().unwrap(), 1, 2);
        let lease = Duration::from_secs(60);
        for (id, node) in [("t1", "a"), ("t2", "b"), ("t3", "a")] {
            store.create_table(id, &spec, &[], node, lease).await.unwrap();
        }
        // Three tables commit at once (most likely in one transaction): the one node `a` does
        // not own is refused, the others are stored whole, in order.
        let (one, two, three) = tokio::join!(
            store.append("t1", "a", answers(150)),
            store.append("t2", "a", answers(3)),
            store.append("t3", "a", answers(2)),
        );
        assert!(one.is_ok() && three.is_ok(), "{one:?} {three:?}");
        assert!(matches!(two, Err(StoreError::NotStored(_))), "{two:?}");
        assert_eq!(store.load("t1").await.unwrap().answers, answers(150));
        assert_eq!(store.load("t3").await.unwrap().answers, answers(2));
        assert!(store.load("t2").await.unwrap().answers.is_empty());
        // An answer stored twice (its place taken) is refused too.
        assert!(store.append("t3", "a", answers(1)).await.is_err());
        // A table another node took over (its lease ran out) refuses its old owner's answers
        // and takes the new owner's; a finished one refuses everybody's.
        store.renew("a", Duration::ZERO).await.unwrap();
        tokio::time::sleep(Duration::from_millis(5)).await;
        let taken = store.claim_expired("b", lease, false).await.unwrap();
        assert_eq!(taken.len(), 2, "{taken:?}");
        let later = |from: u64| answers(from + 1).split_off(from as usize);
        assert!(matches!(store.append("t3", "a", later(2)).await, Err(StoreError::NotStored(_))));
        store.append("t3", "b", later(2)).await.unwrap();
        store.finish("t3", "").await.unwrap();
        assert!(store.append("t3", "b", later(3)).await.is_err());
        assert_eq!(store.load("t3").await.unwrap().answers, answers(3));
        // What was committed is there for the next process.
        drop(store);
        let again = Store::open_with(path.to_str().unwrap(), direct).await.unwrap();
        assert_eq!(again.load("t1").await.unwrap().answers, answers(150));
        assert_eq!(again.load("t3").await.unwrap().answers, answers(3));
        again.pool.close().await;
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
        }
    }

    #[test]
    fn a_sqlite_url_names_its_file_unless_in_memory() {
        let file = |url: &str| sqlite_file(url).map(|p| p.display().to_string());
        assert_eq!(file("sqlite://hupai.db?mode=rwc").as_deref(), Some("hupai.db"));
        assert_eq!(file("sqlite:/tmp/x.db").as_deref(), Some("/tmp/x.db"));
        assert_eq!(file("sqlite::memory:"), None);
        assert_eq!(file("sqlite://?mode=memory"), None);
    }
}
