//! A hand's whole analysis in one value: shanten overall and per form, waits with their
//! shapes, effective tiles with unseen copies, or the discard table. It is what
//! `hupai analyze` prints and what the Python `hupai.analyze` returns (the `serde` feature
//! gives it that JSON shape).
//!
//! ```
//! use hupai_core::{Counts, FormSet, Hand};
//! let hand: Hand = "123m456p789s1122z".parse().unwrap();
//! let a = hand.analysis(FormSet::RIICHI, &Counts::EMPTY).unwrap();
//! assert_eq!(a.shanten, 0);
//! assert_eq!(a.waits.iter().map(|w| w.0.to_string()).collect::<Vec<_>>(), ["1z", "2z"]);
//! assert_eq!(a.ukeire.map(|u| u.1), Some(4));
//! # #[cfg(feature = "serde")]
//! assert_eq!(
//!     serde_json::to_string(&a).unwrap(),
//!     concat!(
//!         r#"{"hand":"123m456p789s1122z","tiles":13,"agari":false,"shanten":0,"#,
//!         r#""forms":{"regular":0,"seven_pairs":4,"thirteen_orphans":8,"honors_knitted":null,"#,
//!         r#""knitted_straight":null},"waits":["1z","2z"],"#,
//!         r#""ukeire":{"tiles":["1z","2z"],"count":4},"discards":[]}"#
//!     )
//! );
//! ```

use std::fmt;

use crate::{wait_shapes, Counts, DiscardOption, Form, FormSet, Hand, Kind, KindSet, WaitShapes};

/// Everything `hupai analyze` says about a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The hand.
    pub hand: Hand,
    /// Shanten over the allowed forms.
    pub shanten: i8,
    /// Shanten per form in [`Form::ALL`] order; `None` where the rules do not allow the form or
    /// the melds rule it out.
    pub forms: [Option<i8>; 5],
    /// Whether a 3n+2 hand is complete.
    pub agari: bool,
    /// For a 3n+1 hand, each winning kind and the shapes it completes (no shapes with jokers).
    pub waits: Vec<(Kind, WaitShapes)>,
    /// For a 3n+1 hand, the effective tiles and their unseen copies.
    pub ukeire: Option<(KindSet, u32)>,
    /// For a 3n+2 hand, every distinct discard, best first.
    pub discards: Vec<DiscardOption>,
}

/// Why a hand cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// A kind held and seen more than four times.
    TooManyCopies {
        /// The kind.
        kind: Kind,
        /// Copies in the hand, melds included.
        held: u8,
        /// Copies seen outside the hand.
        visible: u8,
    },
    /// No allowed form fits the number of declared melds.
    NoForm,
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::TooManyCopies { kind, held, visible } => write!(
                f,
                "{} copies of {kind}: {held} in the hand and {visible} visible",
                *held as u32 + *visible as u32
            ),
            AnalysisError::NoForm => f.write_str("no allowed form fits this many declared melds"),
        }
    }
}

impl std::error::Error for AnalysisError {}

impl Hand {
    /// The whole analysis under `forms`, with `visible` the tiles seen outside the hand
    /// (rivers, other players' melds, indicators; the hand's own melds count by themselves).
    pub fn analysis(&self, forms: FormSet, visible: &Counts) -> Result<Analysis, AnalysisError> {
        let all = self.all_counts();
        if let Some(kind) = Kind::all().find(|&k| all.get(k) as u32 + visible.get(k) as u32 > 4) {
            let (held, visible) = (all.get(kind), visible.get(kind));
            return Err(AnalysisError::TooManyCopies { kind, held, visible });
        }
        let shanten = self.shanten(forms);
        if shanten == i8::MAX {
            return Err(AnalysisError::NoForm);
        }
        let mut analysis = Analysis {
            hand: *self,
            shanten,
            forms: Form::ALL.map(|form| self.form_shanten(form, forms)),
            agari: false,
            waits: Vec::new(),
            ukeire: None,
            discards: Vec::new(),
        };
        match self.tile_count() % 3 {
            1 => {
                let shapes = if self.jokers() == 0 {
                    wait_shapes(self.concealed(), self.meld_count(), forms)
                } else {
                    Vec::new()
                };
                analysis.waits = self
                    .waits(forms)
                    .iter()
                    .map(|k| (k, shapes.iter().find(|s| s.0 == k).map(|s| s.1).unwrap_or_default()))
                    .collect();
                analysis.ukeire = Some(self.ukeire_count(forms, visible));
            }
            2 => {
                analysis.agari = self.is_agari(forms);
                analysis.discards = self.discard_analysis(forms, visible).as_slice().to_vec();
            }
            _ => {}
        }
        Ok(analysis)
    }
}

#[cfg(feature = "serde")]
mod json {
    use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct, Serializer};
    use serde::Serialize;

    use super::Analysis;
    use crate::{DiscardOption, Form, KindSet};

    struct Forms<'a>(&'a [Option<i8>; 5]);

    impl Serialize for Forms<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(5))?;
            for (form, value) in Form::ALL.iter().zip(self.0) {
                map.serialize_entry(form.name(), value)?;
            }
            map.end()
        }
    }

    struct Waits<'a>(&'a Analysis);

    impl Serialize for Waits<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut seq = s.serialize_seq(Some(self.0.waits.len()))?;
            for (kind, _) in &self.0.waits {
                seq.serialize_element(kind)?;
            }
            seq.end()
        }
    }

    struct Ukeire(KindSet, u32);

    impl Serialize for Ukeire {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Ukeire", 2)?;
            st.serialize_field("tiles", &self.0)?;
            st.serialize_field("count", &self.1)?;
            st.end()
        }
    }

    struct Discards<'a>(&'a [DiscardOption]);

    impl Serialize for Discards<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut seq = s.serialize_seq(Some(self.0.len()))?;
            for o in self.0 {
                seq.serialize_element(&Discard(o))?;
            }
            seq.end()
        }
    }

    struct Discard<'a>(&'a DiscardOption);

    impl Serialize for Discard<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let o = self.0;
            let mut st = s.serialize_struct("Discard", 4)?;
            match o.discard {
                Some(kind) => st.serialize_field("discard", &kind)?,
                None => st.serialize_field("discard", "*")?,
            }
            st.serialize_field("shanten", &o.shanten)?;
            st.serialize_field("ukeire", &o.ukeire)?;
            st.serialize_field("count", &o.count)?;
            st.end()
        }
    }

    /// The `hupai analyze --json` object: `hand`, `tiles`, `agari`, `shanten`, `forms` (every
    /// form, `null` where not allowed), `waits` and `ukeire` (3n+1 hands; `ukeire` `null`
    /// otherwise), `discards` (3n+2 hands; a joker discard is `"*"`).
    impl Serialize for Analysis {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Analysis", 8)?;
            st.serialize_field("hand", &self.hand)?;
            st.serialize_field("tiles", &self.hand.tile_count())?;
            st.serialize_field("agari", &self.agari)?;
            st.serialize_field("shanten", &self.shanten)?;
            st.serialize_field("forms", &Forms(&self.forms))?;
            st.serialize_field("waits", &Waits(self))?;
            st.serialize_field("ukeire", &self.ukeire.map(|(set, count)| Ukeire(set, count)))?;
            st.serialize_field("discards", &Discards(&self.discards))?;
            st.end()
        }
    }
}
