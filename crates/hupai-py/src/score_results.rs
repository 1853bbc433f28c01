//! `ScoreResults`: the scores of a batch as one read-only sequence, what `score_batch` returns
//! by default. Each entry's `ScoreResult` (or error dict) is made when the entry is read, so a
//! batch makes one Python object, not one per hand: making, tracking and freeing a Python
//! object per hand cost a sixth to a quarter of a batch of MCR lines, about what reading the
//! line costs.

use hupai_rules::Score;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice, PySliceMethods};

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

/// An index or a slice of the sequence.
#[derive(Debug, FromPyObject)]
pub enum Index<'py> {
    /// One item; negative counts from the end.
    At(isize),
    /// A list of the items of the slice.
    Slice(Bound<'py, PySlice>),
}

#[pymethods]
impl ScoreResults {
    fn __len__(&self) -> usize {
        self.entries.len()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: Index<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.entries.len();
        match index {
            Index::At(i) => {
                let at = if i < 0 { i.checked_add_unsigned(n) } else { Some(i) };
                match at.and_then(|a| usize::try_from(a).ok()).filter(|&a| a < n) {
                    Some(a) => self.item(py, a),
                    None => Err(PyIndexError::new_err("ScoreResults index out of range")),
                }
            }
            Index::Slice(slice) => {
                let s = slice.indices(isize::try_from(n).unwrap_or(isize::MAX))?;
                let mut items = Vec::with_capacity(s.slicelength);
                let mut at = s.start;
                for _ in 0..s.slicelength {
                    items.push(self.item(py, usize::try_from(at).unwrap_or(usize::MAX))?);
                    at += s.step;
                }
                Ok(PyList::new(py, items)?.into_any())
            }
        }
    }

    /// The items, as a list (each made now).
    fn tolist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.to_list(py)
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
