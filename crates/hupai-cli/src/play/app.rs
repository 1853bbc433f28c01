//! The game as the terminal plays it: one human (player 0) and three AI agents around an
//! engine [`Game`]. The app asks the agents, applies the human's choice, and keeps what the
//! screen and the transcript need (the human's table, the message feed, the hand summary).
//! Both the full-screen UI and `--plain` drive this same state machine.

use hupai_ai::{Bot, Explanation};
use hupai_core::Seat;
use hupai_engine::{Action, Event, Game, PlayError, PlayerView, Setup};
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
    /// The three opponents' agent names.
    pub opponents: [String; 3],
    /// Say why after every AI action.
    pub explain: bool,
    /// Play one hand only.
    pub single_hand: bool,
}

/// Why the app cannot start.
#[derive(Debug)]
pub struct UnknownAgent(pub String);

impl std::fmt::Display for UnknownAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown agent '{}': choose from {}", self.0, hupai_ai::AGENT_NAMES.join(", "))
    }
}

impl std::error::Error for UnknownAgent {}

/// The running game.
pub struct App {
    game: Game,
    /// The rule set.
    pub rules: Rules,
    /// Agents by player; player 0's is the human's adviser (hints).
    bots: Vec<Box<dyn Bot>>,
    views: [PlayerView; 4],
    /// The table as the human sees it.
    pub table: Table,
    /// The full log (for `--log`).
    pub log: Vec<Event>,
    /// Lines for the transcript and message line, oldest first; `take_feed` drains them.
    feed: Vec<String>,
    /// The end of the last hand, until acknowledged.
    pub summary: Option<Summary>,
    /// Say why after every AI action.
    pub explain: bool,
    /// The last AI explanation.
    pub last_explanation: Option<String>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App").field("events", &self.log.len()).finish()
    }
}

impl App {
    /// Starts a match.
    pub fn new(config: Config) -> Result<App, UnknownAgent> {
        let mut bots = Vec::new();
        let adviser = hupai_ai::by_name("defensive", &config.rules, config.seed)
            .ok_or_else(|| UnknownAgent("defensive".into()))?;
        bots.push(adviser);
        for (i, name) in config.opponents.iter().enumerate() {
            let seed = config.seed.wrapping_add(i as u64 + 1);
            bots.push(
                hupai_ai::by_name(name, &config.rules, seed)
                    .ok_or_else(|| UnknownAgent(name.clone()))?,
            );
        }
        let mut setup = Setup::new(config.rules.clone(), config.seed);
        setup.single_hand = config.single_hand;
        setup.names = [
            "you".to_string(),
            config.opponents[0].clone(),
            config.opponents[1].clone(),
            config.opponents[2].clone(),
        ];
        let (game, opening) = Game::new(setup);
        let mut app = App {
            game,
            rules: config.rules,
            bots,
            views: std::array::from_fn(|s| PlayerView::new(Seat::ALL[s])),
            table: Table::default(),
            log: Vec::new(),
            feed: Vec::new(),
            summary: None,
            explain: config.explain,
            last_explanation: None,
        };
        app.absorb(opening, None);
        Ok(app)
    }

    /// The human's seat this hand.
    pub fn human_seat(&self) -> Seat {
        Seat::from_index(self.table.seat_of_player(0) as usize).unwrap_or(Seat::East)
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Red fives of the rule set.
    pub fn reds(&self) -> [u8; 3] {
        self.rules.red_fives
    }

    /// The human's legal options (empty when the human has nothing to decide).
    pub fn human_options(&self) -> &[Action] {
        self.game.pending().options(self.human_seat())
    }

    /// An AI seat that must decide now.
    pub fn ai_to_move(&self) -> Option<Seat> {
        let me = self.human_seat();
        self.game.pending().seats().find(|&s| s != me)
    }

    /// Whether the next AI decision is a claim decision (not worth pacing).
    pub fn ai_is_claiming(&self) -> bool {
        self.ai_to_move().is_some_and(|s| self.game.pending().options(s).contains(&Action::Pass))
    }

    fn player_at(&self, seat: Seat) -> usize {
        self.table.players.get(seat.index()).copied().unwrap_or(0) as usize
    }

    /// Lets one AI seat decide. Returns false when no AI has anything to decide.
    pub fn step_ai(&mut self) -> Result<bool, PlayError> {
        let Some(seat) = self.ai_to_move() else {
            return Ok(false);
        };
        let options = self.game.pending().options(seat).to_vec();
        let player = self.player_at(seat);
        let view = &self.views[seat.index()];
        let Some(bot) = self.bots.get_mut(player) else {
            return Err(PlayError::NotYourTurn(seat));
        };
        let (action, why) = if self.explain {
            let ex = bot.explain(view, &options);
            (ex.action, Some(ex))
        } else {
            (bot.decide(view, &options), None)
        };
        let events = self.game.apply(seat, action)?;
        let at = self.absorb(events, Some(seat.index() as u8));
        if let Some(ex) = why.filter(|_| action != Action::Pass) {
            // The reason goes right after the seat's own action, before what followed it.
            let line = format!("  why: {}", explanation_line(&ex));
            self.last_explanation = Some(line.clone());
            self.feed.insert(at.min(self.feed.len()), line);
        }
        Ok(true)
    }

    /// Applies the human's decision.
    pub fn act(&mut self, action: Action) -> Result<(), PlayError> {
        let events = self.game.apply(self.human_seat(), action)?;
        self.absorb(events, None);
        Ok(())
    }

    /// The adviser's choice for the human now, with its reasons.
    pub fn suggestion(&mut self) -> Option<Explanation> {
        let seat = self.human_seat();
        let options = self.game.pending().options(seat).to_vec();
        if options.is_empty() {
            return None;
        }
        let view = &self.views[seat.index()];
        self.bots.first_mut().map(|b| b.explain(view, &options))
    }

    /// Shanten, waits and effective tiles of the human's hand.
    pub fn hints(&self) -> Hints {
        Hints::of(&self.views[self.human_seat().index()], &self.rules)
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
        let c = self.table.seats.get(seat as usize)?.river.last()?;
        let from = super::narrate::wind_word(self.table.wind_of(seat));
        Some(format!("{} from {from}", super::tiles::pai_name(c.pai)))
    }

    /// Takes the lines written since the last call.
    pub fn take_feed(&mut self) -> Vec<String> {
        std::mem::take(&mut self.feed)
    }

    /// Takes in new events; returns the feed position just after the last line about an
    /// action of `actor`.
    fn absorb(&mut self, events: Vec<Event>, actor: Option<u8>) -> usize {
        let mut after_actor = self.feed.len();
        for e in &events {
            if matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. })
                && self.summary.as_ref().is_none_or(|s| s.table.hands != self.table.hands)
            {
                self.summary = Some(Summary { table: self.table.clone(), ..Summary::default() });
            }
            let me = self.human_seat().index() as u8;
            self.table.update(&e.for_seat(me));
            if let Some(s) = self.summary.as_mut() {
                if s.table.hands == self.table.hands || matches!(e, Event::EndGame { .. }) {
                    s.absorb(e);
                }
            }
            for v in self.views.iter_mut() {
                v.update(&e.for_seat(v.seat.index() as u8));
            }
            let me = self.human_seat().index() as u8;
            if let Some(line) = narrate(&self.table, e, Some(me)) {
                self.feed.push(line);
                if actor.is_some() && event_actor(e) == actor {
                    after_actor = self.feed.len();
                }
            }
        }
        self.table.wall_left = Some(self.game.wall().live());
        self.log.extend(events);
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

/// The seat that acted in an event (not draws).
fn event_actor(e: &Event) -> Option<u8> {
    match e {
        Event::Dahai { actor, .. }
        | Event::Chi { actor, .. }
        | Event::Pon { actor, .. }
        | Event::Daiminkan { actor, .. }
        | Event::Kakan { actor, .. }
        | Event::Ankan { actor, .. }
        | Event::Reach { actor }
        | Event::Hora { actor, .. } => Some(*actor),
        _ => None,
    }
}
