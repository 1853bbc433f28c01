//! The Rust model runtime from Python: the logits hupai's `model:FILE.onnx` agents compute,
//! for checking an export against the network that was trained (they must agree within
//! float rounding).

use std::path::PathBuf;

use hupai_ai::model::Model;
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2, PyReadonlyArray2, PyReadonlyArray3};
use pyo3::prelude::*;

use crate::errors::Error;

/// The logits (float32, ``(n, ACTIONS)``) of the ONNX model in ``path`` for ``planes``
/// (uint8, ``(n, planes, 34)``) and ``scalars`` (float32, ``(n, scalars)``) of the model's
/// encoding (its ``hupai.encoding`` metadata, ``hupai.ENCODINGS``), computed by the
/// Rust runtime that ``model:PATH`` agents play with.
#[pyfunction]
pub fn model_logits<'py>(
    py: Python<'py>,
    path: PathBuf,
    planes: PyReadonlyArray3<'py, u8>,
    scalars: PyReadonlyArray2<'py, f32>,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    let model = Model::load(&path).map_err(|e| Error::Input(e.to_string()))?;
    let n = planes.as_array().shape()[0];
    let p = planes.as_slice().map_err(|e| Error::Input(format!("planes: {e}")))?.to_vec();
    let s = scalars.as_slice().map_err(|e| Error::Input(format!("scalars: {e}")))?.to_vec();
    let logits = py.detach(|| model.logits(n, &p, &s)).map_err(|e| Error::Input(e.to_string()))?;
    let rows = Array2::from_shape_vec((n, hupai_ai::action_space::ACTIONS), logits)
        .map_err(|e| Error::Input(e.to_string()))?;
    Ok(rows.into_pyarray(py))
}
