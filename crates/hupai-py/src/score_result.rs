//! `ScoreResults` and `ScoreResult`: what `score_batch` returns by default, a read-only
//! sequence of one result per line whose items are made when they are read, each a score as
//! a read-only mapping whose values are made when they are read. Making the dict of a score
//! (its items' dicts, the points) costs more than scoring an MCR hand, and making and freeing
//! one Python object a line costs about an eighth of a line's batch; a batch whose results
//! are only counted, filtered or partly read should not pay either for every hand.

use std::sync::Arc;

use hupai_rules::Variant;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PySlice, PyString, PyTuple};

use crate::errors::Class;
use crate::gc_pause::pause_gc;
use crate::stored_scores::{ScoreHead, ScoreView, StoredScores};
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
    /// The scores of the batch (shared with its `ScoreResults`: no copy per result).
    scores: Arc<StoredScores>,
    /// This result's score in `scores`; in range (a result is made only for a score held).
    index: usize,
}

impl ScoreResult {
    fn score(&self) -> PyResult<ScoreView<'_>> {
        self.scores.get(self.index).ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err(
                "internal error: a batch's score went missing (a bug; please report it)",
            )
        })
    }

    fn riichi(&self) -> PyResult<bool> {
        Ok(self.score()?.variant == Variant::Riichi)
    }

    fn find(&self, name: &str) -> PyResult<Option<Key>> {
        let score = self.score()?;
        let riichi = score.variant == Variant::Riichi;
        Ok(keys(score.variant).iter().copied().find(|&k| key_name(k, riichi) == name))
    }

    fn key_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let score = self.score()?;
        let riichi = score.variant == Variant::Riichi;
        PyList::new(py, keys(score.variant).iter().map(|&k| key_text(py, k, riichi)))
    }
}

#[pymethods]
impl ScoreResult {
    /// The dict `hupai.score` returns for this hand.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ScoreDicts::default().dict(py, self.score()?)
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let found = match key.cast::<PyString>().ok().and_then(|k| k.to_cow().ok()) {
            Some(name) => self.find(&name)?,
            None => None,
        };
        match found {
            Some(k) => ScoreDicts::default().value(py, self.score()?, k),
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
        if self.__contains__(key)? {
            self.__getitem__(py, key)
        } else {
            Ok(default.unwrap_or_else(|| py.None().into_bound(py)))
        }
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(keys(self.score()?.variant).len())
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match key.cast::<PyString>().ok().and_then(|k| k.to_cow().ok()) {
            Some(name) => self.find(&name)?.is_some(),
            None => false,
        })
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
        let score = self.score()?;
        let values: Vec<_> = keys(score.variant)
            .iter()
            .map(|&k| dicts.value(py, score, k))
            .collect::<PyResult<_>>()?;
        PyList::new(py, values)
    }

    /// The (key, value) pairs, in the keys' order.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let score = self.score()?;
        let riichi = self.riichi()?;
        let mut dicts = ScoreDicts::default();
        let items: Vec<_> = keys(score.variant)
            .iter()
            .map(|&k| Ok((key_text(py, k, riichi).clone(), dicts.value(py, score, k)?)))
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

/// One line's answer in a batch: its score (an index into the batch's scores), or what
/// failed (`errors="dict"`): hupai's error class and message, its dict made when it is read,
/// or the `{"error", "type"}` dict made already (an exception raised in Python).
#[derive(Debug)]
enum Answer {
    Scored(usize),
    Error(Class, String),
    Failed(Py<PyAny>),
}

/// `{"error": message, "type": class name}`, what `errors="dict"` gives for a failed line.
pub fn error_dict<'py>(
    py: Python<'py>,
    class: Class,
    message: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(pyo3::intern!(py, "error"), message)?;
    d.set_item(pyo3::intern!(py, "type"), class.type_object(py).name()?)?;
    Ok(d)
}

/// The answers of a batch, one a line, as they are gathered before the batch is returned.
#[derive(Debug, Default)]
pub struct Answers {
    scores: StoredScores,
    answers: Vec<Answer>,
}

impl Answers {
    /// Room for `n` lines.
    pub fn with_capacity(n: usize) -> Answers {
        Answers { scores: StoredScores::with_capacity(n), answers: Vec::with_capacity(n) }
    }

    /// The next line's score (its items in the batch's items, given at the end).
    pub fn push_score(&mut self, score: ScoreHead) {
        let index = self.scores.push(score);
        self.answers.push(Answer::Scored(index));
    }

    /// The next line's error dict.
    pub fn push_failed(&mut self, dict: Py<PyAny>) {
        self.answers.push(Answer::Failed(dict));
    }

    /// The next line's error, its dict made when it is read.
    pub fn push_error(&mut self, class: Class, message: String) {
        self.answers.push(Answer::Error(class, message));
    }

    /// The sequence `score_batch` returns, the scores' items in `items`.
    pub fn into_results(mut self, items: crate::stored_scores::Items) -> ScoreResults {
        self.scores.set_items(items);
        ScoreResults { scores: Arc::new(self.scores), answers: self.answers }
    }
}

/// The results of `score_batch`, one a line in the lines' order: a read-only sequence
/// (`collections.abc.Sequence`) whose items are made when they are read, a `ScoreResult` for
/// a scored line and the `{"error", "type"}` dict of a failed one (`errors="dict"`; a new
/// dict at each read for hupai's own errors, as for a `ScoreResult`). It
/// compares equal to the list of those items (so to a list of `hupai.score`'s dicts);
/// `list(results)` makes that list. A `ScoreResult` read twice is two equal objects.
///
/// >>> rs = hupai.score_batch([{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}] * 2)
/// >>> len(rs), rs[0]["total"], [r["total"] for r in rs]
/// (2, 91, [91, 91])
#[pyclass(module = "hupai", frozen, sequence)]
#[derive(Debug)]
pub struct ScoreResults {
    scores: Arc<StoredScores>,
    answers: Vec<Answer>,
}

impl ScoreResults {
    /// The item of line `i`.
    fn item<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyAny>> {
        match self.answers.get(i) {
            Some(Answer::Scored(index)) => {
                let result = ScoreResult { scores: Arc::clone(&self.scores), index: *index };
                Ok(Bound::new(py, result)?.into_any())
            }
            Some(Answer::Error(class, message)) => Ok(error_dict(py, *class, message)?.into_any()),
            Some(Answer::Failed(dict)) => Ok(dict.clone_ref(py).into_bound(py)),
            None => Err(PyIndexError::new_err("score_batch result index out of range")),
        }
    }

    /// Every item, in order, as a list.
    fn to_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // The results hold no cycles: the collector is paused while they are made.
        let _paused = pause_gc(py)?;
        let items: Vec<_> =
            (0..self.answers.len()).map(|i| self.item(py, i)).collect::<PyResult<_>>()?;
        PyList::new(py, items)
    }
}

#[pymethods]
impl ScoreResults {
    fn __len__(&self) -> usize {
        self.answers.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = self.answers.len();
        if let Ok(slice) = index.cast::<PySlice>() {
            let s = slice.indices(n as isize)?;
            let mut items = Vec::with_capacity(s.slicelength);
            let mut at = s.start;
            for _ in 0..s.slicelength {
                items.push(self.item(py, at as usize)?);
                at += s.step;
            }
            return Ok(PyList::new(py, items)?.into_any());
        }
        let i: isize = index.extract()?;
        let i = if i < 0 { i + n as isize } else { i };
        if i < 0 {
            return Err(PyIndexError::new_err("score_batch result index out of range"));
        }
        self.item(py, i as usize)
    }

    /// An iterator over the list of every item, made at once (as a batch made them before):
    /// reading every result costs what a list of them did.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.to_list(py)?.try_iter()
    }

    /// The index of the first item equal to `value`.
    #[pyo3(signature = (value, /))]
    fn index(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<usize> {
        for i in 0..self.answers.len() {
            if self.item(py, i)?.eq(value)? {
                return Ok(i);
            }
        }
        Err(PyValueError::new_err("value not in the score_batch results"))
    }

    /// How many items equal `value`.
    #[pyo3(signature = (value, /))]
    fn count(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mut n = 0;
        for i in 0..self.answers.len() {
            n += usize::from(self.item(py, i)?.eq(value)?);
        }
        Ok(n)
    }

    fn __eq__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        let other: Bound<'py, PyAny> = if let Ok(r) = other.cast::<ScoreResults>() {
            r.get().to_list(py)?.into_any()
        } else if other.cast::<PyList>().is_ok() || other.cast::<PyTuple>().is_ok() {
            other.clone()
        } else {
            return Ok(py.NotImplemented());
        };
        let mut equal = other.len()? == self.answers.len();
        let mut i = 0;
        while equal && i < self.answers.len() {
            equal = self.item(py, i)?.eq(other.get_item(i)?)?;
            i += 1;
        }
        Ok(pyo3::types::PyBool::new(py, equal).to_owned().into_any().unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("ScoreResults({})", self.to_list(py)?.repr()?))
    }
}
