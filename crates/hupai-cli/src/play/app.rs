//! The game as the terminal plays it: one human (player 0) and three AI agents seated at a
//! match [`Driver`]. The app answers the human's prompts with what the player chose, lets the
//! driver ask the agents, and keeps what the screen and the transcript need (the human's
//! table, the message feed, the hand summary). Both the full-screen UI and `--plain` drive
//! this same state.

use std::borrow::Cow;

use hupai_ai::AgentSpec;
use hupai_core::Seat;
use hupai_engine::{Action, Agent, AnswerError, Driver, Event, Explanation, PlayerView, Setup};
use hupai_rules::Rules;

use super::hints::Hints;
use super::narrate::narrate;
use super::summary::Summary;
use super::table::Table;

/// How the match is set up.
#[derive(Debug)]
pub struct Config {
    /// The rule set.
    pub rules: Rules,
    /// The seed.
    pub seed: u64,
    /// The three opponents.
    pub opponents: [AgentSpec; 3],
    /// Say why after every AI action.
    pub explain: bool,
    /// Play one hand only.
    pub single_hand: bool,
}

/// An opponent that keeps the reason for its last decision when asked to explain.
struct Opponent {
    agent: Box<dyn Agent>,
    explain: bool,
    last: Option<Explanation>,
}

impl Agent for Opponent {
    fn name(&self) -> &str {
        self.agent.name()
    }
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        if !self.explain {
            return self.agent.decide(view, options);
        }
        let ex = self.agent.explain(view, options);
        let action = ex.action;
        self.last = Some(ex);
        action
    }
    fn observes(&self) -> bool {
        self.agent.observes()
    }
    fn observe(&mut self, event: &Event) {
        self.agent.observe(event)
    }
}

/// The running game.
pub struct App {
    driver: Driver,
    /// The rule set.
    pub rules: Rules,
    /// The opponents by player (none for the human, player 0).
    opponents: Vec<Option<Opponent>>,
    /// The human's adviser (hints and suggestions).
    adviser: Box<dyn Agent>,
    /// The table as the human sees it.
    pub table: Table,
    /// Lines for the transcript and message line, oldest first; `take_feed` drains them.
    feed: Vec<String>,
    /// The end of the last hand, until acknowledged.
    pub summary: Option<Summary>,
    /// The last AI explanation.
    pub last_explanation: Option<String>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App").field("events", &self.driver.record().len()).finish()
    }
}

impl App {
    /// Starts a match.
    pub fn new(config: Config) -> anyhow::Result<App> {
        let options = hupai_ai::BuildOptions::default();
        let adviser: AgentSpec = "defensive".parse()?;
        let adviser = adviser.build(&config.rules, config.seed, 0, &options)?;
        let mut opponents: Vec<Option<Opponent>> = vec![None];
        for (i, spec) in config.opponents.iter().enumerate() {
            let seed = config.seed.wrapping_add(i as u64 + 1);
            let agent = spec.build(&config.rules, seed, i + 1, &options)?;
            opponents.push(Some(Opponent { agent, explain: config.explain, last: None }));
        }
        let mut setup = Setup::new(config.rules.clone(), config.seed);
        setup.single_hand = config.single_hand;
        setup.names = [
            "you".to_string(),
            config.opponents[0].to_string(),
            config.opponents[1].to_string(),
            config.opponents[2].to_string(),
        ];
        let driver = Driver::new(setup);
        let mut app = App {
            driver,
            rules: config.rules,
            opponents,
            adviser,
            table: Table::default(),
            feed: Vec::new(),
            summary: None,
            last_explanation: None,
        };
        app.absorb(0..app.driver.record().len(), None);
        Ok(app)
    }

    /// The full record (for `--log`).
    pub fn record(&self) -> &[Event] {
        self.driver.record()
    }

    /// The human's seat this hand.
    pub fn human_seat(&self) -> Seat {
        self.driver.seat_of(0)
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.driver.is_over()
    }

    /// The human's legal options (empty when the human has nothing to decide).
    pub fn human_options(&self) -> &[Action] {
        self.driver.prompt(0).map_or(&[], |p| p.options)
    }

    /// The human's view.
    pub fn human_view(&self) -> &PlayerView {
        self.driver.view_of(0)
    }

    /// An AI seat that must decide now.
    pub fn ai_to_move(&self) -> Option<Seat> {
        self.driver.prompts().find(|p| p.player != 0).map(|p| p.seat)
    }

    /// Whether the next AI decision is a claim decision (not worth pacing).
    pub fn ai_is_claiming(&self) -> bool {
        self.driver.prompts().any(|p| p.player != 0 && p.options.contains(&Action::Pass))
    }

    /// Lets one AI seat decide. Returns false when no AI has anything to decide.
    pub fn step_ai(&mut self) -> anyhow::Result<bool> {
        let Some(step) = self.driver.step(&mut self.opponents)? else {
            return Ok(false);
        };
        let why = self
            .opponents
            .get_mut(step.player)
            .and_then(|o| o.as_mut())
            .and_then(|o| o.last.take());
        let at = self.absorb(step.events, Some(step.seat));
        if let Some(ex) = why.filter(|_| step.action != Action::Pass) {
            // The reason goes right after the seat's own action, before what followed it.
            let line = format!("  why: {}", explanation_line(&ex));
            self.last_explanation = Some(line.clone());
            self.feed.insert(at.min(self.feed.len()), line);
        }
        Ok(true)
    }

    /// Applies the human's decision.
    pub fn act(&mut self, action: Action) -> Result<(), AnswerError> {
        let decision = self.driver.decision();
        let events = self.driver.answer(0, decision, action)?;
        self.absorb(events, None);
        Ok(())
    }

    /// The adviser's choice for the human now, with its reasons.
    pub fn suggestion(&mut self) -> Option<Explanation> {
        let prompt = self.driver.prompt(0)?;
        Some(self.adviser.explain(prompt.view, prompt.options))
    }

    /// Shanten, waits and effective tiles of the human's hand.
    pub fn hints(&self) -> Hints {
        Hints::of(self.human_view(), &self.rules)
    }

    /// While the human may claim: the discard and its discarder's wind (`8p from North`).
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

    /// Takes in the events `range` of the record, as the human is shown them; returns the
    /// feed position just after the last line about an action of `actor`.
    fn absorb(&mut self, range: std::ops::Range<usize>, actor: Option<Seat>) -> usize {
        let mut after_actor = self.feed.len();
        for seq in range {
            // The match's own seed is no secret in a local game: the player gave it, or was
            // shown it. Everything else is the human seat's stream.
            let shown = if seq == 0 {
                self.driver.record().first().map(Cow::Borrowed)
            } else {
                self.driver.event_for(0, seq)
            };
            let Some(e) = shown.map(Cow::into_owned) else { continue };
            if matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. })
                && self.summary.as_ref().is_none_or(|s| s.table.hands != self.table.hands)
            {
                self.summary = Some(Summary { table: self.table.clone(), ..Summary::default() });
            }
            self.table.update(&e);
            if let Some(s) = self.summary.as_mut() {
                if s.table.hands == self.table.hands || matches!(e, Event::EndGame { .. }) {
                    s.absorb(&e);
                }
            }
            let me = self.human_seat();
            if let Some(line) = narrate(&self.table, &e, Some(me)) {
                self.feed.push(line);
                if actor.is_some() && e.actor() == actor && !matches!(e, Event::Tsumo { .. }) {
                    after_actor = self.feed.len();
                }
            }
        }
        self.table.wall_left = Some(self.human_view().live_tiles() as usize);
        after_actor
    }

    /// Dismisses the hand summary.
    pub fn dismiss_summary(&mut self) {
        self.summary = None;
    }
}

/// An explanation in one line without the agent's name and the action repeated.
pub fn explanation_line(ex: &Explanation) -> String {
    let mut line = ex.reason.clone();
    for (i, c) in ex.candidates.iter().take(3).enumerate() {
        line += if i == 0 { "; " } else { " > " };
        line += &c.to_string();
    }
    line
}
