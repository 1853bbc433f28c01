//! An mjai bot: reads mjai events (one per line, or a JSON array of events per line as
//! mjai.app frames them) and answers one action line per input line — `{"type":"none"}` when
//! it has nothing to do. Events are read as hupai's typed [`Event`]s into the seat's
//! [`PlayerView`]; its options come from [`legal_options`], the engine's own generator, and
//! its agent picks one.
//!
//! Bad input never stops it: a line that is not an event, or an event that does not fit what
//! the seat knows (a seat outside 0..=3, a discard of a tile it does not hold, ...), is
//! reported on standard error with its line number and leaves the view as it was.
//!
//! Dialects: `start_game` with or without `id` (without it, the seat is the one whose tiles
//! `start_kyoku` shows), `start_kyoku` with or without `scores`, `ura_markers` or
//! `uradora_markers`; extra fields are ignored.
//!
//! ```
//! use hupai_ai::mjai_bot::MjaiBot;
//! use hupai_ai::Defensive;
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let mut bot = MjaiBot::new(rules.clone(), Box::new(Defensive::new(&rules)), false);
//! assert_eq!(bot.handle_line(r#"{"type":"start_game","id":0}"#).0, r#"{"type":"none"}"#);
//! let tehais = r#"["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"]"#;
//! let hidden = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
//! let kyoku = format!(r#"{{"type":"start_kyoku","bakaze":"E","dora_marker":"1p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"tehais":[{tehais},{hidden},{hidden},{hidden}]}}"#);
//! bot.handle_line(&kyoku);
//! let (answer, _) = bot.handle_line(r#"{"type":"tsumo","actor":0,"pai":"C"}"#);
//! assert!(answer.contains(r#""type":"dahai""#) || answer.contains(r#""type":"reach""#));
//! // A seat that does not exist is an error on standard error, never a crash.
//! let (answer, notes) = bot.handle_line(r#"{"type":"tsumo","actor":7,"pai":"1m"}"#);
//! assert_eq!(answer, r#"{"type":"none"}"#);
//! assert!(notes[0].contains("seat 7"), "{notes:?}");
//! ```

use std::sync::Arc;

use hupai_core::Seat;
use hupai_engine::{legal_options, Action, Agent, Decision, Event, PlayerView};
use hupai_rules::Rules;

use crate::mjai::reply_for;

/// The bot's state.
pub struct MjaiBot {
    rules: Arc<Rules>,
    agent: Box<dyn Agent>,
    explain: bool,
    default_seat: Option<Seat>,
    /// The view of the player this bot plays (the seat it starts the match in), once known;
    /// it follows the player across MCR's re-seating.
    view: Option<PlayerView>,
    /// The discard chosen with a riichi, sent once the host shows the `reach`.
    riichi_discard: Option<Action>,
    line: u64,
    quiet: bool,
}

impl std::fmt::Debug for MjaiBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seat = self.view.as_ref().map(|v| v.seat);
        f.debug_struct("MjaiBot").field("agent", &self.agent.name()).field("seat", &seat).finish()
    }
}

const NONE: &str = r#"{"type":"none"}"#;

impl MjaiBot {
    /// A bot playing `agent` under `rules`; `explain` returns reasons with each answer.
    pub fn new(rules: Rules, agent: Box<dyn Agent>, explain: bool) -> MjaiBot {
        MjaiBot {
            rules: Arc::new(rules),
            agent,
            explain,
            default_seat: None,
            view: None,
            riichi_discard: None,
            line: 0,
            quiet: false,
        }
    }

    /// Answers only when the seat can act (as Mortal's `mjai.py` does): lines that leave it
    /// nothing to decide get no answer (an empty string) instead of `{"type":"none"}`.
    pub fn answer_only_when_able(&mut self, quiet: bool) {
        self.quiet = quiet;
    }

    /// Plays `seat` when `start_game` has no `id` (instead of the seat the deal shows).
    pub fn set_seat(&mut self, seat: Seat) {
        self.default_seat = Some(seat);
    }

    /// The seat's view, once it knows its seat.
    pub fn view(&self) -> Option<&PlayerView> {
        self.view.as_ref()
    }

    /// Takes one input line; returns the answer line and messages for standard error (bad
    /// events, explanations). Blank lines get no answer (an empty string).
    pub fn handle_line(&mut self, line: &str) -> (String, Vec<String>) {
        self.line += 1;
        let mut notes = Vec::new();
        let text = line.trim();
        if text.is_empty() {
            return (String::new(), notes);
        }
        let events: Result<Vec<Event>, _> = if text.starts_with('[') {
            serde_json::from_str(text)
        } else {
            serde_json::from_str(text).map(|e| vec![e])
        };
        match events {
            Ok(events) => {
                for e in &events {
                    if let Err(why) = self.take(e) {
                        notes.push(format!("line {}: {}: {why}", self.line, e.type_name()));
                    }
                }
            }
            Err(e) => {
                notes.push(format!("line {}: not an mjai event: {e}", self.line));
                return (self.nothing(), notes);
            }
        }
        (self.respond(&mut notes), notes)
    }

    /// Takes in one event.
    fn take(&mut self, event: &Event) -> Result<(), String> {
        let rules = &self.rules;
        let follow = |player: usize| PlayerView::for_player(player, Arc::clone(rules));
        match event {
            Event::StartGame { id, .. } => {
                self.view = id.or(self.default_seat).map(|s| follow(s.index()));
                self.riichi_discard = None;
                if self.view.is_none() {
                    // The seat comes with the first deal.
                    return Ok(());
                }
            }
            Event::StartKyoku { tehais, players, .. } if self.view.is_none() => {
                // No id: the player is the one whose tiles the deal shows.
                let seen = Seat::ALL
                    .into_iter()
                    .find(|s| tehais[s.index()].iter().any(|p| !p.is_hidden()));
                let player = |s: Seat| players.map_or(s.index(), |p| usize::from(p[s.index()]));
                self.view = seen.map(|s| follow(player(s)));
            }
            _ => {}
        }
        let Some(view) = self.view.as_mut() else {
            return Err("no seat yet: start_game gives no id and no deal was shown".into());
        };
        view.update(event).map_err(|e| e.to_string())
    }

    /// The answer when the seat has nothing to decide.
    fn nothing(&self) -> String {
        if self.quiet {
            String::new()
        } else {
            NONE.to_string()
        }
    }

    /// The answer to what the seat must decide now.
    fn respond(&mut self, notes: &mut Vec<String>) -> String {
        let Some(view) = self.view.as_ref() else { return self.nothing() };
        let options = legal_options(view);
        if options.is_empty() {
            return self.nothing();
        }
        let planned = self
            .riichi_discard
            .take()
            .filter(|a| view.decision() == Decision::RiichiDiscard && options.contains(a));
        let action = match planned {
            Some(a) => a,
            None if self.explain => {
                let ex = self.agent.explain(view, &options);
                notes.push(ex.to_string());
                ex.action
            }
            None => self.agent.decide(view, &options),
        };
        let action = if options.contains(&action.canonical()) {
            action.canonical()
        } else {
            notes.push(format!("line {}: the agent chose {action}, which is not legal", self.line));
            hupai_engine::default_action(&options)
        };
        if let Action::Riichi { pai, tsumogiri } = action {
            self.riichi_discard = Some(Action::Discard { pai, tsumogiri });
        }
        reply_for(view, action)
    }
}
