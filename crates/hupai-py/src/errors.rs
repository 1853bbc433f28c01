//! The exception classes, and hupai's errors as them (the message is hupai's own).

use hupai_core::encoding::EncodingError;
use hupai_core::{AnalysisError as CoreAnalysisError, HandError, ParseError};
use hupai_rules::{LineError, RulesError as CoreRulesError, ScoreError as CoreScoreError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;

pyo3::create_exception!(
    hupai,
    HupaiError,
    PyValueError,
    "Base class of every hupai error (a ValueError)."
);
pyo3::create_exception!(
    hupai,
    TileError,
    HupaiError,
    "Text or codes that name no tile or no hand: `invalid tile '8z' at 6: honours go 1z..7z`."
);
pyo3::create_exception!(
    hupai,
    InputError,
    HupaiError,
    "A malformed argument: a score line with a missing, ill-typed or unknown field, an array of the wrong shape, counts above four."
);
pyo3::create_exception!(hupai, RulesError, HupaiError, "Rules that do not load.");
pyo3::create_exception!(
    hupai,
    ActionError,
    InputError,
    "An action the environment cannot take: not a legal option now, an id outside the action space, a player with nothing to decide."
);
pyo3::create_exception!(
    hupai,
    EnvError,
    HupaiError,
    "An environment used out of order: a step before reset or after the match is over."
);
pyo3::create_exception!(
    hupai,
    AnalysisError,
    HupaiError,
    "A hand that cannot be analysed: more than four copies with the visible tiles, or no form fits its melds."
);
pyo3::create_exception!(hupai, ScoreError, HupaiError, "A hand that does not score.");
pyo3::create_exception!(
    hupai,
    NotWinningError,
    ScoreError,
    "The tiles do not form a winning hand under the rules' forms."
);
pyo3::create_exception!(
    hupai,
    NoYakuError,
    ScoreError,
    "Riichi: a complete hand with no yaku (dora alone do not count)."
);
pyo3::create_exception!(
    hupai,
    InconsistentError,
    ScoreError,
    "A situation that cannot happen (riichi with an open hand, robbing a kong self-drawn, ...)."
);

/// An error of any hupai operation, converted to its exception class.
#[derive(Debug)]
pub enum Error {
    /// Tile text or codes.
    Tile(String),
    /// A malformed argument.
    Input(String),
    /// Rules.
    Rules(String),
    /// Analysis.
    Analysis(String),
    /// Scoring.
    Score(CoreScoreError),
    /// An action the environment cannot take.
    Action(String),
    /// An environment used out of order.
    Env(String),
}

/// The exception class an [`Error`] raises as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// `TileError`.
    Tile,
    /// `InputError`.
    Input,
    /// `RulesError`.
    Rules,
    /// `AnalysisError`.
    Analysis,
    /// `ActionError`.
    Action,
    /// `EnvError`.
    Env,
    /// `NotWinningError`.
    NotWinning,
    /// `NoYakuError`.
    NoYaku,
    /// `InconsistentError`.
    Inconsistent,
}

impl Class {
    /// The exception of this class with `message`, made when Python first looks at it (so
    /// this needs no interpreter: scoring threads call it with the GIL released).
    fn new_err(self, message: String) -> PyErr {
        match self {
            Class::Tile => TileError::new_err(message),
            Class::Input => InputError::new_err(message),
            Class::Rules => RulesError::new_err(message),
            Class::Analysis => AnalysisError::new_err(message),
            Class::Action => ActionError::new_err(message),
            Class::Env => EnvError::new_err(message),
            Class::NotWinning => NotWinningError::new_err(message),
            Class::NoYaku => NoYakuError::new_err(message),
            Class::Inconsistent => InconsistentError::new_err(message),
        }
    }

    /// The class itself.
    pub fn type_object(self, py: Python<'_>) -> Bound<'_, PyType> {
        match self {
            Class::Tile => py.get_type::<TileError>(),
            Class::Input => py.get_type::<InputError>(),
            Class::Rules => py.get_type::<RulesError>(),
            Class::Analysis => py.get_type::<AnalysisError>(),
            Class::Action => py.get_type::<ActionError>(),
            Class::Env => py.get_type::<EnvError>(),
            Class::NotWinning => py.get_type::<NotWinningError>(),
            Class::NoYaku => py.get_type::<NoYakuError>(),
            Class::Inconsistent => py.get_type::<InconsistentError>(),
        }
    }
}

impl Error {
    /// The exception class this error raises as and its message (the exception's `str`),
    /// without making the exception: `score_batch(errors="dict")` reports a failed line by
    /// these two alone.
    pub fn class_and_message(self) -> (Class, String) {
        match self {
            Error::Tile(m) => (Class::Tile, m),
            Error::Input(m) => (Class::Input, m),
            Error::Rules(m) => (Class::Rules, m),
            Error::Analysis(m) => (Class::Analysis, m),
            Error::Action(m) => (Class::Action, m),
            Error::Env(m) => (Class::Env, m),
            Error::Score(e) => {
                let class = match e {
                    // A complete hand the rules refuse (Wuhan's 258 pair, 开口, ...) does not
                    // win either; the message says which rule.
                    CoreScoreError::NotWinning | CoreScoreError::Refused(_) => Class::NotWinning,
                    CoreScoreError::NoYaku => Class::NoYaku,
                    CoreScoreError::Inconsistent(_) => Class::Inconsistent,
                    CoreScoreError::BadInput(_) => Class::Input,
                };
                (class, e.to_string())
            }
        }
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        let (class, message) = e.class_and_message();
        class.new_err(message)
    }
}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::Tile(e.to_string())
    }
}

impl From<HandError> for Error {
    fn from(e: HandError) -> Error {
        Error::Tile(e.to_string())
    }
}

impl From<EncodingError> for Error {
    fn from(e: EncodingError) -> Error {
        Error::Tile(e.to_string())
    }
}

impl From<CoreRulesError> for Error {
    fn from(e: CoreRulesError) -> Error {
        Error::Rules(e.to_string())
    }
}

impl From<CoreAnalysisError> for Error {
    fn from(e: CoreAnalysisError) -> Error {
        Error::Analysis(e.to_string())
    }
}

impl From<LineError> for Error {
    fn from(e: LineError) -> Error {
        match e {
            LineError::Rules(e) => Error::Rules(format!("rules: {e}")),
            LineError::Hand(e) => Error::Tile(format!("hand: {e}")),
            LineError::Score(e) => Error::Score(e),
        }
    }
}

/// The exception classes, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("HupaiError", py.get_type::<HupaiError>())?;
    m.add("TileError", py.get_type::<TileError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("AnalysisError", py.get_type::<AnalysisError>())?;
    m.add("ScoreError", py.get_type::<ScoreError>())?;
    m.add("NotWinningError", py.get_type::<NotWinningError>())?;
    m.add("NoYakuError", py.get_type::<NoYakuError>())?;
    m.add("InconsistentError", py.get_type::<InconsistentError>())?;
    m.add("ActionError", py.get_type::<ActionError>())?;
    m.add("EnvError", py.get_type::<EnvError>())?;
    Ok(())
}
