//! What a score lists: the items (a fan or yaku, its value, how many times it counts), the
//! ids that name every table's items, and which items each variant's scorer can give.
//!
//! ```
//! use hupai_rules::{mcr::Fan, ItemId, Variant};
//! assert_eq!(ItemId::Fan(Fan::NineGates).to_string(), "nine_gates");
//! assert!(Variant::Chinese.items().contains(&ItemId::DeclaredReady));
//! assert!(!Variant::Mcr.items().contains(&ItemId::DeclaredReady));
//! ```

use std::fmt;

use crate::context::WinContext;
use crate::guangdong::Fan as GuangdongFan;
use crate::hongkong::Fan as HongKongFan;
use crate::mcr::Fan;
use crate::riichi::Yaku;
use crate::rules::Rules;
use crate::sichuan::Fan as SichuanFan;
use crate::variant::Variant;
use crate::wuhan::Fan as WuhanFan;

/// What a score item is: an MCR fan (also used by the general Chinese rules) or a riichi yaku
/// (dora included). Displays as its stable snake_case id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemId {
    /// A fan of the Chinese Official rules.
    Fan(Fan),
    /// A riichi yaku, or dora.
    Yaku(Yaku),
    /// A Sichuan fan.
    Sichuan(SichuanFan),
    /// A Hong Kong fan.
    HongKong(HongKongFan),
    /// A Guangdong fan.
    Guangdong(GuangdongFan),
    /// A Wuhan big hand or doubling.
    Wuhan(WuhanFan),
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

/// The 报听 item of a declared win, when the rules give it fans (the Chinese variants; the
/// rules refuse `declare_ready_fan` elsewhere).
pub(crate) fn declared_ready(rules: &Rules, ctx: &WinContext) -> Option<ScoreItem> {
    (ctx.riichi && rules.declare_ready_fan > 0).then_some(ScoreItem {
        id: ItemId::DeclaredReady,
        value: rules.declare_ready_fan,
        count: 1,
    })
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

/// Derives `items` for a regional table's `Fan` whose fans have a fixed value (`fans()`): the
/// score items of a reading's counts (how many times each fan counts, by fan), in listing
/// order. Invoked where the table is scored, so that the fan table's own file names no item.
macro_rules! fan_items {
    ($fan:ident, $item:path) => {
        impl $fan {
            /// The score items of `counts` (how many times each fan counts, by fan), in
            /// listing order, each with its fixed value.
            pub(crate) fn items(counts: &[u8; $fan::ALL.len()]) -> Vec<$crate::ScoreItem> {
                $fan::ALL
                    .iter()
                    .filter(|&&f| counts[f as usize] > 0)
                    .map(|&f| $crate::ScoreItem {
                        id: $item(f),
                        value: f.fans(),
                        count: u32::from(counts[f as usize]),
                    })
                    .collect()
            }
        }
    };
}

pub(crate) use fan_items;

impl Variant {
    /// Every item the variant's scorer can list: its fan table or the yaku, and 报听's fan
    /// where the variant may count it (the general Chinese rules and Sichuan).
    pub fn items(self) -> Vec<ItemId> {
        let mut out: Vec<ItemId> = match self {
            Variant::Riichi => Yaku::ALL.iter().map(|&y| ItemId::Yaku(y)).collect(),
            Variant::Mcr | Variant::Chinese => Fan::ALL.iter().map(|&f| ItemId::Fan(f)).collect(),
            Variant::Sichuan => SichuanFan::ALL.iter().map(|&f| ItemId::Sichuan(f)).collect(),
            Variant::HongKong => HongKongFan::ALL.iter().map(|&f| ItemId::HongKong(f)).collect(),
            Variant::Guangdong => GuangdongFan::ALL.iter().map(|&f| ItemId::Guangdong(f)).collect(),
            Variant::Wuhan => WuhanFan::ALL.iter().map(|&f| ItemId::Wuhan(f)).collect(),
        };
        if matches!(self, Variant::Chinese | Variant::Sichuan) {
            out.push(ItemId::DeclaredReady);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_two_regional_tables_share_has_the_same_names() {
        for f in GuangdongFan::ALL {
            if let Some(s) = SichuanFan::from_id(f.id()) {
                assert_eq!((s.name(), s.zh()), (f.name(), f.zh()), "{}", f.id());
            }
        }
        for f in WuhanFan::ALL {
            if let Some(g) = GuangdongFan::from_id(f.id()) {
                assert_eq!((g.name(), g.zh()), (f.name(), f.zh()), "{}", f.id());
            }
        }
    }

    #[test]
    fn every_variant_lists_its_items_once() {
        for v in Variant::ALL {
            let items = v.items();
            let mut ids: Vec<&str> = items.iter().map(|i| i.as_str()).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), items.len(), "{v}");
        }
    }
}
