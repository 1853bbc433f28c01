//! How well the reads predict, measured on labelled games: log-loss and reliability tables
//! (predicted bucket against observed frequency), for the learned models and for the
//! hand-written [`crate::danger`] model side by side.
//!
//! ```
//! use hupai_ai::reads::calibration::{log_loss, Reliability};
//! let rows = [(0.2, false, 1.0), (0.2, true, 1.0), (0.9, true, 1.0)];
//! assert!(log_loss(rows.iter().copied()) > 0.0);
//! let table = Reliability::new(&[0.0, 0.5, 1.0], rows.iter().copied());
//! assert_eq!(table.buckets[0].rows, 2.0);
//! assert_eq!(table.buckets[0].observed, 0.5);
//! ```

use std::fmt::Write;

use super::regression::{sigmoid, sum, Loss};
use super::samples::Samples;
use super::Reads;
pub use crate::search::opponents::WrittenRates;

/// The mean log-loss of weighted predictions `(p, label, weight)`.
pub fn log_loss(rows: impl Iterator<Item = (f32, bool, f32)>) -> f64 {
    let (mut loss, mut weight) = (0.0f64, 0.0f64);
    for (p, y, w) in rows {
        let p = (p as f64).clamp(1e-7, 1.0 - 1e-7);
        loss -= w as f64 * if y { p.ln() } else { (1.0 - p).ln() };
        weight += w as f64;
    }
    loss / weight.max(1e-12)
}

/// One bucket of predictions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bucket {
    /// Its lower edge (inclusive).
    pub from: f32,
    /// Its upper edge (exclusive, but for the last).
    pub to: f32,
    /// The weight of the rows in it.
    pub rows: f64,
    /// Their mean prediction.
    pub predicted: f64,
    /// The weighted frequency of the label among them.
    pub observed: f64,
}

/// Predictions grouped by value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reliability {
    /// The buckets, in order.
    pub buckets: Vec<Bucket>,
}

impl Reliability {
    /// Groups `rows` `(p, label, weight)` into the buckets between `edges`.
    pub fn new(edges: &[f32], rows: impl Iterator<Item = (f32, bool, f32)>) -> Reliability {
        let mut buckets: Vec<Bucket> = edges
            .windows(2)
            .map(|e| Bucket { from: e[0], to: e[1], ..Bucket::default() })
            .collect();
        for (p, y, w) in rows {
            let last = buckets.len() - 1;
            let at = edges[1..].iter().position(|&e| p < e).unwrap_or(last);
            let b = &mut buckets[at.min(last)];
            b.rows += w as f64;
            b.predicted += (p * w) as f64;
            b.observed += if y { w as f64 } else { 0.0 };
        }
        for b in &mut buckets {
            if b.rows > 0.0 {
                b.predicted /= b.rows;
                b.observed /= b.rows;
            }
        }
        Reliability { buckets }
    }
}

/// Edges for chances that are mostly small.
const SMALL: &[f32] = &[0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0];
/// Edges for chances spread over 0..1.
const SPREAD: &[f32] = &[0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

/// One prediction row: the learned and the hand-written chance, the label, the weight.
type Row = (f32, f32, bool, f32);

/// A section of the report: log-loss, means and both reliability tables.
fn section(out: &mut String, title: &str, rows: &[Row], edges: &[f32]) {
    if rows.is_empty() {
        return;
    }
    let learned = || rows.iter().map(|r| (r.0, r.2, r.3));
    let written = || rows.iter().map(|r| (r.1, r.2, r.3));
    let weight: f64 = rows.iter().map(|r| r.3 as f64).sum();
    let mean = |it: &mut dyn Iterator<Item = (f32, bool, f32)>| {
        it.map(|(p, _, w)| (p * w) as f64).sum::<f64>() / weight.max(1e-12)
    };
    let observed = rows.iter().filter(|r| r.2).map(|r| r.3 as f64).sum::<f64>() / weight.max(1e-12);
    let _ = writeln!(out, "\n### {title}\n");
    let _ = writeln!(out, "{} rows, observed frequency {:.4}.\n", rows.len(), observed);
    let _ = writeln!(out, "| model | log-loss | mean predicted |");
    let _ = writeln!(out, "| --- | ---: | ---: |");
    let _ = writeln!(out, "| learned | {:.4} | {:.4} |", log_loss(learned()), mean(&mut learned()));
    let _ = writeln!(
        out,
        "| hand-written | {:.4} | {:.4} |",
        log_loss(written()),
        mean(&mut written())
    );
    let a = Reliability::new(edges, learned());
    let b = Reliability::new(edges, written());
    let _ = writeln!(
        out,
        "\n| predicted | learned: rows | predicted | observed | hand-written: rows | predicted | observed |"
    );
    let _ = writeln!(out, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (x, y) in a.buckets.iter().zip(&b.buckets) {
        let cell = |b: &Bucket| {
            if b.rows > 0.0 {
                format!("{:.0} | {:.4} | {:.4}", b.rows, b.predicted, b.observed)
            } else {
                "0 | | ".to_string()
            }
        };
        let _ = writeln!(out, "| {:.3}–{:.3} | {} | {} |", x.from, x.to, cell(x), cell(y));
    }
}

/// The full report on `samples` for `reads` against the hand-written model, in Markdown.
pub fn report(samples: &Samples, reads: &Reads, written: WrittenRates) -> String {
    let pool = &samples.pool;
    let opps = &samples.opponents;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} hands, {} opponent reads, {} kind reads.",
        samples.hands,
        opps.len(),
        samples.kinds.len()
    );

    let ready: Vec<Row> = opps
        .iter()
        .filter(|o| !o.riichi)
        .map(|o| (sigmoid(sum(&reads.ready, pool.get(o.features))), o.written_ready, o.ready, 1.0))
        .collect();
    section(&mut out, "P(ready), opponents that have not declared (riichi, 报听)", &ready, SPREAD);

    let learned_ready = |i: usize| {
        let o = &opps[i];
        if o.riichi {
            1.0
        } else {
            sigmoid(sum(&reads.ready, pool.get(o.features)))
        }
    };
    let danger = |k: &super::samples::KindSample| {
        let o = &opps[k.opponent as usize];
        sigmoid(
            sum(&reads.wait_opponent, pool.get(o.features))
                + sum(&reads.wait_kind, pool.get(k.features)),
        )
    };
    let waits: Vec<Row> = samples
        .kinds
        .iter()
        .filter(|k| opps[k.opponent as usize].ready)
        .map(|k| (danger(k), k.written, k.wins, k.weight))
        .collect();
    section(&mut out, "P(wins on a kind | ready), every kind it may win on", &waits, SMALL);

    let riichi_waits: Vec<Row> = samples
        .kinds
        .iter()
        .filter(|k| opps[k.opponent as usize].riichi)
        .map(|k| (danger(k), k.written, k.wins, k.weight))
        .collect();
    section(&mut out, "P(wins on a kind | riichi), against a riichi", &riichi_waits, SMALL);

    let deal: Vec<Row> = samples
        .kinds
        .iter()
        .filter(|k| k.held)
        .map(|k| {
            let o = &opps[k.opponent as usize];
            let p = learned_ready(k.opponent as usize) * danger(k);
            (p, o.written_ready * k.written, k.wins, k.weight)
        })
        .collect();
    section(
        &mut out,
        "P(deal-in) of each kind the seat holds, against every opponent (ready or not)",
        &deal,
        SMALL,
    );

    // Costs: the mean cost of a win against the mean predicted, by predicted bucket.
    let costs: Vec<(f32, f32, f32)> = opps
        .iter()
        .filter_map(|o| {
            let c = o.cost?;
            Some((Loss::Gamma.predict(sum(&reads.cost, pool.get(o.features))), o.written_cost, c))
        })
        .collect();
    cost_section(&mut out, &costs);

    let rates = |keep: &dyn Fn(&super::samples::OpponentSample) -> bool,
                 weights: &[f32],
                 constant: f32|
     -> Vec<Row> {
        opps.iter()
            .filter(|o| keep(o))
            .map(|o| {
                let p = sigmoid(sum(weights, pool.get(o.features)));
                (p, constant, o.next == Some(true), 1.0)
            })
            .collect()
    };
    let becomes: Vec<Row> = opps
        .iter()
        .filter(|o| !o.ready && o.next.is_some())
        .map(|o| {
            let p = sigmoid(reads.becomes_sum(pool.get(o.features), usize::from(o.turn), 0));
            (p, written.becomes_ready, o.next == Some(true), 1.0)
        })
        .collect();
    section(&mut out, "Per go-around: a seat not ready becomes ready", &becomes, SPREAD);
    // The same for every go-around an opponent not ready at the decision was followed: what
    // the search reads far ahead (the hand-written rate holds one rate throughout).
    for (from, to) in [(0usize, 4usize), (4, 8), (8, 99)] {
        let ahead: Vec<Row> = opps
            .iter()
            .filter_map(|o| Some((o, o.ready_in?)))
            .flat_map(|(o, (g, became))| {
                (0..g + u8::from(became)).map(move |t| (o, usize::from(t), became && t == g))
            })
            .filter(|&(o, t, _)| t >= from && t < to && !o.ready)
            .map(|(o, t, label)| {
                let p = sigmoid(reads.becomes_sum(pool.get(o.features), usize::from(o.turn), t));
                (p, written.becomes_ready, label, 1.0)
            })
            .collect();
        section(
            &mut out,
            &format!(
                "Go-arounds {from} to {} ahead: a seat not ready at the decision becomes ready",
                to.min(20) - 1
            ),
            &ahead,
            SPREAD,
        );
    }
    let wins = rates(&|o| o.ready && o.next.is_some(), &reads.ready_wins, written.ready_wins);
    section(
        &mut out,
        "Per go-around: a ready seat wins (not on the seat's discard)",
        &wins,
        SPREAD,
    );

    let ron: Vec<Row> = samples
        .rons
        .iter()
        .map(|r| {
            let (learned, hand) = if r.riichi {
                (reads.ron_draws_riichi, written.ron_draws_riichi)
            } else {
                (reads.ron_draws, written.ron_draws)
            };
            (1.0 - (learned * r.log_miss).exp(), 1.0 - (hand * r.log_miss).exp(), r.hit, 1.0)
        })
        .collect();
    section(
        &mut out,
        &format!(
            "Per go-around: the others discard one of a ready hand's waits (learned draws {:.2}, riichi {:.2})",
            reads.ron_draws, reads.ron_draws_riichi
        ),
        &ron,
        SPREAD,
    );
    out
}

/// The cost section: mean predicted against mean actual, by predicted bucket.
fn cost_section(out: &mut String, costs: &[(f32, f32, f32)]) {
    let _ = writeln!(out, "\n### Cost of a ready opponent's win to the discarder\n");
    if costs.is_empty() {
        let _ = writeln!(out, "No wins.");
        return;
    }
    let n = costs.len() as f64;
    let actual = costs.iter().map(|c| c.2 as f64).sum::<f64>() / n;
    let err = |f: &dyn Fn(&(f32, f32, f32)) -> f32| {
        costs.iter().map(|c| ((f(c) / c.2) as f64).ln().abs()).sum::<f64>() / n
    };
    let mean =
        |f: &dyn Fn(&(f32, f32, f32)) -> f32| costs.iter().map(|c| f(c) as f64).sum::<f64>() / n;
    let _ = writeln!(
        out,
        "{} ready opponents with a win, mean actual cost {:.1}.\n",
        costs.len(),
        actual
    );
    let _ = writeln!(out, "| model | mean predicted | mean abs log ratio |");
    let _ = writeln!(out, "| --- | ---: | ---: |");
    let _ = writeln!(out, "| learned | {:.1} | {:.3} |", mean(&|c| c.0), err(&|c| c.0));
    let _ = writeln!(out, "| hand-written | {:.1} | {:.3} |", mean(&|c| c.1), err(&|c| c.1));
    let mut sorted: Vec<&(f32, f32, f32)> = costs.iter().collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let _ = writeln!(out, "\n| learned quintile | rows | mean predicted | mean actual |");
    let _ = writeln!(out, "| --- | ---: | ---: | ---: |");
    for q in 0..5 {
        let part = &sorted[q * sorted.len() / 5..(q + 1) * sorted.len() / 5];
        if part.is_empty() {
            continue;
        }
        let m = part.len() as f64;
        let p = part.iter().map(|c| c.0 as f64).sum::<f64>() / m;
        let a = part.iter().map(|c| c.2 as f64).sum::<f64>() / m;
        let _ = writeln!(out, "| {} | {} | {:.1} | {:.1} |", q + 1, part.len(), p, a);
    }
}
