//! The direct evaluation of the policies `python -m hupai.train` exports as MLPs (`--arch
//! mlp`): the fast path of [`crate::model::Model`] for one observation at a time.
//!
//! The observation's planes are 0/1 and mostly 0 (about 150 ones among 3,230 in `hupai-v5`),
//! so the first layer adds the weight column of each input that is not zero instead of
//! multiplying by all of them, about twenty times less work than the dense product a
//! general runtime does for one row. The later layers are dense. A riichi head (the export's
//! `riichi_head`) adds each riichi id's discard logit and the riichi term, as
//! `hupai.train.net._with_riichi` does.
//!
//! A model exported with a prior toward `defensive`'s choice (`hupai.train.prior`, the
//! `hupai.prior` metadata; `hupai-v6` and `hupai-v7` only) adds the bonus at that choice's id, as its graph
//! does ([`crate::encoding`]'s `add_choice_bonus`), and the riichi prior on top where that
//! choice declares riichi (`hupai.prior.riichi`).
//!
//! The weights are read by name from the ONNX file (`net.layers.{i}.weight`, `net.policy`,
//! `net.riichi`; under `net.net.` with a prior) and its shape from the `hupai.net` metadata; [`crate::model::Model::load`]
//! plays a file this way only after the runtime (tract) and this path gave the same logits
//! on probe observations, so a file of another shape or wiring falls back to the runtime.

use tract_onnx::pb::{tensor_proto::DataType, ModelProto, TensorProto};

use crate::action_space::{ACTIONS, CHI, DISCARD, RIICHI};
use crate::encoding::{add_choice_bonus, Encoding, WIDTH};

/// One dense layer: `out = weights · in + bias`, `weights` row-major `[outputs, inputs]`.
#[derive(Clone, Debug)]
struct Dense {
    weights: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
}

impl Dense {
    /// The weights of output `o`.
    fn row(&self, o: usize) -> &[f32] {
        &self.weights[o * self.inputs..(o + 1) * self.inputs]
    }

    fn apply(&self, input: &[f32], out: &mut Vec<f32>) {
        out.clear();
        out.extend(self.bias.iter().enumerate().map(|(o, &b)| b + dot(self.row(o), input)));
    }
}

/// The dot product, in eight lanes (the compiler turns them into vector adds).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = ca.remainder().iter().zip(cb.remainder()).map(|(x, y)| x * y).sum();
    for (x, y) in ca.zip(cb) {
        for i in 0..8 {
            lanes[i] += x[i] * y[i];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// An exported MLP policy, evaluated directly.
#[derive(Clone, Debug)]
pub struct Mlp {
    /// The first layer by input: the `hidden` weights of input `i` at `i * hidden`.
    first: Vec<f32>,
    first_bias: Vec<f32>,
    /// The hidden layers after the first.
    layers: Vec<Dense>,
    policy: Dense,
    /// The riichi term's weights and bias, with a riichi head.
    riichi: Option<Dense>,
    /// Plane values per observation (`planes * 34`).
    plane_values: usize,
    /// Scalars per observation.
    scalars: usize,
    /// The bonus on the logit of `defensive`'s choice (0: none), and the further bonus where
    /// it declares riichi.
    prior: [f32; 2],
}

/// The `hupai.net` metadata of an MLP export: `{"arch": "mlp", "layers": L, ...}`.
#[derive(serde::Deserialize)]
struct NetShape {
    arch: String,
    layers: usize,
    #[serde(default)]
    riichi_head: bool,
}

/// The float32 values of an initializer, with its dimensions.
fn floats(t: &TensorProto) -> Option<(Vec<usize>, Vec<f32>)> {
    if t.data_type != DataType::Float as i32 {
        return None;
    }
    let dims: Vec<usize> =
        t.dims.iter().map(|&d| usize::try_from(d).ok()).collect::<Option<_>>()?;
    let values: Vec<f32> = if t.raw_data.is_empty() {
        t.float_data.clone()
    } else {
        t.raw_data.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
    };
    (values.len() == dims.iter().product::<usize>()).then_some((dims, values))
}

impl Mlp {
    /// The MLP in `proto`, if its `hupai.net` metadata names one and its weights are there
    /// with the shapes it needs for observations of `encoding`, with the bonus `prior` (the
    /// `hupai.prior` metadata; 0 without) on the logit of `defensive`'s choice and the riichi
    /// prior on top (`hupai.prior.riichi`) where that choice declares riichi.
    pub fn from_proto(
        proto: &ModelProto,
        meta: Option<&str>,
        prior: [f32; 2],
        encoding: Encoding,
    ) -> Option<Mlp> {
        let shape: NetShape = serde_json::from_str(meta?).ok()?;
        if shape.arch != "mlp" || shape.layers == 0 || !prior.iter().all(|p| p.is_finite()) {
            return None;
        }
        // A riichi prior adds to a prior (the export's rule): the weights' names tell apart
        // only a graph with a prior from one without.
        if prior[0] == 0.0 && prior[1] != 0.0 {
            return None;
        }
        if prior[0] != 0.0 && !matches!(encoding, Encoding::V6 | Encoding::V7) {
            return None;
        }
        let (plane_values, scalars) = (encoding.planes() * WIDTH, encoding.scalars());
        let graph = proto.graph.as_ref()?;
        let tensor =
            |name: &str| graph.initializer.iter().find(|t| t.name == name).and_then(floats);
        // The export wraps the network once, twice with a prior.
        let prefix = if prior[0] != 0.0 { "net.net" } else { "net" };
        let dense = |name: &str, inputs: usize| {
            let (dims, weights) = tensor(&format!("{prefix}.{name}.weight"))?;
            let (bias_dims, bias) = tensor(&format!("{prefix}.{name}.bias"))?;
            (dims.len() == 2 && dims[1] == inputs && bias_dims == [dims[0]]).then_some(Dense {
                weights,
                bias,
                inputs,
            })
        };
        let first = dense("layers.0", plane_values + scalars)?;
        let hidden = first.bias.len();
        // Transposed: input by input.
        let mut by_input = vec![0f32; first.inputs * hidden];
        for o in 0..hidden {
            for i in 0..first.inputs {
                by_input[i * hidden + o] = first.weights[o * first.inputs + i];
            }
        }
        let mut layers = Vec::new();
        let mut width = hidden;
        for l in 1..shape.layers {
            let d = dense(&format!("layers.{l}"), width)?;
            width = d.bias.len();
            layers.push(d);
        }
        let policy = dense("policy", width).filter(|d| d.bias.len() == ACTIONS)?;
        let riichi = match shape.riichi_head {
            true => Some(dense("riichi", width).filter(|d| d.bias.len() == 1)?),
            false => None,
        };
        Some(Mlp {
            first: by_input,
            first_bias: first.bias,
            layers,
            policy,
            riichi,
            plane_values,
            scalars,
            prior,
        })
    }

    /// The last hidden layer's activations of one observation.
    fn hidden(&self, planes: &[u8], scalars: &[f32]) -> Vec<f32> {
        let hidden = self.first_bias.len();
        let mut h = self.first_bias.clone();
        let mut add = |i: usize, x: f32| {
            let column = &self.first[i * hidden..(i + 1) * hidden];
            for (a, &w) in h.iter_mut().zip(column) {
                *a += x * w;
            }
        };
        for (i, &b) in planes.iter().enumerate().take(self.plane_values) {
            if b != 0 {
                add(i, f32::from(b));
            }
        }
        for (j, &x) in scalars.iter().enumerate().take(self.scalars) {
            if x != 0.0 {
                add(self.plane_values + j, x);
            }
        }
        relu(&mut h);
        let mut next = Vec::with_capacity(hidden);
        for layer in &self.layers {
            layer.apply(&h, &mut next);
            relu(&mut next);
            std::mem::swap(&mut h, &mut next);
        }
        h
    }

    /// The riichi head's term (0 without one).
    fn riichi_term(&self, h: &[f32]) -> f32 {
        self.riichi.as_ref().map_or(0.0, |r| r.bias[0] + dot(&r.weights, h))
    }

    /// The logits (`ACTIONS`) of one observation into `out`.
    pub fn logits(&self, planes: &[u8], scalars: &[f32], out: &mut Vec<f32>) {
        let h = self.hidden(planes, scalars);
        self.policy.apply(&h, out);
        if self.riichi.is_some() {
            let term = self.riichi_term(&h);
            let (discards, rest) = out.split_at_mut(usize::from(RIICHI));
            let block = usize::from(CHI - RIICHI);
            for (r, &d) in rest[..block].iter_mut().zip(&discards[usize::from(DISCARD)..]) {
                *r += d + term;
            }
        }
        if self.prior[0] != 0.0 {
            add_choice_bonus(planes, scalars, self.prior[0], self.prior[1], out);
        }
    }

    /// The logits of one observation at the action ids `ids` only (`out[k]` for `ids[k]`),
    /// the same values as [`Mlp::logits`] gives there: a decision reads its legal options'
    /// logits, a dozen or so rows of the policy layer instead of all 728, which is most of the
    /// weights an observation reads (an id past the action space gets minus infinity).
    pub fn logits_at(&self, planes: &[u8], scalars: &[f32], ids: &[u16], out: &mut Vec<f32>) {
        let h = self.hidden(planes, scalars);
        let term = self.riichi_term(&h);
        let row = |id: usize| self.policy.bias[id] + dot(self.policy.row(id), &h);
        // The logits at `ids` in a vector of them all, the others 0, for the prior to add to
        // as it adds to every logit (the same sums, in the same order).
        let mut all = vec![0.0; ACTIONS];
        let riichi_ids = usize::from(RIICHI)..usize::from(CHI);
        for &id in ids {
            let id = usize::from(id);
            if id >= ACTIONS {
                continue;
            }
            let mut l = row(id);
            if self.riichi.is_some() && riichi_ids.contains(&id) {
                l += row(id - usize::from(RIICHI) + usize::from(DISCARD)) + term;
            }
            all[id] = l;
        }
        if self.prior[0] != 0.0 {
            add_choice_bonus(planes, scalars, self.prior[0], self.prior[1], &mut all);
        }
        out.clear();
        out.extend(
            ids.iter().map(|&id| all.get(usize::from(id)).copied().unwrap_or(f32::NEG_INFINITY)),
        );
    }
}

fn relu(v: &mut [f32]) {
    for x in v {
        *x = x.max(0.0);
    }
}
