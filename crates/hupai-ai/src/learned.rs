//! `model:FILE.onnx`: an agent that plays a trained policy ([`Model`]). It encodes its view
//! with the model's [`crate::encoding::Encoding`] (the function the training data came
//! from), runs the
//! network, and plays the legal option with the highest logit: illegal ids are never
//! considered, so it always answers one of its options.
//!
//! ```no_run
//! use hupai_ai::{AgentSpec, BuildOptions};
//! use hupai_rules::Rules;
//! let spec: AgentSpec = "model:models/riichi.onnx".parse().unwrap();
//! let agent = spec.build(&Rules::preset("riichi").unwrap(), 0, 0, &BuildOptions::default()).unwrap();
//! assert_eq!(agent.name(), "model:models/riichi.onnx");
//! ```

use std::sync::Arc;

use hupai_engine::{default_action, Action, Agent, Candidate, Explanation, Faults, PlayerView};

use crate::action_space::{action_name, ids_of, ACTIONS};
use crate::batch_policy::BatchPolicy;
use crate::encoding::WIDTH;
use crate::model::Model;
use rayon::prelude::*;

/// An agent that plays a [`Model`] greedily over its legal options.
#[derive(Debug)]
pub struct Learned {
    name: String,
    model: Arc<Model>,
    planes: Vec<u8>,
    scalars: Vec<f32>,
    ids: Vec<u16>,
    faults: Faults,
}

impl Learned {
    /// An agent named `name` playing `model`.
    pub fn new(name: &str, model: Arc<Model>) -> Learned {
        let enc = model.encoding();
        Learned {
            name: name.to_string(),
            model,
            planes: vec![0; enc.planes() * WIDTH],
            scalars: vec![0.0; enc.scalars()],
            ids: Vec::new(),
            faults: Faults::default(),
        }
    }

    /// The model it plays.
    pub fn model(&self) -> &Arc<Model> {
        &self.model
    }

    /// Encodes `view` into the agent's buffers.
    fn observe(&mut self, view: &PlayerView) {
        self.planes.fill(0);
        self.scalars.fill(0.0);
        self.model.encoding().encode(view, &mut self.planes, &mut self.scalars);
    }

    /// The runtime's answer, or `None` when it failed (counted as a fault).
    fn counted(&mut self, answer: Result<Vec<f32>, crate::model::ModelError>) -> Option<Vec<f32>> {
        answer.map_err(|_| self.faults.illegal += 1).ok()
    }

    /// The logits of `view`'s observation at the ids of its options (`self.ids`, in their
    /// order), or `None` when the runtime failed (counted as a fault).
    fn logits_at_options(&mut self, view: &PlayerView) -> Option<Vec<f32>> {
        self.observe(view);
        let answer = self.model.logits_at(&self.planes, &self.scalars, &self.ids);
        self.counted(answer)
    }

    /// The logits of `view`'s observation (`ACTIONS` of them), or `None` when the runtime
    /// failed (counted as a fault).
    fn logits(&mut self, view: &PlayerView) -> Option<Vec<f32>> {
        self.observe(view);
        let answer = self.model.logits(1, &self.planes, &self.scalars);
        self.counted(answer)
    }
}

/// The option of `options` (whose ids are `ids`, in the same order) with the highest logit;
/// the first such on a tie.
pub fn best_option(logits: &[f32], options: &[Action], ids: &[u16]) -> Action {
    let at = ids.iter().map(|&id| logits.get(id as usize).copied().unwrap_or(f32::NEG_INFINITY));
    best_by(options, at)
}

/// The option of `options` whose logit (`logits[k]` for `options[k]`) is highest; the first
/// such on a tie.
fn best_of(logits: &[f32], options: &[Action]) -> Action {
    best_by(options, logits.iter().copied())
}

/// The option whose logit, in the options' order, is highest; the first such on a tie.
fn best_by(options: &[Action], logits: impl IntoIterator<Item = f32>) -> Action {
    let mut best: Option<(f32, Action)> = None;
    for (&o, l) in options.iter().zip(logits) {
        if best.is_none_or(|(b, _)| l > b) {
            best = Some((l, o));
        }
    }
    best.map_or_else(|| default_action(options), |(_, o)| o)
}

impl Agent for Learned {
    fn name(&self) -> &str {
        &self.name
    }

    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        if options.len() == 1 {
            return options[0];
        }
        ids_of(view, options, &mut self.ids);
        let Some(logits) = self.logits_at_options(view) else { return default_action(options) };
        best_of(&logits, options)
    }

    /// The options with the network's probability for each (softmax over the legal ones).
    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        let logits = self.logits(view).unwrap_or_else(|| vec![0.0; ACTIONS]);
        ids_of(view, options, &mut self.ids);
        let action = best_option(&logits, options, &self.ids);
        let legal: Vec<f32> = self.ids.iter().map(|&i| logits[i as usize]).collect();
        let top = legal.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let total: f32 = legal.iter().map(|l| (l - top).exp()).sum();
        let mut candidates: Vec<Candidate> = options
            .iter()
            .zip(&self.ids)
            .zip(&legal)
            .map(|((&o, &id), &l)| Candidate {
                action: o,
                label: action_name(id).unwrap_or_else(|| o.to_string()),
                numbers: vec![("p", f64::from((l - top).exp() / total)), ("logit", f64::from(l))],
            })
            .collect();
        candidates.sort_by(|a, b| b.numbers[0].1.total_cmp(&a.numbers[0].1));
        candidates.truncate(5);
        Explanation {
            agent: self.name.clone(),
            action,
            reason: "the network's most likely legal option".into(),
            candidates,
        }
    }

    fn faults(&self) -> Faults {
        self.faults
    }
}

/// The network answers the arena's batches: the rows are encoded and run in parallel chunks
/// (one per thread of the current pool), rows with one option skip the network. (The arena
/// asks an MLP played directly one decision at a time instead: [`crate::AgentSpec::batch_policy`].)
impl BatchPolicy for Model {
    fn decide_batch(&self, rows: &[(&PlayerView, &[Action])]) -> Vec<Action> {
        let chunk = rows.len().div_ceil(rayon::current_num_threads().max(1)).max(8);
        rows.par_chunks(chunk)
            .flat_map_iter(|part| {
                let asked: Vec<usize> = (0..part.len()).filter(|&i| part[i].1.len() > 1).collect();
                let enc = self.encoding();
                let (pw, sw) = (enc.planes() * WIDTH, enc.scalars());
                let mut planes = vec![0u8; asked.len() * pw];
                let mut scalars = vec![0f32; asked.len() * sw];
                for (k, &i) in asked.iter().enumerate() {
                    enc.encode(
                        part[i].0,
                        &mut planes[k * pw..(k + 1) * pw],
                        &mut scalars[k * sw..(k + 1) * sw],
                    );
                }
                let logits = self.logits(asked.len(), &planes, &scalars).ok();
                let mut ids = Vec::new();
                let mut next = 0;
                let out: Vec<Action> = part
                    .iter()
                    .map(|&(view, options)| {
                        if options.len() == 1 {
                            return options[0];
                        }
                        let k = next;
                        next += 1;
                        match &logits {
                            Some(l) => {
                                ids_of(view, options, &mut ids);
                                best_option(&l[k * ACTIONS..(k + 1) * ACTIONS], options, &ids)
                            }
                            None => default_action(options),
                        }
                    })
                    .collect();
                out
            })
            .collect()
    }
}
