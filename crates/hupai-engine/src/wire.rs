//! How the logs write a seat (its number 0..=3, anything else rejected when read) and a number
//! suit (its letter): the `#[serde(with = ...)]` helpers of events and actions.
//!
//! ```
//! use hupai_engine::Event;
//! let line = r#"{"type":"void","actor":1,"suit":"p"}"#;
//! let event: Event = serde_json::from_str(line).unwrap();
//! assert_eq!(serde_json::to_string(&event).unwrap(), line);
//! assert!(serde_json::from_str::<Event>(r#"{"type":"void","actor":4,"suit":"p"}"#).is_err());
//! assert!(serde_json::from_str::<Event>(r#"{"type":"void","actor":1,"suit":"z"}"#).is_err());
//! ```

/// A seat as its number 0..=3.
pub(crate) mod seat {
    use hupai_core::Seat;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(seat.index() as u8)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let n = i64::deserialize(d)?;
        of(n).map_err(serde::de::Error::custom)
    }

    /// The seat numbered `n`, or why there is none.
    pub fn of(n: i64) -> Result<Seat, String> {
        usize::try_from(n)
            .ok()
            .and_then(Seat::from_index)
            .ok_or_else(|| format!("seat {n}: seats are 0..=3"))
    }
}

/// A number suit as its letter (`m`, `p`, `s`).
pub(crate) mod suit {
    use hupai_core::Suit;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(suit: &Suit, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&suit.letter().to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "m" => Ok(Suit::Man),
            "p" => Ok(Suit::Pin),
            "s" => Ok(Suit::Sou),
            _ => Err(serde::de::Error::custom(format!("suit '{text}': use m, p or s"))),
        }
    }
}

/// An optional seat as its number 0..=3.
pub(crate) mod opt_seat {
    use hupai_core::Seat;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
        match seat {
            Some(seat) => super::seat::serialize(seat, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Seat>, D::Error> {
        match Option::<i64>::deserialize(d)? {
            None => Ok(None),
            Some(n) => super::seat::of(n).map(Some).map_err(serde::de::Error::custom),
        }
    }
}
