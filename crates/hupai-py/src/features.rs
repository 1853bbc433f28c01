//! The observation encoding (`hupai-v4`): hupai-ai's [`hupai_ai::encoding`], the one function
//! the environments and the Rust model agent (`model:FILE.onnx`) both call.

pub use hupai_ai::encoding::{encode, PLANES, SCALARS, SCALAR_NAMES, VERSION, WIDTH};
