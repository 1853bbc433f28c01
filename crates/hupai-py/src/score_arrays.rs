//! Columnar scoring: the fields of `hupai score` lines as numpy columns in, numpy columns out,
//! scored on several threads with the GIL released, every failure reported in its own row.
//!
//! The dict path ([`crate::scoring`]) spends most of its time reading line dicts and building
//! result dicts; here the rows are read straight from arrays into [`Hand`] and [`WinContext`]
//! and scored by the same `hupai_rules::score`, and the results are written to arrays.

use std::fmt;
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};

use hupai_core::{Counts, Hand, HandError, Kind, Meld, MeldError, MeldKind, Seat};
use hupai_rules::{
    guangdong, hongkong, mcr, score, sichuan, Family, FanTable, ItemId, Limit, Rules as CoreRules,
    Score, ScoreError, WinContext, Yaku,
};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::env::load_rules;
use crate::errors::Error;
use crate::rules::RulesArg;

/// The error codes of the `error` column, by code (`""` is success).
pub const SCORE_ERRORS: [&str; 8] = [
    "",
    "not_winning",
    "no_yaku",
    "inconsistent",
    "bad_input",
    "bad_hand",
    "bad_value",
    "internal",
];

/// The limit codes of the `limit` column, by code.
pub const LIMITS: [&str; 7] =
    ["", "mangan", "haneman", "baiman", "sanbaiman", "kazoe yakuman", "yakuman"];

/// The meld type codes of the `melds` array, by code (0: no meld in the slot).
pub const MELD_TYPES: [&str; 6] = ["", "chi", "pon", "kan", "kakan", "ankan"];

/// An empty slot in the `dora` and `ura` arrays (`-1` is read the same way).
pub const NO_TILE: i64 = 255;

/// Rows below which one more thread does not pay for itself.
const ROWS_PER_THREAD: usize = 128;

/// Rows a thread takes at a time.
const CHUNK: usize = 256;

/// The boolean flags of a line, in the order of [`Inputs::flags`].
const FLAGS: [&str; 10] = [
    "self_drawn",
    "last_tile",
    "replacement",
    "robbing_kong",
    "kong_discard",
    "fourth_tile",
    "first_turn",
    "riichi",
    "double_riichi",
    "ippatsu",
];

/// Which id table the items of a batch index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IdTable {
    /// `FAN_IDS`: MCR and the general Chinese rules.
    Fans,
    /// `YAKU_IDS`: riichi.
    Yaku,
    /// `SICHUAN_FAN_IDS`: the Sichuan fan table.
    Sichuan,
    /// `HONGKONG_FAN_IDS`: the Hong Kong fan table.
    HongKong,
    /// `GUANGDONG_FAN_IDS`: the Guangdong fan table.
    Guangdong,
    /// `WUHAN_FAN_IDS`: the Wuhan fan table.
    Wuhan,
}

impl IdTable {
    /// The table of the items `hupai_rules::score` gives under `rules` (the matches are
    /// exhaustive: a new family or fan table does not build until it has its table here).
    fn of(rules: &CoreRules) -> IdTable {
        match (rules.family, rules.fan_table) {
            (Family::Riichi, _) => IdTable::Yaku,
            (Family::Chinese, FanTable::Sichuan) => IdTable::Sichuan,
            (Family::Chinese, FanTable::HongKong) => IdTable::HongKong,
            (Family::Chinese, FanTable::Guangdong) => IdTable::Guangdong,
            (Family::Chinese, FanTable::Wuhan) => IdTable::Wuhan,
            (Family::Mcr, _) | (Family::Chinese, FanTable::Mcr) => IdTable::Fans,
        }
    }

    /// The table's items, by number: the fans, then (the MCR-table Chinese rules and
    /// Sichuan, where 报听 may be set) `declared_ready`.
    fn items(self) -> Vec<ItemId> {
        let mut out: Vec<ItemId> = match self {
            IdTable::Fans => mcr::Fan::ALL.iter().map(|&f| ItemId::Fan(f)).collect(),
            IdTable::Yaku => Yaku::ALL.iter().map(|&y| ItemId::Yaku(y)).collect(),
            IdTable::Sichuan => sichuan::Fan::ALL.iter().map(|&f| ItemId::Sichuan(f)).collect(),
            IdTable::HongKong => hongkong::Fan::ALL.iter().map(|&f| ItemId::HongKong(f)).collect(),
            IdTable::Guangdong => {
                guangdong::Fan::ALL.iter().map(|&f| ItemId::Guangdong(f)).collect()
            }
            IdTable::Wuhan => {
                hupai_rules::wuhan::Fan::ALL.iter().map(|&f| ItemId::Wuhan(f)).collect()
            }
        };
        if matches!(self, IdTable::Fans | IdTable::Sichuan) {
            out.push(ItemId::DeclaredReady);
        }
        out
    }

    /// The number of `id` in this table (None: an item of another table).
    fn index(self, id: ItemId) -> Option<i16> {
        let (table, i) = match id {
            ItemId::Fan(f) => (IdTable::Fans, f.index() - 1),
            ItemId::Yaku(y) => (IdTable::Yaku, y as usize),
            ItemId::Sichuan(f) => (IdTable::Sichuan, f as usize),
            ItemId::HongKong(f) => {
                (IdTable::HongKong, hongkong::Fan::ALL.iter().position(|&x| x == f)?)
            }
            ItemId::Guangdong(f) => {
                (IdTable::Guangdong, guangdong::Fan::ALL.iter().position(|&x| x == f)?)
            }
            ItemId::Wuhan(f) => (IdTable::Wuhan, f as usize),
            // 报听's fan closes the tables of the rules that may set it.
            ItemId::DeclaredReady => match self {
                IdTable::Fans => (IdTable::Fans, mcr::Fan::ALL.len()),
                IdTable::Sichuan => (IdTable::Sichuan, sichuan::Fan::ALL.len()),
                _ => return None,
            },
        };
        if table != self {
            return None;
        }
        i16::try_from(i).ok()
    }
}

/// Whether the numbers `IdTable::index` gives are the positions in the tables (checked when
/// the module loads, so a reordered enum is an import error, never a wrong id).
pub fn id_tables_agree() -> bool {
    let tables =
        [IdTable::Fans, IdTable::Yaku, IdTable::Sichuan, IdTable::HongKong, IdTable::Guangdong];
    tables.into_iter().all(|t| {
        t.items().into_iter().enumerate().all(|(i, id)| t.index(id) == i16::try_from(i).ok())
    })
}

/// Integers read from an array: its bytes when it holds uint8 or bool (no conversion), else
/// its values as int64.
#[derive(Debug)]
enum Ints {
    U8(Vec<u8>),
    I64(Vec<i64>),
}

impl Ints {
    fn get(&self, i: usize) -> i64 {
        match self {
            Ints::U8(v) => i64::from(v[i]),
            Ints::I64(v) => v[i],
        }
    }

    fn len(&self) -> usize {
        match self {
            Ints::U8(v) => v.len(),
            Ints::I64(v) => v.len(),
        }
    }
}

/// An integer column: one value for every row, or one per row.
#[derive(Debug)]
enum Column {
    One(i64),
    Each(Ints),
}

impl Column {
    fn get(&self, i: usize) -> i64 {
        match self {
            Column::One(v) => *v,
            Column::Each(v) => v.get(i),
        }
    }
}

/// A per-row array of `width` values a row, flattened.
#[derive(Debug)]
struct Matrix {
    data: Ints,
    width: usize,
}

impl Matrix {
    fn get(&self, i: usize, j: usize) -> i64 {
        self.data.get(i * self.width + j)
    }
}

/// The elements of an array view in logical order (one copy when contiguous).
fn elements<T: Copy, D: numpy::ndarray::Dimension>(
    view: numpy::ndarray::ArrayView<'_, T, D>,
) -> Vec<T> {
    match view.as_slice() {
        Some(flat) => flat.to_vec(),
        None => view.iter().copied().collect(),
    }
}

/// The integers of array-like `ob` (bools and any integer dtype; floats and objects refused),
/// with the array's shape.
fn int_array<'py>(
    np: &Bound<'py, PyModule>,
    ob: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<(Ints, Vec<usize>)> {
    let a = np.call_method1("asarray", (ob,))?;
    if let Ok(a) = a.extract::<PyReadonlyArrayDyn<'py, u8>>() {
        return Ok((Ints::U8(elements(a.as_array())), a.shape().to_vec()));
    }
    if let Ok(a) = a.extract::<PyReadonlyArrayDyn<'py, bool>>() {
        let bytes = a.as_array().iter().map(|&b| u8::from(b)).collect();
        return Ok((Ints::U8(bytes), a.shape().to_vec()));
    }
    let dtype = a.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u") {
        return Err(Error::Input(format!(
            "{name}: integers or booleans, not an array of dtype {}",
            dtype.str()?
        ))
        .into());
    }
    // Unsigned values above i64::MAX become negative here, and fail their row's range check.
    let a: PyReadonlyArrayDyn<'py, i64> = a.call_method1("astype", ("int64",))?.extract()?;
    Ok((Ints::I64(elements(a.as_array())), a.shape().to_vec()))
}

/// A per-row column: a Python int or bool for every row, or an array of `n` (None: 0).
fn column<'py>(
    np: &Bound<'py, PyModule>,
    ob: Option<&Bound<'py, PyAny>>,
    n: usize,
    name: &str,
) -> PyResult<Column> {
    let Some(ob) = ob.filter(|o| !o.is_none()) else { return Ok(Column::One(0)) };
    if ob.cast::<PyBool>().is_ok() || ob.cast::<PyInt>().is_ok() {
        let v: i64 = ob
            .extract()
            .map_err(|_| Error::Input(format!("{name}: {ob} does not fit in 64 bits")))?;
        return Ok(Column::One(v));
    }
    let (data, shape) = int_array(np, ob, name)?;
    match shape.as_slice() {
        [] if data.len() == 1 => Ok(Column::One(data.get(0))),
        [m] if *m == n => Ok(Column::Each(data)),
        _ => Err(Error::Input(format!(
            "{name}: an array of shape {shape:?} for {n} rows: give one value or ({n},)"
        ))
        .into()),
    }
}

/// The shape a per-row array must have.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// `(n, width)`.
    Exactly(usize),
    /// `(n, w)` with any `w`.
    Any,
    /// `(n, m, 3)` with `m` at most 4 (the melds).
    Melds,
}

/// A per-row array of shape `shape`, flattened per row; None when not given.
fn matrix<'py>(
    np: &Bound<'py, PyModule>,
    ob: Option<&Bound<'py, PyAny>>,
    n: usize,
    name: &str,
    shape: Shape,
) -> PyResult<Option<Matrix>> {
    let Some(ob) = ob.filter(|o| !o.is_none()) else { return Ok(None) };
    let (data, got) = int_array(np, ob, name)?;
    let width = match (got.as_slice(), shape) {
        ([m, w], Shape::Exactly(want)) if *m == n && *w == want => want,
        ([m, w], Shape::Any) if *m == n => *w,
        ([m, w, 3], Shape::Melds) if *m == n && *w <= 4 => 3 * *w,
        _ => {
            let want = match shape {
                Shape::Exactly(w) => format!("({n}, {w})"),
                Shape::Any => format!("({n}, D)"),
                Shape::Melds => format!("({n}, M, 3) with M <= 4"),
            };
            return Err(
                Error::Input(format!("{name}: an array of shape {got:?}: use {want}")).into()
            );
        }
    };
    Ok(Some(Matrix { data, width }))
}

/// Everything `score_arrays` reads, checked for shape (values are checked per row).
#[derive(Debug)]
struct Inputs {
    n: usize,
    concealed: Matrix,
    win_tile: Column,
    melds: Option<Matrix>,
    red: Option<Matrix>,
    jokers: Column,
    flags: [Column; 10],
    seat_wind: Column,
    round_wind: Column,
    flowers: Column,
    dora: Option<Matrix>,
    ura: Option<Matrix>,
    honba: Column,
    riichi_sticks: Column,
}

/// Why a row has no score.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RowError {
    /// A value outside its column's range.
    Value(String),
    /// The tiles and melds make no hand.
    Hand(HandError),
    /// Meld slot `.0` makes no meld.
    Meld(usize, MeldError),
    /// The hand does not score.
    Score(ScoreError),
    /// A bug: the scorer panicked, or gave an item of another table.
    Internal(String),
}

impl RowError {
    fn code(&self) -> u8 {
        match self {
            // Refused by a rule (Wuhan's 258 pair, 开口, ...): not a win either.
            RowError::Score(ScoreError::NotWinning | ScoreError::Refused(_)) => 1,
            RowError::Score(ScoreError::NoYaku) => 2,
            RowError::Score(ScoreError::Inconsistent(_)) => 3,
            RowError::Score(ScoreError::BadInput(_)) => 4,
            RowError::Hand(_) | RowError::Meld(..) => 5,
            RowError::Value(_) => 6,
            RowError::Internal(_) => 7,
        }
    }

    fn message(&self) -> String {
        match self {
            RowError::Value(m) | RowError::Internal(m) => m.clone(),
            RowError::Hand(e) => format!("hand: {e}"),
            RowError::Meld(slot, e) => format!("hand: meld {slot}: {e}"),
            RowError::Score(e) => e.to_string(),
        }
    }

    /// The error `hupai.score` would raise for the same line.
    fn to_error(&self) -> Error {
        match self {
            RowError::Value(m) | RowError::Internal(m) => Error::Input(m.clone()),
            RowError::Hand(_) | RowError::Meld(..) => Error::Tile(self.message()),
            RowError::Score(e) => Error::Score(e.clone()),
        }
    }
}

/// `value` if it lies in `range`, else a value error naming the column.
fn checked(
    value: i64,
    range: Range<i64>,
    name: impl fmt::Display,
    what: &str,
) -> Result<i64, RowError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(RowError::Value(format!("{name} = {value}: {what}")))
    }
}

fn kind_of(value: i64, name: impl fmt::Display + Copy) -> Result<Kind, RowError> {
    let v = checked(value, 0..34, name, "tile kinds are 0..33")?;
    Kind::new(v as u8).ok_or_else(|| RowError::Value(format!("{name} = {value}: not a kind")))
}

fn flag(value: i64, name: &str) -> Result<bool, RowError> {
    Ok(checked(value, 0..2, name, "use 0 or 1 (or a bool)")? == 1)
}

fn seat(value: i64, name: &str) -> Result<Seat, RowError> {
    let v = checked(value, 0..4, name, "winds are 0..3 (East, South, West, North)")?;
    Seat::from_index(v as usize).ok_or_else(|| RowError::Value(format!("{name} = {value}")))
}

impl Inputs {
    /// Row `i` as a hand, and its situation written into `ctx` (whose indicator lists are
    /// reused from row to row).
    fn row(&self, i: usize, ctx: &mut WinContext) -> Result<Hand, RowError> {
        let mut counts = Counts::EMPTY;
        match &self.concealed.data {
            Ints::U8(v) => counts.0.copy_from_slice(&v[i * 34..i * 34 + 34]),
            Ints::I64(v) => {
                for (k, (slot, &v)) in counts.0.iter_mut().zip(&v[i * 34..i * 34 + 34]).enumerate()
                {
                    *slot = checked(v, 0..256, format_args!("concealed[{k}]"), "counts are 0..4")?
                        as u8;
                }
            }
        }
        let mut melds = [Meld::pon(Kind::default()); 4];
        let mut n_melds = 0;
        if let Some(m) = &self.melds {
            for slot in 0..m.width / 3 {
                let cell = |j| m.get(i, 3 * slot + j);
                let t =
                    checked(cell(0), 0..6, format_args!("melds[{slot}].type"), "types are 0..5")?;
                let meld_kind = match t {
                    0 => continue,
                    1 => MeldKind::Chi,
                    2 => MeldKind::Pon,
                    3 => MeldKind::Kan,
                    4 => MeldKind::AddedKan,
                    _ => MeldKind::ClosedKan,
                };
                let first = kind_of(cell(1), format_args!("melds[{slot}].kind"))?;
                let red = checked(
                    cell(2),
                    0..5,
                    format_args!("melds[{slot}].red"),
                    "red fives are 0..4",
                )? as u8;
                let meld = Meld::new(meld_kind, first)
                    .and_then(|m| m.with_red(red))
                    .map_err(|e| RowError::Meld(slot, e))?;
                melds[n_melds] = meld;
                n_melds += 1;
            }
        }
        let mut red = [0u8; 3];
        if let Some(m) = &self.red {
            for (s, slot) in red.iter_mut().enumerate() {
                *slot = checked(m.get(i, s), 0..5, format_args!("red[{s}]"), "red fives are 0..4")?
                    as u8;
            }
        }
        let jokers = checked(self.jokers.get(i), 0..15, "jokers", "jokers are 0..14")? as u8;
        let hand =
            Hand::with_extras(counts, &melds[..n_melds], jokers, red).map_err(RowError::Hand)?;
        ctx.win_tile = kind_of(self.win_tile.get(i), "win_tile")?;
        let flag_at = |k: usize| flag(self.flags[k].get(i), FLAGS[k]);
        ctx.self_drawn = flag_at(0)?;
        ctx.last_tile = flag_at(1)?;
        ctx.replacement = flag_at(2)?;
        ctx.robbing_kong = flag_at(3)?;
        ctx.kong_discard = flag_at(4)?;
        ctx.fourth_tile = flag_at(5)?;
        ctx.first_turn = flag_at(6)?;
        ctx.riichi = flag_at(7)?;
        ctx.double_riichi = flag_at(8)?;
        ctx.ippatsu = flag_at(9)?;
        ctx.seat_wind = seat(self.seat_wind.get(i), "seat_wind")?;
        ctx.round_wind = seat(self.round_wind.get(i), "round_wind")?;
        ctx.flowers = checked(self.flowers.get(i), 0..256, "flowers", "flowers are 0..8")? as u8;
        ctx.honba = checked(self.honba.get(i), 0..1 << 32, "honba", "not a u32")? as u32;
        ctx.riichi_sticks =
            checked(self.riichi_sticks.get(i), 0..1 << 32, "riichi_sticks", "not a u32")? as u32;
        for (list, m, name) in [
            (&mut ctx.dora_indicators, &self.dora, "dora"),
            (&mut ctx.ura_indicators, &self.ura, "ura"),
        ] {
            list.clear();
            if let Some(m) = m {
                for j in 0..m.width {
                    let v = m.get(i, j);
                    if v != NO_TILE && v != -1 {
                        list.push(kind_of(v, format_args!("{name}[{j}]"))?);
                    }
                }
            }
        }
        Ok(hand)
    }
}

/// One scored item: its number in the batch's table, count and value of one.
type Item = (i16, u8, u16);

/// The results of some rows, as columns.
#[derive(Debug, Default)]
struct Out {
    error: Vec<u8>,
    total: Vec<u32>,
    fu: Vec<u32>,
    limit: Vec<u8>,
    yakuman: Vec<u8>,
    meets_minimum: Vec<bool>,
    points: Vec<u32>,
    ron: Vec<i64>,
    ron_others: Vec<u32>,
    tsumo_dealer: Vec<i64>,
    tsumo_others: Vec<i64>,
    n_items: Vec<u8>,
    /// The items of every row, in row order.
    items: Vec<Item>,
    /// The rows that failed (absolute row numbers), in order.
    errors: Vec<(usize, RowError)>,
}

fn paid(v: Option<u32>) -> i64 {
    v.map_or(-1, i64::from)
}

impl Out {
    fn with_capacity(n: usize) -> Out {
        Out {
            error: Vec::with_capacity(n),
            total: Vec::with_capacity(n),
            fu: Vec::with_capacity(n),
            limit: Vec::with_capacity(n),
            yakuman: Vec::with_capacity(n),
            meets_minimum: Vec::with_capacity(n),
            points: Vec::with_capacity(n),
            ron: Vec::with_capacity(n),
            ron_others: Vec::with_capacity(n),
            tsumo_dealer: Vec::with_capacity(n),
            tsumo_others: Vec::with_capacity(n),
            n_items: Vec::with_capacity(n),
            items: Vec::with_capacity(n * 6),
            errors: Vec::new(),
        }
    }

    fn push_error(&mut self, row: usize, e: RowError) {
        self.error.push(e.code());
        self.total.push(0);
        self.fu.push(0);
        self.limit.push(0);
        self.yakuman.push(0);
        self.meets_minimum.push(false);
        self.points.push(0);
        self.ron.push(-1);
        self.ron_others.push(0);
        self.tsumo_dealer.push(-1);
        self.tsumo_others.push(-1);
        self.n_items.push(0);
        self.errors.push((row, e));
    }

    fn push(&mut self, row: usize, s: &Score, table: IdTable) {
        let Ok(n_items) = u8::try_from(s.items.len()) else {
            let m = format!("internal error: {} items do not fit the items column", s.items.len());
            return self.push_error(row, RowError::Internal(m));
        };
        let start = self.items.len();
        for item in &s.items {
            let id = table.index(item.id);
            let (count, value) = (u8::try_from(item.count), u16::try_from(item.value));
            let (Some(id), Ok(count), Ok(value)) = (id, count, value) else {
                self.items.truncate(start);
                let m = format!("internal error: item {} does not fit the id table", item.id);
                return self.push_error(row, RowError::Internal(m));
            };
            self.items.push((id, count, value));
        }
        let (limit, yakuman) = match s.limit {
            None => (0, 0),
            Some(Limit::Mangan) => (1, 0),
            Some(Limit::Haneman) => (2, 0),
            Some(Limit::Baiman) => (3, 0),
            Some(Limit::Sanbaiman) => (4, 0),
            Some(Limit::KazoeYakuman) => (5, 0),
            Some(Limit::Yakuman(n)) => (6, n),
        };
        let p = &s.payments;
        self.error.push(0);
        self.total.push(s.total);
        self.fu.push(s.fu);
        self.limit.push(limit);
        self.yakuman.push(yakuman);
        self.meets_minimum.push(s.meets_minimum);
        self.points.push(p.total);
        self.ron.push(paid(p.ron));
        self.ron_others.push(p.ron_others);
        self.tsumo_dealer.push(paid(p.tsumo_dealer));
        self.tsumo_others.push(paid(p.tsumo_others));
        self.n_items.push(n_items);
    }

    fn append(&mut self, mut o: Out) {
        self.error.append(&mut o.error);
        self.total.append(&mut o.total);
        self.fu.append(&mut o.fu);
        self.limit.append(&mut o.limit);
        self.yakuman.append(&mut o.yakuman);
        self.meets_minimum.append(&mut o.meets_minimum);
        self.points.append(&mut o.points);
        self.ron.append(&mut o.ron);
        self.ron_others.append(&mut o.ron_others);
        self.tsumo_dealer.append(&mut o.tsumo_dealer);
        self.tsumo_others.append(&mut o.tsumo_others);
        self.n_items.append(&mut o.n_items);
        self.items.append(&mut o.items);
        self.errors.append(&mut o.errors);
    }
}

/// Scores rows `rows` of `inputs`.
fn score_rows(inputs: &Inputs, rules: &CoreRules, table: IdTable, rows: Range<usize>) -> Out {
    let mut out = Out::with_capacity(rows.len());
    let mut ctx = WinContext::new(Kind::default(), false);
    for i in rows {
        // A panic in the scorer is a bug; it fails its row, not the batch or the process.
        let result = catch_unwind(AssertUnwindSafe(|| {
            let hand = inputs.row(i, &mut ctx)?;
            score(rules, &hand, &ctx).map_err(RowError::Score)
        }));
        match result {
            Ok(Ok(s)) => out.push(i, &s, table),
            Ok(Err(e)) => out.push_error(i, e),
            Err(_) => {
                let m = "internal error: the scorer panicked on this row (a bug; please report it)";
                out.push_error(i, RowError::Internal(m.into()));
                ctx = WinContext::new(Kind::default(), false);
            }
        }
    }
    out
}

/// Scores every row on `threads` threads (0: one per core), fewer for small batches: the
/// calling thread and `threads - 1` more take chunks of rows in turn until none is left, so
/// a thread that the machine's other work holds back takes fewer (a fixed split would wait
/// for it).
fn score_all(inputs: &Inputs, rules: &CoreRules, table: IdTable, threads: usize) -> Out {
    let n = inputs.n;
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let threads = if threads == 0 { cores } else { threads };
    let threads = threads.min(n.div_ceil(ROWS_PER_THREAD)).max(1);
    if threads == 1 {
        return score_rows(inputs, rules, table, 0..n);
    }
    let chunks = n.div_ceil(CHUNK);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let c = next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                return done;
            }
            let rows = c * CHUNK..((c + 1) * CHUNK).min(n);
            done.push((c, score_rows(inputs, rules, table, rows)));
        }
    };
    let mut parts: Vec<(usize, Out)> = std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut parts = work();
        for h in helpers {
            // score_rows catches the scorer's panics, so a helper cannot fail; if one did,
            // the rows of the chunks it took would be missing, and are made up below.
            parts.extend(h.join().unwrap_or_default());
        }
        parts
    });
    parts.sort_unstable_by_key(|p| p.0);
    let mut out = Out::with_capacity(n);
    let mut expected = 0;
    for (c, part) in parts {
        for chunk in expected..c {
            fail_rows(&mut out, chunk * CHUNK..((chunk + 1) * CHUNK).min(n));
        }
        out.append(part);
        expected = c + 1;
    }
    for chunk in expected..chunks {
        fail_rows(&mut out, chunk * CHUNK..((chunk + 1) * CHUNK).min(n));
    }
    out
}

/// Marks `rows` failed: their scoring thread died (cannot happen, see [`score_all`]).
fn fail_rows(out: &mut Out, rows: Range<usize>) {
    for i in rows {
        let m = "internal error: a scoring thread failed".to_string();
        out.push_error(i, RowError::Internal(m));
    }
}

/// The results of `score_arrays`: one entry per row in every column.
///
/// ``error`` (uint8) is 0 where the row scored, else a code of ``hupai.SCORE_ERRORS``
/// (``not_winning``, ``no_yaku``, ``inconsistent``, ``bad_input``, ``bad_hand``, ``bad_value``,
/// ``internal``); ``message(i)`` gives the row's message and ``exception(i)`` the exception
/// ``hupai.score`` would raise. The other columns are 0 (or -1) in failed rows.
///
/// ``total`` (uint32): fans (MCR and Chinese, flowers included) or han (riichi, dora
/// included); ``fu`` (uint32, riichi); ``limit`` (uint8, a code of ``hupai.LIMITS``) and
/// ``yakuman`` (uint8, the multiple when ``limit`` is ``yakuman``); ``meets_minimum`` (bool);
/// payments: ``points`` (uint32, everything the winner receives), ``ron`` (int64, what the
/// discarder pays; -1 when self-drawn), ``ron_others`` (uint32, MCR: what each other player
/// pays on a discard), ``tsumo_dealer`` and ``tsumo_others`` (int64, -1 when not self-drawn or
/// not paid). Items: ``n_items`` (uint8) and, padded to the batch's longest list, ``items``
/// (int16, ``(N, K)``, numbers in ``item_ids``, -1 after the last), ``counts`` (uint8) and
/// ``values`` (uint16), both ``(N, K)``: how many times the item counts and what one is worth
/// (fan points or han), in the order ``hupai.score`` lists them.
#[pyclass(frozen, module = "hupai", name = "ScoreArrays")]
#[derive(Debug)]
pub struct ScoreArrays {
    rows: usize,
    family: &'static str,
    table: IdTable,
    error: Py<PyArray1<u8>>,
    total: Py<PyArray1<u32>>,
    fu: Py<PyArray1<u32>>,
    limit: Py<PyArray1<u8>>,
    yakuman: Py<PyArray1<u8>>,
    meets_minimum: Py<PyArray1<bool>>,
    points: Py<PyArray1<u32>>,
    ron: Py<PyArray1<i64>>,
    ron_others: Py<PyArray1<u32>>,
    tsumo_dealer: Py<PyArray1<i64>>,
    tsumo_others: Py<PyArray1<i64>>,
    n_items: Py<PyArray1<u8>>,
    items: Py<PyArray2<i16>>,
    counts: Py<PyArray2<u8>>,
    values: Py<PyArray2<u16>>,
    errors: Vec<(usize, RowError)>,
}

impl ScoreArrays {
    fn new(py: Python<'_>, out: Out, family: &'static str, table: IdTable) -> PyResult<Self> {
        let n = out.error.len();
        let k = out.n_items.iter().copied().max().unwrap_or(0).max(1) as usize;
        let mut items = vec![-1i16; n * k];
        let mut counts = vec![0u8; n * k];
        let mut values = vec![0u16; n * k];
        let mut next = out.items.iter();
        for (row, &m) in out.n_items.iter().enumerate() {
            for j in 0..m as usize {
                if let Some(&(id, count, value)) = next.next() {
                    items[row * k + j] = id;
                    counts[row * k + j] = count;
                    values[row * k + j] = value;
                }
            }
        }
        let shape_err = |e: numpy::ndarray::ShapeError| Error::Input(e.to_string());
        Ok(ScoreArrays {
            rows: n,
            family,
            table,
            error: out.error.into_pyarray(py).unbind(),
            total: out.total.into_pyarray(py).unbind(),
            fu: out.fu.into_pyarray(py).unbind(),
            limit: out.limit.into_pyarray(py).unbind(),
            yakuman: out.yakuman.into_pyarray(py).unbind(),
            meets_minimum: out.meets_minimum.into_pyarray(py).unbind(),
            points: out.points.into_pyarray(py).unbind(),
            ron: out.ron.into_pyarray(py).unbind(),
            ron_others: out.ron_others.into_pyarray(py).unbind(),
            tsumo_dealer: out.tsumo_dealer.into_pyarray(py).unbind(),
            tsumo_others: out.tsumo_others.into_pyarray(py).unbind(),
            n_items: out.n_items.into_pyarray(py).unbind(),
            items: Array2::from_shape_vec((n, k), items)
                .map_err(shape_err)?
                .into_pyarray(py)
                .unbind(),
            counts: Array2::from_shape_vec((n, k), counts)
                .map_err(shape_err)?
                .into_pyarray(py)
                .unbind(),
            values: Array2::from_shape_vec((n, k), values)
                .map_err(shape_err)?
                .into_pyarray(py)
                .unbind(),
            errors: out.errors,
        })
    }

    fn row_error(&self, i: usize) -> PyResult<Option<&RowError>> {
        if i >= self.rows {
            return Err(Error::Input(format!("row {i}: the batch has {} rows", self.rows)).into());
        }
        Ok(self.errors.binary_search_by_key(&i, |e| e.0).ok().map(|at| &self.errors[at].1))
    }
}

#[pymethods]
impl ScoreArrays {
    fn __len__(&self) -> usize {
        self.rows
    }

    /// The rules' family: ``mcr``, ``riichi`` or ``chinese``.
    #[getter]
    fn family(&self) -> &'static str {
        self.family
    }

    /// The id table ``items`` index: ``hupai.YAKU_IDS`` (riichi), ``hupai.FAN_IDS`` (MCR and
    /// Chinese) or ``hupai.SICHUAN_FAN_IDS`` (Sichuan).
    #[getter]
    fn item_ids(&self) -> Vec<&'static str> {
        self.table.items().into_iter().map(|i| i.as_str()).collect()
    }

    /// The English names of ``item_ids``, by number (``Nine Gates``, ``Riichi``).
    #[getter]
    fn item_names(&self) -> Vec<&'static str> {
        self.table.items().into_iter().map(|i| i.name()).collect()
    }

    /// The names of ``item_ids`` in the family's language, by number (九莲宝灯, 立直).
    #[getter]
    fn item_local_names(&self) -> Vec<&'static str> {
        self.table.items().into_iter().map(|i| i.local_name()).collect()
    }

    /// The message of row ``i``'s error (as ``hupai.score`` gives it), or None if it scored.
    fn message(&self, i: usize) -> PyResult<Option<String>> {
        Ok(self.row_error(i)?.map(|e| e.message()))
    }

    /// The exception ``hupai.score`` would raise for row ``i`` (not raised), or None.
    fn exception(&self, py: Python<'_>, i: usize) -> PyResult<Option<Py<PyAny>>> {
        let Some(e) = self.row_error(i)? else { return Ok(None) };
        let err: PyErr = e.to_error().into();
        Ok(Some(err.value(py).clone().into_any().unbind()))
    }

    /// Error code by row (uint8, 0 where the row scored; ``hupai.SCORE_ERRORS``).
    #[getter]
    fn error(&self, py: Python<'_>) -> Py<PyArray1<u8>> {
        self.error.clone_ref(py)
    }

    /// Fans (flowers included) or han (dora included) by row (uint32).
    #[getter]
    fn total(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.total.clone_ref(py)
    }

    /// Riichi fu by row (uint32; 0 in the other families).
    #[getter]
    fn fu(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.fu.clone_ref(py)
    }

    /// Riichi limit by row (uint8, a code of ``hupai.LIMITS``; 0: none).
    #[getter]
    fn limit(&self, py: Python<'_>) -> Py<PyArray1<u8>> {
        self.limit.clone_ref(py)
    }

    /// The yakuman multiple where ``limit`` is ``yakuman`` (uint8; 0 elsewhere).
    #[getter]
    fn yakuman(&self, py: Python<'_>) -> Py<PyArray1<u8>> {
        self.yakuman.clone_ref(py)
    }

    /// Whether the win reaches the rules' minimum (bool; MCR: 8 fans without flowers).
    #[getter]
    fn meets_minimum(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.meets_minimum.clone_ref(py)
    }

    /// Everything the winner receives, honba and riichi sticks included (uint32).
    #[getter]
    fn points(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.points.clone_ref(py)
    }

    /// What the discarder pays (int64; -1 when self-drawn).
    #[getter]
    fn ron(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.ron.clone_ref(py)
    }

    /// On a discard, what each of the other two non-winners pays (uint32; MCR: 8).
    #[getter]
    fn ron_others(&self, py: Python<'_>) -> Py<PyArray1<u32>> {
        self.ron_others.clone_ref(py)
    }

    /// Self-drawn: what the dealer pays (int64; -1 when the winner is the dealer or not
    /// self-drawn, and outside riichi).
    #[getter]
    fn tsumo_dealer(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.tsumo_dealer.clone_ref(py)
    }

    /// Self-drawn: what each (other) non-dealer pays, or each of the three (int64; -1 when not
    /// self-drawn).
    #[getter]
    fn tsumo_others(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.tsumo_others.clone_ref(py)
    }

    /// Number of items by row (uint8).
    #[getter]
    fn n_items(&self, py: Python<'_>) -> Py<PyArray1<u8>> {
        self.n_items.clone_ref(py)
    }

    /// Item numbers in ``item_ids`` (int16, ``(N, K)``; -1 after a row's last item).
    #[getter]
    fn items(&self, py: Python<'_>) -> Py<PyArray2<i16>> {
        self.items.clone_ref(py)
    }

    /// How many times each item counts (uint8, ``(N, K)``; 0 in padding).
    #[getter]
    fn counts(&self, py: Python<'_>) -> Py<PyArray2<u8>> {
        self.counts.clone_ref(py)
    }

    /// What one occurrence of each item is worth: fan points, or han (uint16, ``(N, K)``).
    #[getter]
    fn values(&self, py: Python<'_>) -> Py<PyArray2<u16>> {
        self.values.clone_ref(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "ScoreArrays(rows={}, family={:?}, errors={})",
            self.rows,
            self.family,
            self.errors.len()
        )
    }
}

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
    let family = match rules.family {
        Family::Mcr => "mcr",
        Family::Riichi => "riichi",
        Family::Chinese => "chinese",
    };
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
