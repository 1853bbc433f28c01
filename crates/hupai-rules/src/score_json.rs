//! A score as JSON: what `hupai score --json` prints and the Python `hupai.score` returns.
//!
//! ```
//! use hupai_rules::{RulesCache, ScoreLine};
//! let line: ScoreLine = serde_json::from_str(
//!     r#"{"rules": "riichi", "hand": "234789m1234566p6p", "win_tile": "6p", "self_drawn": true, "riichi": true}"#,
//! ).unwrap();
//! let score = line.score(&mut RulesCache::default()).unwrap();
//! assert_eq!(
//!     serde_json::to_string(&score).unwrap(),
//!     concat!(
//!         r#"{"han":3,"fu":20,"limit":null,"yaku":["#,
//!         r#"{"id":"menzen_tsumo","name":"Menzen Tsumo","ja":"門前清自摸和","han":1},"#,
//!         r#"{"id":"riichi","name":"Riichi","ja":"立直","han":1},"#,
//!         r#"{"id":"pinfu","name":"Pinfu","ja":"平和","han":1}],"#,
//!         r#""points":{"total":3900,"ron":null,"tsumo":{"dealer":null,"others":1300}}}"#
//!     )
//! );
//! ```
//!
//! Riichi: `han`, `fu`, `limit` (`"mangan"`, ..., or `null`), `yaku` (each with `id`, `name`,
//! `ja` and its `han`), `points` (`total`, `ron` or `null`, `tsumo` with `dealer` and
//! `others`, or `null`). The Chinese families (MCR, general Chinese and the regional tables):
//! `total`, `meets_minimum`, `fans` (each with `id`, `name`, `zh`, `points` of one and
//! `count`), and `points`: `total` (what the winner receives), `ron` (what the discarder pays,
//! or `null` for a self-draw), `ron_others` (what each of the other two pays on a discard: MCR's
//! 8, Hong Kong's 半銃 share, otherwise 0) and `tsumo` (`dealer` `null`, `others` what each
//! of the three pays, or `null`), and for the Wuhan table `by_payer` in `points`, what each other player
//! pays in turn order after the winner (下家, 对家, 上家); all zero when the win is below the
//! minimum.

use serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;

use crate::{Score, ScoreItem, Variant};

/// The items, as yaku (riichi: `true`) or as fans.
struct Items<'a>(&'a [ScoreItem], bool);

impl Serialize for Items<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for item in self.0 {
            seq.serialize_element(&Item(item, self.1))?;
        }
        seq.end()
    }
}

struct Item<'a>(&'a ScoreItem, bool);

impl Serialize for Item<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let i = self.0;
        let riichi = self.1;
        let mut st = s.serialize_struct("Item", if riichi { 4 } else { 5 })?;
        st.serialize_field("id", i.id.as_str())?;
        st.serialize_field("name", i.name())?;
        if riichi {
            st.serialize_field("ja", i.local_name())?;
            st.serialize_field("han", &(i.value * i.count))?;
        } else {
            st.serialize_field("zh", i.local_name())?;
            st.serialize_field("points", &i.value)?;
            st.serialize_field("count", &i.count)?;
        }
        st.end()
    }
}

/// The payments, with `ron_others` for the fan tables (`true`).
struct Points<'a>(&'a Score, bool);

impl Serialize for Points<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = &self.0.payments;
        let chinese = self.1;
        let mut st = s.serialize_struct("Points", if chinese { 4 } else { 3 })?;
        st.serialize_field("total", &p.total)?;
        st.serialize_field("ron", &p.ron)?;
        if chinese {
            st.serialize_field("ron_others", &p.ron_others)?;
        }
        if let Some(by_payer) = &p.by_payer {
            st.serialize_field("by_payer", by_payer)?;
        }
        let tsumo = match (p.tsumo_dealer, p.tsumo_others) {
            (None, None) => None,
            (dealer, others) => Some(Tsumo { dealer, others }),
        };
        st.serialize_field("tsumo", &tsumo)?;
        st.end()
    }
}

#[derive(Serialize)]
struct Tsumo {
    dealer: Option<u32>,
    others: Option<u32>,
}

/// The `hupai score --json` object for the score's variant (see the module docs).
impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.variant {
            Variant::Riichi => {
                let mut st = s.serialize_struct("Score", 5)?;
                st.serialize_field("han", &self.total)?;
                st.serialize_field("fu", &self.fu)?;
                st.serialize_field("limit", &self.limit.map(|l| l.name()))?;
                st.serialize_field("yaku", &Items(&self.items, true))?;
                st.serialize_field("points", &Points(self, false))?;
                st.end()
            }
            Variant::Mcr
            | Variant::Chinese
            | Variant::Sichuan
            | Variant::HongKong
            | Variant::Guangdong
            | Variant::Wuhan => {
                let mut st = s.serialize_struct("Score", 4)?;
                st.serialize_field("total", &self.total)?;
                st.serialize_field("meets_minimum", &self.meets_minimum)?;
                st.serialize_field("fans", &Items(&self.items, false))?;
                st.serialize_field("points", &Points(self, true))?;
                st.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{RulesCache, ScoreLine};

    fn points(line: &str) -> serde_json::Value {
        let line: ScoreLine = serde_json::from_str(line).unwrap();
        let score = line.score(&mut RulesCache::default()).unwrap();
        serde_json::to_value(&score).unwrap()["points"].clone()
    }

    #[test]
    fn the_chinese_families_print_their_payments() {
        // MCR on a discard: the discarder pays 8 + 9 fans, the two others 8 each.
        let mcr = points(r#"{"rules": "mcr", "hand": "123m456p789p11122z", "win_tile": "2z"}"#);
        assert_eq!(
            mcr,
            serde_json::json!({"total": 33, "ron": 17, "ron_others": 8, "tsumo": null})
        );
        // Hong Kong 全銃, half doubling: 4 fans are worth 16, the discarder pays 4 x 16.
        let hk = points(r#"{"rules": "hongkong", "hand": "123m456p789p11122z", "win_tile": "2z"}"#);
        assert_eq!(hk, serde_json::json!({"total": 64, "ron": 64, "ron_others": 0, "tsumo": null}));
        // Sichuan 平胡 self-drawn with 自摸加底: 1 + 1 from each of the three.
        let sichuan = points(
            r#"{"rules": "sichuan", "hand": "111m456m789m11p222p", "win_tile": "2p", "self_drawn": true}"#,
        );
        assert_eq!(
            sichuan,
            serde_json::json!({"total": 6, "ron": null, "ron_others": 0,
                               "tsumo": {"dealer": null, "others": 2}})
        );
        // Wuhan 开口番: each payer by its own doublings, the 上家 adding 放冲 (2^3, 2^3, 2^4).
        let wuhan = points(
            r#"{"rules": "wuhan", "hand": "678p345s55m chi:234m pon:777s", "win_tile": "5m", "discarder": 3}"#,
        );
        assert_eq!(
            wuhan,
            serde_json::json!({"total": 32, "ron": 16, "ron_others": 0, "by_payer": [8, 8, 16],
                               "tsumo": null})
        );
    }
}
