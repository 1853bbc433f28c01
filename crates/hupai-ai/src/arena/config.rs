//! What an arena plays: its entrants, its length, its seed, and why it cannot run.
//!
//! ```
//! use hupai_ai::arena::{ArenaConfig, Entrant, Length};
//! use hupai_rules::Rules;
//! let mut config = ArenaConfig::from_specs(Rules::preset("riichi").unwrap(), ["efficiency"; 4], 7).unwrap();
//! config.agents[1] = Entrant::external("python");
//! config.length = Length::Games(2);
//! assert!(config.agents[1].is_external());
//! assert_eq!(config.agents[0].name, "efficiency");
//! ```

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use hupai_engine::{Agent, PlayError};
use hupai_rules::Rules;

use crate::{AgentSpec, BuildOptions, SpecError};

/// Builds an agent for a rule set, a seed and a player.
type Build = dyn Fn(&Rules, u64, usize) -> Result<Box<dyn Agent>, SpecError> + Send + Sync;

/// One agent entered in the arena: its name in the results and how to build it for a game.
#[derive(Clone)]
pub struct Entrant {
    /// The name its figures are pooled under.
    pub name: String,
    pub(super) build: Arc<Build>,
    pub(super) external: bool,
    /// The registry spec it was made from, for answering in batches ([`crate::batched`]).
    spec: Option<AgentSpec>,
}

impl fmt::Debug for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant")
            .field("name", &self.name)
            .field("external", &self.external)
            .finish()
    }
}

impl Entrant {
    /// The registry spec it was made from (none for your own or an external player).
    pub fn agent_spec(&self) -> Option<&AgentSpec> {
        self.spec.as_ref()
    }

    /// An agent of your own: `build` makes one for a rule set and a seed.
    pub fn new(
        name: &str,
        build: impl Fn(&Rules, u64) -> Box<dyn Agent> + Send + Sync + 'static,
    ) -> Entrant {
        Entrant {
            name: name.to_string(),
            build: Arc::new(move |r, s, _| Ok(build(r, s))),
            external: false,
            spec: None,
        }
    }

    /// A player that answers from outside the process's agents (a Python model, a person):
    /// only a [`Job`](super::Job) can seat it, and whoever drives the job answers for it
    /// ([`Job::answer`](super::Job::answer)).
    pub fn external(name: &str) -> Entrant {
        let refuse = |_: &Rules, _: u64, _: usize| -> Result<Box<dyn Agent>, SpecError> {
            Err(SpecError("an external player answers through Job::answer".into()))
        };
        Entrant { name: name.to_string(), build: Arc::new(refuse), external: true, spec: None }
    }

    /// Whether it answers from outside ([`Entrant::external`]).
    pub fn is_external(&self) -> bool {
        self.external
    }

    /// One of the registry's agents (see [`AgentSpec`]).
    pub fn spec(spec: AgentSpec, options: BuildOptions) -> Entrant {
        let name = spec.to_string();
        let kept = spec.clone();
        Entrant {
            name,
            build: Arc::new(move |r, s, p| spec.build(r, s, p, &options)),
            external: false,
            spec: Some(kept),
        }
    }
}

/// How much to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// Full matches.
    Games(u64),
    /// Single hands.
    Hands(u64),
}

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The rule set.
    pub rules: Rules,
    /// The agents, one a seat at the table: four, or three for three-player rules (players in
    /// the order of the first rotation).
    pub agents: Vec<Entrant>,
    /// Play every wall once for each seat, the agents rotated through the seats.
    pub duplicate: bool,
    /// Games or hands (with `duplicate`, the total including the rotations).
    pub length: Length,
    /// The seed every wall derives from.
    pub seed: u64,
    /// Worker threads (0: rayon's default).
    pub threads: usize,
    /// Where to write one log per game or hand.
    pub log_dir: Option<PathBuf>,
    /// Games played at once when an agent answers in batches (`model:FILE.onnx`: one network
    /// call for the decisions open in all of them); 0 plays every agent one decision at a
    /// time.
    pub batch: usize,
}

impl ArenaConfig {
    /// Hands of `agents` (one a seat) under `rules` from `seed`: 100 hands, not duplicate.
    pub fn new(rules: Rules, agents: impl Into<Vec<Entrant>>, seed: u64) -> ArenaConfig {
        ArenaConfig {
            rules,
            agents: agents.into(),
            duplicate: false,
            length: Length::Hands(100),
            seed,
            threads: 0,
            log_dir: None,
            batch: 256,
        }
    }

    /// As [`ArenaConfig::new`], with the agents given as specs, one a seat.
    pub fn from_specs<'a>(
        rules: Rules,
        specs: impl IntoIterator<Item = &'a str>,
        seed: u64,
    ) -> Result<ArenaConfig, SpecError> {
        let mut agents = Vec::with_capacity(4);
        for text in specs {
            agents.push(Entrant::spec(text.parse()?, BuildOptions::default()));
        }
        Ok(ArenaConfig::new(rules, agents, seed))
    }

    /// Seats at the table (from the rules).
    pub fn seats(&self) -> usize {
        self.rules.seats().count()
    }
}

/// Why the arena could not run.
#[derive(Debug)]
pub enum ArenaError {
    /// An agent could not be built.
    Agent(SpecError),
    /// The engine refused an agent's action.
    Play(PlayError),
    /// The thread pool could not start.
    Threads(String),
    /// A log could not be written.
    Log(std::io::Error),
    /// A job was finished before its game was over.
    Unfinished,
    /// The operating system gave no random secret for the seed commitment.
    Secret(std::io::Error),
    /// Not one agent a seat.
    Seats {
        /// Agents given.
        agents: usize,
        /// Seats at the table.
        seats: usize,
    },
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Agent(e) => e.fmt(f),
            ArenaError::Play(e) => write!(f, "the engine refused an action: {e}"),
            ArenaError::Threads(e) => write!(f, "cannot start the thread pool: {e}"),
            ArenaError::Log(e) => write!(f, "cannot write a log: {e}"),
            ArenaError::Unfinished => f.write_str("the job's game is not over"),
            ArenaError::Secret(e) => write!(f, "cannot draw the seed commitment's secret: {e}"),
            ArenaError::Seats { agents, seats } => {
                write!(f, "{agents} agents for {seats} seats: give one agent a seat")
            }
        }
    }
}

impl std::error::Error for ArenaError {}
