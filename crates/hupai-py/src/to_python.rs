//! Rust values to Python objects: through their `serde` form (the JSON the CLI prints), and a
//! direct converter for scores, the hot path of `score_batch`, with interned keys and the
//! item strings made once per batch. Both give the same dicts (the tests compare them with
//! the CLI's JSON).

use std::collections::HashMap;

use hupai_rules::{Score, Variant};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde::Serialize;

use crate::errors::Error;

/// `value` as Python dicts, lists, strings, numbers and None.
pub fn to_python<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| Error::Input(e.to_string()).into())
}

/// Converts scores to the `hupai score --json` dicts, keeping the item strings it made.
#[derive(Debug, Default)]
pub struct ScoreDicts<'py> {
    strings: HashMap<&'static str, Bound<'py, PyString>>,
}

impl<'py> ScoreDicts<'py> {
    fn text(&mut self, py: Python<'py>, s: &'static str) -> Bound<'py, PyString> {
        self.strings.entry(s).or_insert_with(|| PyString::new(py, s)).clone()
    }

    /// The dict of `score`.
    pub fn dict(&mut self, py: Python<'py>, score: &Score) -> PyResult<Bound<'py, PyAny>> {
        let d = PyDict::new(py);
        let riichi = score.variant == Variant::Riichi;
        for &key in keys(score) {
            d.set_item(key_text(py, key, riichi), self.value(py, score, key)?)?;
        }
        Ok(d.into_any())
    }

    /// The value under `key` in the dict of `score` (one of [`keys`]).
    pub fn value(
        &mut self,
        py: Python<'py>,
        score: &Score,
        key: Key,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(match key {
            Key::Han | Key::Total => score.total.into_pyobject(py)?.into_any(),
            Key::Fu => score.fu.into_pyobject(py)?.into_any(),
            Key::Limit => score.limit.map(|l| l.name()).into_pyobject(py)?.into_any(),
            Key::MeetsMinimum => {
                pyo3::types::PyBool::new(py, score.meets_minimum).to_owned().into_any()
            }
            Key::Items => self.items(py, score)?.into_any(),
            Key::Points => points(py, score)?.into_any(),
        })
    }

    fn items(&mut self, py: Python<'py>, score: &Score) -> PyResult<Bound<'py, PyList>> {
        let riichi = score.variant == Variant::Riichi;
        let items = PyList::empty(py);
        for item in &score.items {
            let it = PyDict::new(py);
            it.set_item(intern!(py, "id"), self.text(py, item.id.as_str()))?;
            it.set_item(intern!(py, "name"), self.text(py, item.name()))?;
            if riichi {
                it.set_item(intern!(py, "ja"), self.text(py, item.local_name()))?;
                it.set_item(intern!(py, "han"), item.value * item.count)?;
            } else {
                it.set_item(intern!(py, "zh"), self.text(py, item.local_name()))?;
                it.set_item(intern!(py, "points"), item.value)?;
                it.set_item(intern!(py, "count"), item.count)?;
            }
            items.append(it)?;
        }
        Ok(items)
    }
}

/// A key of a score's dict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `han` (riichi).
    Han,
    /// `fu` (riichi).
    Fu,
    /// `limit` (riichi).
    Limit,
    /// `total` (the Chinese families).
    Total,
    /// `meets_minimum` (the Chinese families).
    MeetsMinimum,
    /// `yaku` (riichi) or `fans`.
    Items,
    /// `points`.
    Points,
}

const RIICHI_KEYS: [Key; 5] = [Key::Han, Key::Fu, Key::Limit, Key::Items, Key::Points];
const CHINESE_KEYS: [Key; 4] = [Key::Total, Key::MeetsMinimum, Key::Items, Key::Points];

/// The keys of the dict of `score`, in its order.
pub fn keys(score: &Score) -> &'static [Key] {
    if score.variant == Variant::Riichi {
        &RIICHI_KEYS
    } else {
        &CHINESE_KEYS
    }
}

/// The text of `key` in the dict of a score of `riichi` or not.
pub fn key_name(key: Key, riichi: bool) -> &'static str {
    match key {
        Key::Han => "han",
        Key::Fu => "fu",
        Key::Limit => "limit",
        Key::Total => "total",
        Key::MeetsMinimum => "meets_minimum",
        Key::Items if riichi => "yaku",
        Key::Items => "fans",
        Key::Points => "points",
    }
}

/// The interned Python string of `key` in the dict of a score of `riichi` or not.
pub fn key_text(py: Python<'_>, key: Key, riichi: bool) -> &Bound<'_, PyString> {
    match key {
        Key::Han => intern!(py, "han"),
        Key::Fu => intern!(py, "fu"),
        Key::Limit => intern!(py, "limit"),
        Key::Total => intern!(py, "total"),
        Key::MeetsMinimum => intern!(py, "meets_minimum"),
        Key::Items if riichi => intern!(py, "yaku"),
        Key::Items => intern!(py, "fans"),
        Key::Points => intern!(py, "points"),
    }
}

/// The `points` dict of `score` (the shape `hupai score --json` prints; `ron_others` only
/// in the Chinese families).
fn points<'py>(py: Python<'py>, score: &Score) -> PyResult<Bound<'py, PyDict>> {
    let p = &score.payments;
    let points = PyDict::new(py);
    points.set_item(intern!(py, "total"), p.total)?;
    points.set_item(intern!(py, "ron"), p.ron)?;
    if score.variant != Variant::Riichi {
        points.set_item(intern!(py, "ron_others"), p.ron_others)?;
    }
    if let Some(by_payer) = p.by_payer {
        points.set_item(intern!(py, "by_payer"), by_payer.to_vec())?;
    }
    if p.tsumo_dealer.is_none() && p.tsumo_others.is_none() {
        points.set_item(intern!(py, "tsumo"), py.None())?;
    } else {
        let t = PyDict::new(py);
        t.set_item(intern!(py, "dealer"), p.tsumo_dealer)?;
        t.set_item(intern!(py, "others"), p.tsumo_others)?;
        points.set_item(intern!(py, "tsumo"), t)?;
    }
    Ok(points)
}
