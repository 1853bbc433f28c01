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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pai(u8);

/// The place of each name in the order of [`Pai`]: kinds in index order with each red five
/// right after its plain five, then flowers, then the hidden tile.
const ORDER: [u8; HIDDEN as usize + 1] = {
    let mut order = [0u8; HIDDEN as usize + 1];
    let mut i = 0;
    while i <= HIDDEN as usize {
        order[i] = if i < RED_BASE as usize {
            (i * 2) as u8
        } else if i < FLOWER_BASE as usize {
            (((i - RED_BASE as usize) * 9 + 4) * 2 + 1) as u8
        } else {
            (100 + i) as u8
        };
        i += 1;
    }
    order
};

impl Pai {
    fn order(self) -> u8 {
        ORDER[self.0 as usize]
    }
}

impl PartialOrd for Pai {
    fn partial_cmp(&self, other: &Pai) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Pai {
    fn cmp(&self, other: &Pai) -> std::cmp::Ordering {
        self.order().cmp(&other.order())
    }
}

const RED_BASE: u8 = 34;
const FLOWER_BASE: u8 = 37;
const HIDDEN: u8 = 45;
const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

impl Pai {
    /// A hidden tile (`?`).
    pub const HIDDEN: Pai = Pai(HIDDEN);

    /// The name of a physical tile under `reds` red fives per suit.
    pub fn of(tile: Tile, reds: [u8; 3]) -> Pai {
        match tile.kind() {
            Some(kind) if tile.is_red_five(reds) => Pai(RED_BASE + kind.suit() as u8),
            Some(kind) => Pai(kind.to_u8()),
            None => Pai(FLOWER_BASE + tile.copy()),
        }
    }

    /// The plain name of a kind.
    pub fn kind_of(kind: Kind) -> Pai {
        Pai(kind.to_u8())
    }

    /// The kind, or `None` for flowers and hidden tiles.
    pub fn kind(self) -> Option<Kind> {
        match self.0 {
            k @ 0..RED_BASE => Kind::new(k),
            s @ RED_BASE..FLOWER_BASE => Kind::new((s - RED_BASE) * 9 + 4),
            _ => None,
        }
    }

    /// Whether it names a red five.
    pub fn is_red(self) -> bool {
        (RED_BASE..FLOWER_BASE).contains(&self.0)
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
        match self.0 {
            k @ 0..27 => write!(f, "{}{}", k % 9 + 1, ['m', 'p', 's'][k as usize / 9]),
            k @ 27..RED_BASE => f.write_str(HONORS[(k - 27) as usize]),
            s @ RED_BASE..FLOWER_BASE => {
                write!(f, "5{}r", ['m', 'p', 's'][(s - RED_BASE) as usize])
            }
            n @ FLOWER_BASE..HIDDEN => write!(f, "{}f", n - FLOWER_BASE + 1),
            _ => f.write_str("?"),
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
            return Ok(Pai(27 + i as u8));
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
            None => Ok(Pai(suit * 9 + n)),
            Some(b'r') if n == 4 => Ok(Pai(RED_BASE + suit)),
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
        for i in 0..=HIDDEN {
            let p = Pai(i);
            assert_eq!(p.to_string().parse::<Pai>().unwrap(), p);
        }
        assert!("0m".parse::<Pai>().is_err());
        assert!("6mr".parse::<Pai>().is_err());
        assert!("9f".parse::<Pai>().is_err());
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
