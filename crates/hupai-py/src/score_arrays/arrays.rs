//! `ScoreArrays`: the result columns of `score_arrays` as numpy arrays, with each failed
//! row's message and exception.

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::prelude::*;

use super::id_table::IdTable;
use super::out::Out;
use super::row_error::RowError;
use crate::errors::Error;

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
    pub(super) fn new(
        py: Python<'_>,
        out: Out,
        family: &'static str,
        table: IdTable,
    ) -> PyResult<Self> {
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
