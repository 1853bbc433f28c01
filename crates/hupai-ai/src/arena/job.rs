//! One job of an arena: one wall or game with one seating, played by the match driver, with
//! its agents' decision times and the figures of every hand kept for the records.

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use hupai_core::Seat;
use hupai_engine::{
    Action, Agent, Driver, Event, Explanation, Faults, Game, PlayError, PlayerView, Setup,
    SplitMix64,
};

use super::config::{ArenaConfig, ArenaError, Entrant, Length};
use crate::records::{time_bucket, HandRecord, JobRecord, PlayerRecord, TIME_BUCKETS, TURNS};

/// The seed of wall `wall` from the arena seed.
pub fn wall_seed(seed: u64, wall: u64) -> u64 {
    let mut rng = SplitMix64::new(seed ^ wall.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64()
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

/// One job of an arena (one wall or game with one seating), played by the match driver:
/// what [`run_arena`](super::run_arena) plays for every job, open to a caller that seats
/// external players ([`Entrant::external`]) and answers for them, or watches every decision.
///
/// ```
/// use hupai_ai::arena::{jobs, pool, ArenaConfig, Entrant, Job, Length};
/// use hupai_rules::Rules;
/// let mut config = ArenaConfig::from_specs(Rules::preset("riichi").unwrap(), ["efficiency"; 4], 3).unwrap();
/// config.length = Length::Hands(2);
/// config.agents[0] = Entrant::external("first-option");
/// let mut records = Vec::new();
/// for (wall, rotation) in jobs(&config) {
///     let mut job = Job::new(&config, wall, rotation).unwrap();
///     job.play().unwrap();
///     while !job.driver().is_over() {
///         let p = job.driver().prompts().next().unwrap();
///         let (player, action) = (p.player, p.options[0]);
///         job.answer(player, action, 0).unwrap();
///         job.play().unwrap();
///     }
///     records.push(job.finish().unwrap());
/// }
/// assert_eq!(pool(&config, &records, 0.0).hands, 2);
/// ```
pub struct Job {
    driver: Driver,
    agents: Vec<Option<Timed>>,
    players: Vec<PlayerRecord>,
    tracker: Tracker,
    wall: u64,
    rotation: u64,
    games: bool,
    starting_points: i32,
    /// The rules the match is settled by.
    rules: hupai_rules::Rules,
    log_dir: Option<PathBuf>,
    illegal: [u32; 4],
}

impl fmt::Debug for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Job").field("wall", &self.wall).field("rotation", &self.rotation).finish()
    }
}

impl Job {
    /// Job `(wall, rotation)` of `config`, its in-process agents built.
    pub fn new(config: &ArenaConfig, wall: u64, rotation: u64) -> Result<Job, ArenaError> {
        Job::with_agents(config, wall, rotation, |_, agent| agent)
    }

    /// As [`Job::new`], each in-process agent passed through `wrap` (with its player) after it
    /// is built, so a caller can watch its decisions.
    pub fn with_agents(
        config: &ArenaConfig,
        wall: u64,
        rotation: u64,
        wrap: impl FnMut(usize, Box<dyn Agent>) -> Box<dyn Agent>,
    ) -> Result<Job, ArenaError> {
        Job::seating(config, wall, rotation, wrap, &[])
    }

    /// As [`Job::with_agents`], the entrants marked in `outside` (by index in the config)
    /// seated as external players.
    pub(crate) fn seating(
        config: &ArenaConfig,
        wall: u64,
        rotation: u64,
        mut wrap: impl FnMut(usize, Box<dyn Agent>) -> Box<dyn Agent>,
        outside: &[bool],
    ) -> Result<Job, ArenaError> {
        let seats = config.seats();
        if config.agents.len() != seats {
            return Err(ArenaError::Seats { agents: config.agents.len(), seats });
        }
        let entrant_at = |p: usize| (p + rotation as usize) % seats;
        let entrants: Vec<&Entrant> = (0..seats).map(|p| &config.agents[entrant_at(p)]).collect();
        let mut agents: Vec<Option<Timed>> = Vec::with_capacity(seats);
        for (p, entrant) in entrants.iter().enumerate() {
            if entrant.external || outside.get(entrant_at(p)).copied().unwrap_or(false) {
                agents.push(None);
                continue;
            }
            let seed = wall_seed(config.seed, wall).wrapping_add(rotation * 4 + p as u64 + 1);
            let agent = (entrant.build)(&config.rules, seed, p).map_err(ArenaError::Agent)?;
            agents.push(Some(Timed { agent: wrap(p, agent), times: vec![0; TIME_BUCKETS] }));
        }
        let mut setup = Setup::new(config.rules.clone(), wall_seed(config.seed, wall));
        // The wall seeds follow from the arena's seed: only a random secret keeps an external
        // bot from finding its wall from the commitment.
        setup.secret = hupai_engine::commitment::random_secret().map_err(ArenaError::Secret)?;
        setup.single_hand = matches!(config.length, Length::Hands(_));
        setup.names =
            std::array::from_fn(|p| entrants.get(p).map_or_else(String::new, |e| e.name.clone()));
        let driver = Driver::new(setup);
        let players: Vec<PlayerRecord> = (0..seats)
            .map(|p| PlayerRecord {
                name: entrants[p].name.clone(),
                hands: Vec::new(),
                game_points: None,
                game_rank: None,
                match_score: None,
                shanten: [(0.0, 0); TURNS],
                times: vec![0; TIME_BUCKETS],
                illegal: 0,
                timeouts: 0,
            })
            .collect();
        let mut job = Job {
            driver,
            agents,
            players,
            tracker: Tracker::new(config.rules.starting_points, seats),
            wall,
            rotation,
            games: matches!(config.length, Length::Games(_)),
            starting_points: config.rules.starting_points,
            rules: config.rules.clone(),
            log_dir: config.log_dir.clone(),
            illegal: [0; 4],
        };
        job.track(0..job.driver.record().len());
        Ok(job)
    }

    /// The wall and the rotation.
    pub fn place(&self) -> (u64, u64) {
        (self.wall, self.rotation)
    }

    /// The driver (prompts, views, the record).
    pub fn driver(&self) -> &Driver {
        &self.driver
    }

    /// Whether `player` is external.
    pub fn is_external(&self, player: usize) -> bool {
        self.agents.get(player).is_some_and(|a| a.is_none())
    }

    fn track(&mut self, events: std::ops::Range<usize>) {
        for e in &self.driver.record()[events] {
            self.tracker.event(e, self.driver.game(), &mut self.players);
        }
    }

    /// Lets the in-process agents answer until an external player must decide or the game
    /// is over.
    pub fn play(&mut self) -> Result<(), ArenaError> {
        while let Some(step) = self.driver.step(&mut self.agents).map_err(ArenaError::Play)? {
            self.track(step.events);
        }
        Ok(())
    }

    /// Answers for external `player`, which took `nanos` to decide: an action that is not one
    /// of its options is counted as illegal and replaced by the default, as the driver does
    /// for agents. Returns the action played.
    pub fn answer(
        &mut self,
        player: usize,
        action: Action,
        nanos: u64,
    ) -> Result<Action, hupai_engine::AnswerError> {
        let Some(prompt) = self.driver.prompt(player).filter(|_| self.is_external(player)) else {
            let seat = self.driver.seat_of(player.min(self.players.len().saturating_sub(1)));
            return Err(hupai_engine::AnswerError::Play(PlayError::NotYourTurn(seat)));
        };
        let mut action = action.canonical();
        let options = prompt.options;
        if options.len() > 1 {
            self.players[player].times[time_bucket(nanos)] += 1;
        }
        if !options.contains(&action) {
            action = hupai_engine::default_action(options);
            self.illegal[player] += 1;
        }
        let decision = prompt.decision;
        let events = self.driver.answer(player, decision, action)?;
        self.track(events);
        Ok(action)
    }

    /// The job's record, once the game is over (its log written when the arena keeps logs).
    pub fn finish(mut self) -> Result<JobRecord, ArenaError> {
        if !self.driver.is_over() {
            return Err(ArenaError::Unfinished);
        }
        // Shows the in-process agents the last events.
        self.play()?;
        let mut players = self.players;
        for (p, agent) in self.agents.into_iter().enumerate() {
            players[p].illegal = self.driver.illegal_answers(p) + self.illegal[p];
            if let Some(agent) = agent {
                let faults = agent.faults();
                players[p].illegal += faults.illegal;
                players[p].timeouts = faults.timeouts;
                players[p].times = agent.times;
            }
        }
        let game = self.driver.game();
        // The match is settled on its final points (the sticks left went to first place).
        let finals = game.player_scores().into_array();
        if let Ok(standings) = self.rules.settle(&finals[..players.len()]) {
            for (record, s) in players.iter_mut().zip(&standings) {
                record.match_score = Some(s.score);
            }
        }
        if self.games {
            let scores = game.player_scores().into_array();
            let ranks = ranks_of(&scores, 0, players.len());
            for p in 0..players.len() {
                players[p].game_points = Some(scores[p] - self.starting_points);
                players[p].game_rank = Some(ranks[p]);
            }
        }
        let (wall, rotation) = (self.wall, self.rotation);
        if let Some(dir) = &self.log_dir {
            std::fs::create_dir_all(dir).map_err(ArenaError::Log)?;
            let path = dir.join(format!("{wall:06}-{rotation}.jsonl"));
            let mut file =
                std::io::BufWriter::new(std::fs::File::create(path).map_err(ArenaError::Log)?);
            for e in self.driver.record() {
                writeln!(file, "{}", e.to_json()).map_err(ArenaError::Log)?;
            }
            file.flush().map_err(ArenaError::Log)?;
        }
        Ok(JobRecord { wall, players })
    }
}

/// Ranks 1..=`seats` by score of the first `seats` places, ties to the earlier index counted
/// from `first`.
fn ranks_of(scores: &[i32; 4], first: usize, seats: usize) -> [u8; 4] {
    let mut order: Vec<usize> = (0..seats).map(|i| (first + i) % seats).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
    let mut ranks = [0u8; 4];
    for (r, &i) in order.iter().enumerate() {
        ranks[i] = r as u8 + 1;
    }
    ranks
}

/// Reads the events of a job into hand records.
struct Tracker {
    seats: usize,
    seat_player: [u8; 4],
    start: [i32; 4],
    end: [i32; 4],
    dealer: usize,
    hand: [HandRecord; 4],
    turn: [usize; 4],
}

impl Tracker {
    fn new(points: i32, seats: usize) -> Tracker {
        Tracker {
            seats,
            seat_player: [0, 1, 2, 3],
            start: [points; 4],
            end: [points; 4],
            dealer: 0,
            hand: [HandRecord::default(); 4],
            turn: [0; 4],
        }
    }

    fn event(&mut self, e: &Event, game: &Game, players: &mut [PlayerRecord]) {
        match e {
            Event::StartKyoku { scores, players: seating, oya, .. } => {
                self.seat_player = seating.unwrap_or([0, 1, 2, 3]);
                self.start = scores.map_or(self.end, |s| s.into_array());
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
                        let p = self.seat_player[s] as usize % self.seats;
                        let slot = &mut players[p].shanten[t];
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
                self.end = scores.map_or(self.end, |s| s.into_array());
            }
            Event::Payment { reason, actor, .. } => match reason {
                hupai_engine::PaymentReason::NotReady => {
                    self.hand[actor.index()].not_ready_paid = true
                }
                hupai_engine::PaymentReason::FlowerPig => {
                    self.hand[actor.index()].flower_pig = true
                }
                _ => {}
            },
            Event::Ryukyoku { reason, tenpai, scores, .. } => {
                if *reason == Some(hupai_engine::DrawReason::Exhaustive) {
                    for (h, &t) in self.hand.iter_mut().zip(tenpai.iter()) {
                        h.exhaustive = true;
                        h.tenpai = t;
                    }
                }
                self.end = scores.map_or(self.end, |s| s.into_array());
            }
            Event::EndKyoku => {
                let ranks = ranks_of(&self.end, self.dealer, self.seats);
                for s in 0..self.seats {
                    let mut h = self.hand[s];
                    h.points = self.end[s] - self.start[s];
                    h.rank = ranks[s];
                    players[self.seat_player[s] as usize % self.seats].hands.push(h);
                }
            }
            _ => {}
        }
    }
}
