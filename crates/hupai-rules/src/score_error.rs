//! Why a hand cannot be scored: not a win, a situation that cannot happen, bad input, or a
//! rule of the rule set that refuses the win.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, ScoreError, WinContext};
//! let rules = Rules::preset("riichi").unwrap();
//! let hand: Hand = "123m456p55p pon:999m chi:234s".parse().unwrap();
//! let e = score(&rules, &hand, &WinContext::new("5p".parse().unwrap(), false)).unwrap_err();
//! assert_eq!(e, ScoreError::NoYaku);
//! ```

use std::fmt;

/// A situation that cannot happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Inconsistency {
    /// The win tile is not among the concealed tiles.
    WinTileNotInHand,
    /// Robbing a kong is a win on another player's tile, never self-drawn.
    RobbingKongSelfDrawn,
    /// A replacement-tile win is self-drawn.
    ReplacementOnDiscard,
    /// A replacement-tile win needs a kan in the hand.
    ReplacementWithoutKan,
    /// Robbing a kong and a replacement win at once.
    RobbingKongAndReplacement,
    /// The fourth tile cannot be claimed while copies of it are still in the hand (apart from
    /// the win tile).
    FourthTileHeld,
    /// Last tile of the wall and robbing a kong at once (or, in riichi, a replacement tile; MCR
    /// allows a replacement tile that is the wall's last).
    LastTileAndKong,
    /// Riichi with an open hand.
    RiichiOpenHand,
    /// Double riichi without riichi.
    DoubleRiichiWithoutRiichi,
    /// Ippatsu without riichi.
    IppatsuWithoutRiichi,
    /// Ura dora indicators without riichi.
    UraWithoutRiichi,
    /// A first-turn win with declared melds (closed kans excepted where allowed).
    FirstTurnWithMelds,
    /// More dora indicators than a game can show (5), or ura indicators more than dora.
    TooManyIndicators,
    /// Flowers in a rule set without flowers, or more than eight.
    Flowers,
    /// Robbing a kong while the hand holds a copy of the robbed tile (the other three copies
    /// are in the robbed kong).
    RobbingKongHeld,
    /// Ippatsu on a kan replacement tile: the player's own kan ends the ippatsu turn.
    IppatsuAfterKan,
    /// A first-turn win (tenhou, chiihou, renhou) after declaring riichi.
    FirstTurnWithRiichi,
    /// A first-turn win on a discard by the dealer, who draws first.
    FirstTurnDealerRon,
    /// A win on a kong's discard (杠上炮) is a win on a discard.
    KongDiscardSelfDrawn,
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Inconsistency::WinTileNotInHand => "the win tile is not in the hand",
            Inconsistency::RobbingKongSelfDrawn => "robbing a kong cannot be self-drawn",
            Inconsistency::ReplacementOnDiscard => "a replacement-tile win is self-drawn",
            Inconsistency::ReplacementWithoutKan => "a replacement-tile win needs a kan",
            Inconsistency::RobbingKongAndReplacement => {
                "robbing a kong and a replacement-tile win at once"
            }
            Inconsistency::FourthTileHeld => {
                "the fourth tile cannot be claimed while the hand holds another copy"
            }
            Inconsistency::LastTileAndKong => "the last tile cannot be a kong-related win",
            Inconsistency::RiichiOpenHand => "riichi with an open hand",
            Inconsistency::DoubleRiichiWithoutRiichi => "double riichi without riichi",
            Inconsistency::IppatsuWithoutRiichi => "ippatsu without riichi",
            Inconsistency::UraWithoutRiichi => "ura dora indicators without riichi",
            Inconsistency::FirstTurnWithMelds => "a first-turn win with declared melds",
            Inconsistency::TooManyIndicators => "more indicators than a game can show",
            Inconsistency::Flowers => "flowers the rules do not have",
            Inconsistency::RobbingKongHeld => {
                "robbing a kong while the hand holds a copy of the robbed tile"
            }
            Inconsistency::IppatsuAfterKan => "ippatsu on a kan replacement tile",
            Inconsistency::FirstTurnWithRiichi => "a first-turn win after riichi",
            Inconsistency::FirstTurnDealerRon => {
                "a first-turn win on a discard by the dealer, who draws first"
            }
            Inconsistency::KongDiscardSelfDrawn => "a win on a kong's discard is not self-drawn",
        })
    }
}

/// Why a hand cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// The tiles do not form a winning hand under the rules' forms.
    NotWinning,
    /// Riichi: a complete hand with no yaku (dora alone do not count).
    NoYaku,
    /// The situation cannot happen.
    Inconsistent(Inconsistency),
    /// The input is malformed (wrong tile count, a tile the rules do not have, ...).
    BadInput(String),
    /// The hand is complete but a rule of the rule set refuses the win.
    Refused(Refusal),
}

/// Why the rules refuse a complete hand (Wuhan and the Chinese variants with its switches,
/// riichi's minimum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// 二五八将: a win with no big hand needs a pair of 2, 5 or 8 (`pair_258`).
    Pair258,
    /// 开口: a win on a discard needs a chi, pon or open kong first (`open_to_win`).
    NotOpen,
    /// A win with no big hand holds more jokers than `joker_limit`.
    TooManyJokers,
    /// A hand holding a lone-kong tile (a 红中 when `red_dragon_kong` is set) cannot win.
    LoneKongTileHeld,
    /// Riichi: the yaku are worth fewer han than `min_fan` (dora not counted: the two-han
    /// minimum, リャンシバ).
    BelowMinimum {
        /// The han the minimum counts (the yaku's).
        counted: u32,
        /// The minimum, `rules.min_fan`.
        min_fan: u32,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Pair258 => "a small hand needs a pair of 2, 5 or 8 (pair_258)",
            Refusal::NotOpen => "a win on a discard needs a call first (open_to_win)",
            Refusal::TooManyJokers => "a small hand holds more jokers than joker_limit",
            Refusal::LoneKongTileHeld => "a hand holding a lone-kong tile cannot win",
            Refusal::BelowMinimum { counted, min_fan } => {
                return write!(
                    f,
                    "{counted} han from yaku (dora not counted): the rules need {min_fan} (min_fan)"
                );
            }
        })
    }
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::NotWinning => f.write_str("not a winning hand"),
            ScoreError::NoYaku => f.write_str("no yaku: a complete hand that cannot win"),
            ScoreError::Inconsistent(i) => write!(f, "inconsistent situation: {i}"),
            ScoreError::BadInput(m) => write!(f, "bad input: {m}"),
            ScoreError::Refused(r) => write!(f, "refused: {r}"),
        }
    }
}

impl std::error::Error for ScoreError {}

impl From<Inconsistency> for ScoreError {
    fn from(i: Inconsistency) -> ScoreError {
        ScoreError::Inconsistent(i)
    }
}
