//! `VecEnv`: many matches stepped in Rust, one batch of decisions per model call.

use std::sync::{Mutex, MutexGuard};

use hupai_engine::Action;
use hupai_rules::Rules as CoreRules;
use numpy::PyReadonlyArray1;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::decisions::{Arrays, Batch, PerEnv, RowRef};
use crate::env::load_rules;
use crate::errors::Error;
use crate::rules::RulesArg;
use crate::table::{option_of_id, seating, Length, Seating, Table};

/// What one environment's step gave: whether its match ended, the score changes, the final
/// scores.
type Stepped = (bool, [f32; 4], [i32; 4]);

/// One answer read from a row: the player, its decision number and the option.
type Answer = (usize, usize, Action);

/// The answers of one environment (at most four) and how many there are.
type Answers = ([Answer; 4], usize);

#[derive(Debug)]
struct Slot {
    table: Table,
    /// Matches this environment has started.
    games: u64,
    /// Scores by player at the last batch.
    last_scores: [i32; 4],
}

#[derive(Debug)]
struct VecState {
    n: usize,
    rules: CoreRules,
    length: Length,
    seating: Seating,
    seed: u64,
    features: bool,
    slots: Vec<Slot>,
    /// The rows of the last batch: environment and player.
    rows: Vec<(u32, u8)>,
    pool: Option<rayon::ThreadPool>,
    decisions: u64,
    games_done: u64,
}

impl VecState {
    fn game_seed(&self, env: usize, game: u64) -> u64 {
        let n = self.n.max(1) as u64;
        self.seed.wrapping_add(env as u64).wrapping_add(game.wrapping_mul(n))
    }

    fn install<R: Send>(pool: &Option<rayon::ThreadPool>, f: impl FnOnce() -> R + Send) -> R {
        match pool {
            Some(p) => p.install(f),
            None => f(),
        }
    }

    /// The arrays of the decisions open now.
    fn arrays(&mut self) -> Arrays {
        let mut refs = Vec::new();
        for (e, slot) in self.slots.iter().enumerate() {
            for p in slot.table.python_prompts() {
                refs.push(RowRef {
                    game: e as u32,
                    player: p.player as u8,
                    seat: p.seat.index() as u8,
                    decision: p.decision as u32,
                    view: p.view,
                    options: p.options,
                });
            }
        }
        let features = self.features;
        let arrays = Self::install(&self.pool, || Arrays::build(&refs, features));
        self.rows = refs.iter().map(|r| (r.game, r.player)).collect();
        self.decisions += arrays.len() as u64;
        arrays
    }
}

/// ``n`` matches stepped together in Rust: ``reset()`` and ``step(actions)`` return one
/// ``Batch`` of every player who must decide in any of them (``game`` is the environment's
/// index), so one model call answers all; ``step`` takes one action id per row of the last
/// batch. A match that ends starts again at once with the environment's next seed
/// (environment ``i``'s ``k``-th match is played from ``seed + i + k * n``); the batch then says
/// ``done[i]`` and gives its ``final_scores``. Rust steps the matches on ``threads`` threads
/// (0: all cores) with the GIL released. ``agents`` and ``length`` are as for
/// ``MahjongEnv``; ``features=False`` leaves out the planes and scalars (masks only).
///
/// >>> import numpy as np
/// >>> venv = hupai.VecEnv(8, "riichi", seed=1, length="hand")
/// >>> b = venv.reset()
/// >>> rng = np.random.default_rng(0)
/// >>> for _ in range(200):
/// ...     counts = np.diff(b.legal_offsets)
/// ...     pick = b.legal_offsets[:-1] + (rng.random(len(b)) * counts).astype(np.int64)
/// ...     b = venv.step(b.legal_ids[pick])
/// >>> venv.games_done > 0
/// True
#[pyclass(frozen, module = "hupai", name = "VecEnv")]
#[derive(Debug)]
pub struct VecEnv {
    state: Mutex<VecState>,
}

impl VecEnv {
    fn lock(&self) -> MutexGuard<'_, VecState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (n, rules = RulesArg::riichi(), length = "full", seed = 0, agents = None, features = true, threads = 0))]
    fn new(
        n: usize,
        rules: RulesArg,
        length: &str,
        seed: u64,
        agents: Option<Vec<Option<String>>>,
        features: bool,
        threads: usize,
    ) -> PyResult<VecEnv> {
        if n == 0 {
            return Err(Error::Input("a VecEnv needs at least one environment".into()).into());
        }
        let seating = seating(agents)?;
        if seating.iter().all(|s| s.is_some()) {
            return Err(Error::Input(
                "every player is an agent: leave one to Python (None)".into(),
            )
            .into());
        }
        let pool = if threads > 0 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| Error::Input(format!("cannot start {threads} threads: {e}")))?,
            )
        } else {
            None
        };
        let state = VecState {
            n,
            rules: load_rules(&rules)?,
            length: Length::parse(length)?,
            seating,
            seed,
            features,
            slots: Vec::with_capacity(n),
            rows: Vec::new(),
            pool,
            decisions: 0,
            games_done: 0,
        };
        Ok(VecEnv { state: Mutex::new(state) })
    }

    /// Starts every environment's first match (again, from ``seed``, when called later) and
    /// returns the first batch.
    fn reset(&self, py: Python<'_>) -> PyResult<Batch> {
        let mut s = self.lock();
        let s = &mut *s;
        let n = s.n;
        let seeds: Vec<u64> = (0..n).map(|e| s.game_seed(e, 0)).collect();
        let (rules, length, seating) = (&s.rules, s.length, &s.seating);
        let tables: Vec<Result<Table, Error>> = py.detach(|| {
            VecState::install(&s.pool, || {
                seeds.par_iter().map(|&seed| Table::new(rules, length, seating, seed)).collect()
            })
        });
        let mut slots = Vec::with_capacity(n);
        for t in tables {
            let table = t?;
            let last_scores = table.driver.game().player_scores();
            slots.push(Slot { table, games: 1, last_scores });
        }
        s.slots = slots;
        s.games_done = 0;
        let features = s.features;
        let arrays = py.detach(|| s.arrays());
        let per_env = PerEnv {
            rewards: vec![[0.0; 4]; n],
            done: vec![false; n],
            final_scores: vec![[0; 4]; n],
        };
        Batch::new(py, arrays, features, Some(per_env))
    }

    /// Answers every row of the last batch with ``actions[i]`` (one action id per row, any
    /// integer dtype), lets the matches run on, and returns the next batch. An illegal id
    /// raises ``ActionError`` naming the row, and nothing is applied.
    fn step(&self, py: Python<'_>, actions: Bound<'_, PyAny>) -> PyResult<Batch> {
        let actions = py
            .import("numpy")?
            .call_method1("asarray", (actions, "int64"))
            .map_err(|e| Error::Action(format!("actions: one integer id per row ({e})")))?;
        let actions: PyReadonlyArray1<'_, i64> = actions
            .extract()
            .map_err(|_| Error::Action("actions: a one-dimensional array of ids".into()))?;
        let actions = actions.as_array().to_vec();
        let mut guard = self.lock();
        let s = &mut *guard;
        if s.slots.is_empty() {
            return Err(Error::Env("call reset() first".into()).into());
        }
        if actions.len() != s.rows.len() {
            return Err(Error::Action(format!(
                "{} actions for a batch of {} rows",
                actions.len(),
                s.rows.len()
            ))
            .into());
        }
        // Every action is read (in parallel) before any is applied. Row order is
        // environment order, and within one environment the order of its prompts.
        let n = s.slots.len();
        let mut starts = vec![0usize; n + 1];
        for &(e, _) in &s.rows {
            starts[e as usize + 1] += 1;
        }
        for e in 0..n {
            starts[e + 1] += starts[e];
        }
        let (slots, pool) = (&mut s.slots, &s.pool);
        // Slots are Send but not Sync (agents): read through exclusive references.
        let chosen: Result<Vec<Answers>, Error> = py.detach(|| {
            VecState::install(pool, || {
                slots
                    .par_iter_mut()
                    .enumerate()
                    .map(|(e, slot)| {
                        let ids = &actions[starts[e]..starts[e + 1]];
                        // At most four players decide at once: no allocation per environment.
                        let mut out: Answers = ([(0, 0, Action::Pass); 4], 0);
                        let mut prompts = slot.table.python_prompts();
                        for (k, &id) in ids.iter().enumerate() {
                            let row = starts[e] + k;
                            let Some(prompt) = prompts.next() else {
                                return Err(Error::Env(format!(
                                    "row {row}: environment {e} has fewer decisions open"
                                )));
                            };
                            let action = option_of_id(&prompt, id).map_err(|err| match err {
                                Error::Action(m) => {
                                    Error::Action(format!("row {row} (environment {e}): {m}"))
                                }
                                other => other,
                            })?;
                            if out.1 == 4 {
                                return Err(Error::Env(format!(
                                    "row {row}: environment {e} has more rows than players"
                                )));
                            }
                            out.0[out.1] = (prompt.player, prompt.decision, action);
                            out.1 += 1;
                        }
                        Ok(out)
                    })
                    .collect()
            })
        });
        let chosen = chosen?;
        let seeds: Vec<u64> = (0..n).map(|e| s.game_seed(e, s.slots[e].games)).collect();
        let (rules, length, seating) = (&s.rules, s.length, &s.seating);
        let slots = &mut s.slots;
        let results: Vec<Result<Stepped, Error>> = py.detach(|| {
            VecState::install(&s.pool, || {
                slots
                    .par_iter_mut()
                    .zip(chosen.par_iter())
                    .zip(seeds.par_iter())
                    .map(|((slot, answers), &seed)| {
                        for &(p, decision, action) in &answers.0[..answers.1] {
                            slot.table.answer_at(p, decision, action)?;
                        }
                        slot.table.run_agents()?;
                        let scores = slot.table.driver.game().player_scores();
                        let reward =
                            std::array::from_fn(|p| (scores[p] - slot.last_scores[p]) as f32);
                        if !slot.table.driver.is_over() {
                            slot.last_scores = scores;
                            return Ok((false, reward, [0; 4]));
                        }
                        slot.table = Table::new(rules, length, seating, seed)?;
                        slot.games += 1;
                        slot.last_scores = slot.table.driver.game().player_scores();
                        Ok((true, reward, scores))
                    })
                    .collect()
            })
        });
        let mut per_env = PerEnv {
            rewards: Vec::with_capacity(n),
            done: Vec::with_capacity(n),
            final_scores: Vec::with_capacity(n),
        };
        for r in results {
            let (done, reward, finals) = r?;
            s.games_done += u64::from(done);
            per_env.done.push(done);
            per_env.rewards.push(reward);
            per_env.final_scores.push(finals);
        }
        let features = s.features;
        let arrays = py.detach(|| s.arrays());
        Batch::new(py, arrays, features, Some(per_env))
    }

    /// Environments.
    fn __len__(&self) -> usize {
        self.lock().n
    }

    /// Matches finished since the last reset.
    #[getter]
    fn games_done(&self) -> u64 {
        self.lock().games_done
    }

    /// Rows handed out in batches since the VecEnv was made (decisions asked for).
    #[getter]
    fn decisions(&self) -> u64 {
        self.lock().decisions
    }

    /// Scores by player of every environment's match now (int32, ``(envs, 4)``).
    fn scores(&self) -> Vec<[i32; 4]> {
        self.lock().slots.iter().map(|s| s.table.driver.game().player_scores()).collect()
    }

    /// The full mjai log of environment ``i``'s match so far, as dicts.
    fn mjai_log<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let s = self.lock();
        let slot = s.slots.get(i).ok_or_else(|| Error::Input(format!("no environment {i}")))?;
        slot.table.driver.record().iter().map(|e| crate::to_python::to_python(py, e)).collect()
    }

    fn __repr__(&self) -> String {
        let s = self.lock();
        format!("VecEnv(n={}, rules={:?}, length={:?})", s.n, s.rules.name, s.length.name())
    }
}
