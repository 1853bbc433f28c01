//! Python bindings of hupai: the native module `hupai._hupai` of the `hupai` package.
//!
//! Tiles in every notation and encoding ([`tiles`]), analysis of one hand ([`analysis`]) and
//! of numpy batches with the GIL released ([`batch`]), scoring of `hupai score` lines
//! ([`scoring`]) and of their fields as numpy columns ([`score_arrays`]), typed exceptions
//! ([`errors`]). The JSON-shaped results are those of the CLI, from the same code
//! (`hupai_core::Analysis`, `hupai_rules::Score`).

#![deny(missing_docs)]

use pyo3::prelude::*;

pub mod actions;
pub mod analysis;
pub mod arena;
pub mod batch;
pub mod decisions;
pub mod env;
pub mod errors;
pub mod features;
mod gc_pause;
mod labels;
mod line_dict;
pub mod model;
pub mod rules;
pub mod sampling;
pub mod score_arrays;
pub mod score_result;
pub mod scoring;
mod stored_scores;
pub mod table;
pub mod tiles;
mod to_python;
pub mod vec_env;

/// The native module.
#[pymodule]
fn _hupai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    tiles::register(m)?;
    analysis::register(m)?;
    batch::register(m)?;
    scoring::register(m)?;
    sampling::register(m)?;
    score_arrays::register(m)?;
    arena::register(m)?;
    m.add_class::<rules::Rules>()?;
    m.add_class::<env::MahjongEnv>()?;
    m.add_class::<env::Observation>()?;
    m.add_function(wrap_pyfunction!(env::observe_events, m)?)?;
    m.add_function(wrap_pyfunction!(model::model_logits, m)?)?;
    m.add_class::<env::PyAgent>()?;
    m.add_class::<vec_env::VecEnv>()?;
    m.add_class::<decisions::Batch>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let names: Vec<String> =
        (0..actions::ACTIONS as u16).map(|i| actions::action_name(i).unwrap_or_default()).collect();
    m.add("ACTION_NAMES", names)?;
    m.add("ACTIONS", actions::ACTIONS)?;
    m.add("ACTION_SPACE", actions::VERSION)?;
    // The default encoding's name and shapes, and every encoding's.
    let default = features::Encoding::default();
    m.add("PLANES", default.planes())?;
    m.add("SCALARS", default.scalars())?;
    m.add("SCALAR_NAMES", default.scalar_names().to_vec())?;
    m.add("ENCODING", default.name())?;
    let encodings = pyo3::types::PyDict::new(m.py());
    for e in features::Encoding::ALL {
        encodings.set_item(e.name(), (e.planes(), e.scalars(), e.scalar_names().to_vec()))?;
    }
    m.add("ENCODINGS", encodings)?;
    // Every preset the environments play, the three-player ones (`sanma`, `sanma-majsoul`)
    // included: `hupai.Rules(name).players` tells them apart.
    m.add("PRESETS", hupai_rules::Rules::preset_names().collect::<Vec<_>>())?;
    Ok(())
}
