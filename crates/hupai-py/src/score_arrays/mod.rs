//! Columnar scoring: the fields of `hupai score` lines as numpy columns in, numpy columns out,
//! scored on several threads with the GIL released, every failure reported in its own row.
//!
//! The dict path ([`crate::scoring`]) spends most of its time reading line dicts and building
//! result dicts; here the rows are read straight from arrays into a `Hand` and a `WinContext`
//! and scored by the same `hupai_rules::score`, and the results are written to arrays.

mod arrays;
mod columns;
mod id_table;
mod inputs;
mod out;
mod row_error;
mod threads;

use pyo3::prelude::*;

pub use self::arrays::ScoreArrays;
use self::columns::{column, int_array, matrix, Column, Matrix, Shape};
use self::id_table::{id_tables_agree, IdTable};
use self::inputs::{Inputs, FLAGS};
pub use self::inputs::{MELD_TYPES, NO_TILE};
pub use self::out::LIMITS;
pub use self::row_error::SCORE_ERRORS;
use self::threads::score_all;
use crate::env::load_rules;
use crate::errors::Error;
use crate::rules::RulesArg;

/// Scores many winning hands given as arrays, the columnar form of ``score_batch``: every
/// field of a ``hupai score`` line is a column (one value for all rows, or an array of one per
/// row), the results are the arrays of a ``ScoreArrays``, and a row that does not score has
/// its error code and message there (nothing is raised for it). The rows are scored on
/// ``threads`` threads (0: one per core; small batches use fewer) with the GIL released.
///
/// - ``concealed``: ``(N, 34)`` counts of the concealed tiles, the win tile included (any
///   integer dtype; uint8 is read without conversion).
/// - ``win_tile``: the kind (0..33) of the tile that completed the hand.
/// - ``melds``: ``(N, M, 3)`` with ``M <= 4``, slot ``j`` of row ``i`` = (type, kind, red):
///   type a code of ``hupai.MELD_TYPES`` (1 chi, 2 pon, 3 kan, 4 kakan, 5 ankan; 0: an empty
///   slot, its other values ignored), kind the lowest tile's kind, red the red fives among
///   its tiles.
/// - ``red``: ``(N, 3)`` red fives among the concealed tiles, per suit (m, p, s).
/// - ``jokers``: jokers among the concealed tiles (laizi).
/// - flags (0/1 or bool): ``self_drawn``, ``last_tile``, ``replacement``, ``robbing_kong``,
///   ``kong_discard``, ``fourth_tile``, ``first_turn``, ``riichi``, ``double_riichi``,
///   ``ippatsu``; ``seat_wind`` and ``round_wind`` 0..3 (East..North); ``flowers``.
/// - ``dora`` and ``ura``: ``(N, D)`` indicator kinds, ``hupai.NO_TILE`` (255) or -1 in empty
///   slots; ``honba``, ``riichi_sticks``.
///
/// Every value is checked: one out of its range (a wind of 4, a kind of 34) fails its row with
/// ``bad_value``, never wraps. Shapes that do not fit ``N`` raise ``InputError``.
///
/// >>> import numpy as np
/// >>> hands = np.array([hupai.to_34("1112345678999m5m"), hupai.to_34("123m456p789s1122z3z")], dtype=np.uint8)
/// >>> r = hupai.score_arrays(hands, np.array([4, 29]), rules="mcr", self_drawn=True)
/// >>> r.total.tolist(), r.error.tolist(), r.message(1)
/// ([92, 0], [0, 1], 'not a winning hand')
/// >>> [r.item_ids[i] for i in r.items[0][: r.n_items[0]]]
/// ['nine_gates', 'two_concealed_pungs', 'pung_of_terminals_or_honors', 'self_drawn']
#[pyfunction]
#[pyo3(
    signature = (
        concealed, win_tile, rules = RulesArg::riichi(), *, melds = None, red = None,
        jokers = None, self_drawn = None, seat_wind = None, round_wind = None, flowers = None,
        last_tile = None, replacement = None, robbing_kong = None, kong_discard = None,
        fourth_tile = None, first_turn = None, riichi = None, double_riichi = None,
        ippatsu = None, dora = None, ura = None, honba = None, riichi_sticks = None, threads = 0
    ),
    text_signature = "(concealed, win_tile, rules='riichi', *, melds=None, red=None, jokers=0, self_drawn=False, seat_wind=0, round_wind=0, flowers=0, last_tile=False, replacement=False, robbing_kong=False, kong_discard=False, fourth_tile=False, first_turn=False, riichi=False, double_riichi=False, ippatsu=False, dora=None, ura=None, honba=0, riichi_sticks=0, threads=0)"
)]
#[allow(clippy::too_many_arguments)]
pub fn score_arrays<'py>(
    py: Python<'py>,
    concealed: Bound<'py, PyAny>,
    win_tile: Bound<'py, PyAny>,
    rules: RulesArg,
    melds: Option<Bound<'py, PyAny>>,
    red: Option<Bound<'py, PyAny>>,
    jokers: Option<Bound<'py, PyAny>>,
    self_drawn: Option<Bound<'py, PyAny>>,
    seat_wind: Option<Bound<'py, PyAny>>,
    round_wind: Option<Bound<'py, PyAny>>,
    flowers: Option<Bound<'py, PyAny>>,
    last_tile: Option<Bound<'py, PyAny>>,
    replacement: Option<Bound<'py, PyAny>>,
    robbing_kong: Option<Bound<'py, PyAny>>,
    kong_discard: Option<Bound<'py, PyAny>>,
    fourth_tile: Option<Bound<'py, PyAny>>,
    first_turn: Option<Bound<'py, PyAny>>,
    riichi: Option<Bound<'py, PyAny>>,
    double_riichi: Option<Bound<'py, PyAny>>,
    ippatsu: Option<Bound<'py, PyAny>>,
    dora: Option<Bound<'py, PyAny>>,
    ura: Option<Bound<'py, PyAny>>,
    honba: Option<Bound<'py, PyAny>>,
    riichi_sticks: Option<Bound<'py, PyAny>>,
    threads: usize,
) -> PyResult<ScoreArrays> {
    let rules = load_rules(&rules)?;
    let np = py.import("numpy")?;
    let (data, shape) = int_array(&np, &concealed, "concealed")?;
    let [n, 34] = shape.as_slice() else {
        return Err(
            Error::Input(format!("concealed: an array of shape {shape:?}: use (N, 34)")).into()
        );
    };
    let (n, concealed) = (*n, Matrix { data, width: 34 });
    let col = |ob: &Option<Bound<'py, PyAny>>, name: &str| column(&np, ob.as_ref(), n, name);
    let flags = [
        &self_drawn,
        &last_tile,
        &replacement,
        &robbing_kong,
        &kong_discard,
        &fourth_tile,
        &first_turn,
        &riichi,
        &double_riichi,
        &ippatsu,
    ];
    let mut flag_columns = Vec::with_capacity(FLAGS.len());
    for (ob, name) in flags.into_iter().zip(FLAGS) {
        flag_columns.push(col(ob, name)?);
    }
    let flags: [Column; 10] =
        flag_columns.try_into().map_err(|_| Error::Input("internal error: flag columns".into()))?;
    if win_tile.is_none() {
        return Err(
            Error::Input("win_tile: a kind (0..33) or an array of one per row".into()).into()
        );
    }
    let inputs = Inputs {
        n,
        concealed,
        win_tile: column(&np, Some(&win_tile), n, "win_tile")?,
        melds: matrix(&np, melds.as_ref(), n, "melds", Shape::Melds)?,
        red: matrix(&np, red.as_ref(), n, "red", Shape::Exactly(3))?,
        jokers: col(&jokers, "jokers")?,
        flags,
        seat_wind: col(&seat_wind, "seat_wind")?,
        round_wind: col(&round_wind, "round_wind")?,
        flowers: col(&flowers, "flowers")?,
        dora: matrix(&np, dora.as_ref(), n, "dora", Shape::Any)?,
        ura: matrix(&np, ura.as_ref(), n, "ura", Shape::Any)?,
        honba: col(&honba, "honba")?,
        riichi_sticks: col(&riichi_sticks, "riichi_sticks")?,
    };
    let table = IdTable::of(&rules);
    let family = rules.variant.family_name();
    let out = py.detach(|| score_all(&inputs, &rules, table, threads));
    ScoreArrays::new(py, out, family, table)
}

/// The function, the class and the id tables, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    if !id_tables_agree() {
        return Err(Error::Input("internal error: the item id tables disagree".into()).into());
    }
    m.add_function(wrap_pyfunction!(score_arrays, m)?)?;
    m.add_class::<ScoreArrays>()?;
    let ids = |t: IdTable| t.items().into_iter().map(|i| i.as_str()).collect::<Vec<_>>();
    m.add("FAN_IDS", ids(IdTable::Fans))?;
    m.add("YAKU_IDS", ids(IdTable::Yaku))?;
    m.add("SICHUAN_FAN_IDS", ids(IdTable::Sichuan))?;
    m.add("HONGKONG_FAN_IDS", ids(IdTable::HongKong))?;
    m.add("GUANGDONG_FAN_IDS", ids(IdTable::Guangdong))?;
    m.add("WUHAN_FAN_IDS", ids(IdTable::Wuhan))?;
    m.add("SCORE_ERRORS", SCORE_ERRORS.to_vec())?;
    m.add("LIMITS", LIMITS.to_vec())?;
    m.add("MELD_TYPES", MELD_TYPES.to_vec())?;
    m.add("NO_TILE", NO_TILE)?;
    Ok(())
}
