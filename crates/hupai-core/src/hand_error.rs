//! Why a hand, counts or a meld cannot be built from text or parts.
//!
//! ```
//! use hupai_core::{Counts, HandError, Kind};
//! let err = "33333m".parse::<Counts>().unwrap_err();
//! assert_eq!(err, HandError::TooManyCopies { kind: "3m".parse::<Kind>().unwrap(), count: 5 });
//! assert_eq!(err.to_string(), "five copies of 3m");
//! ```

use std::fmt;

use crate::{Kind, ParseError, Suit};

/// Why a hand (or counts, or a meld) cannot be built from text or parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// The text does not parse.
    Parse(ParseError),
    /// More than four copies of a kind, melds included.
    TooManyCopies {
        /// The kind.
        kind: Kind,
        /// How many copies.
        count: u8,
    },
    /// More than 14 tiles, counting each meld as three.
    TooManyTiles {
        /// Concealed tiles plus jokers plus three per meld.
        tiles: u32,
    },
    /// More than four melds.
    TooManyMelds {
        /// How many.
        melds: usize,
    },
    /// A meld whose tiles do not make its type.
    InvalidMeld {
        /// The meld text.
        text: String,
        /// 1-based column where the meld starts.
        position: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// A meld prefix that is not `chi`, `pon`, `kan`, `kakan` or `ankan`.
    UnknownMeld {
        /// The prefix.
        prefix: String,
        /// 1-based column.
        position: usize,
    },
    /// A joker where only plain tiles are allowed.
    JokerNotAllowed {
        /// 1-based column.
        position: usize,
    },
    /// More red fives than fives.
    TooManyRed {
        /// The suit.
        suit: Suit,
        /// The red fives claimed.
        red: u8,
    },
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::Parse(e) => e.fmt(f),
            HandError::TooManyCopies { kind, count } => {
                write!(f, "{} copies of {kind}", copies_word(*count))
            }
            HandError::TooManyTiles { tiles } => {
                write!(f, "{tiles} tiles: a hand has at most 14 plus declared melds")
            }
            HandError::TooManyMelds { melds } => write!(f, "{melds} melds: a hand has at most 4"),
            HandError::InvalidMeld { text, position, reason } => {
                write!(f, "invalid meld '{text}' at {position}: {reason}")
            }
            HandError::UnknownMeld { prefix, position } => write!(
                f,
                "unknown meld '{prefix}' at {position}: use chi, pon, kan, kakan or ankan"
            ),
            HandError::JokerNotAllowed { position } => {
                write!(f, "joker at {position}: not allowed here")
            }
            HandError::TooManyRed { suit, red } => {
                write!(f, "{red} red fives of {}: more than the fives held", suit.letter())
            }
        }
    }
}

impl std::error::Error for HandError {}

impl From<ParseError> for HandError {
    fn from(e: ParseError) -> HandError {
        HandError::Parse(e)
    }
}

fn copies_word(n: u8) -> String {
    match n {
        5 => "five".into(),
        6 => "six".into(),
        7 => "seven".into(),
        8 => "eight".into(),
        n => n.to_string(),
    }
}
