//! The host's side of one external mjai bot, without I/O: what to send the bot for each event
//! of its player's stream, how many reply lines it owes, and which option its reply chooses.
//! The pipe agent (`mjai:COMMAND`, [`crate::mjai_process`]) drives it over a child process's
//! standard input and output; a server drives it over a TCP connection. Both then behave the
//! same:
//!
//! - The bot is shown its player's stream, `start_game` carrying its seat (`id`). Under rules
//!   that re-seat the players (MCR), mjai has no message for a new seat: each `start_kyoku`
//!   says who sits where (`players`), and the session's view follows its player there.
//! - Replies ([`Replies`]): classic mjai answers every event line (`{"type":"none"}` when there
//!   is nothing to do), and the replies owed are counted, so that at a decision the earlier
//!   ones are read and dropped and the last one is the answer; or, like Mortal's `mjai.py`, the
//!   bot answers only when it can act.
//! - Riichi takes two steps, as in mjai: a reply `reach` is answered with the bot's own `reach`
//!   event ([`Step::ShowReach`]), and the bot's next reply is the discard. The game reports the
//!   `reach` again when it happens; the session does not send it twice.
//! - Nothing a bot does stops a game: a reply that is not JSON, not legal or for another seat
//!   gets the seat its default action (discard the drawn tile, or pass) and counts as illegal,
//!   a reply that does not come in time as a timeout ([`Faults`]); after a `reach`, a discard
//!   that does not keep the hand ready keeps the riichi with the drawn tile where it may go.
//!
//! ```
//! use std::sync::Arc;
//! use hupai_ai::mjai_session::{How, MjaiSession, Replies, Step};
//! use hupai_engine::{Driver, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 1));
//! let mut session = MjaiSession::new(0, Arc::new(rules), Replies::EveryEvent);
//! let lines: Vec<String> = driver.stream(0, 0).filter_map(|e| session.show(&e).unwrap()).collect();
//! assert!(lines[0].contains(r#""id":0"#));
//! assert_eq!(session.owed(), lines.len());
//! // The bot's replies: `none` to every event, then an answer it cannot give.
//! for _ in 1..lines.len() {
//!     session.replied(r#"{"type":"none"}"#.into());
//! }
//! session.replied(r#"{"type":"pon","actor":0}"#.into());
//! let options = driver.prompt(0).unwrap().options;
//! let Step::Answer(action, How::Illegal) = session.answer(options) else { panic!() };
//! assert_eq!(action, hupai_engine::default_action(options));
//! assert_eq!(session.faults().illegal, 1);
//! ```

use std::sync::Arc;

use hupai_core::Seat;
use hupai_engine::{default_action, Action, Event, Faults, PlayerView, ViewError};
use hupai_rules::Rules;

use crate::mjai::{choose, choose_riichi_discard, parse_reply, Chosen};

/// When an external bot answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replies {
    /// One reply line per event (the classic mjai protocol).
    EveryEvent,
    /// A reply only when the seat can act (Mortal's `mjai.py`).
    WhenAble,
}

/// How a decision was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// By the bot's own legal reply.
    Bot,
    /// By the default, the bot's reply not being a legal option (or readable at all).
    Illegal,
    /// By the default, no reply having come in time.
    Timeout,
}

/// What the host does next at a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The seat's answer, and how it came.
    Answer(Action, How),
    /// The bot chose riichi: send it this line (its `reach`), read one reply, and give it to
    /// [`MjaiSession::riichi_discard`].
    ShowReach(String),
}

/// What the bot replied to the last event it was shown.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reply {
    Line(String),
    Late,
}

/// One external bot's session at one player's seat.
#[derive(Clone, Debug)]
pub struct MjaiSession {
    view: PlayerView,
    replies: Replies,
    /// Reply lines owed for the events shown (classic protocol).
    owed: usize,
    /// The last reply read, until a decision takes it.
    last: Option<Reply>,
    /// A `reach` already shown to the bot, to skip when the game reports it.
    reach_shown: bool,
    faults: Faults,
}

impl MjaiSession {
    /// The session of a bot playing player `player` (the seat it starts the match in).
    pub fn new(player: usize, rules: Arc<Rules>, replies: Replies) -> MjaiSession {
        MjaiSession {
            view: PlayerView::for_player(player, rules),
            replies,
            owed: 0,
            last: None,
            reach_shown: false,
            faults: Faults::default(),
        }
    }

    /// The player's view, built from the events shown.
    pub fn view(&self) -> &PlayerView {
        &self.view
    }

    /// The seat the bot sits at this hand.
    pub fn seat(&self) -> Seat {
        self.view.seat
    }

    /// The answers the bot could not give, so far.
    pub fn faults(&self) -> Faults {
        self.faults
    }

    /// The bot is gone for good (its process died, its connection closed): every decision
    /// from now on is the default.
    pub fn gone(&mut self) {
        self.faults.gone = true;
    }

    /// Takes the next event of the player's stream; returns the line to send the bot, if any
    /// (none for the game's report of a `reach` the bot was already shown). In the classic
    /// protocol the bot owes a reply from then on. An event that does not fit the player's
    /// view is an error and changes nothing.
    pub fn show(&mut self, event: &Event) -> Result<Option<String>, ViewError> {
        self.view.update(event)?;
        let seat = self.view.seat;
        if self.reach_shown && matches!(event, Event::Reach { actor } if *actor == seat) {
            self.reach_shown = false;
            return Ok(None);
        }
        let line = match event {
            Event::StartGame { .. } => {
                let mut start = event.seen_by(seat);
                if let Event::StartGame { id, .. } = &mut start {
                    *id = Some(seat);
                }
                start.to_json()
            }
            e => e.to_json(),
        };
        if self.replies == Replies::EveryEvent && !self.faults.gone {
            self.owed += 1;
        }
        Ok(Some(line))
    }

    /// Reply lines the bot owes now: at a decision, read this many (at least one) within one
    /// timeout; every one read goes to [`MjaiSession::replied`], the last is the answer.
    pub fn owed(&self) -> usize {
        self.owed
    }

    /// The reply lines to read for a decision: the replies owed, at least one.
    pub fn to_read(&self) -> usize {
        self.owed.max(1)
    }

    /// One reply line read from the bot (the answer to the oldest event it owes one for).
    pub fn replied(&mut self, line: String) {
        self.owed = self.owed.saturating_sub(1);
        self.last = Some(Reply::Line(line));
    }

    /// No reply came in time for what the bot was asked last.
    pub fn late(&mut self) {
        self.last = Some(Reply::Late);
    }

    /// The seat's answer to the decision now, from the bot's last reply: one of `options`, or
    /// the default when the reply is not legal, did not come, or the bot is gone.
    pub fn answer(&mut self, options: &[Action]) -> Step {
        let fallback = default_action(options);
        if self.faults.gone {
            return Step::Answer(fallback, How::Illegal);
        }
        let line = match self.last.take() {
            Some(Reply::Line(line)) => line,
            Some(Reply::Late) => {
                self.faults.timeouts += 1;
                return Step::Answer(fallback, How::Timeout);
            }
            None => {
                self.faults.illegal += 1;
                return Step::Answer(fallback, How::Illegal);
            }
        };
        match parse_reply(&line).and_then(|r| choose(&self.view, &r, options)) {
            Ok(Chosen::Action(a)) => Step::Answer(a, How::Bot),
            Ok(Chosen::Riichi) => {
                self.reach_shown = true;
                Step::ShowReach(Event::Reach { actor: self.view.seat }.to_json())
            }
            Err(_) => {
                self.faults.illegal += 1;
                Step::Answer(fallback, How::Illegal)
            }
        }
    }

    /// After [`Step::ShowReach`]: the bot's reply to its `reach` (none: not in time) chooses the
    /// riichi discard. The bot has declared, so its riichi stands: a reply that is late or
    /// not a discard keeping the hand ready gets the riichi with the drawn tile where it may go.
    pub fn riichi_discard(&mut self, reply: Option<String>, options: &[Action]) -> (Action, How) {
        let chosen = reply
            .as_deref()
            .map(|l| parse_reply(l).and_then(|r| choose_riichi_discard(&r, options)));
        match chosen {
            Some(Ok(a)) => (a, How::Bot),
            Some(Err(_)) | None => {
                let how = if reply.is_some() { How::Illegal } else { How::Timeout };
                match how {
                    _ if self.faults.gone => {}
                    How::Timeout => self.faults.timeouts += 1,
                    _ => self.faults.illegal += 1,
                }
                let riichi = |t: bool| {
                    options
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Riichi { tsumogiri, .. } if *tsumogiri == t))
                };
                let keep = riichi(true).or_else(|| riichi(false));
                (keep.unwrap_or_else(|| default_action(options)), how)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Defensive;
    use hupai_engine::{Agent, Driver, Setup};

    /// A riichi match played by `defensive` agents; the session sits at player 0 and is shown
    /// its stream. At player 0's first decision with a riichi option, `at_riichi` answers for
    /// the bot and gives the action played; the session's view follows the driver's all along.
    /// Returns how many times the session sent player 0's `reach` through [`MjaiSession::show`],
    /// and how many the record has.
    fn riichi_game(
        mut at_riichi: impl FnMut(&mut MjaiSession, &[Action]) -> Action,
    ) -> (usize, usize) {
        let rules = hupai_rules::Rules::preset("riichi").unwrap();
        for seed in 0..40 {
            let mut driver = Driver::new(Setup::new(rules.clone(), seed));
            let mut session = MjaiSession::new(0, Arc::new(rules.clone()), Replies::WhenAble);
            let mut ai: Vec<Defensive> = (0..4).map(|_| Defensive::new(&rules)).collect();
            let mut sent = Vec::new();
            let mut shown = 0;
            let mut riichi = false;
            loop {
                for e in driver.stream(0, shown) {
                    sent.extend(session.show(&e).unwrap());
                }
                shown = driver.record().len();
                assert_eq!(session.view(), driver.view_of(0));
                let (player, decision, options) = {
                    let Some(p) = driver.prompts().next() else { break };
                    (p.player, p.decision, p.options.to_vec())
                };
                let has_riichi = options.iter().any(|a| matches!(a, Action::Riichi { .. }));
                let action = if player == 0 && has_riichi && !riichi {
                    riichi = true;
                    at_riichi(&mut session, &options)
                } else {
                    let p = driver.prompt(player).unwrap();
                    ai[player].decide(p.view, p.options)
                };
                driver.answer(player, decision, action).unwrap();
            }
            if riichi {
                // Player 0 sits at East all match (no re-seating in riichi).
                let own = r#"{"type":"reach","actor":0}"#;
                let played = driver.record().iter().filter(|e| e.to_json() == own).count();
                return (sent.iter().filter(|l| *l == own).count(), played);
            }
        }
        panic!("no riichi in 40 games")
    }

    #[test]
    fn riichi_takes_two_steps_and_the_reach_is_shown_once() {
        let (sent, played) = riichi_game(|session, options| {
            let seat = session.seat().index();
            session.replied(format!(r#"{{"type":"reach","actor":{seat}}}"#));
            let Step::ShowReach(line) = session.answer(options) else { panic!("no reach step") };
            assert_eq!(line, format!(r#"{{"type":"reach","actor":{seat}}}"#));
            let Some(&Action::Riichi { pai, tsumogiri }) =
                options.iter().find(|a| matches!(a, Action::Riichi { .. }))
            else {
                unreachable!()
            };
            let dahai = format!(
                r#"{{"type":"dahai","actor":{seat},"pai":"{pai}","tsumogiri":{tsumogiri}}}"#
            );
            let (action, how) = session.riichi_discard(Some(dahai), options);
            assert_eq!((action, how), (Action::Riichi { pai, tsumogiri }, How::Bot));
            assert_eq!(session.faults(), Faults::default());
            action
        });
        // The bot was shown its own reach when it chose it, not again when the game told it.
        assert_eq!(sent + 1, played, "the game's report of the bot's reach is not sent again");
    }

    #[test]
    fn a_riichi_discard_that_is_late_or_not_legal_keeps_the_riichi() {
        for reply in [None, Some(r#"{"type":"dahai","actor":0,"pai":"C","tsumogiri":false}"#)] {
            riichi_game(|session, options| {
                let seat = session.seat().index();
                session.replied(format!(r#"{{"type":"reach","actor":{seat}}}"#));
                assert!(matches!(session.answer(options), Step::ShowReach(_)));
                let (action, how) = session.riichi_discard(reply.map(String::from), options);
                assert!(matches!(action, Action::Riichi { .. }), "{action}");
                let faults = session.faults();
                match reply {
                    None => {
                        assert_eq!((how, faults.timeouts, faults.illegal), (How::Timeout, 1, 0))
                    }
                    Some(_) => {
                        assert_eq!((how, faults.timeouts, faults.illegal), (How::Illegal, 0, 1))
                    }
                }
                action
            });
        }
    }

    #[test]
    fn a_late_reply_is_a_timeout_and_no_reply_is_illegal() {
        riichi_game(|session, options| {
            session.late();
            assert_eq!(
                session.answer(options),
                Step::Answer(default_action(options), How::Timeout)
            );
            assert_eq!(
                session.answer(options),
                Step::Answer(default_action(options), How::Illegal)
            );
            assert_eq!((session.faults().timeouts, session.faults().illegal), (1, 1));
            default_action(options)
        });
    }

    #[test]
    fn the_session_follows_its_player_across_mcr_reseating() {
        let rules = hupai_rules::Rules::preset("mcr").unwrap();
        let mut setup = Setup::new(rules.clone(), 3);
        setup.round.dealer = Seat::North;
        let mut driver = Driver::new(setup);
        let mut ai: Vec<Defensive> = (0..4).map(|_| Defensive::new(&rules)).collect();
        let mut session = MjaiSession::new(1, Arc::new(rules.clone()), Replies::EveryEvent);
        let mut seats = std::collections::BTreeSet::new();
        let mut shown = 0;
        loop {
            for e in driver.stream(1, shown) {
                let line = session.show(&e).unwrap().expect("every event is sent");
                if matches!(*e, Event::StartGame { .. }) {
                    assert!(line.contains(r#""id":1"#), "{line}");
                }
                seats.insert(session.seat());
            }
            shown = driver.record().len();
            assert_eq!(session.seat(), driver.seat_of(1));
            let (player, decision, action) = {
                let Some(p) = driver.prompts().next() else { break };
                (p.player, p.decision, ai[p.player].decide(p.view, p.options))
            };
            driver.answer(player, decision, action).unwrap();
        }
        assert!(seats.len() > 1, "player 1 changed seats: {seats:?}");
        assert_eq!(session.owed(), shown, "every line owes a reply in the classic protocol");
    }
}
