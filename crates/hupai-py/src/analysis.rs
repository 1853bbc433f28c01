//! Analysis of one hand: shanten, waits, effective tiles, the `hupai analyze --json` object.

use hupai_core::{Counts, Form, Hand, KindSet};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::Error;
use crate::rules::RulesArg;
use crate::tiles::{counts_of, TileText};

/// A hand argument: hand text (melds and jokers allowed), or 34 counts of concealed tiles.
#[derive(Debug, FromPyObject)]
pub enum HandArg {
    /// Hand text in any notation.
    Text(String),
    /// 34 counts.
    Counts(Vec<u8>),
}

impl HandArg {
    /// The hand, checked.
    pub fn hand(&self) -> Result<Hand, Error> {
        match self {
            HandArg::Text(s) => Ok(s.parse()?),
            HandArg::Counts(v) => Ok(Hand::new(counts_of(v)?, &[])?),
        }
    }
}

fn names(set: KindSet) -> Vec<String> {
    set.iter().map(|k| k.to_string()).collect()
}

fn visible_counts(visible: Option<TileText>) -> Result<Counts, Error> {
    let mut counts = Counts::EMPTY;
    for (kind, _) in visible.map(|v| v.tiles()).transpose()?.unwrap_or_default() {
        if counts.get(kind) == 4 {
            return Err(Error::Tile(format!("five copies of {kind} visible")));
        }
        counts.add(kind);
    }
    Ok(counts)
}

/// Shanten over the rules' forms: -1 complete, 0 ready, n exchanges from ready.
///
/// >>> hupai.shanten("123m456p789s1122z")
/// 0
/// >>> hupai.shanten("147m258p369s1234z", rules="mcr")
/// 0
#[pyfunction]
#[pyo3(signature = (hand, rules = RulesArg::riichi()), text_signature = "(hand, rules='riichi')")]
pub fn shanten(hand: HandArg, rules: RulesArg) -> Result<i8, Error> {
    let forms = rules.forms()?;
    let hand = hand.hand()?;
    match hand.shanten(forms) {
        i8::MAX => Err(Error::Analysis("no allowed form fits this many declared melds".into())),
        s => Ok(s),
    }
}

/// Shanten per form (`regular`, `seven_pairs`, `thirteen_orphans`, `honors_knitted`,
/// `knitted_straight`), None where the rules or the melds rule the form out.
///
/// >>> hupai.form_shanten("1122m3344p5566s7z")["seven_pairs"]
/// 0
#[pyfunction]
#[pyo3(signature = (hand, rules = RulesArg::riichi()), text_signature = "(hand, rules='riichi')")]
pub fn form_shanten<'py>(
    py: Python<'py>,
    hand: HandArg,
    rules: RulesArg,
) -> PyResult<Bound<'py, PyDict>> {
    let forms = rules.forms()?;
    let hand = hand.hand()?;
    let dict = PyDict::new(py);
    for form in Form::ALL {
        dict.set_item(form.name(), hand.form_shanten(form, forms))?;
    }
    Ok(dict)
}

/// Whether a hand of 3n+2 tiles is complete.
///
/// >>> hupai.is_agari("123m456p789s11122z")
/// True
#[pyfunction]
#[pyo3(signature = (hand, rules = RulesArg::riichi()), text_signature = "(hand, rules='riichi')")]
pub fn is_agari(hand: HandArg, rules: RulesArg) -> Result<bool, Error> {
    let forms = rules.forms()?;
    Ok(hand.hand()?.is_agari(forms))
}

/// The tiles that complete a hand of 3n+1 tiles, in MPSZ.
///
/// >>> hupai.waits("1112345678999m")
/// ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
#[pyfunction]
#[pyo3(signature = (hand, rules = RulesArg::riichi()), text_signature = "(hand, rules='riichi')")]
pub fn waits(hand: HandArg, rules: RulesArg) -> Result<Vec<String>, Error> {
    let forms = rules.forms()?;
    Ok(names(hand.hand()?.waits(forms)))
}

/// The effective tiles (those whose draw lowers shanten) and how many copies are unseen, the
/// hand and `visible` (tiles seen outside it) aside.
///
/// >>> hupai.ukeire("123m456p789s1122z", visible="1z")
/// (['1z', '2z'], 3)
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::riichi(), visible = None),
    text_signature = "(hand, rules='riichi', visible=None)"
)]
pub fn ukeire(
    hand: HandArg,
    rules: RulesArg,
    visible: Option<TileText>,
) -> Result<(Vec<String>, u32), Error> {
    let forms = rules.forms()?;
    let (set, count) = hand.hand()?.ukeire_count(forms, &visible_counts(visible)?);
    Ok((names(set), count))
}

/// Everything `hupai analyze --json` prints for a hand, as a dict: `hand`, `tiles`, `agari`,
/// `shanten`, `forms`, `waits`, `ukeire` ({`tiles`, `count`} or None) and `discards` (for
/// 3n+2 hands, best first: {`discard`, `shanten`, `ukeire`, `count`}).
///
/// >>> a = hupai.analyze("123m456p789s11223z")
/// >>> a["discards"][0]
/// {'discard': '3z', 'shanten': 0, 'ukeire': ['1z', '2z'], 'count': 4}
#[pyfunction]
#[pyo3(
    signature = (hand, rules = RulesArg::riichi(), visible = None),
    text_signature = "(hand, rules='riichi', visible=None)"
)]
pub fn analyze<'py>(
    py: Python<'py>,
    hand: HandArg,
    rules: RulesArg,
    visible: Option<TileText>,
) -> PyResult<Bound<'py, PyAny>> {
    let forms = rules.forms()?;
    let analysis = hand.hand()?.analysis(forms, &visible_counts(visible)?).map_err(Error::from)?;
    crate::to_python::to_python(py, &analysis)
}

/// The functions, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(form_shanten, m)?)?;
    m.add_function(wrap_pyfunction!(is_agari, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    m.add_function(wrap_pyfunction!(ukeire, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    Ok(())
}
