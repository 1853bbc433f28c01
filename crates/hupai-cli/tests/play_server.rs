//! `hupai play --server` end to end: a real `hupai serve` on loopback, and `hupai play
//! --plain` at its tables, driven through standard input by a scripted player that reads each
//! question and types a command. A proxy between them cuts the connection at chosen points;
//! the server is killed and restarted under the player; bad links, tokens and arguments get
//! clear errors.

#![cfg(test)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Times that never run out in a test, with no holds or delays.
const PATIENT: &str = "turn=10m,call=10m,bank=0s,hold=0ms,bot-delay=0ms,away=10m";

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hupai-play-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A `hupai serve` child process.
struct Serve {
    child: Child,
    addr: String,
}

impl Serve {
    /// Starts a server with its records in `db`, on `addr` (`127.0.0.1:0` for any port).
    fn start(db: &Path, addr: &str) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
            // One node name, so a restart on another port takes its tables back at once.
            .args(["serve", "--allow-seed", "--node", "play-test", "--addr", addr, "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("hupai serve runs");
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut first = String::new();
        out.read_line(&mut first).expect("a first line");
        let addr = first
            .trim()
            .strip_prefix("hupai serve: open http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .to_string();
        // Keep reading, so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sink = String::new();
            let _ = out.read_to_string(&mut sink);
        });
        Serve { child, addr }
    }

    fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `kill -9`.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A TCP proxy in front of the server whose connections the test can cut.
struct Proxy {
    addr: SocketAddr,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn start(upstream: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let addr = listener.local_addr().expect("addr");
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let list = Arc::clone(&open);
        std::thread::spawn(move || {
            for inbound in listener.incoming() {
                let Ok(inbound) = inbound else { continue };
                let Ok(outbound) = TcpStream::connect(&upstream) else { continue };
                let pipe = |mut from: TcpStream, mut to: TcpStream| {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                    });
                };
                if let (Ok(a), Ok(b), Ok(c), Ok(d)) = (
                    inbound.try_clone(),
                    outbound.try_clone(),
                    inbound.try_clone(),
                    outbound.try_clone(),
                ) {
                    pipe(a, b);
                    pipe(d, c);
                    list.lock().unwrap().extend([inbound, outbound]);
                }
            }
        });
        Proxy { addr, open }
    }

    fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Cuts every connection open through the proxy.
    fn cut(&self) {
        for s in self.open.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

/// A `hupai play --plain` child and its transcript.
struct Player {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    transcript: String,
}

impl Player {
    fn start(args: &[&str]) -> Player {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
            .arg("play")
            .arg("--plain")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hupai play runs");
        let stdin = child.stdin.take();
        let out = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Player { child, stdin, lines, transcript: String::new() }
    }

    /// The next line (none at the end of the output); a minute at most.
    fn line(&mut self) -> Option<String> {
        let line = self.lines.recv_timeout(Duration::from_secs(60)).ok()?;
        self.transcript.push_str(&line);
        self.transcript.push('\n');
        Some(line)
    }

    fn type_line(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{text}").expect("write");
        stdin.flush().expect("flush");
    }

    /// Waits for the exit; its status, and what it wrote on standard error.
    fn finish(mut self) -> (bool, String, String) {
        drop(self.stdin.take());
        while self.line().is_some() {}
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        let ok = self.child.wait().expect("exit").success();
        (ok, self.transcript, err)
    }
}

/// What the scripted player types for a question: a win, a pon, a chi, the AI's suggestion
/// (from the hints), else pass.
fn answer(question: &str, suggestion: &str) -> String {
    let question = question.split_once(": ").map_or(question, |q| q.1);
    let choices: Vec<&str> = question.split(" | ").collect();
    let find = |word: &str| {
        choices
            .iter()
            .find(|c| c.ends_with(word))
            .map(|c| c.strip_suffix(word).unwrap_or(c).trim().to_string())
    };
    find(" win (ron)")
        .or_else(|| find(" win (tsumo)"))
        .or_else(|| find(" pon"))
        .or_else(|| find(" chi"))
        .or_else(|| {
            (!suggestion.is_empty() && suggestion != "pass").then(|| suggestion.to_string())
        })
        .unwrap_or_else(|| "pass".to_string())
}

/// Plays to the end, answering every question; `at_question(n, player)` runs before the
/// n-th answer (from 1) is typed, `after_answer` right after it.
fn play_through(
    player: &mut Player,
    mut at_question: impl FnMut(usize, &mut Player),
    mut after_answer: impl FnMut(usize),
) -> usize {
    let mut suggestion = String::new();
    let mut asked = 0;
    while let Some(line) = player.line() {
        if let Some(rest) = line.strip_prefix("hint: AI would play ") {
            suggestion = rest.split(" (").next().unwrap_or("").to_string();
        }
        let Some(question) = line.strip_prefix("? ") else { continue };
        asked += 1;
        at_question(asked, player);
        let typed = answer(question, &suggestion);
        player.type_line(&typed);
        after_answer(asked);
        suggestion.clear();
    }
    asked
}

/// The transcript from the match's first line on, without the connection's notices and
/// the clock, which depend on when things happened.
fn game_lines(transcript: &str) -> Vec<&str> {
    transcript
        .lines()
        .skip_while(|l| !l.starts_with("new match"))
        .filter(|l| {
            !l.starts_with("connection lost")
                && !l.starts_with("reconnected")
                && !l.starts_with("time: ")
        })
        .collect()
}

/// The table id from `table ID made at ...`.
fn table_of(transcript: &str) -> String {
    transcript
        .lines()
        .find_map(|l| l.strip_prefix("table ")?.split_once(" made at ").map(|x| x.0.to_string()))
        .expect("a table was made")
}

fn new_table_args<'a>(base: &'a str, seed: &'a str, log: &'a str) -> Vec<&'a str> {
    vec![
        "--server",
        base,
        "--new",
        "--rules",
        "riichi",
        "--opponents",
        "bot:defensive",
        "--one-hand",
        "--seed",
        seed,
        "--time",
        PATIENT,
        "--hints",
        "--name",
        "tester",
        "--log",
        log,
    ]
}

#[test]
fn a_whole_hand_online_against_three_bots_with_the_servers_log() {
    let dir = scratch("whole");
    let serve = Serve::start(&dir.join("hupai.db"), "127.0.0.1:0");
    let base = serve.base();
    let log = dir.join("game.jsonl");
    let log_arg = log.to_string_lossy().to_string();
    let mut player = Player::start(&new_table_args(&base, "5", &log_arg));
    // A wrong command first, to show that it is refused and asked again.
    let asked = play_through(
        &mut player,
        |n, p| {
            if n == 2 {
                p.type_line("d 8z");
            }
        },
        |_| {},
    );
    let (ok, t, err) = player.finish();
    assert!(ok, "hupai play failed: {err}\n{t}");
    assert!(asked > 3, "{t}");
    let table = table_of(&t);
    assert!(t.contains("  seat 0: you; to come back: http://"), "{t}");
    assert!(t.contains(&format!("  to watch: hupai play --server {base} --watch {table}")));
    assert!(t.contains("\nnew match: rules riichi\n"), "the stream carries no seed: {t}");
    assert!(t.contains("\ntime: 600 s\n") || t.contains("\ntime: 599 s\n"), "the clock: {t}");
    assert!(t.contains("! invalid tile '8z'"), "a bad command is refused");
    assert!(t.contains("\nhint: "), "hints from the view built off the stream");
    assert!(t.contains("Payments:"), "the hand is settled: {t}");
    assert!(t.contains("Final standings:"), "the match ends: {t}");
    assert!(!t.contains("connection lost"), "nothing dropped: {t}");
    // Every question is answered on the next line that is not a hint.
    for (i, line) in t.lines().enumerate() {
        if line.starts_with("? ") {
            let next = t.lines().nth(i + 1).unwrap_or("");
            assert!(next.starts_with("> "), "line {}: {line} answered by {next}", i + 1);
        }
    }
    // --log holds the server's full log, which replays.
    let text = std::fs::read_to_string(&log).expect("the log");
    assert!(text.starts_with("{\"type\":\"start_game\""), "{text}");
    assert!(text.contains("\"hupai_seed\":5"), "the full log, with its seed");
    let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(["replay", "--verify"])
        .arg(&log)
        .output()
        .expect("hupai replay runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dropped_connections_resume_and_the_game_is_the_same() {
    let dir = scratch("drops");
    let serve = Serve::start(&dir.join("hupai.db"), "127.0.0.1:0");
    let proxy = Proxy::start(serve.addr.clone());
    let (direct, through) = (serve.base(), proxy.base());
    let (log_a, log_b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    let (log_a, log_b) = (log_a.to_string_lossy(), log_b.to_string_lossy());
    // Undisturbed.
    let mut a = Player::start(&new_table_args(&direct, "8", &log_a));
    play_through(&mut a, |_, _| {}, |_| {});
    let (ok, ta, err) = a.finish();
    assert!(ok, "{err}\n{ta}");
    // Through the proxy, cut while a question waits, and again just after an answer went.
    let mut b = Player::start(&new_table_args(&through, "8", &log_b));
    play_through(
        &mut b,
        |n, p| {
            if n == 2 || n == 5 {
                proxy.cut();
                // The question stays open: the client reconnects and the server asks again,
                // so typing now answers it.
                let _ = p;
            }
        },
        |n| {
            if n == 3 || n == 7 {
                proxy.cut();
            }
        },
    );
    let (ok, tb, err) = b.finish();
    assert!(ok, "{err}\n{tb}");
    assert!(tb.contains("connection lost ("), "{tb}");
    assert!(tb.contains("reconnected: the game goes on after event "), "{tb}");
    assert!(!tb.contains("! the server refused"), "{tb}");
    assert_eq!(game_lines(&ta), game_lines(&tb), "the same game, drops or not");
    // The same record as the undisturbed game, but for the commitment's secret.
    let events = |path: &str| -> Vec<serde_json::Value> {
        std::fs::read_to_string(path)
            .expect("log")
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).expect("json");
                if let Some(o) = v.as_object_mut() {
                    for k in ["secret", "seed_commitment", "hupai_secret"] {
                        o.remove(k);
                    }
                }
                v
            })
            .collect()
    };
    assert_eq!(events(&log_a), events(&log_b));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_player_resumes_after_the_server_is_killed_and_restarted() {
    let dir = scratch("restart");
    let db = dir.join("hupai.db");
    let mut serve = Serve::start(&db, "127.0.0.1:0");
    let base = serve.base();
    let addr = serve.addr.clone();
    let log = dir.join("game.jsonl");
    let log_arg = log.to_string_lossy().to_string();
    let mut player = Player::start(&new_table_args(&base, "3", &log_arg));
    let mut restarted = None;
    play_through(
        &mut player,
        |n, _| {
            if n == 4 {
                serve.kill();
                std::thread::sleep(Duration::from_millis(300));
                restarted = Some(Serve::start(&db, &addr));
            }
        },
        |_| {},
    );
    let (ok, t, err) = player.finish();
    assert!(ok, "{err}\n{t}");
    assert!(t.contains("connection lost ("), "{t}");
    assert!(t.contains("reconnected: the game goes on after event "), "{t}");
    assert!(t.contains("Final standings:"), "{t}");
    drop(restarted);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_open_seat_taken_by_table_id_and_a_seat_link_pasted_whole_play_their_hands() {
    let dir = scratch("join");
    let serve = Serve::start(&dir.join("hupai.db"), "127.0.0.1:0");
    let base = serve.base();
    let body = |seats: &str| {
        format!(
            r#"{{"rules":"riichi","length":"hand","seats":{seats},"seed":6,"time":{{"turn_ms":600000,"call_ms":600000,"bank_ms":0,"claim_hold_ms":0,"bot_delay_ms":0}}}}"#
        )
    };
    // An open seat (player 2), taken by the table's id alone.
    let made = post(
        &serve.addr,
        "/api/tables",
        &body(r#"["bot:defensive","bot:efficiency","open","bot:defensive"]"#),
    );
    let table = made["table"].as_str().expect("table").to_string();
    let mut player = Player::start(&["--server", &base, "--table", &table, "--hints"]);
    let asked = play_through(&mut player, |_, _| {}, |_| {});
    let (ok, t, err) = player.finish();
    assert!(ok, "{err}\n{t}");
    assert!(asked > 3, "{t}");
    assert!(t.contains(&format!("you took seat 2 at table {table}; to come back: http://")), "{t}");
    assert!(t.contains("== East 1: dealer East (bot:defensive)"), "{t}");
    assert!(t.contains("Payments:") && t.contains("Final standings:"), "{t}");
    // The same seat again: it is taken.
    let err = fails(&["--server", &format!("{base}/t/{table}")]);
    assert!(err.contains("cannot take a seat"), "{err}");
    // The creator's seat by the link the server gave, pasted as one argument.
    let made = post(
        &serve.addr,
        "/api/tables",
        &body(r#"["bot:defensive","human","bot:defensive","bot:defensive"]"#),
    );
    let link = made["seats"][1]["join_url"].as_str().expect("a link").to_string();
    let mut player = Player::start(&["--server", &link, "--hints"]);
    play_through(&mut player, |_, _| {}, |_| {});
    let (ok, t, err) = player.finish();
    assert!(ok, "{err}\n{t}");
    assert!(t.contains("== East 1: dealer East (bot:defensive)"), "{t}");
    assert!(t.contains("Final standings:"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_spectator_sees_the_hands_once_they_end() {
    let dir = scratch("watch");
    let serve = Serve::start(&dir.join("hupai.db"), "127.0.0.1:0");
    let base = serve.base();
    let body = r#"{"rules":"riichi","length":"hand","seats":["bot:defensive","bot:efficiency","bot:defensive","bot:efficiency"],"seed":2}"#;
    let made = post(&serve.addr, "/api/tables", body);
    let table = made["table"].as_str().expect("table").to_string();
    let mut watcher = Player::start(&["--server", &base, "--watch", &table]);
    while watcher.line().is_some() {}
    let (ok, t, err) = watcher.finish();
    assert!(ok, "{err}\n{t}");
    assert!(t.contains("new match: rules riichi"), "{t}");
    assert!(t.contains("East (bot:defensive) discards "), "named by wind and name: {t}");
    assert!(!t.contains("you "), "a spectator is nobody's 'you': {t}");
    assert!(t.contains(" held "), "the hands are revealed at the end: {t}");
    assert!(t.contains("Payments:"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn time_runs_out_an_ai_takes_over_and_an_answer_takes_the_seat_back() {
    let dir = scratch("takeover");
    let serve = Serve::start(&dir.join("hupai.db"), "127.0.0.1:0");
    let base = serve.base();
    let mut player = Player::start(&[
        "--server",
        &base,
        "--new",
        "--rules",
        "riichi",
        "--opponents",
        "bot:defensive",
        "--one-hand",
        "--seed",
        "4",
        "--time",
        "turn=2s,call=2s,bank=1s,hold=0ms,bot-delay=1500ms,takeover=1",
        "--hints",
    ]);
    // The first question is left to time out; the AI plays the seat, asking nothing, until
    // the player says it is back.
    let mut asked_while_ai = 0;
    let mut took_over = false;
    while let Some(line) = player.line() {
        if line.starts_with("an AI plays your seat now") {
            took_over = true;
            std::thread::sleep(Duration::from_millis(2500));
            player.type_line("d 1m");
            player.type_line("b");
        }
        if line.starts_with("? ") && took_over {
            asked_while_ai += 1;
        }
        if line == "you play your seat again" {
            player.type_line("q");
            break;
        }
    }
    let (ok, t, err) = player.finish();
    assert!(ok, "{err}\n{t}");
    assert!(
        t.contains("\ntime: 2 s + 1 s bank\n") || t.contains("\ntime: 1 s + 1 s bank\n"),
        "{t}"
    );
    assert!(t.contains("time is up: the table played your default move"), "{t}");
    assert!(t.contains("an AI plays your seat now"), "{t}");
    assert_eq!(asked_while_ai, 0, "no question while the AI plays: {t}");
    assert!(t.contains("\n> d 1m\n! an AI plays your seat: b takes it back\n"), "{t}");
    assert!(t.contains("\n> b\nyou say you are back\n"), "{t}");
    assert!(t.contains("you play your seat again"), "{t}");
    assert!(t.contains("to come back to the table: hupai play --server"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_links_tokens_and_arguments_are_refused_clearly() {
    let dir = scratch("refusals");
    let serve = Serve::start(&dir.join("hupai.db"), "127.0.0.1:0");
    let base = serve.base();
    let made = post(
        &serve.addr,
        "/api/tables",
        r#"{"rules":"riichi","seats":["human","bot:defensive","bot:defensive","open"]}"#,
    );
    let table = made["table"].as_str().expect("table").to_string();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_hupai"))
            .arg("play")
            .arg("--plain")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        assert!(!out.status.success(), "{args:?} succeeded");
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let bad_token = format!("{base}/t/{table}?seat=0#token=AAAAAAAAAAAAAAAAAAAAAA");
    assert!(run(&["--server", &bad_token]).contains("the server refused (bad_token)"));
    assert!(run(&["--server", &base, "--table", "nope", "--token", "x"])
        .contains("the server refused (unknown_table)"));
    // Ids and tokens are base64url: one in 64 starts with '-', and is still a value.
    let said = run(&["--server", &base, "--table", "-Wnope", "--token", "-x"]);
    assert!(said.contains("the server refused (unknown_table)"), "{said}");
    assert!(
        run(&["--server", &format!("{base}/t/nope")]).contains("cannot take a seat at table nope")
    );
    assert!(run(&["--server", "https://example.com/t/x"]).contains("https is not spoken"));
    assert!(run(&["--server", &format!("{base}/lobby")]).contains("not a table link"));
    assert!(run(&["--server", &base]).contains("say which table"));
    let said = run(&["--server", &base, "--table", &table, "--rules", "mcr"]);
    assert!(said.contains("--rules sets up a new table (--new)"), "{said}");
    assert!(run(&["--server", &base, "--new", "--opponents", "wizard"]).contains("wizard"));
    assert!(run(&["--server", &base, "--new", "--time", "turn=5"]).contains("say the unit"));
    assert!(run(&["--server", &base, "--new", "--speed", "10"]).contains("--speed"));
    assert!(run(&["--length", "east"]).contains("--new"));
    assert!(run(&["--server", "http://127.0.0.1:1", "--new"]).contains("cannot make the table"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A JSON POST to the server.
fn post(addr: &str, path: &str, body: &str) -> serde_json::Value {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let mut text = String::new();
    s.read_to_string(&mut text).expect("read");
    let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A WebSocket server that answers every hello with `frames`, then holds the connection
/// open: a server saying what a real one never would.
fn fake_server(frames: Vec<String>) -> String {
    use futures_util::{SinkExt, StreamExt};
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    listener.set_nonblocking(true).expect("nonblocking");
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
        let Ok(runtime) = runtime else { return };
        runtime.block_on(async move {
            let Ok(listener) = tokio::net::TcpListener::from_std(listener) else { return };
            while let Ok((stream, _)) = listener.accept().await {
                let frames = frames.clone();
                tokio::spawn(async move {
                    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else { return };
                    let _hello = ws.next().await;
                    for f in frames {
                        if ws.send(tokio_tungstenite::tungstenite::Message::text(f)).await.is_err()
                        {
                            return;
                        }
                    }
                    tokio::time::sleep(Duration::from_secs(120)).await;
                });
            }
        });
    });
    format!("http://{addr}")
}

/// An HTTP server that answers every request with `response`, as it is.
fn fake_http(response: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut buf = [0u8; 4096];
            let _ = stream.read(&mut buf);
            let _ = stream.write_all(response.as_bytes());
        }
    });
    format!("http://{addr}")
}

/// `hupai play --plain ARGS` that must fail within half a minute: its standard error.
fn fails(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .arg("play")
        .arg("--plain")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut err = child.stderr.take().expect("stderr");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        let _ = tx.send(text);
    });
    let text = match rx.recv_timeout(Duration::from_secs(30)) {
        Ok(text) => text,
        Err(_) => {
            let _ = child.kill();
            panic!("hupai play {args:?} did not end");
        }
    };
    let status = child.wait().expect("exit");
    assert!(!status.success(), "{args:?} succeeded: {text}");
    assert!(!text.contains("panicked"), "{text}");
    text
}

#[test]
fn a_server_saying_nonsense_gets_a_clear_error_not_a_panic() {
    use hupai_engine::{Driver, Setup};
    let welcome = |protocol: u32| {
        format!(
            r#"{{"type":"welcome","protocol":{protocol},"table":"t1","player":0,"rules":"riichi","names":["a","b","c","d"],"next_seq":0}}"#
        )
    };
    let mut setup = Setup::new(hupai_rules::Rules::preset("riichi").expect("riichi"), 1);
    setup.single_hand = true;
    let driver = Driver::new(setup);
    // Event `i` of the record as `seat` is shown it, numbered `seq`.
    let event = |seat: usize, i: usize, seq: usize| {
        let e = driver.event_for(seat, i).expect("an event").into_owned().to_json();
        format!(r#"{{"type":"event","seq":{seq},"event":{e}}}"#)
    };
    let at = |base: &str| {
        [base.to_string(), "--table".into(), "t1".into(), "--token".into(), "k".into()]
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![welcome(2)], "the server speaks protocol 2, this client 1"),
        (vec![welcome(1), "<html>".into()], "a message it cannot read"),
        (
            vec![welcome(1), r#"{"type":"prompt","decision":"x"}"#.into()],
            "a message it cannot read",
        ),
        (vec![event(0, 0, 0)], "before the welcome"),
        (
            vec![
                welcome(1),
                r#"{"type":"event","seq":0,"event":{"type":"dahai","actor":9}}"#.into(),
            ],
            "a message it cannot read",
        ),
        (vec![welcome(1), event(0, 1, 0)], "it opens with start_kyoku, not start_game"),
        // Events missing, and missing again after resuming.
        (vec![welcome(1), event(0, 0, 0), event(0, 2, 2)], "events 1 to 1 went missing again"),
        // A message of a later version is skipped; another seat's deal does not fit.
        (
            vec![
                welcome(1),
                r#"{"type":"chat","text":"hello"}"#.into(),
                event(0, 0, 0),
                event(1, 1, 1),
            ],
            "event 1 (start_kyoku)",
        ),
    ];
    for (frames, want) in cases {
        let base = fake_server(frames.clone());
        let mut args: Vec<String> = vec!["--server".into()];
        args.extend(at(&base));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = fails(&args);
        assert!(err.contains(want), "{frames:?}: {err}");
    }
    // HTTP answers that are no answers.
    let garbage = fake_http("HTTP/1.1 201 Created\r\nContent-Length: 6\r\n\r\n<html>");
    let err = fails(&["--server", &garbage, "--new"]);
    assert!(err.contains("cannot make the table"), "{err}");
    let nothing = fake_http("");
    let err = fails(&["--server", &nothing, "--table", "t1"]);
    assert!(err.contains("cannot take a seat at table t1"), "{err}");
}
