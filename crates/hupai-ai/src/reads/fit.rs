//! Fits every model of a [`Reads`] from labelled [`Samples`].
//!
//! ```
//! use hupai_ai::reads::fit::fit_reads;
//! use hupai_ai::reads::samples::{collect, Collect};
//! use hupai_rules::Rules;
//! let samples = collect(&Collect::new(Rules::preset("riichi").unwrap(), 3, 11)).unwrap();
//! let reads = fit_reads(&samples, "riichi", "doc test");
//! assert!(reads.ron_draws > 0.0);
//! ```

use super::regression::{fit, Fit, Loss};
use super::samples::Samples;
use super::{ahead_feature, turn_feature, Reads, AHEAD_FEATURES, KIND, OPPONENT, VERSION};

/// Fits every model on `samples`; `family` and `command` go into the file.
pub fn fit_reads(samples: &Samples, family: &str, command: &str) -> Reads {
    let n = OPPONENT.len();
    let pool = &samples.pool;
    let opps = &samples.opponents;

    let rows = |keep: &dyn Fn(&super::samples::OpponentSample) -> bool| -> Vec<usize> {
        (0..opps.len()).filter(|&i| keep(&opps[i])).collect()
    };
    let logistic = Fit::new(Loss::Logistic);

    let ready_rows = rows(&|o| !o.riichi);
    let ready = fit(
        n,
        ready_rows.len(),
        |i, out| {
            let o = &opps[ready_rows[i]];
            out.extend_from_slice(pool.get(o.features));
            (f32::from(u8::from(o.ready)), 1.0)
        },
        &logistic,
    );

    let kind_rows: Vec<usize> = (0..samples.kinds.len())
        .filter(|&i| opps[samples.kinds[i].opponent as usize].ready)
        .collect();
    let wait = fit(
        n + KIND.len(),
        kind_rows.len(),
        |i, out| {
            let k = &samples.kinds[kind_rows[i]];
            out.extend_from_slice(pool.get(opps[k.opponent as usize].features));
            out.extend(pool.get(k.features).iter().map(|&f| f + n as u16));
            (f32::from(u8::from(k.wins)), k.weight)
        },
        &logistic,
    );
    let (wait_opponent, wait_kind) = (wait.weights[..n].to_vec(), wait.weights[n..].to_vec());

    let cost_rows = rows(&|o| o.cost.is_some_and(|c| c > 0.0));
    let cost = fit(
        n,
        cost_rows.len(),
        |i, out| {
            let o = &opps[cost_rows[i]];
            out.extend_from_slice(pool.get(o.features));
            (o.cost.unwrap_or(1.0), 1.0)
        },
        &Fit::new(Loss::Gamma),
    );

    // Becoming ready: one row per go-around an opponent not ready was followed, read as the
    // search reads it that far ahead (the turn then, and how far ahead from which turn).
    let become_rows: Vec<(u32, u8)> = opps
        .iter()
        .enumerate()
        .filter_map(|(i, o)| Some((i, o.ready_in?)))
        .flat_map(|(i, (g, became))| (0..g + u8::from(became)).map(move |t| (i as u32, t)))
        .collect();
    let becomes = fit(
        n + AHEAD_FEATURES,
        become_rows.len(),
        |i, out| {
            let (row, t) = become_rows[i];
            let o = &opps[row as usize];
            let (turn, t) = (usize::from(o.turn), usize::from(t));
            let (now, then) = (turn_feature(turn), turn_feature(turn + t));
            out.extend(pool.get(o.features).iter().map(|&f| {
                if f as usize == now {
                    then as u16
                } else {
                    f
                }
            }));
            out.push((n + ahead_feature(turn, t)) as u16);
            let became = o.ready_in.is_some_and(|(g, b)| b && usize::from(g) == t);
            (f32::from(u8::from(became)), 1.0)
        },
        &logistic,
    );
    let wins_rows = rows(&|o| o.ready && o.next.is_some());
    let ready_wins = fit(
        n,
        wins_rows.len(),
        |i, out| {
            let o = &opps[wins_rows[i]];
            out.extend_from_slice(pool.get(o.features));
            (f32::from(u8::from(o.next == Some(true))), 1.0)
        },
        &logistic,
    );

    let ron = |riichi: bool| {
        let rons: Vec<(f32, bool)> = samples
            .rons
            .iter()
            .filter(|r| r.riichi == riichi)
            .map(|r| (r.log_miss, r.hit))
            .collect();
        (!rons.is_empty()).then(|| ron_draws(&rons))
    };
    let dama = ron(false).unwrap_or(1.0);
    let fitted_on = format!(
        "{} hands; rows (L-BFGS iterations): ready {} ({}), wait {} ({}), cost {} ({}), \
         becomes_ready, go-arounds followed {} ({}), ready_wins {} ({}); ron {}",
        samples.hands,
        ready_rows.len(),
        ready.iterations,
        kind_rows.len(),
        wait.iterations,
        cost_rows.len(),
        cost.iterations,
        become_rows.len(),
        becomes.iterations,
        wins_rows.len(),
        ready_wins.iterations,
        samples.rons.len()
    );
    Reads {
        version: VERSION,
        family: family.to_string(),
        command: command.to_string(),
        fitted_on,
        opponent_features: OPPONENT.names(),
        kind_features: KIND.names(),
        ready: ready.weights,
        wait_opponent,
        wait_kind,
        cost: cost.weights,
        becomes_ready: becomes.weights[..n].to_vec(),
        becomes_ready_ahead: becomes.weights[n..].to_vec(),
        ready_wins: ready_wins.weights,
        ron_draws: dama,
        // Where nobody declares, the declared rate is never read: the undeclared one.
        ron_draws_riichi: ron(true).unwrap_or(dama),
    }
}

/// The number of independent draws `r` per go-around that best explains whether a ready
/// hand's waits were discarded: the chance of a hit is 1 − exp(r · ln-miss) (maximum
/// likelihood, golden-section search over 0.05..=8). 1 with no rows.
pub fn ron_draws(rows: &[(f32, bool)]) -> f32 {
    if rows.is_empty() {
        return 1.0;
    }
    let loglik = |r: f32| -> f64 {
        rows.iter()
            .map(|&(l, hit)| {
                let miss = (r * l).exp().clamp(1e-9, 1.0 - 1e-9) as f64;
                if hit {
                    (1.0 - miss).ln()
                } else {
                    miss.ln()
                }
            })
            .sum()
    };
    let (mut a, mut b) = (0.05f32, 8.0f32);
    let phi = 0.618_034f32;
    for _ in 0..60 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if loglik(c) > loglik(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reads::samples::{collect, Collect};
    use hupai_rules::Rules;

    #[test]
    fn fitting_on_a_few_hands_gives_a_model_that_loads() {
        let samples = collect(&Collect::new(Rules::preset("riichi").unwrap(), 4, 3)).unwrap();
        let reads = fit_reads(&samples, "riichi", "test");
        let back = Reads::from_json(&reads.to_json()).unwrap();
        assert_eq!(back, reads);
        // The bias alone already fits the mean readiness.
        assert!(reads.ready[0] < 0.0);
        // Reading ahead is fitted; a file from before it reads without it, and a wrong
        // number of its weights is refused.
        assert_eq!(reads.becomes_ready_ahead.len(), super::super::AHEAD_FEATURES);
        let older = Reads { becomes_ready_ahead: Vec::new(), ..reads.clone() }.to_json();
        assert!(!older.contains("becomes_ready_ahead"));
        assert!(Reads::from_json(&older).unwrap().becomes_ready_ahead.is_empty());
        let wrong = Reads { becomes_ready_ahead: vec![0.0; 3], ..reads }.to_json();
        let e = Reads::from_json(&wrong).unwrap_err().to_string();
        assert!(e.contains("becomes_ready_ahead has 3 weights"), "{e}");
    }

    #[test]
    fn ron_draws_recovers_the_rate_it_was_drawn_with() {
        // Hands with ln-miss -0.1: at r = 2 a hit comes 1 - e^-0.2 = 18.1% of the time.
        let rows: Vec<(f32, bool)> = (0..1000).map(|i| (-0.1, i % 1000 < 181)).collect();
        assert!((ron_draws(&rows) - 2.0).abs() < 0.02);
    }
}
