//! The rule variant: which game a rule set plays, the one thing every dispatch on the rules
//! matches on.
//!
//! A rule file names it with two keys, `family` (`riichi`, `mcr`, `chinese`) and, for the
//! Chinese family, `fan_table` (`mcr`, `sichuan`, `hongkong`, `guangdong`, `wuhan`); the code
//! sees only [`Variant`], so that a `match` on it is exhaustive and a new variant cannot be
//! forgotten anywhere.
//!
//! ```
//! use hupai_rules::{Rules, Variant};
//! assert_eq!(Rules::preset("sichuan-xueliu").unwrap().variant, Variant::Sichuan);
//! assert_eq!(Rules::preset("laizi").unwrap().variant, Variant::Chinese);
//! let e = Rules::from_toml_str("extends = \"riichi\"\nfan_table = \"sichuan\"\n", "x.toml");
//! assert_eq!(e.unwrap_err().to_string(), "x.toml: fan_table: the riichi rules ignore it (leave it unset)");
//! ```

use std::fmt;

use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

/// Which game a rule set plays: its scorer, and every rule that differs between games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Japanese riichi: yaku, fu, han, dora (`family = "riichi"`).
    Riichi,
    /// Chinese Official rules (国标, MCR): 81 fans, the 8-fan minimum, MCR payments and seat
    /// rotation (`family = "mcr"`).
    Mcr,
    /// General Chinese home rules: the MCR fans, any minimum, jokers for laizi (`family =
    /// "chinese"`, `fan_table = "mcr"`).
    Chinese,
    /// Sichuan 血战到底 and 血流成河: fans that double, capped (`fan_table = "sichuan"`).
    Sichuan,
    /// Hong Kong old style (香港麻雀): fans with a minimum and the 辣 table (`fan_table =
    /// "hongkong"`).
    HongKong,
    /// Guangdong 推倒胡: fans that double (`fan_table = "guangdong"`).
    Guangdong,
    /// Wuhan 红中赖子杠 (开口番): big hands and doublings paid per payer (`fan_table =
    /// "wuhan"`).
    Wuhan,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 7] = [
        Variant::Riichi,
        Variant::Mcr,
        Variant::Chinese,
        Variant::Sichuan,
        Variant::HongKong,
        Variant::Guangdong,
        Variant::Wuhan,
    ];

    /// The variant's name: `riichi`, `mcr`, `chinese`, `sichuan`, `hongkong`, `guangdong`,
    /// `wuhan`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Riichi => "riichi",
            Variant::Mcr => "mcr",
            Variant::Chinese => "chinese",
            Variant::Sichuan => "sichuan",
            Variant::HongKong => "hongkong",
            Variant::Guangdong => "guangdong",
            Variant::Wuhan => "wuhan",
        }
    }

    /// The rule file's `family` key: `riichi`, `mcr`, or `chinese` for the general rules and
    /// every regional table (for display and the Python API; code dispatches on the variant).
    pub const fn family_name(self) -> &'static str {
        match self {
            Variant::Riichi => "riichi",
            Variant::Mcr => "mcr",
            Variant::Chinese
            | Variant::Sichuan
            | Variant::HongKong
            | Variant::Guangdong
            | Variant::Wuhan => "chinese",
        }
    }

    /// Whether a win is worth `base_points × 2^fans` (or the Hong Kong table), the fans capped
    /// by `fan_cap`: the regional tables (Wuhan counts its doublings per payer).
    pub const fn doubles(self) -> bool {
        match self {
            Variant::Sichuan | Variant::HongKong | Variant::Guangdong | Variant::Wuhan => true,
            Variant::Riichi | Variant::Mcr | Variant::Chinese => false,
        }
    }

    /// Whether this is one of the Chinese home variants (the general rules and the regional
    /// tables), which have the Chinese switches (`void_suit`, `declare_ready`, `pass_win`,
    /// kong payments, ...); MCR and riichi have none of them.
    pub const fn is_chinese(self) -> bool {
        match self {
            Variant::Chinese
            | Variant::Sichuan
            | Variant::HongKong
            | Variant::Guangdong
            | Variant::Wuhan => true,
            Variant::Riichi | Variant::Mcr => false,
        }
    }

    /// The rule file's keys for this variant.
    pub(crate) const fn keys(self) -> (Family, FanTable) {
        match self {
            Variant::Riichi => (Family::Riichi, FanTable::Mcr),
            Variant::Mcr => (Family::Mcr, FanTable::Mcr),
            Variant::Chinese => (Family::Chinese, FanTable::Mcr),
            Variant::Sichuan => (Family::Chinese, FanTable::Sichuan),
            Variant::HongKong => (Family::Chinese, FanTable::HongKong),
            Variant::Guangdong => (Family::Chinese, FanTable::Guangdong),
            Variant::Wuhan => (Family::Chinese, FanTable::Wuhan),
        }
    }

    /// The variant a rule file's `family` and `fan_table` name; the message says why they do
    /// not go together (a fan table other than `mcr` outside the Chinese family).
    pub(crate) fn from_keys(family: Family, table: FanTable) -> Result<Variant, String> {
        match (family, table) {
            (Family::Riichi, FanTable::Mcr) => Ok(Variant::Riichi),
            (Family::Mcr, FanTable::Mcr) => Ok(Variant::Mcr),
            (Family::Chinese, FanTable::Mcr) => Ok(Variant::Chinese),
            (Family::Chinese, FanTable::Sichuan) => Ok(Variant::Sichuan),
            (Family::Chinese, FanTable::HongKong) => Ok(Variant::HongKong),
            (Family::Chinese, FanTable::Guangdong) => Ok(Variant::Guangdong),
            (Family::Chinese, FanTable::Wuhan) => Ok(Variant::Wuhan),
            (Family::Riichi | Family::Mcr, _) => {
                let rules = if family == Family::Riichi { "riichi" } else { "MCR" };
                Err(format!("fan_table: the {rules} rules ignore it (leave it unset)"))
            }
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Written as the rule file's two keys, `family` and `fan_table` (flattened into [`Rules`]).
///
/// [`Rules`]: crate::Rules
impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (family, table) = self.keys();
        let mut st = s.serialize_struct("Variant", 2)?;
        st.serialize_field("family", &family)?;
        st.serialize_field("fan_table", &table)?;
        st.end()
    }
}

/// A rule file's `family` key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Family {
    /// Chinese Official rules.
    Mcr,
    /// Japanese riichi.
    Riichi,
    /// The Chinese home rules (general and regional).
    Chinese,
}

/// A rule file's `fan_table` key (the Chinese family).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum FanTable {
    /// The 81 MCR fans.
    Mcr,
    /// Sichuan.
    Sichuan,
    /// Hong Kong old style.
    #[serde(rename = "hongkong")]
    HongKong,
    /// Guangdong 推倒胡.
    Guangdong,
    /// Wuhan 红中赖子杠.
    Wuhan,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_reads_back_from_its_keys() {
        for v in Variant::ALL {
            let (family, table) = v.keys();
            assert_eq!(Variant::from_keys(family, table), Ok(v));
        }
        assert!(Variant::from_keys(Family::Mcr, FanTable::Wuhan).is_err());
    }
}
