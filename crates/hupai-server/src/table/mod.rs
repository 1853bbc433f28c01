//! One table: the match driver, the seats and their clocks, the connections watching, and
//! every answer as a record to store. A table is driven by one task (see [`crate::actor`])
//! and is the only writer of its game; it does no I/O itself: it queues messages for its
//! connections (each a [`stream`] of its own) and records for the store
//! ([`Table::take_records`]), and its task sends the messages ([`Table::deliver`]) only once the
//! records are stored, so nobody ever sees a move that a crash could lose.
//!
//! Time is given, never read, so a table is tested with any clock:
//!
//! ```
//! use hupai_server::spec::{NewTable, StoredSpec};
//! use hupai_server::table::Table;
//! use tokio::time::Instant;
//! let new: NewTable = serde_json::from_str(r#"{"rules":"riichi","seats":["bot:efficiency","bot:efficiency","bot:efficiency","bot:efficiency"]}"#).unwrap();
//! let spec = StoredSpec::new(&new.check().unwrap(), 7, 1);
//! let mut table = Table::new("t".into(), spec, Instant::now()).unwrap();
//! // Each step lets a few bots answer; the task steps while something is due now.
//! while !table.is_over() {
//!     table.advance(Instant::now());
//! }
//! assert_eq!(table.take_records().len() as u64, table.answers());
//! ```

use std::collections::BTreeMap;

use hupai_core::Seat;
use hupai_engine::{default_action, Action, Agent, AnswerError, Driver, Event, PlayError};
use serde::Serialize;
use tokio::time::{Duration, Instant};

use crate::analysis::hints::Hint;
use crate::protocol::{ErrorCode, ServerMessage, PROTOCOL};
use crate::spec::{Checked, SeatKind, SpecError, StoredSpec, TimeControl};
use crate::token::{hash, Token};

mod hint;
mod record;
pub mod stream;

pub use record::{ActionRecord, How, RebuildError};
pub use stream::{pipe, ConnId, Inlet, Outlet, Who};
use stream::{Connection, Delivered, Frames, PromptShown, Source};

/// The most answers (bots, stand-ins, clocks) one [`Table::advance`] takes.
pub const ANSWERS_PER_STEP: usize = 32;
/// Why an answer was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The protocol's error code.
    pub code: ErrorCode,
    /// What is wrong.
    pub message: String,
}

/// Decisions a seat's player did not answer usably: the default action was taken for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SeatFaults {
    /// Replies that were not legal (external bots).
    pub illegal: u32,
    /// Decisions not answered in time.
    pub timeouts: u32,
}

/// One player's seat.
struct PlayerSeat {
    faults: SeatFaults,
    kind: SeatKind,
    /// Hash of the token of the person (or the ticket of the external bot) who holds it.
    token_hash: Option<String>,
    /// Somebody holds it (open seats start empty, external bots until they connect).
    taken: bool,
    /// Somebody has sat down: the match starts once every seat's player has.
    arrived: bool,
    connections: usize,
    away_since: Option<Instant>,
    timeouts: u32,
    takeover: bool,
    bank_ms: u64,
    /// The seat's bot, or the AI that plays for an absent person.
    agent: Box<dyn Agent>,
}

/// A table in play.
pub struct Table {
    id: String,
    spec: StoredSpec,
    checked: Checked,
    driver: Driver,
    seats: Vec<PlayerSeat>,
    connections: BTreeMap<ConnId, Connection>,
    released: usize,
    released_at: Vec<Instant>,
    hold_until: Option<Instant>,
    shown: [Option<(usize, Instant)>; 4],
    records: Vec<ActionRecord>,
    answers: u64,
    dropped: Vec<ConnId>,
    remote: bool,
    /// The last hint given, for (player, events sent, open decision).
    hinted: Option<(hint::HintKey, Box<Hint>)>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("id", &self.id).field("answers", &self.answers).finish()
    }
}

/// The AI that plays for an absent person.
const STAND_IN: &str = "defensive";

impl Table {
    /// A new table from its spec (no seat taken but the bots').
    pub fn new(id: String, spec: StoredSpec, now: Instant) -> Result<Table, SpecError> {
        let checked = spec.checked()?;
        let setup = spec.setup(checked.rules.clone())?;
        let options = hupai_ai::BuildOptions::default();
        let mut seats = Vec::with_capacity(4);
        for (p, kind) in checked.seats.iter().enumerate() {
            let seed = spec.seed.wrapping_mul(4).wrapping_add(p as u64);
            let agent_spec = match kind {
                SeatKind::Bot(s) => s.clone(),
                _ => STAND_IN.parse().map_err(|e| SpecError(format!("{e}")))?,
            };
            let agent = agent_spec
                .build(&checked.rules, seed, p, &options)
                .map_err(|e| SpecError(e.to_string()))?;
            seats.push(PlayerSeat {
                faults: SeatFaults::default(),
                taken: matches!(kind, SeatKind::Bot(_)),
                arrived: matches!(kind, SeatKind::Bot(_)),
                kind: kind.clone(),
                token_hash: None,
                connections: 0,
                away_since: Some(now),
                timeouts: 0,
                takeover: false,
                bank_ms: checked.time.bank_ms,
                agent,
            });
        }
        let remote = checked.seats.iter().any(SeatKind::is_remote);
        Ok(Table {
            id,
            spec,
            checked,
            driver: Driver::new(setup),
            seats,
            connections: BTreeMap::new(),
            released: 0,
            released_at: Vec::new(),
            hold_until: None,
            shown: [None; 4],
            records: Vec::new(),
            answers: 0,
            dropped: Vec::new(),
            remote,
            hinted: None,
        })
    }

    /// A stored table rebuilt from its spec, the hashes of its taken seats' tokens and its
    /// answers: the same game, with every bot in the state it was in.
    pub fn rebuild(
        id: String,
        spec: StoredSpec,
        tokens: &[(usize, String)],
        answers: &[ActionRecord],
        now: Instant,
    ) -> Result<Table, RebuildError> {
        let mut t = Table::new(id, spec, now).map_err(RebuildError::Spec)?;
        for (p, h) in tokens {
            if let Some(seat) = t.seats.get_mut(*p) {
                seat.token_hash = Some(h.clone());
                seat.taken = true;
            }
        }
        // A match that had begun had everybody; one that had not waits for them again.
        if !answers.is_empty() {
            for seat in &mut t.seats {
                seat.arrived = true;
            }
        }
        for r in answers {
            let fail = |why: String| RebuildError::Answer { n: r.n, why };
            if r.n != t.answers {
                return Err(fail(format!("expected answer {}", t.answers)));
            }
            let prompt = t.driver.prompt(r.player).ok_or_else(|| fail("no prompt open".into()))?;
            if matches!(t.seats[r.player].kind, SeatKind::Bot(_)) {
                // The bot decides again, so that it is where it was (random bots draw).
                let again = t.seats[r.player].agent.decide(prompt.view, prompt.options);
                if again.canonical() != r.action {
                    return Err(fail(format!("the bot now answers {again}, not {}", r.action)));
                }
            }
            t.driver
                .answer(r.player, r.decision as usize, r.action)
                .map_err(|e| fail(e.to_string()))?;
            t.answers += 1;
        }
        // The clocks as they were: each player's bank after its last answer, and the timeouts
        // (or strikes) in a row it ended on.
        for (p, seat) in t.seats.iter_mut().enumerate() {
            let mine = answers.iter().filter(|r| r.player == p);
            if let Some(last) = mine.clone().next_back() {
                seat.bank_ms = last.bank_ms;
            }
            seat.faults = SeatFaults {
                illegal: mine.clone().filter(|r| r.how == How::Illegal).count() as u32,
                timeouts: mine.clone().filter(|r| r.how == How::Timeout).count() as u32,
            };
            let since: Vec<How> =
                mine.rev().map(|r| r.how).take_while(|&h| h != How::Player).collect();
            let person = seat.kind != SeatKind::Mjai;
            seat.timeouts = since.iter().filter(|&&h| h == How::Timeout).count() as u32;
            seat.takeover = since.contains(&How::Takeover)
                || (person && seat.timeouts >= t.checked.time.timeouts_for_takeover);
        }
        t.released = t.driver.record().len();
        t.released_at = vec![now; t.released];
        Ok(t)
    }

    /// The table's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Its spec.
    pub fn spec(&self) -> &StoredSpec {
        &self.spec
    }

    /// Answers taken so far.
    pub fn answers(&self) -> u64 {
        self.answers
    }

    /// The match driver.
    pub fn driver(&self) -> &Driver {
        &self.driver
    }

    /// Whether the match is over and everybody has been sent its end.
    pub fn is_over(&self) -> bool {
        self.driver.is_over() && self.released == self.driver.record().len()
    }

    /// The full log, once the match is over.
    pub fn log(&self) -> Option<String> {
        self.driver
            .is_over()
            .then(|| self.driver.record().iter().map(|e| e.to_json() + "\n").collect())
    }

    /// Whether every seat's player has sat down (the match has begun or can).
    pub fn seated(&self) -> bool {
        self.seats.iter().all(|s| s.taken && s.arrived)
    }

    /// The seat kinds with whether they are taken (the lobby's view).
    pub fn seat_list(&self) -> Vec<(String, bool)> {
        self.seats.iter().map(|s| (s.kind.text(), s.taken)).collect()
    }

    /// Each player's faults so far.
    pub fn faults(&self) -> Vec<SeatFaults> {
        self.seats.iter().map(|s| s.faults).collect()
    }

    /// Gives the creator's token to human seats, and tickets to external-bot seats: returns
    /// them (clear text, never stored) by player.
    pub fn issue_creator_tokens(&mut self) -> std::io::Result<Vec<(usize, Token)>> {
        let mut out = Vec::new();
        for (p, s) in self.seats.iter_mut().enumerate() {
            if matches!(s.kind, SeatKind::Human | SeatKind::Mjai) {
                let t = Token::new()?;
                s.token_hash = Some(hash(t.text()));
                s.taken = matches!(s.kind, SeatKind::Human);
                out.push((p, t));
            }
        }
        Ok(out)
    }

    /// The hashes of the seats' tokens (for the store).
    pub fn token_hashes(&self) -> Vec<(usize, String)> {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(p, s)| s.token_hash.clone().map(|h| (p, h)))
            .collect()
    }

    /// Takes the first open seat: its player and token.
    pub fn join_open(&mut self) -> Result<(usize, Token), Refused> {
        let Some((p, seat)) =
            self.seats.iter_mut().enumerate().find(|(_, s)| s.kind == SeatKind::Open && !s.taken)
        else {
            return Err(Refused { code: ErrorCode::Full, message: "no open seat".into() });
        };
        let token = Token::new()
            .map_err(|e| Refused { code: ErrorCode::Internal, message: e.to_string() })?;
        seat.token_hash = Some(hash(token.text()));
        seat.taken = true;
        Ok((p, token))
    }

    /// The player a token (or an external bot's ticket) sits at.
    pub fn player_of(&self, token: &str, external: bool) -> Option<usize> {
        let token = Token::from_text(token);
        self.seats.iter().position(|s| {
            (s.kind == SeatKind::Mjai) == external
                && s.token_hash.as_deref().is_some_and(|h| token.matches(h))
        })
    }

    /// A connection arrives: as `who`, having seen up to `last_seq`, with the table's end of
    /// its queue. It gets its welcome, what it missed (as fast as its socket takes it), and
    /// the open prompt.
    pub fn connect(
        &mut self,
        conn: ConnId,
        who: Who,
        last_seq: Option<u64>,
        outlet: Outlet,
        now: Instant,
    ) {
        let next_seq = last_seq.map_or(0, |s| (s as usize).saturating_add(1)).min(self.released);
        let player = match who {
            Who::Player(p) => Some(p),
            Who::Spectator => None,
        };
        let welcome = ServerMessage::Welcome {
            protocol: PROTOCOL,
            table: self.id.clone(),
            seat: player,
            player,
            rules: self.checked.rules.name.clone(),
            names: self.checked.names.clone(),
            next_seq: next_seq as u64,
        };
        let upto = match who {
            Who::Player(_) => self.released,
            Who::Spectator => self.ripe(now),
        };
        let mut c = Connection::new(who, next_seq, upto, self.driver.record(), outlet);
        c.push(welcome);
        self.connections.insert(conn, c);
        if let Some(p) = player {
            let seat = &mut self.seats[p];
            seat.connections += 1;
            seat.away_since = None;
            seat.taken = true;
            seat.arrived = true;
        }
        // Whoever comes back takes the seat back from the AI.
        if let Some(p) = player {
            self.back(p);
        }
        self.flush(now);
    }

    /// The person (or bot) of player `p` is here: the AI stops playing for it.
    fn back(&mut self, p: usize) {
        if self.seats[p].takeover {
            self.seats[p].timeouts = 0;
            self.set_takeover(p, false);
        }
    }

    /// A connection says its player is back at the table (`{"type":"back"}`).
    pub fn come_back(&mut self, conn: ConnId, now: Instant) -> Result<(), Refused> {
        match self.connections.get(&conn).map(|c| c.who) {
            Some(Who::Player(p)) => {
                self.back(p);
                self.advance(now);
                Ok(())
            }
            Some(Who::Spectator) => Err(Refused {
                code: ErrorCode::NotYourTurn,
                message: "a spectator does not play".into(),
            }),
            None => Err(Refused { code: ErrorCode::NoHello, message: "say hello first".into() }),
        }
    }

    /// A connection is gone (its socket task ended, or the table cut it off): the table's
    /// end of its queue, if it was still here.
    fn remove(&mut self, conn: ConnId, now: Instant) -> Option<Connection> {
        let c = self.connections.remove(&conn)?;
        if let Who::Player(p) = c.who {
            let seat = &mut self.seats[p];
            seat.connections = seat.connections.saturating_sub(1);
            if seat.connections == 0 {
                seat.away_since = Some(now);
            }
        }
        Some(c)
    }

    /// A connection's socket task has ended.
    pub fn disconnect(&mut self, conn: ConnId, now: Instant) {
        self.remove(conn, now);
    }

    /// Connections the table gave up on (their readers were too slow): the task closes them.
    pub fn take_dropped(&mut self) -> Vec<ConnId> {
        std::mem::take(&mut self.dropped)
    }

    /// An answer from a connection: `how` is [`How::Player`] for a person's or a bot's own
    /// answer, or a strike ([`How::Timeout`], [`How::Illegal`]) when an external bot's reply
    /// was late or not legal and its connection answers the default for it.
    pub fn act(
        &mut self,
        conn: ConnId,
        decision: u64,
        action: Action,
        how: How,
        now: Instant,
    ) -> Result<(), Refused> {
        let refuse = |code, message: String| Err(Refused { code, message });
        let Some(c) = self.connections.get(&conn) else {
            return refuse(ErrorCode::NoHello, "say hello first".into());
        };
        let Who::Player(p) = c.who else {
            return refuse(ErrorCode::NotYourTurn, "a spectator does not play".into());
        };
        let shown = match self.shown[p] {
            Some((d, at)) if c.prompted == Some(d) => (d, at),
            _ => return refuse(ErrorCode::NotYourTurn, "nothing to decide now".into()),
        };
        if decision != shown.0 as u64 {
            return refuse(
                ErrorCode::Stale,
                format!("decision {decision} is not open (decision {} is)", shown.0),
            );
        }
        let strike = how != How::Player;
        if !strike {
            self.back(p);
        }
        let how = if strike && how != How::Timeout { How::Illegal } else { how };
        match self.take_answer(p, shown, action, how, now) {
            Ok(()) => {
                // An external bot's strike is counted, as for `mjai:COMMAND` seats; the bot
                // keeps its seat (the AI takes over only from a person who is gone or late).
                match how {
                    How::Illegal => self.seats[p].faults.illegal += 1,
                    How::Timeout => self.seats[p].faults.timeouts += 1,
                    _ => self.seats[p].timeouts = 0,
                }
                self.tell(conn, ServerMessage::Accepted { decision });
                self.advance(now);
                Ok(())
            }
            Err(AnswerError::Play(PlayError::Illegal { action, .. })) => {
                refuse(ErrorCode::Illegal, format!("{action} is not one of the options"))
            }
            Err(e) => refuse(ErrorCode::NotYourTurn, e.to_string()),
        }
    }

    /// The rules played.
    pub fn rules(&self) -> &hupai_rules::Rules {
        &self.checked.rules
    }

    /// Applies an answer to the open decision `shown` of player `p`.
    fn take_answer(
        &mut self,
        p: usize,
        shown: (usize, Instant),
        action: Action,
        how: How,
        now: Instant,
    ) -> Result<(), AnswerError> {
        let action = action.canonical();
        let call = self.driver.prompt(p).is_some_and(|pr| pr.options.contains(&Action::Pass));
        self.driver.answer(p, shown.0, action)?;
        let time = self.checked.time;
        let base = if call { time.call_ms } else { time.turn_ms };
        let used = now.saturating_duration_since(shown.1).as_millis() as u64;
        if how == How::Player {
            let seat = &mut self.seats[p];
            seat.bank_ms = seat.bank_ms.saturating_sub(used.saturating_sub(base));
        }
        self.shown[p] = None;
        self.records.push(ActionRecord {
            n: self.answers,
            player: p,
            decision: shown.0 as u64,
            action,
            how,
            bank_ms: self.seats[p].bank_ms,
        });
        self.answers += 1;
        Ok(())
    }

    /// Moves the table on to `now`: releases events (holding every discard open for the claim
    /// window), lets bots and stand-ins answer, times out late answers, and queues what every
    /// connection should now see.
    ///
    /// At most [`ANSWERS_PER_STEP`] bots answer in one call, so that a table of instant bots
    /// does not hold its thread (or flood its connections' queues) for a whole game: the task
    /// stores and delivers what happened, and [`Table::next_wake`] says the rest is due now.
    pub fn advance(&mut self, now: Instant) {
        if !self.seated() {
            return;
        }
        for _ in 0..ANSWERS_PER_STEP {
            self.release(now);
            self.flush(now);
            if !self.answer_due(now) {
                break;
            }
        }
        self.flush(now);
    }

    /// Releases the events that may go out now.
    fn release(&mut self, now: Instant) {
        if self.hold_until.is_some_and(|h| now < h) {
            return;
        }
        self.hold_until = None;
        let hold = self.checked.time.claim_hold_ms;
        let record_len = self.driver.record().len();
        while self.released < record_len {
            let e = &self.driver.record()[self.released];
            self.released += 1;
            self.released_at.push(now);
            if self.remote && hold > 0 && matches!(e, Event::Dahai { .. }) && !self.driver.is_over()
            {
                self.hold_until = Some(now + Duration::from_millis(hold));
                break;
            }
        }
    }

    /// Lets one bot, stand-in or clock answer if one is due; true when one did.
    fn answer_due(&mut self, now: Instant) -> bool {
        let prompts: Vec<(usize, usize)> =
            self.driver.prompts().map(|p| (p.player, p.decision)).collect();
        let time = self.checked.time;
        for (p, decision) in prompts {
            if decision > self.released {
                continue;
            }
            let shown_at = match self.shown[p] {
                Some((d, at)) if d == decision => at,
                _ => {
                    self.shown[p] = Some((decision, now));
                    now
                }
            };
            let seat = &self.seats[p];
            let takeover = seat.takeover;
            let by_ai = matches!(seat.kind, SeatKind::Bot(_)) || takeover;
            if by_ai {
                let delay = if self.remote { time.bot_delay_ms } else { 0 };
                if now < shown_at + Duration::from_millis(delay) {
                    continue;
                }
                let Some(prompt) = self.driver.prompt(p) else { continue };
                let mut action =
                    self.seats[p].agent.decide(prompt.view, prompt.options).canonical();
                if !prompt.options.contains(&action) {
                    action = default_action(prompt.options);
                }
                let how = if takeover { How::Takeover } else { How::Bot };
                if self.take_answer(p, (decision, shown_at), action, how, now).is_ok() {
                    return true;
                }
                continue;
            }
            // A person or an external bot: the clock, and the stand-in when it is away.
            let away = seat.away_since.is_some_and(|t| {
                now.saturating_duration_since(t).as_millis() as u64 >= time.away_ms
            });
            if away && !seat.takeover {
                self.set_takeover(p, true);
                return true;
            }
            let call = self.driver.prompt(p).is_some_and(|pr| pr.options.contains(&Action::Pass));
            let base = if call { time.call_ms } else { time.turn_ms };
            let deadline = shown_at + Duration::from_millis(base + self.seats[p].bank_ms);
            if now >= deadline {
                let Some(prompt) = self.driver.prompt(p) else { continue };
                let action = default_action(prompt.options);
                self.seats[p].bank_ms = 0;
                if self.take_answer(p, (decision, shown_at), action, How::Timeout, now).is_ok() {
                    self.seats[p].timeouts += 1;
                    self.seats[p].faults.timeouts += 1;
                    // A person who keeps missing the clock is played by the AI until back; an
                    // external bot is only counted (it answers every prompt it is sent).
                    let person = self.seats[p].kind != SeatKind::Mjai;
                    if person && self.seats[p].timeouts >= time.timeouts_for_takeover {
                        self.set_takeover(p, true);
                    }
                    return true;
                }
            }
        }
        false
    }

    fn set_takeover(&mut self, p: usize, active: bool) {
        self.seats[p].takeover = active;
        self.tell_player(p, ServerMessage::Takeover { player: p, active });
    }

    fn tell_player(&mut self, p: usize, msg: ServerMessage) {
        for c in self.connections.values_mut().filter(|c| c.who == Who::Player(p)) {
            c.push(msg.clone());
        }
    }

    /// When the table next has something to do by itself (a hold ending, a bot's delay, a
    /// deadline, an absence long enough for a stand-in).
    pub fn next_wake(&self) -> Option<Instant> {
        let time = self.checked.time;
        let mut wake: Option<Instant> = self.hold_until;
        let mut at = |t: Instant| wake = Some(wake.map_or(t, |w| w.min(t)));
        if !self.seated() {
            return None;
        }
        if self.released < self.driver.record().len() && self.hold_until.is_none() {
            at(Instant::now());
        }
        for prompt in self.driver.prompts() {
            let p = prompt.player;
            let shown = match self.shown[p] {
                Some((d, shown)) if d == prompt.decision => shown,
                // Released but not yet seen by `answer_due` (a step ended first): due now.
                _ if prompt.decision <= self.released => {
                    at(Instant::now());
                    continue;
                }
                _ => continue,
            };
            let seat = &self.seats[p];
            if matches!(seat.kind, SeatKind::Bot(_)) || seat.takeover {
                let delay = if self.remote { time.bot_delay_ms } else { 0 };
                at(shown + Duration::from_millis(delay));
            } else {
                let call = prompt.options.contains(&Action::Pass);
                let base = if call { time.call_ms } else { time.turn_ms };
                at(shown + Duration::from_millis(base + seat.bank_ms));
                if let Some(t) = seat.away_since {
                    at(t + Duration::from_millis(time.away_ms));
                }
            }
        }
        // Spectators waiting for delayed events.
        let delay = Duration::from_secs(self.spectator_delay_s());
        if !delay.is_zero() {
            if let Some(c) = self
                .connections
                .values()
                .find(|c| c.who == Who::Spectator && c.next_seq < self.released)
            {
                if let Some(&t) = self.released_at.get(c.next_seq) {
                    at(t + delay);
                }
            }
        }
        wake
    }

    fn spectator_delay_s(&self) -> u64 {
        self.spec.spectator_delay_s
    }

    /// How many events the spectators may be sent at `now` (those released at least the
    /// spectator delay ago).
    fn ripe(&self, now: Instant) -> usize {
        let delay = Duration::from_secs(self.spectator_delay_s());
        self.released_at.partition_point(|&t| t + delay <= now).min(self.released)
    }

    /// Queues, for every connection, the released events it has not had (as far as its queue
    /// has room) and its open prompt.
    fn flush(&mut self, now: Instant) {
        let source = Source {
            driver: &self.driver,
            rules: &self.checked.rules,
            released: self.released,
            ripe: self.ripe(now),
            prompts: std::array::from_fn(|p| {
                let seat = self.seats.get(p)?;
                prompt_shown(&self.driver, seat, p, self.shown[p], self.checked.time, now)
            }),
        };
        let mut frames = Frames::default();
        for c in self.connections.values_mut() {
            c.flush(&source, &mut frames);
        }
    }

    /// Who a connection is, how many events it was sent, and the decision it was prompted
    /// for (the web client's help answers from exactly this).
    pub fn connection(&self, conn: ConnId) -> Option<(Who, usize, Option<usize>)> {
        self.connections.get(&conn).map(|c| (c.who, c.next_seq, c.prompted))
    }

    /// Queues a message for one connection.
    pub fn tell(&mut self, conn: ConnId, msg: ServerMessage) {
        if let Some(c) = self.connections.get_mut(&conn) {
            c.push(msg);
        }
    }

    /// The records of the answers since the last call, for the store.
    pub fn take_records(&mut self) -> Vec<ActionRecord> {
        std::mem::take(&mut self.records)
    }

    /// Sends the queued messages (call once their records are stored). A connection that
    /// fell too far behind, or whose queue is full, is sent what it had and closed
    /// ([`ErrorCode::SlowReader`]); the task is told through [`Table::take_dropped`].
    pub fn deliver(&mut self) {
        let mut ended = Vec::new();
        for (&id, c) in self.connections.iter_mut() {
            match c.deliver() {
                Delivered::Open => {}
                Delivered::Gone => ended.push((id, None)),
                Delivered::Cut => ended.push((id, Some(ErrorCode::SlowReader))),
            }
        }
        let now = Instant::now();
        for (id, why) in ended {
            if let Some(c) = self.remove(id, now) {
                if let Some(why) = why {
                    c.close(why);
                }
            }
            if !self.dropped.contains(&id) {
                self.dropped.push(id);
            }
        }
    }

    /// Closes every connection, saying why (the table stops: its match is long over, or
    /// another node plays it now). Each is sent what it has been queued first.
    pub fn close_all(&mut self, why: ErrorCode) {
        self.deliver();
        for (_, c) in std::mem::take(&mut self.connections) {
            c.close(why);
        }
    }

    /// Closes every connection, saying why, without sending what is queued: the records of
    /// those messages were not stored (another node owns the table now, or the store fails),
    /// so nobody may see them; what was delivered before stays the stream's last word.
    pub fn close_all_unstored(&mut self, why: ErrorCode) {
        for (_, c) in std::mem::take(&mut self.connections) {
            c.close(why);
        }
    }

    /// The seat of `player` this hand.
    pub fn seat_of(&self, player: usize) -> Seat {
        self.driver.seat_of(player)
    }
}

/// The prompt player `p` (in `seat`) is shown now, open since `shown` (none when the seat has
/// nothing open, or a built-in AI plays it).
fn prompt_shown<'a>(
    driver: &'a Driver,
    seat: &PlayerSeat,
    p: usize,
    shown: Option<(usize, Instant)>,
    time: TimeControl,
    now: Instant,
) -> Option<PromptShown<'a>> {
    let (d, shown_at) = shown?;
    let prompt = driver.prompt(p).filter(|pr| pr.decision == d)?;
    if matches!(seat.kind, SeatKind::Bot(_)) || seat.takeover {
        return None;
    }
    let base = if prompt.options.contains(&Action::Pass) { time.call_ms } else { time.turn_ms };
    let deadline = shown_at + Duration::from_millis(base + seat.bank_ms);
    Some(PromptShown {
        decision: d,
        options: prompt.options,
        deadline_ms: deadline.saturating_duration_since(now).as_millis() as u64,
        bank_ms: seat.bank_ms,
    })
}
