//! Players that answer many decisions in one call: a network over a batch of observations.
//! The arena's batched play ([`crate::batched`]) asks them; a `model:FILE.onnx` agent is one
//! ([`crate::Learned`]).

use hupai_engine::{Action, PlayerView};

/// A player that answers many decisions in one call (a network over a batch of
/// observations). Each answer must be one of its row's options.
pub trait BatchPolicy: Send + Sync {
    /// One action per row, each one of that row's options.
    fn decide_batch(&self, rows: &[(&PlayerView, &[Action])]) -> Vec<Action>;
}
