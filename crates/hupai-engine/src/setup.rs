//! How a game starts: rules, seed, scores and the round state.
//!
//! ```
//! use hupai_engine::{Game, Setup};
//! use hupai_rules::Rules;
//! let setup = Setup::new(Rules::preset("mcr").unwrap(), 42);
//! let (game, events) = Game::new(setup);
//! assert_eq!(events[0].to_json().contains("start_game"), true);
//! assert!(!game.is_over());
//! ```

use std::fmt;

use hupai_core::{Seat, Tile};
use hupai_rules::Rules;

/// Where in a match play starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundState {
    /// Prevailing wind round: 0 East, 1 South, 2 West, 3 North.
    pub round: u8,
    /// The dealer's seat.
    pub dealer: Seat,
    /// Repeat counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
}

impl Default for RoundState {
    fn default() -> RoundState {
        RoundState { round: 0, dealer: Seat::East, honba: 0, sticks: 0 }
    }
}

/// Everything a game starts from.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The rule set.
    pub rules: Rules,
    /// The seed every wall is shuffled from (see [`crate::SplitMix64`]).
    pub seed: u64,
    /// The secret of the seed commitment (see [`crate::commitment`]): 0 unless set. Whoever
    /// shows a stream to a player who did not choose the seed (the arena, `selfplay`, a
    /// server) sets [`crate::commitment::random_secret`]; under 0 the commitment hides nothing
    /// from someone who can guess the seed.
    pub secret: u128,
    /// Scores by seat at the start (`None`: the rules' starting points).
    pub scores: Option<[i32; 4]>,
    /// Round, dealer, honba and sticks at the start.
    pub round: RoundState,
    /// Player names for the log.
    pub names: [String; 4],
    /// Play one hand only instead of a full match.
    pub single_hand: bool,
    /// Walls to use, in order, before shuffling any (each in draw order, see
    /// [`crate::Wall::from_tiles`]): a way to set up positions in tests and puzzles.
    pub stacked_walls: Vec<Vec<Tile>>,
}

impl Setup {
    /// A full match under `rules` from `seed`.
    pub fn new(rules: Rules, seed: u64) -> Setup {
        Setup {
            rules,
            seed,
            secret: 0,
            scores: None,
            round: RoundState::default(),
            names: ["p0", "p1", "p2", "p3"].map(String::from),
            single_hand: false,
            stacked_walls: Vec::new(),
        }
    }
}

/// Why the engine cannot deal a match under a rule set ([`playable`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnplayableRules {
    /// Three-player riichi (`players = 3`, the `sanma` presets): hupai-rules scores its
    /// hands, but the engine deals four seats only (issue 29).
    ThreePlayers {
        /// The rule set's name.
        rules: String,
    },
}

impl fmt::Display for UnplayableRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnplayableRules::ThreePlayers { rules } => write!(
                f,
                "rules '{rules}' seat three players (players = 3): hupai scores three-player \
                 hands but does not deal three seats yet"
            ),
        }
    }
}

impl std::error::Error for UnplayableRules {}

/// Whether the engine can deal a match under `rules`: every program that starts matches
/// from rules a user names (the CLI, the server, the Python environments, replays) asks this
/// first, so that rules the engine cannot deal are refused rather than played wrongly.
///
/// ```
/// use hupai_rules::Rules;
/// assert!(hupai_engine::playable(&Rules::preset("riichi").unwrap()).is_ok());
/// let sanma = Rules::preset("sanma").unwrap();
/// let error = hupai_engine::playable(&sanma).unwrap_err();
/// assert!(error.to_string().contains("three players"));
/// ```
pub fn playable(rules: &Rules) -> Result<(), UnplayableRules> {
    if rules.players() != 4 {
        return Err(UnplayableRules::ThreePlayers { rules: rules.name.clone() });
    }
    Ok(())
}
