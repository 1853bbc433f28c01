//! Which model files a table may seat. A seat `bot:model:FILE` makes the server read FILE, so
//! the server seats model bots only from the directory its operator names (`hupai serve
//! --models DIR`, [`Config::models`](crate::Config)), and none without one: whoever creates
//! a table cannot make the server read a file of their choosing.
//!
//! FILE is a path as the server's own command line would take it (relative to its working
//! directory, e.g. `bot:model:models/riichi.onnx`); it must be a file inside the directory
//! once `..` and symbolic links are resolved.
//!
//! ```
//! use hupai_server::models::{ModelDir, ModelRefusal};
//! use hupai_server::spec::SeatKind;
//! let seat = SeatKind::parse("bot:model:/etc/passwd").unwrap();
//! let refused = ModelDir::none().admit(&seat).unwrap_err();
//! assert!(matches!(refused, ModelRefusal::NotServed { .. }));
//! assert!(ModelDir::none().admit(&SeatKind::parse("bot:defensive").unwrap()).is_ok());
//! ```

use std::fmt;
use std::path::{Path, PathBuf};

use crate::spec::SeatKind;

/// The directory model bots are read from, resolved when the server starts (none: model bots
/// are refused).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModelDir {
    root: Option<PathBuf>,
}

/// Why a seat's model file is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelRefusal {
    /// The server was started without a model directory.
    NotServed {
        /// The file the seat names.
        file: PathBuf,
    },
    /// The file is not a file inside the server's model directory.
    Outside {
        /// The file the seat names.
        file: PathBuf,
    },
}

impl fmt::Display for ModelRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelRefusal::NotServed { file } => write!(
                f,
                "seat 'bot:model:{}': this server seats no model bots (its operator names a \
                 directory of models with hupai serve --models DIR)",
                file.display()
            ),
            ModelRefusal::Outside { file } => write!(
                f,
                "seat 'bot:model:{}': not a file in this server's model directory",
                file.display()
            ),
        }
    }
}

impl std::error::Error for ModelRefusal {}

impl ModelDir {
    /// No model directory: every model bot is refused.
    pub fn none() -> ModelDir {
        ModelDir { root: None }
    }

    /// The directory `dir` (it must exist and be a directory).
    pub fn new(dir: &Path) -> std::io::Result<ModelDir> {
        let root = std::fs::canonicalize(dir)?;
        if !root.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                format!("{}: not a directory", dir.display()),
            ));
        }
        Ok(ModelDir { root: Some(root) })
    }

    /// Whether a seat may sit: any seat but a model bot, and a model bot whose file lies in
    /// the directory.
    pub fn admit(&self, seat: &SeatKind) -> Result<(), ModelRefusal> {
        let SeatKind::Bot(spec) = seat else { return Ok(()) };
        let Some(file) = spec.model_file() else { return Ok(()) };
        let Some(root) = &self.root else {
            return Err(ModelRefusal::NotServed { file: file.to_path_buf() });
        };
        // The same answer whether an outside file exists or not.
        match std::fs::canonicalize(file) {
            Ok(real) if real.starts_with(root) && real.is_file() => Ok(()),
            _ => Err(ModelRefusal::Outside { file: file.to_path_buf() }),
        }
    }

    /// Whether all of a table's seats may sit.
    pub fn admit_all(&self, seats: &[SeatKind]) -> Result<(), ModelRefusal> {
        seats.iter().try_for_each(|s| self.admit(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(text: &str) -> SeatKind {
        SeatKind::parse(text).expect("a seat")
    }

    #[test]
    fn only_files_inside_the_directory_are_admitted() {
        let base = std::env::temp_dir().join(format!("hupai-models-{}", std::process::id()));
        let dir = base.join("models");
        std::fs::create_dir_all(dir.join("sub")).expect("dirs");
        std::fs::write(dir.join("a.onnx"), b"x").expect("a file");
        std::fs::write(dir.join("sub/b.onnx"), b"x").expect("a file");
        std::fs::write(base.join("secret"), b"x").expect("a file");
        let _ = std::fs::remove_file(dir.join("link.onnx"));
        std::os::unix::fs::symlink(base.join("secret"), dir.join("link.onnx")).expect("a link");
        let models = ModelDir::new(&dir).expect("a directory");
        let inside = |f: &str| format!("bot:model:{}", dir.join(f).display());
        assert_eq!(models.admit(&seat(&inside("a.onnx"))), Ok(()));
        assert_eq!(models.admit(&seat(&inside("sub/b.onnx"))), Ok(()));
        for refused in ["../secret", "sub/../../secret", "link.onnx", "missing.onnx", "sub"] {
            let seat = seat(&inside(refused));
            assert!(
                matches!(models.admit(&seat), Err(ModelRefusal::Outside { .. })),
                "{refused} was admitted"
            );
        }
        let outside = seat("bot:model:/etc/passwd");
        let err = models.admit(&outside).expect_err("refused");
        assert_eq!(
            err.to_string(),
            "seat 'bot:model:/etc/passwd': not a file in this server's model directory"
        );
        assert!(matches!(ModelDir::none().admit(&outside), Err(ModelRefusal::NotServed { .. })));
        assert!(ModelDir::new(&dir.join("a.onnx")).is_err(), "a file is not a directory");
        assert_eq!(
            models.admit_all(&[seat("human"), seat("bot:defensive"), SeatKind::Mjai]),
            Ok(())
        );
        let _ = std::fs::remove_dir_all(&base);
    }
}
