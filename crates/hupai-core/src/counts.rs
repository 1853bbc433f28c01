//! Hand histograms: how many copies of each kind.
//!
//! ```
//! use hupai_core::Counts;
//! let counts: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(counts.total(), 13);
//! assert_eq!(counts.to_string(), "123m456p789s1122z");
//! ```

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::{HandError, Kind, Suit};

/// The number of tiles of each kind (`[u8; 34]`, MPSZ order).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counts(pub [u8; 34]);

impl Counts {
    /// No tiles.
    pub const EMPTY: Counts = Counts([0; 34]);

    /// Counts from a list of kinds.
    pub fn from_kinds(kinds: impl IntoIterator<Item = Kind>) -> Counts {
        let mut counts = Counts::EMPTY;
        for kind in kinds {
            counts.add(kind);
        }
        counts
    }

    /// The copies of `kind`.
    pub const fn get(&self, kind: Kind) -> u8 {
        self.0[kind.index()]
    }

    /// Adds one copy of `kind` (no check against four copies; see [`Counts::validate`]).
    pub fn add(&mut self, kind: Kind) {
        self.0[kind.index()] += 1;
    }

    /// Removes one copy of `kind`; returns false (and changes nothing) when there is none.
    pub fn remove(&mut self, kind: Kind) -> bool {
        let c = &mut self.0[kind.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// The total number of tiles.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// The nine (or seven) counts of one suit.
    pub fn suit(&self, suit: Suit) -> &[u8] {
        let start = suit.first().index();
        &self.0[start..start + suit.kind_count()]
    }

    /// The kinds present, each once, in order.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::all().filter(move |&k| self.get(k) > 0)
    }

    /// Every tile as its kind, in order, with repeats.
    pub fn tiles(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::all().flat_map(move |k| std::iter::repeat_n(k, self.get(k) as usize))
    }

    /// Checks that no kind has more than four copies.
    pub fn validate(&self) -> Result<(), HandError> {
        // Eight counts at a time first (the kind is only looked for when one is over four): a
        // count is over four when a bit above its lowest three is set, or its bit for four
        // and one of the two below it.
        const LOW: u64 = 0x0101_0101_0101_0101;
        let mut over = 0u64;
        for chunk in self.0.chunks(8) {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            let w = u64::from_le_bytes(bytes);
            over |= (w & !(LOW * 7)) | ((w >> 2) & (w | (w >> 1)) & LOW);
        }
        if over == 0 {
            return Ok(());
        }
        match Kind::all().find(|&k| self.get(k) > 4) {
            Some(kind) => Err(HandError::TooManyCopies { kind, count: self.get(kind) }),
            None => Ok(()),
        }
    }
}

impl Default for Counts {
    fn default() -> Counts {
        Counts::EMPTY
    }
}

impl Index<Kind> for Counts {
    type Output = u8;
    fn index(&self, kind: Kind) -> &u8 {
        &self.0[kind.index()]
    }
}

impl IndexMut<Kind> for Counts {
    fn index_mut(&mut self, kind: Kind) -> &mut u8 {
        &mut self.0[kind.index()]
    }
}

impl fmt::Display for Counts {
    /// Canonical MPSZ: `123m456p789s1122z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_counts(f, self, [0; 3])
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Counts({self})")
    }
}

/// Writes counts in canonical MPSZ; `red[suit]` of each suit's fives are written as `0`.
pub(crate) fn write_counts(
    f: &mut fmt::Formatter<'_>,
    counts: &Counts,
    red: [u8; 3],
) -> fmt::Result {
    for suit in Suit::ALL {
        let tiles = counts.suit(suit);
        if tiles.iter().all(|&c| c == 0) {
            continue;
        }
        for (i, &c) in tiles.iter().enumerate() {
            let mut plain = c;
            if suit != Suit::Honor && i == 4 {
                let r = red[suit.index()].min(c);
                for _ in 0..r {
                    f.write_str("0")?;
                }
                plain -= r;
            }
            for _ in 0..plain {
                write!(f, "{}", i + 1)?;
            }
        }
        write!(f, "{}", suit.letter())?;
    }
    Ok(())
}
