//! An external mjai bot as an agent (`mjai:COMMAND`): the command runs with the player's
//! seat number 0-3 appended as its last argument and is spoken to on its standard input and
//! output, one event per line, as the seat is shown it. What to send, which replies are owed
//! and what a reply chooses is the [`MjaiSession`]'s (the same for a bot over TCP); this side
//! owns the process, the pipes and the clock.
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
use std::sync::Arc;
use std::time::{Duration, Instant};

use hupai_engine::{Action, Agent, Event, Faults, PlayerView};
use hupai_rules::Rules;

pub use crate::mjai_session::Replies;
use crate::mjai_session::{MjaiSession, Step};

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

/// A running external bot.
#[derive(Debug)]
pub struct MjaiProcess {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
    session: MjaiSession,
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
            session: MjaiSession::new(player, Arc::new(rules.clone()), options.replies),
        })
    }

    fn send(&mut self, line: &str) {
        let ok = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|_| stdin.flush()).is_ok(),
            None => false,
        };
        if !ok {
            self.session.gone();
            self.stdin = None;
        }
    }

    /// Reads `n` reply lines (at least one) within one timeout, each given to the session:
    /// false when the time ran out first (the session is told) or the bot is gone.
    fn read(&mut self, n: usize) -> bool {
        if self.session.faults().gone {
            return false;
        }
        let deadline = Instant::now() + self.timeout;
        for _ in 0..n.max(1) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => self.session.replied(line),
                Err(RecvTimeoutError::Timeout) => {
                    self.session.late();
                    return false;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.session.gone();
                    return false;
                }
            }
        }
        true
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
        if self.session.faults().gone {
            return;
        }
        // The driver shows the player's own stream, which fits its view by construction.
        if let Ok(Some(line)) = self.session.show(event) {
            self.send(&line);
        }
    }

    fn decide(&mut self, _view: &PlayerView, options: &[Action]) -> Action {
        self.read(self.session.to_read());
        match self.session.answer(options) {
            Step::Answer(action, _) => action,
            Step::ShowReach(line) => {
                // Show the bot its reach; its reply to it is the discard.
                self.send(&line);
                let reply = match self.lines.recv_timeout(self.timeout) {
                    Ok(line) => Some(line),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => {
                        self.session.gone();
                        None
                    }
                };
                self.session.riichi_discard(reply, options).0
            }
        }
    }

    fn faults(&self) -> Faults {
        self.session.faults()
    }
}

impl Drop for MjaiProcess {
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
