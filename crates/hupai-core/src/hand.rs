//! Hands: concealed tiles, declared melds, jokers and red fives.
//!
//! ```
//! use hupai_core::Hand;
//! let hand: Hand = "23456m11z pon:777s ankan:9999p".parse().unwrap();
//! assert_eq!(hand.melds().len(), 2);
//! assert_eq!(hand.concealed().total(), 7);
//! assert_eq!(hand.to_string(), "23456m11z pon:777s ankan:9999p");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::notation::{self, HandError};
use crate::{Counts, Kind, Meld, Suit};

/// A hand: concealed tiles (as counts), up to four declared melds, wildcard jokers among the
/// concealed tiles, and how many concealed fives of each number suit are red.
///
/// Built only through [`Hand::new`] or parsing, so it always holds at most four copies of a
/// kind (melds included) and at most 14 tiles counting each meld as three.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    concealed: Counts,
    melds: [Meld; 4],
    meld_count: u8,
    jokers: u8,
    red: [u8; 3],
}

impl Hand {
    /// A hand of these concealed tiles and melds, checked.
    pub fn new(concealed: Counts, melds: &[Meld]) -> Result<Hand, HandError> {
        Hand::with_extras(concealed, melds, 0, [0; 3])
    }

    /// A hand with jokers (wildcards among the concealed tiles) and red fives among the
    /// concealed tiles (`red[suit]` of the concealed fives of that suit are red), checked.
    pub fn with_extras(
        concealed: Counts,
        melds: &[Meld],
        jokers: u8,
        red: [u8; 3],
    ) -> Result<Hand, HandError> {
        if melds.len() > 4 {
            return Err(HandError::TooManyMelds { melds: melds.len() });
        }
        let tiles = concealed.total() + jokers as u32 + 3 * melds.len() as u32;
        if tiles > 14 {
            return Err(HandError::TooManyTiles { tiles });
        }
        let mut all = concealed;
        for meld in melds {
            meld.add_to(&mut all);
        }
        all.validate()?;
        for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
            let fives = Kind::from_suit_number(suit, 5).map_or(0, |k| concealed.get(k));
            if red[suit.index()] > fives {
                return Err(HandError::TooManyRed { suit, red: red[suit.index()] });
            }
        }
        let mut slots = [Meld::pon(Kind::default()); 4];
        slots[..melds.len()].copy_from_slice(melds);
        Ok(Hand { concealed, melds: slots, meld_count: melds.len() as u8, jokers, red })
    }

    /// The concealed tiles (jokers not included).
    pub const fn concealed(&self) -> &Counts {
        &self.concealed
    }

    /// The declared melds, in the order they were declared.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.meld_count as usize]
    }

    /// Number of declared melds.
    pub const fn meld_count(&self) -> u8 {
        self.meld_count
    }

    /// Number of jokers among the concealed tiles.
    pub const fn jokers(&self) -> u8 {
        self.jokers
    }

    /// Red fives among the concealed tiles, per number suit.
    pub const fn concealed_red(&self) -> [u8; 3] {
        self.red
    }

    /// Red fives in the whole hand (concealed and melds), per number suit.
    pub fn red_fives(&self) -> [u8; 3] {
        let mut red = self.red;
        for meld in self.melds() {
            if !meld.first().is_honor() {
                red[meld.first().suit().index()] += meld.red();
            }
        }
        red
    }

    /// Concealed tiles plus jokers plus three per meld: 14 for a complete hand, 13 waiting.
    pub fn tile_count(&self) -> u32 {
        self.concealed.total() + self.jokers as u32 + 3 * self.meld_count() as u32
    }

    /// Every tile of the hand by kind, melds included (kans count four), jokers not.
    pub fn all_counts(&self) -> Counts {
        let mut all = self.concealed;
        for meld in self.melds().iter() {
            meld.add_to(&mut all);
        }
        all
    }

    /// Whether no meld was made with another player's tile (closed kans keep a hand closed).
    pub fn is_closed(&self) -> bool {
        self.melds().iter().all(|m| !m.is_open())
    }

    /// The same hand with one more concealed tile of `kind`, checked.
    pub fn with_tile(&self, kind: Kind) -> Result<Hand, HandError> {
        let mut concealed = self.concealed;
        concealed.add(kind);
        Hand::with_extras(concealed, self.melds(), self.jokers, self.red)
    }
}

impl fmt::Display for Hand {
    /// Canonical hand text: concealed tiles in MPSZ (red fives as `0`, jokers as `*`), then the
    /// melds separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_counts(f, &self.concealed, self.red)?;
        for _ in 0..self.jokers {
            f.write_str("*")?;
        }
        let mut first = self.concealed.total() == 0 && self.jokers == 0;
        for meld in self.melds().iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{meld}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

impl FromStr for Hand {
    type Err = HandError;

    /// Parses hand text: concealed tiles in any accepted notation (`*` or 🀪 for a joker), then
    /// melds as `chi:345m pon:777s kan:1111z kakan:5555p ankan:9999p`, separated by spaces.
    fn from_str(s: &str) -> Result<Hand, HandError> {
        notation::parse_hand(s)
    }
}
