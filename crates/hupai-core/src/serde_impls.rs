//! `serde` support (the `serde` feature): every vocabulary type in its text form.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use hupai_core::{Form, Hand, Kind, Seat};
//! let kind: Kind = serde_json::from_str("\"5mr\"").unwrap();
//! assert_eq!(serde_json::to_string(&kind).unwrap(), "\"5m\"");
//! let hand: Hand = serde_json::from_str("\"23456m11z pon:777s\"").unwrap();
//! assert_eq!(serde_json::to_string(&hand).unwrap(), "\"23456m11z pon:777s\"");
//! assert_eq!(serde_json::to_string(&Form::HonorsAndKnitted).unwrap(), "\"honors_knitted\"");
//! assert_eq!(serde_json::to_string(&Seat::West).unwrap(), "2");
//! assert!(serde_json::from_str::<Seat>("4").is_err());
//! # }
//! ```
//!
//! Kinds, counts, hands and melds are written as canonical text and read in any notation the
//! parsers accept; a [`KindSet`] is a list of kinds; a [`Form`] is its snake_case name; a
//! [`Seat`] is its index 0..3 (anything else is rejected), as in the game logs.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::{BySeat, Counts, Form, Hand, Kind, KindSet, Meld, Seat, Seats};

/// Reads a value from its text with `FromStr`, the parser's message as the error.
struct TextVisitor<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        s.parse().map_err(E::custom)
    }
}

macro_rules! text_serde {
    ($($ty:ty: $what:literal),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                d.deserialize_str(TextVisitor(PhantomData, $what))
            }
        }
    )*};
}

text_serde! {
    Kind: "a tile, e.g. \"5m\"",
    Counts: "tiles, e.g. \"123m456p\"",
    Hand: "a hand, e.g. \"23456m11z pon:777s\"",
    Meld: "a meld, e.g. \"pon:777s\"",
}

impl Serialize for Form {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Form {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Form, D::Error> {
        d.deserialize_str(TextVisitor(PhantomData, "a form name, e.g. \"seven_pairs\""))
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let index = u64::deserialize(d)?;
        usize::try_from(index).ok().and_then(Seat::from_index).ok_or_else(|| {
            de::Error::invalid_value(de::Unexpected::Unsigned(index), &"a seat 0..3")
        })
    }
}

impl<T: Serialize> Serialize for BySeat<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for value in self.iter() {
            seq.serialize_element(value)?;
        }
        seq.end()
    }
}

impl<'de, T: Deserialize<'de> + Default> Deserialize<'de> for BySeat<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BySeat<T>, D::Error> {
        struct Values<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Default> Visitor<'de> for Values<T> {
            type Value = BySeat<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("one value per seat, 3 or 4 of them")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BySeat<T>, A::Error> {
                let mut values: [T; 4] = Default::default();
                let mut n = 0;
                while let Some(value) = seq.next_element::<T>()? {
                    if n == 4 {
                        return Err(de::Error::invalid_length(5, &self));
                    }
                    values[n] = value;
                    n += 1;
                }
                let seats =
                    Seats::new(n as u8).ok_or_else(|| de::Error::invalid_length(n, &self))?;
                Ok(BySeat::of(seats, values))
            }
        }
        d.deserialize_seq(Values(PhantomData))
    }
}

impl Serialize for KindSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for kind in self.iter() {
            seq.serialize_element(&kind)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for KindSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<KindSet, D::Error> {
        struct Kinds;
        impl<'de> Visitor<'de> for Kinds {
            type Value = KindSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of tiles")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<KindSet, A::Error> {
                let mut set = KindSet::EMPTY;
                while let Some(kind) = seq.next_element::<Kind>()? {
                    set.insert(kind);
                }
                Ok(set)
            }
        }
        d.deserialize_seq(Kinds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let set: KindSet = "147m5z".parse::<Counts>().unwrap().kind_set();
        let text = serde_json::to_string(&set).unwrap();
        assert_eq!(text, r#"["1m","4m","7m","5z"]"#);
        assert_eq!(serde_json::from_str::<KindSet>(&text).unwrap(), set);
        for form in Form::ALL {
            let text = serde_json::to_string(&form).unwrap();
            assert_eq!(serde_json::from_str::<Form>(&text).unwrap(), form);
        }
        for seat in Seat::ALL {
            let text = serde_json::to_string(&seat).unwrap();
            assert_eq!(serde_json::from_str::<Seat>(&text).unwrap(), seat);
        }
        let three: BySeat<i32> = serde_json::from_str("[1,2,3]").unwrap();
        assert_eq!((three.seats(), &*three), (Seats::THREE, &[1, 2, 3][..]));
        assert_eq!(serde_json::to_string(&three).unwrap(), "[1,2,3]");
        let four: BySeat<i32> = serde_json::from_str("[1,2,3,4]").unwrap();
        assert_eq!(serde_json::to_string(&four).unwrap(), "[1,2,3,4]");
        for bad in ["[]", "[1,2]", "[1,2,3,4,5]"] {
            assert!(serde_json::from_str::<BySeat<i32>>(bad).is_err(), "{bad}");
        }
        let meld: Meld = serde_json::from_str("\"chi:406s\"").unwrap();
        assert_eq!(serde_json::to_string(&meld).unwrap(), "\"chi:406s\"");
    }

    #[test]
    fn errors_carry_the_parsers_message() {
        let e = serde_json::from_str::<Kind>("\"8z\"").unwrap_err().to_string();
        assert!(e.starts_with("invalid tile '8z' at 1: honours go 1z..7z"), "{e}");
        let e = serde_json::from_str::<Form>("\"pairs\"").unwrap_err().to_string();
        assert!(e.starts_with("unknown form 'pairs'"), "{e}");
        assert!(serde_json::from_str::<Seat>("-1").is_err());
        assert!(serde_json::from_str::<Seat>("\"E\"").is_err());
    }
}
