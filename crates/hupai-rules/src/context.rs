//! The situation of a win, independent of the rule family.
//!
//! ```
//! use hupai_core::{Kind, Seat};
//! use hupai_rules::WinContext;
//! let mut ctx = WinContext::new("5m".parse::<Kind>().unwrap(), true);
//! ctx.round_wind = Seat::South;
//! ctx.flowers = 2;
//! assert!(ctx.self_drawn);
//! ```

use hupai_core::{Kind, Seat};

/// Everything about a win that is not the hand itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WinContext {
    /// The tile that completed the hand (it is also among the hand's concealed tiles).
    pub win_tile: Kind,
    /// Self-drawn (tsumo, 自摸) rather than won on a discard.
    pub self_drawn: bool,
    /// The winner's seat wind.
    pub seat_wind: Seat,
    /// The prevailing (round) wind.
    pub round_wind: Seat,
    /// Flowers and seasons the winner has set aside (MCR: one fan each).
    pub flowers: u8,
    /// Won on the last tile of the wall (self-drawn) or on the last discard.
    pub last_tile: bool,
    /// Won on a kan replacement tile.
    pub replacement: bool,
    /// Won by robbing a kong (a tile added to a pon).
    pub robbing_kong: bool,
    /// The win tile is the last unseen copy (the other three are visible on the table).
    pub fourth_tile: bool,
    /// A first-turn win before any call: heavenly / earthly hand (tenhou, chiihou, renhou).
    pub first_turn: bool,
    /// Riichi: the winner declared riichi.
    pub riichi: bool,
    /// Riichi: the riichi was declared on the first turn (double riichi).
    pub double_riichi: bool,
    /// Riichi: the win came within one go-around of the riichi, with no call in between.
    pub ippatsu: bool,
    /// Riichi: dora indicators (kan dora included).
    pub dora_indicators: Vec<Kind>,
    /// Riichi: ura dora indicators (only with riichi).
    pub ura_indicators: Vec<Kind>,
    /// Riichi: repeat counters (300 points each).
    pub honba: u32,
    /// Riichi: riichi sticks on the table (1000 points each) that the winner collects.
    pub riichi_sticks: u32,
}

impl WinContext {
    /// A win on `win_tile`, self-drawn or not, East seat in the East round, nothing else set.
    pub fn new(win_tile: Kind, self_drawn: bool) -> WinContext {
        WinContext {
            win_tile,
            self_drawn,
            seat_wind: Seat::East,
            round_wind: Seat::East,
            flowers: 0,
            last_tile: false,
            replacement: false,
            robbing_kong: false,
            fourth_tile: false,
            first_turn: false,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            honba: 0,
            riichi_sticks: 0,
        }
    }

    /// Whether the winner is the dealer (seat wind East).
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Seat::East
    }
}
