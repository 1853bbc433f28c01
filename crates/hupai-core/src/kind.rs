//! Tile kinds: the 34 distinct faces, in MPSZ order.
//!
//! ```
//! use hupai_core::Kind;
//! let kind: Kind = "7z".parse().unwrap();
//! assert_eq!(kind.index(), 33);
//! assert!(kind.is_honor());
//! assert_eq!(kind.to_string(), "7z");
//! ```

use std::fmt;

/// One of the four suits: characters (m), dots (p), bamboo (s) and honours (z).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Characters, 万 (`m`).
    Man,
    /// Dots, 筒 (`p`).
    Pin,
    /// Bamboo, 条 (`s`).
    Sou,
    /// Honours: winds and dragons (`z`).
    Honor,
}

impl Suit {
    /// The four suits in MPSZ order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The suit's index, 0..4 in MPSZ order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit for an index 0..4.
    pub const fn from_index(index: usize) -> Option<Suit> {
        match index {
            0 => Some(Suit::Man),
            1 => Some(Suit::Pin),
            2 => Some(Suit::Sou),
            3 => Some(Suit::Honor),
            _ => None,
        }
    }

    /// The MPSZ letter of the suit.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// How many kinds the suit has: 9 for number suits, 7 for honours.
    pub const fn kind_count(self) -> usize {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// The first kind of the suit.
    pub const fn first(self) -> Kind {
        Kind((self as u8) * 9)
    }
}

/// A tile kind, 0..34 in MPSZ order: 1-9m, 1-9p, 1-9s, then 1z-7z = East, South, West, North,
/// White, Green, Red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Kind(u8);

impl Kind {
    /// Number of distinct kinds.
    pub const COUNT: usize = 34;
    /// East wind (1z).
    pub const EAST: Kind = Kind(27);
    /// South wind (2z).
    pub const SOUTH: Kind = Kind(28);
    /// West wind (3z).
    pub const WEST: Kind = Kind(29);
    /// North wind (4z).
    pub const NORTH: Kind = Kind(30);
    /// White dragon (5z).
    pub const WHITE: Kind = Kind(31);
    /// Green dragon (6z).
    pub const GREEN: Kind = Kind(32);
    /// Red dragon (7z).
    pub const RED: Kind = Kind(33);
    /// The 13 terminal and honour kinds (the thirteen orphans).
    pub const ORPHANS: [Kind; 13] = [
        Kind(0),
        Kind(8),
        Kind(9),
        Kind(17),
        Kind(18),
        Kind(26),
        Kind(27),
        Kind(28),
        Kind(29),
        Kind(30),
        Kind(31),
        Kind(32),
        Kind(33),
    ];

    /// The kind with this index, if it is below 34.
    pub const fn new(index: u8) -> Option<Kind> {
        if index < 34 {
            Some(Kind(index))
        } else {
            None
        }
    }

    /// The kind of a suit and number (1..=9, or 1..=7 for honours).
    pub const fn from_suit_number(suit: Suit, number: u8) -> Option<Kind> {
        if number == 0 || number as usize > suit.kind_count() {
            return None;
        }
        Some(Kind(suit as u8 * 9 + number - 1))
    }

    /// All 34 kinds in order.
    pub fn all() -> impl Iterator<Item = Kind> + Clone {
        (0..34).map(Kind)
    }

    /// The index 0..34.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as a byte.
    pub const fn to_u8(self) -> u8 {
        self.0
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The number within the suit: 1..=9, or 1..=7 for honours (E S W N White Green Red).
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    /// Whether this is a wind or dragon.
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// Whether this is a wind (1z..4z).
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 < 31
    }

    /// Whether this is a dragon (5z..7z).
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// Whether this is a number tile 1 or 9.
    pub const fn is_terminal(self) -> bool {
        self.0 < 27 && (self.0 % 9 == 0 || self.0 % 9 == 8)
    }

    /// Whether this is a terminal or an honour (a "yaochu" tile).
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// Whether this is a number tile 2..=8 (a "simple").
    pub const fn is_simple(self) -> bool {
        !self.is_terminal_or_honor()
    }

    /// The next kind in the cycle used by dora indicators and joker indicators: 9 wraps to 1
    /// within a number suit, North wraps to East, Red wraps to White.
    pub const fn successor(self) -> Kind {
        let i = self.0;
        if i < 27 {
            if i % 9 == 8 {
                Kind(i - 8)
            } else {
                Kind(i + 1)
            }
        } else if i < 31 {
            if i == 30 {
                Kind(27)
            } else {
                Kind(i + 1)
            }
        } else if i == 33 {
            Kind(31)
        } else {
            Kind(i + 1)
        }
    }

    /// The kind `offset` steps further in the same number suit, if there is one.
    pub const fn offset(self, offset: i8) -> Option<Kind> {
        if self.is_honor() {
            return None;
        }
        let n = (self.0 % 9) as i8 + offset;
        if n < 0 || n > 8 {
            return None;
        }
        Some(Kind((self.0 as i8 + offset) as u8))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn successor_wraps_within_groups() {
        let k = |s: &str| s.parse::<Kind>().unwrap();
        assert_eq!(k("9m").successor(), k("1m"));
        assert_eq!(k("4z").successor(), k("1z"));
        assert_eq!(k("7z").successor(), k("5z"));
        assert_eq!(k("5z").successor(), k("6z"));
        assert_eq!(k("3s").successor(), k("4s"));
    }

    #[test]
    fn classification() {
        assert_eq!(Kind::all().filter(|k| k.is_terminal_or_honor()).count(), 13);
        assert_eq!(Kind::all().filter(|k| k.is_simple()).count(), 21);
        assert_eq!(Kind::ORPHANS.iter().filter(|k| k.is_terminal_or_honor()).count(), 13);
        assert_eq!(Kind::from_suit_number(Suit::Honor, 8), None);
        assert_eq!(Kind::new(33).map(|k| k.number()), Some(7));
    }
}
