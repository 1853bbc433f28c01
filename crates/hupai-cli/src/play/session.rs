//! What the terminal game plays through: a [`Session`] is one player's seat at a match, in
//! process ([`super::local::LocalSession`]: the match driver with AI opponents) or at a
//! `hupai serve` table ([`super::net::NetSession`]). The UI loops ([`super::plain`],
//! [`super::tui`]) and the [`super::app::App`] they share see only this: the player's stream
//! of events, the open decision with its options (and its clock online), and notices.

use std::fmt;
use std::time::{Duration, Instant};

use hupai_core::Seat;
use hupai_engine::{Action, Event, PlayerView};
use hupai_rules::Rules;

/// What happened since the last look.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// Events of the player's stream, in order, the first with sequence number `first`.
    Events {
        /// The first event's sequence number.
        first: u64,
        /// The events as the player is shown them.
        events: Vec<Event>,
        /// The seat whose answer caused them, and its reason when it gave one (`--explain`).
        why: Option<(Seat, Option<String>)>,
    },
    /// For a spectator, once a hand is over: its events that hid tiles, in full.
    Reveal(Vec<(u64, Event)>),
    /// Something to tell the player that is not a game event (a dropped connection, an AI
    /// playing the seat, a refusal from the server).
    Notice(String),
}

/// The decision open for the player.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenPrompt {
    /// Its number.
    pub decision: u64,
    /// The legal options, exactly as the table sent them.
    pub options: Vec<Action>,
    /// The time left, at a table with a clock.
    pub clock: Option<Clock>,
}

/// A decision's time: what the server said when the prompt came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// When the prompt came.
    pub since: Instant,
    /// The time it left then, the bank included, in milliseconds.
    pub deadline_ms: u64,
    /// Of which the bank.
    pub bank_ms: u64,
}

impl Clock {
    /// Milliseconds left at `now` (the bank included).
    pub fn left_ms(&self, now: Instant) -> u64 {
        let spent = now.saturating_duration_since(self.since).as_millis() as u64;
        self.deadline_ms.saturating_sub(spent)
    }

    /// Under five seconds left.
    pub fn urgent(&self, now: Instant) -> bool {
        self.left_ms(now) < 5_000
    }

    /// The time left in words: `8 s + 20 s bank`, `12 s of bank`, `3 s`.
    pub fn text(&self, now: Instant) -> String {
        let left = self.left_ms(now);
        let bank = self.bank_ms.min(left);
        let turn = left - bank;
        let secs = |ms: u64| ms.div_ceil(1000);
        match (turn, bank) {
            (0, 0) => "0 s".to_string(),
            (0, b) => format!("{} s of bank", secs(b)),
            (t, 0) => format!("{} s", secs(t)),
            (t, b) => format!("{} s + {} s bank", secs(t), secs(b)),
        }
    }
}

/// Why the session cannot go on.
#[derive(Debug)]
pub enum SessionError {
    /// The local match: nobody can decide, but it is not over (an engine fault).
    Stuck,
    /// The local match driver refused to go on.
    Engine(String),
    /// The connection to the server ended for good.
    Connection(String),
    /// The server's stream does not fit the game as this client knows it.
    Stream(String),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Stuck => {
                f.write_str("nobody has anything to decide, but the match is not over")
            }
            SessionError::Engine(e) => write!(f, "the match: {e}"),
            SessionError::Connection(e) => write!(f, "the connection: {e}"),
            SessionError::Stream(e) => write!(f, "the server's stream: {e}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// Why an answer was not taken (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActError {
    /// Nothing to decide now (or the answer is already given).
    NotOpen,
    /// Not one of the options.
    NotAnOption(Action),
    /// The local match refused it.
    Refused(String),
}

impl fmt::Display for ActError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActError::NotOpen => f.write_str("there is nothing to decide now"),
            ActError::NotAnOption(a) => write!(f, "{a} is not one of the options"),
            ActError::Refused(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for ActError {}

/// One player's seat at a match (or a spectator's chair).
pub trait Session {
    /// The rule set.
    fn rules(&self) -> &Rules;

    /// The player this session plays (none when watching).
    fn player(&self) -> Option<usize>;

    /// The player's view, built from its stream (none when watching).
    fn view(&self) -> Option<&PlayerView>;

    /// The decision open for the player, unless it has answered it.
    fn prompt(&self) -> Option<&OpenPrompt>;

    /// Moves the game on, waiting at most `wait` for something to happen: in process, lets
    /// an AI decide when its turn has come; online, reads what the server sent.
    fn poll(&mut self, wait: Duration) -> Result<Vec<Update>, SessionError>;

    /// When the session will next have something without the player, if it knows (in
    /// process: the next paced AI move).
    fn wake_in(&self) -> Option<Duration>;

    /// Whether the match goes on without this client (online): the UI must keep reading
    /// even while an overlay is up.
    fn is_live(&self) -> bool;

    /// Answers the open decision with one of its options; what it caused at once.
    fn act(&mut self, action: Action) -> Result<Vec<Update>, ActError>;

    /// Whether the match is over.
    fn is_over(&self) -> bool;

    /// Whether a built-in AI plays the seat now (online, after timeouts or an absence); the
    /// seat gets no prompts until the player says it is back.
    fn taken_over(&self) -> bool {
        false
    }

    /// The player is back: the AI that took over the seat stops.
    fn back(&mut self) {}

    /// While the connection is down (online): what is being done about it.
    fn connection_note(&self) -> Option<String> {
        None
    }

    /// The record to save (`--log`): the whole game in process, the player's stream online.
    fn record(&self) -> &[Event];

    /// Where to come back to this seat, online (`hupai play --server ...`).
    fn rejoin(&self) -> Option<String>;

    /// Leaves the match (closes the connection).
    fn leave(&mut self);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_says_the_turn_time_then_the_bank() {
        let t0 = Instant::now();
        let c = Clock { since: t0, deadline_ms: 25_000, bank_ms: 20_000 };
        assert_eq!(c.text(t0), "5 s + 20 s bank");
        assert_eq!(c.text(t0 + Duration::from_millis(4_500)), "1 s + 20 s bank");
        assert_eq!(c.text(t0 + Duration::from_secs(8)), "17 s of bank");
        assert!(!c.urgent(t0 + Duration::from_secs(8)));
        assert!(c.urgent(t0 + Duration::from_secs(21)));
        assert_eq!(c.text(t0 + Duration::from_secs(60)), "0 s");
        let no_bank = Clock { since: t0, deadline_ms: 3_000, bank_ms: 0 };
        assert_eq!(no_bank.text(t0), "3 s");
    }
}
