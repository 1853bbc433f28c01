//! The load generator's core: N tables of four WebSocket clients against a server at a base
//! URL, answering every prompt with a legal option after a pace delay, counting actions and
//! timing each action to the table's next prompt. With `mjai`, the four seats are external
//! mjai bots over TCP instead (hupai's own mjai bot with the `tsumogiri` agent, so that the
//! generator's own decisions cost next to nothing): every line is answered, the decisions
//! (replies other than `none`) are the actions, and the latency is from a reply to the next
//! line on the same connection. The example's `main.rs` adds the command
//! line, the server process and the report; `tests/load.rs` runs this core in-process so it
//! cannot rot.
//!
//! **Latency** is measured per table: from the moment a client writes an `act` after which no
//! prompt of its table is left unanswered, to the moment the next `prompt` of that table
//! arrives at any of its four clients. It is the server's whole turn-around for one action
//! (reading the answer, the engine, the commit to the store, serialising the events and the
//! prompt, writing them) plus the generator's own scheduling of the read. Acts answered while
//! another seat of the table still has a prompt open (simultaneous call prompts) are not timed:
//! their next prompt waits for the other seat.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use hupai_ai::mjai_bot::MjaiBot;
use hupai_ai::AgentSpec;
use hupai_rules::Rules;
use hupai_server::client::create_table;
use hupai_server::protocol::ClientMessage;
#[cfg(test)]
use serde_json::Value;
use tokio::net::TcpStream;
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Tables of four clients.
    pub tables: usize,
    /// Each table makes one action per `pace` on average; zero: answer at once.
    pub pace: Duration,
    /// Play between the last connection and the measurement.
    pub warmup: Duration,
    /// How long to measure.
    pub duration: Duration,
    /// The tables' rules.
    pub rules: String,
    /// The tables' match length; a table whose match ends is replaced by a new one.
    pub length: String,
    /// Tables being created and connected at once.
    pub setup_parallel: usize,
    /// The generator's choices.
    pub seed: u64,
    /// Play the seats as mjai bots over TCP instead of WebSocket clients.
    pub mjai: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            tables: 100,
            pace: Duration::from_secs(1),
            warmup: Duration::from_secs(3),
            duration: Duration::from_secs(30),
            rules: "riichi".into(),
            length: "east".into(),
            setup_parallel: 32,
            seed: 1,
            mjai: false,
        }
    }
}

/// The measurement window's edges, for the caller to sample the server (memory, CPU, perf).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// Every table is connected and warmed up; counting starts now.
    Start,
    /// Counting stopped; the tables are still open.
    End,
}

/// What was measured.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Seconds from the first table to the last one connected.
    pub setup_s: f64,
    /// The measurement window in seconds.
    pub window_s: f64,
    /// Acts sent in the window (mjai: replies other than `none`).
    pub acts: u64,
    /// Prompts received in the window (mjai: lines).
    pub prompts: u64,
    /// Frames received in the window, and their bytes.
    pub frames: u64,
    /// Bytes of those frames.
    pub bytes: u64,
    /// Latencies of the acts timed in the window, in microseconds, sorted.
    pub latencies_us: Vec<u32>,
    /// `error` messages from the server (anywhere in the run).
    pub server_errors: u64,
    /// Tables that could not be made or connected.
    pub connect_errors: u64,
    /// Socket errors.
    pub socket_errors: u64,
    /// Connections the server closed.
    pub closed: u64,
    /// Seats a built-in AI took over.
    pub takeovers: u64,
    /// Matches played to the end.
    pub matches_over: u64,
    /// Tables made, replacements included.
    pub tables_made: u64,
    /// The first few error messages.
    pub messages: Vec<String>,
}

impl Report {
    /// All errors of every kind.
    pub fn errors(&self) -> u64 {
        self.server_errors + self.connect_errors + self.socket_errors + self.closed
    }

    /// Acts per second in the window.
    pub fn rate(&self) -> f64 {
        self.acts as f64 / self.window_s.max(1e-9)
    }

    /// The latency at quantile `q` (0..=1) in milliseconds (NaN without any).
    pub fn percentile_ms(&self, q: f64) -> f64 {
        let l = &self.latencies_us;
        if l.is_empty() {
            return f64::NAN;
        }
        let i = ((l.len() as f64 - 1.0) * q).round() as usize;
        l[i.min(l.len() - 1)] as f64 / 1000.0
    }
}

/// The table request: four people (or mjai bots), clocks that never run out (a slow
/// generator must not turn into takeovers), no holds.
pub fn table_request(rules: &str, length: &str, mjai: bool) -> String {
    let seat = if mjai { "mjai" } else { "human" };
    format!(
        r#"{{"rules":"{rules}","length":"{length}","seats":["{seat}","{seat}","{seat}","{seat}"],"private":true,"time":{{"turn_ms":600000,"call_ms":600000,"bank_ms":0,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":600000,"timeouts_for_takeover":1000}}}}"#
    )
}

/// Runs the load against the server at `base` (`http://HOST:PORT`); `window` is called at the
/// measurement's start and end.
pub async fn drive(
    base: &str,
    options: &Options,
    window: &mut (dyn FnMut(Window) + Send),
) -> Result<Report, String> {
    if options.tables == 0 || options.setup_parallel == 0 {
        return Err("tables and setup_parallel: at least 1".into());
    }
    let run = Arc::new(Run {
        base: base.trim_end_matches('/').to_string(),
        request: table_request(&options.rules, &options.length, options.mjai),
        options: options.clone(),
        counting: AtomicBool::new(false),
        counters: Counters::default(),
        latencies: Mutex::new(Vec::new()),
        errors: Mutex::new(Vec::new()),
        connected: AtomicUsize::new(0),
        setup: Semaphore::new(options.setup_parallel),
    });
    let (stop_tx, stop_rx) = watch::channel(false);
    let t0 = Instant::now();
    let runners: Vec<_> = (0..options.tables)
        .map(|i| tokio::spawn(runner(Arc::clone(&run), i, stop_rx.clone())))
        .collect();
    while run.connected.load(Ordering::Relaxed) < options.tables {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let setup_s = t0.elapsed().as_secs_f64();
    tokio::time::sleep(options.warmup).await;

    window(Window::Start);
    let w0 = Instant::now();
    run.counting.store(true, Ordering::Relaxed);
    tokio::time::sleep(options.duration).await;
    run.counting.store(false, Ordering::Relaxed);
    let window_s = w0.elapsed().as_secs_f64();
    window(Window::End);

    let _ = stop_tx.send(true);
    for r in runners {
        let _ = tokio::time::timeout(Duration::from_secs(10), r).await;
    }
    let c = &run.counters;
    let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
    let mut latencies_us = run.latencies.lock().map(|l| l.clone()).unwrap_or_default();
    latencies_us.sort_unstable();
    Ok(Report {
        setup_s,
        window_s,
        acts: n(&c.acts),
        prompts: n(&c.prompts),
        frames: n(&c.frames),
        bytes: n(&c.bytes),
        latencies_us,
        server_errors: n(&c.server_errors),
        connect_errors: n(&c.connect_errors),
        socket_errors: n(&c.socket_errors),
        closed: n(&c.closed),
        takeovers: n(&c.takeovers),
        matches_over: n(&c.matches_over) / 4,
        tables_made: n(&c.tables_made),
        messages: run.errors.lock().map(|e| e.clone()).unwrap_or_default(),
    })
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
    options: Options,
    base: String,
    request: String,
    /// Counts while measuring (from the window's start).
    counting: AtomicBool,
    counters: Counters,
    /// Latencies in microseconds, of acts sent while counting.
    latencies: Mutex<Vec<u32>>,
    /// The first few error messages, to show.
    errors: Mutex<Vec<String>>,
    /// Tables whose four clients have connected (or failed to; the first match of each runner).
    connected: AtomicUsize,
    setup: Semaphore,
}

impl Run {
    /// What a client read: the item, or `None` (counted) when the connection closed or failed.
    fn received<T>(&self, next: Result<Option<T>, String>, what: &str) -> Option<T> {
        match next {
            Ok(Some(item)) => Some(item),
            Ok(None) => {
                self.error(&self.counters.closed, format!("the server closed {what}"));
                None
            }
            Err(e) => {
                self.error(&self.counters.socket_errors, e);
                None
            }
        }
    }

    /// Notes a latency from `since` to `now`.
    fn latency(&self, since: Instant, now: Instant) {
        let us = now.saturating_duration_since(since).as_micros();
        if let Ok(mut l) = self.latencies.lock() {
            l.push(us.min(u32::MAX as u128) as u32);
        }
    }

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

/// Waits for the table's next action slot (a human pace); false when told to stop.
async fn wait_for_slot(
    pacing: &Mutex<Pacing>,
    pace: Duration,
    now: Instant,
    stop: &mut watch::Receiver<bool>,
) -> bool {
    let at = {
        let Ok(mut p) = pacing.lock() else { return false };
        let at = p.next_slot.max(now);
        p.next_slot = at + pace;
        at
    };
    tokio::select! {
        _ = tokio::time::sleep_until(at) => true,
        _ = stop.changed() => false,
    }
}

/// Bytes a client reads from its socket at once (the server's frames are a few hundred bytes).
const READ_BUFFER: usize = 2 * 1024;

/// A WebSocket to the server.
type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens a WebSocket and says hello as the seat of `token`.
async fn connect(base: &str, table: &str, token: &str) -> Result<Socket, String> {
    let host = base.strip_prefix("http://").ok_or_else(|| format!("{base}: use http://"))?;
    // A small read buffer: tungstenite zeroes the whole buffer (128 KiB by default) before
    // every read of the socket, which would cost the generator more than the frames do.
    let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
    // TCP_NODELAY, as browsers set it: a small frame is sent at once, not after an ACK.
    let url = format!("ws://{host}/ws");
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| format!("websocket: {e}"))?;
    let hello = ClientMessage::Hello {
        table: table.to_string(),
        token: Some(token.to_string()),
        spectate: false,
        last_seq: None,
    };
    let text = serde_json::to_string(&hello).map_err(|e| e.to_string())?;
    socket.send(Message::text(text)).await.map_err(|e| format!("websocket: {e}"))?;
    Ok(socket)
}

/// The next text frame, `None` when the server closed the connection (the frame's own bytes,
/// not a copy).
async fn next_text(socket: &mut Socket) -> Result<Option<Utf8Bytes>, String> {
    loop {
        match socket.next().await {
            None | Some(Ok(Message::Close(_))) => return Ok(None),
            Some(Err(e)) => return Err(format!("websocket: {e}")),
            Some(Ok(Message::Text(t))) => return Ok(Some(t)),
            Some(Ok(_)) => continue,
        }
    }
}

/// `{"type":"NAME"...`: the NAME (the server writes the tag first).
fn tag(text: &str) -> &str {
    text.strip_prefix("{\"type\":\"").and_then(|t| t.split('"').next()).unwrap_or("")
}

/// The type of the event in an `event` message.
fn event_type(text: &str) -> &str {
    const KEY: &str = "\"event\":{\"type\":\"";
    text.find(KEY).map(|i| &text[i + KEY.len()..]).and_then(|t| t.split('"').next()).unwrap_or("")
}

/// One seat's client: reads its stream and answers its prompts. True when its match ended.
async fn seat(
    run: Arc<Run>,
    pacing: Arc<Mutex<Pacing>>,
    mut socket: Socket,
    mut rng: Rng,
    mut stop: watch::Receiver<bool>,
) -> bool {
    let c = &run.counters;
    let pace = run.options.pace;
    let over = loop {
        let next = tokio::select! {
            n = next_text(&mut socket) => n,
            _ = stop.changed() => break false,
        };
        let Some(text) = run.received(next, "a connection") else { break false };
        let counting = run.counting.load(Ordering::Relaxed);
        if counting {
            c.frames.fetch_add(1, Ordering::Relaxed);
            c.bytes.fetch_add(text.len() as u64, Ordering::Relaxed);
        }
        match tag(&text) {
            "event" if event_type(&text) == "end_game" => {
                c.matches_over.fetch_add(1, Ordering::Relaxed);
                break true;
            }
            "prompt" => {
                let now = Instant::now();
                let timed = {
                    let Ok(mut p) = pacing.lock() else { break false };
                    p.open += 1;
                    p.since.take()
                };
                if let Some((sent, true)) = timed {
                    run.latency(sent, now);
                }
                if counting {
                    c.prompts.fetch_add(1, Ordering::Relaxed);
                }
                #[cfg(test)]
                let before = rng;
                let chosen = choose(&text, &mut rng);
                #[cfg(test)]
                check_choice(&text, before, rng, chosen);
                let Some((decision, action)) = chosen else {
                    run.error(&c.server_errors, format!("a prompt without options: {}", &*text));
                    break false;
                };
                if !pace.is_zero() && !wait_for_slot(&pacing, pace, now, &mut stop).await {
                    break false;
                }
                let act = format!(r#"{{"type":"act","decision":{decision},"action":{action}}}"#);
                {
                    let Ok(mut p) = pacing.lock() else { break false };
                    p.open = p.open.saturating_sub(1);
                    if p.open == 0 {
                        p.since = Some((Instant::now(), run.counting.load(Ordering::Relaxed)));
                    }
                }
                if let Err(e) = socket.send(Message::text(act)).await {
                    run.error(&c.socket_errors, format!("websocket: {e}"));
                    break false;
                }
                if run.counting.load(Ordering::Relaxed) {
                    c.acts.fetch_add(1, Ordering::Relaxed);
                }
            }
            "error" => {
                run.error(&c.server_errors, text.to_string());
                // Whatever was sent changed nothing: the table is not waiting on the server.
                if let Ok(mut p) = pacing.lock() {
                    p.since = None;
                }
            }
            "takeover" if text.contains("\"active\":true") => {
                run.error(&c.takeovers, text.to_string());
            }
            _ => {}
        }
    };
    let _ = socket.close(None).await;
    over
}

/// The prompt's decision and the option to answer: a win when offered, otherwise any option,
/// the option exactly as the server wrote it. A targeted reading of the server's prompt
/// (`{"type":"prompt","decision":N,"options":[{"type":...},...],...}`), not a JSON tree: the
/// generator shares the machine with the server it measures. The load test checks it against
/// [`choose_by_tree`] on every prompt.
fn choose<'a>(text: &'a str, rng: &mut Rng) -> Option<(u64, &'a str)> {
    const DECISION: &str = "\"decision\":";
    let at = text.find(DECISION)? + DECISION.len();
    let digits = text[at..].bytes().take_while(u8::is_ascii_digit).count();
    let decision = text[at..at + digits].parse().ok()?;
    let mut n = 0;
    for option in options(text)? {
        let option = option?;
        if option.starts_with("{\"type\":\"hora\"") {
            // The generator has always drawn its random option before looking for a win:
            // drawn here too, so that its later choices stay what they were.
            rng.next();
            return Some((decision, option));
        }
        n += 1;
    }
    if n == 0 {
        return None;
    }
    let pick = rng.below(n as u64) as usize;
    Some((decision, options(text)?.nth(pick)??))
}

/// The prompt's options, each its JSON object's text (`None` for text that is not one).
fn options(text: &str) -> Option<impl Iterator<Item = Option<&str>>> {
    const OPTIONS: &str = "\"options\":[";
    let mut rest = &text[text.find(OPTIONS)? + OPTIONS.len()..];
    let mut done = false;
    Some(std::iter::from_fn(move || {
        if done {
            return None;
        }
        rest = rest.trim_start_matches([',', ' ']);
        if rest.starts_with(']') {
            done = true;
            return None;
        }
        let end = object_end(rest);
        if end.is_none() {
            done = true;
        }
        let end = end?;
        let (option, after) = rest.split_at(end);
        rest = after;
        Some(Some(option))
    }))
}

/// The length of the JSON object `text` starts with (strings and nesting respected).
fn object_end(text: &str) -> Option<usize> {
    if !text.starts_with('{') {
        return None;
    }
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// [`choose`] by a whole JSON tree: the obviously right reference it is checked against.
#[cfg(test)]
fn choose_by_tree(text: &str, rng: &mut Rng) -> Option<(u64, Value)> {
    let v: Value = serde_json::from_str(text).ok()?;
    let decision = v["decision"].as_u64()?;
    let options = v["options"].as_array().filter(|o| !o.is_empty())?;
    let win = options.iter().find(|o| o["type"] == "hora");
    let pick = win.unwrap_or(&options[rng.below(options.len() as u64) as usize]);
    Some((decision, pick.clone()))
}

/// In the load test, every prompt: [`choose`] picks what the JSON tree picks, and leaves the
/// random numbers where it leaves them.
#[cfg(test)]
fn check_choice(text: &str, before: Rng, after: Rng, chosen: Option<(u64, &str)>) {
    let mut reference_rng = before;
    let expected = choose_by_tree(text, &mut reference_rng);
    let got = chosen.map(|(d, o)| (d, serde_json::from_str::<Value>(o).expect("an option")));
    assert_eq!(got, expected, "{text}");
    assert_eq!(after.0, reference_rng.0, "{text}");
}

/// A seat's client: a WebSocket, or an mjai bot's TCP connection.
enum Client {
    Socket(Box<Socket>),
    Mjai(Box<Bot>),
}

/// Creates a table and connects its four clients.
async fn open_table(run: &Run) -> Result<Vec<Client>, String> {
    let made = create_table(&run.base, &run.request).await.map_err(|e| e.to_string())?;
    let id = made["table"].as_str().ok_or("no table id")?.to_string();
    let mut clients = Vec::with_capacity(4);
    for p in 0..4 {
        let seat = &made["seats"][p];
        let client = if run.options.mjai {
            let ticket = seat["ticket"].as_str().ok_or("no ticket")?;
            let addr = made["mjai"].as_str().ok_or("the server has no mjai listener")?;
            Client::Mjai(Box::new(Bot::join(addr, ticket, &run.options.rules, p).await?))
        } else {
            let token = seat["token"].as_str().ok_or("no token")?;
            let socket =
                connect(&run.base, &id, token).await.map_err(|e| format!("player {p}: {e}"))?;
            Client::Socket(Box::new(socket))
        };
        clients.push(client);
    }
    run.counters.tables_made.fetch_add(1, Ordering::Relaxed);
    Ok(clients)
}

/// An external mjai bot: its TCP connection and hupai's own mjai bot answering for it.
struct Bot {
    lines: tokio::io::Lines<tokio::io::BufReader<tokio::net::tcp::OwnedReadHalf>>,
    write: tokio::net::tcp::OwnedWriteHalf,
    bot: MjaiBot,
}

impl Bot {
    /// Connects to the mjai listener at `addr` and joins with `ticket`.
    async fn join(addr: &str, ticket: &str, rules: &str, seat: usize) -> Result<Bot, String> {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
        let stream = TcpStream::connect(addr).await.map_err(|e| format!("mjai {addr}: {e}"))?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        let (read, mut write) = stream.into_split();
        let mut lines = tokio::io::BufReader::new(read).lines();
        let hello = lines.next_line().await.map_err(|e| e.to_string())?;
        if !hello.is_some_and(|h| h.contains("\"hello\"")) {
            return Err("mjai: no hello".into());
        }
        let join = format!("{{\"type\":\"join\",\"name\":\"load\",\"room\":\"{ticket}\"}}\n");
        write.write_all(join.as_bytes()).await.map_err(|e| e.to_string())?;
        let rules = Rules::preset(rules).map_err(|e| e.to_string())?;
        let spec: AgentSpec = "tsumogiri".parse().map_err(|e| format!("{e}"))?;
        let agent = spec.build(&rules, 1, seat, &Default::default()).map_err(|e| e.to_string())?;
        Ok(Bot { lines, write, bot: MjaiBot::new(rules, agent, false) })
    }
}

/// One mjai bot's seat: answers every line (at the pace for its decisions). True when its
/// match ended.
async fn mjai_seat(
    run: Arc<Run>,
    pacing: Arc<Mutex<Pacing>>,
    mut bot: Bot,
    mut stop: watch::Receiver<bool>,
) -> bool {
    use tokio::io::AsyncWriteExt;
    let c = &run.counters;
    let pace = run.options.pace;
    let mut replied: Option<(Instant, bool)> = None;
    let over = loop {
        let next = tokio::select! {
            n = bot.lines.next_line() => n,
            _ = stop.changed() => break false,
        };
        let next = next.map_err(|e| format!("mjai: {e}"));
        let Some(line) = run.received(next, "an mjai connection") else { break false };
        let now = Instant::now();
        let counting = run.counting.load(Ordering::Relaxed);
        if let Some((at, true)) = replied.take() {
            run.latency(at, now);
        }
        if counting {
            c.frames.fetch_add(1, Ordering::Relaxed);
            c.prompts.fetch_add(1, Ordering::Relaxed);
            c.bytes.fetch_add(line.len() as u64 + 1, Ordering::Relaxed);
        }
        if line.contains("\"type\":\"end_game\"") {
            c.matches_over.fetch_add(1, Ordering::Relaxed);
            break true;
        }
        if line.contains("\"type\":\"error\"") {
            run.error(&c.server_errors, line);
            break false;
        }
        let reply = bot.bot.handle_line(&line).0;
        let decision = reply != "{\"type\":\"none\"}";
        if decision && !pace.is_zero() && !wait_for_slot(&pacing, pace, now, &mut stop).await {
            break false;
        }
        let mut bytes = reply.into_bytes();
        bytes.push(b'\n');
        if let Err(e) = bot.write.write_all(&bytes).await {
            run.error(&c.socket_errors, format!("mjai: {e}"));
            break false;
        }
        let counting = run.counting.load(Ordering::Relaxed);
        replied = Some((Instant::now(), counting));
        if decision && counting {
            c.acts.fetch_add(1, Ordering::Relaxed);
        }
    };
    over
}

/// One table slot: a table played by four clients, replaced by a new one when its match ends,
/// until told to stop.
async fn runner(run: Arc<Run>, index: usize, stop: watch::Receiver<bool>) {
    let mut rng = Rng(run.options.seed ^ (index as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut first = true;
    let pace_ms = run.options.pace.as_millis().max(1) as u64;
    while !*stop.borrow() {
        let permit = if first { run.setup.acquire().await.ok() } else { None };
        let opened = open_table(&run).await;
        drop(permit);
        if first {
            run.connected.fetch_add(1, Ordering::Relaxed);
            first = false;
        }
        let clients = match opened {
            Ok(clients) => clients,
            Err(e) => {
                run.error(&run.counters.connect_errors, e);
                return;
            }
        };
        // Tables start out of step, so that the server sees an even load.
        let phase = Duration::from_millis(rng.below(pace_ms));
        let pacing = Arc::new(Mutex::new(Pacing {
            open: 0,
            since: None,
            next_slot: Instant::now() + phase,
        }));
        let seats: Vec<_> = clients
            .into_iter()
            .map(|client| {
                let r = Rng(rng.next());
                let (run, pacing, stop) = (Arc::clone(&run), Arc::clone(&pacing), stop.clone());
                match client {
                    Client::Socket(socket) => tokio::spawn(seat(run, pacing, *socket, r, stop)),
                    Client::Mjai(bot) => tokio::spawn(mjai_seat(run, pacing, *bot, stop)),
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Prompts the load test's games may not show: strings with brackets and escaped quotes,
    /// nested objects and arrays, a win among other options, no options, not a prompt.
    #[test]
    fn targeted_choice_picks_what_the_tree_picks() {
        let prompts = [
            r#"{"type":"prompt","decision":17,"options":[{"type":"dahai","pai":"5m","tsumogiri":false},{"type":"none"}],"deadline_ms":1,"bank_ms":0}"#,
            r#"{"type":"prompt","decision":3,"options":[{"type":"chi","consumed":["4p","6p"],"x":{"y":"}]\"{"}},{"type":"pon","consumed":["1z","1z"]}, {"type":"none"}],"deadline_ms":1,"bank_ms":0}"#,
            r#"{"type":"prompt","decision":9,"options":[{"type":"reach"},{"type":"hora","target":2,"pai":"3s"},{"type":"none"}],"deadline_ms":1,"bank_ms":0}"#,
            r#"{"type":"prompt","decision":1,"options":[],"deadline_ms":1,"bank_ms":0}"#,
            r#"{"type":"prompt","decision":1,"options":[{"type":"dahai""#,
            r#"{"type":"pong"}"#,
        ];
        for seed in 0..50 {
            for text in prompts {
                let (before, mut rng) = (Rng(seed), Rng(seed));
                let chosen = choose(text, &mut rng);
                check_choice(text, before, rng, chosen);
            }
        }
        let mut rng = Rng(1);
        assert_eq!(
            choose(prompts[2], &mut rng),
            Some((9, r#"{"type":"hora","target":2,"pai":"3s"}"#))
        );
    }
}
