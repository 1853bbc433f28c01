//! The load generator for `hupai serve`: N tables of four socket clients that answer their
//! prompts at a human pace (the table as a whole about one action per `--pace-ms`) or at once
//! (`--pace-ms 0`), for a bounded time. It reports the action-to-next-prompt latency, the
//! actions per second sustained, the errors, and the server's memory and CPU.
//!
//! ```text
//! cargo build --release -p hupai-cli
//! cargo run --release -p hupai-server --example load -- --tables 1000 --seconds 30
//! cargo run --release -p hupai-server --example load -- --tables 200 --seconds 30 --pace-ms 0
//! ```
//!
//! By default it starts `target/release/hupai serve` as a separate process (on a fresh SQLite
//! file, with the per-address limits raised: every client comes from 127.0.0.1), so that the
//! server's memory and CPU are its own; `--url http://HOST:PORT` uses a running server instead
//! (`--pid` to read its memory). `--server-cpus 0` starts the server under `taskset -c 0`; run
//! the generator itself under `taskset -c 1` to give each its own core.
//!
//! **Latency** is measured per table: from the moment a client writes an `act` after which no
//! prompt of its table is left unanswered, to the moment the next `prompt` of that table
//! arrives at any of its four clients. It is the server's whole turn-around for one action
//! (reading the answer, the engine, the group commit to the store, serialising the events and
//! the prompt, writing them) plus the generator's own scheduling of the read. Acts answered
//! while another seat of the table still has a prompt open (simultaneous call prompts) are not
//! timed: their next prompt waits for the other seat.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hupai_server::client::{create_table, http, Client};
use serde_json::Value;
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;

const USAGE: &str = "\
usage: load [--tables N] [--seconds S] [--pace-ms MS] [--warmup S] [--url URL | --hupai PATH]
            [--pid PID] [--server-cpus LIST] [--db PATH] [--rules NAME] [--length LEN]
            [--setup-parallel N] [--seed N] [--perf FILE]

  --tables N          tables of four socket clients (default 100)
  --seconds S         how long to measure (default 30)
  --pace-ms MS        each table makes one action per MS on average; 0: answer at once
                      (default 1000, a human pace)
  --warmup S          seconds of play between the last connection and the measurement (default 3)
  --url URL           use the server at URL (http://HOST:PORT) instead of starting one
  --pid PID           the server's process, to read its memory and CPU (with --url)
  --hupai PATH        the hupai binary to start (default target/release/hupai)
  --server-cpus LIST  start the server under taskset -c LIST
  --db PATH           the started server's SQLite file (default /tmp/hupai-load-PID.db, removed)
  --rules NAME        the tables' rules (default riichi)
  --length LEN        hand, east (default), half or full; a table whose match ends is replaced
  --setup-parallel N  tables being created and connected at once (default 32)
  --seed N            the generator's choices (default 1)
  --perf FILE         record the server with `perf record -e cpu-clock -g` while measuring
";

#[derive(Clone, Debug)]
struct Args {
    tables: usize,
    seconds: f64,
    pace_ms: u64,
    warmup: f64,
    url: Option<String>,
    pid: Option<u32>,
    hupai: PathBuf,
    server_cpus: Option<String>,
    db: Option<PathBuf>,
    rules: String,
    length: String,
    setup_parallel: usize,
    seed: u64,
    perf: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        tables: 100,
        seconds: 30.0,
        pace_ms: 1000,
        warmup: 3.0,
        url: None,
        pid: None,
        hupai: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/hupai")),
        server_cpus: None,
        db: None,
        rules: "riichi".into(),
        length: "east".into(),
        setup_parallel: 32,
        seed: 1,
        perf: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            return Err(String::new());
        }
        let value = it.next().ok_or_else(|| format!("{flag}: needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--tables" => a.tables = value.parse().map_err(|e| bad(&e))?,
            "--seconds" => a.seconds = value.parse().map_err(|e| bad(&e))?,
            "--pace-ms" => a.pace_ms = value.parse().map_err(|e| bad(&e))?,
            "--warmup" => a.warmup = value.parse().map_err(|e| bad(&e))?,
            "--url" => a.url = Some(value.trim_end_matches('/').to_string()),
            "--pid" => a.pid = Some(value.parse().map_err(|e| bad(&e))?),
            "--hupai" => a.hupai = PathBuf::from(value),
            "--server-cpus" => a.server_cpus = Some(value),
            "--db" => a.db = Some(PathBuf::from(value)),
            "--rules" => a.rules = value,
            "--length" => a.length = value,
            "--setup-parallel" => a.setup_parallel = value.parse().map_err(|e| bad(&e))?,
            "--seed" => a.seed = value.parse().map_err(|e| bad(&e))?,
            "--perf" => a.perf = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if a.tables == 0 || a.setup_parallel == 0 {
        return Err("--tables and --setup-parallel: at least 1".into());
    }
    if !(a.seconds > 0.0 && a.warmup >= 0.0) {
        return Err("--seconds: more than 0; --warmup: 0 or more".into());
    }
    Ok(a)
}

/// A small random number generator (splitmix64): the generator's choices.
#[derive(Clone, Copy, Debug)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// What every client counts.
#[derive(Debug, Default)]
struct Counters {
    acts: AtomicU64,
    prompts: AtomicU64,
    frames: AtomicU64,
    bytes: AtomicU64,
    server_errors: AtomicU64,
    connect_errors: AtomicU64,
    socket_errors: AtomicU64,
    closed: AtomicU64,
    takeovers: AtomicU64,
    matches_over: AtomicU64,
    tables_made: AtomicU64,
}

/// The run's shared state.
#[derive(Debug)]
struct Run {
    args: Args,
    base: String,
    request: String,
    /// Counts while measuring (from the window's start).
    counting: AtomicBool,
    counters: Counters,
    /// Latencies in microseconds, of acts sent while counting.
    latencies: Mutex<Vec<u32>>,
    /// The first few error messages, to show.
    errors: Mutex<Vec<String>>,
    /// Tables whose four clients have connected (the first match of each runner).
    connected: AtomicUsize,
    setup: Semaphore,
}

impl Run {
    fn error(&self, counter: &AtomicU64, what: String) {
        counter.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut e) = self.errors.lock() {
            if e.len() < 10 {
                e.push(what);
            }
        }
    }
}

/// One table's pacing and latency bookkeeping, shared by its four clients.
#[derive(Debug)]
struct Pacing {
    /// Prompts received and not yet answered.
    open: u32,
    /// When the act that left no prompt open was sent (and whether it was sent while counting).
    since: Option<(Instant, bool)>,
    /// The table's next action slot (human pace).
    next_slot: Instant,
}

/// `{"type":"NAME"...`: the NAME (the server writes the tag first).
fn tag(text: &str) -> &str {
    text.strip_prefix("{\"type\":\"").and_then(|t| t.split('"').next()).unwrap_or("")
}

/// The type of the event in an `event` message.
fn event_type(text: &str) -> &str {
    text.find("\"event\":{\"type\":\"")
        .map(|i| &text[i + 17..])
        .and_then(|t| t.split('"').next())
        .unwrap_or("")
}

/// One seat's client: reads its stream and answers its prompts. True when its match ended.
async fn seat(
    run: Arc<Run>,
    pacing: Arc<Mutex<Pacing>>,
    mut client: Client,
    mut rng: Rng,
    mut stop: watch::Receiver<bool>,
) -> bool {
    let c = &run.counters;
    let pace = Duration::from_millis(run.args.pace_ms);
    loop {
        let next = tokio::select! {
            n = client.next_text() => n,
            _ = stop.changed() => break,
        };
        let text = match next {
            Ok(Some(t)) => t,
            Ok(None) => {
                run.error(&c.closed, "the server closed a connection".into());
                break;
            }
            Err(e) => {
                run.error(&c.socket_errors, e.to_string());
                break;
            }
        };
        let counting = run.counting.load(Ordering::Relaxed);
        if counting {
            c.frames.fetch_add(1, Ordering::Relaxed);
            c.bytes.fetch_add(text.len() as u64, Ordering::Relaxed);
        }
        match tag(&text) {
            "event" => {
                if event_type(&text) == "end_game" {
                    c.matches_over.fetch_add(1, Ordering::Relaxed);
                    client.close().await;
                    return true;
                }
            }
            "prompt" => {
                let now = Instant::now();
                let timed = {
                    let Ok(mut p) = pacing.lock() else { break };
                    p.open += 1;
                    p.since.take()
                };
                if let Some((sent, true)) = timed {
                    let us = now.saturating_duration_since(sent).as_micros();
                    if let Ok(mut l) = run.latencies.lock() {
                        l.push(us.min(u32::MAX as u128) as u32);
                    }
                }
                if counting {
                    c.prompts.fetch_add(1, Ordering::Relaxed);
                }
                let Some((decision, action)) = choose(&text, &mut rng) else {
                    run.error(&c.server_errors, format!("a prompt without options: {text}"));
                    break;
                };
                if !pace.is_zero() {
                    let at = {
                        let Ok(mut p) = pacing.lock() else { break };
                        let at = p.next_slot.max(now);
                        p.next_slot = at + pace;
                        at
                    };
                    tokio::select! {
                        _ = tokio::time::sleep_until(at) => {}
                        _ = stop.changed() => break,
                    }
                }
                let act = format!(r#"{{"type":"act","decision":{decision},"action":{action}}}"#);
                {
                    let Ok(mut p) = pacing.lock() else { break };
                    p.open = p.open.saturating_sub(1);
                    if p.open == 0 {
                        p.since = Some((Instant::now(), run.counting.load(Ordering::Relaxed)));
                    }
                }
                if let Err(e) = client.send_text(&act).await {
                    run.error(&c.socket_errors, e.to_string());
                    break;
                }
                if run.counting.load(Ordering::Relaxed) {
                    c.acts.fetch_add(1, Ordering::Relaxed);
                }
            }
            "error" => {
                run.error(&c.server_errors, text);
                // Whatever was sent changed nothing: the table is not waiting on the server.
                if let Ok(mut p) = pacing.lock() {
                    p.since = None;
                }
            }
            "takeover" => {
                if text.contains("\"active\":true") {
                    run.error(&c.takeovers, text);
                }
            }
            _ => {}
        }
    }
    client.close().await;
    false
}

/// The prompt's decision and the option to answer: a win when offered, otherwise any option.
fn choose(text: &str, rng: &mut Rng) -> Option<(u64, String)> {
    let v: Value = serde_json::from_str(text).ok()?;
    let decision = v["decision"].as_u64()?;
    let options = v["options"].as_array().filter(|o| !o.is_empty())?;
    let win = options.iter().find(|o| o["type"] == "hora");
    let pick = win.unwrap_or(&options[rng.below(options.len() as u64) as usize]);
    Some((decision, pick.to_string()))
}

/// Creates a table and connects its four clients.
async fn open_table(run: &Run) -> Result<(String, Vec<Client>), String> {
    let made = create_table(&run.base, &run.request).await.map_err(|e| e.to_string())?;
    let id = made["table"].as_str().ok_or("no table id")?.to_string();
    let mut clients = Vec::with_capacity(4);
    for p in 0..4 {
        let token = made["seats"][p]["token"].as_str().ok_or("no token")?;
        let client = Client::connect(&run.base, &id, Some(token), None)
            .await
            .map_err(|e| format!("player {p}: {e}"))?;
        clients.push(client);
    }
    run.counters.tables_made.fetch_add(1, Ordering::Relaxed);
    Ok((id, clients))
}

/// One table slot: a table played by four clients, replaced by a new one when its match ends,
/// until told to stop.
async fn runner(run: Arc<Run>, index: usize, stop: watch::Receiver<bool>) {
    let mut rng = Rng(run.args.seed ^ (index as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut first = true;
    while !*stop.borrow() {
        let permit = if first { run.setup.acquire().await.ok() } else { None };
        let opened = open_table(&run).await;
        drop(permit);
        if first {
            run.connected.fetch_add(1, Ordering::Relaxed);
            first = false;
        }
        let clients = match opened {
            Ok((_, clients)) => clients,
            Err(e) => {
                run.error(&run.counters.connect_errors, e);
                return;
            }
        };
        let phase = Duration::from_millis(rng.below(run.args.pace_ms.max(1)));
        let pacing = Arc::new(Mutex::new(Pacing {
            open: 0,
            since: None,
            next_slot: Instant::now() + phase,
        }));
        let seats: Vec<_> = clients
            .into_iter()
            .map(|client| {
                let r = Rng(rng.next());
                tokio::spawn(seat(Arc::clone(&run), Arc::clone(&pacing), client, r, stop.clone()))
            })
            .collect();
        let mut over = true;
        for s in seats {
            over &= s.await.unwrap_or(false);
        }
        if !over {
            return;
        }
    }
}

/// What /proc says of a process: resident memory (KiB), its peak, and CPU time (seconds).
#[derive(Clone, Copy, Debug, Default)]
struct ProcStat {
    rss_kib: u64,
    hwm_kib: u64,
    cpu_s: f64,
}

fn proc_stat(pid: Option<u32>) -> Option<ProcStat> {
    let dir = match pid {
        Some(p) => format!("/proc/{p}"),
        None => "/proc/self".into(),
    };
    let status = std::fs::read_to_string(format!("{dir}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let stat = std::fs::read_to_string(format!("{dir}/stat")).ok()?;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th,
    // in clock ticks (USER_HZ, 100 on Linux).
    let rest: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = rest.get(11)?.parse::<u64>().ok()? + rest.get(12)?.parse::<u64>().ok()?;
    Some(ProcStat {
        rss_kib: field("VmRSS:")?,
        hwm_kib: field("VmHWM:").unwrap_or(0),
        cpu_s: ticks as f64 / 100.0,
    })
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// The server this run started (killed when dropped) and its database file.
#[derive(Debug)]
struct Started {
    child: Child,
    db: PathBuf,
    keep_db: bool,
}

impl Drop for Started {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !self.keep_db {
            for ext in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{ext}", self.db.display()));
            }
        }
    }
}

/// Starts `hupai serve` on a free port; returns it, its base URL and its process id.
fn start_server(args: &Args) -> Result<(Started, String, u32), String> {
    use std::io::BufRead;
    if !args.hupai.exists() {
        return Err(format!(
            "{}: no such binary; build it with `cargo build --release -p hupai-cli` or give --hupai",
            args.hupai.display()
        ));
    }
    let keep_db = args.db.is_some();
    let db = args.db.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("hupai-load-{}.db", std::process::id()))
    });
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", db.display()));
    }
    let serve: Vec<String> = [
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        &db.display().to_string(),
        "--connections-per-address",
        "1000000",
        "--tables-per-minute",
        "1000000",
        "--messages-per-second",
        "1000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut command = match &args.server_cpus {
        Some(cpus) => {
            let mut c = Command::new("taskset");
            c.arg("-c").arg(cpus).arg(&args.hupai);
            c
        }
        None => Command::new(&args.hupai),
    };
    let mut child = command
        .args(&serve)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", args.hupai.display()))?;
    let pid = child.id();
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let started = Started { child, db, keep_db };
    let mut lines = std::io::BufReader::new(stdout).lines();
    let base = loop {
        let line = lines
            .next()
            .ok_or("the server stopped before it listened")?
            .map_err(|e| e.to_string())?;
        if let Some(url) = line.strip_prefix("hupai serve: open ") {
            break url.trim_end_matches('/').to_string();
        }
    };
    // Whatever else it prints.
    std::thread::spawn(move || lines.for_each(drop));
    Ok((started, base, pid))
}

fn percentile(sorted: &[u32], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("load: {e}");
            }
            eprint!("{USAGE}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("load: cannot start the runtime: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = runtime.block_on(load(args)) {
        eprintln!("load: {e}");
        std::process::exit(1);
    }
}

async fn load(args: Args) -> Result<(), String> {
    let load_before = loadavg();
    let (started, base, pid) = match &args.url {
        Some(url) => (None, url.clone(), args.pid),
        None => {
            let (s, base, pid) = start_server(&args)?;
            (Some(s), base, Some(pid))
        }
    };
    let (status, health) =
        http(&base, "GET", "/api/health", None).await.map_err(|e| e.to_string())?;
    if status != 200 {
        return Err(format!("{base}/api/health: {status} {health}"));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let idle = pid.and_then(|p| proc_stat(Some(p)));
    let request = format!(
        r#"{{"rules":"{}","length":"{}","seats":["human","human","human","human"],"private":true,"time":{{"turn_ms":600000,"call_ms":600000,"bank_ms":0,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":600000,"timeouts_for_takeover":1000}}}}"#,
        args.rules, args.length
    );
    let run = Arc::new(Run {
        base: base.clone(),
        request,
        counting: AtomicBool::new(false),
        counters: Counters::default(),
        latencies: Mutex::new(Vec::new()),
        errors: Mutex::new(Vec::new()),
        connected: AtomicUsize::new(0),
        setup: Semaphore::new(args.setup_parallel),
        args: args.clone(),
    });
    let pace = if args.pace_ms == 0 {
        "instant answers".to_string()
    } else {
        format!("one action per {} ms per table", args.pace_ms)
    };
    println!(
        "hupai load: {} tables x 4 clients, {pace}, {} s measured after {} s of warm-up",
        args.tables, args.seconds, args.warmup
    );
    match (&started, pid) {
        (Some(_), Some(p)) => println!(
            "server: {} serve (pid {p}{}) at {base}",
            args.hupai.display(),
            args.server_cpus.as_ref().map(|c| format!(", cpus {c}")).unwrap_or_default()
        ),
        _ => println!("server: {base}{}", pid.map(|p| format!(" (pid {p})")).unwrap_or_default()),
    }

    // Setup: every table made and its four clients connected.
    let (stop_tx, stop_rx) = watch::channel(false);
    let t0 = Instant::now();
    let runners: Vec<_> = (0..args.tables)
        .map(|i| tokio::spawn(runner(Arc::clone(&run), i, stop_rx.clone())))
        .collect();
    while run.connected.load(Ordering::Relaxed) < args.tables {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let setup_s = t0.elapsed().as_secs_f64();
    let failed = run.counters.connect_errors.load(Ordering::Relaxed);
    println!(
        "setup: {} tables and {} sockets in {setup_s:.1} s ({failed} tables failed)",
        args.tables - failed as usize,
        4 * (args.tables - failed as usize)
    );
    tokio::time::sleep(Duration::from_secs_f64(args.warmup)).await;

    // The measurement.
    let server_start = pid.and_then(|p| proc_stat(Some(p)));
    let self_start = proc_stat(None);
    let perf = match (&args.perf, pid) {
        (Some(file), Some(p)) => Command::new("perf")
            .args(["record", "-q", "-e", "cpu-clock", "-g", "-p", &p.to_string(), "-o"])
            .arg(file)
            .args(["--", "sleep", &format!("{}", args.seconds)])
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| eprintln!("load: no perf: {e}"))
            .ok(),
        _ => None,
    };
    let w0 = Instant::now();
    run.counting.store(true, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs_f64(args.seconds)).await;
    run.counting.store(false, Ordering::Relaxed);
    let window = w0.elapsed().as_secs_f64();
    let server_end = pid.and_then(|p| proc_stat(Some(p)));
    let self_end = proc_stat(None);
    let (_, health) = http(&base, "GET", "/api/health", None).await.unwrap_or((0, String::new()));
    let server_tables =
        serde_json::from_str::<Value>(&health).ok().and_then(|h| h["tables"].as_u64());
    let load_after = loadavg();
    let _ = stop_tx.send(true);
    for r in runners {
        let _ = tokio::time::timeout(Duration::from_secs(10), r).await;
    }
    if let Some(mut p) = perf {
        let _ = p.wait();
    }

    // The report.
    let c = &run.counters;
    let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
    let mut lat = run.latencies.lock().map(|l| l.clone()).unwrap_or_default();
    lat.sort_unstable();
    let (p50, p90, p99, p999) = (
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        percentile(&lat, 0.99),
        percentile(&lat, 0.999),
    );
    let max = lat.last().map_or(f64::NAN, |&m| m as f64 / 1000.0);
    let acts = n(&c.acts);
    let rate = acts as f64 / window;
    println!(
        "actions: {acts} in {window:.1} s = {rate:.0}/s ({:.2}/s per table); prompts {}; frames to clients {:.0}/s ({:.1} MB/s)",
        rate / args.tables as f64,
        n(&c.prompts),
        n(&c.frames) as f64 / window,
        n(&c.bytes) as f64 / window / 1e6,
    );
    println!(
        "latency act -> next prompt ({} timed): p50 {p50:.2} ms, p90 {p90:.2} ms, p99 {p99:.2} ms, p99.9 {p999:.2} ms, max {max:.2} ms",
        lat.len()
    );
    let errors = n(&c.server_errors) + n(&c.connect_errors) + n(&c.socket_errors) + n(&c.closed);
    println!(
        "errors: {errors} (server errors {}, tables not made {}, socket {}, closed {}); takeovers {}; matches over {}, tables made {}",
        n(&c.server_errors),
        n(&c.connect_errors),
        n(&c.socket_errors),
        n(&c.closed),
        n(&c.takeovers),
        n(&c.matches_over) / 4,
        n(&c.tables_made),
    );
    if let Ok(e) = run.errors.lock() {
        for line in e.iter() {
            println!("  error: {}", line.chars().take(200).collect::<String>());
        }
    }
    let mut per_table_kib = f64::NAN;
    let mut server_cpu = f64::NAN;
    if let (Some(idle), Some(s0), Some(s1)) = (idle, server_start, server_end) {
        per_table_kib = (s1.rss_kib as f64 - idle.rss_kib as f64) / args.tables as f64;
        server_cpu = (s1.cpu_s - s0.cpu_s) / window;
        println!(
            "server: RSS {:.1} MiB before any table, {:.1} MiB with the tables (peak {:.1} MiB; {} tables held, finished ones linger 60 s): {per_table_kib:.0} KiB per table; CPU {:.0}% of one core",
            idle.rss_kib as f64 / 1024.0,
            s1.rss_kib as f64 / 1024.0,
            s1.hwm_kib as f64 / 1024.0,
            server_tables.map_or("?".into(), |t| t.to_string()),
            100.0 * server_cpu,
        );
    }
    let mut self_cpu = f64::NAN;
    if let (Some(s0), Some(s1)) = (self_start, self_end) {
        self_cpu = (s1.cpu_s - s0.cpu_s) / window;
        println!(
            "generator: CPU {:.0}% of one core, RSS {:.1} MiB",
            100.0 * self_cpu,
            s1.rss_kib as f64 / 1024.0
        );
    }
    println!("load average: {load_before} before, {load_after} after");
    let result = serde_json::json!({
        "tables": args.tables, "pace_ms": args.pace_ms, "seconds": window, "setup_s": setup_s,
        "actions": acts, "actions_per_s": rate, "timed": lat.len(),
        "p50_ms": p50, "p90_ms": p90, "p99_ms": p99, "p999_ms": p999, "max_ms": max,
        "errors": errors, "takeovers": n(&c.takeovers),
        "server_rss_idle_kib": idle.map(|s| s.rss_kib), "server_rss_kib": server_end.map(|s| s.rss_kib),
        "kib_per_table": per_table_kib, "server_cpu": server_cpu, "generator_cpu": self_cpu,
        "loadavg_before": load_before, "loadavg_after": load_after,
    });
    println!("RESULT {result}");
    drop(started);
    Ok(())
}
