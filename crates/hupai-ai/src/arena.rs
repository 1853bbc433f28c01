//! The arena: many seeded games or hands in parallel (rayon), optionally duplicate (every wall
//! four times with the agents rotated through the seats), deterministic for a seed whatever
//! the thread count.
//!
//! ```
//! use hupai_ai::arena::{run_arena, ArenaConfig, Length};
//! use hupai_rules::Rules;
//! let mut config = ArenaConfig::new(Rules::preset("riichi").unwrap(), ["efficiency", "random", "random", "random"], 5);
//! config.length = Length::Hands(8);
//! config.duplicate = true;
//! let result = run_arena(&config, &|_| {}).unwrap();
//! assert_eq!(result.hands, 8);
//! let eff = result.agents.iter().find(|a| a.name == "efficiency").unwrap();
//! assert!(eff.win_rate >= 0.0);
//! ```

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use hupai_core::{shanten_with_jokers, Seat};
use hupai_engine::{Event, Game, PlayError, PlayerView, Setup, SplitMix64};
use hupai_rules::Rules;
use rayon::prelude::*;

use crate::agent::{by_name, Bot};
use crate::stats::{aggregate, ArenaResult};

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
    /// The four agent names (seat order of the first rotation).
    pub agents: [String; 4],
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
    pub fn new(rules: Rules, agents: [&str; 4], seed: u64) -> ArenaConfig {
        ArenaConfig {
            rules,
            agents: agents.map(String::from),
            duplicate: false,
            length: Length::Hands(100),
            seed,
            threads: 0,
            log_dir: None,
        }
    }
}

/// Why the arena could not run.
#[derive(Debug)]
pub enum ArenaError {
    /// An agent name nobody knows.
    UnknownAgent(String),
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
            ArenaError::UnknownAgent(n) => {
                write!(f, "unknown agent '{n}': use one of {}", crate::AGENT_NAMES.join(", "))
            }
            ArenaError::Play(e) => write!(f, "the engine refused an action: {e}"),
            ArenaError::Threads(e) => write!(f, "cannot start the thread pool: {e}"),
            ArenaError::Log(e) => write!(f, "cannot write a log: {e}"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// Buckets of the decision-time histogram (10% apart, from 1 ns).
pub const TIME_BUCKETS: usize = 256;

/// The bucket of a duration in nanoseconds.
pub fn time_bucket(ns: u64) -> usize {
    if ns <= 1 {
        return 0;
    }
    (((ns as f64).ln() / 1.1f64.ln()) as usize).min(TIME_BUCKETS - 1)
}

/// The upper end of a bucket, in microseconds.
pub fn bucket_us(bucket: usize) -> f64 {
    1.1f64.powi(bucket as i32 + 1) / 1000.0
}

/// Turns tracked for the shanten-by-turn curve.
pub const TURNS: usize = 18;

/// One player's hand in one job.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HandRecord {
    /// Points won or lost in the hand (sticks included).
    pub points: i32,
    /// Rank by the scores after the hand (1..=4).
    pub rank: u8,
    /// Won the hand.
    pub win: bool,
    /// Dealt in.
    pub deal_in: bool,
    /// The hand ended in an exhaustive draw.
    pub exhaustive: bool,
    /// Ready at that exhaustive draw.
    pub tenpai: bool,
    /// Made a call.
    pub call: bool,
    /// Declared riichi.
    pub riichi: bool,
    /// Han or fans of the win.
    pub win_value: u32,
}

/// Everything one player did in one job.
#[derive(Clone, Debug)]
pub struct PlayerRecord {
    /// The agent's name.
    pub name: String,
    /// Its hands.
    pub hands: Vec<HandRecord>,
    /// Points over the game (games mode).
    pub game_points: Option<i32>,
    /// Rank at the end of the game (games mode).
    pub game_rank: Option<u8>,
    /// Shanten after each own discard: sums and counts by turn.
    pub shanten: [(f64, u32); TURNS],
    /// Decision-time histogram.
    pub times: Vec<u32>,
}

/// One job: one wall (or game) played with one seating.
#[derive(Clone, Debug)]
pub struct JobRecord {
    /// The wall index (duplicate block).
    pub wall: u64,
    /// The four players.
    pub players: [PlayerRecord; 4],
}

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
    for name in &config.agents {
        if by_name(name, &config.rules, 0).is_none() {
            return Err(ArenaError::UnknownAgent(name.clone()));
        }
    }
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
    Ok(aggregate(config, &records, elapsed))
}

/// Plays one job: wall `wall` with the agents rotated `rotation` seats.
fn play_job(config: &ArenaConfig, wall: u64, rotation: u64) -> Result<JobRecord, ArenaError> {
    let names: [String; 4] =
        std::array::from_fn(|p| config.agents[(p + rotation as usize) % 4].clone());
    let mut bots: Vec<Box<dyn Bot>> = Vec::with_capacity(4);
    for (p, name) in names.iter().enumerate() {
        let seed = wall_seed(config.seed, wall).wrapping_add(rotation * 4 + p as u64 + 1);
        bots.push(
            by_name(name, &config.rules, seed)
                .ok_or_else(|| ArenaError::UnknownAgent(name.clone()))?,
        );
    }
    let mut setup = Setup::new(config.rules.clone(), wall_seed(config.seed, wall));
    setup.single_hand = matches!(config.length, Length::Hands(_));
    setup.names = names.clone();
    let (mut game, opening) = Game::new(setup);
    let mut players: [PlayerRecord; 4] = std::array::from_fn(|p| PlayerRecord {
        name: names[p].clone(),
        hands: Vec::new(),
        game_points: None,
        game_rank: None,
        shanten: [(0.0, 0); TURNS],
        times: vec![0; TIME_BUCKETS],
    });
    let mut tracker = Tracker::new(config.rules.starting_points);
    let mut views: [PlayerView; 4] = std::array::from_fn(|s| PlayerView::new(Seat::ALL[s]));
    let mut log: Vec<Event> = Vec::new();
    let keep_log = config.log_dir.is_some();
    let forms = config.rules.form_set();
    let feed = |events: &[Event],
                game: &Game,
                views: &mut [PlayerView; 4],
                players: &mut [PlayerRecord; 4],
                tracker: &mut Tracker| {
        for e in events {
            for v in views.iter_mut() {
                v.update(&e.for_seat(v.seat.index() as u8));
            }
            tracker.event(e, game, forms, players);
        }
    };
    feed(&opening, &game, &mut views, &mut players, &mut tracker);
    if keep_log {
        log.extend(opening);
    }
    let mut out = Vec::new();
    while !game.is_over() {
        let Some(seat) = game.pending().seats().next() else { break };
        let options = game.pending().options(seat);
        let p = tracker.seat_player[seat.index()] as usize % 4;
        let t0 = Instant::now();
        let action = bots[p].decide(&views[seat.index()], options);
        let ns = t0.elapsed().as_nanos() as u64;
        if options.len() > 1 {
            players[p].times[time_bucket(ns)] += 1;
        }
        out.clear();
        game.apply_into(seat, action, &mut out).map_err(ArenaError::Play)?;
        feed(&out, &game, &mut views, &mut players, &mut tracker);
        if keep_log {
            log.extend(out.iter().cloned());
        }
    }
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
        for e in &log {
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

    fn event(
        &mut self,
        e: &Event,
        game: &Game,
        forms: hupai_core::FormSet,
        players: &mut [PlayerRecord; 4],
    ) {
        match e {
            Event::StartKyoku { scores, players: seating, oya, .. } => {
                self.seat_player = seating.unwrap_or([0, 1, 2, 3]);
                self.start = *scores;
                self.end = *scores;
                self.dealer = *oya as usize % 4;
                self.hand = [HandRecord::default(); 4];
                self.turn = [0; 4];
            }
            Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. } => {
                self.hand[*actor as usize % 4].call = true;
            }
            Event::Reach { actor } => self.hand[*actor as usize % 4].riichi = true,
            Event::Dahai { actor, .. } => {
                let s = *actor as usize % 4;
                let t = self.turn[s];
                self.turn[s] += 1;
                if t < TURNS {
                    let p = game.player(Seat::ALL[s]);
                    let sh = shanten_with_jokers(&p.counts, p.jokers, p.meld_count(), forms);
                    if sh != i8::MAX {
                        let slot = &mut players[self.seat_player[s] as usize % 4].shanten[t];
                        slot.0 += sh as f64;
                        slot.1 += 1;
                    }
                }
            }
            Event::Hora { actor, target, han, scores, .. } => {
                let a = *actor as usize % 4;
                self.hand[a].win = true;
                self.hand[a].win_value = *han;
                if target != actor {
                    self.hand[*target as usize % 4].deal_in = true;
                }
                self.end = *scores;
            }
            Event::Ryukyoku { reason, tenpai, scores, .. } => {
                if reason == "exhaustive" {
                    for (h, &t) in self.hand.iter_mut().zip(tenpai) {
                        h.exhaustive = true;
                        h.tenpai = t;
                    }
                }
                self.end = *scores;
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
