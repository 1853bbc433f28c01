//! The rule settings that take one of a few values (how a win is paid, what follows a win,
//! the riichi limits, ...): the types of [`Rules`](crate::Rules)' fields beside plain numbers
//! and switches.
//!
//! ```
//! use hupai_rules::{AfterWin, Rules};
//! assert_eq!(Rules::preset("sichuan").unwrap().after_win, AfterWin::Leave);
//! ```

use serde::{Deserialize, Serialize};

/// How a win is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PaymentRule {
    /// MCR: self-drawn, each pays 8 + fans; on a discard the discarder pays 8 + fans, the others 8.
    Mcr,
    /// The fans are paid: by each of the three on a self-draw, by the discarder on a discard.
    Fans,
    /// Riichi points from han and fu, with limits, honba and riichi sticks.
    Riichi,
}

/// Where counted yakuman (kazoe) stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KazoeLimit {
    /// 13 han or more is a yakuman.
    Yakuman,
    /// 13 han or more is capped at sanbaiman.
    Sanbaiman,
}

/// How a renhou (a non-dealer's win on a discard before their first draw) is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Renhou {
    /// Not a yaku.
    Off,
    /// A mangan.
    Mangan,
    /// A yakuman.
    Yakuman,
}

/// Riichi liability (pao, 責任払い): a player whose discard is called for the third dragon
/// set (big three dragons) or the fourth wind set (big four winds) pays for that win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pao {
    /// No liability.
    Off,
    /// Tenhou: the liable player pays the whole hand on a self-drawn win, and half of it on a
    /// discard of another player (who pays the other half); the honba are the liable
    /// player's.
    WholeHand,
    /// Mahjong Soul: only the liable yakuman is paid that way; the rest of the hand is paid
    /// as usual (the honba are the liable player's).
    YakumanPart,
}

/// How the Hong Kong points grow with the fans (辣).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Doubling {
    /// 全辣: every fan doubles (1, 2, 4, 8, 16, 32, ...).
    Full,
    /// 半辣: doubling up to 4 fans, then every second fan doubles and the one between is half
    /// way (16, 24, 32, 48, 64, 96, ...).
    Half,
}

/// Who pays a win on a discard (Hong Kong).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardPays {
    /// 全銃: the discarder pays alone what the three would pay together.
    Discarder,
    /// 半銃 (一家出銃，兩家陪): the discarder pays a double share, the two others a share each.
    Everyone,
}

/// What happens to the hand after a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AfterWin {
    /// The hand ends.
    End,
    /// 血战到底: the winners leave the hand; the others play on until one is left or the wall
    /// is empty.
    Leave,
    /// 血流成河: the winners stay (their hand locked) and may win again until the wall is
    /// empty.
    Stay,
}

/// 报听: whether a player may, or must, declare a ready hand (Chinese families).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeclareReady {
    /// No declaration.
    #[default]
    Off,
    /// A ready player may declare with a discard: the hand is locked (each drawn tile is
    /// discarded unless it wins; no more calls) and a win counts `declare_ready_fan` more.
    Optional,
    /// As `optional`, and only a player who declared may win (the 山西/河北 推倒胡 rule).
    Required,
}

/// Where 换三张 passes the three tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExchangeDirection {
    /// The dice choose, every hand, one of the other three directions with equal chance (as
    /// the online rooms do: 顺时针, 逆时针, 对家), from the game's seeded dice.
    #[default]
    Dice,
    /// To the next player in turn order (下家).
    Next,
    /// To the previous player in turn order (上家).
    Previous,
    /// To the player across (对家).
    Across,
}

impl ExchangeDirection {
    /// How many seats along in turn order the tiles go (1 next, 2 across, 3 previous); `None`
    /// for the dice.
    pub const fn step(self) -> Option<u8> {
        match self {
            ExchangeDirection::Dice => None,
            ExchangeDirection::Next => Some(1),
            ExchangeDirection::Across => Some(2),
            ExchangeDirection::Previous => Some(3),
        }
    }
}

/// How a self-drawn win is rewarded over a win on a discard (Sichuan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SelfDrawBonus {
    /// No bonus: each payer pays what a discarder would.
    None,
    /// 自摸加底: each payer pays one base point more.
    Base,
    /// 自摸加番: one fan more.
    Fan,
}

/// Which lone-kong tile (Wuhan 红中赖子杠): a tile set aside on its own, as a kong that scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LoneKongTile {
    /// 红中杠: a red dragon.
    RedDragon,
    /// 赖子杠: the joker.
    Joker,
    /// 痞子杠: a tile of the joker indicator's kind.
    Indicator,
}

/// How final points are rounded before the settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinalRounding {
    /// Not at all (Mahjong Soul shows its match scores to 100 points: "+65.9").
    None,
    /// To the nearest 1,000, 500 up (Tenhou: 終了時の得点は1000点未満を四捨五入); first place
    /// takes what the rounding leaves, so the scores still sum to the uma's sum.
    Thousands,
}
