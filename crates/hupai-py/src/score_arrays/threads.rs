//! Scoring the rows on several threads, each taking chunks of rows in turn; a panic in the
//! scorer fails its row only.

use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};

use hupai_core::Kind;
use hupai_rules::{score, Rules, WinContext};

use super::id_table::IdTable;
use super::inputs::Inputs;
use super::out::Out;
use super::row_error::RowError;

/// Rows below which one more thread does not pay for itself.
const ROWS_PER_THREAD: usize = 128;

/// Rows a thread takes at a time.
const CHUNK: usize = 256;

/// Scores rows `rows` of `inputs`.
fn score_rows(inputs: &Inputs, rules: &Rules, table: IdTable, rows: Range<usize>) -> Out {
    let mut out = Out::with_capacity(rows.len());
    let mut ctx = WinContext::new(Kind::default(), false);
    for i in rows {
        // A panic in the scorer is a bug; it fails its row, not the batch or the process.
        let result = catch_unwind(AssertUnwindSafe(|| {
            let hand = inputs.row(i, &mut ctx)?;
            score(rules, &hand, &ctx).map_err(RowError::Score)
        }));
        match result {
            Ok(Ok(s)) => out.push(i, &s, table),
            Ok(Err(e)) => out.push_error(i, e),
            Err(_) => {
                let m = "internal error: the scorer panicked on this row (a bug; please report it)";
                out.push_error(i, RowError::Internal(m.into()));
                ctx = WinContext::new(Kind::default(), false);
            }
        }
    }
    out
}

/// Scores every row on `threads` threads (0: one per core), fewer for small batches: the
/// calling thread and `threads - 1` more take chunks of rows in turn until none is left, so
/// a thread that the machine's other work holds back takes fewer (a fixed split would wait
/// for it).
pub(super) fn score_all(inputs: &Inputs, rules: &Rules, table: IdTable, threads: usize) -> Out {
    let n = inputs.n;
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let threads = if threads == 0 { cores } else { threads };
    let threads = threads.min(n.div_ceil(ROWS_PER_THREAD)).max(1);
    if threads == 1 {
        return score_rows(inputs, rules, table, 0..n);
    }
    let chunks = n.div_ceil(CHUNK);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let c = next.fetch_add(1, Ordering::Relaxed);
            if c >= chunks {
                return done;
            }
            let rows = c * CHUNK..((c + 1) * CHUNK).min(n);
            done.push((c, score_rows(inputs, rules, table, rows)));
        }
    };
    let mut parts: Vec<(usize, Out)> = std::thread::scope(|s| {
        let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut parts = work();
        for h in helpers {
            // score_rows catches the scorer's panics, so a helper cannot fail; if one did,
            // the rows of the chunks it took would be missing, and are made up below.
            parts.extend(h.join().unwrap_or_default());
        }
        parts
    });
    parts.sort_unstable_by_key(|p| p.0);
    let mut out = Out::with_capacity(n);
    let mut expected = 0;
    for (c, part) in parts {
        for chunk in expected..c {
            fail_rows(&mut out, chunk * CHUNK..((chunk + 1) * CHUNK).min(n));
        }
        out.append(part);
        expected = c + 1;
    }
    for chunk in expected..chunks {
        fail_rows(&mut out, chunk * CHUNK..((chunk + 1) * CHUNK).min(n));
    }
    out
}

/// Marks `rows` failed: their scoring thread died (cannot happen, see [`score_all`]).
fn fail_rows(out: &mut Out, rows: Range<usize>) {
    for i in rows {
        let m = "internal error: a scoring thread failed".to_string();
        out.push_error(i, RowError::Internal(m));
    }
}
