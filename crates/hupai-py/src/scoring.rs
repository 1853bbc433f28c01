//! Scoring: `hupai score` lines (dicts or JSON text) in, its result dicts out.

use hupai_rules::{LineError, RulesCache, Score, ScoreLine};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::Error;
use crate::rules::{cache, RulesArg};
use crate::to_python::ScoreDicts;

/// A score line: a dict with the fields `hupai score` reads, or its JSON text.
#[derive(Debug)]
pub struct LineArg(ScoreLine);

impl<'a, 'py> FromPyObject<'a, 'py> for LineArg {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<LineArg> {
        read_line(&ob)
    }
}

/// Reads a line from a dict or JSON text (the same `serde` reading as `hupai score`).
fn read_line(ob: &Bound<'_, PyAny>) -> PyResult<LineArg> {
    let line = if let Ok(text) = ob.cast::<PyString>() {
        serde_json::from_str(&text.to_cow()?).map_err(|e| Error::Input(e.to_string()))?
    } else {
        pythonize::depythonize(ob).map_err(|e| Error::Input(e.to_string()))?
    };
    Ok(LineArg(line))
}

fn score_one(
    line: &ScoreLine,
    rules: &Option<RulesArg>,
    cache: &mut RulesCache,
) -> Result<Score, LineError> {
    match rules {
        None => line.score(cache),
        Some(RulesArg::Name(name)) => line.score_with(cache.get(name)?),
        Some(RulesArg::Rules(r)) => line.score_with(&r.rules),
    }
}

/// Scores a winning hand given as a `hupai score` line and returns what `hupai score --json`
/// prints, as a dict. `rules`, when given, replaces the line's `rules`.
///
/// Riichi: `han`, `fu`, `limit`, `yaku` [{`id`, `name`, `ja`, `han`}], `points` {`total`,
/// `ron`, `tsumo` {`dealer`, `others`}}. MCR and Chinese: `total`, `meets_minimum`, `fans`
/// [{`id`, `name`, `zh`, `points`, `count`}].
///
/// >>> r = hupai.score({"rules": "riichi", "hand": "234789m1234566p6p", "win_tile": "6p",
/// ...                  "self_drawn": True, "riichi": True})
/// >>> r["han"], r["fu"], r["points"]["total"]
/// (3, 20, 3900)
/// >>> [f["id"] for f in hupai.score('{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}')["fans"]]
/// ['nine_gates', 'two_concealed_pungs', 'pung_of_terminals_or_honors']
#[pyfunction]
#[pyo3(signature = (line, rules = None))]
pub fn score<'py>(
    py: Python<'py>,
    line: LineArg,
    rules: Option<RulesArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let result = score_one(&line.0, &rules, &mut cache()).map_err(Error::from)?;
    ScoreDicts::default().dict(py, &result)
}

/// Scores many lines (dicts or JSON text); returns one result dict per line. With
/// `errors="raise"` the first line that fails raises its exception (its index in the note);
/// with `errors="dict"` a failed line gives {`error`: message, `type`: exception class name},
/// as `hupai score --json` prints it. The scoring runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (lines, rules = None, errors = "raise"))]
pub fn score_batch<'py>(
    py: Python<'py>,
    lines: Vec<Bound<'py, PyAny>>,
    rules: Option<RulesArg>,
    errors: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let as_dict = match errors {
        "raise" => false,
        "dict" => true,
        other => {
            return Err(Error::Input(format!("errors='{other}': use 'raise' or 'dict'")).into())
        }
    };
    let read: Vec<PyResult<LineArg>> = lines.iter().map(read_line).collect();
    let results: Vec<PyResult<Score>> = py.detach(|| {
        let mut cache = cache();
        read.into_iter()
            .map(|line| {
                let line = line?;
                score_one(&line.0, &rules, &mut cache).map_err(|e| Error::from(e).into())
            })
            .collect()
    });
    // The result dicts hold no cycles: Python's cyclic collector, which the many new dicts
    // would otherwise trigger over and over, is paused while they are built (about a sixth
    // of the batch's time on MCR hands) and resumed as it was, whatever happens.
    let gc = py.import("gc")?;
    let _paused = if gc.call_method0("isenabled")?.is_truthy()? {
        gc.call_method0("disable")?;
        Some(ResumeGc(gc))
    } else {
        None
    };
    let mut out = Vec::with_capacity(results.len());
    let mut dicts = ScoreDicts::default();
    for (i, result) in results.into_iter().enumerate() {
        match result {
            Ok(s) => out.push(dicts.dict(py, &s)?),
            Err(err) => {
                if !as_dict {
                    // Exception notes exist from Python 3.11 on.
                    if let Ok(add_note) = err.value(py).getattr("add_note") {
                        add_note.call1((format!("line {i} of the batch"),))?;
                    }
                    return Err(err);
                }
                let d = pyo3::types::PyDict::new(py);
                d.set_item("error", err.value(py).str()?)?;
                d.set_item("type", err.get_type(py).name()?)?;
                out.push(d.into_any());
            }
        }
    }
    Ok(out)
}

/// Enables Python's cyclic garbage collector again when dropped.
struct ResumeGc<'py>(Bound<'py, PyModule>);

impl Drop for ResumeGc<'_> {
    fn drop(&mut self) {
        // Enabling cannot fail in practice; an error here has nowhere to go.
        let _ = self.0.call_method0("enable");
    }
}

/// The functions, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    Ok(())
}
