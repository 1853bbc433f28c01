//! Rust values to Python objects through their `serde` form (the JSON the CLI prints).

use pyo3::prelude::*;
use serde::Serialize;

use crate::errors::Error;

/// `value` as Python dicts, lists, strings, numbers and None.
pub fn to_python<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| Error::Input(e.to_string()).into())
}
