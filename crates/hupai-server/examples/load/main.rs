//! The load generator for `hupai serve`: N tables of four socket clients that answer their
//! prompts at a human pace (each table one action per `--pace` on average) or at once
//! (`--pace 0`), for a bounded time. It reports the action-to-next-prompt latency, the actions
//! per second sustained, the errors, and the server's memory and CPU.
//!
//! ```text
//! cargo run --release -p hupai-server --example load -- --tables 100 --duration 10s
//! cargo build --release -p hupai-cli
//! cargo run --release -p hupai-server --example load -- --spawn target/release/hupai \
//!     --tables 2000 --pace 1s --duration 60s
//! cargo run --release -p hupai-server --example load -- --spawn target/release/hupai \
//!     --tables 200 --pace 0 --duration 30s
//! cargo run --release -p hupai-server --example load -- --spawn target/release/hupai \
//!     --tables 50 --pace 0 --duration 20s --mjai
//! ```
//!
//! Where the server runs:
//! - by default in this process (a fresh SQLite file, per-address limits raised: every client
//!   comes from 127.0.0.1); its memory then includes the clients';
//! - `--spawn PATH`: starts `PATH serve` (the `hupai` binary) as a process of its own, with the
//!   same store and limits, so that its memory and CPU are its own; `--server-cpus LIST` runs it
//!   under `taskset -c LIST`;
//! - `--server http://HOST:PORT`: a running server (`--pid` to read its memory and CPU). Start
//!   it with the limits raised: `hupai serve --connections-per-address 1000000
//!   --tables-per-minute 1000000 --messages-per-second 1000`.
//!
//! Besides the CPU each process used, the report gives the time their threads were runnable but
//! waiting for a CPU (the scheduler's `schedstat`) and how idle the whole machine was: on a
//! shared machine, a server whose threads wait for a CPU longer than they run is measuring the
//! machine's share, not its own speed.
//!
//! Every table is four sockets in the generator and four in the server: the generator raises
//! its open-file limit to the hard limit (`ulimit -Hn`), which a spawned server inherits.

mod generator;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use generator::{Options, Report, Window};
use hupai_server::client::http;
use hupai_server::{Config, Server};
use serde_json::Value;

const USAGE: &str = "\
usage: load [--tables N] [--pace DUR] [--duration DUR] [--warmup DUR]
            [--spawn PATH [--server-cpus LIST] | --server URL [--pid PID]]
            [--db PATH|postgres://...] [--rules NAME] [--length LEN] [--setup-parallel N]
            [--seed N] [--perf FILE] [--mjai]

  --tables N          tables of four socket clients (default 100)
  --pace DUR          each table makes one action per DUR on average; 0: answer at once
                      (default 1s, a human pace; DUR is 250ms, 1s, 1.5s, ...)
  --duration DUR      how long to measure (default 30s)
  --warmup DUR        play between the last connection and the measurement (default 3s)
  --spawn PATH        start PATH serve (the hupai binary) as a process of its own
  --server-cpus LIST  with --spawn: run it under taskset -c LIST
  --server URL        use the server at URL (http://HOST:PORT) instead of starting one
  --pid PID           with --server: the server's process, to read its memory and CPU
  --db PATH|URL       the store of a server started here (default /tmp/hupai-load-PID.db,
                      removed afterwards; a postgres:// URL is used as is)
  --rules NAME        the tables' rules (default riichi)
  --length LEN        hand, east (default), half or full; a table whose match ends is replaced
  --setup-parallel N  tables being created and connected at once (default 32)
  --seed N            the generator's choices (default 1)
  --perf FILE         record the server with `perf record -e cpu-clock -g` while measuring
  --mjai              the seats are mjai bots over TCP (hupai's own, tsumogiri) instead of
                      WebSocket clients: actions are their decisions, latency is from a reply
                      to the next line
";

/// Where the server is.
#[derive(Clone, Debug)]
enum Target {
    InProcess,
    Spawn { hupai: PathBuf, cpus: Option<String> },
    Url { url: String, pid: Option<u32> },
}

#[derive(Clone, Debug)]
struct Args {
    options: Options,
    target: Target,
    db: Option<String>,
    perf: Option<PathBuf>,
}

/// `250ms`, `1s`, `1.5s`, `2m`, or a bare number of seconds.
fn duration(text: &str) -> Result<Duration, String> {
    let (number, unit) = match text.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => text.split_at(i),
        None => (text, "s"),
    };
    let n: f64 = number.parse().map_err(|_| format!("'{text}': not a duration like 1s"))?;
    let seconds = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" => n * 60.0,
        _ => return Err(format!("'{text}': units are ms, s or m")),
    };
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("'{text}': 0 or more"))
}

fn parse_args() -> Result<Args, String> {
    let mut options = Options::default();
    let (mut spawn, mut cpus, mut url, mut pid) = (None, None, None, None);
    let (mut db, mut perf) = (None, None);
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            return Err(String::new());
        }
        if flag == "--mjai" {
            options.mjai = true;
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{flag}: needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--tables" => options.tables = value.parse().map_err(|e| bad(&e))?,
            "--pace" => options.pace = duration(&value)?,
            "--duration" => options.duration = duration(&value)?,
            "--warmup" => options.warmup = duration(&value)?,
            "--spawn" => spawn = Some(PathBuf::from(value)),
            "--server-cpus" => cpus = Some(value),
            "--server" => url = Some(value.trim_end_matches('/').to_string()),
            "--pid" => pid = Some(value.parse().map_err(|e| bad(&e))?),
            "--db" => db = Some(value),
            "--rules" => options.rules = value,
            "--length" => options.length = value,
            "--setup-parallel" => options.setup_parallel = value.parse().map_err(|e| bad(&e))?,
            "--seed" => options.seed = value.parse().map_err(|e| bad(&e))?,
            "--perf" => perf = Some(PathBuf::from(value)),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if options.tables == 0 || options.setup_parallel == 0 {
        return Err("--tables and --setup-parallel: at least 1".into());
    }
    if options.duration.is_zero() {
        return Err("--duration: more than 0".into());
    }
    let target = match (spawn, url) {
        (Some(_), Some(_)) => return Err("--spawn or --server, not both".into()),
        (Some(hupai), None) => Target::Spawn { hupai, cpus },
        (None, Some(url)) => Target::Url { url, pid },
        (None, None) => Target::InProcess,
    };
    Ok(Args { options, target, db, perf })
}

/// Raises the open-file limit to the hard limit; returns it.
fn raise_file_limit() -> u64 {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.maximum.is_some() && limit.current != limit.maximum {
        limit.current = limit.maximum;
        let _ = setrlimit(Resource::Nofile, limit);
    }
    getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX)
}

/// What /proc says of a process: resident memory (KiB), its peak, CPU time (seconds), and the
/// time its threads were runnable but waiting for a CPU (seconds, from the scheduler's
/// statistics; 0 where the kernel keeps none).
#[derive(Clone, Copy, Debug, Default)]
struct ProcStat {
    rss_kib: u64,
    hwm_kib: u64,
    cpu_s: f64,
    waiting_s: f64,
}

fn proc_stat(pid: u32) -> Option<ProcStat> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th,
    // in clock ticks (USER_HZ, 100 on Linux).
    let rest: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = rest.get(11)?.parse::<u64>().ok()? + rest.get(12)?.parse::<u64>().ok()?;
    Some(ProcStat {
        rss_kib: field("VmRSS:")?,
        hwm_kib: field("VmHWM:").unwrap_or(0),
        cpu_s: ticks as f64 / 100.0,
        waiting_s: waiting_for_cpu_s(pid),
    })
}

/// The time the threads of process `pid` spent runnable but waiting for a CPU (seconds): the
/// second field of each thread's `schedstat`. Threads that ended are not counted, so it is a
/// figure for processes whose threads live as long as the measurement (the server's and the
/// generator's runtimes).
fn waiting_for_cpu_s(pid: u32) -> f64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return 0.0 };
    let ns: u64 = tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .sum();
    ns as f64 / 1e9
}

/// The machine's CPU time so far (seconds, summed over its CPUs): busy and idle.
#[derive(Clone, Copy, Debug, Default)]
struct MachineStat {
    busy_s: f64,
    idle_s: f64,
}

/// The server, the generator and the machine at one end of the measurement.
#[derive(Clone, Copy, Debug)]
struct Snapshot {
    server: ProcStat,
    generator: ProcStat,
    machine: Option<MachineStat>,
}

/// Takes a [`Snapshot`] (none without the server's process).
fn snapshot(server: Option<u32>) -> Option<Snapshot> {
    Some(Snapshot {
        server: proc_stat(server?)?,
        generator: proc_stat(std::process::id())?,
        machine: machine_stat(),
    })
}

fn machine_stat() -> Option<MachineStat> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let ticks: Vec<u64> =
        stat.lines().next()?.split_whitespace().skip(1).filter_map(|v| v.parse().ok()).collect();
    // user nice system idle iowait irq softirq steal (guest time is within user).
    let idle = ticks.get(3)? + ticks.get(4).unwrap_or(&0);
    let busy = ticks.iter().take(8).sum::<u64>() - idle;
    Some(MachineStat { busy_s: busy as f64 / 100.0, idle_s: idle as f64 / 100.0 })
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// A SQLite file this run made (removed when dropped) and the server process it started
/// (killed when dropped).
#[derive(Debug, Default)]
struct Cleanup {
    child: Option<Child>,
    db: Option<PathBuf>,
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
        if let Some(db) = &self.db {
            for ext in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{ext}", db.display()));
            }
        }
    }
}

/// The store a started server uses: the given one, or a fresh SQLite file removed afterwards.
fn store(db: &Option<String>, cleanup: &mut Cleanup) -> String {
    match db {
        Some(db) => db.clone(),
        None => {
            let path = std::env::temp_dir().join(format!("hupai-load-{}.db", std::process::id()));
            for ext in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
            }
            cleanup.db = Some(path.clone());
            path.display().to_string()
        }
    }
}

/// The per-address limits of a load test: every client comes from 127.0.0.1.
const LIMIT_FLAGS: [&str; 6] = [
    "--connections-per-address",
    "1000000",
    "--tables-per-minute",
    "1000000",
    "--messages-per-second",
    "1000",
];

/// Starts `hupai serve` on a free port; returns its base URL and process id.
fn spawn_server(
    hupai: &PathBuf,
    cpus: &Option<String>,
    db: &str,
    cleanup: &mut Cleanup,
) -> Result<(String, u32), String> {
    use std::io::BufRead;
    let mut command = match cpus {
        Some(cpus) => {
            let mut c = Command::new("taskset");
            c.arg("-c").arg(cpus).arg(hupai);
            c
        }
        None => Command::new(hupai),
    };
    let mut child = command
        .args(["serve", "--addr", "127.0.0.1:0", "--mjai-addr", "127.0.0.1:0", "--db", db])
        .args(LIMIT_FLAGS)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", hupai.display()))?;
    let pid = child.id();
    let stdout = child.stdout.take().ok_or("no stdout")?;
    cleanup.child = Some(child);
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
    Ok((base, pid))
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
    let options = &args.options;
    let files = raise_file_limit();
    let per_table = match args.target {
        Target::InProcess => 8,
        _ => 4,
    };
    if (options.tables as u64) * per_table + 64 > files {
        eprintln!(
            "load: warning: {} tables need about {} open files here, the limit is {files} (ulimit -n)",
            options.tables,
            options.tables as u64 * per_table + 64
        );
    }
    let load_before = loadavg();
    let mut cleanup = Cleanup::default();
    let mut in_process = None;
    let (base, pid, store_name) = match &args.target {
        Target::InProcess => {
            let db = store(&args.db, &mut cleanup);
            let addr = "127.0.0.1:0".parse().map_err(|e| format!("{e}"))?;
            let mut config = Config::new(addr, &db);
            config.limits.connections_per_address = 1_000_000;
            config.limits.tables_per_minute = 1_000_000;
            config.limits.messages_per_second = 1000.0;
            config.limits.message_burst = 3000.0;
            config.mjai_addr = Some("127.0.0.1:0".parse().map_err(|e| format!("{e}"))?);
            let server = Server::start(config).await.map_err(|e| format!("the server: {e}"))?;
            let base = format!("http://{}", server.addr);
            in_process = Some(server);
            (base, Some(std::process::id()), db)
        }
        Target::Spawn { hupai, cpus } => {
            let db = store(&args.db, &mut cleanup);
            let (base, pid) = spawn_server(hupai, cpus, &db, &mut cleanup)?;
            (base, Some(pid), db)
        }
        Target::Url { url, pid } => (url.clone(), *pid, "the server's".into()),
    };
    let (status, health) =
        http(&base, "GET", "/api/health", None).await.map_err(|e| e.to_string())?;
    if status != 200 {
        return Err(format!("{base}/api/health: {status} {health}"));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let idle = pid.and_then(proc_stat);
    let pace = if options.pace.is_zero() {
        "instant answers".to_string()
    } else {
        format!("one action per {:?} per table", options.pace)
    };
    let clients = if options.mjai { "mjai bots over TCP" } else { "WebSocket clients" };
    println!(
        "hupai load: {} tables x 4 {clients}, {pace}, {:?} measured after {:?} of warm-up; {} open files allowed",
        options.tables, options.duration, options.warmup, files
    );
    let store_kind = if store_name.starts_with("postgres") { "PostgreSQL" } else { "SQLite" };
    match &args.target {
        Target::InProcess => println!("server: in this process at {base}, store {store_kind}"),
        Target::Spawn { hupai, cpus } => println!(
            "server: {} serve (pid {}{}) at {base}, store {store_kind}",
            hupai.display(),
            pid.unwrap_or(0),
            cpus.as_ref().map(|c| format!(", cpus {c}")).unwrap_or_default()
        ),
        Target::Url { .. } => {
            println!("server: {base}{}", pid.map(|p| format!(" (pid {p})")).unwrap_or_default())
        }
    }

    let (mut at_start, mut at_end) = (None, None);
    let mut perf = None;
    let mut window = |w: Window| match w {
        Window::Start => {
            at_start = snapshot(pid);
            if let (Some(file), Some(p)) = (&args.perf, pid) {
                perf = Command::new("perf")
                    .args(["record", "-q", "-e", "cpu-clock", "-g", "-p", &p.to_string(), "-o"])
                    .arg(file)
                    .args(["--", "sleep", &format!("{}", options.duration.as_secs_f64())])
                    .stdout(Stdio::null())
                    .spawn()
                    .map_err(|e| eprintln!("load: no perf: {e}"))
                    .ok();
            }
        }
        Window::End => {
            at_end = snapshot(pid);
        }
    };
    let report = generator::drive(&base, options, &mut window).await?;
    let (_, health) = http(&base, "GET", "/api/health", None).await.unwrap_or((0, String::new()));
    let server_tables =
        serde_json::from_str::<Value>(&health).ok().and_then(|h| h["tables"].as_u64());
    if let Some(mut p) = perf {
        let _ = p.wait();
    }
    print_report(&args, &report, idle, at_start, at_end, server_tables, &load_before);
    drop(in_process);
    drop(cleanup);
    Ok(())
}

fn print_report(
    args: &Args,
    r: &Report,
    idle: Option<ProcStat>,
    at_start: Option<Snapshot>,
    at_end: Option<Snapshot>,
    server_tables: Option<u64>,
    load_before: &str,
) {
    let tables = args.options.tables;
    let made = tables - r.connect_errors.min(tables as u64) as usize;
    println!("setup: {made} tables and {} sockets in {:.1} s", 4 * made, r.setup_s);
    let rate = r.rate();
    let asked = if args.options.mjai { "lines" } else { "prompts" };
    println!(
        "actions: {} in {:.1} s = {rate:.0}/s ({:.2}/s per table); {asked} {}; frames to clients {:.0}/s ({:.1} MB/s)",
        r.acts,
        r.window_s,
        rate / tables as f64,
        r.prompts,
        r.frames as f64 / r.window_s,
        r.bytes as f64 / r.window_s / 1e6,
    );
    let q = |x| r.percentile_ms(x);
    let max = r.latencies_us.last().map_or(f64::NAN, |&m| m as f64 / 1000.0);
    let timed = if args.options.mjai { "reply -> next line" } else { "act -> next prompt" };
    println!(
        "latency {timed} ({} timed): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {max:.2} ms",
        r.latencies_us.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        q(0.999),
    );
    println!(
        "errors: {} (server errors {}, tables not made {}, socket {}, closed {}); takeovers {}; matches over {}, tables made {}",
        r.errors(),
        r.server_errors,
        r.connect_errors,
        r.socket_errors,
        r.closed,
        r.takeovers,
        r.matches_over,
        r.tables_made,
    );
    for line in &r.messages {
        println!("  error: {}", line.chars().take(200).collect::<String>());
    }
    let in_process = matches!(args.target, Target::InProcess);
    let (mut per_table_kib, mut server_cpu, mut self_cpu) = (f64::NAN, f64::NAN, f64::NAN);
    let (mut server_waiting, mut self_waiting) = (f64::NAN, f64::NAN);
    if let (Some(idle), Some(start), Some(end)) = (idle, at_start, at_end) {
        let (s0, g0, s1, g1) = (start.server, start.generator, end.server, end.generator);
        per_table_kib = (s1.rss_kib as f64 - idle.rss_kib as f64) / tables as f64;
        server_cpu = (s1.cpu_s - s0.cpu_s) / r.window_s;
        self_cpu = (g1.cpu_s - g0.cpu_s) / r.window_s;
        server_waiting = (s1.waiting_s - s0.waiting_s) / r.window_s;
        self_waiting = (g1.waiting_s - g0.waiting_s) / r.window_s;
        let whose = if in_process { "server and clients (one process)" } else { "server" };
        println!(
            "{whose}: RSS {:.1} MiB before any table, {:.1} MiB with the tables (peak {:.1} MiB; {} tables held, finished ones linger 60 s): {per_table_kib:.0} KiB per table; CPU {:.0}% of one core",
            idle.rss_kib as f64 / 1024.0,
            s1.rss_kib as f64 / 1024.0,
            s1.hwm_kib as f64 / 1024.0,
            server_tables.map_or("?".into(), |t| t.to_string()),
            100.0 * server_cpu,
        );
        if !in_process {
            println!(
                "generator: CPU {:.0}% of one core, RSS {:.1} MiB",
                100.0 * self_cpu,
                g1.rss_kib as f64 / 1024.0
            );
        }
        // Time runnable but not running: the cores were busy with something else. When it is
        // as large as the time running, the rate is the machine's share, not the server's.
        let per_action = |cpu: f64| 1e6 * cpu * r.window_s / r.acts.max(1) as f64;
        if in_process {
            println!(
                "CPU an action: {:.1} us (server and clients); waiting for a CPU: {:.0}% of one core",
                per_action(server_cpu),
                100.0 * server_waiting,
            );
        } else {
            println!(
                "CPU an action: server {:.1} us, generator {:.1} us; waiting for a CPU: server {:.0}%, generator {:.0}% of one core",
                per_action(server_cpu),
                per_action(self_cpu),
                100.0 * server_waiting,
                100.0 * self_waiting,
            );
        }
    }
    let mut machine_idle = f64::NAN;
    if let Some((m0, m1)) = at_start.and_then(|s| s.machine).zip(at_end.and_then(|s| s.machine)) {
        let (busy, idle) = (m1.busy_s - m0.busy_s, m1.idle_s - m0.idle_s);
        machine_idle = idle / (busy + idle).max(f64::MIN_POSITIVE);
        println!(
            "machine: {:.0}% idle over the measurement ({:.2} cores busy, everything on it)",
            100.0 * machine_idle,
            busy / r.window_s
        );
    }
    let load_after = loadavg();
    println!("load average: {load_before} before, {load_after} after");
    let result = serde_json::json!({
        "tables": tables, "pace_ms": args.options.pace.as_millis() as u64, "mjai": args.options.mjai,
        "seconds": r.window_s, "setup_s": r.setup_s,
        "actions": r.acts, "actions_per_s": rate, "timed": r.latencies_us.len(),
        "p50_ms": q(0.5), "p90_ms": q(0.9), "p99_ms": q(0.99), "p999_ms": q(0.999), "max_ms": max,
        "errors": r.errors(), "takeovers": r.takeovers, "in_process": in_process,
        "server_rss_idle_kib": idle.map(|s| s.rss_kib),
        "server_rss_kib": at_end.map(|s| s.server.rss_kib),
        "kib_per_table": per_table_kib, "server_cpu": server_cpu, "generator_cpu": self_cpu,
        "server_waiting_for_cpu": server_waiting, "generator_waiting_for_cpu": self_waiting,
        "machine_idle": machine_idle,
        "loadavg_before": load_before, "loadavg_after": load_after,
    });
    println!("RESULT {result}");
}
