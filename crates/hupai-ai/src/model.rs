//! A trained policy read from an ONNX file and run by a pure-Rust runtime (tract): the network
//! behind the `model:FILE.onnx` agents ([`crate::Learned`]). No Python runs at play time.
//!
//! A model file is what `python -m hupai.train` exports: two inputs, `planes` (float32,
//! `[N, planes, 34]`) and `scalars` (float32, `[N, scalars]`), the observation of one of
//! [`crate::encoding`]'s encodings (`[N, 73, 34]` and `[N, 83]` for `hupai-v4`); its first output holds one logit per action id of
//! [`crate::action_space`] (`[N, 728]`). Its metadata names the encoding and the action
//! space it was trained for (`hupai.encoding`, `hupai.actions`); a file that is missing, is
//! not ONNX, names another encoding or action space, or has other shapes is refused by
//! [`Model::load`] with a [`ModelError`] that says which, so nothing fails mid-game.
//!
//! ```no_run
//! use hupai_ai::model::Model;
//! let model = Model::load("models/riichi.onnx".as_ref()).unwrap();
//! println!("{} ({})", model.path().display(), model.meta("hupai.trained").unwrap_or("?"));
//! ```

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tract_onnx::pb::ModelProto;
use tract_onnx::prelude::*;

use crate::action_space::{self, ACTIONS};
use crate::encoding::{Encoding, WIDTH};
use crate::mlp::Mlp;

/// The metadata key of the encoding a model was trained on.
pub const META_ENCODING: &str = "hupai.encoding";
/// The largest model file read (a policy for hupai is a few megabytes).
pub const MAX_BYTES: u64 = 256 << 20;
/// The metadata key of the action space of a model's logits.
pub const META_ACTIONS: &str = "hupai.actions";
/// The metadata key of the network's shape (`{"arch": "mlp", "layers": 2, ...}`).
pub const META_NET: &str = "hupai.net";
/// The metadata key of the bonus a model's graph adds to the logit of `defensive`'s choice
/// (`hupai.train.prior`, over `hupai-v6` and `hupai-v7`).
pub const META_PRIOR: &str = "hupai.prior";
/// The metadata key of the further bonus where `defensive`'s choice declares riichi.
pub const META_PRIOR_RIICHI: &str = "hupai.prior.riichi";
/// The metadata key of the rule presets a model's data was played under, comma-separated
/// (`riichi`): what a server offers it for ([`Model::rules`]).
pub const META_RULES: &str = "hupai.rules";

/// Why a model file cannot be played.
#[derive(Debug)]
pub enum ModelError {
    /// The file cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not an ONNX model.
    NotOnnx {
        /// The file.
        path: PathBuf,
        /// What the parser said.
        reason: String,
    },
    /// The model was trained on another observation encoding (or names none).
    Encoding {
        /// The file.
        path: PathBuf,
        /// The encoding it names.
        found: Option<String>,
    },
    /// The model's logits are over another action space (or it names none).
    Actions {
        /// The file.
        path: PathBuf,
        /// The action space it names.
        found: Option<String>,
    },
    /// An input or output is not the shape the encoding and the action space give.
    Shape {
        /// The file.
        path: PathBuf,
        /// Which, and what it is.
        what: String,
    },
    /// The runtime cannot prepare or run the network (an operator it lacks, a failed run).
    Runtime {
        /// The file.
        path: PathBuf,
        /// What the runtime said.
        reason: String,
    },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Read { path, source } => {
                write!(f, "cannot read model file '{}': {source}", path.display())
            }
            ModelError::NotOnnx { path, reason } => {
                write!(f, "'{}' is not an ONNX model: {reason}", path.display())
            }
            ModelError::Encoding { path, found } => write!(
                f,
                "'{}' was trained on the observation encoding {}, this hupai encodes {}",
                path.display(),
                quoted(found),
                Encoding::ALL.map(|e| format!("'{e}'")).join(" or ")
            ),
            ModelError::Actions { path, found } => write!(
                f,
                "'{}' has logits over the action space {}, this hupai's is '{}'",
                path.display(),
                quoted(found),
                action_space::VERSION
            ),
            ModelError::Shape { path, what } => write!(f, "'{}': {what}", path.display()),
            ModelError::Runtime { path, reason } => {
                write!(f, "'{}': the ONNX runtime failed: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for ModelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ModelError::Read { source, .. } => Some(source),
            _ => None,
        }
    }
}

fn quoted(found: &Option<String>) -> String {
    match found {
        Some(v) => format!("'{v}'"),
        None => "(none named in its metadata)".into(),
    }
}

type Plan = TypedRunnableModel<TypedModel>;

/// A loaded policy network, ready to run on any number of observations at once. It is
/// immutable and shared (`Arc`) by every agent that plays it.
pub struct Model {
    path: PathBuf,
    meta: Vec<(String, String)>,
    encoding: Encoding,
    /// The direct evaluation of an exported MLP ([`Mlp`]), when it gives the runtime's
    /// logits on the probes.
    direct: Option<Mlp>,
    /// Compiled for one observation (the single-decision path).
    single: Plan,
    /// Compiled for a batch of any size.
    batch: Plan,
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model").field("path", &self.path).field("meta", &self.meta).finish()
    }
}

impl Model {
    /// Reads, checks and compiles the model in `path`.
    pub fn load(path: &Path) -> Result<Model, ModelError> {
        let read = |source| ModelError::Read { path: path.to_path_buf(), source };
        // Only a regular file of a sane size is read (never a device or a pipe).
        let meta = std::fs::metadata(path).map_err(read)?;
        if !meta.is_file() || meta.len() > MAX_BYTES {
            return Err(ModelError::NotOnnx {
                path: path.to_path_buf(),
                reason: format!("not a regular file of at most {MAX_BYTES} bytes"),
            });
        }
        let bytes = std::fs::read(path).map_err(read)?;
        Model::from_bytes(path, &bytes)
    }

    /// As [`Model::load`], but one model for every caller that names the same unchanged
    /// file (the same file once links are resolved, of the same size and modification time)
    /// while any of them holds it: a server's thousand tables of one model bot hold one
    /// network, not a thousand, and seat it without reading the file again.
    pub fn shared(path: &Path) -> Result<Arc<Model>, ModelError> {
        type Key = (PathBuf, u64, Option<std::time::SystemTime>);
        static LOADED: std::sync::Mutex<Vec<(Key, std::sync::Weak<Model>)>> =
            std::sync::Mutex::new(Vec::new());
        let key = std::fs::canonicalize(path).and_then(|real| {
            let meta = std::fs::metadata(&real)?;
            Ok((real, meta.len(), meta.modified().ok()))
        });
        let Ok(key) = key else { return Model::load(path).map(Arc::new) };
        let held = |loaded: &mut Vec<(Key, std::sync::Weak<Model>)>| {
            loaded.retain(|(_, m)| m.strong_count() > 0);
            loaded.iter().find(|(k, _)| *k == key).and_then(|(_, m)| m.upgrade())
        };
        if let Some(model) = LOADED.lock().ok().as_deref_mut().and_then(held) {
            return Ok(model);
        }
        // Read outside the lock: two first callers may both read; the first kept wins.
        let model = Arc::new(Model::load(path)?);
        let Ok(mut loaded) = LOADED.lock() else { return Ok(model) };
        if let Some(first) = held(&mut loaded) {
            return Ok(first);
        }
        loaded.push((key, Arc::downgrade(&model)));
        Ok(model)
    }

    /// As [`Model::load`], from the file's bytes (`path` names it in errors).
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<Model, ModelError> {
        let p = || path.to_path_buf();
        let not_onnx = |reason: String| ModelError::NotOnnx { path: p(), reason };
        let onnx = tract_onnx::onnx();
        let proto: ModelProto =
            onnx.proto_model_for_read(&mut &bytes[..]).map_err(|e| not_onnx(root_cause(&e)))?;
        if proto.graph.is_none() {
            return Err(not_onnx("it holds no graph".into()));
        }
        let meta: Vec<(String, String)> =
            proto.metadata_props.iter().map(|e| (e.key.clone(), e.value.clone())).collect();
        let lookup = |k: &str| meta.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
        let enc = lookup(META_ENCODING);
        let Some(encoding) = enc.as_deref().and_then(Encoding::from_name) else {
            return Err(ModelError::Encoding { path: p(), found: enc });
        };
        let (planes, scalars) = (encoding.planes(), encoding.scalars());
        let actions = lookup(META_ACTIONS);
        if actions.as_deref() != Some(action_space::VERSION) {
            return Err(ModelError::Actions { path: p(), found: actions });
        }
        let shape = |what: String| ModelError::Shape { path: p(), what };
        let graph = proto.graph.as_ref().map(|g| (g.input.len(), g.output.len()));
        let names: Vec<&str> = proto
            .graph
            .as_ref()
            .map(|g| g.input.iter().map(|i| i.name.as_str()).collect())
            .unwrap_or_default();
        if names != ["planes", "scalars"] {
            return Err(shape(format!(
                "the inputs are {names:?}, not [\"planes\", \"scalars\"] (the {encoding} observation)"
            )));
        }
        if graph.is_some_and(|(_, outputs)| outputs == 0) {
            return Err(shape("the model has no output".into()));
        }
        let runtime = |e: TractError| ModelError::Runtime { path: p(), reason: root_cause(&e) };
        let mut model = onnx.model_for_proto_model(&proto).map_err(runtime)?;
        let n = model.sym("N");
        let planes_fact = InferenceFact::dt_shape(
            f32::datum_type(),
            tvec!(n.to_dim(), planes.to_dim(), WIDTH.to_dim()),
        );
        let scalars_fact =
            InferenceFact::dt_shape(f32::datum_type(), tvec!(n.to_dim(), scalars.to_dim()));
        // A declared input shape that disagrees with the encoding is refused here.
        let declared = |i: usize| model.input_fact(i).map(|f| format!("{f:?}")).unwrap_or_default();
        let (declared_planes, declared_scalars) = (declared(0), declared(1));
        model = model
            .with_input_fact(0, planes_fact)
            .and_then(|m| m.with_input_fact(1, scalars_fact))
            .map_err(|e| {
                shape(format!(
                    "its inputs ({declared_planes}, {declared_scalars}) are not planes [N, {planes}, {WIDTH}] and scalars [N, {scalars}] ({encoding}): {}",
                    root_cause(&e)
                ))
            })?;
        // Only the first output (the logits) is played.
        let outputs = model.output_outlets().map_err(runtime)?.to_vec();
        if outputs.len() > 1 {
            model.set_output_outlets(&outputs[..1]).map_err(runtime)?;
        }
        let typed = model.into_typed().map_err(|e| {
            shape(format!("its graph does not fit the {encoding} observation: {}", root_cause(&e)))
        })?;
        let out = typed.output_fact(0).map_err(runtime)?.clone();
        let dims: Vec<TDim> = out.shape.iter().cloned().collect();
        if out.datum_type != f32::datum_type()
            || dims.len() != 2
            || dims[0] != n.to_dim()
            || dims[1] != ACTIONS.to_dim()
        {
            return Err(shape(format!(
                "the first output is {:?} {dims:?}, not float32 logits [N, {ACTIONS}] over {}",
                out.datum_type,
                action_space::VERSION
            )));
        }
        let one = typed
            .concretize_dims(&SymbolValues::default().with(&n, 1))
            .and_then(|m| m.into_optimized())
            .and_then(|m| m.into_runnable())
            .map_err(runtime)?;
        let batch = typed.into_optimized().and_then(|m| m.into_runnable()).map_err(runtime)?;
        let net = meta.iter().find(|(k, _)| k == META_NET).map(|(_, v)| v.as_str());
        // A prior that is not a number leaves the model to the runtime, which plays its graph.
        let number = |key: &str| match meta.iter().find(|(k, _)| k == key) {
            Some((_, v)) => v.parse::<f32>().unwrap_or(f32::NAN),
            None => 0.0,
        };
        let prior = [number(META_PRIOR), number(META_PRIOR_RIICHI)];
        let direct = Mlp::from_proto(&proto, net, prior, encoding);
        let mut model =
            Model { path: path.to_path_buf(), meta, encoding, direct: None, single: one, batch };
        model.direct = direct.filter(|mlp| model.agrees_on_probes(mlp));
        Ok(model)
    }

    /// Whether `mlp` gives the runtime's logits (within 1e-4, relative to their size) on a
    /// few probe observations: empty, full, and scattered 0/1 planes with scalars in [0, 1].
    fn agrees_on_probes(&self, mlp: &Mlp) -> bool {
        let (np, ns) = (self.encoding.planes() * WIDTH, self.encoding.scalars());
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut direct = Vec::new();
        (0..4).all(|probe| {
            let (planes, scalars): (Vec<u8>, Vec<f32>) = match probe {
                0 => (vec![0; np], vec![0.0; ns]),
                1 => (vec![1; np], vec![1.0; ns]),
                _ => (
                    (0..np).map(|_| u8::from(next() % 16 == 0)).collect(),
                    (0..ns).map(|_| (next() % 1000) as f32 / 1000.0).collect(),
                ),
            };
            let Ok(want) = self.runtime_logits(1, &planes, &scalars) else { return false };
            mlp.logits(&planes, &scalars, &mut direct);
            want.len() == direct.len()
                && want.iter().zip(&direct).all(|(a, b)| (a - b).abs() <= 1e-4 * a.abs().max(1.0))
        })
    }

    /// Whether it is played by the direct evaluation of an exported MLP ([`crate::mlp`])
    /// rather than by the runtime.
    pub fn is_direct(&self) -> bool {
        self.direct.is_some()
    }

    /// The file it was read from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The observation encoding it reads.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// A metadata entry (`hupai.encoding`, `hupai.trained`, ...).
    pub fn meta(&self, key: &str) -> Option<&str> {
        self.meta.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The rule presets its data was played under ([`META_RULES`]; none when the file does
    /// not say).
    pub fn rules(&self) -> Vec<&str> {
        let named = self.meta(META_RULES).unwrap_or("");
        named.split(',').map(str::trim).filter(|r| !r.is_empty()).collect()
    }

    /// Every metadata entry, in file order.
    pub fn metadata(&self) -> &[(String, String)] {
        &self.meta
    }

    /// The logits (`rows * ACTIONS`) of `rows` observations of its [`Model::encoding`]:
    /// `planes` holds `rows * planes * WIDTH` values 0/1, `scalars` `rows * scalars`. One
    /// observation of an exported MLP is evaluated directly (see [`crate::mlp`]); batches,
    /// and any other network, by the runtime, whose matrix products are faster per row once
    /// there are many rows.
    pub fn logits(
        &self,
        rows: usize,
        planes: &[u8],
        scalars: &[f32],
    ) -> Result<Vec<f32>, ModelError> {
        let (np, ns) = (self.encoding.planes() * WIDTH, self.encoding.scalars());
        match &self.direct {
            Some(mlp) if rows == 1 && planes.len() == np && scalars.len() == ns => {
                let mut out = Vec::with_capacity(ACTIONS);
                mlp.logits(planes, scalars, &mut out);
                Ok(out)
            }
            _ => self.runtime_logits(rows, planes, scalars),
        }
    }

    /// The logits of one observation at the action ids `ids` (`[k]` for `ids[k]`; minus
    /// infinity past the action space): [`Model::logits`]' values there. An MLP played
    /// directly computes only those rows of its policy layer.
    pub fn logits_at(
        &self,
        planes: &[u8],
        scalars: &[f32],
        ids: &[u16],
    ) -> Result<Vec<f32>, ModelError> {
        let (np, ns) = (self.encoding.planes() * WIDTH, self.encoding.scalars());
        match &self.direct {
            Some(mlp) if planes.len() == np && scalars.len() == ns => {
                let mut out = Vec::with_capacity(ids.len());
                mlp.logits_at(planes, scalars, ids, &mut out);
                Ok(out)
            }
            _ => {
                let all = self.logits(1, planes, scalars)?;
                let at = |id: &u16| all.get(usize::from(*id)).copied();
                Ok(ids.iter().map(|id| at(id).unwrap_or(f32::NEG_INFINITY)).collect())
            }
        }
    }

    /// [`Model::logits`] computed by the runtime (tract), whatever the network.
    pub fn runtime_logits(
        &self,
        rows: usize,
        planes: &[u8],
        scalars: &[f32],
    ) -> Result<Vec<f32>, ModelError> {
        let runtime = |reason: String| ModelError::Runtime { path: self.path.clone(), reason };
        let (np, ns) = (self.encoding.planes(), self.encoding.scalars());
        if planes.len() != rows * np * WIDTH || scalars.len() != rows * ns {
            return Err(runtime(format!(
                "{} plane values and {} scalars for {rows} observations",
                planes.len(),
                scalars.len()
            )));
        }
        if rows == 0 {
            return Ok(Vec::new());
        }
        let planes: Vec<f32> = planes.iter().map(|&b| f32::from(b)).collect();
        let err = |e: TractError| runtime(root_cause(&e));
        let p = Tensor::from_shape(&[rows, np, WIDTH], &planes).map_err(err)?;
        let s = Tensor::from_shape(&[rows, ns], scalars).map_err(err)?;
        let plan = if rows == 1 { &self.single } else { &self.batch };
        let out = plan.run(tvec!(p.into_tvalue(), s.into_tvalue())).map_err(err)?;
        let first = out.first().ok_or_else(|| runtime("no output".into()))?;
        let logits = first.as_slice::<f32>().map_err(err)?;
        if logits.len() != rows * ACTIONS {
            return Err(runtime(format!("{} logits for {rows} observations", logits.len())));
        }
        Ok(logits.to_vec())
    }
}

/// The innermost message of a runtime error (the context chain, joined).
fn root_cause(e: &TractError) -> String {
    let chain: Vec<String> = e.chain().map(|c| c.to_string()).collect();
    chain.join(": ")
}

/// A model loaded once and shared by all the agents a spec builds (the arena builds one per
/// game): the first build reads the file, the others share it, and every build reports the
/// same error if it could not be read.
#[derive(Clone, Debug, Default)]
pub struct SharedModel(Arc<std::sync::OnceLock<Result<Arc<Model>, Arc<ModelError>>>>);

impl SharedModel {
    /// The model of `path`, read on first use.
    pub fn get(&self, path: &Path) -> Result<Arc<Model>, Arc<ModelError>> {
        self.0.get_or_init(|| Model::shared(path).map_err(Arc::new)).clone()
    }
}

/// The cache is not part of a spec's identity: two specs of one file are equal.
impl PartialEq for SharedModel {
    fn eq(&self, _: &SharedModel) -> bool {
        true
    }
}
