//! The game as the terminal shows it, over a [`Session`] (a local match or a seat at a
//! server's table): the player's table read off the engine's view of its stream, the message
//! feed, the hand summary, the hints and the adviser's suggestion. Both the full-screen UI and `--plain`
//! drive this same state, whichever session is under it.

use std::time::Duration;

use hupai_ai::hint::Hint;
use hupai_core::Seat;
use hupai_engine::{Action, Agent, Event};
use hupai_rules::Rules;

use super::local::{Config, LocalSession};
use super::narrate::{narrate, who};
use super::session::{ActError, Clock, Session, SessionError, Update};
use super::summary::Summary;
use super::table::{Table, Views};
use super::tiles::names;

/// The running game.
pub struct App {
    session: Box<dyn Session>,
    /// The rule set.
    pub rules: Rules,
    /// The player's adviser (hints and suggestions).
    adviser: Box<dyn Agent>,
    /// The engine's view of the player's stream (a spectator's when watching).
    views: Views,
    /// Watching, once a hand is over: the views of every seat, the hand's tiles revealed,
    /// shown until the next hand begins.
    revealed: Option<Views>,
    /// The table as the player sees it (read off `revealed`, else `views`).
    pub table: Table,
    /// Lines for the transcript and message line, oldest first; `take_feed` drains them.
    feed: Vec<String>,
    /// The end of the last hand, until acknowledged.
    pub summary: Option<Summary>,
    /// The summary's hand is over: the next hand started or the match ended (online these
    /// events may come a moment after the win).
    settled: bool,
    /// The last AI explanation.
    pub last_explanation: Option<String>,
    /// Watching: the views before this hand and the hand's events so far, to show every
    /// hand once the server reveals them.
    hand: Option<(Views, Vec<(u64, Event)>)>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App").field("events", &self.session.record().len()).finish()
    }
}

impl App {
    /// Takes a seat through `session`; the adviser is built with `seed`.
    pub fn new(session: Box<dyn Session>, seed: u64) -> anyhow::Result<App> {
        let rules = session.rules().clone();
        let adviser: hupai_ai::AgentSpec = "defensive".parse()?;
        let adviser = adviser.build(&rules, seed, 0, &hupai_ai::BuildOptions::default())?;
        let views = match session.player() {
            Some(p) => Views::player(p, &rules),
            None => Views::spectator(&rules),
        };
        let mut app = App {
            session,
            rules,
            adviser,
            views,
            revealed: None,
            table: Table::default(),
            feed: Vec::new(),
            summary: None,
            settled: false,
            last_explanation: None,
            hand: None,
        };
        app.poll(Duration::ZERO)?;
        // Joining a match under way: the end of a hand long past is no news (the end of
        // the match is).
        let moved_on = app.table.seats.iter().any(|s| !s.river.is_empty());
        if app.settled && moved_on && !app.is_over() {
            app.summary = None;
        }
        Ok(app)
    }

    /// Starts a match in process, AI moves at least `pace` apart.
    pub fn local(config: Config, pace: Duration) -> anyhow::Result<App> {
        let seed = config.seed;
        App::new(Box::new(LocalSession::new(config, pace)?), seed)
    }

    /// The record to save (`--log`).
    pub fn record(&self) -> &[Event] {
        self.session.record()
    }

    /// The player's seat this hand (watching: the first player's), at the bottom of the screen.
    pub fn human_seat(&self) -> Seat {
        self.me().unwrap_or_else(|| self.table.seat_of_player(0))
    }

    /// The player's seat this hand; none when watching.
    pub fn me(&self) -> Option<Seat> {
        self.session.view().map(|v| v.seat)
    }

    /// The player this client plays (none when watching).
    pub fn player(&self) -> Option<usize> {
        self.session.player()
    }

    /// Watching, not playing.
    pub fn watching(&self) -> bool {
        self.session.player().is_none()
    }

    /// Whether the match goes on without this client (online).
    pub fn is_live(&self) -> bool {
        self.session.is_live()
    }

    /// When the session next has something to do by itself, if it knows.
    pub fn wake_in(&self) -> Option<Duration> {
        self.session.wake_in()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// Whether a built-in AI plays the seat now (online).
    pub fn taken_over(&self) -> bool {
        self.session.taken_over()
    }

    /// While the connection is down (online): what is being done about it.
    pub fn connection_note(&self) -> Option<String> {
        self.session.connection_note()
    }

    /// The player is back: the AI that took over the seat stops.
    pub fn back(&mut self) {
        self.session.back();
    }

    /// The player's legal options (empty when the player has nothing to decide).
    pub fn human_options(&self) -> &[Action] {
        self.session.prompt().map_or(&[], |p| &p.options)
    }

    /// The open decision's clock, at a table with one.
    pub fn clock(&self) -> Option<Clock> {
        self.session.prompt().and_then(|p| p.clock)
    }

    /// The open decision's number.
    pub fn decision(&self) -> Option<u64> {
        self.session.prompt().map(|p| p.decision)
    }

    /// Moves the game on, waiting at most `wait`; true when anything happened.
    pub fn poll(&mut self, wait: Duration) -> Result<bool, SessionError> {
        let updates = self.session.poll(wait)?;
        let any = !updates.is_empty();
        self.take(updates);
        Ok(any)
    }

    /// Applies the player's decision.
    pub fn act(&mut self, action: Action) -> Result<(), ActError> {
        let updates = self.session.act(action)?;
        self.take(updates);
        Ok(())
    }

    /// The adviser's choice for the player now, with its reasons.
    #[cfg(test)]
    pub fn suggestion(&mut self) -> Option<hupai_ai::hint::Suggestion> {
        self.hint().and_then(|h| h.suggestion)
    }

    /// The hint for the player's hand and open decision (none when watching): shanten, waits
    /// and effective tiles, the best discards, the adviser's suggestion.
    pub fn hint(&mut self) -> Option<Hint> {
        let view = self.session.view()?;
        let options = self.session.prompt().map_or(&[][..], |p| &p.options);
        Some(Hint::with_adviser(view, options, &mut *self.adviser))
    }

    /// While the player may claim: the discard and its discarder's wind (`8p from North`).
    pub fn claim_text(&self) -> Option<String> {
        if !self.human_options().contains(&Action::Pass) {
            return None;
        }
        if let Some((seat, pai)) = self.table.last_kan {
            let from = super::narrate::wind_word(self.table.wind_of(seat));
            return Some(format!("rob the kan of {} from {from}", super::tiles::pai_name(pai)));
        }
        let seat = self.table.last_discard?;
        let c = self.table.seats.get(seat.index())?.river.last()?;
        let from = super::narrate::wind_word(self.table.wind_of(seat));
        Some(format!("{} from {from}", super::tiles::pai_name(c.pai)))
    }

    /// Takes the lines written since the last call.
    pub fn take_feed(&mut self) -> Vec<String> {
        std::mem::take(&mut self.feed)
    }

    /// Where to come back to this seat (online).
    pub fn rejoin(&self) -> Option<String> {
        self.session.rejoin()
    }

    /// Leaves the match (online: closes the connection; an AI plays the seat meanwhile).
    pub fn leave(&mut self) {
        self.session.leave();
    }

    fn take(&mut self, updates: Vec<Update>) {
        for u in updates {
            match u {
                Update::Events { first, events, why } => {
                    let at = self.absorb(first, events, why.as_ref().map(|w| w.0));
                    if let Some((_, Some(reason))) = why {
                        // The reason goes right after the seat's own action, before what
                        // followed it.
                        let line = format!("  why: {reason}");
                        self.last_explanation = Some(line.clone());
                        self.feed.insert(at.min(self.feed.len()), line);
                    }
                }
                Update::Reveal(events) => self.reveal(&events),
                Update::Notice(line) => self.feed.push(line),
            }
        }
    }

    /// Takes in `events` (from sequence number `first`) as the player is shown them; returns
    /// the feed position just after the last line about an action of `actor`.
    fn absorb(&mut self, first: u64, events: Vec<Event>, actor: Option<Seat>) -> usize {
        let mut after_actor = self.feed.len();
        let watching = self.watching();
        for (i, e) in events.into_iter().enumerate() {
            if matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. })
                && self.summary.as_ref().is_none_or(|s| s.table.hands != self.table.hands)
            {
                self.summary = Some(Summary { table: self.table.clone(), ..Summary::default() });
                self.settled = false;
            }
            if matches!(e, Event::StartKyoku { .. } | Event::EndGame { .. }) {
                self.settled = true;
            }
            if matches!(e, Event::StartKyoku { .. }) {
                self.revealed = None;
                if watching {
                    self.hand = Some((self.views.clone(), Vec::new()));
                }
            }
            if let Some((_, hand)) = self.hand.as_mut().filter(|_| watching) {
                hand.push((first + i as u64, e.clone()));
            }
            // An event that does not fit leaves the views as they were, and says so.
            if let Err(err) = self.views.update(&e) {
                let seq = first + i as u64;
                self.feed.push(format!("! event {seq} ({}) does not follow: {err}", e.type_name()));
            }
            if let Some(r) = self.revealed.as_mut() {
                if r.update(&e).is_err() {
                    self.revealed = None;
                }
            }
            self.table = self.revealed.as_ref().unwrap_or(&self.views).table();
            if let Some(s) = self.summary.as_mut() {
                if s.table.hands == self.table.hands || matches!(e, Event::EndGame { .. }) {
                    s.absorb(&e);
                }
            }
            let me = self.me();
            if let Some(line) = narrate(&self.table, &e, me) {
                self.feed.push(line);
                if actor.is_some() && e.actor() == actor && !matches!(e, Event::Tsumo { .. }) {
                    after_actor = self.feed.len();
                }
            }
        }
        after_actor
    }

    /// Watching, once a hand is over: the hand again with every tile shown.
    fn reveal(&mut self, revealed: &[(u64, Event)]) {
        let Some((before, hand)) = self.hand.take() else { return };
        let mut views = before.revealing();
        for (seq, e) in &hand {
            let e = revealed.iter().find(|(s, _)| s == seq).map_or(e, |r| &r.1);
            let _ = views.update(e);
        }
        let table = views.table();
        for seat in table.seating.iter() {
            let s = &table.seats[seat.index()];
            let tiles: Vec<_> = s.hand.iter().copied().chain(s.drawn).collect();
            if !tiles.is_empty() && tiles.iter().all(|p| !p.is_hidden()) {
                self.feed.push(format!("{} held {}", who(&table, seat, None), names(&tiles)));
            }
        }
        if let Some(s) = self.summary.as_mut().filter(|s| s.table.hands == table.hands) {
            s.table = table.clone();
        }
        self.table = table;
        self.revealed = Some(views);
    }

    /// The summary of a hand whose end has come in full (with the standings when the match
    /// ended), for a mode that shows it once.
    pub fn take_settled_summary(&mut self) -> Option<Summary> {
        if self.settled {
            self.summary.take()
        } else {
            None
        }
    }

    /// Dismisses the hand summary.
    pub fn dismiss_summary(&mut self) {
        self.summary = None;
    }
}
