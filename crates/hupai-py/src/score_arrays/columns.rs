//! Reading numpy arrays: integer columns (one value for all rows, or one per row) and per-row
//! matrices, checked for dtype and shape.

use numpy::{PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::errors::Error;

/// Integers read from an array: its bytes when it holds uint8 or bool (no conversion), else
/// its values as int64.
#[derive(Debug)]
pub(super) enum Ints {
    U8(Vec<u8>),
    I64(Vec<i64>),
}

impl Ints {
    pub(super) fn get(&self, i: usize) -> i64 {
        match self {
            Ints::U8(v) => i64::from(v[i]),
            Ints::I64(v) => v[i],
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Ints::U8(v) => v.len(),
            Ints::I64(v) => v.len(),
        }
    }
}

/// An integer column: one value for every row, or one per row.
#[derive(Debug)]
pub(super) enum Column {
    One(i64),
    Each(Ints),
}

impl Column {
    pub(super) fn get(&self, i: usize) -> i64 {
        match self {
            Column::One(v) => *v,
            Column::Each(v) => v.get(i),
        }
    }
}

/// A per-row array of `width` values a row, flattened.
#[derive(Debug)]
pub(super) struct Matrix {
    pub(super) data: Ints,
    pub(super) width: usize,
}

impl Matrix {
    pub(super) fn get(&self, i: usize, j: usize) -> i64 {
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
pub(super) fn int_array<'py>(
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
pub(super) fn column<'py>(
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
pub(super) enum Shape {
    /// `(n, width)`.
    Exactly(usize),
    /// `(n, w)` with any `w`.
    Any,
    /// `(n, m, 3)` with `m` at most 4 (the melds).
    Melds,
}

/// A per-row array of shape `shape`, flattened per row; None when not given.
pub(super) fn matrix<'py>(
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
