//! Batch analysis over numpy arrays of 34-count hands, with the GIL released.

use hupai_core::{
    is_agari_with_jokers, shanten_with_jokers, ukeire_count, ukeire_with_jokers, waits_with_jokers,
    Counts, Form, FormSet, Kind,
};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::errors::Error;
use crate::rules::RulesArg;

/// A per-hand number: one for all hands, or an array of one per hand.
#[derive(Debug, FromPyObject)]
pub enum PerHand<'py> {
    /// The same for every hand.
    One(u8),
    /// One per hand.
    Each(PyReadonlyArray1<'py, u8>),
}

/// The hands of a batch, read and checked: counts, then jokers and melds of each.
struct Batch {
    counts: Vec<Counts>,
    jokers: Vec<u8>,
    melds: Vec<u8>,
}

/// The rows of an (N, 34) array as counts (a contiguous array is read as one slice).
fn rows_of(array: &PyReadonlyArray2<'_, u8>) -> Result<Vec<Counts>, Error> {
    let a = array.as_array();
    let (n, width) = a.dim();
    if width != 34 {
        return Err(Error::Input(format!("an array of shape ({n}, {width}): use (N, 34)")));
    }
    let row = |values: &mut dyn Iterator<Item = u8>| {
        let mut c = Counts::EMPTY;
        for (slot, v) in c.0.iter_mut().zip(values) {
            *slot = v;
        }
        c
    };
    Ok(match a.as_slice() {
        Some(flat) => flat.chunks_exact(34).map(|r| row(&mut r.iter().copied())).collect(),
        None => a.rows().into_iter().map(|r| row(&mut r.iter().copied())).collect(),
    })
}

fn per_hand(value: &PerHand<'_>, n: usize, what: &str) -> Result<Vec<u8>, Error> {
    match value {
        PerHand::One(v) => Ok(vec![*v; n]),
        PerHand::Each(a) => {
            let v = a.as_array().to_vec();
            if v.len() != n {
                return Err(Error::Input(format!("{} {what} for {n} hands", v.len())));
            }
            Ok(v)
        }
    }
}

impl Batch {
    fn read(
        hands: &PyReadonlyArray2<'_, u8>,
        melds: &PerHand<'_>,
        jokers: &PerHand<'_>,
    ) -> Result<Batch, Error> {
        let n = hands.as_array().dim().0;
        let melds = per_hand(melds, n, "meld counts")?;
        let jokers = per_hand(jokers, n, "joker counts")?;
        let counts = rows_of(hands)?;
        for (i, c) in counts.iter().enumerate() {
            if let Some(kind) = Kind::all().find(|&k| c.get(k) > 4) {
                return Err(Error::Input(format!("hand {i}: {} copies of {kind}", c.get(kind))));
            }
            if melds[i] > 4 {
                return Err(Error::Input(format!("hand {i}: {} melds, at most 4", melds[i])));
            }
            let tiles = c.total() + jokers[i] as u32 + 3 * melds[i] as u32;
            if tiles > 14 {
                return Err(Error::Input(format!(
                    "hand {i}: {tiles} tiles counting each meld as 3, at most 14"
                )));
            }
        }
        Ok(Batch { counts, jokers, melds })
    }

    fn map<T: Send>(&self, py: Python<'_>, f: impl Fn(&Counts, u8, u8) -> T + Sync) -> Vec<T> {
        py.detach(|| {
            self.counts
                .iter()
                .zip(&self.jokers)
                .zip(&self.melds)
                .map(|((counts, &jokers), &melds)| f(counts, jokers, melds))
                .collect()
        })
    }
}

fn kind_mask(bits: u64) -> [bool; 34] {
    std::array::from_fn(|k| bits >> k & 1 == 1)
}

fn bool_rows<'py>(py: Python<'py>, rows: Vec<[bool; 34]>) -> Bound<'py, PyArray2<bool>> {
    let n = rows.len();
    let flat: Vec<bool> = rows.into_iter().flatten().collect();
    let array = Array2::from_shape_vec((n, 34), flat).unwrap_or_else(|_| Array2::default((0, 34)));
    array.into_pyarray(py)
}

/// Shanten of each hand (an (N, 34) uint8 array of concealed counts), int8; `melds` and
/// `jokers` are one number for all hands or a uint8 array of one per hand. 127 where no
/// allowed form fits the melds.
///
/// >>> hands = np.array([hupai.to_34("123m456p789s1122z")], dtype=np.uint8)
/// >>> hupai.shanten_batch(hands).tolist()
/// [0]
#[pyfunction]
#[pyo3(
    signature = (hands, rules = RulesArg::riichi(), melds = PerHand::One(0), jokers = PerHand::One(0)),
    text_signature = "(hands, rules='riichi', melds=0, jokers=0)"
)]
pub fn shanten_batch<'py>(
    py: Python<'py>,
    hands: PyReadonlyArray2<'py, u8>,
    rules: RulesArg,
    melds: PerHand<'py>,
    jokers: PerHand<'py>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let forms = rules.forms()?;
    let batch = Batch::read(&hands, &melds, &jokers)?;
    let out = batch.map(py, |c, jokers, melds| shanten_with_jokers(c, jokers, melds, forms));
    Ok(out.into_pyarray(py))
}

/// Shanten of each hand per form, an (N, 5) int8 array in the order regular, seven pairs,
/// thirteen orphans, honours-and-knitted, knitted straight; 127 where the rules or the melds
/// rule a form out.
///
/// >>> hands = np.array([hupai.to_34("1122m3344p5566s7z")], dtype=np.uint8)
/// >>> hupai.form_shanten_batch(hands).tolist()
/// [[3, 0, 10, 127, 127]]
#[pyfunction]
#[pyo3(
    signature = (hands, rules = RulesArg::riichi(), melds = PerHand::One(0), jokers = PerHand::One(0)),
    text_signature = "(hands, rules='riichi', melds=0, jokers=0)"
)]
pub fn form_shanten_batch<'py>(
    py: Python<'py>,
    hands: PyReadonlyArray2<'py, u8>,
    rules: RulesArg,
    melds: PerHand<'py>,
    jokers: PerHand<'py>,
) -> PyResult<Bound<'py, PyArray2<i8>>> {
    let forms = rules.forms()?;
    let batch = Batch::read(&hands, &melds, &jokers)?;
    let quads = forms.quads_as_two_pairs();
    let out = batch.map(py, |c, jokers, melds| {
        Form::ALL.map(|form| {
            if !forms.contains(form) {
                return i8::MAX;
            }
            let only = FormSet::EMPTY.with(form).with_quads_as_two_pairs(quads);
            shanten_with_jokers(c, jokers, melds, only)
        })
    });
    let n = out.len();
    let flat: Vec<i8> = out.into_iter().flatten().collect();
    let array = Array2::from_shape_vec((n, 5), flat).unwrap_or_else(|_| Array2::default((0, 5)));
    Ok(array.into_pyarray(py))
}

/// Whether each hand is complete, a bool array.
///
/// >>> hands = np.array([hupai.to_34("123m456p789s11122z")], dtype=np.uint8)
/// >>> hupai.agari_batch(hands).tolist()
/// [True]
#[pyfunction]
#[pyo3(
    signature = (hands, rules = RulesArg::riichi(), melds = PerHand::One(0), jokers = PerHand::One(0)),
    text_signature = "(hands, rules='riichi', melds=0, jokers=0)"
)]
pub fn agari_batch<'py>(
    py: Python<'py>,
    hands: PyReadonlyArray2<'py, u8>,
    rules: RulesArg,
    melds: PerHand<'py>,
    jokers: PerHand<'py>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let forms = rules.forms()?;
    let batch = Batch::read(&hands, &melds, &jokers)?;
    let out = batch.map(py, |c, jokers, melds| is_agari_with_jokers(c, jokers, melds, forms));
    Ok(out.into_pyarray(py))
}

/// The waits of each hand of 3n+1 tiles, an (N, 34) bool array (kind k waited on).
///
/// >>> hands = np.array([hupai.to_34("123m456p789s1122z")], dtype=np.uint8)
/// >>> np.flatnonzero(hupai.waits_batch(hands)[0]).tolist()
/// [27, 28]
#[pyfunction]
#[pyo3(
    signature = (hands, rules = RulesArg::riichi(), melds = PerHand::One(0), jokers = PerHand::One(0)),
    text_signature = "(hands, rules='riichi', melds=0, jokers=0)"
)]
pub fn waits_batch<'py>(
    py: Python<'py>,
    hands: PyReadonlyArray2<'py, u8>,
    rules: RulesArg,
    melds: PerHand<'py>,
    jokers: PerHand<'py>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let forms = rules.forms()?;
    let batch = Batch::read(&hands, &melds, &jokers)?;
    let out = batch
        .map(py, |c, jokers, melds| kind_mask(waits_with_jokers(c, jokers, melds, forms).bits()));
    Ok(bool_rows(py, out))
}

/// The effective tiles of each hand, an (N, 34) bool array, and how many of their copies are
/// unseen, a uint32 array (four less the hand and `visible`, an (N, 34) uint8 array of tiles
/// seen outside each hand).
///
/// >>> hands = np.array([hupai.to_34("123m456p789s1122z")], dtype=np.uint8)
/// >>> tiles, count = hupai.ukeire_batch(hands)
/// >>> np.flatnonzero(tiles[0]).tolist(), count.tolist()
/// ([27, 28], [4])
#[pyfunction]
#[pyo3(
    signature = (hands, rules = RulesArg::riichi(), melds = PerHand::One(0), jokers = PerHand::One(0), visible = None),
    text_signature = "(hands, rules='riichi', melds=0, jokers=0, visible=None)"
)]
pub fn ukeire_batch<'py>(
    py: Python<'py>,
    hands: PyReadonlyArray2<'py, u8>,
    rules: RulesArg,
    melds: PerHand<'py>,
    jokers: PerHand<'py>,
    visible: Option<PyReadonlyArray2<'py, u8>>,
) -> PyResult<UkeireArrays<'py>> {
    let forms = rules.forms()?;
    let batch = Batch::read(&hands, &melds, &jokers)?;
    let n = batch.counts.len();
    let seen: Vec<Counts> = match &visible {
        None => vec![Counts::EMPTY; n],
        Some(v) => {
            let rows = rows_of(v)?;
            if rows.len() != n {
                return Err(
                    Error::Input(format!("{} visible rows for {n} hands", rows.len())).into()
                );
            }
            rows
        }
    };
    let out: Vec<([bool; 34], u32)> = py.detach(|| {
        (0..n)
            .map(|i| {
                let (c, j, m) = (&batch.counts[i], batch.jokers[i], batch.melds[i]);
                if j == 0 {
                    let (set, count) = ukeire_count(c, m, forms, &seen[i]);
                    (kind_mask(set.bits()), count)
                } else {
                    let set = ukeire_with_jokers(c, j, m, forms);
                    let count = set
                        .iter()
                        .map(|k| 4u32.saturating_sub(c.get(k) as u32 + seen[i].get(k) as u32))
                        .sum();
                    (kind_mask(set.bits()), count)
                }
            })
            .collect()
    });
    let (masks, counts): (Vec<[bool; 34]>, Vec<u32>) = out.into_iter().unzip();
    Ok((bool_rows(py, masks), counts.into_pyarray(py)))
}

/// The effective tiles of each hand and their unseen copies.
type UkeireArrays<'py> = (Bound<'py, PyArray2<bool>>, Bound<'py, PyArray1<u32>>);

/// The functions, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten_batch, m)?)?;
    m.add_function(wrap_pyfunction!(form_shanten_batch, m)?)?;
    m.add_function(wrap_pyfunction!(agari_batch, m)?)?;
    m.add_function(wrap_pyfunction!(waits_batch, m)?)?;
    m.add_function(wrap_pyfunction!(ukeire_batch, m)?)?;
    Ok(())
}
