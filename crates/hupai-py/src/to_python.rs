//! Rust values to Python objects: through their `serde` form (the JSON the CLI prints), and a
//! direct converter for scores, the hot path of `score` and `score_batch`, with interned keys
//! and the item strings made once per process. Both give the same dicts (the tests compare
//! them with the CLI's JSON).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use hupai_rules::{Payments, ScoreItem, Variant};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde::Serialize;

use crate::errors::Error;
use crate::stored_scores::ScoreView;

/// `value` as Python dicts, lists, strings, numbers and None.
pub fn to_python<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| Error::Input(e.to_string()).into())
}

/// A fast hash of small keys: a text's address and length (the texts are `&'static str`:
/// equal addresses and lengths are the same text), or a score item's fields.
#[derive(Debug, Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The Python strings of the item texts (ids, names, local names), made once per process:
/// a fan table's few hundred texts, where making them anew cost about a third of a dict.
type Texts = HashMap<(usize, usize), Py<PyString>, BuildHasherDefault<AddressHasher>>;
static TEXTS: Mutex<Texts> = Mutex::new(HashMap::with_hasher(BuildHasherDefault::new()));

/// The dict of each score item met so far (by item and whether the score is riichi's, which
/// names the keys), made once per process: a dict copied from its template costs a fraction
/// of one made key by key. A bounded set: the items of the fan and yaku tables, each with the
/// few values and counts a hand can give it.
type ItemDicts = HashMap<(ScoreItem, bool), Py<PyDict>, BuildHasherDefault<AddressHasher>>;
static ITEM_DICTS: Mutex<ItemDicts> = Mutex::new(HashMap::with_hasher(BuildHasherDefault::new()));

/// The `points` dict of each payment met so far (by payments and whether the score is
/// riichi's), made once per process and copied: a copy costs a fraction of a dict made key by
/// key. Up to [`KEPT_POINTS`] of them (a few hundred for every MCR hand; riichi's honba and
/// sticks could make more), the others made each time; payments by payer (a list) are never
/// kept.
type PointsDicts = HashMap<(Payments, bool), Py<PyDict>, BuildHasherDefault<AddressHasher>>;
static POINTS_DICTS: Mutex<PointsDicts> =
    Mutex::new(HashMap::with_hasher(BuildHasherDefault::new()));

/// At most this many `points` templates are kept.
const KEPT_POINTS: usize = 4096;

/// Converts scores to the `hupai score --json` dicts.
#[derive(Debug, Default)]
pub struct ScoreDicts<'py> {
    _py: std::marker::PhantomData<Python<'py>>,
}

impl<'py> ScoreDicts<'py> {
    fn text(&mut self, py: Python<'py>, s: &'static str) -> Bound<'py, PyString> {
        let key = (s.as_ptr() as usize, s.len());
        // The lock is held for the lookup only, never across a call into Python.
        let found =
            TEXTS.lock().map(|texts| texts.get(&key).map(|t| t.clone_ref(py))).unwrap_or(None);
        match found {
            Some(t) => t.into_bound(py),
            None => {
                let t = PyString::new(py, s);
                if let Ok(mut texts) = TEXTS.lock() {
                    texts.insert(key, t.clone().unbind());
                }
                t
            }
        }
    }

    /// The dict of `score`.
    pub fn dict(&mut self, py: Python<'py>, score: ScoreView<'_>) -> PyResult<Bound<'py, PyAny>> {
        let d = PyDict::new(py);
        let riichi = score.variant == Variant::Riichi;
        for &key in keys(score.variant) {
            d.set_item(key_text(py, key, riichi), self.value(py, score, key)?)?;
        }
        Ok(d.into_any())
    }

    /// The value under `key` in the dict of `score` (one of [`keys`]).
    pub fn value(
        &mut self,
        py: Python<'py>,
        score: ScoreView<'_>,
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
            Key::Points => kept_points(py, score)?.into_any(),
        })
    }

    fn items(&mut self, py: Python<'py>, score: ScoreView<'_>) -> PyResult<Bound<'py, PyList>> {
        let riichi = score.variant == Variant::Riichi;
        // The list made at its length (None in every slot), then filled.
        let list = PyList::new(py, (0..score.items.len()).map(|_| py.None()))?;
        // The templates' lock is held while they are copied. A copy may run the collector,
        // and so Python code that makes a score's dict again: that call finds the lock taken
        // and makes its item dicts anew (so does any call while the lock is poisoned).
        let mut kept = ITEM_DICTS.try_lock().ok();
        for (i, item) in score.items.iter().enumerate() {
            let dict = match kept.as_mut() {
                Some(kept) => match kept.get(&(*item, riichi)) {
                    Some(template) => template.bind(py).copy()?,
                    None => {
                        let template = self.item_dict(py, item, riichi)?;
                        let dict = template.copy()?;
                        kept.insert((*item, riichi), template.unbind());
                        dict
                    }
                },
                None => self.item_dict(py, item, riichi)?,
            };
            list.set_item(i, dict)?;
        }
        Ok(list)
    }

    /// The dict of one item (a template: only copies of it are handed out).
    fn item_dict(
        &mut self,
        py: Python<'py>,
        item: &ScoreItem,
        riichi: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
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
        Ok(it)
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

/// The keys of the dict of a score of `variant`, in its order.
pub fn keys(variant: Variant) -> &'static [Key] {
    if variant == Variant::Riichi {
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

/// The `points` dict of `score`: a copy of the one kept for its payments (see
/// [`POINTS_DICTS`]), its `tsumo` dict copied too, or made and kept.
fn kept_points<'py>(py: Python<'py>, score: ScoreView<'_>) -> PyResult<Bound<'py, PyDict>> {
    let p = &score.payments;
    if p.by_payer.is_some() {
        return points(py, score);
    }
    let key = (*p, score.variant == Variant::Riichi);
    // The lock held while the template is copied (see `ScoreDicts::items`): a call made by
    // the collector meanwhile makes its dict anew.
    let Ok(mut kept) = POINTS_DICTS.try_lock() else {
        return points(py, score);
    };
    let template = match kept.get(&key) {
        Some(t) => t.bind(py).clone(),
        None => {
            let t = points(py, score)?;
            if kept.len() < KEPT_POINTS {
                kept.insert(key, t.clone().unbind());
            }
            t
        }
    };
    let copy = template.copy()?;
    // A self-drawn win's `tsumo` dict, shared by the copy, is copied in turn.
    if p.tsumo_dealer.is_some() || p.tsumo_others.is_some() {
        if let Some(tsumo) = template.get_item(intern!(py, "tsumo"))? {
            copy.set_item(intern!(py, "tsumo"), tsumo.cast::<PyDict>()?.copy()?)?;
        }
    }
    Ok(copy)
}

/// The `points` dict of `score` (the shape `hupai score --json` prints; `ron_others` only
/// in the Chinese families).
fn points<'py>(py: Python<'py>, score: ScoreView<'_>) -> PyResult<Bound<'py, PyDict>> {
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
