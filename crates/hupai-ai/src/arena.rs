//! The arena: many seeded games or hands in parallel (rayon), optionally duplicate (every wall
//! once for each seat, four times or three, with the agents rotated through the seats), deterministic for a seed whatever
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

mod config;
mod job;

use std::time::Instant;

use rayon::prelude::*;

pub use config::{ArenaConfig, ArenaError, Entrant, Length};
pub use job::{wall_seed, Job};

use crate::records::JobRecord;
use crate::stats::{aggregate, ArenaResult, Played};
use crate::SpecError;

/// The jobs of an arena, in the order their records are pooled: `(wall, rotation)`, every
/// wall's rotations together. Each job depends only on the arena's seed and its own place,
/// so any range of them can be played apart (a shard) and the records put together.
pub fn jobs(config: &ArenaConfig) -> Vec<(u64, u64)> {
    let total = match config.length {
        Length::Games(n) | Length::Hands(n) => n,
    };
    let rotations = if config.duplicate { config.seats() as u64 } else { 1 };
    let walls = total.div_ceil(rotations);
    (0..walls).flat_map(|w| (0..rotations).map(move |r| (w, r))).take(total as usize).collect()
}

/// Pools job records (all of an arena's jobs, in [`jobs`] order) into its result.
pub fn pool(config: &ArenaConfig, records: &[JobRecord], elapsed_s: f64) -> ArenaResult {
    let played = Played {
        rules: &config.rules.name,
        duplicate: config.duplicate,
        games: matches!(config.length, Length::Games(_)),
    };
    aggregate(played, records, elapsed_s)
}

/// Runs the arena; `progress` is called with 1 after every finished game or hand.
pub fn run_arena(
    config: &ArenaConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ArenaResult, ArenaError> {
    if let Some(e) = config.agents.iter().find(|e| e.external) {
        return Err(ArenaError::Agent(SpecError(format!(
            "{} is an external player: play its jobs with arena::Job",
            e.name
        ))));
    }
    if let Some(dir) = &config.log_dir {
        std::fs::create_dir_all(dir).map_err(ArenaError::Log)?;
    }
    let jobs = jobs(config);
    let start = Instant::now();
    let policies = crate::batched::policies(config)?;
    let work = || -> Result<Vec<JobRecord>, ArenaError> {
        if policies.iter().any(Option::is_some) {
            return crate::batched::play(config, &jobs, &policies, progress);
        }
        jobs.par_iter()
            .map(|&(w, r)| {
                let mut job = Job::new(config, w, r)?;
                job.play()?;
                let record = job.finish()?;
                progress(1);
                Ok(record)
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
    Ok(pool(config, &records, start.elapsed().as_secs_f64()))
}
