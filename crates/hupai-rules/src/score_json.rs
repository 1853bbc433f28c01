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
//! `others`, or `null`). MCR and general Chinese: `total`, `meets_minimum`, `fans` (each with
//! `id`, `name`, `zh`, `points` of one and `count`), and for the Wuhan table `by_payer`, what
//! each other player pays in turn order after the winner (下家, 对家, 上家).

use serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;

use crate::{Family, Score, ScoreItem};

struct Items<'a>(&'a [ScoreItem], Family);

impl Serialize for Items<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for item in self.0 {
            seq.serialize_element(&Item(item, self.1))?;
        }
        seq.end()
    }
}

struct Item<'a>(&'a ScoreItem, Family);

impl Serialize for Item<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let i = self.0;
        let riichi = self.1 == Family::Riichi;
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

struct Points<'a>(&'a Score);

impl Serialize for Points<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = &self.0.payments;
        let mut st = s.serialize_struct("Points", 3)?;
        st.serialize_field("total", &p.total)?;
        st.serialize_field("ron", &p.ron)?;
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

/// The `hupai score --json` object for the score's family (see the module docs).
impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.family {
            Family::Riichi => {
                let mut st = s.serialize_struct("Score", 5)?;
                st.serialize_field("han", &self.total)?;
                st.serialize_field("fu", &self.fu)?;
                st.serialize_field("limit", &self.limit.map(|l| l.name()))?;
                st.serialize_field("yaku", &Items(&self.items, self.family))?;
                st.serialize_field("points", &Points(self))?;
                st.end()
            }
            Family::Mcr | Family::Chinese => {
                let mut st = s.serialize_struct("Score", 3)?;
                st.serialize_field("total", &self.total)?;
                st.serialize_field("meets_minimum", &self.meets_minimum)?;
                st.serialize_field("fans", &Items(&self.items, self.family))?;
                if let Some(by_payer) = &self.payments.by_payer {
                    st.serialize_field("by_payer", by_payer)?;
                }
                st.end()
            }
        }
    }
}
