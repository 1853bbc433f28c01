//! Seats at the table and per-seat data.
//!
//! ```
//! use hupai_core::{Kind, Seat};
//! assert_eq!(Seat::East.next(), Seat::South);
//! assert_eq!(Seat::North.next(), Seat::East);
//! assert_eq!(Seat::from_wind(Kind::WEST), Some(Seat::West));
//! assert_eq!(Seat::from_wind(Kind::WHITE), None);
//! ```

use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat, named by its wind for the current hand's dealer rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Seat {
    /// East (the dealer in riichi).
    #[default]
    East,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

impl Seat {
    /// The four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::East, Seat::South, Seat::West, Seat::North];

    /// The seat for an index 0..4.
    pub const fn from_index(index: usize) -> Option<Seat> {
        match index {
            0 => Some(Seat::East),
            1 => Some(Seat::South),
            2 => Some(Seat::West),
            3 => Some(Seat::North),
            _ => None,
        }
    }

    /// The index 0..4.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The next seat in turn order (the one on the right).
    pub const fn next(self) -> Seat {
        Seat::ALL[(self as usize + 1) % 4]
    }

    /// The seat `n` places further in turn order.
    pub const fn add(self, n: usize) -> Seat {
        Seat::ALL[(self as usize + n) % 4]
    }

    /// How many places `other` is after `self` in turn order (0..4).
    pub const fn distance_to(self, other: Seat) -> usize {
        (other as usize + 4 - self as usize) % 4
    }

    /// The wind kind with this seat's name (1z..4z).
    pub const fn wind(self) -> crate::Kind {
        match self {
            Seat::East => crate::Kind::EAST,
            Seat::South => crate::Kind::SOUTH,
            Seat::West => crate::Kind::WEST,
            Seat::North => crate::Kind::NORTH,
        }
    }

    /// The seat named by a wind kind (1z..4z); `None` for any other kind.
    pub const fn from_wind(kind: crate::Kind) -> Option<Seat> {
        match kind.to_u8() {
            27 => Some(Seat::East),
            28 => Some(Seat::South),
            29 => Some(Seat::West),
            30 => Some(Seat::North),
            _ => None,
        }
    }

    /// One-letter name: E, S, W or N.
    pub const fn letter(self) -> char {
        match self {
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
            Seat::North => 'N',
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Builds the values from a function of the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat([f(Seat::East), f(Seat::South), f(Seat::West), f(Seat::North)])
    }

    /// The seats with their values, in turn order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
