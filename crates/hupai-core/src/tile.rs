//! Physical tiles: 136 suit and honour tiles (four copies of each kind) plus 8 flowers.
//!
//! ```
//! use hupai_core::{Kind, Tile};
//! let five_of_dots = Tile::new(Kind::from_suit_number(hupai_core::Suit::Pin, 5).unwrap(), 0);
//! assert!(five_of_dots.is_red_five([1, 1, 1]));
//! assert_eq!(Tile::flower(0).unwrap().to_string(), "1f");
//! ```

use std::fmt;

use crate::{Kind, Suit};

/// A physical tile: `kind * 4 + copy` for 0..136, then the 8 flowers and seasons at 136..144.
///
/// Red fives are a property of certain copies chosen by the rules: with `n` red fives in a suit,
/// copies `0..n` of that suit's five are red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

impl Tile {
    /// Number of suit and honour tiles.
    pub const SUITED_COUNT: usize = 136;
    /// Number of tiles including the 8 flowers.
    pub const COUNT: usize = 144;

    /// The tile `copy` (0..4) of `kind`.
    pub const fn new(kind: Kind, copy: u8) -> Tile {
        Tile(kind.to_u8() * 4 + (copy & 3))
    }

    /// The tile with this index, if it is below 144.
    pub const fn from_index(index: u8) -> Option<Tile> {
        if (index as usize) < Tile::COUNT {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// Flower number `n` (0..8: plum, orchid, chrysanthemum, bamboo, spring, summer, autumn,
    /// winter).
    pub const fn flower(n: u8) -> Option<Tile> {
        if n < 8 {
            Some(Tile(136 + n))
        } else {
            None
        }
    }

    /// The index 0..144.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is a flower or season.
    pub const fn is_flower(self) -> bool {
        self.0 >= 136
    }

    /// The kind, or `None` for a flower.
    pub const fn kind(self) -> Option<Kind> {
        Kind::new(self.0 / 4)
    }

    /// Which of the four copies this is (0..4); for flowers, the flower number 0..8.
    pub const fn copy(self) -> u8 {
        if self.is_flower() {
            self.0 - 136
        } else {
            self.0 % 4
        }
    }

    /// Whether this tile is a red five when the rules have `reds[suit]` red fives per suit.
    pub const fn is_red_five(self, reds: [u8; 3]) -> bool {
        match self.kind() {
            Some(kind) => {
                kind.number() == 5 && !kind.is_honor() && self.copy() < reds[kind.suit() as usize]
            }
            None => false,
        }
    }

    /// Canonical text: MPSZ (`0m` for a red five under `reds`), or `1f`..`8f` for flowers.
    pub fn notation(self, reds: [u8; 3]) -> String {
        match self.kind() {
            Some(kind) if self.is_red_five(reds) => format!("0{}", kind.suit().letter()),
            Some(kind) => kind.to_string(),
            None => format!("{}f", self.copy() + 1),
        }
    }

    /// The suit, or `None` for a flower.
    pub const fn suit(self) -> Option<Suit> {
        match self.kind() {
            Some(kind) => Some(kind.suit()),
            None => None,
        }
    }
}

impl fmt::Display for Tile {
    /// The kind in MPSZ (without red marking), or `1f`..`8f` for flowers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            Some(kind) => write!(f, "{kind}"),
            None => write!(f, "{}f", self.copy() + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_indices() {
        for i in 0..144u8 {
            let t = Tile::from_index(i).unwrap();
            assert_eq!(t.index(), i as usize);
            if i < 136 {
                let kind = t.kind().unwrap();
                assert_eq!(Tile::new(kind, t.copy()), t);
            } else {
                assert!(t.is_flower());
                assert_eq!(t.kind(), None);
            }
        }
        assert_eq!(Tile::from_index(144), None);
    }

    #[test]
    fn red_fives_follow_the_rules() {
        let five_p: Kind = "5p".parse().unwrap();
        assert!(Tile::new(five_p, 1).is_red_five([1, 2, 1]));
        assert!(!Tile::new(five_p, 2).is_red_five([1, 2, 1]));
        assert_eq!(Tile::new(five_p, 0).notation([1, 1, 1]), "0p");
        assert_eq!(Tile::new(five_p, 0).notation([0, 0, 0]), "5p");
    }
}
