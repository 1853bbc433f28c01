//! A batch of decisions for one model call: every row a player who must decide, with its
//! encoded observation, its mask and its legal ids, built in parallel with the GIL released.

use hupai_engine::{Action, PlayerView};
use numpy::ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::actions::{action_id, claimed_kind, ACTIONS, PASS};
use crate::errors::Error;
use crate::features::{Encoding, WIDTH};
use crate::to_python::to_python;

/// One row to build: who decides, what it knows, what it may do.
#[derive(Clone, Copy, Debug)]
pub struct RowRef<'a> {
    /// The game (environment or job) index.
    pub game: u32,
    /// The player.
    pub player: u8,
    /// Its seat.
    pub seat: u8,
    /// The decision number.
    pub decision: u32,
    /// Its view.
    pub view: &'a PlayerView,
    /// Its options.
    pub options: &'a [Action],
}

/// One game's open decisions, listed where the game is stepped (in parallel with the other
/// games) into buffers that keep their capacity from step to step; [`Arrays::assemble`] then
/// only copies them into the batch.
#[derive(Debug, Default)]
pub struct OpenRows {
    /// Per row: player, seat, decision number, number of options.
    rows: Vec<(u8, u8, u32, u32)>,
    /// The legal ids of all rows, in option order.
    ids: Vec<u16>,
    /// The options of all rows.
    options: Vec<Action>,
}

impl OpenRows {
    /// Lists `prompts` (a game's open decisions), replacing what was there.
    pub fn fill<'a>(&mut self, prompts: impl Iterator<Item = hupai_engine::Prompt<'a>>) {
        self.rows.clear();
        self.ids.clear();
        self.options.clear();
        for p in prompts {
            let claimed = claimed_kind(p.view);
            // Every option the engine gives has an id (the tests check every preset).
            self.ids.extend(p.options.iter().map(|&o| action_id(o, claimed).unwrap_or(PASS)));
            self.options.extend_from_slice(p.options);
            let n = p.options.len() as u32;
            self.rows.push((p.player as u8, p.seat.index() as u8, p.decision as u32, n));
        }
    }

    /// Rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

/// The arrays of a batch, built in Rust.
#[derive(Debug, Default)]
pub struct Arrays {
    /// Game index by row.
    pub game: Vec<u32>,
    /// Player by row.
    pub player: Vec<u8>,
    /// Seat by row.
    pub seat: Vec<u8>,
    /// Decision number by row.
    pub decision: Vec<u32>,
    /// Planes, `rows * planes * 34` of the encoding (empty without features).
    pub planes: Vec<u8>,
    /// Scalars, `rows * scalars` of the encoding (empty without features).
    pub scalars: Vec<f32>,
    /// Masks, `rows * ACTIONS`.
    pub mask: Vec<bool>,
    /// Legal ids of all rows, in option order.
    pub legal_ids: Vec<u16>,
    /// Row `i`'s ids are `legal_ids[offsets[i]..offsets[i + 1]]`.
    pub offsets: Vec<u32>,
    /// The options of every row, in the order of `legal_ids`.
    pub options: Vec<Action>,
}

impl Arrays {
    /// Builds the arrays of `rows` (features of the encoding `features`, if any), in parallel.
    pub fn build(rows: &[RowRef<'_>], features: Option<Encoding>) -> Arrays {
        let n = rows.len();
        let mut a = Arrays {
            game: rows.iter().map(|r| r.game).collect(),
            player: rows.iter().map(|r| r.player).collect(),
            seat: rows.iter().map(|r| r.seat).collect(),
            decision: rows.iter().map(|r| r.decision).collect(),
            mask: vec![false; n * ACTIONS],
            offsets: Vec::with_capacity(n + 1),
            ..Arrays::default()
        };
        // Every option has exactly one id: the ids of a row take as many slots as its options.
        a.offsets.push(0);
        for r in rows {
            a.options.extend_from_slice(r.options);
            a.offsets.push(a.options.len() as u32);
        }
        a.legal_ids = vec![0u16; a.options.len()];
        let mut ids: Vec<&mut [u16]> = Vec::with_capacity(n);
        let mut rest = &mut a.legal_ids[..];
        for r in rows {
            let (head, tail) = rest.split_at_mut(r.options.len());
            ids.push(head);
            rest = tail;
        }
        let (pw, sw) = features.map_or((0, 0), |e| (e.planes() * WIDTH, e.scalars()));
        a.planes = vec![0u8; n * pw];
        a.scalars = vec![0f32; n * sw];
        let one = |r: &RowRef<'_>,
                   mask: &mut [bool],
                   ids: &mut [u16],
                   planes: &mut [u8],
                   scalars: &mut [f32]| {
            let claimed = claimed_kind(r.view);
            for (slot, &o) in ids.iter_mut().zip(r.options) {
                // Every option the engine gives has an id (the tests check every preset).
                let id = action_id(o, claimed).unwrap_or(PASS);
                *slot = id;
                mask[id as usize] = true;
            }
            if let Some(e) = features {
                e.encode(r.view, planes, scalars);
            }
        };
        if n >= 64 {
            let planes: Vec<&mut [u8]> = if features.is_some() {
                a.planes.chunks_mut(pw).collect()
            } else {
                (0..n).map(|_| &mut [][..]).collect()
            };
            let scalars: Vec<&mut [f32]> = if features.is_some() {
                a.scalars.chunks_mut(sw).collect()
            } else {
                (0..n).map(|_| &mut [][..]).collect()
            };
            rows.par_iter()
                .zip(a.mask.par_chunks_mut(ACTIONS))
                .zip(ids.into_par_iter())
                .zip(planes.into_par_iter().zip(scalars.into_par_iter()))
                .for_each(|(((r, mask), ids), (planes, scalars))| {
                    one(r, mask, ids, planes, scalars)
                });
        } else {
            let mut planes = a.planes.chunks_mut(pw.max(1));
            let mut scalars = a.scalars.chunks_mut(sw.max(1));
            for ((r, mask), ids) in rows.iter().zip(a.mask.chunks_mut(ACTIONS)).zip(ids) {
                let p = planes.next().unwrap_or_default();
                let s = scalars.next().unwrap_or_default();
                one(r, mask, ids, p, s);
            }
        }
        a
    }

    /// The arrays of the games' open rows (`parts[g]` is game `g`'s), in game order, without
    /// features; only copies (and sets each row's mask from its ids).
    pub fn assemble(parts: &[&OpenRows]) -> Arrays {
        let n: usize = parts.iter().map(|p| p.rows.len()).sum();
        let ids: usize = parts.iter().map(|p| p.ids.len()).sum();
        let mut a = Arrays {
            game: Vec::with_capacity(n),
            player: Vec::with_capacity(n),
            seat: Vec::with_capacity(n),
            decision: Vec::with_capacity(n),
            mask: vec![false; n * ACTIONS],
            legal_ids: Vec::with_capacity(ids),
            offsets: Vec::with_capacity(n + 1),
            options: Vec::with_capacity(ids),
            ..Arrays::default()
        };
        a.offsets.push(0);
        let mut masks = a.mask.chunks_exact_mut(ACTIONS);
        for (g, part) in parts.iter().enumerate() {
            let mut at = 0;
            for &(player, seat, decision, k) in &part.rows {
                a.game.push(g as u32);
                a.player.push(player);
                a.seat.push(seat);
                a.decision.push(decision);
                let row_ids = &part.ids[at..at + k as usize];
                if let Some(mask) = masks.next() {
                    for &id in row_ids {
                        mask[id as usize] = true;
                    }
                }
                at += k as usize;
                a.offsets.push((a.legal_ids.len() + at) as u32);
            }
            a.legal_ids.extend_from_slice(&part.ids);
            a.options.extend_from_slice(&part.options);
        }
        a
    }

    /// Adds the planes and scalars of `encoding` of `views` (one per row, in row order), in
    /// parallel on the current rayon pool when `parallel`.
    pub fn encode_all(&mut self, encoding: Encoding, views: &[&PlayerView], parallel: bool) {
        let n = views.len();
        let (pw, sw) = (encoding.planes() * WIDTH, encoding.scalars());
        self.planes = vec![0u8; n * pw];
        self.scalars = vec![0f32; n * sw];
        let rows = self.planes.chunks_mut(pw).zip(self.scalars.chunks_mut(sw));
        if parallel && n >= 64 {
            let rows: Vec<_> = rows.collect();
            rows.into_par_iter()
                .zip(views.par_iter())
                .for_each(|((planes, scalars), view)| encoding.encode(view, planes, scalars));
        } else {
            for ((planes, scalars), view) in rows.zip(views) {
                encoding.encode(view, planes, scalars);
            }
        }
    }

    /// Rows.
    pub fn len(&self) -> usize {
        self.player.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.player.is_empty()
    }
}

/// The decisions one model call answers: row ``i`` is player ``player[i]`` of game
/// ``game[i]`` (an environment of a ``VecEnv``, a job of an arena), its ``hupai-v4``
/// observation ``planes[i]``, ``scalars[i]`` (``None`` when built without features), its
/// ``mask[i]``, and its legal ids ``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]`` in the
/// driver's order. A ``VecEnv`` batch also carries, per environment, the score changes since
/// the last batch (``rewards``), whether its match ended (``done``, reset automatically) and
/// the final scores of the ones that did (``final_scores``).
///
/// >>> venv = hupai.VecEnv(4, "riichi", seed=1)
/// >>> b = venv.reset()
/// >>> len(b), b.planes.shape[1:], b.mask.shape[1]
/// (4, (73, 34), 728)
#[pyclass(frozen, module = "hupai", name = "Batch")]
#[derive(Debug)]
pub struct Batch {
    rows: usize,
    game: Py<PyArray1<u32>>,
    player: Py<PyArray1<u8>>,
    seat: Py<PyArray1<u8>>,
    decision: Py<PyArray1<u32>>,
    planes: Option<Py<PyArray3<u8>>>,
    scalars: Option<Py<PyArray2<f32>>>,
    mask: Py<PyArray2<bool>>,
    legal_ids: Py<PyArray1<u16>>,
    legal_offsets: Py<PyArray1<u32>>,
    options: Vec<Action>,
    offsets: Vec<u32>,
    rewards: Option<Py<PyArray2<f32>>>,
    done: Option<Py<PyArray1<bool>>>,
    final_scores: Option<Py<PyArray2<i32>>>,
}

/// What a `VecEnv` adds to a batch: per environment.
#[derive(Debug)]
pub struct PerEnv {
    /// Players at every table (3 or 4): the width of the arrays by player.
    pub players: usize,
    /// Score changes since the last batch, by player (the slots beyond `players` unused).
    pub rewards: Vec<[f32; 4]>,
    /// Whether the match ended.
    pub done: Vec<bool>,
    /// The final scores where it did.
    pub final_scores: Vec<[i32; 4]>,
}

impl Batch {
    /// The batch of `a` (and `per_env` for a `VecEnv`).
    pub fn new(
        py: Python<'_>,
        a: Arrays,
        features: Option<Encoding>,
        per_env: Option<PerEnv>,
    ) -> PyResult<Batch> {
        let n = a.len();
        let shape_err = |e: numpy::ndarray::ShapeError| Error::Input(e.to_string());
        let planes = if let Some(e) = features {
            Some(
                Array3::from_shape_vec((n, e.planes(), WIDTH), a.planes)
                    .map_err(shape_err)?
                    .into_pyarray(py)
                    .unbind(),
            )
        } else {
            None
        };
        let scalars = if let Some(e) = features {
            Some(
                Array2::from_shape_vec((n, e.scalars()), a.scalars)
                    .map_err(shape_err)?
                    .into_pyarray(py)
                    .unbind(),
            )
        } else {
            None
        };
        let mask = Array2::from_shape_vec((n, ACTIONS), a.mask).map_err(shape_err)?;
        let (rewards, done, final_scores) = match per_env {
            Some(e) => {
                let (m, players) = (e.done.len(), e.players);
                let rewards: Vec<f32> =
                    e.rewards.iter().flat_map(|r| &r[..players]).copied().collect();
                let finals: Vec<i32> =
                    e.final_scores.iter().flat_map(|r| &r[..players]).copied().collect();
                (
                    Some(
                        Array2::from_shape_vec((m, players), rewards)
                            .map_err(shape_err)?
                            .into_pyarray(py)
                            .unbind(),
                    ),
                    Some(e.done.into_pyarray(py).unbind()),
                    Some(
                        Array2::from_shape_vec((m, players), finals)
                            .map_err(shape_err)?
                            .into_pyarray(py)
                            .unbind(),
                    ),
                )
            }
            None => (None, None, None),
        };
        Ok(Batch {
            rows: n,
            game: a.game.into_pyarray(py).unbind(),
            player: a.player.into_pyarray(py).unbind(),
            seat: a.seat.into_pyarray(py).unbind(),
            decision: a.decision.into_pyarray(py).unbind(),
            planes,
            scalars,
            mask: mask.into_pyarray(py).unbind(),
            legal_ids: a.legal_ids.into_pyarray(py).unbind(),
            legal_offsets: a.offsets.clone().into_pyarray(py).unbind(),
            options: a.options,
            offsets: a.offsets,
            rewards,
            done,
            final_scores,
        })
    }
}

#[pymethods]
impl Batch {
    fn __len__(&self) -> usize {
        self.rows
    }

    /// Game (environment or job) index by row (uint32).
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.game.clone_ref(py)
    }

    /// Player by row (uint8, 0..players: 0..=3, or 0..=2 at a three-player table).
    #[getter]
    fn player(&self, py: Python<'_>) -> Py<PyArray1<u8>> {
        self.player.clone_ref(py)
    }

    /// Seat by row (uint8, 0 East .. 3 North; no North at a three-player table).
    #[getter]
    fn seat(&self, py: Python<'_>) -> Py<PyArray1<u8>> {
        self.seat.clone_ref(py)
    }

    /// Decision number by row (uint32, the driver's).
    #[getter]
    fn decision(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.decision.clone_ref(py)
    }

    /// The planes of the encoding (uint8, ``(rows, 73, 34)`` for ``hupai-v4``), or None
    /// without features.
    #[getter]
    fn planes(&self, py: Python<'_>) -> Option<Py<PyArray3<u8>>> {
        self.planes.as_ref().map(|a| a.clone_ref(py))
    }

    /// The scalars of the encoding (float32, ``(rows, 83)`` for ``hupai-v4``), or None without
    /// features.
    #[getter]
    fn scalars(&self, py: Python<'_>) -> Option<Py<PyArray2<f32>>> {
        self.scalars.as_ref().map(|a| a.clone_ref(py))
    }

    /// Action masks (bool, ``(rows, 728)``).
    #[getter]
    fn mask(&self, py: Python<'_>) -> Py<PyArray2<bool>> {
        self.mask.clone_ref(py)
    }

    /// Legal ids of all rows, concatenated (uint16).
    #[getter]
    fn legal_ids(&self, py: Python<'_>) -> Py<PyArray1<u16>> {
        self.legal_ids.clone_ref(py)
    }

    /// Row ``i``'s legal ids are ``legal_ids[legal_offsets[i]:legal_offsets[i + 1]]``
    /// (uint32, ``rows + 1``).
    #[getter]
    fn legal_offsets(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.legal_offsets.clone_ref(py)
    }

    /// Number of legal ids by row (uint32, ``rows``; ``np.diff(legal_offsets)``).
    #[getter]
    fn legal_count<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        let counts: Vec<u32> = self.offsets.windows(2).map(|w| w[1] - w[0]).collect();
        counts.into_pyarray(py)
    }

    /// One legal id per row drawn uniformly (int64, ``rows``): what ``step`` takes. ``rng``
    /// is a ``numpy.random.Generator`` (or anything whose ``random(n)`` returns ``n`` floats
    /// in ``[0, 1)``), called once for the whole batch, so a seeded generator gives the same
    /// ids every run. Row ``i`` plays ``legal_ids[legal_offsets[i] + floor(u[i] * count)]``:
    /// one draw a row, where the NumPy idiom ``(rng.random((B, 728)) * mask).argmax(1)``
    /// makes 728.
    ///
    /// >>> venv = hupai.VecEnv(4, "riichi", seed=1, features=False)
    /// >>> b = venv.reset()
    /// >>> ids = b.sample(np.random.default_rng(0))
    /// >>> bool(all(b.mask[i, ids[i]] for i in range(len(b))))
    /// True
    fn sample<'py>(
        &self,
        py: Python<'py>,
        rng: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let u = rng.call_method1("random", (self.rows,))?;
        let u: PyReadonlyArray1<'py, f64> = u.extract()?;
        let u = u.as_array();
        if u.len() != self.rows {
            let got = u.len();
            return Err(
                Error::Input(format!("rng.random({}) gave {got} numbers", self.rows)).into()
            );
        }
        let ids = self.legal_ids.bind(py).readonly();
        let ids = ids.as_array();
        let mut out = Vec::with_capacity(self.rows);
        for (i, (w, &x)) in self.offsets.windows(2).zip(u.iter()).enumerate() {
            let (start, count) = (w[0] as usize, (w[1] - w[0]) as usize);
            if !(0.0..1.0).contains(&x) {
                return Err(Error::Input(format!(
                    "rng.random gave {x} for row {i}: not in [0, 1)"
                ))
                .into());
            }
            // `x < 1`, so the product is below `count` but for rounding: clamp to the last.
            let pick = ((x * count as f64) as usize).min(count.saturating_sub(1));
            match ids.get(start + pick) {
                Some(&id) if count > 0 => out.push(i64::from(id)),
                _ => return Err(Error::Input(format!("row {i} has no legal id")).into()),
            }
        }
        Ok(out.into_pyarray(py))
    }

    /// Row ``i``'s legal options in their JSON form, in the order of its legal ids.
    fn actions<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Vec<Bound<'py, PyAny>>> {
        if i >= self.rows {
            return Err(Error::Input(format!("row {i}: the batch has {} rows", self.rows)).into());
        }
        let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        self.options[a..b].iter().map(|o| to_python(py, o)).collect()
    }

    /// Score change of each player of each environment since the last batch (float32,
    /// ``(envs, players)``, ``players`` 4 or 3; None outside a ``VecEnv``).
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Option<Py<PyArray2<f32>>> {
        self.rewards.as_ref().map(|a| a.clone_ref(py))
    }

    /// Whether each environment's match ended in this step (bool, ``(envs,)``; a new one
    /// started).
    #[getter]
    fn done(&self, py: Python<'_>) -> Option<Py<PyArray1<bool>>> {
        self.done.as_ref().map(|a| a.clone_ref(py))
    }

    /// Final scores by player of the matches that ended (int32, ``(envs, players)``; zeros
    /// elsewhere).
    #[getter]
    fn final_scores(&self, py: Python<'_>) -> Option<Py<PyArray2<i32>>> {
        self.final_scores.as_ref().map(|a| a.clone_ref(py))
    }

    fn __repr__(&self) -> String {
        format!("Batch(rows={}, features={})", self.rows, self.planes.is_some())
    }
}
