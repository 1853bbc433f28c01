//! The arena: many seeded games or hands in parallel (rayon), optionally duplicate (every wall
//! four times with the agents rotated through the seats), deterministic for a seed whatever
//! the thread count. Games are played by the match driver; any agent can enter, hupai's by
//! spec, yours as an [`Entrant`] that builds it.
//!
//! ```
//! use hupai_ai::arena::{run_arena, ArenaConfig, Entrant, Length};
//! use hupai_engine::{Action, Agent, PlayerView};
//! use hupai_rules::Rules;
//!
//! /// Always the last option.
//! struct Last;
//! impl Agent for Last {
//!     fn name(&self) -> &str { "last" }
//!     fn decide(&mut self, _: &PlayerView, options: &[Action]) -> Action { *options.last().unwrap() }
//! }
//!
//! let rules = Rules::preset("riichi").unwrap();
//! let mut config = ArenaConfig::from_specs(rules, ["efficiency", "random", "random", "random"], 5).unwrap();
//! config.agents[3] = Entrant::new("last", |_rules, _seed| Box::new(Last));
//! config.length = Length::Hands(8);
//! config.duplicate = true;
//! let result = run_arena(&config, &|_| {}).unwrap();
//! assert_eq!(result.hands, 8);
//! assert!(result.agents.iter().any(|a| a.name == "last"));
//! ```

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use hupai_core::Seat;
use hupai_engine::{
    Action, Agent, Driver, Event, Explanation, Faults, Game, PlayError, PlayerView, Setup,
    SplitMix64,
};
use hupai_rules::Rules;
use rayon::prelude::*;

use crate::records::{time_bucket, HandRecord, JobRecord, PlayerRecord, TIME_BUCKETS, TURNS};
use crate::stats::{aggregate, ArenaResult, Played};
use crate::{AgentSpec, BuildOptions, SpecError};

/// Builds an agent for a rule set and a seed.
type Build = dyn Fn(&Rules, u64, usize) -> Result<Box<dyn Agent>, SpecError> + Send + Sync;

/// One agent entered in the arena: its name in the results and how to build it for a game.
#[derive(Clone)]
pub struct Entrant {
    /// The name its figures are pooled under.
    pub name: String,
    build: Arc<Build>,
}

impl fmt::Debug for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant").field("name", &self.name).finish()
    }
}

impl Entrant {
    /// An agent of your own: `build` makes one for a rule set and a seed.
    pub fn new(
        name: &str,
        build: impl Fn(&Rules, u64) -> Box<dyn Agent> + Send + Sync + 'static,
    ) -> Entrant {
        Entrant { name: name.to_string(), build: Arc::new(move |r, s, _| Ok(build(r, s))) }
    }

    /// One of the registry's agents (see [`AgentSpec`]).
    pub fn spec(spec: AgentSpec, options: BuildOptions) -> Entrant {
        let name = spec.to_string();
        Entrant { name, build: Arc::new(move |r, s, p| spec.build(r, s, p, &options)) }
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
    /// The four agents (players in the order of the first rotation).
    pub agents: [Entrant; 4],
    /// Play every wall four times with the agents rotated.
    pub duplicate: bool,
    /// Games or hands (with `duplicate`, the total including the rotations).
    pub length: Length,
    /// The seed every wall derives from.
    pub seed: u64,
    /// Worker threads (0: rayon's default).
    pub threads: usize,
    /// Where to write one log per game or hand.
    pub log_dir: Option<PathBuf>,
}

impl ArenaConfig {
    /// Hands of four agents under `rules` from `seed`: 100 hands, not duplicate.
    pub fn new(rules: Rules, agents: [Entrant; 4], seed: u64) -> ArenaConfig {
        ArenaConfig {
            rules,
            agents,
            duplicate: false,
            length: Length::Hands(100),
            seed,
            threads: 0,
            log_dir: None,
        }
    }

    /// As [`ArenaConfig::new`], with the four agents given as specs.
    pub fn from_specs(rules: Rules, specs: [&str; 4], seed: u64) -> Result<ArenaConfig, SpecError> {
        let mut agents = Vec::with_capacity(4);
        for text in specs {
            agents.push(Entrant::spec(text.parse()?, BuildOptions::default()));
        }
        let agents: [Entrant; 4] =
            agents.try_into().map_err(|_| SpecError("four agents".into()))?;
        Ok(ArenaConfig::new(rules, agents, seed))
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
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Agent(e) => e.fmt(f),
            ArenaError::Play(e) => write!(f, "the engine refused an action: {e}"),
            ArenaError::Threads(e) => write!(f, "cannot start the thread pool: {e}"),
            ArenaError::Log(e) => write!(f, "cannot write a log: {e}"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// The seed of wall `wall` from the arena seed.
pub fn wall_seed(seed: u64, wall: u64) -> u64 {
    let mut rng = SplitMix64::new(seed ^ wall.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64()
}

/// Runs the arena; `progress` is called with 1 after every finished game or hand.
pub fn run_arena(
    config: &ArenaConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ArenaResult, ArenaError> {
    if let Some(dir) = &config.log_dir {
        std::fs::create_dir_all(dir).map_err(ArenaError::Log)?;
    }
    let total = match config.length {
        Length::Games(n) | Length::Hands(n) => n,
    };
    let rotations = if config.duplicate { 4 } else { 1 };
    let walls = total.div_ceil(rotations);
    let jobs: Vec<(u64, u64)> =
        (0..walls).flat_map(|w| (0..rotations).map(move |r| (w, r))).take(total as usize).collect();
    let start = Instant::now();
    let work = || -> Result<Vec<JobRecord>, ArenaError> {
        jobs.par_iter()
            .map(|&(w, r)| {
                let job = play_job(config, w, r);
                progress(1);
                job
            })
            .collect()
    };
    let records = if config.threads > 0 {
        rayon::ThreadPoolBuilder::new()
            .num_threads(config.threads)
            .build()
            .map_err(|e| ArenaError::Threads(e.to_string()))?
            .install(work)?
    } else {
        work()?
    };
    let elapsed = start.elapsed().as_secs_f64();
    let played = Played {
        rules: &config.rules.name,
        duplicate: config.duplicate,
        games: matches!(config.length, Length::Games(_)),
    };
    Ok(aggregate(played, &records, elapsed))
}

/// An agent whose decision times are kept (only decisions with a choice).
struct Timed {
    agent: Box<dyn Agent>,
    times: Vec<u32>,
}

impl Agent for Timed {
    fn name(&self) -> &str {
        self.agent.name()
    }
    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        let t0 = Instant::now();
        let action = self.agent.decide(view, options);
        if options.len() > 1 {
            self.times[time_bucket(t0.elapsed().as_nanos() as u64)] += 1;
        }
        action
    }
    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        self.agent.explain(view, options)
    }
    fn observes(&self) -> bool {
        self.agent.observes()
    }
    fn observe(&mut self, event: &Event) {
        self.agent.observe(event)
    }
    fn faults(&self) -> Faults {
        self.agent.faults()
    }
}

/// Plays one job: wall `wall` with the agents rotated `rotation` seats.
fn play_job(config: &ArenaConfig, wall: u64, rotation: u64) -> Result<JobRecord, ArenaError> {
    let entrants: [&Entrant; 4] =
        std::array::from_fn(|p| &config.agents[(p + rotation as usize) % 4]);
    let mut agents: Vec<Timed> = Vec::with_capacity(4);
    for (p, entrant) in entrants.iter().enumerate() {
        let seed = wall_seed(config.seed, wall).wrapping_add(rotation * 4 + p as u64 + 1);
        let agent = (entrant.build)(&config.rules, seed, p).map_err(ArenaError::Agent)?;
        agents.push(Timed { agent, times: vec![0; TIME_BUCKETS] });
    }
    let mut setup = Setup::new(config.rules.clone(), wall_seed(config.seed, wall));
    setup.single_hand = matches!(config.length, Length::Hands(_));
    setup.names = std::array::from_fn(|p| entrants[p].name.clone());
    let mut driver = Driver::new(setup);
    let mut players: [PlayerRecord; 4] = std::array::from_fn(|p| PlayerRecord {
        name: entrants[p].name.clone(),
        hands: Vec::new(),
        game_points: None,
        game_rank: None,
        shanten: [(0.0, 0); TURNS],
        times: Vec::new(),
        illegal: 0,
        timeouts: 0,
    });
    let mut tracker = Tracker::new(config.rules.starting_points);
    driver
        .run_with(&mut agents, |d, new| {
            for e in &d.record()[new] {
                tracker.event(e, d.game(), &mut players);
            }
        })
        .map_err(ArenaError::Play)?;
    for (p, agent) in agents.into_iter().enumerate() {
        let faults = agent.faults();
        players[p].illegal = driver.illegal_answers(p) + faults.illegal;
        players[p].timeouts = faults.timeouts;
        players[p].times = agent.times;
    }
    let game = driver.game();
    if matches!(config.length, Length::Games(_)) {
        let scores = game.player_scores();
        let ranks = ranks_of(&scores, 0);
        for p in 0..4 {
            players[p].game_points = Some(scores[p] - config.rules.starting_points);
            players[p].game_rank = Some(ranks[p]);
        }
    }
    if let Some(dir) = &config.log_dir {
        let path = dir.join(format!("{wall:06}-{rotation}.jsonl"));
        let mut file =
            std::io::BufWriter::new(std::fs::File::create(path).map_err(ArenaError::Log)?);
        for e in driver.record() {
            writeln!(file, "{}", e.to_json()).map_err(ArenaError::Log)?;
        }
        file.flush().map_err(ArenaError::Log)?;
    }
    Ok(JobRecord { wall, players })
}

/// Ranks 1..=4 by score, ties to the earlier index counted from `first`.
fn ranks_of(scores: &[i32; 4], first: usize) -> [u8; 4] {
    let mut order: [usize; 4] = std::array::from_fn(|i| (first + i) % 4);
    order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
    let mut ranks = [0u8; 4];
    for (r, &i) in order.iter().enumerate() {
        ranks[i] = r as u8 + 1;
    }
    ranks
}

/// Reads the events of a job into hand records.
struct Tracker {
    seat_player: [u8; 4],
    start: [i32; 4],
    end: [i32; 4],
    dealer: usize,
    hand: [HandRecord; 4],
    turn: [usize; 4],
}

impl Tracker {
    fn new(points: i32) -> Tracker {
        Tracker {
            seat_player: [0, 1, 2, 3],
            start: [points; 4],
            end: [points; 4],
            dealer: 0,
            hand: [HandRecord::default(); 4],
            turn: [0; 4],
        }
    }

    fn event(&mut self, e: &Event, game: &Game, players: &mut [PlayerRecord; 4]) {
        match e {
            Event::StartKyoku { scores, players: seating, oya, .. } => {
                self.seat_player = seating.unwrap_or([0, 1, 2, 3]);
                self.start = scores.unwrap_or(self.end);
                self.end = self.start;
                self.dealer = oya.index();
                self.hand = [HandRecord::default(); 4];
                self.turn = [0; 4];
            }
            Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. } => {
                self.hand[actor.index()].call = true;
            }
            Event::Reach { actor } => self.hand[actor.index()].riichi = true,
            Event::Dahai { actor, .. } => {
                let s = actor.index();
                let t = self.turn[s];
                self.turn[s] += 1;
                if t < TURNS {
                    let sh = game.view(Seat::ALL[s]).shanten();
                    if sh != i8::MAX {
                        let slot = &mut players[self.seat_player[s] as usize % 4].shanten[t];
                        slot.0 += sh as f64;
                        slot.1 += 1;
                    }
                }
            }
            Event::Hora { actor, target, han, scores, .. } => {
                let a = actor.index();
                self.hand[a].win = true;
                self.hand[a].win_value = *han;
                if target != actor {
                    self.hand[target.index()].deal_in = true;
                }
                self.end = scores.unwrap_or(self.end);
            }
            Event::Ryukyoku { reason, tenpai, scores, .. } => {
                if *reason == Some(hupai_engine::DrawReason::Exhaustive) {
                    for (h, &t) in self.hand.iter_mut().zip(tenpai) {
                        h.exhaustive = true;
                        h.tenpai = t;
                    }
                }
                self.end = scores.unwrap_or(self.end);
            }
            Event::EndKyoku => {
                let ranks = ranks_of(&self.end, self.dealer);
                for s in 0..4 {
                    let mut h = self.hand[s];
                    h.points = self.end[s] - self.start[s];
                    h.rank = ranks[s];
                    players[self.seat_player[s] as usize % 4].hands.push(h);
                }
            }
            _ => {}
        }
    }
}
