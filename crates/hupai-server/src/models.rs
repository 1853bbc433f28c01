//! Which model files a table may seat, and which the server offers. A seat `bot:model:FILE`
//! makes the server play FILE, so the server seats model bots only from the directory its
//! operator names (`hupai serve --models DIR`, [`Config::models`](crate::Config)), and none
//! without one: whoever creates a table cannot make the server read a file of their choosing.
//!
//! When it starts, the server reads every `.onnx` file in the directory (and its
//! subdirectories) once: those that load are its models, listed by `GET /api/models` with
//! the rule presets each is offered for, and shared by every table that seats one (one
//! network in memory, however many tables). A file that does not load is reported and not
//! served; a file added later is served after a restart, and one replaced while the server
//! runs is read again by the next table that seats it.
//!
//! FILE is a path as the server's own command line would take it (relative to its working
//! directory, e.g. `bot:model:models/riichi.onnx`, which is how `GET /api/models` names it);
//! it must be one of the models once `..` and symbolic links are resolved.
//!
//! ```
//! use hupai_server::models::{ModelDir, ModelRefusal};
//! use hupai_server::spec::SeatKind;
//! let seat = SeatKind::parse("bot:model:/etc/passwd").unwrap();
//! let refused = ModelDir::none().admit(&seat).unwrap_err();
//! assert!(matches!(refused, ModelRefusal::NotServed { .. }));
//! assert!(ModelDir::none().admit(&SeatKind::parse("bot:defensive").unwrap()).is_ok());
//! assert!(ModelDir::none().served().is_empty());
//! ```

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use hupai_ai::model::Model;
use hupai_rules::Rules;
use serde::Serialize;

use crate::spec::SeatKind;

/// The most model files a directory is searched for (a server offers a handful).
pub const MAX_MODELS: usize = 64;
/// How deep into subdirectories the files are searched for.
const MAX_DEPTH: usize = 4;

/// The models a server seats, read from its model directory when it starts (none: model
/// bots are refused).
#[derive(Clone, Debug, Default)]
pub struct ModelDir {
    root: Option<PathBuf>,
    served: Vec<ServedModel>,
    skipped: Vec<(PathBuf, String)>,
}

/// A model the server seats, as `GET /api/models` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct ServedModel {
    /// The agent spec a seat names it by: `model:` and the file, the directory as the
    /// operator named it (`model:models/riichi-clone-search.onnx`).
    pub spec: String,
    /// The file's name without `.onnx` (`riichi-clone-search`).
    pub name: String,
    /// The rule presets its data was played under (its `hupai.rules`; empty when the file
    /// does not say).
    pub rules: Vec<String>,
    /// The presets it is offered for: every preset of the scoring and the number of players
    /// of one it was trained under (`riichi` gives `riichi` and `riichi-majsoul`).
    pub presets: Vec<String>,
    /// The observation encoding it reads.
    pub encoding: String,
    /// The agent it learned from (its `hupai.teacher`), when it says.
    pub teacher: Option<String>,
    #[serde(skip)]
    real: PathBuf,
    #[serde(skip)]
    model: Arc<Model>,
}

impl ServedModel {
    /// The network (shared by every seat that plays it).
    pub fn model(&self) -> &Arc<Model> {
        &self.model
    }
}

/// Why a seat's model file is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelRefusal {
    /// The server was started without a model directory.
    NotServed {
        /// The file the seat names.
        file: PathBuf,
    },
    /// The file is not one of the models the server read from its directory.
    Unknown {
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
            ModelRefusal::Unknown { file } => write!(
                f,
                "seat 'bot:model:{}': not one of this server's models (GET /api/models lists \
                 them)",
                file.display()
            ),
        }
    }
}

impl std::error::Error for ModelRefusal {}

impl ModelDir {
    /// No model directory: every model bot is refused.
    pub fn none() -> ModelDir {
        ModelDir::default()
    }

    /// The models in the directory `dir` (it must exist and be a directory): every `.onnx`
    /// file in it or its subdirectories, at most [`MAX_MODELS`], that loads. The others are
    /// [`ModelDir::skipped`]. This reads the files: call it where blocking is allowed.
    pub fn new(dir: &Path) -> std::io::Result<ModelDir> {
        let root = std::fs::canonicalize(dir)?;
        if !root.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                format!("{}: not a directory", dir.display()),
            ));
        }
        let mut files = Vec::new();
        find_models(dir, 0, &mut files);
        files.sort();
        let mut out = ModelDir { root: Some(root), ..ModelDir::default() };
        for file in files {
            if out.served.len() == MAX_MODELS {
                out.skipped.push((file, format!("more than {MAX_MODELS} models")));
                continue;
            }
            match out.serve(dir, &file) {
                Ok(m) => out.served.push(m),
                Err(why) => out.skipped.push((file, why)),
            }
        }
        Ok(out)
    }

    /// The model of `file` (found under `dir`), or why it is not served.
    fn serve(&self, dir: &Path, file: &Path) -> Result<ServedModel, String> {
        let real = std::fs::canonicalize(file).map_err(|e| e.to_string())?;
        if !self.root.as_ref().is_some_and(|root| real.starts_with(root)) || !real.is_file() {
            return Err("not a file inside the model directory (a link that leads out)".into());
        }
        let model = Model::shared(file).map_err(|e| e.to_string())?;
        let rules: Vec<String> = model.rules().iter().map(|r| r.to_string()).collect();
        let kinds: Vec<_> = rules
            .iter()
            .filter_map(|r| Rules::preset(r).ok())
            .map(|r| (r.variant, r.players()))
            .collect();
        let presets = Rules::preset_names()
            .filter(|p| Rules::preset(p).is_ok_and(|r| kinds.contains(&(r.variant, r.players()))))
            .map(str::to_string)
            .collect();
        let inside = file.strip_prefix(dir).unwrap_or(file);
        Ok(ServedModel {
            spec: format!("model:{}", dir.join(inside).display()),
            name: file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
            rules,
            presets,
            encoding: model.encoding().to_string(),
            teacher: model.meta("hupai.teacher").filter(|t| !t.is_empty()).map(str::to_string),
            real,
            model,
        })
    }

    /// The models it seats, in file order.
    pub fn served(&self) -> &[ServedModel] {
        &self.served
    }

    /// The `.onnx` files it found but does not serve, each with why.
    pub fn skipped(&self) -> &[(PathBuf, String)] {
        &self.skipped
    }

    /// The served model a seat's file names, once `..` and links are resolved.
    fn find(&self, file: &Path) -> Option<&ServedModel> {
        let real = std::fs::canonicalize(file).ok()?;
        self.served.iter().find(|m| m.real == real)
    }

    /// Whether a seat may sit: any seat but a model bot, and a model bot of one of its models.
    pub fn admit(&self, seat: &SeatKind) -> Result<(), ModelRefusal> {
        let SeatKind::Bot(spec) = seat else { return Ok(()) };
        let Some(file) = spec.model_file() else { return Ok(()) };
        if self.root.is_none() {
            return Err(ModelRefusal::NotServed { file: file.to_path_buf() });
        }
        // The same answer whether an outside file exists or not.
        match self.find(file) {
            Some(_) => Ok(()),
            None => Err(ModelRefusal::Unknown { file: file.to_path_buf() }),
        }
    }

    /// Whether all of a table's seats may sit.
    pub fn admit_all(&self, seats: &[SeatKind]) -> Result<(), ModelRefusal> {
        seats.iter().try_for_each(|s| self.admit(s))
    }
}

/// The `.onnx` files under `dir`, as paths that start with `dir` (hidden entries skipped,
/// [`MAX_DEPTH`] levels deep).
fn find_models(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        let hidden = path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            if depth < MAX_DEPTH {
                find_models(&path, depth + 1, out);
            }
        } else if path.extension().is_some_and(|e| e == "onnx") {
            out.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(text: &str) -> SeatKind {
        SeatKind::parse(text).expect("a seat")
    }

    fn shipped() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../models/riichi-clone-search.onnx")
    }

    #[test]
    fn only_the_models_read_from_the_directory_are_admitted() {
        let base = std::env::temp_dir().join(format!("hupai-models-{}", std::process::id()));
        let dir = base.join("models");
        std::fs::create_dir_all(dir.join("sub")).expect("dirs");
        std::fs::create_dir_all(dir.join(".hidden")).expect("dirs");
        std::fs::copy(shipped(), dir.join("a.onnx")).expect("a model");
        std::fs::copy(shipped(), dir.join("sub/b.onnx")).expect("a model");
        std::fs::copy(shipped(), dir.join(".hidden/c.onnx")).expect("a model");
        std::fs::copy(shipped(), base.join("secret.onnx")).expect("a model outside");
        std::fs::write(dir.join("broken.onnx"), b"x").expect("a file");
        std::fs::write(dir.join("notes.txt"), b"x").expect("a file");
        let _ = std::fs::remove_file(dir.join("link.onnx"));
        std::os::unix::fs::symlink(base.join("secret.onnx"), dir.join("link.onnx"))
            .expect("a link");
        let models = ModelDir::new(&dir).expect("a directory");
        let names: Vec<&str> = models.served().iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        let a = &models.served()[0];
        assert_eq!(a.spec, format!("model:{}", dir.join("a.onnx").display()));
        assert_eq!(a.rules, ["riichi"]);
        assert_eq!(a.presets, ["riichi", "riichi-majsoul"]);
        assert_eq!((a.encoding.as_str(), a.teacher.as_deref()), ("hupai-v7", Some("search")));
        // Two files of the same bytes are still two files; each is one network however
        // many tables seat it.
        assert!(Arc::ptr_eq(a.model(), &Model::shared(&dir.join("a.onnx")).expect("loads")));
        let skipped: Vec<String> = models
            .skipped()
            .iter()
            .map(|(f, _)| f.strip_prefix(&dir).unwrap().display().to_string())
            .collect();
        assert_eq!(skipped, ["broken.onnx", "link.onnx"]);
        let inside = |f: &str| format!("bot:model:{}", dir.join(f).display());
        assert_eq!(models.admit(&seat(&inside("a.onnx"))), Ok(()));
        assert_eq!(models.admit(&seat(&inside("sub/../a.onnx"))), Ok(()));
        assert_eq!(models.admit(&seat(&inside("sub/b.onnx"))), Ok(()));
        for refused in
            ["../secret.onnx", "sub/../../secret.onnx", "link.onnx", "broken.onnx", "missing.onnx"]
        {
            let seat = seat(&inside(refused));
            assert!(
                matches!(models.admit(&seat), Err(ModelRefusal::Unknown { .. })),
                "{refused} was admitted"
            );
        }
        for refused in [".hidden/c.onnx", "notes.txt", "sub"] {
            assert!(models.admit(&seat(&inside(refused))).is_err(), "{refused} was admitted");
        }
        let outside = seat("bot:model:/etc/passwd");
        let err = models.admit(&outside).expect_err("refused");
        assert_eq!(
            err.to_string(),
            "seat 'bot:model:/etc/passwd': not one of this server's models (GET /api/models \
             lists them)"
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
