//! When a WebSocket connection's frames go out: at once, or held a moment to ride with the
//! next.
//!
//! Every seat is sent every public event, but a seat must answer only its own prompts: with
//! players that answer at once, a connection was written once per table step (four writes an
//! action, one to each seat), and the loopback writes with the reads they cause in the client
//! were the largest part of the server's work. So a connection's frames that ask nothing of it
//! (others' events, hands shown, reveals) may wait: they go out with the next frame that
//! needs it to act or answers it, or when [`Config::hold`](crate::Config::hold) has passed
//! since the first of them came, whichever is first. The policy:
//!
//! - **urgent frames go at once, with everything held before them, in order**: a prompt, a
//!   reply to the client's own message (`welcome`, `accepted`, `hint`, `error`, `pong`), a
//!   takeover, and the match's `end_game` ([`ServerMessage::is_urgent`]). The act → next
//!   prompt latency does not grow: prompts and replies are never held;
//! - **only a busy connection holds**: one whose previous frames came less than [`BUSY`] holds
//!   ago. At a human pace frames come a second or so apart, so a held batch would nearly always
//!   go out alone at its deadline, costing a timer and a wake-up for nothing (tried
//!   2026-12-05: 11–19% more CPU an action at a human pace); those connections are written
//!   as before, and only streams that come faster than anyone reads wait at all;
//! - **never long**: at most `hold`, and at most [`MAX_HELD`] frames (a backlog streams at
//!   once). The default, 10 ms, is less than one frame of a 60 Hz screen (16.7 ms), so a held
//!   move is drawn at most one refresh later, which nobody can see beside the tens of
//!   milliseconds a remote player's network adds anyway. Measured with 50 tables of instant
//!   players, the server wrote 3.9 times an action writing at once, 2.7 holding 5 ms, 2.3
//!   holding 10 ms and 2.0 holding 20 ms (the floor while replies go at once: the seat that
//!   acted is written its `accepted`, the next its prompt); see `BENCHMARKS.md`;
//! - **nothing lost or reordered**: a closing connection (the table's close, the idle close)
//!   writes what it holds before its close frame, a frame the connection sends by itself
//!   (`pong`, a refusal) goes out after what is held, in the same write, and `last_seq` (the
//!   event a close frame names for a resume) counts only events written.
//!
//! ```
//! use hupai_server::transport::hold::Hold;
//! use tokio::time::{Duration, Instant};
//! let t0 = Instant::now();
//! let ms = Duration::from_millis;
//! let mut hold = Hold::new(ms(10));
//! assert!(hold.came(t0, false, 1)); // the first frames after a quiet spell go at once
//! assert!(!hold.came(t0 + ms(2), false, 1)); // a busy stream's events wait...
//! assert_eq!(hold.deadline(), Some(t0 + ms(12))); // ...10 ms at most
//! assert!(!hold.came(t0 + ms(4), false, 2));
//! assert!(hold.came(t0 + ms(6), true, 3)); // a prompt takes them along at once
//! assert_eq!(hold.deadline(), None);
//! ```

use tokio::time::{Duration, Instant};

#[cfg(doc)]
use crate::protocol::ServerMessage;

/// A connection is busy while its frames come less than this many holds apart.
pub const BUSY: u32 = 4;

/// The most frames a connection holds: more go at once.
pub const MAX_HELD: usize = 64;

/// One connection's holding state.
#[derive(Clone, Copy, Debug)]
pub struct Hold {
    hold: Duration,
    /// When the previous frames came.
    last: Option<Instant>,
    /// When the frames held now must go (none: nothing is held).
    until: Option<Instant>,
}

impl Hold {
    /// A connection whose frames that ask nothing may wait `hold` (zero: never).
    pub fn new(hold: Duration) -> Hold {
        Hold { hold, last: None, until: None }
    }

    /// Frames came at `now` (`urgent`: one of them must go at once), and `waiting` frames
    /// wait in all, those held before included: whether to write them all now. When not, they
    /// are held until [`Hold::deadline`].
    pub fn came(&mut self, now: Instant, urgent: bool, waiting: usize) -> bool {
        let busy = self.last.is_some_and(|t| now.saturating_duration_since(t) < self.hold * BUSY);
        self.last = Some(now);
        if urgent || !busy || waiting >= MAX_HELD {
            self.until = None;
            return true;
        }
        self.until.get_or_insert(now + self.hold);
        false
    }

    /// When the frames held now must be written (none: nothing is held).
    pub fn deadline(&self) -> Option<Instant> {
        self.until
    }

    /// What was held has been written (at its deadline, or before a frame of the
    /// connection's own).
    pub fn written(&mut self) {
        self.until = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_quiet_connection_is_written_at_once() {
        let t0 = Instant::now();
        let mut hold = Hold::new(ms(5));
        // A human pace: frames a second apart are never held.
        for i in 0..5 {
            assert!(hold.came(t0 + ms(1000 * i), false, 1));
            assert_eq!(hold.deadline(), None);
        }
        // Just past the busy window: still written at once.
        assert!(hold.came(t0 + ms(4000 + 20), false, 1));
    }

    #[test]
    fn a_busy_connection_holds_until_its_deadline_or_an_urgent_frame() {
        let t0 = Instant::now();
        let mut hold = Hold::new(ms(5));
        assert!(hold.came(t0, true, 1));
        assert!(!hold.came(t0 + ms(3), false, 1));
        // The deadline counts from the first frame held, not the last.
        assert!(!hold.came(t0 + ms(6), false, 2));
        assert_eq!(hold.deadline(), Some(t0 + ms(8)));
        hold.written();
        assert_eq!(hold.deadline(), None);
        // The next held batch has a deadline of its own.
        assert!(!hold.came(t0 + ms(9), false, 1));
        assert_eq!(hold.deadline(), Some(t0 + ms(14)));
        assert!(hold.came(t0 + ms(10), true, 2));
        assert_eq!(hold.deadline(), None);
    }

    #[test]
    fn a_long_backlog_is_not_held() {
        let t0 = Instant::now();
        let mut hold = Hold::new(ms(5));
        assert!(hold.came(t0, false, MAX_HELD));
        assert!(!hold.came(t0, false, MAX_HELD - 1));
        assert!(hold.came(t0, false, MAX_HELD));
    }

    #[test]
    fn no_hold_means_every_frame_at_once() {
        let t0 = Instant::now();
        let mut hold = Hold::new(Duration::ZERO);
        for i in 0..4 {
            assert!(hold.came(t0 + ms(i), false, 1));
        }
    }
}
