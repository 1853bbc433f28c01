//! `ScoreResults`: the scores of a batch as one read-only sequence, what `score_batch` returns
//! by default. Each entry's `ScoreResult` (or error dict) is made when the entry is read, so a
//! batch makes one Python object, not one per hand: making, tracking and freeing a Python
//! object per hand cost a sixth to a quarter of a batch of MCR lines, about what reading the
//! line costs.

use hupai_rules::Score;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PySlice, PySliceMethods};

use crate::score_result::ScoreResult;

/// One line of a batch: its score, or why it failed (`errors="dict"`).
#[derive(Debug)]
pub enum Entry {
    /// The line scored.
    Scored(Score),
    /// The line failed: the exception `score` would raise for it.
    Failed(PyErr),
}

/// The results of `score_batch`, one per line in order: a read-only sequence whose items are
/// made when read (a new object at each read). An item is a `ScoreResult`, or with
/// `errors="dict"` for a line that failed, {`error`: message, `type`: exception class name}.
/// It compares equal to the list of its items.
///
/// >>> rs = hupai.score_batch([{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}])
/// >>> len(rs), rs[0]["total"], rs[-1]["fans"][0]["id"]
/// (1, 91, 'nine_gates')
/// >>> rs == [hupai.score({"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"})]
/// True
#[pyclass(module = "hupai", frozen, sequence)]
#[derive(Debug)]
pub struct ScoreResults {
    entries: Vec<Entry>,
}

impl ScoreResults {
    /// The results of a batch, in order.
    pub fn new(entries: Vec<Entry>) -> ScoreResults {
        ScoreResults { entries }
    }

    /// The item of entry `i` (in range).
    fn item<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyAny>> {
        match self.entries.get(i) {
            Some(Entry::Scored(s)) => Ok(Bound::new(py, ScoreResult::new(s.clone()))?.into_any()),
            Some(Entry::Failed(err)) => Ok(error_dict(py, err)?.into_any()),
            None => Err(PyIndexError::new_err("ScoreResults index out of range")),
        }
    }

    /// Every item, in order, as a list.
    fn to_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items: Vec<_> =
            (0..self.entries.len()).map(|i| self.item(py, i)).collect::<PyResult<_>>()?;
        PyList::new(py, items)
    }
}

/// The dict of a line that failed, as `hupai score --json` prints it.
pub fn error_dict<'py>(py: Python<'py>, err: &PyErr) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("error", err.value(py).str()?)?;
    d.set_item("type", err.get_type(py).name()?)?;
    Ok(d)
}

#[pymethods]
impl ScoreResults {
    fn __len__(&self) -> usize {
        self.entries.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = self.entries.len();
        if let Ok(slice) = index.cast::<PySlice>() {
            let s = slice.indices(isize::try_from(n).unwrap_or(isize::MAX))?;
            let mut items = Vec::with_capacity(s.slicelength);
            let mut at = s.start;
            for _ in 0..s.slicelength {
                items.push(self.item(py, usize::try_from(at).unwrap_or(usize::MAX))?);
                at += s.step;
            }
            return Ok(PyList::new(py, items)?.into_any());
        }
        if !index.is_instance_of::<PyInt>() {
            let name = index.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "ScoreResults indices must be integers or slices, not {name}"
            )));
        }
        // An int too large for an index is out of range, as it is for a list.
        let at = index.extract::<isize>().ok().and_then(|i| {
            let i = if i < 0 { i.checked_add_unsigned(n)? } else { i };
            usize::try_from(i).ok().filter(|&a| a < n)
        });
        match at {
            Some(a) => self.item(py, a),
            None => Err(PyIndexError::new_err("ScoreResults index out of range")),
        }
    }

    /// The items, as a list (each made now).
    fn tolist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.to_list(py)
    }

    /// The index of the first item equal to `value` (from `start`, before `stop`); a
    /// `ValueError` if none is.
    #[pyo3(signature = (value, start = 0, stop = None))]
    fn index<'py>(
        &self,
        py: Python<'py>,
        value: &Bound<'py, PyAny>,
        start: isize,
        stop: Option<isize>,
    ) -> PyResult<usize> {
        // Negative bounds count from the end, as list.index's do.
        let n = self.entries.len();
        let bound = |i: isize| {
            let i = if i < 0 { i.saturating_add_unsigned(n) } else { i };
            usize::try_from(i).unwrap_or(0).min(n)
        };
        let stop = stop.map_or(n, bound);
        for i in bound(start)..stop {
            if self.item(py, i)?.eq(value)? {
                return Ok(i);
            }
        }
        Err(pyo3::exceptions::PyValueError::new_err("value is not in the ScoreResults"))
    }

    /// How many items equal `value`.
    fn count<'py>(&self, py: Python<'py>, value: &Bound<'py, PyAny>) -> PyResult<usize> {
        let mut count = 0;
        for i in 0..self.entries.len() {
            count += usize::from(self.item(py, i)?.eq(value)?);
        }
        Ok(count)
    }

    fn __eq__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        let mine = self.to_list(py)?;
        let equal = if let Ok(r) = other.cast::<ScoreResults>() {
            mine.eq(r.get().to_list(py)?)?
        } else if other.cast::<PyList>().is_ok() {
            mine.eq(other)?
        } else {
            return Ok(py.NotImplemented());
        };
        Ok(pyo3::types::PyBool::new(py, equal).to_owned().into_any().unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("ScoreResults({})", self.to_list(py)?.repr()?))
    }
}
