//! `ScoreResult`: a score as a read-only mapping whose values are made when they are read,
//! what `score_batch` returns by default. Making the dict of a score (its items' dicts, the
//! points) costs more than scoring an MCR hand; a batch whose results are only counted,
//! filtered or partly read should not pay it for every hand.

use hupai_rules::{Score, Variant};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::to_python::{key_name, key_text, keys, Key, ScoreDicts};

/// One scored hand of `score_batch`: a read-only mapping with the keys and values of the dict
/// `hupai.score` returns, each value made when it is read (a new object at each read).
/// `to_dict()` gives that dict; it compares equal to it.
///
/// >>> r = hupai.score_batch([{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}])[0]
/// >>> r["total"], r["fans"][0]["id"], list(r)
/// (91, 'nine_gates', ['total', 'meets_minimum', 'fans', 'points'])
/// >>> r == hupai.score({"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"})
/// True
#[pyclass(module = "hupai", frozen, mapping)]
#[derive(Debug)]
pub struct ScoreResult {
    score: Score,
}

impl ScoreResult {
    /// The result of `score`.
    pub fn new(score: Score) -> ScoreResult {
        ScoreResult { score }
    }

    fn riichi(&self) -> bool {
        self.score.variant == Variant::Riichi
    }

    fn find(&self, name: &str) -> Option<Key> {
        let riichi = self.riichi();
        keys(&self.score).iter().copied().find(|&k| key_name(k, riichi) == name)
    }

    fn key_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let riichi = self.riichi();
        PyList::new(py, keys(&self.score).iter().map(|&k| key_text(py, k, riichi)))
    }
}

#[pymethods]
impl ScoreResult {
    /// The dict `hupai.score` returns for this hand.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ScoreDicts::default().dict(py, &self.score)
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let found = key.cast::<PyString>().ok().and_then(|k| self.find(&k.to_cow().ok()?));
        match found {
            Some(k) => ScoreDicts::default().value(py, &self.score, k),
            None => Err(pyo3::exceptions::PyKeyError::new_err(key.clone().unbind())),
        }
    }

    /// The value under `key`, or `default`.
    #[pyo3(signature = (key, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if self.__contains__(key) {
            self.__getitem__(py, key)
        } else {
            Ok(default.unwrap_or_else(|| py.None().into_bound(py)))
        }
    }

    fn __len__(&self) -> usize {
        keys(&self.score).len()
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> bool {
        key.cast::<PyString>().ok().and_then(|k| self.find(&k.to_cow().ok()?)).is_some()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.key_list(py)?.into_any().try_iter().map(Bound::into_any)
    }

    /// The keys, in the dict's order.
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.key_list(py)
    }

    /// The values, in the keys' order.
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut dicts = ScoreDicts::default();
        let values: Vec<_> = keys(&self.score)
            .iter()
            .map(|&k| dicts.value(py, &self.score, k))
            .collect::<PyResult<_>>()?;
        PyList::new(py, values)
    }

    /// The (key, value) pairs, in the keys' order.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let riichi = self.riichi();
        let mut dicts = ScoreDicts::default();
        let items: Vec<_> = keys(&self.score)
            .iter()
            .map(|&k| Ok((key_text(py, k, riichi).clone(), dicts.value(py, &self.score, k)?)))
            .collect::<PyResult<_>>()?;
        PyList::new(py, items)
    }

    fn __eq__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        let mine = self.to_dict(py)?;
        let equal = if let Ok(r) = other.cast::<ScoreResult>() {
            mine.eq(r.get().to_dict(py)?)?
        } else if other.cast::<PyDict>().is_ok() {
            mine.eq(other)?
        } else {
            return Ok(py.NotImplemented());
        };
        Ok(pyo3::types::PyBool::new(py, equal).to_owned().into_any().unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("ScoreResult({})", self.to_dict(py)?.repr()?))
    }
}
