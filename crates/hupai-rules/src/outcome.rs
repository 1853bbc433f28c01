//! The result of scoring a win: its items, totals, riichi limit and payments.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, Variant, WinContext};
//! let rules = Rules::preset("mcr").unwrap();
//! let hand: Hand = "1112345678999m5m".parse().unwrap();
//! let s = score(&rules, &hand, &WinContext::new("5m".parse().unwrap(), true)).unwrap();
//! assert_eq!((s.variant, s.total, s.payments.tsumo_others), (Variant::Mcr, 92, Some(100)));
//! ```

use crate::item::ScoreItem;
use crate::variant::Variant;

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
    /// The variant whose scorer scored it.
    pub variant: Variant,
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
