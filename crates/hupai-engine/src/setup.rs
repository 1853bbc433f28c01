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
