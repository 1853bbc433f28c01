//! `--plain`: the game as lines of text, no screen control. Every line the game prints is
//! deterministic for a seed and the commands typed; a question to the player starts with `?`,
//! the command read is echoed after `>`, a refusal starts with `!`. Online, the time left
//! comes on a `time:` line before the question, and what the server says besides the game
//! (a dropped connection, an AI playing the seat) on lines of its own. For screen readers,
//! scripts and tests.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

use hupai_engine::Action;

use super::app::App;
use super::commands::{self, Command};
use super::tiles::{names, pai_name};

const PLAIN_HELP: &str = "\
commands: d 5m discard | r 5m riichi discarding 5m | h win | p pon | c 34m chi with 3m 4m
          k kan (k 5m when several) | pass | 9 nine terminals | ? help | q quit
          b back at an online table, when an AI plays your seat
tiles: 1m-9m 1p-9p 1s-9s, 0m 0p 0s red fives, E S W N winds, Wh Gr Rd dragons (1z-7z too)";

/// How often an online game looks at the table while it waits for a typed line.
const TICK: Duration = Duration::from_millis(50);

/// The lines of `input`, read on a thread of their own so that an online game goes on while
/// the player types; the channel closes at the end of the input.
pub fn lines(input: impl BufRead + Send + 'static) -> Receiver<std::io::Result<String>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in input.lines() {
            let failed = line.is_err();
            if tx.send(line).is_err() || failed {
                break;
            }
        }
    });
    rx
}

fn flush(app: &mut App, out: &mut impl Write) -> std::io::Result<()> {
    for line in app.take_feed() {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The typed lines as the game takes them: one per question, in order. Online, lines
/// typed while nothing is asked wait for the next question, but `q` leaves at once.
struct Typing {
    input: Receiver<std::io::Result<String>>,
    held: VecDeque<String>,
    ended: bool,
}

/// What the player typed, or the end of the input.
enum Typed {
    Line(String),
    End,
    Nothing,
}

impl Typing {
    /// The next line for a question, waiting at most `wait` (forever when none).
    fn next(&mut self, wait: Option<Duration>) -> std::io::Result<Typed> {
        if let Some(line) = self.held.pop_front() {
            return Ok(Typed::Line(line));
        }
        if self.ended {
            return Ok(Typed::End);
        }
        let got = match wait {
            None => self.input.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(w) => self.input.recv_timeout(w),
        };
        match got {
            Ok(line) => Ok(Typed::Line(line?)),
            Err(RecvTimeoutError::Timeout) => Ok(Typed::Nothing),
            Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                Ok(Typed::End)
            }
        }
    }

    /// Takes what was typed while nothing is asked; true when it says quit.
    fn glance(&mut self, out: &mut impl Write) -> std::io::Result<bool> {
        loop {
            match self.input.try_recv() {
                Ok(line) => {
                    let line = line?;
                    if matches!(commands::parse(&line), Ok(Command::Quit)) {
                        writeln!(out, "> {}", line.trim())?;
                        return Ok(true);
                    }
                    self.held.push_back(line);
                }
                Err(TryRecvError::Empty) => return Ok(false),
                Err(TryRecvError::Disconnected) => {
                    self.ended = true;
                    return Ok(false);
                }
            }
        }
    }
}

/// Plays until the match ends, the input ends, or the player quits.
pub fn run(
    app: &mut App,
    input: Receiver<std::io::Result<String>>,
    out: &mut impl Write,
    hints: bool,
) -> anyhow::Result<()> {
    let mut typing = Typing { input, held: VecDeque::new(), ended: false };
    // The decision the question was asked for.
    let mut asked: Option<u64> = None;
    loop {
        flush(app, out)?;
        if let Some(summary) = app.take_settled_summary() {
            for l in summary.lines(app.rules.variant, app.me()) {
                writeln!(out, "{l}")?;
            }
            writeln!(out)?;
            continue;
        }
        if app.is_over() {
            break;
        }
        if app.poll(Duration::ZERO)? {
            continue;
        }
        let options = app.human_options().to_vec();
        if options.is_empty() {
            // Online, the table goes on without us for now.
            out.flush()?;
            if typing.glance(out)? {
                writeln!(
                    out,
                    "{}",
                    if app.watching() { "you stop watching" } else { "you leave the match" }
                )?;
                return Ok(());
            }
            if app.watching() {
                for line in typing.held.drain(..) {
                    writeln!(out, "> {}\n! watching: q stops", line.trim())?;
                }
            } else if app.taken_over() {
                // Nothing is asked while the AI plays the seat: a line is for it.
                for line in typing.held.drain(..) {
                    writeln!(out, "> {}", line.trim())?;
                    if matches!(commands::parse(&line), Ok(Command::Back)) {
                        app.back();
                        writeln!(out, "you say you are back")?;
                    } else {
                        writeln!(out, "! an AI plays your seat: b takes it back")?;
                    }
                }
            }
            app.poll(Duration::from_millis(250))?;
            continue;
        }
        if let [only @ Action::Discard { .. }] = options.as_slice() {
            writeln!(out, "(the only move: {})", commands::label(only))?;
            if let Err(e) = app.act(*only) {
                writeln!(out, "! {e}")?;
            }
            continue;
        }
        if asked != app.decision() {
            asked = app.decision();
            ask(app, out, &options, hints)?;
        }
        out.flush()?;
        // Online, the table is looked at between keystrokes.
        let line = match typing.next(app.is_live().then_some(TICK))? {
            Typed::Line(line) => line,
            Typed::Nothing => continue,
            Typed::End => {
                writeln!(out, "end of input: leaving the match")?;
                return Ok(());
            }
        };
        writeln!(out, "> {}", line.trim())?;
        match commands::parse(&line) {
            Ok(Command::Help) => {
                for l in PLAIN_HELP.lines() {
                    writeln!(out, "{l}")?;
                }
            }
            Ok(Command::Quit) => {
                writeln!(out, "you leave the match")?;
                return Ok(());
            }
            Ok(Command::Back) => writeln!(out, "! you play your seat already")?,
            Ok(cmd) => match commands::resolve(&cmd, &options) {
                Ok(action) => {
                    if let Err(e) = app.act(action) {
                        writeln!(out, "! {e}")?;
                    }
                }
                Err(e) => writeln!(out, "! {e}")?,
            },
            Err(e) => writeln!(out, "! {e}")?,
        }
    }
    flush(app, out)?;
    out.flush()?;
    Ok(())
}

/// The hand, the hints, the time and the question.
fn ask(app: &mut App, out: &mut impl Write, options: &[Action], hints: bool) -> anyhow::Result<()> {
    let me = app.human_seat().index();
    let seat = &app.table.seats[me];
    let drawn = seat.drawn.map(|d| format!(" | drawn {}", pai_name(d))).unwrap_or_default();
    writeln!(out, "your hand: {}{drawn}", names(&seat.hand))?;
    if let Some(hint) = app.hint().filter(|_| hints) {
        for l in super::hints::lines(&hint) {
            writeln!(out, "hint: {l}")?;
        }
        if let Some(s) = hint.suggestion {
            writeln!(out, "hint: AI would play {} ({})", commands::label(&s.action), s.line())?;
        }
    }
    if let Some(clock) = app.clock() {
        writeln!(out, "time: {}", clock.text(Instant::now()))?;
    }
    let mut choices = commands::choices(options);
    if options.iter().any(|a| matches!(a, Action::Discard { .. })) {
        choices.insert(0, "d TILE discard".into());
    }
    match app.claim_text() {
        Some(claim) => writeln!(out, "? {claim}: {}", choices.join(" | "))?,
        None => writeln!(out, "? {}", choices.join(" | "))?,
    }
    Ok(())
}
