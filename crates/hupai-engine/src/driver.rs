//! The match driver: the one place that seats players, asks them and feeds each its stream.
//!
//! A [`Driver`] owns the [`Game`], the full record and the mapping from players (0..4, the
//! order of `Setup::names`) to seats, which changes when seats rotate (MCR). It says who must
//! decide ([`Driver::prompts`]: the player, its seat, its view, its options and a decision
//! number) and takes answers whenever they come ([`Driver::answer`]), so a person in a browser
//! or a remote bot can sit next to in-process agents. Every event has a sequence number (its
//! place in the record); each player is shown every event, as its seat may see it
//! ([`Driver::event_for`]), so every stream is contiguous and a gap is detectable.
//! [`Driver::run`] is the blocking loop for in-process agents, and [`crate::play_match`] runs
//! a whole match with it.
//!
//! ```
//! use hupai_engine::{Action, Driver, Setup};
//! use hupai_rules::Rules;
//! let mut setup = Setup::new(Rules::preset("mcr").unwrap(), 5);
//! setup.single_hand = true;
//! let mut driver = Driver::new(setup);
//! while !driver.is_over() {
//!     // Answer every prompt with its first option, as a slow client would one by one.
//!     let (player, decision, action) = {
//!         let p = driver.prompts().next().unwrap();
//!         (p.player, p.decision, p.options[0])
//!     };
//!     driver.answer(player, decision, action).unwrap();
//! }
//! assert_eq!(driver.record().last().unwrap().type_name(), "end_game");
//! // A stale answer is refused.
//! assert!(driver.answer(0, 0, Action::Pass).is_err());
//! ```

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use hupai_core::Seat;

use crate::agent::default_action;
use crate::{Action, Agent, Event, Game, PlayError, PlayerView, Setup};

/// One player who must decide now.
#[derive(Clone, Copy, Debug)]
pub struct Prompt<'a> {
    /// The player (0..4).
    pub player: usize,
    /// The seat it sits at.
    pub seat: Seat,
    /// The decision number: the sequence number of the next event when it was asked. An
    /// answer names it, so a late answer to an earlier prompt is told apart.
    pub decision: usize,
    /// What the seat knows.
    pub view: &'a PlayerView,
    /// Its legal options (never empty).
    pub options: &'a [Action],
}

/// Why the driver refused an answer (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerError {
    /// No such player.
    NoPlayer(usize),
    /// The answer is for an earlier (or a later) decision than the one open.
    Stale {
        /// The decision answered.
        answered: usize,
        /// The decision open now.
        open: usize,
    },
    /// The engine refused it.
    Play(PlayError),
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnswerError::NoPlayer(p) => write!(f, "no player {p} at the table"),
            AnswerError::Stale { answered, open } => {
                write!(f, "decision {answered} is not open (decision {open} is)")
            }
            AnswerError::Play(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AnswerError {}

impl From<PlayError> for AnswerError {
    fn from(e: PlayError) -> AnswerError {
        AnswerError::Play(e)
    }
}

/// A match with its players.
#[derive(Clone, Debug)]
pub struct Driver {
    game: Game,
    record: Vec<Event>,
    /// Players at each seat, from a sequence number on.
    seatings: Vec<(usize, [u8; 4])>,
    /// Answers [`Driver::run`] replaced, by player.
    illegal: [u32; 4],
    /// Events shown to the in-process agents so far.
    shown: usize,
}

/// The stream player `player` is shown of a full `record`: every event as the seat the player
/// held at the time may see it (players change seats with `start_kyoku.players`, MCR).
///
/// ```
/// use hupai_engine::{player_stream, play_match, Agent, Random, Setup};
/// use hupai_rules::Rules;
/// let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|i| Box::new(Random::new(i)) as Box<dyn Agent>).collect();
/// let mut setup = Setup::new(Rules::preset("riichi").unwrap(), 1);
/// setup.single_hand = true;
/// let record = play_match(setup, &mut agents).unwrap();
/// let stream: Vec<_> = player_stream(&record, 2).collect();
/// assert_eq!(stream.len(), record.len());
/// assert!(!stream[0].to_json().contains("\"seed\""));
/// ```
pub fn player_stream(record: &[Event], player: usize) -> impl Iterator<Item = Cow<'_, Event>> {
    let mut seat = Seat::from_index(player % 4).unwrap_or_default();
    record.iter().map(move |e| {
        seat = e.seat_of_player(player).unwrap_or(seat);
        shown_to(e, seat)
    })
}

/// `e` as `seat` may see it, borrowed when nothing is hidden from it.
fn shown_to(e: &Event, seat: Seat) -> Cow<'_, Event> {
    let own_draw = matches!(e, Event::Tsumo { actor, .. } if *actor == seat);
    if !e.has_hidden_tiles() || own_draw {
        Cow::Borrowed(e)
    } else {
        Cow::Owned(e.seen_by(seat))
    }
}

/// What one in-process agent's answer did ([`Driver::step`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The player who answered.
    pub player: usize,
    /// Its seat.
    pub seat: Seat,
    /// Its answer (the default if it gave an illegal one).
    pub action: Action,
    /// The sequence numbers of the events it caused.
    pub events: Range<usize>,
}

impl Driver {
    /// Starts the match of `setup`.
    pub fn new(setup: Setup) -> Driver {
        let (game, mut record) = Game::new(setup);
        record.reserve(1024);
        let mut driver = Driver { game, record, seatings: Vec::new(), illegal: [0; 4], shown: 0 };
        driver.took(0);
        driver
    }

    /// Starts the match of `setup` in place of this one: the driver is then the one
    /// [`Driver::new`] would make, but the record keeps its allocation, so that a program
    /// restarting many matches (a vectorised environment) does not allocate and grow a fresh
    /// record for each.
    pub fn restart(&mut self, setup: Setup) {
        // Under the same rules `start_game` records the same rule set: take it from the old
        // record rather than parse the preset again (a few hundred thousand instructions).
        let known = match self.record.first() {
            Some(Event::StartGame { rule_set, .. }) if setup.rules == *self.game.rules() => {
                Some(rule_set.clone())
            }
            _ => None,
        };
        let (game, opening) = Game::start(setup, known);
        self.game = game;
        self.record.clear();
        self.record.extend(opening);
        self.seatings.clear();
        self.illegal = [0; 4];
        self.shown = 0;
        self.took(0);
    }

    /// Notes the seatings of the events recorded from `start` on; returns their range.
    fn took(&mut self, start: usize) -> Range<usize> {
        for (i, e) in self.record[start..].iter().enumerate() {
            if let Event::StartKyoku { players, .. } = e {
                let seating = players.unwrap_or([0, 1, 2, 3]);
                if self.seatings.last().is_none_or(|s| s.1 != seating) {
                    self.seatings.push((start + i, seating));
                }
            }
        }
        start..self.record.len()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The full record: every event, nothing hidden (the seed included). Never show it to a
    /// seat while the match runs.
    pub fn record(&self) -> &[Event] {
        &self.record
    }

    /// The record, taken.
    pub fn into_record(self) -> Vec<Event> {
        self.record
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The players at each seat in the hand being played (or the last one).
    fn seating(&self) -> [u8; 4] {
        self.seatings.last().map_or([0, 1, 2, 3], |s| s.1)
    }

    /// Which player sits at `seat` now.
    pub fn player_at(&self, seat: Seat) -> usize {
        self.seating()[seat.index()] as usize
    }

    /// Where `player` sits now.
    pub fn seat_of(&self, player: usize) -> Seat {
        let seating = self.seating();
        Seat::ALL.into_iter().find(|s| seating[s.index()] as usize == player).unwrap_or_default()
    }

    /// What `player` knows now.
    pub fn view_of(&self, player: usize) -> &PlayerView {
        self.game.view(self.seat_of(player))
    }

    /// The decision number open now (the next event's sequence number).
    pub fn decision(&self) -> usize {
        self.record.len()
    }

    /// The players who must decide now, in seat order.
    pub fn prompts(&self) -> impl Iterator<Item = Prompt<'_>> + '_ {
        let pending = self.game.pending();
        pending.seats().map(move |seat| Prompt {
            player: self.player_at(seat),
            seat,
            decision: self.decision(),
            view: self.game.view(seat),
            options: pending.options(seat),
        })
    }

    /// The prompt open for `player`, if it must decide now.
    pub fn prompt(&self, player: usize) -> Option<Prompt<'_>> {
        self.prompts().find(|p| p.player == player)
    }

    /// Takes `player`'s answer to decision `decision`; returns the sequence numbers of the
    /// events it caused (none while other seats still decide on a claim). A refused answer
    /// changes nothing.
    pub fn answer(
        &mut self,
        player: usize,
        decision: usize,
        action: Action,
    ) -> Result<Range<usize>, AnswerError> {
        if player >= self.game.seats().count() {
            return Err(AnswerError::NoPlayer(player));
        }
        if decision != self.decision() {
            return Err(AnswerError::Stale { answered: decision, open: self.decision() });
        }
        let seat = self.seat_of(player);
        let start = self.record.len();
        self.game.apply_into(seat, action, &mut self.record)?;
        Ok(self.took(start))
    }

    /// The seat `player` held when event `seq` happened.
    fn seat_at(&self, player: usize, seq: usize) -> Seat {
        let at = self.seatings.partition_point(|s| s.0 <= seq);
        let seating = at.checked_sub(1).map_or([0, 1, 2, 3], |i| self.seatings[i].1);
        Seat::ALL.into_iter().find(|s| seating[s.index()] as usize == player).unwrap_or_default()
    }

    /// Event `seq` as `player` was shown it (other seats' tiles hidden, no seed).
    pub fn event_for(&self, player: usize, seq: usize) -> Option<Cow<'_, Event>> {
        let e = self.record.get(seq)?;
        if !e.has_hidden_tiles() {
            return Some(Cow::Borrowed(e));
        }
        Some(shown_to(e, self.seat_at(player, seq)))
    }

    /// `player`'s stream from sequence number `from` on.
    pub fn stream(&self, player: usize, from: usize) -> impl Iterator<Item = Cow<'_, Event>> + '_ {
        (from..self.record.len()).filter_map(move |seq| self.event_for(player, seq))
    }

    /// Event `seq` as a spectator sees it while the hand runs.
    pub fn spectator_event(&self, seq: usize) -> Option<Cow<'_, Event>> {
        let e = self.record.get(seq)?;
        Some(if e.has_hidden_tiles() { Cow::Owned(e.for_spectator()) } else { Cow::Borrowed(e) })
    }

    /// Plays until the match is over, asking `agents[player]` for each decision of `player`
    /// and showing each agent its stream ([`Agent::observe`]) first. An answer that is not a
    /// legal option is counted in [`Driver::illegal_answers`] and replaced by the default
    /// (discard the drawn tile, or pass).
    pub fn run<A: Agent>(&mut self, agents: &mut [A]) -> Result<(), PlayError> {
        self.run_with(agents, |_, _| {})
    }

    /// As [`Driver::run`], calling `after` with the driver and the sequence numbers of the new
    /// events after every answer (and once for the opening events).
    pub fn run_with<A: Agent>(
        &mut self,
        agents: &mut [A],
        mut after: impl FnMut(&Driver, Range<usize>),
    ) -> Result<(), PlayError> {
        let mut seated: Vec<Option<&mut A>> = agents.iter_mut().map(Some).collect();
        after(self, 0..self.record.len());
        while let Some(step) = self.step(&mut seated)? {
            after(self, step.events);
        }
        self.show(&mut seated);
        Ok(())
    }

    /// One answer by an in-process agent: shows every agent the events it has not seen yet,
    /// then asks the agent of the first player who must decide and has one (`agents[player]`
    /// is `None` for a player who answers through [`Driver::answer`], a person or a remote
    /// bot). Returns what happened, or `None` when no such player must decide now.
    pub fn step<A: Agent>(&mut self, agents: &mut [Option<A>]) -> Result<Option<Step>, PlayError> {
        self.show(agents);
        let Some(prompt) =
            self.prompts().find(|p| agents.get(p.player).is_some_and(|a| a.is_some()))
        else {
            return Ok(None);
        };
        let (player, seat, decision) = (prompt.player, prompt.seat, prompt.decision);
        let Some(Some(agent)) = agents.get_mut(player) else { return Ok(None) };
        let action = agent.decide(prompt.view, prompt.options).canonical();
        // The engine refuses an option it did not offer, changing nothing: the default
        // replaces it then (the options are looked through once, not twice, for a legal one).
        let (action, answered) = match self.answer(player, decision, action) {
            Err(AnswerError::Play(PlayError::Illegal { .. })) => {
                self.illegal[player] += 1;
                let action = default_action(self.game.pending().options(seat));
                (action, self.answer(player, decision, action))
            }
            answered => (action, answered),
        };
        match answered {
            Ok(events) => Ok(Some(Step { player, seat, action, events })),
            Err(AnswerError::Play(e)) => Err(e),
            Err(_) => Err(PlayError::NotYourTurn(seat)),
        }
    }

    /// Answers of `player`'s agent that [`Driver::run`] had to replace (not legal options).
    pub fn illegal_answers(&self, player: usize) -> u32 {
        self.illegal.get(player).copied().unwrap_or(0)
    }

    /// Shows every agent the events it has not seen yet.
    fn show<A: Agent>(&mut self, agents: &mut [Option<A>]) {
        // Asked once for the new events, not for each: most agents read only their view.
        let players = self.game.seats().count();
        let mut observing = [false; 4];
        for (o, agent) in observing.iter_mut().zip(agents.iter()).take(players) {
            *o = agent.as_ref().is_some_and(|a| a.observes());
        }
        if observing == [false; 4] {
            self.shown = self.record.len();
            return;
        }
        for seq in self.shown..self.record.len() {
            let e = &self.record[seq];
            let hidden = e.has_hidden_tiles();
            for (player, agent) in agents.iter_mut().enumerate().take(players) {
                let Some(agent) = agent.as_mut().filter(|_| observing[player]) else { continue };
                if hidden {
                    agent.observe(&shown_to(e, self.seat_at(player, seq)));
                } else {
                    agent.observe(e);
                }
            }
        }
        self.shown = self.record.len();
    }
}
