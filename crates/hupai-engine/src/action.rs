//! What a seat can do, and why the engine refuses an action.
//!
//! ```
//! use hupai_engine::{Action, Game, Setup};
//! use hupai_rules::Rules;
//! let (game, _events) = Game::new(Setup::new(Rules::preset("riichi").unwrap(), 1));
//! let pending = game.pending();
//! let seat = pending.seats().next().unwrap();
//! assert!(pending.options(seat).iter().any(|a| matches!(a, Action::Discard(_))));
//! ```

use std::fmt;

use hupai_core::{Kind, Seat, Tile};

/// One decision of one seat. Tiles are physical tiles from the seat's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discard this tile.
    Discard(Tile),
    /// Declare riichi and discard this tile.
    Riichi(Tile),
    /// Win on the tile just drawn.
    Tsumo,
    /// Declare a closed kan of this kind.
    ClosedKan(Kind),
    /// Add this tile to a pon of its kind.
    AddedKan(Tile),
    /// Abort the hand with nine kinds of terminals and honours (riichi, first turn).
    NineTerminals,
    /// Win on the discard (or on the tile added to a kan, or a closed kan for thirteen orphans).
    Ron,
    /// Pon the discard with these two tiles.
    Pon([Tile; 2]),
    /// Chi the discard with these two tiles.
    Chi([Tile; 2]),
    /// Open kan on the discard.
    OpenKan,
    /// Decline every claim.
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Discard(t) => write!(f, "discard {t}"),
            Action::Riichi(t) => write!(f, "riichi discarding {t}"),
            Action::Tsumo => f.write_str("tsumo"),
            Action::ClosedKan(k) => write!(f, "closed kan of {k}"),
            Action::AddedKan(t) => write!(f, "added kan of {t}"),
            Action::NineTerminals => f.write_str("nine terminals"),
            Action::Ron => f.write_str("ron"),
            Action::Pon([a, b]) => write!(f, "pon with {a}{b}"),
            Action::Chi([a, b]) => write!(f, "chi with {a}{b}"),
            Action::OpenKan => f.write_str("open kan"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Why [`crate::Game::apply`] refused an action (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The match is over.
    GameOver,
    /// This seat has nothing to decide now (or has already answered).
    NotYourTurn(Seat),
    /// The action is not among the seat's legal options.
    Illegal {
        /// The seat.
        seat: Seat,
        /// The refused action.
        action: Action,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::NotYourTurn(seat) => {
                write!(f, "seat {} has nothing to decide", seat.index())
            }
            PlayError::Illegal { seat, action } => {
                write!(f, "{action} is not legal for seat {} now", seat.index())
            }
        }
    }
}

impl std::error::Error for PlayError {}
