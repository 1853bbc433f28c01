//! The observation encodings (`hupai-v4`, `hupai-v5`): hupai-ai's [`hupai_ai::encoding`], the
//! one function the environments and the Rust model agent (`model:FILE.onnx`) both call.

pub use hupai_ai::encoding::{Encoding, WIDTH};

use crate::errors::Error;

/// The encoding named `name` (an `InputError` naming the ones there are otherwise).
pub fn encoding(name: &str) -> Result<Encoding, Error> {
    Encoding::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Encoding::ALL.iter().map(|e| e.name()).collect();
        Error::Input(format!("encoding '{name}': this hupai has {}", names.join(", ")))
    })
}
