//! Syntax errors in tile text: what is wrong and at which column.
//!
//! ```
//! use hupai_core::{Kind, ParseError};
//! let err = "8z".parse::<Kind>().unwrap_err();
//! assert!(matches!(err, ParseError::InvalidTile { position: 1, .. }));
//! assert_eq!(err.to_string(), "invalid tile '8z' at 1: honours go 1z..7z");
//! ```

use std::fmt;

/// A syntax error in tile text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A digit-and-suit pair that names no tile (`8z`, `0z`).
    InvalidTile {
        /// The offending text, e.g. `8z`.
        text: String,
        /// 1-based column of the digit.
        position: usize,
        /// Why it is invalid.
        reason: &'static str,
    },
    /// Digits with no suit letter after them.
    MissingSuit {
        /// The digits.
        digits: String,
        /// 1-based column of the first digit.
        position: usize,
    },
    /// A character that is not part of any notation.
    UnexpectedChar {
        /// The character.
        ch: char,
        /// 1-based column.
        position: usize,
    },
    /// Text that was expected to name exactly one tile named none or several.
    NotOneTile {
        /// The text.
        text: String,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::InvalidTile { text, position, reason } => {
                write!(f, "invalid tile '{text}' at {position}: {reason}")
            }
            ParseError::MissingSuit { digits, position } => {
                write!(f, "digits '{digits}' at {position} have no suit letter (m, p, s or z)")
            }
            ParseError::UnexpectedChar { ch, position } => {
                write!(f, "unexpected character '{ch}' at {position}")
            }
            ParseError::NotOneTile { text } => write!(f, "'{text}' is not exactly one tile"),
        }
    }
}

impl std::error::Error for ParseError {}
