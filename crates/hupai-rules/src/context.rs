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
//!
//! As JSON (the fields of a `hupai score` line after `rules` and `hand`), absent flags are false,
//! absent winds East, and the winds are written as wind tiles (`"1z"`; read in any notation):
//!
//! ```
//! use hupai_rules::WinContext;
//! let ctx: WinContext = serde_json::from_str(r#"{"win_tile": "5m", "seat_wind": "S"}"#).unwrap();
//! assert_eq!(ctx.seat_wind, hupai_core::Seat::South);
//! let text = serde_json::to_string(&ctx).unwrap();
//! assert!(text.starts_with(r#"{"win_tile":"5m","self_drawn":false,"seat_wind":"2z""#));
//! ```

use hupai_core::{Kind, Seat};
use serde::{Deserialize, Serialize};

/// Everything about a win that is not the hand itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinContext {
    /// The tile that completed the hand (it is also among the hand's concealed tiles).
    pub win_tile: Kind,
    /// Self-drawn (tsumo, 自摸) rather than won on a discard.
    #[serde(default)]
    pub self_drawn: bool,
    /// The winner's seat wind.
    #[serde(default, with = "wind")]
    pub seat_wind: Seat,
    /// The prevailing (round) wind.
    #[serde(default, with = "wind")]
    pub round_wind: Seat,
    /// Flowers and seasons the winner has set aside (MCR: one fan each).
    #[serde(default)]
    pub flowers: u8,
    /// Which flowers the winner has set aside, as a bit mask: bit `n` for flower `n + 1`f
    /// (plum, orchid, chrysanthemum, bamboo, then spring, summer, autumn, winter; a seat's own
    /// are bits `i` and `i + 4`, East 0). 0 when only their number is known (Hong Kong 正花).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub flower_mask: u8,
    /// Won on the last tile of the wall (self-drawn) or on the last discard.
    #[serde(default)]
    pub last_tile: bool,
    /// Won on a kan replacement tile.
    #[serde(default)]
    pub replacement: bool,
    /// Won by robbing a kong (a tile added to a pon).
    #[serde(default)]
    pub robbing_kong: bool,
    /// Won on the discard a player made right after its kong (杠上炮).
    #[serde(default, skip_serializing_if = "is_false")]
    pub kong_discard: bool,
    /// Won on a discard of the dealer (the Hong Kong 地糊 is a win on the dealer's first
    /// discard).
    #[serde(default, skip_serializing_if = "is_false")]
    pub dealer_discard: bool,
    /// The win tile is the last unseen copy (the other three are visible on the table).
    #[serde(default)]
    pub fourth_tile: bool,
    /// A first-turn win before any call: heavenly / earthly hand (tenhou, chiihou, renhou).
    #[serde(default)]
    pub first_turn: bool,
    /// Riichi: the winner declared riichi. In the Chinese families with `declare_ready`: the
    /// winner declared a ready hand (报听).
    #[serde(default)]
    pub riichi: bool,
    /// Riichi: the riichi was declared on the first turn (double riichi).
    #[serde(default)]
    pub double_riichi: bool,
    /// Riichi: the win came within one go-around of the riichi, with no call in between.
    #[serde(default)]
    pub ippatsu: bool,
    /// Riichi: dora indicators (kan dora included).
    #[serde(default)]
    pub dora_indicators: Vec<Kind>,
    /// Riichi: ura dora indicators (only with riichi).
    #[serde(default)]
    pub ura_indicators: Vec<Kind>,
    /// Three-player riichi 抜きドラ: North tiles the winner set aside (kita), each a dora and
    /// a North tile for the dora indicators.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub kita: u8,
    /// Riichi: repeat counters (100 points from each payer).
    #[serde(default)]
    pub honba: u32,
    /// Riichi: riichi sticks on the table (1000 points each) that the winner collects.
    #[serde(default)]
    pub riichi_sticks: u32,
    /// Wuhan 硬胡: the joker kind of the hand (a joker standing for this kind is no wild).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker: Option<Kind>,
    /// Wuhan: the lone kongs the winner has set aside (红中杠, 赖子杠, 痞子杠), by tile.
    #[serde(default, skip_serializing_if = "LoneKongs::is_empty")]
    pub lone_kongs: LoneKongs,
    /// Wuhan 开口番: each other player's own doublings (its opens, kongs and lone kongs, see
    /// [`crate::wuhan::own_doublings`]), in turn order after the winner: 下家, 对家, 上家.
    #[serde(default, skip_serializing_if = "no_doublings")]
    pub payer_doublings: [u32; 3],
    /// Wuhan: on a win on a discard or by robbing a kong, who gave the tile, as steps after
    /// the winner in turn order (1 下家, 2 对家, 3 上家).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarder: Option<u8>,
}

/// Lone kongs set aside, by tile (Wuhan 红中赖子杠).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoneKongs {
    /// 红中杠: red dragons.
    #[serde(default)]
    pub red_dragon: u8,
    /// 赖子杠: jokers.
    #[serde(default)]
    pub joker: u8,
    /// 痞子杠: tiles of the joker indicator's kind.
    #[serde(default)]
    pub indicator: u8,
}

impl LoneKongs {
    /// Whether none was set aside.
    pub fn is_empty(&self) -> bool {
        *self == LoneKongs::default()
    }

    /// Counts one more lone kong of `tile`.
    pub fn add(&mut self, tile: crate::LoneKongTile) {
        let n = match tile {
            crate::LoneKongTile::RedDragon => &mut self.red_dragon,
            crate::LoneKongTile::Joker => &mut self.joker,
            crate::LoneKongTile::Indicator => &mut self.indicator,
        };
        *n = n.saturating_add(1);
    }

    /// How many, of every tile.
    pub fn total(&self) -> u32 {
        u32::from(self.red_dragon) + u32::from(self.joker) + u32::from(self.indicator)
    }
}

fn no_doublings(d: &[u32; 3]) -> bool {
    *d == [0; 3]
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
            flower_mask: 0,
            last_tile: false,
            replacement: false,
            robbing_kong: false,
            kong_discard: false,
            dealer_discard: false,
            fourth_tile: false,
            first_turn: false,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            kita: 0,
            honba: 0,
            riichi_sticks: 0,
            joker: None,
            lone_kongs: LoneKongs::default(),
            payer_doublings: [0; 3],
            discarder: None,
        }
    }

    /// Whether the winner is the dealer (seat wind East).
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Seat::East
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A seat's wind as a wind tile in text (`"1z"`), read in any notation (`"E"`, `"东"`).
mod wind {
    use hupai_core::{Kind, Seat};
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        seat.wind().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let kind = Kind::deserialize(d)?;
        Seat::ALL
            .into_iter()
            .find(|s| s.wind() == kind)
            .ok_or_else(|| D::Error::custom(format!("'{kind}' is not a wind (E, S, W, N)")))
    }
}
