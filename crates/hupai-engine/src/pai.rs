//! Tiles as the logs name them: mjai names (`1m`..`9s`, `5mr` for a red five, `E S W N P F C`
//! for the honours, `?` for a hidden tile) plus `1f`..`8f` for flowers.
//!
//! ```
//! use hupai_engine::Pai;
//! let pai: Pai = "5mr".parse().unwrap();
//! assert!(pai.is_red());
//! assert_eq!(pai.to_string(), "5mr");
//! assert_eq!("C".parse::<Pai>().unwrap().kind().unwrap().to_string(), "7z");
//! ```

use std::fmt;
use std::str::FromStr;

use hupai_core::{Kind, Tile};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A tile as a log shows it: a kind, a red five, a flower, or hidden. Ordered by kind (a red
/// five right after the plain five of its suit), then flowers, then the hidden tile.
///
/// The byte is that order itself, so that comparing two names (a hand is kept sorted, and
/// searched, at every draw and discard of every seat's view) is comparing two bytes: a kind
/// `k` is `2k`, the red five of a suit `2k + 1` for the plain five's `k`, so that the kind is
/// the byte halved; then the flowers from [`FLOWER_BASE`], then the hidden tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pai(u8);

/// The first byte past the kinds and red fives (two bytes a kind).
const FLOWER_BASE: u8 = 2 * Kind::COUNT as u8;
/// The hidden tile, after the eight flowers.
const HIDDEN: u8 = FLOWER_BASE + 8;
const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

impl Pai {
    /// A hidden tile (`?`).
    pub const HIDDEN: Pai = Pai(HIDDEN);

    /// The name of a physical tile under `reds` red fives per suit.
    pub fn of(tile: Tile, reds: [u8; 3]) -> Pai {
        match tile.kind() {
            Some(kind) if tile.is_red_five(reds) => Pai::red_five(kind),
            Some(kind) => Pai::kind_of(kind),
            None => Pai(FLOWER_BASE + tile.copy()),
        }
    }

    /// The name of byte `byte` (below the hidden tile's, or the hidden tile's).
    #[inline]
    pub(crate) const fn from_byte(byte: u8) -> Pai {
        Pai(byte)
    }

    /// The name's byte: its place in the order.
    #[inline]
    pub(crate) const fn byte(self) -> u8 {
        self.0
    }

    /// The bits of the flowers' bytes, in a set of names by byte.
    pub(crate) const FLOWER_BITS: u128 = ((1 << 8) - 1) << FLOWER_BASE;

    /// The plain name of a kind.
    pub fn kind_of(kind: Kind) -> Pai {
        Pai(2 * kind.to_u8())
    }

    /// The red name of `kind` (a five of a suit).
    fn red_five(kind: Kind) -> Pai {
        Pai(2 * kind.to_u8() + 1)
    }

    /// The kind, or `None` for flowers and hidden tiles.
    #[inline]
    pub fn kind(self) -> Option<Kind> {
        if self.0 < FLOWER_BASE {
            Kind::new(self.0 >> 1)
        } else {
            None
        }
    }

    /// Whether it names a red five.
    pub fn is_red(self) -> bool {
        self.0 < FLOWER_BASE && self.0 & 1 == 1
    }

    /// Whether it is hidden (`?`).
    pub fn is_hidden(self) -> bool {
        self.0 == HIDDEN
    }

    /// Whether it names a flower.
    pub fn is_flower(self) -> bool {
        (FLOWER_BASE..HIDDEN).contains(&self.0)
    }

    /// The flower's number (0..8: plum, orchid, chrysanthemum, bamboo, spring, summer,
    /// autumn, winter), or `None` for any other tile.
    pub fn flower_number(self) -> Option<u8> {
        self.is_flower().then(|| self.0 - FLOWER_BASE)
    }

    /// Whether the physical `tile` has this name under `reds`.
    pub fn matches(self, tile: Tile, reds: [u8; 3]) -> bool {
        Pai::of(tile, reds) == self
    }
}

impl fmt::Display for Pai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = |k: Kind| ['m', 'p', 's'][k.suit().index().min(2)];
        match (self.kind(), self.flower_number()) {
            (Some(k), _) if self.is_red() => write!(f, "5{}r", suit(k)),
            (Some(k), _) if k.is_honor() => f.write_str(HONORS[k.index() - 27]),
            (Some(k), _) => write!(f, "{}{}", k.index() % 9 + 1, suit(k)),
            (None, Some(n)) => write!(f, "{}f", n + 1),
            (None, None) => f.write_str("?"),
        }
    }
}

/// Why a tile name does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaiError(pub String);

impl fmt::Display for PaiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid tile name '{}': use 1m..9s, 5mr, E S W N P F C, 1f..8f or ?", self.0)
    }
}

impl std::error::Error for PaiError {}

impl FromStr for Pai {
    type Err = PaiError;

    fn from_str(s: &str) -> Result<Pai, PaiError> {
        let err = || PaiError(s.to_string());
        if s == "?" {
            return Ok(Pai::HIDDEN);
        }
        if let Some(i) = HONORS.iter().position(|&h| h == s) {
            return Ok(Pai(2 * (27 + i as u8)));
        }
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 || !(b'1'..=b'9').contains(&b[0]) {
            return Err(err());
        }
        let n = b[0] - b'1';
        let suit = match b[1] {
            b'm' => 0,
            b'p' => 1,
            b's' => 2,
            b'f' if n < 8 && b.len() == 2 => return Ok(Pai(FLOWER_BASE + n)),
            _ => return Err(err()),
        };
        match b.get(2) {
            None => Ok(Pai(2 * (suit * 9 + n))),
            Some(b'r') if n == 4 => Ok(Pai(2 * (suit * 9 + n) + 1)),
            _ => Err(err()),
        }
    }
}

impl Serialize for Pai {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pai {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pai, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_round_trips() {
        // Every name: the 34 kinds, the three red fives, the eight flowers, the hidden tile.
        let kinds = (0..34).map(|k| Pai::kind_of(Kind::new(k).unwrap()));
        let reds = [4, 13, 22].map(|k| Pai::red_five(Kind::new(k).unwrap()));
        let flowers = (0..8).map(|n| Pai::of(Tile::flower(n).unwrap(), [0; 3]));
        let all: Vec<Pai> = kinds.chain(reds).chain(flowers).chain([Pai::HIDDEN]).collect();
        assert_eq!(all.len(), 46);
        for &p in &all {
            assert_eq!(p.to_string().parse::<Pai>().unwrap(), p);
        }
        let names: Vec<String> = all.iter().map(Pai::to_string).collect();
        let unique: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), 46, "{names:?}");
        assert!("0m".parse::<Pai>().is_err());
        assert!("6mr".parse::<Pai>().is_err());
        assert!("9f".parse::<Pai>().is_err());
    }

    #[test]
    fn names_order_by_kind_red_after_plain_then_flowers_then_hidden() {
        let order = "1m 4m 5m 5mr 6m 9m 1p 5p 5pr 6p 5s 5sr 9s E N P C 1f 8f ?";
        let pais: Vec<Pai> = order.split(' ').map(|s| s.parse().unwrap()).collect();
        assert!(pais.windows(2).all(|w| w[0] < w[1]), "{pais:?}");
        assert_eq!("5mr".parse::<Pai>().unwrap().kind(), "5m".parse::<Pai>().unwrap().kind());
        assert_eq!("1f".parse::<Pai>().unwrap().kind(), None);
        assert_eq!(Pai::HIDDEN.kind(), None);
        assert_eq!("8f".parse::<Pai>().unwrap().flower_number(), Some(7));
        assert!(!"5m".parse::<Pai>().unwrap().is_red() && !"1f".parse::<Pai>().unwrap().is_red());
    }

    #[test]
    fn physical_tiles_name_correctly() {
        let five_m = Kind::new(4).unwrap();
        assert_eq!(Pai::of(Tile::new(five_m, 0), [1, 1, 1]).to_string(), "5mr");
        assert_eq!(Pai::of(Tile::new(five_m, 1), [1, 1, 1]).to_string(), "5m");
        assert_eq!(Pai::of(Tile::new(Kind::RED, 1), [1, 1, 1]).to_string(), "C");
        assert_eq!(Pai::of(Tile::flower(2).unwrap(), [0; 3]).to_string(), "3f");
        assert_eq!("5pr".parse::<Pai>().unwrap().kind(), Kind::new(13));
    }
}
