//! `hupai play`: a mahjong game in the terminal, full-screen (ratatui + crossterm) or as plain
//! lines (`--plain`), against three AIs in process or at a `hupai serve` table next to people
//! in browsers (`--server`), and the same screen for `hupai replay --ui`.
//!
//! Modules: [`session`] is what the UI plays through, [`local`] the in-process match (the
//! engine and the agents), [`net`] a seat at a server's table, [`online`] where to sit there;
//! [`app`] keeps what the screen and the transcript need over either, [`table`] folds events
//! into what the screen shows, [`render`] lays it out, [`keys`] and [`tui`] run the
//! full-screen loop, [`plain`] the line mode, [`commands`] parses what a player types,
//! [`hints`] the hint panel, [`narrate`] and [`summary`] put events and hand ends in words,
//! [`replay_view`] shows a saved game.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;

pub mod app;
pub mod commands;
pub mod hints;
pub mod keys;
pub mod local;
pub mod narrate;
pub mod net;
pub mod online;
pub mod plain;
pub mod render;
pub mod replay_view;
pub mod session;
#[cfg(test)]
mod snapshot_tests;
pub mod summary;
pub mod table;
pub mod tiles;
pub mod tui;

/// Arguments of `hupai play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Rule set: a preset (chinese, the default; riichi, riichi-majsoul, mcr, laizi, sichuan,
    /// sichuan-xueliu, sichuan-exchange, hongkong, guangdong, wuhan; three players: sanma,
    /// sanma-majsoul) or a TOML file (online: of a new table).
    #[arg(long)]
    pub rules: Option<String>,
    /// Seed of the walls (a fresh one when left out; online, only a server started to allow
    /// it takes one).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The opponents: one agent spec for all the others, or one each separated by commas (three;
    /// two at a three-player table) (search, defensive, defensive(fold=2), efficiency, random,
    /// tsumogiri, model:FILE.onnx, mjai:COMMAND). At a new online table: the other seats,
    /// bot:AGENT, human (a friend, by link), open, mjai.
    #[arg(long)]
    pub opponents: Option<String>,
    /// Show shanten, waits, effective tiles and the AI's suggested discard.
    #[arg(long)]
    pub hints: bool,
    /// After every AI action, say why in one line (a local game).
    #[arg(long)]
    pub explain: bool,
    /// Save the game log (one JSON event per line) to this file; online, the server's full
    /// log once the game is over, else the stream this seat was shown.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Line mode: no screen control; commands on standard input.
    #[arg(long)]
    pub plain: bool,
    /// Milliseconds between AI moves in the full-screen UI (a local game; default 600).
    #[arg(long)]
    pub speed: Option<u64>,
    /// Draw tiles as Unicode mahjong glyphs.
    #[arg(long)]
    pub glyphs: bool,
    /// Play a single hand instead of a full match.
    #[arg(long)]
    pub one_hand: bool,
    /// Play at a `hupai serve` table: the server (http://HOST:PORT) with --table, --new or
    /// --watch, or a link it gave: a seat's (http://HOST/t/ID?seat=P#token=TOKEN), a table's
    /// (http://HOST/t/ID: take an open seat) or a watch link (http://HOST/t/ID?watch).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// The table to sit at: with --token that seat, without one the first open seat.
    // Ids and tokens are base64url, so one in 64 starts with '-': taken as a value, not a flag.
    #[arg(
        long,
        value_name = "ID",
        requires = "server",
        conflicts_with_all = ["new", "watch"],
        allow_hyphen_values = true
    )]
    pub table: Option<String>,
    /// The seat's token (shown when the table was made, or in its link).
    #[arg(long, requires = "server", allow_hyphen_values = true)]
    pub token: Option<String>,
    /// Make a table on the server and sit at seat 0 (--rules, --opponents, --length,
    /// --time, --name, --private, --seed); the links for the other seats are printed.
    #[arg(long, requires = "server", conflicts_with = "watch")]
    pub new: bool,
    /// Watch a table of the server.
    #[arg(long, value_name = "ID", requires = "server", allow_hyphen_values = true)]
    pub watch: Option<String>,
    /// A new table's match: hand, east, half or full (the default).
    #[arg(long, requires = "new")]
    pub length: Option<String>,
    /// A new table's time control, e.g. turn=5s,call=3s,bank=20s,hold=800ms,bot-delay=500ms,away=15s,takeover=2.
    #[arg(long, requires = "new")]
    pub time: Option<String>,
    /// Your name at a new table.
    #[arg(long, requires = "new")]
    pub name: Option<String>,
    /// A new table reachable only by its links, not listed in the lobby.
    #[arg(long, requires = "new")]
    pub private: bool,
}

fn opponents(text: &str, others: usize) -> anyhow::Result<Vec<hupai_ai::AgentSpec>> {
    let specs = hupai_ai::AgentSpec::parse_list(text)?;
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); others]),
        n if n == others => Ok(specs),
        _ => anyhow::bail!("--opponents takes one agent or {others} separated by commas"),
    }
}

/// Runs `hupai play`.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    if !args.plain && !std::io::stdout().is_terminal() {
        bail!("the full-screen game needs a terminal; use --plain for line mode");
    }
    let (mut game, seed_note, place) = match &args.server {
        Some(server) => {
            let (game, note, place) = online_game(&args, server)?;
            (game, note, Some(place))
        }
        None => {
            let (game, note) = local_game(&args)?;
            (game, note, None)
        }
    };
    let result = if args.plain {
        let input = plain::lines(std::io::BufReader::new(std::io::stdin()));
        let mut out = std::io::stdout().lock();
        plain::run(&mut game, input, &mut out, args.hints)
    } else {
        let mut ui = tui::UiState { hints: args.hints, glyphs: args.glyphs, ..Default::default() };
        ui.messages.extend(seed_note.lines().map(String::from));
        if args.server.is_some() {
            ui.title = Some("hupai play online".into());
        }
        tui::run(&mut game, &mut ui)
    };
    let over = game.is_over();
    let rejoin = game.rejoin();
    game.leave();
    if let Some(path) = &args.log {
        let text = match (&place, over) {
            (Some(place), true) => full_log(place).unwrap_or_else(|e| {
                eprintln!("hupai play: {e:#}; --log has the stream this seat was shown");
                stream_text(game.record())
            }),
            _ => stream_text(game.record()),
        };
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    result?;
    if let Some(rejoin) = rejoin.filter(|_| !over) {
        println!("to come back to the table: {rejoin}");
    }
    Ok(ExitCode::SUCCESS)
}

fn stream_text(events: &[hupai_engine::Event]) -> String {
    events.iter().map(|e| e.to_json() + "\n").collect()
}

/// A local match against the agents at the other seats.
fn local_game(args: &PlayArgs) -> anyhow::Result<(app::App, String)> {
    let rules = crate::rules_arg::load(args.rules.as_deref().unwrap_or("chinese"))?;
    let others = usize::from(rules.players()) - 1;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let config = local::Config {
        rules,
        seed,
        opponents: opponents(args.opponents.as_deref().unwrap_or("defensive"), others)?,
        explain: args.explain,
        single_hand: args.one_hand,
    };
    // Plain mode plays the AI moves at once; the screen paces them.
    let pace = if args.plain { 0 } else { args.speed.unwrap_or(600) };
    let game = app::App::local(config, Duration::from_millis(pace))?;
    Ok((game, format!("seed {seed}: press ? for help")))
}

/// A seat at a server's table.
fn online_game(args: &PlayArgs, server: &str) -> anyhow::Result<(app::App, String, net::Place)> {
    let not_here = [
        (args.explain, "--explain: the server's AIs do not say why"),
        (
            args.speed.is_some(),
            "--speed: the server paces its AIs (--time bot-delay=MS at a new table)",
        ),
    ];
    if let Some((_, why)) = not_here.iter().find(|f| f.0) {
        bail!("{why}");
    }
    if !args.new {
        let new_only = [
            (args.rules.is_some(), "--rules"),
            (args.opponents.is_some(), "--opponents"),
            (args.seed.is_some(), "--seed"),
            (args.one_hand, "--one-hand"),
        ];
        if let Some((_, flag)) = new_only.iter().find(|f| f.0) {
            bail!("{flag} sets up a new table (--new); a table plays its own");
        }
    }
    let request = online::Request {
        server: server.to_string(),
        table: args.table.clone(),
        token: args.token.clone(),
        watch: args.watch.clone(),
        new: args.new.then(|| online::NewTable {
            rules: args.rules.clone(),
            others: args.opponents.clone(),
            length: args.length.clone(),
            one_hand: args.one_hand,
            time: args.time.clone(),
            name: args.name.clone(),
            private: args.private,
            seed: args.seed,
        }),
    };
    // What is said before the match starts goes to the terminal at once and, for the
    // full-screen game (which covers it), into its messages too.
    let mut said = String::new();
    let mut say = |text: &str| {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
        said.push_str(text);
        said.push('\n');
    };
    let place = online::place(&request, &mut say)?;
    let table = place.table.clone();
    let session = net::NetSession::open(place.clone(), Default::default(), &mut say)
        .with_context(|| format!("table {table}"))?;
    let seed = args.seed.unwrap_or(0);
    let game = app::App::new(Box::new(session), seed)?;
    let note = if game.watching() {
        format!("{said}watching table {table}: press ? for help, q to stop")
    } else {
        format!("{said}table {table}: press ? for help; q leaves (an AI plays your seat meanwhile)")
    };
    Ok((game, note, place))
}

/// The server's full log of the finished game (it is stored a moment after the last event).
fn full_log(place: &net::Place) -> anyhow::Result<String> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    for _ in 0..50 {
        match runtime.block_on(hupai_server::client::game_log(&place.base, &place.table)) {
            Ok(log) => return Ok(log),
            Err(hupai_server::client::ClientError::Http { status: 409, .. }) => {
                std::thread::sleep(Duration::from_millis(100))
            }
            Err(e) => return Err(e).context("cannot fetch the game's log"),
        }
    }
    bail!("the server has not stored the game's log yet")
}
