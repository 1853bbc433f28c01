//! `VecEnv`: many matches stepped in Rust, one batch of decisions per model call.

use std::sync::{Mutex, MutexGuard};

use hupai_engine::Action;
use hupai_rules::Rules as CoreRules;
use numpy::PyReadonlyArray1;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::decisions::{Arrays, Batch, OpenRows, PerEnv};
use crate::env::load_rules;
use crate::errors::Error;
use crate::features::{self, Encoding};
use crate::rules::RulesArg;
use crate::table::{seating, Length, Seating, Table};

/// What one environment's step gave: whether its match ended, the score changes, the final
/// scores (by player; at a three-player table the fourth slot stays 0 and is left out of
/// the batch).
type Stepped = (bool, [f32; 4], [i32; 4]);

/// One answer read from a row: the player, its decision number and the option.
type Answer = (usize, usize, Action);

/// The answers of one environment (at most one a player, so at most four) and how many there
/// are.
type Answers = ([Answer; 4], usize);

#[derive(Debug)]
struct Slot {
    table: Table,
    /// Matches this environment has started.
    games: u64,
    /// Scores by player at the last batch.
    last_scores: [i32; 4],
    /// The decisions open now, listed when the slot was stepped.
    open: OpenRows,
}

impl Slot {
    fn new(table: Table) -> Slot {
        let last_scores = table.driver.game().player_scores().into_array();
        let mut slot = Slot { table, games: 1, last_scores, open: OpenRows::default() };
        slot.open.fill(slot.table.python_prompts());
        slot
    }
}

#[derive(Debug)]
struct VecState {
    n: usize,
    rules: CoreRules,
    length: Length,
    seating: Seating,
    seed: u64,
    /// The encoding of the observations (None: masks only).
    features: Option<Encoding>,
    slots: Vec<Slot>,
    /// The rows of the last batch, whose answers `step` reads.
    last: Open,
    pool: Pool,
    decisions: u64,
    games_done: u64,
}

impl VecState {
    fn game_seed(&self, env: usize, game: u64) -> u64 {
        let n = self.n.max(1) as u64;
        self.seed.wrapping_add(env as u64).wrapping_add(game.wrapping_mul(n))
    }
}

/// Runs `f` where `pool` says the work goes: on this thread with one thread (no hand-over at
/// all), else inside the pool, entered once per call so that the phases of a step meet on the
/// pool's own threads instead of handing over to and from the caller each time.
fn install<R: Send>(pool: &Pool, f: impl FnOnce() -> R + Send) -> R {
    match pool {
        Pool::Caller => f(),
        Pool::Own(p) => p.install(f),
        Pool::Global => rayon::scope(|_| f()),
    }
}

/// The decisions of the last batch, as handed out: a copy of its rows' environments,
/// players, decision numbers, legal ids and options (a few bytes a row), so that reading the
/// answers looks the ids up in the list the batch was made from instead of listing and
/// numbering every prompt's options again.
#[derive(Debug, Default)]
struct Open {
    game: Vec<u32>,
    player: Vec<u8>,
    decision: Vec<u32>,
    ids: Vec<u16>,
    offsets: Vec<u32>,
    options: Vec<Action>,
}

impl Open {
    fn of(a: &Arrays) -> Open {
        Open {
            game: a.game.clone(),
            player: a.player.clone(),
            decision: a.decision.clone(),
            ids: a.legal_ids.clone(),
            offsets: a.offsets.clone(),
            options: a.options.clone(),
        }
    }

    fn len(&self) -> usize {
        self.game.len()
    }

    /// The answers of every environment (`n` of them) to `actions`, one id per row, or the
    /// first row's error.
    fn answers(&self, actions: &[i64], n: usize) -> Result<Vec<Answers>, Error> {
        let mut out: Vec<Answers> = vec![([(0, 0, Action::Pass); 4], 0); n];
        for (row, &id) in actions.iter().enumerate() {
            let (e, player) = (self.game[row] as usize, self.player[row]);
            let (a, b) = (self.offsets[row] as usize, self.offsets[row + 1] as usize);
            let legal = (0..crate::actions::ACTIONS as i64).contains(&id);
            let at = self.ids[a..b].iter().position(|&x| legal && i64::from(x) == id);
            let Some(at) = at else {
                let m = if legal {
                    let name = crate::actions::action_name(id as u16).unwrap_or_default();
                    format!("action {id} ({name}) is not a legal option of player {player} now")
                } else {
                    format!("action id {id}: ids are 0..{}", crate::actions::ACTIONS)
                };
                return Err(Error::Action(format!("row {row} (environment {e}): {m}")));
            };
            let slot = &mut out[e];
            if slot.1 == slot.0.len() {
                return Err(Error::Env(format!(
                    "row {row}: environment {e} has more rows than players"
                )));
            }
            slot.0[slot.1] =
                (usize::from(player), self.decision[row] as usize, self.options[a + at]);
            slot.1 += 1;
        }
        Ok(out)
    }
}

/// Maps every slot through `f`, on the current pool's threads when `parallel`.
fn map_slots<T: Send>(
    slots: &mut [Slot],
    parallel: bool,
    f: impl Fn(usize, &mut Slot) -> T + Sync + Send,
) -> Vec<T> {
    if parallel {
        slots.par_iter_mut().enumerate().map(|(e, slot)| f(e, slot)).collect()
    } else {
        slots.iter_mut().enumerate().map(|(e, slot)| f(e, slot)).collect()
    }
}

/// The arrays of the decisions open now in `slots` (each listed its own when it was stepped):
/// copied together, then the features encoded (in parallel when `parallel`).
fn open_arrays(slots: &[Slot], features: Option<Encoding>, parallel: bool) -> Arrays {
    let parts: Vec<&OpenRows> = slots.iter().map(|s| &s.open).collect();
    let mut arrays = Arrays::assemble(&parts);
    if let Some(encoding) = features {
        let views: Vec<_> =
            slots.iter().flat_map(|s| s.table.python_prompts().map(|p| p.view)).collect();
        arrays.encode_all(encoding, &views, parallel);
    }
    arrays
}

/// Where a `VecEnv` steps its matches.
#[derive(Debug)]
enum Pool {
    /// On the calling thread (one thread).
    Caller,
    /// On its own pool of this many threads.
    Own(rayon::ThreadPool),
    /// On rayon's global pool (one thread per core).
    Global,
}

impl Pool {
    /// Whether the work is split over threads.
    fn parallel(&self) -> bool {
        !matches!(self, Pool::Caller)
    }
}

/// ``n`` matches stepped together in Rust: ``reset()`` and ``step(actions)`` return one
/// ``Batch`` of every player who must decide in any of them (``game`` is the environment's
/// index), so one model call answers all; ``step`` takes one action id per row of the last
/// batch. A match that ends starts again at once with the environment's next seed
/// (environment ``i``'s ``k``-th match is played from ``seed + i + k * n``); the batch then says
/// ``done[i]`` and gives its ``final_scores``. Rust steps the matches on ``threads`` threads
/// (0: all cores; 1: the calling thread, no hand-over) with the GIL released. ``agents`` and
/// ``length`` and ``encoding`` are as for ``MahjongEnv``; ``features=False`` leaves out the
/// planes and scalars (masks only).
///
/// Every environment of a ``VecEnv`` plays the same rules, so the same number of players:
/// ``players`` (4, or 3 under three-player rules such as ``"sanma"``; a mix of three- and
/// four-player tables takes two ``VecEnv``). The arrays by player are shaped by it: the
/// batch's ``rewards`` and ``final_scores`` are ``(n, players)``, ``scores()`` has ``players``
/// entries per environment, and ``player`` and ``seat`` by row are below ``players``.
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
/// >>> sanma = hupai.VecEnv(2, "sanma", seed=1, length="hand")
/// >>> b = sanma.reset()
/// >>> sanma.players, b.rewards.shape, int(b.player.max()) < 3
/// (3, (2, 3), True)
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
    #[pyo3(signature = (n, rules = RulesArg::riichi(), length = "full", seed = 0, agents = None, features = true, threads = 0, encoding = "hupai-v4"))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    fn new(
        n: usize,
        rules: RulesArg,
        length: &str,
        seed: u64,
        agents: Option<Vec<Option<String>>>,
        features: bool,
        threads: usize,
        encoding: &str,
    ) -> PyResult<VecEnv> {
        let encoding = features::encoding(encoding)?;
        if n == 0 {
            return Err(Error::Input("a VecEnv needs at least one environment".into()).into());
        }
        let rules = load_rules(&rules)?;
        let seating = seating(agents, &rules)?;
        if seating.iter().all(|s| s.is_some()) {
            return Err(Error::Input(
                "every player is an agent: leave one to Python (None)".into(),
            )
            .into());
        }
        let pool = match threads {
            0 => Pool::Global,
            1 => Pool::Caller,
            _ => Pool::Own(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| Error::Input(format!("cannot start {threads} threads: {e}")))?,
            ),
        };
        let state = VecState {
            n,
            rules,
            length: Length::parse(length)?,
            seating,
            seed,
            features: features.then_some(encoding),
            slots: Vec::with_capacity(n),
            last: Open::default(),
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
        let (rules, length, seating, features) = (&s.rules, s.length, &s.seating, s.features);
        let parallel = s.pool.parallel();
        let pool = &s.pool;
        let made: Result<(Vec<Slot>, Arrays), Error> = py.detach(|| {
            install(pool, || {
                let new = |&seed: &u64| Ok(Slot::new(Table::new(rules, length, seating, seed)?));
                let slots: Result<Vec<Slot>, Error> = if parallel {
                    seeds.par_iter().map(new).collect()
                } else {
                    seeds.iter().map(new).collect()
                };
                let slots = slots?;
                let arrays = open_arrays(&slots, features, parallel);
                Ok((slots, arrays))
            })
        });
        let (slots, arrays) = made?;
        s.slots = slots;
        s.last = Open::of(&arrays);
        s.games_done = 0;
        s.decisions += arrays.len() as u64;
        let per_env = PerEnv {
            players: usize::from(s.rules.players()),
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
        if actions.len() != s.last.len() {
            return Err(Error::Action(format!(
                "{} actions for a batch of {} rows",
                actions.len(),
                s.last.len()
            ))
            .into());
        }
        // Every action is read before any is applied. Row order is environment order, and
        // within one environment the order of its prompts.
        let n = s.slots.len();
        let chosen = s.last.answers(&actions, n)?;
        let seeds: Vec<u64> = (0..n).map(|e| s.game_seed(e, s.slots[e].games)).collect();
        let parallel = s.pool.parallel();
        let (rules, length, seating, features) = (&s.rules, s.length, &s.seating, s.features);
        let (pool, slots) = (&s.pool, &mut s.slots);
        // One entry into the pool per step: applying the answers and building the next batch
        // are phases of the same job.
        let stepped: Result<(Vec<Stepped>, Arrays), Error> = py.detach(|| {
            install(pool, || {
                let results: Vec<Result<Stepped, Error>> = map_slots(slots, parallel, |e, slot| {
                    let answers = &chosen[e];
                    for &(p, decision, action) in &answers.0[..answers.1] {
                        slot.table.answer_at(p, decision, action)?;
                    }
                    slot.table.run_agents()?;
                    let scores = slot.table.driver.game().player_scores().into_array();
                    let reward = std::array::from_fn(|p| (scores[p] - slot.last_scores[p]) as f32);
                    let stepped = if slot.table.driver.is_over() {
                        slot.table.restart(rules, length, seating, seeds[e])?;
                        slot.games += 1;
                        slot.last_scores = slot.table.driver.game().player_scores().into_array();
                        (true, reward, scores)
                    } else {
                        slot.last_scores = scores;
                        (false, reward, [0; 4])
                    };
                    slot.open.fill(slot.table.python_prompts());
                    Ok(stepped)
                });
                let results: Vec<Stepped> = results.into_iter().collect::<Result<_, _>>()?;
                let arrays = open_arrays(slots, features, parallel);
                Ok((results, arrays))
            })
        });
        let (results, arrays) = stepped?;
        let mut per_env = PerEnv {
            players: usize::from(s.rules.players()),
            rewards: Vec::with_capacity(n),
            done: Vec::with_capacity(n),
            final_scores: Vec::with_capacity(n),
        };
        for (done, reward, finals) in results {
            s.games_done += u64::from(done);
            per_env.done.push(done);
            per_env.rewards.push(reward);
            per_env.final_scores.push(finals);
        }
        s.last = Open::of(&arrays);
        s.decisions += arrays.len() as u64;
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

    /// Scores by player of every environment's match now: one list an environment, one score
    /// a player (``players`` of them).
    fn scores(&self) -> Vec<Vec<i32>> {
        self.lock().slots.iter().map(|s| s.table.driver.game().player_scores().to_vec()).collect()
    }

    /// Players at each table: 4, or 3 under three-player rules (every environment plays the
    /// same rules).
    #[getter]
    fn players(&self) -> usize {
        usize::from(self.lock().rules.players())
    }

    /// The full mjai log of environment ``i``'s match so far, as dicts.
    fn mjai_log<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let s = self.lock();
        let slot = s.slots.get(i).ok_or_else(|| Error::Input(format!("no environment {i}")))?;
        slot.table.driver.record().iter().map(|e| crate::to_python::to_python(py, e)).collect()
    }

    fn __repr__(&self) -> String {
        let s = self.lock();
        format!(
            "VecEnv(n={}, rules={:?}, players={}, length={:?})",
            s.n,
            s.rules.name,
            s.rules.players(),
            s.length.name()
        )
    }
}
