//! A win as one JSON line: what `hupai score` reads and what the engine logs with every `hora`.
//!
//! ```
//! use hupai_rules::ScoreLine;
//! let line: ScoreLine = serde_json::from_str(
//!     r#"{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m", "self_drawn": true}"#,
//! ).unwrap();
//! let (hand, ctx) = line.hand_and_context().unwrap();
//! assert_eq!(hand.to_string(), "11123455678999m");
//! assert!(ctx.self_drawn);
//! // Written back, the line is canonical: hand text sorted, winds in MPSZ.
//! let canonical = ScoreLine::new("mcr", &hand, &ctx);
//! assert_eq!(canonical.hand, "11123455678999m");
//! assert_eq!(canonical.seat_wind, "1z");
//! ```

use hupai_core::{Hand, Kind, Seat};
use serde::{Deserialize, Serialize};

use crate::WinContext;

/// The fields of a win in text form; absent flags are false, absent winds East.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreLine {
    /// A preset name or a TOML path.
    pub rules: String,
    /// The winning hand in hand text (the win tile among the concealed tiles).
    pub hand: String,
    /// The winning tile.
    pub win_tile: String,
    /// Self-drawn.
    #[serde(default)]
    pub self_drawn: bool,
    /// Seat wind (`E`, `1z`, `东`, ...).
    #[serde(default = "east")]
    pub seat_wind: String,
    /// Round wind.
    #[serde(default = "east")]
    pub round_wind: String,
    /// Flowers set aside.
    #[serde(default)]
    pub flowers: u8,
    /// Last tile of the wall or last discard.
    #[serde(default)]
    pub last_tile: bool,
    /// On a kan replacement tile.
    #[serde(default)]
    pub replacement: bool,
    /// Robbing a kong.
    #[serde(default)]
    pub robbing_kong: bool,
    /// The last unseen copy.
    #[serde(default)]
    pub fourth_tile: bool,
    /// First uninterrupted turn.
    #[serde(default)]
    pub first_turn: bool,
    /// Riichi declared.
    #[serde(default)]
    pub riichi: bool,
    /// Double riichi.
    #[serde(default)]
    pub double_riichi: bool,
    /// Ippatsu.
    #[serde(default)]
    pub ippatsu: bool,
    /// Dora indicators.
    #[serde(default)]
    pub dora_indicators: Vec<String>,
    /// Ura dora indicators.
    #[serde(default)]
    pub ura_indicators: Vec<String>,
    /// Honba.
    #[serde(default)]
    pub honba: u32,
    /// Riichi sticks collected.
    #[serde(default)]
    pub riichi_sticks: u32,
}

fn east() -> String {
    "1z".into()
}

impl ScoreLine {
    /// The line for `hand` won under `ctx` with the rules named `rules`.
    pub fn new(rules: &str, hand: &Hand, ctx: &WinContext) -> ScoreLine {
        let kinds = |v: &[Kind]| v.iter().map(|k| k.to_string()).collect();
        ScoreLine {
            rules: rules.to_string(),
            hand: hand.to_string(),
            win_tile: ctx.win_tile.to_string(),
            self_drawn: ctx.self_drawn,
            seat_wind: ctx.seat_wind.wind().to_string(),
            round_wind: ctx.round_wind.wind().to_string(),
            flowers: ctx.flowers,
            last_tile: ctx.last_tile,
            replacement: ctx.replacement,
            robbing_kong: ctx.robbing_kong,
            fourth_tile: ctx.fourth_tile,
            first_turn: ctx.first_turn,
            riichi: ctx.riichi,
            double_riichi: ctx.double_riichi,
            ippatsu: ctx.ippatsu,
            dora_indicators: kinds(&ctx.dora_indicators),
            ura_indicators: kinds(&ctx.ura_indicators),
            honba: ctx.honba,
            riichi_sticks: ctx.riichi_sticks,
        }
    }

    /// The hand and the situation, or a message naming the field that does not parse.
    pub fn hand_and_context(&self) -> Result<(Hand, WinContext), String> {
        let hand: Hand = self.hand.parse().map_err(|e| format!("hand: {e}"))?;
        let mut ctx = WinContext::new(tile(&self.win_tile, "win_tile")?, self.self_drawn);
        ctx.seat_wind = wind(&self.seat_wind, "seat_wind")?;
        ctx.round_wind = wind(&self.round_wind, "round_wind")?;
        ctx.flowers = self.flowers;
        ctx.last_tile = self.last_tile;
        ctx.replacement = self.replacement;
        ctx.robbing_kong = self.robbing_kong;
        ctx.fourth_tile = self.fourth_tile;
        ctx.first_turn = self.first_turn;
        ctx.riichi = self.riichi;
        ctx.double_riichi = self.double_riichi;
        ctx.ippatsu = self.ippatsu;
        ctx.dora_indicators = tiles(&self.dora_indicators, "dora_indicators")?;
        ctx.ura_indicators = tiles(&self.ura_indicators, "ura_indicators")?;
        ctx.honba = self.honba;
        ctx.riichi_sticks = self.riichi_sticks;
        Ok((hand, ctx))
    }
}

fn tile(text: &str, field: &str) -> Result<Kind, String> {
    text.parse().map_err(|e| format!("{field}: {e}"))
}

fn tiles(texts: &[String], field: &str) -> Result<Vec<Kind>, String> {
    texts.iter().map(|t| tile(t, field)).collect()
}

fn wind(text: &str, field: &str) -> Result<Seat, String> {
    let kind = tile(text, field)?;
    Seat::ALL
        .into_iter()
        .find(|s| s.wind() == kind)
        .ok_or_else(|| format!("{field}: '{text}' is not a wind (E, S, W, N)"))
}
