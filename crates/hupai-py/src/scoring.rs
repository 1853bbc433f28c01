//! Scoring: `hupai score` lines (dicts or JSON text) in, its result dicts out.

use std::ops::Range;

use hupai_core::Hand;
use hupai_rules::{LineError, Rules, RulesCache, Score, ScoreLine, ScoreLineRef, WinContext};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use crate::errors::Error;
use crate::gc_pause::pause_gc;
use crate::line_dict;
use crate::rules::{cache, RulesArg};
use crate::score_result::{error_dict, Answers, ScoreResult, ScoreResults};
use crate::stored_scores::{Items, ScoreHead, ScoreView};
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

/// Reads a line from a dict or JSON text (the same `serde` reading as `hupai score`; a dict
/// of the usual fields and types is read directly, see [`line_dict`]).
fn read_line(ob: &Bound<'_, PyAny>) -> PyResult<LineArg> {
    if let Ok(d) = ob.cast_exact::<PyDict>() {
        if let Some(line) = line_dict::read(d).and_then(line_dict::DictLine::into_line) {
            return Ok(LineArg(line));
        }
    }
    read_other_line(ob)
}

/// A line that is not a dict of the common shape: JSON text, or read through `serde`.
fn read_other_line(ob: &Bound<'_, PyAny>) -> PyResult<LineArg> {
    let line = if let Ok(text) = ob.cast::<PyString>() {
        parse_json(&text.to_cow()?)?
    } else {
        pythonize::depythonize(ob).map_err(|e| Error::Input(e.to_string()))?
    };
    Ok(LineArg(line))
}

/// A line's JSON text, read as `hupai score` reads it.
fn parse_json(text: &str) -> Result<ScoreLine, Error> {
    match ScoreLine::read_plain_json(text) {
        Some(line) => Ok(line),
        None => serde_json::from_str(text).map_err(|e| Error::Input(e.to_string())),
    }
}

/// The rules a line is scored under: those the call names (`rules=`), else those the line
/// names (`named`), loaded on first use.
fn rules_for<'c>(
    rules: &'c Option<RulesArg>,
    named: &str,
    cache: &'c mut RulesCache,
) -> Result<&'c Rules, LineError> {
    Ok(match rules {
        None => cache.get(named)?,
        Some(RulesArg::Name(name)) => cache.get(name)?,
        Some(RulesArg::Rules(r)) => &r.rules,
    })
}

/// `line` scored under [`rules_for`], the rules it names from the shared cache.
fn score_owned(line: &ScoreLine, rules: &Option<RulesArg>) -> Result<Score, LineError> {
    line.score_with(rules_for(rules, &line.rules, &mut cache())?)
}

/// A line of a batch as read: its own texts (a dict read through `serde`), borrowed (from the
/// batch's text of JSON lines, or from a JSON `str` of its list), a dict of the common shape
/// (its texts copied into the batch's text of dict texts, at these two ranges: no copy of the
/// rules' name when it is the `str` the line before named), a JSON `str` of another iterable
/// (the `i`-th held, its text borrowed), or a JSON text of its own; the last two are read when
/// they are scored, with the GIL released.
enum BatchLine<'a> {
    Owned(ScoreLine),
    Borrowed(ScoreLineRef<'a>),
    Dict(WinContext, Range<usize>, Range<usize>),
    Held(usize),
    Text(String),
}

/// The texts a batch's lines borrow: the dicts' texts one after the other, and the JSON `str`s
/// held, in the lines' order.
#[derive(Default)]
struct BatchTexts<'a> {
    dicts: &'a str,
    held: Vec<&'a str>,
}

impl BatchLine<'_> {
    /// Scored under [`rules_for`], its texts in `texts`; a JSON text is read first (its error,
    /// if any, is the line's).
    fn score(
        &self,
        texts: &BatchTexts<'_>,
        rules: &Option<RulesArg>,
        cache: &mut RulesCache,
    ) -> Result<Score, Failure> {
        let scored = |line: Result<Score, LineError>| line.map_err(|e| Failure::Hupai(e.into()));
        match self {
            BatchLine::Owned(line) => {
                scored(rules_for(rules, &line.rules, cache).and_then(|r| line.score_with(r)))
            }
            BatchLine::Borrowed(line) => {
                scored(rules_for(rules, line.rules, cache).and_then(|r| line.score_with(r)))
            }
            BatchLine::Dict(context, rules_at, hand_at) => {
                let text = |at: &Range<usize>| texts.dicts.get(at.clone()).ok_or_else(missing_text);
                let (name, hand) = (text(rules_at)?, text(hand_at)?);
                scored(rules_for(rules, name, cache).and_then(|r| score_text(r, hand, context)))
            }
            BatchLine::Held(i) => {
                let text = texts.held.get(*i).ok_or_else(missing_text)?;
                read_json_line(text)?.score(texts, rules, cache)
            }
            BatchLine::Text(text) => read_json_line(text)?.score(texts, rules, cache),
        }
    }
}

/// Hand text scored under `rules`, as a [`ScoreLineRef`] with these fields is (the context
/// borrowed, not moved into a line).
fn score_text(rules: &Rules, hand: &str, context: &WinContext) -> Result<Score, LineError> {
    let hand: Hand = hand.parse()?;
    Ok(hupai_rules::score(rules, &hand, context)?)
}

/// The text of a `str` (a subclass too, as `read_one` takes it) that has a UTF-8 form,
/// borrowed from it.
fn str_text<'a>(line: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    line.cast::<PyString>().ok()?.to_str().ok()
}

/// A batch line's text not where it was kept: a bug.
fn missing_text() -> Failure {
    Failure::Python(pyo3::exceptions::PyRuntimeError::new_err(
        "internal error: a batch line's text went missing (a bug; please report it)",
    ))
}

/// Why a line of a batch has no score: reading it raised in Python (a dict `serde` refused,
/// an iterator that failed), or hupai's own error, kept as it is until the batch is answered
/// (`errors="dict"` needs only its class and message, not the exception).
enum Failure {
    Python(PyErr),
    Hupai(Error),
}

impl From<PyErr> for Failure {
    fn from(e: PyErr) -> Failure {
        Failure::Python(e)
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Hupai(e)
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        match f {
            Failure::Python(e) => e,
            Failure::Hupai(e) => e.into(),
        }
    }
}

impl Failure {
    /// `{"error": message, "type": class name}`, what `errors="dict"` gives for the line:
    /// the exception's `str` and its class's `__name__`, the exception made only when
    /// reading the line raised it.
    fn dict<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        match self {
            Failure::Python(err) => {
                let d = PyDict::new(py);
                d.set_item(intern!(py, "error"), err.value(py).str()?)?;
                d.set_item(intern!(py, "type"), err.get_type(py).name()?)?;
                Ok(d)
            }
            Failure::Hupai(e) => {
                let (class, message) = e.class_and_message();
                error_dict(py, class, &message)
            }
        }
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
    line: &Bound<'py, PyAny>,
    rules: Option<RulesArg>,
) -> PyResult<Bound<'py, PyAny>> {
    // A dict of the common shape is scored with its texts borrowed (no copy of the rules'
    // name and the hand text); any other line as `read_line` reads it.
    let dict_line = line.cast_exact::<PyDict>().ok().and_then(line_dict::read);
    let result = match dict_line {
        Some(d) => match (d.rules.to_str(), d.hand.to_str()) {
            (Ok(rules_name), Ok(hand)) => {
                let line = ScoreLineRef { rules: rules_name, hand, context: d.context };
                rules_for(&rules, line.rules, &mut cache()).and_then(|r| line.score_with(r))
            }
            // A text without a UTF-8 form: `serde` names the error.
            _ => score_owned(&read_other_line(line)?.0, &rules),
        },
        None => score_owned(&read_other_line(line)?.0, &rules),
    }
    .map_err(Error::from)?;
    ScoreDicts::default().dict(py, ScoreView::from(&result))
}

/// Scores many lines and returns one result per line, in order. `lines` is a sequence (any
/// iterable) of dicts or JSON texts, or one `str` or `bytes` of JSON lines (one line each,
/// blank lines skipped, as `hupai score` reads a file; read in Rust). The lines are read,
/// then scored with the GIL released.
///
/// The results are a `ScoreResults`, a read-only sequence of one item a line, each made when
/// it is read: a `ScoreResult` (a read-only mapping with the keys and values of the dict
/// `hupai.score` returns, each made when read) for a scored line. It compares equal to the
/// list of its items; `list()` makes that list. `as_dicts=True` gives a list of those dicts
/// instead (made for every hand: slower when the results are only partly read). With `errors="raise"` the
/// first line that fails raises its exception (its index in the note); with `errors="dict"`
/// a failed line gives {`error`: message, `type`: exception class name}, as `hupai score
/// --json` prints it.
///
/// `threads` scoring threads (1, the default: the calling thread; 0: one per core; fewer for
/// batches under 256 lines a thread): the lines are read and the results made on the calling
/// thread, the scoring between is split.
#[pyfunction]
#[pyo3(signature = (lines, rules = None, errors = "raise", as_dicts = false, threads = 1))]
pub fn score_batch<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyAny>,
    rules: Option<RulesArg>,
    errors: &str,
    as_dicts: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let errors_as_dicts = match errors {
        "raise" => false,
        "dict" => true,
        other => {
            return Err(Error::Input(format!("errors='{other}': use 'raise' or 'dict'")).into())
        }
    };
    let score_all = |read| score_lines(read, &BatchTexts::default(), &rules, threads);
    let (results, items): (Vec<Result<ScoreHead, Failure>>, Items) =
        if let Ok(text) = lines.cast::<PyBytes>() {
            let bytes = text.as_bytes();
            py.detach(|| score_all(json_lines(bytes)))
        } else if let Ok(text) = lines.cast::<PyString>() {
            // Read in place (a `str` keeps its UTF-8 form); one with lone surrogates has none, and
            // its encoding raises, as before.
            let utf8;
            let bytes = match text.to_str() {
                Ok(whole) => whole.as_bytes(),
                Err(_) => {
                    utf8 = text.encode_utf8()?;
                    utf8.as_bytes()
                }
            };
            py.detach(|| score_all(json_lines(bytes)))
        } else {
            // The JSON `str`s a line's text is borrowed from, held until the batch is scored:
            // CPython 3.10 and later read a `str`'s UTF-8 text in place. A list's items are
            // held whole (below); another iterable's `str`s here, in the lines' order. A
            // dict's two texts are copied into one text while the dict is read (a few dozen bytes:
            // less than holding its strings and reading them again, scattered over the heap,
            // when the batch is scored).
            let mut held: Vec<Bound<'py, PyString>> = Vec::new();
            let mut dict_texts = String::new();
            // The rules' `str` of the last dict line and where its text was copied.
            let mut last_rules: Option<(Bound<'py, PyString>, Range<usize>)> = None;
            let mut read_one = |line: &Bound<'py, PyAny>| -> Result<BatchLine<'static>, Failure> {
                if let Ok(text) = line.cast::<PyString>() {
                    if text.to_str().is_err() {
                        return Ok(BatchLine::Text(text.to_cow()?.into_owned()));
                    }
                    held.push(text.clone());
                    return Ok(BatchLine::Held(held.len() - 1));
                }
                if let Ok(d) = line.cast_exact::<PyDict>() {
                    if let Some(d) = line_dict::read(d) {
                        let rules_at = match &last_rules {
                            Some((rules, at)) if rules.is(&d.rules) => Some(at.clone()),
                            _ => d.rules.to_str().ok().map(|rules| {
                                dict_texts.push_str(rules);
                                dict_texts.len() - rules.len()..dict_texts.len()
                            }),
                        };
                        if let (Some(rules_at), Ok(hand)) = (rules_at, d.hand.to_str()) {
                            dict_texts.push_str(hand);
                            let hand_at = dict_texts.len() - hand.len()..dict_texts.len();
                            last_rules = Some((d.rules, rules_at.clone()));
                            return Ok(BatchLine::Dict(d.context, rules_at, hand_at));
                        }
                    }
                }
                Ok(BatchLine::Owned(read_other_line(line)?.0))
            };
            let list_items: Vec<Bound<'py, PyAny>>;
            let read: Vec<Result<BatchLine<'_>, Failure>> = match lines.cast::<PyList>() {
                // The items held first, in a pass of their own: its loop is short enough for
                // the processor to overlap the cache misses of many dicts' headers, where the
                // reading waits for each in turn. Dicts made amid other objects lie scattered
                // over the heap. On the bench's riichi dicts, medians of alternating runs:
                // 1.26 µs a line against 1.43 without this pass while another process streamed
                // through memory on the other core, 0.92 against 0.96 on the idle machine;
                // no change on compact dicts (`json.loads`'s). A JSON `str` of the list is read
                // there and then, its text borrowed from the items held, as a text of JSON
                // lines is read before its lines are scored: while the text is in the cache
                // (riichi JSON `str`s 0.561–0.574 µs a line against 0.571–0.589 read when
                // scored, three pairs of `bench.py` runs).
                Ok(list) => {
                    list_items = list.iter().collect();
                    (list_items.iter())
                        .map(|line| match str_text(line) {
                            Some(text) => read_json_line(text).map_err(Failure::from),
                            None => read_one(line),
                        })
                        .collect()
                }
                Err(_) => lines.try_iter()?.map(|line| read_one(&line?)).collect(),
            };
            let texts = BatchTexts {
                dicts: &dict_texts,
                held: held.iter().map(|s| s.to_str()).collect::<PyResult<_>>()?,
            };
            py.detach(|| score_lines(read, &texts, &rules, threads))
        };
    // The results hold no cycles: Python's cyclic collector, which the many new objects
    // would otherwise trigger over and over, is paused while they are made (about a sixth
    // of the batch's time on MCR hands) and resumed as it was, whatever happens.
    let _paused = pause_gc(py)?;
    let mut out = Vec::with_capacity(if as_dicts { results.len() } else { 0 });
    let mut answers = Answers::with_capacity(if as_dicts { 0 } else { results.len() });
    let mut dicts = ScoreDicts::default();
    for (i, result) in results.into_iter().enumerate() {
        match result {
            Ok(s) if as_dicts => out.push(dicts.dict(py, s.view(&items))?),
            Ok(s) => answers.push_score(s),
            Err(failure) if errors_as_dicts && as_dicts => out.push(failure.dict(py)?.into_any()),
            Err(Failure::Hupai(e)) if errors_as_dicts => {
                let (class, message) = e.class_and_message();
                answers.push_error(class, message);
            }
            Err(failure) if errors_as_dicts => {
                answers.push_failed(failure.dict(py)?.into_any().unbind())
            }
            Err(failure) => {
                let err = PyErr::from(failure);
                // Exception notes exist from Python 3.11 on.
                if let Ok(add_note) = err.value(py).getattr("add_note") {
                    add_note.call1((format!("line {i} of the batch"),))?;
                }
                return Err(err);
            }
        }
    }
    if as_dicts {
        Ok(PyList::new(py, out)?.into_any())
    } else {
        Ok(Bound::new(py, answers.into_results(items))?.into_any())
    }
}

/// Lines below which one more scoring thread does not pay for itself.
const LINES_PER_THREAD: usize = 256;

/// Scores `read` on `threads` threads (see `score_batch`), in order: each line's score, its
/// items kept in the vector returned beside (see [`crate::stored_scores`]).
fn score_lines(
    read: Vec<Result<BatchLine<'_>, Failure>>,
    texts: &BatchTexts<'_>,
    rules: &Option<RulesArg>,
    threads: usize,
) -> (Vec<Result<ScoreHead, Failure>>, Items) {
    let score_part = |part: Vec<Result<BatchLine<'_>, Failure>>, cache: &mut RulesCache| {
        let mut items = Items::with_capacity(part.len() * 4);
        let heads = part
            .into_iter()
            .map(|line| Ok(ScoreHead::keep(line?.score(texts, rules, cache)?, &mut items)))
            .collect::<Vec<Result<ScoreHead, Failure>>>();
        (heads, items)
    };
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let threads = if threads == 0 { cores } else { threads };
    let threads = threads.min(read.len().div_ceil(LINES_PER_THREAD)).max(1);
    if threads == 1 {
        return score_part(read, &mut cache());
    }
    // Contiguous parts, one a thread, the calling thread taking the first; each helper loads
    // the rules it needs into a cache of its own.
    let size = read.len().div_ceil(threads);
    let mut parts = Vec::with_capacity(threads);
    let mut lines = read.into_iter();
    loop {
        let part: Vec<_> = lines.by_ref().take(size).collect();
        if part.is_empty() {
            break;
        }
        parts.push(part);
    }
    let mut parts = parts.into_iter();
    let first = parts.next().unwrap_or_default();
    std::thread::scope(|s| {
        let helpers: Vec<_> = parts
            .map(|part| {
                let n = part.len();
                (n, s.spawn(move || score_part(part, &mut RulesCache::default())))
            })
            .collect();
        let (mut out, mut items) = score_part(first, &mut cache());
        for (n, helper) in helpers {
            match helper.join() {
                Ok((done, done_items)) => {
                    let offset = items.len();
                    items.extend(done_items);
                    out.extend(done.into_iter().map(|head| Ok(head?.shifted(offset))));
                }
                // A panic in the scorer is a bug; its part's lines fail, not the process.
                Err(_) => out.extend((0..n).map(|_| {
                    Err(Failure::Python(pyo3::panic::PanicException::new_err(
                        "internal error: a scoring thread panicked (a bug; please report it)",
                    )))
                })),
            }
        }
        (out, items)
    })
}

/// The JSON lines of `text` read as `hupai score` reads them (blank lines skipped); a line of
/// the common shape keeps its texts in `text`.
fn json_lines(text: &[u8]) -> Vec<Result<BatchLine<'_>, Failure>> {
    // Room for lines of the usual length (counting the newlines first cost a pass over the
    // text, about 170 instructions a line); longer or shorter lines grow it as needed.
    let mut out = Vec::with_capacity(text.len() / 64 + 1);
    // Text that is UTF-8 as a whole (a `str`'s always is) is checked once, not line by line.
    if let Ok(whole) = std::str::from_utf8(text) {
        // A line of the common shape is read where it starts and tells where the next one
        // does; any other line (a blank one too) is found first, then read.
        let mut at = 0;
        while at < whole.len() {
            if let Some((line, next)) = ScoreLineRef::read_plain_json_line(whole, at) {
                out.push(Ok(BatchLine::Borrowed(line)));
                at = next;
                continue;
            }
            let end = whole[at..].find('\n').map_or(whole.len(), |n| at + n);
            let line = &whole[at..end];
            if !line.trim_ascii().is_empty() {
                out.push(read_json_line(line).map_err(Failure::from));
            }
            at = end + 1;
        }
    } else {
        let lines = text.split(|&b| b == b'\n').filter(|line| !line.trim_ascii().is_empty());
        out.extend(lines.map(|line| {
            let line = std::str::from_utf8(line)
                .map_err(|e| Error::Input(format!("a line that is not UTF-8: {e}")))?;
            Ok(read_json_line(line)?)
        }));
    }
    out
}

/// One JSON line: its texts borrowed when it has the common shape, read by `serde` otherwise.
fn read_json_line(line: &str) -> Result<BatchLine<'_>, Error> {
    match ScoreLineRef::read_plain_json(line) {
        Some(line) => Ok(BatchLine::Borrowed(line)),
        None => Ok(BatchLine::Owned(parse_json(line)?)),
    }
}

/// The functions, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    m.add_class::<ScoreResult>()?;
    m.add_class::<ScoreResults>()?;
    Ok(())
}
