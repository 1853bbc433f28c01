//! Linear models over one-hot features, and their fitting: logistic regression for chances,
//! gamma regression with a log link for costs. A row is the list of its active features;
//! the model's value is the sum of their weights.
//!
//! Fitting minimises the weighted mean loss plus an L2 penalty with L-BFGS over the full
//! data (the losses are convex), so a fit is deterministic and converged, not the state of
//! a stochastic optimiser when it stopped.
//!
//! ```
//! use hupai_ai::reads::regression::{fit, Fit, Loss};
//! // Feature 0 is the bias, feature 1 is on in half the rows; the label is 1 in 80% of the
//! // rows with feature 1 and 20% of the others.
//! let rows: Vec<(Vec<u16>, f32)> = (0..1000)
//!     .map(|i| if i % 2 == 0 { (vec![0, 1], (i % 10 < 8) as u8 as f32) } else { (vec![0], (i % 10 < 2) as u8 as f32) })
//!     .collect();
//! let w = fit(2, rows.len(), |i, out| { out.extend_from_slice(&rows[i].0); (rows[i].1, 1.0) }, &Fit::new(Loss::Logistic)).weights;
//! let p = |x: f32| 1.0 / (1.0 + (-x).exp());
//! assert!((p(w[0] + w[1]) - 0.8).abs() < 0.03);
//! assert!((p(w[0]) - 0.2).abs() < 0.03);
//! ```

/// What a model predicts from the sum of its weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// A chance: the logistic of the sum; labels 0 or 1.
    Logistic,
    /// A positive amount: the exponential of the sum (gamma deviance); labels > 0.
    Gamma,
}

impl Loss {
    /// The prediction from a sum of weights.
    pub fn predict(self, sum: f32) -> f32 {
        match self {
            Loss::Logistic => sigmoid(sum),
            Loss::Gamma => sum.clamp(-30.0, 30.0).exp(),
        }
    }

    /// The derivative of the loss of label `y` by the sum `sum`.
    fn gradient(self, sum: f32, y: f32) -> f32 {
        match self {
            Loss::Logistic => sigmoid(sum) - y,
            Loss::Gamma => 1.0 - y * (-sum.clamp(-30.0, 30.0)).exp(),
        }
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// How to fit.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The loss.
    pub loss: Loss,
    /// The most L-BFGS iterations.
    pub iterations: usize,
    /// L2 penalty on every weight but the first (the bias): `l2 / 2 · |w|²` is added to the
    /// mean loss.
    pub l2: f32,
    /// Stop when an iteration lowers the loss by less than this (relative).
    pub tolerance: f64,
}

impl Fit {
    /// The defaults for `loss`.
    pub fn new(loss: Loss) -> Fit {
        Fit { loss, iterations: 200, l2: 1e-6, tolerance: 1e-9 }
    }
}

impl Loss {
    /// The loss of label `y` at sum `sum`.
    fn value(self, sum: f32, y: f32) -> f64 {
        let s = sum as f64;
        let y = y as f64;
        match self {
            // ln(1 + e^s) - y s, computed stably.
            Loss::Logistic => s.max(0.0) + (-s.abs()).exp().ln_1p() - y * s,
            Loss::Gamma => {
                let s = s.clamp(-30.0, 30.0);
                y * (-s).exp() + s
            }
        }
    }
}

/// The weighted mean loss of `w` over the rows and its gradient (into `g`).
fn loss_and_gradient(
    w: &[f32],
    n: usize,
    row: &mut impl FnMut(usize, &mut Vec<u16>) -> (f32, f32),
    how: &Fit,
    g: &mut [f64],
    buf: &mut Vec<u16>,
) -> f64 {
    g.iter_mut().for_each(|x| *x = 0.0);
    let (mut loss, mut total) = (0.0f64, 0.0f64);
    for i in 0..n {
        buf.clear();
        let (y, wt) = row(i, buf);
        let s = sum(w, buf);
        loss += wt as f64 * how.loss.value(s, y);
        let d = (wt * how.loss.gradient(s, y)) as f64;
        for &f in buf.iter() {
            g[f as usize] += d;
        }
        total += wt as f64;
    }
    let total = total.max(1e-12);
    loss /= total;
    g.iter_mut().for_each(|x| *x /= total);
    let l2 = how.l2 as f64;
    for k in 1..w.len() {
        loss += 0.5 * l2 * (w[k] as f64).powi(2);
        g[k] += l2 * w[k] as f64;
    }
    loss
}

/// A fitted model.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// Its weights.
    pub weights: Vec<f32>,
    /// The L-BFGS iterations it took.
    pub iterations: usize,
    /// The penalised mean loss reached.
    pub loss: f64,
}

/// Fits `dim` weights on `n` rows; `row(i, out)` pushes row `i`'s active features into `out`
/// (empty) and returns its label and its weight. Starts from the bias that fits the mean
/// label (feature 0 must be on in every row).
pub fn fit(
    dim: usize,
    n: usize,
    mut row: impl FnMut(usize, &mut Vec<u16>) -> (f32, f32),
    how: &Fit,
) -> Fitted {
    let mut w = vec![0.0f32; dim];
    if n == 0 || dim == 0 {
        return Fitted { weights: w, iterations: 0, loss: 0.0 };
    }
    let mut buf = Vec::with_capacity(64);
    let (mut sy, mut sw) = (0.0f64, 0.0f64);
    for i in 0..n {
        buf.clear();
        let (y, wt) = row(i, &mut buf);
        sy += (y * wt) as f64;
        sw += wt as f64;
    }
    let mean = (sy / sw.max(1e-12)) as f32;
    w[0] = match how.loss {
        Loss::Logistic => {
            let m = mean.clamp(1e-4, 1.0 - 1e-4);
            (m / (1.0 - m)).ln()
        }
        Loss::Gamma => mean.max(1e-6).ln(),
    };
    let (iterations, loss) =
        lbfgs(&mut w, |w, g| loss_and_gradient(w, n, &mut row, how, g, &mut buf), how);
    Fitted { weights: w, iterations, loss }
}

/// Minimises `f` (which also writes its gradient) from `w` with L-BFGS and a backtracking
/// line search; returns the iterations taken and the loss reached.
fn lbfgs(w: &mut [f32], mut f: impl FnMut(&[f32], &mut [f64]) -> f64, how: &Fit) -> (usize, f64) {
    const MEMORY: usize = 12;
    let dim = w.len();
    let mut g = vec![0.0f64; dim];
    let mut loss = f(w, &mut g);
    let mut history: Vec<(Vec<f64>, Vec<f64>, f64)> = Vec::with_capacity(MEMORY);
    let mut trial = vec![0.0f32; dim];
    let mut g_new = vec![0.0f64; dim];
    let mut iterations = 0;
    while iterations < how.iterations {
        iterations += 1;
        // The direction: -H g by the two-loop recursion.
        let mut q = g.clone();
        let mut alphas = Vec::with_capacity(history.len());
        for (s, y, rho) in history.iter().rev() {
            let a = rho * dot(s, &q);
            for k in 0..dim {
                q[k] -= a * y[k];
            }
            alphas.push(a);
        }
        let gamma = history
            .last()
            .map_or(1.0 / norm(&g).max(1e-12), |(s, y, _)| dot(s, y) / dot(y, y).max(1e-300));
        q.iter_mut().for_each(|x| *x *= gamma);
        for ((s, y, rho), a) in history.iter().zip(alphas.iter().rev()) {
            let b = rho * dot(y, &q);
            for k in 0..dim {
                q[k] += s[k] * (a - b);
            }
        }
        let direction: Vec<f64> = q.iter().map(|x| -x).collect();
        let slope = dot(&g, &direction);
        if slope >= 0.0 {
            // Not a descent direction: start the memory again.
            history.clear();
            continue;
        }
        let mut step = 1.0f64;
        let mut new_loss = f64::INFINITY;
        for _ in 0..30 {
            for k in 0..dim {
                trial[k] = (w[k] as f64 + step * direction[k]) as f32;
            }
            new_loss = f(&trial, &mut g_new);
            if new_loss <= loss + 1e-4 * step * slope {
                break;
            }
            step *= 0.5;
        }
        // No decrease (or a loss that is not a number): stop.
        if new_loss.partial_cmp(&loss) != Some(std::cmp::Ordering::Less) {
            break;
        }
        let s: Vec<f64> = (0..dim).map(|k| trial[k] as f64 - w[k] as f64).collect();
        let y: Vec<f64> = (0..dim).map(|k| g_new[k] - g[k]).collect();
        let sy = dot(&s, &y);
        if sy > 1e-12 {
            if history.len() == MEMORY {
                history.remove(0);
            }
            history.push((s, y, 1.0 / sy));
        }
        w.copy_from_slice(&trial);
        std::mem::swap(&mut g, &mut g_new);
        let gained = (loss - new_loss) / loss.abs().max(1e-12);
        loss = new_loss;
        if gained < how.tolerance {
            break;
        }
    }
    (iterations, loss)
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}

/// The sum of the weights of `features` (each index past the end counts nothing).
pub fn sum(weights: &[f32], features: &[u16]) -> f32 {
    features.iter().map(|&f| weights.get(f as usize).copied().unwrap_or(0.0)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_regression_fits_the_mean_per_group() {
        // Group 1 costs 1000 on average, group 2 costs 8000.
        let rows: Vec<(Vec<u16>, f32)> = (0..2000)
            .map(|i| {
                if i % 2 == 0 {
                    (vec![0, 1], if i % 4 == 0 { 500.0 } else { 1500.0 })
                } else {
                    (vec![0, 2], if i % 4 == 1 { 4000.0 } else { 12000.0 })
                }
            })
            .collect();
        let how = Fit::new(Loss::Gamma);
        let w = fit(
            3,
            rows.len(),
            |i, out| {
                out.extend_from_slice(&rows[i].0);
                (rows[i].1, 1.0)
            },
            &how,
        )
        .weights;
        let a = Loss::Gamma.predict(w[0] + w[1]);
        let b = Loss::Gamma.predict(w[0] + w[2]);
        assert!((a / 1000.0 - 1.0).abs() < 0.05, "{a}");
        assert!((b / 8000.0 - 1.0).abs() < 0.05, "{b}");
    }

    #[test]
    fn a_fit_is_deterministic() {
        let row = |i: usize, out: &mut Vec<u16>| {
            out.extend_from_slice(&[0, (i % 3) as u16 + 1]);
            ((i % 7 == 0) as u8 as f32, 1.0)
        };
        let how = Fit::new(Loss::Logistic);
        assert_eq!(fit(4, 500, row, &how), fit(4, 500, row, &how));
    }
}
