//! An external mjai bot as an agent (`mjai:COMMAND`): the command runs with the player's
//! seat number 0-3 appended as its last argument and is spoken to on its standard input and
//! output, one event per line, as the seat is shown it (`start_game` carries the bot's `id`).
//! Under rules that move players between seats (MCR), mjai has no message for a new seat:
//! each `start_kyoku` says who sits where (`players`), and a bot that plays such rules reads
//! its seat there, as this side does.
//!
//! Two ways of answering ([`Replies`]): the classic protocol, one reply line for every event
//! (`{"type":"none"}` when there is nothing to do); or, like Mortal's `mjai.py`, a reply only
//! when the seat can act. Riichi takes two steps, as in mjai: the bot answers `reach`, is
//! shown its `reach` event, and answers with the discard.
//!
//! The timeout is per decision. In the classic protocol the events are written without waiting
//! for their replies, which are counted: at a decision the replies still owed are read, the
//! earlier ones dropped (they answer events that asked for nothing) and the last one taken,
//! all within one timeout. A bot that is slow or silent therefore costs one timeout per
//! decision, not one per event, and a reply that comes late is dropped as the answer to its
//! own event, never taken for a later one.
//!
//! Nothing a bot does stops a game: a reply that is not JSON, not legal, for another seat, or
//! later than the timeout gets the seat its default action (discard the drawn tile, or pass)
//! and is counted ([`Agent::faults`]: `illegal`, `timeouts`); a bot whose process dies, or
//! whose pipe breaks, is replaced by `tsumogiri` for the rest of the game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use hupai_core::Seat;
use hupai_engine::{default_action, Action, Agent, Event, Faults, PlayerView};
use hupai_rules::Rules;

use crate::mjai::{choose, choose_riichi_discard, parse_reply, Chosen};

/// How external agents are run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// How long an external bot may take per decision.
    pub bot_timeout: Duration,
    /// When an external bot answers.
    pub replies: Replies,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions { bot_timeout: Duration::from_secs(10), replies: Replies::EveryEvent }
    }
}

/// When an external bot answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replies {
    /// One reply line per event (the classic mjai protocol).
    EveryEvent,
    /// A reply only when the seat can act (Mortal's `mjai.py`).
    WhenAble,
}

/// What came back for one reply.
#[derive(Debug)]
enum Answer {
    Line(String),
    Late,
    Gone,
}

/// A running external bot.
#[derive(Debug)]
pub struct MjaiProcess {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
    replies: Replies,
    /// The player this bot plays.
    player: usize,
    /// The seat it sits in this hand (players move between seats under MCR's rotation).
    seat: Seat,
    /// Reply lines owed for the events written so far (classic protocol).
    owed: usize,
    /// A `reach` this agent already showed the bot, to skip when the game reports it.
    reach_shown: bool,
    faults: Faults,
}

impl MjaiProcess {
    /// Starts `argv` (with `player` appended) as player `player`; `name` is the spec.
    pub fn spawn(
        name: &str,
        argv: &[String],
        player: usize,
        rules: &Rules,
        options: &BuildOptions,
    ) -> std::io::Result<MjaiProcess> {
        let _ = rules;
        let (program, args) = argv.split_first().ok_or(std::io::ErrorKind::InvalidInput)?;
        let mut child = Command::new(program)
            .args(args)
            .arg(player.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdout = child.stdout.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if !line.trim().is_empty() && send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(MjaiProcess {
            name: name.to_string(),
            stdin: child.stdin.take(),
            child,
            lines,
            timeout: options.bot_timeout,
            replies: options.replies,
            player,
            seat: Seat::from_index(player % 4).unwrap_or_default(),
            owed: 0,
            reach_shown: false,
            faults: Faults::default(),
        })
    }

    fn send(&mut self, line: &str) {
        let ok = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|_| stdin.flush()).is_ok(),
            None => false,
        };
        if !ok {
            self.faults.gone = true;
            self.stdin = None;
        }
    }

    /// Writes an event line; in the classic protocol its reply is owed from then on.
    fn show(&mut self, line: &str) {
        self.send(line);
        if self.replies == Replies::EveryEvent && !self.faults.gone {
            self.owed += 1;
        }
    }

    /// The reply to the last event written, within one timeout: in the classic protocol the
    /// replies owed for earlier events are read first and dropped.
    fn reply(&mut self) -> Answer {
        if self.faults.gone {
            return Answer::Gone;
        }
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Answer::Late,
                Err(RecvTimeoutError::Disconnected) => {
                    self.faults.gone = true;
                    return Answer::Gone;
                }
            };
            match self.replies {
                Replies::WhenAble => return Answer::Line(line),
                Replies::EveryEvent => {
                    self.owed = self.owed.saturating_sub(1);
                    if self.owed == 0 {
                        return Answer::Line(line);
                    }
                }
            }
        }
    }

    /// The line of `answer`, or `None` after counting what went wrong.
    fn line_of(&mut self, answer: Answer) -> Option<String> {
        match answer {
            Answer::Line(l) => Some(l),
            Answer::Late => {
                self.faults.timeouts += 1;
                None
            }
            Answer::Gone => None,
        }
    }
}

impl Agent for MjaiProcess {
    fn name(&self) -> &str {
        &self.name
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, event: &Event) {
        if self.faults.gone {
            return;
        }
        // Where the rules move players between seats, the hand's seat is the one it names.
        self.seat = event.seat_of_player(self.player).unwrap_or(self.seat);
        if self.reach_shown && matches!(event, Event::Reach { actor } if *actor == self.seat) {
            self.reach_shown = false;
            return;
        }
        let line = match event {
            Event::StartGame { .. } => {
                let mut start = event.seen_by(self.seat);
                if let Event::StartGame { id, .. } = &mut start {
                    *id = Some(self.seat);
                }
                start.to_json()
            }
            e => e.to_json(),
        };
        self.show(&line);
    }

    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        let fallback = default_action(options);
        if self.faults.gone {
            return fallback;
        }
        let answer = self.reply();
        let Some(line) = self.line_of(answer) else { return fallback };
        let chosen = parse_reply(&line).and_then(|r| choose(view, &r, options));
        match chosen {
            Ok(Chosen::Action(a)) => a,
            Ok(Chosen::Riichi) => {
                // Show the bot its reach; its reply to it is the discard.
                self.show(&Event::Reach { actor: self.seat }.to_json());
                let answer = self.reply();
                let Some(line) = self.line_of(answer) else { return fallback };
                self.reach_shown = true;
                match parse_reply(&line).and_then(|r| choose_riichi_discard(&r, options)) {
                    Ok(a) => a,
                    Err(_) => {
                        // The bot has declared: keep its riichi, with the drawn tile if it
                        // may go.
                        self.faults.illegal += 1;
                        let riichi = |t: bool| {
                            options.iter().copied().find(
                                |a| matches!(a, Action::Riichi { tsumogiri, .. } if *tsumogiri == t),
                            )
                        };
                        riichi(true).or_else(|| riichi(false)).unwrap_or(fallback)
                    }
                }
            }
            Err(_) => {
                self.faults.illegal += 1;
                fallback
            }
        }
    }

    fn faults(&self) -> Faults {
        self.faults
    }
}

impl Drop for MjaiProcess {
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
