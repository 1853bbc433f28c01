//! Arena jobs whose model agents answer in batches: the jobs of a wave are played together,
//! the in-process agents as usual, and every decision a `model:FILE.onnx` entrant owes in
//! any of them is answered by one call of its network ([`BatchPolicy`]), instead of one call
//! per decision. The games and figures are those of the one-at-a-time arena (the same
//! network, the same argmax); only the decision times differ (each row is charged its share
//! of the call). [`crate::arena::run_arena`] plays this way when an entrant can.
//!
//! ```
//! use hupai_ai::arena::{run_arena, ArenaConfig, Length};
//! use hupai_rules::Rules;
//! let mut config = ArenaConfig::from_specs(Rules::preset("riichi").unwrap(), ["efficiency"; 4], 1).unwrap();
//! config.length = Length::Hands(4);
//! config.batch = 64; // games at once, when an entrant answers in batches
//! assert_eq!(run_arena(&config, &|_| {}).unwrap().hands, 4);
//! ```

use std::sync::Arc;
use std::time::Instant;

use hupai_engine::{Action, AnswerError, PlayerView};
use rayon::prelude::*;

use crate::arena::{ArenaConfig, ArenaError, Job};
pub use crate::batch_policy::BatchPolicy;
use crate::records::JobRecord;
use crate::SpecError;

/// The entrants' batch policies (none where an entrant answers one decision at a time, or
/// when `config.batch` is 0).
pub(crate) type Policies = Vec<Option<Arc<dyn BatchPolicy>>>;

/// The policies of `config`'s entrants; a model that cannot be played is an error here.
pub(crate) fn policies(config: &ArenaConfig) -> Result<Policies, ArenaError> {
    let mut out: Policies = vec![None; config.agents.len()];
    if config.batch == 0 {
        return Ok(out);
    }
    for (slot, entrant) in out.iter_mut().zip(&config.agents) {
        if let Some(policy) = entrant.agent_spec().and_then(|s| s.batch_policy()) {
            *slot = Some(policy.map_err(ArenaError::Agent)?);
        }
    }
    Ok(out)
}

fn refused(e: AnswerError) -> ArenaError {
    match e {
        AnswerError::Play(e) => ArenaError::Play(e),
        other => ArenaError::Agent(SpecError(format!("a batched answer was refused: {other}"))),
    }
}

/// Plays `jobs` of `config` in waves of `config.batch`, the entrants with a policy answering
/// in batches; returns the records in job order.
pub(crate) fn play(
    config: &ArenaConfig,
    jobs: &[(u64, u64)],
    policies: &Policies,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<JobRecord>, ArenaError> {
    let outside: Vec<bool> = policies.iter().map(Option::is_some).collect();
    let seats = config.seats();
    let mut records = Vec::with_capacity(jobs.len());
    for wave in jobs.chunks(config.batch.max(1)) {
        let mut playing: Vec<Job> = wave
            .par_iter()
            .map(|&(w, r)| Job::seating(config, w, r, |_, agent| agent, &outside))
            .collect::<Result<_, _>>()?;
        loop {
            playing.par_iter_mut().try_for_each(Job::play)?;
            let mut asked = false;
            for (e, policy) in policies.iter().enumerate() {
                let Some(policy) = policy else { continue };
                let mut at: Vec<(usize, usize)> = Vec::new();
                let mut rows: Vec<(&PlayerView, &[Action])> = Vec::new();
                for (j, job) in playing.iter().enumerate() {
                    let rotation = job.place().1 as usize;
                    for p in job.driver().prompts() {
                        if job.is_external(p.player) && (p.player + rotation) % seats == e {
                            at.push((j, p.player));
                            rows.push((p.view, p.options));
                        }
                    }
                }
                if rows.is_empty() {
                    continue;
                }
                asked = true;
                let t0 = Instant::now();
                let actions = policy.decide_batch(&rows);
                let nanos = t0.elapsed().as_nanos() as u64 / rows.len() as u64;
                drop(rows);
                for ((j, player), action) in at.into_iter().zip(actions) {
                    playing[j].answer(player, action, nanos).map_err(refused)?;
                }
            }
            if !asked {
                break;
            }
        }
        for job in playing {
            records.push(job.finish()?);
            progress(1);
        }
    }
    Ok(records)
}
