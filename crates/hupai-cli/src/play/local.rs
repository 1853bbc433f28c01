//! The match in process: the human is player 0 at a match [`Driver`], AI agents the others
//! (three, or two at a three-player table). The session lets the driver ask the agents, paced for the full-screen UI (claims
//! are never paced, so the pause tells nothing), and keeps each agent's reason for its last
//! move when asked to explain.

use std::time::{Duration, Instant};

use hupai_ai::AgentSpec;
use hupai_engine::{Action, Agent, Driver, Event, Explanation, PlayerView, Setup};
use hupai_rules::Rules;

use super::session::{ActError, OpenPrompt, Session, SessionError, Update};

/// How the match is set up.
#[derive(Debug)]
pub struct Config {
    /// The rule set.
    pub rules: Rules,
    /// The seed.
    pub seed: u64,
    /// The opponents, players 1 and up (one fewer than the rules seat).
    pub opponents: Vec<AgentSpec>,
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

/// A match against in-process agents.
pub struct LocalSession {
    driver: Driver,
    rules: Rules,
    /// The opponents by player (none for the human, player 0).
    opponents: Vec<Option<Opponent>>,
    /// The least time between two AI moves that are not claims.
    pace: Duration,
    last_ai: Instant,
    /// Events handed out so far.
    shown: usize,
    /// The human's open decision.
    prompt: Option<OpenPrompt>,
}

impl std::fmt::Debug for LocalSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalSession").field("events", &self.driver.record().len()).finish()
    }
}

impl LocalSession {
    /// Starts a match; AI moves are at least `pace` apart (zero: at once).
    pub fn new(config: Config, pace: Duration) -> anyhow::Result<LocalSession> {
        let options = hupai_ai::BuildOptions::default();
        let mut opponents: Vec<Option<Opponent>> = vec![None];
        for (i, spec) in config.opponents.iter().enumerate() {
            let seed = config.seed.wrapping_add(i as u64 + 1);
            let agent = spec.build(&config.rules, seed, i + 1, &options)?;
            opponents.push(Some(Opponent { agent, explain: config.explain, last: None }));
        }
        let mut setup = Setup::new(config.rules.clone(), config.seed);
        setup.single_hand = config.single_hand;
        for (name, spec) in setup.names.iter_mut().skip(1).zip(&config.opponents) {
            *name = spec.to_string();
        }
        setup.names[0] = "you".to_string();
        let mut session = LocalSession {
            driver: Driver::new(setup),
            rules: config.rules,
            opponents,
            pace,
            // The first AI move comes after one pace, as every other.
            last_ai: Instant::now(),
            shown: 0,
            prompt: None,
        };
        session.refresh();
        Ok(session)
    }

    fn refresh(&mut self) {
        self.prompt = self.driver.prompt(0).map(|p| OpenPrompt {
            decision: p.decision as u64,
            options: p.options.to_vec(),
            clock: None,
        });
    }

    /// The events `range` of the record as the human is shown them.
    fn shown(&self, range: std::ops::Range<usize>) -> Vec<Event> {
        range
            .filter_map(|seq| {
                // The match's own seed is no secret in a local game: the player gave it, or
                // was shown it. Everything else is the human seat's stream.
                if seq == 0 {
                    self.driver.record().first().cloned()
                } else {
                    self.driver.event_for(0, seq).map(|e| e.into_owned())
                }
            })
            .collect()
    }

    /// Whether an AI must decide, and whether it is a claim (never paced).
    fn ai_pending(&self) -> Option<bool> {
        let mut ai = self.driver.prompts().filter(|p| p.player != 0).peekable();
        ai.peek()?;
        Some(ai.any(|p| p.options.contains(&Action::Pass)))
    }

    /// The opening events not handed out yet.
    fn opening(&mut self) -> Option<Update> {
        if self.shown > 0 {
            return None;
        }
        let n = self.driver.record().len();
        self.shown = n;
        Some(Update::Events { first: 0, events: self.shown(0..n), why: None })
    }
}

impl Session for LocalSession {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn player(&self) -> Option<usize> {
        Some(0)
    }

    fn view(&self) -> Option<&PlayerView> {
        Some(self.driver.view_of(0))
    }

    fn prompt(&self) -> Option<&OpenPrompt> {
        self.prompt.as_ref()
    }

    fn poll(&mut self, wait: Duration) -> Result<Vec<Update>, SessionError> {
        if let Some(u) = self.opening() {
            return Ok(vec![u]);
        }
        let Some(claiming) = self.ai_pending() else {
            if self.prompt.is_none() && !self.driver.is_over() {
                return Err(SessionError::Stuck);
            }
            return Ok(Vec::new());
        };
        if !claiming {
            let due = self.last_ai + self.pace;
            let now = Instant::now();
            if due > now {
                if due - now > wait {
                    std::thread::sleep(wait);
                    return Ok(Vec::new());
                }
                std::thread::sleep(due - now);
            }
        }
        let step = self
            .driver
            .step(&mut self.opponents)
            .map_err(|e| SessionError::Engine(e.to_string()))?;
        self.last_ai = Instant::now();
        let Some(step) = step else { return Ok(Vec::new()) };
        let why = self
            .opponents
            .get_mut(step.player)
            .and_then(|o| o.as_mut())
            .and_then(|o| o.last.take())
            .filter(|_| step.action != Action::Pass)
            .map(|ex| hupai_ai::hint::Suggestion::from(ex).line());
        self.shown = step.events.end;
        let events = self.shown(step.events.clone());
        self.refresh();
        Ok(vec![Update::Events {
            first: step.events.start as u64,
            events,
            why: Some((step.seat, why)),
        }])
    }

    fn wake_in(&self) -> Option<Duration> {
        let claiming = self.ai_pending()?;
        if claiming {
            return Some(Duration::ZERO);
        }
        Some((self.last_ai + self.pace).saturating_duration_since(Instant::now()))
    }

    fn is_live(&self) -> bool {
        false
    }

    fn act(&mut self, action: Action) -> Result<Vec<Update>, ActError> {
        let decision = self.prompt.as_ref().ok_or(ActError::NotOpen)?.decision as usize;
        let range = self
            .driver
            .answer(0, decision, action)
            .map_err(|e| ActError::Refused(e.to_string()))?;
        self.shown = range.end;
        let events = self.shown(range.clone());
        self.refresh();
        Ok(vec![Update::Events { first: range.start as u64, events, why: None }])
    }

    fn is_over(&self) -> bool {
        self.driver.is_over()
    }

    fn record(&self) -> &[Event] {
        self.driver.record()
    }

    fn rejoin(&self) -> Option<String> {
        None
    }

    fn leave(&mut self) {}
}
