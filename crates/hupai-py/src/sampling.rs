//! Uniform draws from action masks, a batch at a time: for masks a program has changed
//! itself (an action ruled out, a curriculum), where `Batch.sample` draws from the batch's own
//! legal ids.

use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::errors::Error;

/// A 2-D mask: bool or uint8 (non-zero is allowed).
#[derive(Debug, FromPyObject)]
pub enum Masks<'py> {
    /// A bool array.
    Bool(PyReadonlyArray2<'py, bool>),
    /// A uint8 array.
    Bytes(PyReadonlyArray2<'py, u8>),
}

/// One allowed column per row of `mask` drawn uniformly (int64, ``(B,)``), for a ``(B, N)``
/// bool or uint8 array such as ``Batch.mask``: ``venv.step(hupai.sample_masks(b.mask, rng))``.
/// ``rng`` is a ``numpy.random.Generator`` (or anything whose ``random(B)`` returns ``B``
/// floats in ``[0, 1)``), called once for the whole batch; row ``i`` takes the
/// ``floor(u[i] * k)``-th of its ``k`` allowed columns in increasing order. A row with nothing
/// allowed raises ``InputError``.
///
/// >>> m = np.array([[0, 1, 1, 0], [1, 0, 0, 0]], dtype=bool)
/// >>> hupai.sample_masks(m, np.random.default_rng(0)).tolist()
/// [2, 0]
#[pyfunction]
pub fn sample_masks<'py>(
    py: Python<'py>,
    mask: Masks<'py>,
    rng: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let rows = match &mask {
        Masks::Bool(m) => m.as_array().dim().0,
        Masks::Bytes(m) => m.as_array().dim().0,
    };
    let u = rng.call_method1("random", (rows,))?;
    let u: PyReadonlyArray1<'py, f64> = u.extract()?;
    let u = u.as_slice().map_err(|e| Error::Input(format!("rng.random: {e}")))?.to_vec();
    if u.len() != rows {
        return Err(Error::Input(format!("rng.random({rows}) gave {} numbers", u.len())).into());
    }
    let out = match &mask {
        Masks::Bool(m) => draw(m.as_array(), &u, |b| b),
        Masks::Bytes(m) => draw(m.as_array(), &u, |b| b != 0),
    }?;
    Ok(out.into_pyarray(py))
}

/// Columns a block: the allowed columns are counted a block at a time (a loop the compiler
/// vectorises), and only the block that holds the draw is walked column by column.
const BLOCK: usize = 32;

/// Row `i`'s `floor(u[i] * k)`-th allowed column of its `k`.
fn draw<T: Copy>(
    mask: numpy::ndarray::ArrayView2<'_, T>,
    u: &[f64],
    allowed: impl Fn(T) -> bool + Copy,
) -> Result<Vec<i64>, Error> {
    let mut copy = Vec::new();
    mask.rows()
        .into_iter()
        .zip(u)
        .enumerate()
        .map(|(i, (row, &x))| {
            if !(0.0..1.0).contains(&x) {
                return Err(Error::Input(format!(
                    "rng.random gave {x} for row {i}: not in [0, 1)"
                )));
            }
            let row = match row.as_slice() {
                Some(r) => r,
                None => {
                    copy.clear();
                    copy.extend(row.iter().copied());
                    &copy[..]
                }
            };
            let in_block = |b: &[T]| b.iter().map(|&v| u32::from(allowed(v))).sum::<u32>();
            let count: u32 = row.chunks(BLOCK).map(in_block).sum();
            if count == 0 {
                return Err(Error::Input(format!("row {i} of the mask allows nothing")));
            }
            // `x < 1`, so the product is below `count` but for rounding.
            let mut k = ((x * f64::from(count)) as u32).min(count - 1);
            for (b, block) in row.chunks(BLOCK).enumerate() {
                let here = in_block(block);
                if k < here {
                    let col =
                        block.iter().enumerate().filter(|&(_, &v)| allowed(v)).nth(k as usize);
                    return Ok(col.map_or(-1, |(c, _)| (b * BLOCK + c) as i64));
                }
                k -= here;
            }
            Ok(-1)
        })
        .collect()
}

/// The functions, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sample_masks, m)?)?;
    Ok(())
}
