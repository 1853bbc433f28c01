//! Rule sets: a preset name or TOML path, or a `Rules` object (a preset with overrides).

use std::sync::{LazyLock, Mutex, MutexGuard};

use hupai_core::FormSet;
use hupai_rules::{Rules as CoreRules, RulesCache};
use pyo3::prelude::*;

use crate::errors::Error;

/// Rules loaded by name, once per process.
static LOADED: LazyLock<Mutex<RulesCache>> = LazyLock::new(Mutex::default);

/// The cache of rules by name (a poisoned lock still holds good rules).
pub fn cache() -> MutexGuard<'static, RulesCache> {
    LOADED.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A rule set: a preset (`riichi`, `riichi-majsoul`, `mcr`, `chinese`, `laizi`), a TOML file, or
/// TOML text that extends a preset.
///
/// >>> hupai.Rules("mcr").family
/// 'mcr'
/// >>> hupai.Rules.from_toml('extends = "riichi"\nopen_tanyao = false\n').name
/// 'riichi'
/// >>> hupai.Rules("sanma").players, hupai.Rules("riichi").players
/// (3, 4)
#[pyclass(frozen, from_py_object, module = "hupai", name = "Rules")]
#[derive(Clone, Debug)]
pub struct Rules {
    /// The rule set.
    pub rules: CoreRules,
}

#[pymethods]
impl Rules {
    /// Loads a preset name or a TOML path.
    #[new]
    #[pyo3(signature = (name = "riichi"))]
    fn new(name: &str) -> Result<Rules, Error> {
        Ok(Rules { rules: cache().get(name)?.clone() })
    }

    /// Rules from TOML text (`extends = "<preset>"` and fields to override); `file` names the
    /// text in errors.
    #[staticmethod]
    #[pyo3(signature = (text, file = "<toml>"))]
    fn from_toml(text: &str, file: &str) -> Result<Rules, Error> {
        Ok(Rules { rules: CoreRules::from_toml_str(text, file)? })
    }

    /// The rule set's name.
    #[getter]
    fn name(&self) -> &str {
        &self.rules.name
    }

    /// The scoring family: `mcr`, `riichi` or `chinese`.
    #[getter]
    fn family(&self) -> &'static str {
        self.rules.variant.family_name()
    }

    /// The variant, the game the rules play: `riichi`, `mcr`, `chinese`, `sichuan`,
    /// `hongkong`, `guangdong` or `wuhan`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.rules.variant.name()
    }

    /// Players at the table: 4, or 3 for three-player riichi (`sanma`, `sanma-majsoul`,
    /// `players = 3`).
    #[getter]
    fn players(&self) -> u8 {
        self.rules.players()
    }

    /// The winning forms, by name.
    #[getter]
    fn forms(&self) -> Vec<&'static str> {
        self.rules.forms.iter().map(|f| f.name()).collect()
    }

    fn __repr__(&self) -> String {
        format!("Rules({:?})", self.rules.name)
    }
}

/// A `rules` argument: a name or a `Rules` object.
#[derive(Debug, FromPyObject)]
pub enum RulesArg {
    /// A preset name or TOML path.
    Name(String),
    /// A rule set.
    Rules(Rules),
}

impl RulesArg {
    /// The default, `riichi`.
    pub fn riichi() -> RulesArg {
        RulesArg::Name("riichi".into())
    }

    /// The winning forms of the rules.
    pub fn forms(&self) -> Result<FormSet, Error> {
        Ok(match self {
            RulesArg::Name(name) => cache().get(name)?.form_set(),
            RulesArg::Rules(r) => r.rules.form_set(),
        })
    }
}
