//! The scoring API shared by every rule family.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{mcr::Fan, score, Rules, WinContext};
//! let rules = Rules::preset("mcr").unwrap();
//! let hand: Hand = "1112345678999m5m".parse().unwrap();
//! let ctx = WinContext::new("5m".parse().unwrap(), true);
//! let result = score(&rules, &hand, &ctx).unwrap();
//! assert!(result.items.iter().any(|item| item.id == Fan::NineGates.into()));
//! assert_eq!(result.items[0].id.to_string(), "nine_gates");
//! ```

use std::fmt;

use hupai_core::Hand;

use crate::mcr::Fan;
use crate::{DeclareReady, Family, FanTable, Rules, WinContext, Yaku};

/// What a score item is: an MCR fan (also used by the general Chinese rules) or a riichi yaku
/// (dora included). Displays as its stable snake_case id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemId {
    /// A fan of the Chinese Official rules.
    Fan(Fan),
    /// A riichi yaku, or dora.
    Yaku(Yaku),
    /// A Sichuan fan.
    Sichuan(crate::sichuan::Fan),
    /// A Hong Kong fan.
    HongKong(crate::hongkong::Fan),
    /// A Guangdong fan.
    Guangdong(crate::guangdong::Fan),
    /// A Wuhan big hand or doubling.
    Wuhan(crate::wuhan::Fan),
    /// 报听 (Chinese families with `declare_ready`): the winner declared a ready hand; worth
    /// `declare_ready_fan`.
    DeclaredReady,
}

impl ItemId {
    /// Stable snake_case id, e.g. `nine_gates`, `riichi`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ItemId::Fan(f) => f.id(),
            ItemId::Yaku(y) => y.id(),
            ItemId::Sichuan(f) => f.id(),
            ItemId::HongKong(f) => f.id(),
            ItemId::Guangdong(f) => f.id(),
            ItemId::Wuhan(f) => f.id(),
            ItemId::DeclaredReady => "declared_ready",
        }
    }

    /// English name, e.g. "Nine Gates", "Riichi".
    pub const fn name(self) -> &'static str {
        match self {
            ItemId::Fan(f) => f.name(),
            ItemId::Yaku(y) => y.name(),
            ItemId::Sichuan(f) => f.name(),
            ItemId::HongKong(f) => f.name(),
            ItemId::Guangdong(f) => f.name(),
            ItemId::Wuhan(f) => f.name(),
            ItemId::DeclaredReady => "Declared Ready",
        }
    }

    /// Name in the family's language: Chinese for the Chinese tables (九莲宝灯, 清一色),
    /// Japanese for riichi (立直).
    pub const fn local_name(self) -> &'static str {
        match self {
            ItemId::Fan(f) => f.zh(),
            ItemId::Yaku(y) => y.ja(),
            ItemId::Sichuan(f) => f.zh(),
            ItemId::HongKong(f) => f.zh(),
            ItemId::Guangdong(f) => f.zh(),
            ItemId::Wuhan(f) => f.zh(),
            ItemId::DeclaredReady => "报听",
        }
    }
}

impl fmt::Display for ItemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<Fan> for ItemId {
    fn from(fan: Fan) -> ItemId {
        ItemId::Fan(fan)
    }
}

impl From<Yaku> for ItemId {
    fn from(yaku: Yaku) -> ItemId {
        ItemId::Yaku(yaku)
    }
}

/// The 报听 item of a declared win, when the rules give it fans (Chinese families).
pub(crate) fn declared_ready(rules: &Rules, ctx: &WinContext) -> Option<ScoreItem> {
    (ctx.riichi && rules.family == Family::Chinese && rules.declare_ready_fan > 0).then_some(
        ScoreItem { id: ItemId::DeclaredReady, value: rules.declare_ready_fan, count: 1 },
    )
}

/// One fan or yaku in a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreItem {
    /// Which fan or yaku.
    pub id: ItemId,
    /// Value of one occurrence: fan points (MCR) or han (riichi; 13 per yakuman).
    pub value: u32,
    /// How many times it counts.
    pub count: u32,
}

impl ScoreItem {
    /// English name, e.g. "Nine Gates", "Riichi".
    pub const fn name(&self) -> &'static str {
        self.id.name()
    }

    /// Name in the family's language: Chinese for MCR (九莲宝灯), Japanese for riichi (立直).
    pub const fn local_name(&self) -> &'static str {
        self.id.local_name()
    }
}

/// A riichi limit hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// 5 han, or 4 han 40+ fu, 3 han 70+ fu (and kiriage where the rules have it).
    Mangan,
    /// 6–7 han.
    Haneman,
    /// 8–10 han.
    Baiman,
    /// 11–12 han (and counted yakuman where capped).
    Sanbaiman,
    /// 13+ han counted (kazoe yakuman).
    KazoeYakuman,
    /// One or more yakuman; the number is the multiple.
    Yakuman(u8),
}

impl Limit {
    /// The name as commonly written: `mangan`, `haneman`, `baiman`, `sanbaiman`, `yakuman`,
    /// `double yakuman`, ...
    pub fn name(self) -> String {
        match self {
            Limit::Mangan => "mangan".into(),
            Limit::Haneman => "haneman".into(),
            Limit::Baiman => "baiman".into(),
            Limit::Sanbaiman => "sanbaiman".into(),
            Limit::KazoeYakuman => "kazoe yakuman".into(),
            Limit::Yakuman(1) => "yakuman".into(),
            Limit::Yakuman(2) => "double yakuman".into(),
            Limit::Yakuman(3) => "triple yakuman".into(),
            Limit::Yakuman(n) => format!("{n}x yakuman"),
        }
    }
}

/// What the winner receives, and from whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Payments {
    /// Won on a discard: what the discarder pays (honba included for riichi).
    pub ron: Option<u32>,
    /// Won on a discard: what each of the other two non-winners pays (MCR: 8; otherwise 0).
    pub ron_others: u32,
    /// Self-drawn: what the dealer pays (riichi, when the winner is not the dealer).
    pub tsumo_dealer: Option<u32>,
    /// Self-drawn: what each (other) non-dealer pays; for MCR and when the winner is the dealer,
    /// what each of the three pays.
    pub tsumo_others: Option<u32>,
    /// Everything the winner receives, honba and riichi sticks included.
    pub total: u32,
    /// Wuhan 开口番: what each other player pays, in turn order after the winner (下家, 对家,
    /// 上家); when set it stands for the fields above.
    pub by_payer: Option<[u32; 3]>,
}

/// The result of scoring a winning hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The family that scored it.
    pub family: Family,
    /// The fans or yaku, in the reference's order.
    pub items: Vec<ScoreItem>,
    /// Total fans (MCR, flowers included) or han (riichi; dora included).
    pub total: u32,
    /// Riichi fu (0 for the other families).
    pub fu: u32,
    /// Riichi limit, if any.
    pub limit: Option<Limit>,
    /// Whether the win reaches the rules' minimum (MCR: 8 fans without flowers).
    pub meets_minimum: bool,
    /// Payments.
    pub payments: Payments,
}

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

/// Why the rules refuse a complete hand (Wuhan and the Chinese families with its switches).
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
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Pair258 => "a small hand needs a pair of 2, 5 or 8 (pair_258)",
            Refusal::NotOpen => "a win on a discard needs a call first (open_to_win)",
            Refusal::TooManyJokers => "a small hand holds more jokers than joker_limit",
            Refusal::LoneKongTileHeld => "a hand holding a lone-kong tile cannot win",
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

/// Scores a winning hand (concealed tiles include the win tile) under `rules`.
pub fn score(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<Score, ScoreError> {
    if ctx.riichi && rules.family != Family::Riichi && rules.declare_ready == DeclareReady::Off {
        return Err(ScoreError::BadInput(
            "riichi: a declared ready hand (报听) under rules without declare_ready".into(),
        ));
    }
    check_common(rules, hand, ctx)?;
    match rules.family {
        Family::Chinese if rules.fan_table == FanTable::Sichuan => {
            crate::sichuan::score(rules, hand, ctx)
        }
        Family::Chinese if rules.fan_table == FanTable::HongKong => {
            crate::hongkong::score(rules, hand, ctx)
        }
        Family::Chinese if rules.fan_table == FanTable::Guangdong => {
            crate::guangdong::score(rules, hand, ctx)
        }
        Family::Chinese if rules.fan_table == FanTable::Wuhan => {
            crate::wuhan::score(rules, hand, ctx)
        }
        Family::Mcr | Family::Chinese => crate::mcr::score(rules, hand, ctx),
        Family::Riichi => crate::riichi::score(rules, hand, ctx),
    }
    .and_then(|s| {
        // The tables without big hands: the Wuhan switches apply to every win.
        if rules.family == Family::Chinese && rules.fan_table != FanTable::Wuhan {
            crate::wuhan::small_hand_rules(rules, hand)?;
        }
        Ok(s)
    })
}

/// Checks shared by every family: tile count, win tile, kong-related flags, flowers.
fn check_common(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<(), ScoreError> {
    if hand.tile_count() != 14 {
        return Err(ScoreError::BadInput(format!(
            "{} tiles: a winning hand has 14, counting each meld as 3",
            hand.tile_count()
        )));
    }
    if !rules.honors && hand.all_counts().kinds().any(|k| k.is_honor()) {
        return Err(ScoreError::BadInput("honours in a rule set without honours".into()));
    }
    if hand.concealed().get(ctx.win_tile) == 0 && hand.jokers() == 0 {
        return Err(Inconsistency::WinTileNotInHand.into());
    }
    if ctx.robbing_kong && ctx.self_drawn {
        return Err(Inconsistency::RobbingKongSelfDrawn.into());
    }
    if !ctx.lone_kongs.is_empty() && !rules.has_lone_kongs() {
        return Err(ScoreError::BadInput("lone_kongs: the rules have no lone-kong tile".into()));
    }
    if ctx.discarder.is_some_and(|d| !(1..=3).contains(&d)) {
        return Err(ScoreError::BadInput("discarder: 1, 2 or 3 seats after the winner".into()));
    }
    if crate::wuhan::needs_opening(rules, hand, ctx) {
        return Err(ScoreError::Refused(Refusal::NotOpen));
    }
    if ctx.replacement && !ctx.self_drawn {
        return Err(Inconsistency::ReplacementOnDiscard.into());
    }
    let lone_kongs = ctx.lone_kongs.total() > 0;
    if ctx.replacement && !lone_kongs && !hand.melds().iter().any(|m| m.kind().is_kan()) {
        return Err(Inconsistency::ReplacementWithoutKan.into());
    }
    if ctx.kong_discard && ctx.self_drawn {
        return Err(Inconsistency::KongDiscardSelfDrawn.into());
    }
    if ctx.robbing_kong && ctx.replacement {
        return Err(Inconsistency::RobbingKongAndReplacement.into());
    }
    // MCR: the replacement tile after a kong may be the last tile of the wall (妙手回春 and
    // 杠上开花 together); riichi forbids it.
    let replacement_last = ctx.replacement && rules.family == Family::Riichi;
    if ctx.last_tile && (ctx.robbing_kong || replacement_last) {
        return Err(Inconsistency::LastTileAndKong.into());
    }
    let mask_differs =
        ctx.flower_mask != 0 && ctx.flower_mask.count_ones() != u32::from(ctx.flowers);
    if ctx.flowers > 8 || (ctx.flowers > 0 && !rules.flowers) || mask_differs {
        return Err(Inconsistency::Flowers.into());
    }
    Ok(())
}
