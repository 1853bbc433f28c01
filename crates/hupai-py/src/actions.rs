//! The fixed action space of the environments: hupai-ai's [`hupai_ai::action_space`], the ids
//! the Rust model agent (`model:FILE.onnx`) reads its outputs by.

pub use hupai_ai::action_space::*;
