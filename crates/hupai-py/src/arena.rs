//! The arena and self-play from Python: hupai's agents by spec and Python agents (objects
//! with `act_batch(batch)`) in the arena's own jobs ([`hupai_ai::arena::Job`]), so the same
//! seed gives the same games and figures as `hupai arena`; self-play also records every
//! decision (encoded observation, mask, action, and the teacher's value of every option when
//! asked and given) with the outcome of its hand and game.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use hupai_ai::arena::{jobs, pool, run_arena, ArenaConfig, Entrant, Job, Length};
use hupai_ai::records::JobRecord;
use hupai_ai::{AgentSpec, BuildOptions};
use hupai_engine::{default_action, Action, Agent, Event, Pai, PlayerView};
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use crate::actions::{action_id, claimed_kind, ids_of, ACTIONS};
use crate::decisions::{Arrays, Batch, RowRef};
use crate::env::load_rules;
use crate::errors::Error;
use crate::features::{self, Encoding, WIDTH};
use crate::labels::{self, Teacher};
use crate::rules::RulesArg;

/// The decisions recorded in one job.
#[derive(Debug, Default)]
struct Rows {
    /// The encoding of `planes` and `scalars`.
    encoding: Encoding,
    decision: Vec<u32>,
    hand: Vec<u16>,
    player: Vec<u8>,
    seat: Vec<u8>,
    action: Vec<u16>,
    planes: Vec<u8>,
    scalars: Vec<f32>,
    mask: Vec<bool>,
    /// The values of every row that has them, one per legal id in ascending id order.
    values: Vec<f32>,
    /// Per row: how many values it has, or -1 for none.
    value_len: Vec<i32>,
    /// Per row: the id the teacher chose, or the id played when the run has no teacher.
    label: Vec<u16>,
}

impl Rows {
    /// What labels the row last pushed: the id learned from it (the teacher's choice, or the
    /// action played) and the values of its options, if any.
    fn push_label(&mut self, label: u16, values: Option<&[f32]>) {
        self.label.push(label);
        match values {
            Some(v) => {
                self.values.extend_from_slice(v);
                self.value_len.push(v.len() as i32);
            }
            None => self.value_len.push(-1),
        }
    }

    fn push(
        &mut self,
        decision: u32,
        hand: u16,
        view: &PlayerView,
        player: usize,
        options: &[Action],
        played: Action,
    ) {
        let enc = self.encoding;
        let start = self.planes.len();
        self.planes.resize(start + enc.planes() * WIDTH, 0);
        let s = self.scalars.len();
        self.scalars.resize(s + enc.scalars(), 0.0);
        enc.encode(view, &mut self.planes[start..], &mut self.scalars[s..]);
        self.push_rest(decision, hand, view, player, options, played);
    }

    fn push_rest(
        &mut self,
        decision: u32,
        hand: u16,
        view: &PlayerView,
        player: usize,
        options: &[Action],
        played: Action,
    ) {
        let m = self.mask.len();
        self.mask.resize(m + ACTIONS, false);
        let mut ids = Vec::with_capacity(options.len());
        ids_of(view, options, &mut ids);
        for &i in &ids {
            self.mask[m + i as usize] = true;
        }
        self.decision.push(decision);
        self.hand.push(hand);
        self.player.push(player as u8);
        self.seat.push(view.seat.index() as u8);
        self.action.push(action_id(played, claimed_kind(view)).unwrap_or(crate::actions::PASS));
    }
}

/// An in-process agent whose every decision is recorded.
struct Recorder {
    inner: Box<dyn Agent>,
    player: usize,
    /// Events seen: the driver shows every event before it asks, so this is the decision
    /// number of the next decision.
    seen: u32,
    rows: Arc<Mutex<Rows>>,
    /// The number of the explanation recorded as each option's value (`ev`): the
    /// teacher's when there is one, else the agent's own.
    values: Option<Arc<str>>,
    /// The agent whose choice and values label the rows (see [`labels`]), if not the agent.
    teacher: Option<Box<dyn Agent>>,
}

impl Agent for Recorder {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        let key = self.values.as_deref();
        let (action, label) = match &mut self.teacher {
            Some(teacher) => {
                let action = self.inner.decide(view, options);
                (action, labels::ask(&mut **teacher, view, options, key))
            }
            None => {
                let own = labels::ask(&mut *self.inner, view, options, key);
                (own.action, own)
            }
        };
        let played = labels::played(options, action);
        let label_id = labels::chosen_id(view, options, label.action);
        let hand = u16::try_from(view.hands.saturating_sub(1)).unwrap_or(u16::MAX);
        let mut rows = self.rows.lock().unwrap_or_else(|p| p.into_inner());
        rows.push(self.seen, hand, view, self.player, options, played);
        rows.push_label(label_id, label.values.as_deref());
        action
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, event: &Event) {
        self.seen += 1;
        if self.inner.observes() {
            self.inner.observe(event);
        }
    }

    fn faults(&self) -> hupai_engine::Faults {
        self.inner.faults()
    }
}

/// An agent entry: a spec, or a Python object with `act_batch`.
enum Entry {
    Spec(AgentSpec),
    Python { object: Py<PyAny>, name: String },
}

/// The agents of a run under `rules`: one a seat at the table (four, or three under
/// three-player rules), or one seated at every seat.
fn read_agents(agents: Vec<Bound<'_, PyAny>>, rules: &hupai_rules::Rules) -> PyResult<Vec<Entry>> {
    let seats = usize::from(rules.players());
    let agents = if agents.len() == 1 { vec![agents[0].clone(); seats] } else { agents };
    if agents.len() != seats {
        return Err(Error::Input(format!(
            "{} agents: rules '{}' seat {}, give one or {}",
            agents.len(),
            rules.name,
            rules.seats().word(),
            rules.seats().word()
        ))
        .into());
    }
    let mut out = Vec::with_capacity(seats);
    for a in agents {
        // hupai's own agent objects sit as their spec (in process, as the CLI seats them).
        let text = match a.cast::<crate::env::PyAgent>() {
            Ok(agent) => Ok(agent.borrow().spec().to_string()),
            Err(_) => a.extract::<String>(),
        };
        if let Ok(text) = text {
            let spec: AgentSpec =
                text.parse().map_err(|e: hupai_ai::SpecError| Error::Input(e.0))?;
            out.push(Entry::Spec(spec));
        } else if a.hasattr("act_batch")? {
            let name = match a.getattr("name") {
                Ok(n) => n.extract::<String>().unwrap_or_else(|_| "python".into()),
                Err(_) => a.get_type().name()?.to_string(),
            };
            out.push(Entry::Python { object: a.unbind(), name });
        } else {
            let t = a.get_type().name()?;
            return Err(Error::Input(format!(
                "an agent is a spec (str) or an object with act_batch(batch), not {t}"
            ))
            .into());
        }
    }
    Ok(out)
}

/// The columns of a self-play run, filled job by job.
#[derive(Debug, Default)]
struct Columns {
    game: Vec<u32>,
    wall: Vec<u32>,
    rotation: Vec<u8>,
    hand: Vec<u16>,
    step: Vec<u32>,
    player: Vec<u8>,
    seat: Vec<u8>,
    agent: Vec<u8>,
    action: Vec<u16>,
    label: Vec<u16>,
    planes: Vec<u8>,
    scalars: Vec<f32>,
    mask: Vec<bool>,
    values: Vec<f32>,
    /// Arrow list offsets of `values` (one more than rows).
    value_offsets: Vec<i32>,
    /// Rows without values (null).
    value_null: Vec<bool>,
    hand_points: Vec<i32>,
    hand_win: Vec<bool>,
    hand_deal_in: Vec<bool>,
    hand_rank: Vec<u8>,
    game_points: Vec<i32>,
    game_rank: Vec<u8>,
}

impl Columns {
    fn add(
        &mut self,
        index: u32,
        wall: u64,
        rotation: u64,
        rows: Rows,
        record: &JobRecord,
        agent_of: &[u8],
    ) {
        // One order whoever answered first: by decision number, then player (the answers
        // to one claim share the decision number).
        let mut order: Vec<usize> = (0..rows.player.len()).collect();
        order.sort_by_key(|&i| (rows.decision[i], rows.player[i]));
        // Where each row's values start.
        let mut value_at = Vec::with_capacity(rows.value_len.len());
        let mut at = 0usize;
        for &n in &rows.value_len {
            value_at.push(at);
            at += n.max(0) as usize;
        }
        if self.value_offsets.is_empty() {
            self.value_offsets.push(0);
        }
        for (step, &i) in order.iter().enumerate() {
            let (p, h) = (rows.player[i] as usize, rows.hand[i] as usize);
            let pr = &record.players[p];
            let hr = pr.hands.get(h).copied().unwrap_or_default();
            self.game.push(index);
            self.wall.push(wall as u32);
            self.rotation.push(rotation as u8);
            self.hand.push(rows.hand[i]);
            self.step.push(step as u32);
            self.player.push(p as u8);
            self.seat.push(rows.seat[i]);
            self.agent.push(agent_of[p]);
            self.action.push(rows.action[i]);
            self.label.push(rows.label[i]);
            self.hand_points.push(hr.points);
            self.hand_win.push(hr.win);
            self.hand_deal_in.push(hr.deal_in);
            let n = rows.value_len.get(i).copied().unwrap_or(-1);
            if n >= 0 {
                let a = value_at[i];
                self.values.extend_from_slice(&rows.values[a..a + n as usize]);
            }
            self.value_null.push(n < 0);
            self.value_offsets.push(self.values.len() as i32);
            self.hand_rank.push(hr.rank);
            self.game_points.push(pr.game_points.unwrap_or(0));
            self.game_rank.push(pr.game_rank.unwrap_or(0));
            let (pw, sw) = (rows.encoding.planes() * WIDTH, rows.encoding.scalars());
            self.planes.extend_from_slice(&rows.planes[i * pw..(i + 1) * pw]);
            self.scalars.extend_from_slice(&rows.scalars[i * sw..(i + 1) * sw]);
            self.mask.extend_from_slice(&rows.mask[i * ACTIONS..(i + 1) * ACTIONS]);
        }
    }
}

/// One job being played, with its recorded rows.
struct Playing {
    index: u32,
    job: Job,
    rows: Option<Arc<Mutex<Rows>>>,
    /// The teachers of the players who answer from Python, by player (the in-process
    /// players' sit in their recorders).
    teachers: Vec<Option<Box<dyn Agent>>>,
}

/// Plays jobs `range` of `config`, Python entrants answering in batches; returns the records
/// (job order) and the columns when `record`.
#[allow(clippy::too_many_arguments)]
fn play(
    py: Python<'_>,
    config: &ArenaConfig,
    seats: &[Entry],
    range: std::ops::Range<usize>,
    record: bool,
    values: Option<&str>,
    teacher: Option<&Teacher>,
    encoding: Encoding,
    window: usize,
    threads: Option<&rayon::ThreadPool>,
) -> PyResult<(Vec<JobRecord>, Option<Columns>)> {
    let (pw, sw) = (encoding.planes() * WIDTH, encoding.scalars());
    let values: Option<Arc<str>> = values.map(Arc::from);
    let seat_count = config.seats();
    let all = jobs(config);
    let chosen: Vec<(usize, (u64, u64))> =
        all.into_iter().enumerate().skip(range.start).take(range.len()).collect();
    let mut records = Vec::with_capacity(chosen.len());
    let mut columns = record.then(Columns::default);
    for wave in chosen.chunks(window.max(1)) {
        let mut playing: Vec<Playing> =
            py.detach(|| {
                within(threads, || {
                    wave.par_iter()
                        .map(|&(index, (wall, rotation))| {
                            let rows = record.then(|| {
                                Arc::new(Mutex::new(Rows { encoding, ..Rows::default() }))
                            });
                            let shared = rows.clone();
                            let mut teachers: Vec<Option<Box<dyn Agent>>> = match teacher {
                                Some(t) if record => (0..seat_count)
                                    .map(|player| {
                                        let seed =
                                            teacher_seed(config.seed, wall, rotation, player);
                                        t.build(&config.rules, seed, player).map(Some)
                                    })
                                    .collect::<Result<_, Error>>()?,
                                _ => (0..seat_count).map(|_| None).collect(),
                            };
                            let job = Job::with_agents(config, wall, rotation, |player, agent| {
                                match &shared {
                                    Some(rows) => Box::new(Recorder {
                                        inner: agent,
                                        player,
                                        seen: 0,
                                        rows: rows.clone(),
                                        values: values.clone(),
                                        teacher: teachers[player].take(),
                                    }),
                                    None => agent,
                                }
                            })
                            .map_err(|e| Error::Input(e.to_string()))?;
                            Ok(Playing { index: index as u32, job, rows, teachers })
                        })
                        .collect::<Result<Vec<_>, Error>>()
                })
            })?;
        loop {
            py.detach(|| {
                within(threads, || {
                    playing
                        .par_iter_mut()
                        .try_for_each(|p| p.job.play().map_err(|e| Error::Input(e.to_string())))
                })
            })?;
            // The external prompts, by entrant.
            let mut groups: Vec<(usize, Arrays)> = Vec::new();
            for (e, seat) in seats.iter().enumerate() {
                if !matches!(seat, Entry::Python { .. }) {
                    continue;
                }
                let mut refs = Vec::new();
                for (j, p) in playing.iter().enumerate() {
                    let rotation = p.job.place().1 as usize;
                    for prompt in p.job.driver().prompts() {
                        if p.job.is_external(prompt.player)
                            && (prompt.player + rotation) % seat_count == e
                        {
                            refs.push(RowRef {
                                game: j as u32,
                                player: prompt.player as u8,
                                seat: prompt.seat.index() as u8,
                                decision: prompt.decision as u32,
                                view: prompt.view,
                                options: prompt.options,
                            });
                        }
                    }
                }
                if !refs.is_empty() {
                    let arrays =
                        py.detach(|| within(threads, || Arrays::build(&refs, Some(encoding))));
                    groups.push((e, arrays));
                }
            }
            if groups.is_empty() {
                break;
            }
            for (e, arrays) in groups {
                let Entry::Python { object, .. } = &seats[e] else { continue };
                let rows: Vec<(u32, u8)> =
                    arrays.game.iter().copied().zip(arrays.player.iter().copied()).collect();
                let offsets = arrays.offsets.clone();
                let decisions = arrays.decision.clone();
                let legal = arrays.legal_ids.clone();
                let options = arrays.options.clone();
                let (planes, scalars) = if record {
                    (arrays.planes.clone(), arrays.scalars.clone())
                } else {
                    (Vec::new(), Vec::new())
                };
                let batch = Bound::new(py, Batch::new(py, arrays, Some(encoding), None)?)?;
                let t0 = Instant::now();
                let answer = object.bind(py).call_method1("act_batch", (batch,))?;
                let ids = read_ids(py, &answer, rows.len())?;
                let nanos = (t0.elapsed().as_nanos() as u64) / rows.len().max(1) as u64;
                for (i, (&(j, player), &id)) in rows.iter().zip(&ids).enumerate() {
                    let (a, b) = (offsets[i] as usize, offsets[i + 1] as usize);
                    let found = legal[a..b].iter().position(|&l| i64::from(l) == id);
                    // An id that is not legal is answered with a tile no seat holds: the job
                    // counts it as illegal and plays the default, as the arena does.
                    let action = found
                        .map_or(Action::Discard { pai: Pai::HIDDEN, tsumogiri: false }, |k| {
                            options[a + k]
                        });
                    let p = &mut playing[j as usize];
                    if let Some(rows) = &p.rows {
                        let played = found
                            .map_or_else(|| default_action(&options[a..b]), |k| options[a + k]);
                        let view = p.job.driver().view_of(player as usize);
                        let (label, label_values) = match &mut p.teachers[player as usize] {
                            Some(t) => {
                                let l =
                                    labels::ask(&mut **t, view, &options[a..b], values.as_deref());
                                (labels::chosen_id(view, &options[a..b], l.action), l.values)
                            }
                            None => (labels::chosen_id(view, &options[a..b], played), None),
                        };
                        let hand = p.job.driver().game().hands_played() as u16;
                        let mut rows = rows.lock().unwrap_or_else(|x| x.into_inner());
                        rows.planes.extend_from_slice(&planes[i * pw..(i + 1) * pw]);
                        rows.scalars.extend_from_slice(&scalars[i * sw..(i + 1) * sw]);
                        let decision = decisions[i];
                        rows.push_rest(
                            decision,
                            hand,
                            view,
                            player as usize,
                            &options[a..b],
                            played,
                        );
                        rows.push_label(label, label_values.as_deref());
                    }
                    p.job
                        .answer(player as usize, action, nanos)
                        .map_err(|e| Error::Input(e.to_string()))?;
                }
            }
        }
        for p in playing {
            let (wall, rotation) = p.job.place();
            // The entrant at each player: the config's order turned by the rotation.
            let agent_of: Vec<u8> = (0..seat_count)
                .map(|player| ((player + rotation as usize) % seat_count) as u8)
                .collect();
            let record = p.job.finish().map_err(|e| Error::Input(e.to_string()))?;
            if let (Some(cols), Some(rows)) = (columns.as_mut(), p.rows) {
                let rows = std::mem::take(&mut *rows.lock().unwrap_or_else(|x| x.into_inner()));
                cols.add(p.index, wall, rotation, rows, &record, &agent_of);
            }
            records.push(record);
        }
    }
    Ok((records, columns))
}

/// The seed of a teacher at `player` of the job at `wall` and `rotation`: fixed by the run's
/// seed and the job, apart from the seats' own agents' seeds.
fn teacher_seed(seed: u64, wall: u64, rotation: u64, player: usize) -> u64 {
    (seed ^ 0x7465_6163_6865_7221)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(wall.wrapping_mul(0xBF58_476D_1CE4_E5B9))
        .wrapping_add(rotation * 4 + player as u64 + 1)
}

/// Runs `f` on `pool` when given.
fn within<R: Send>(pool: Option<&rayon::ThreadPool>, f: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(p) => p.install(f),
        None => f(),
    }
}

/// The ids a Python agent answered: a sequence or an array of `n` integers.
fn read_ids(py: Python<'_>, answer: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let np = py.import("numpy")?;
    let array = np.call_method1("asarray", (answer,))?;
    let ids: Vec<i64> = array
        .call_method1("astype", ("int64",))?
        .call_method0("ravel")?
        .call_method0("tolist")?
        .extract()
        .map_err(|_| Error::Input("act_batch must return integer action ids".into()))?;
    if ids.len() != n {
        return Err(
            Error::Input(format!("act_batch returned {} ids for {n} rows", ids.len())).into()
        );
    }
    Ok(ids)
}

/// A pool of `threads` threads (0: none, rayon's global pool).
fn thread_pool(threads: usize) -> Result<Option<rayon::ThreadPool>, Error> {
    if threads == 0 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map(Some)
        .map_err(|e| Error::Input(format!("cannot start {threads} threads: {e}")))
}

fn config_of(
    rules: hupai_rules::Rules,
    seats: &[Entry],
    games: Option<u64>,
    hands: Option<u64>,
    seed: u64,
    duplicate: bool,
    threads: usize,
) -> Result<ArenaConfig, Error> {
    let entrants: Vec<Entrant> = seats
        .iter()
        .map(|s| match s {
            Entry::Spec(spec) => Entrant::spec(spec.clone(), BuildOptions::default()),
            Entry::Python { name, .. } => Entrant::external(name),
        })
        .collect();
    let mut config = ArenaConfig::new(rules, entrants, seed);
    config.length = match (games, hands) {
        (Some(g), None) => Length::Games(g),
        (None, Some(h)) => Length::Hands(h),
        _ => return Err(Error::Input("give games=N or hands=N (one of them)".into())),
    };
    config.duplicate = duplicate;
    config.threads = threads;
    Ok(config)
}

/// Runs an arena (see `hupai.arena`); returns the `hupai arena --json` object as JSON text.
#[pyfunction]
#[pyo3(signature = (agents, rules = RulesArg::riichi(), games = None, hands = None, seed = 0, duplicate = false, threads = 0, window = 256, batch = 256, encoding = "hupai-v4"))]
#[allow(clippy::too_many_arguments)]
pub fn _arena(
    py: Python<'_>,
    agents: Vec<Bound<'_, PyAny>>,
    rules: RulesArg,
    games: Option<u64>,
    hands: Option<u64>,
    seed: u64,
    duplicate: bool,
    threads: usize,
    window: usize,
    batch: usize,
    encoding: &str,
) -> PyResult<String> {
    let encoding = features::encoding(encoding)?;
    let rules = load_rules(&rules)?;
    let seats = read_agents(agents, &rules)?;
    let mut config = config_of(rules, &seats, games, hands, seed, duplicate, threads)?;
    config.batch = batch;
    if seats.iter().all(|s| matches!(s, Entry::Spec(_))) {
        let result =
            py.detach(|| run_arena(&config, &|_| {})).map_err(|e| Error::Input(e.to_string()))?;
        return Ok(result.to_json());
    }
    let n = jobs(&config).len();
    let t0 = Instant::now();
    let pool_threads = thread_pool(threads)?;
    let (records, _) = play(
        py,
        &config,
        &seats,
        0..n,
        false,
        None,
        None,
        encoding,
        window,
        pool_threads.as_ref(),
    )?;
    Ok(pool(&config, &records, t0.elapsed().as_secs_f64()).to_json())
}

/// Self-play (see `hupai.self_play`): plays jobs `start..stop` and returns the arena figures of
/// those jobs (JSON text), the agent names and the columns as numpy arrays. With `values`
/// (a number's name, `ev`), each in-process agent is asked to explain its decisions and that
/// number of each option is recorded. With `teacher` (an agent spec), that agent is asked at
/// every recorded decision, whoever plays it, and its choice (`label`) and values are
/// recorded.
#[pyfunction]
#[pyo3(signature = (agents, rules = RulesArg::riichi(), games = None, hands = None, seed = 0, duplicate = false, start = 0, stop = None, threads = 0, window = 256, values = None, encoding = "hupai-v4", teacher = None))]
#[allow(clippy::too_many_arguments)]
pub fn _self_play<'py>(
    py: Python<'py>,
    agents: Vec<Bound<'py, PyAny>>,
    rules: RulesArg,
    games: Option<u64>,
    hands: Option<u64>,
    seed: u64,
    duplicate: bool,
    start: usize,
    stop: Option<usize>,
    threads: usize,
    window: usize,
    values: Option<String>,
    encoding: &str,
    teacher: Option<String>,
) -> PyResult<(String, Vec<String>, Bound<'py, PyDict>)> {
    let encoding = features::encoding(encoding)?;
    let rules = load_rules(&rules)?;
    let teacher = teacher.map(|t| Teacher::new(&t, &rules)).transpose()?;
    let seats = read_agents(agents, &rules)?;
    let config = config_of(rules, &seats, games, hands, seed, duplicate, threads)?;
    let n = jobs(&config).len();
    let stop = stop.unwrap_or(n);
    if start > stop || stop > n {
        return Err(Error::Input(format!("jobs {start}..{stop}: the run has jobs 0..{n}")).into());
    }
    let t0 = Instant::now();
    let pool_threads = thread_pool(threads)?;
    let (records, columns) = play(
        py,
        &config,
        &seats,
        start..stop,
        true,
        values.as_deref(),
        teacher.as_ref(),
        encoding,
        window,
        pool_threads.as_ref(),
    )?;
    let figures = pool(&config, &records, t0.elapsed().as_secs_f64()).to_json();
    let names = config.agents.iter().map(|e| e.name.clone()).collect();
    let c = columns.unwrap_or_default();
    let d = PyDict::new(py);
    let rows = c.player.len();
    d.set_item("game", c.game.into_pyarray(py))?;
    d.set_item("wall", c.wall.into_pyarray(py))?;
    d.set_item("rotation", c.rotation.into_pyarray(py))?;
    d.set_item("hand", c.hand.into_pyarray(py))?;
    d.set_item("step", c.step.into_pyarray(py))?;
    d.set_item("player", c.player.into_pyarray(py))?;
    d.set_item("seat", c.seat.into_pyarray(py))?;
    d.set_item("agent", c.agent.into_pyarray(py))?;
    d.set_item("action", c.action.into_pyarray(py))?;
    d.set_item("label", c.label.into_pyarray(py))?;
    d.set_item("planes", c.planes.into_pyarray(py))?;
    d.set_item("scalars", c.scalars.into_pyarray(py))?;
    d.set_item("mask", c.mask.into_pyarray(py))?;
    let mut value_offsets = c.value_offsets;
    if value_offsets.is_empty() {
        value_offsets.push(0);
    }
    d.set_item("values", c.values.into_pyarray(py))?;
    d.set_item("value_offsets", value_offsets.into_pyarray(py))?;
    d.set_item("value_null", c.value_null.into_pyarray(py))?;
    d.set_item("hand_points", c.hand_points.into_pyarray(py))?;
    d.set_item("hand_win", c.hand_win.into_pyarray(py))?;
    d.set_item("hand_deal_in", c.hand_deal_in.into_pyarray(py))?;
    d.set_item("hand_rank", c.hand_rank.into_pyarray(py))?;
    d.set_item("game_points", c.game_points.into_pyarray(py))?;
    d.set_item("game_rank", c.game_rank.into_pyarray(py))?;
    d.set_item("rows", rows)?;
    Ok((figures, names, d))
}

/// The functions, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_arena, m)?)?;
    m.add_function(wrap_pyfunction!(_self_play, m)?)?;
    Ok(())
}
