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

    /// The next seat in turn order at a table of four (the one on the right; [`Seats::next`]
    /// at any table).
    pub const fn next(self) -> Seat {
        Seat::ALL[(self as usize + 1) % 4]
    }

    /// The seat `n` places further in turn order at a table of four ([`Seats::add`] at any
    /// table).
    pub const fn add(self, n: usize) -> Seat {
        Seat::ALL[(self as usize + n) % 4]
    }

    /// How many places `other` is after `self` in turn order at a table of four (0..4;
    /// [`Seats::distance`] at any table).
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

/// The seats at a table, in turn order: East, South, West and North, or East, South and
/// West at a three-player table (三人麻雀 has no North seat). Turn order wraps within them.
///
/// ```
/// use hupai_core::{Seat, Seats};
/// let three = Seats::THREE;
/// assert_eq!(three.next(Seat::West), Seat::East);
/// assert_eq!(Seats::FOUR.next(Seat::West), Seat::North);
/// assert_eq!(three.after(Seat::South).collect::<Vec<_>>(), [Seat::West, Seat::East]);
/// assert_eq!(three.distance(Seat::West, Seat::South), 2);
/// assert!(!three.contains(Seat::North));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seats {
    count: u8,
}

impl Default for Seats {
    fn default() -> Seats {
        Seats::FOUR
    }
}

impl Seats {
    /// Four seats.
    pub const FOUR: Seats = Seats { count: 4 };
    /// Three seats: East, South, West.
    pub const THREE: Seats = Seats { count: 3 };

    /// The table of `count` seats (3 or 4).
    pub const fn new(count: u8) -> Option<Seats> {
        match count {
            3 | 4 => Some(Seats { count }),
            _ => None,
        }
    }

    /// How many seats (3 or 4).
    pub const fn count(self) -> usize {
        self.count as usize
    }

    /// How many seats, in words (`"three"`, `"four"`), for messages that say how many sit at
    /// a table.
    pub const fn word(self) -> &'static str {
        if self.count == 3 {
            "three"
        } else {
            "four"
        }
    }

    /// Whether `seat` is at this table.
    pub const fn contains(self, seat: Seat) -> bool {
        seat.index() < self.count as usize
    }

    /// The seats in turn order, East first.
    pub fn iter(self) -> impl Iterator<Item = Seat> + Clone {
        Seat::ALL.into_iter().take(self.count())
    }

    /// The next seat after `seat` in turn order.
    #[inline]
    pub const fn next(self, seat: Seat) -> Seat {
        self.add(seat, 1)
    }

    /// The seat `n` places after `seat` in turn order.
    #[inline]
    pub const fn add(self, seat: Seat, n: usize) -> Seat {
        // The wrapped index is below the count, at most four: the mask only spares the check.
        Seat::ALL[self.wrap(seat.index() + n) & 3]
    }

    /// How many places `to` is after `from` in turn order (0..count).
    #[inline]
    pub const fn distance(self, from: Seat, to: Seat) -> usize {
        self.wrap(to.index() + self.count as usize - self.wrap(from.index()))
    }

    /// `i` modulo the number of seats. The engine asks after the next seats on every discard,
    /// and `i` is then below twice the count: a subtraction answers without a division, and
    /// without a branch on whether it wraps (which the seats make unpredictable).
    #[inline]
    const fn wrap(self, i: usize) -> usize {
        let n = self.count as usize;
        let i = i - n * (i >= n) as usize;
        if i < n {
            i
        } else {
            i % n
        }
    }

    /// The other seats in turn order, starting after `seat`.
    #[inline]
    pub fn after(self, seat: Seat) -> impl Iterator<Item = Seat> + Clone {
        (1..self.count()).map(move |i| self.add(seat, i))
    }
}

/// One value per seat, indexed by [`Seat`], for the seats at a table ([`Seats`]). It always
/// holds four slots; at a three-player table North's holds `T::default()` and is left out of
/// [`BySeat::with_seats`], of the slice it dereferences to, and of its JSON (an array of one value
/// per seat at the table, as the game logs write it).
///
/// ```
/// use hupai_core::{BySeat, Seat, Seats};
/// let scores = BySeat::new(Seats::THREE, |s| 35_000 + s.index() as i32);
/// assert_eq!(scores.len(), 3);
/// assert_eq!(scores[Seat::West], 35_002);
/// assert_eq!(scores.with_seats().map(|(s, _)| s).last(), Some(Seat::West));
/// assert_eq!(BySeat::from([1, 2, 3, 4]).iter().sum::<i32>(), 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T> {
    values: [T; 4],
    seats: Seats,
}

impl<T> BySeat<T> {
    /// Builds the values of four seats from a function of the seat.
    pub fn from_fn(f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat { values: Seat::ALL.map(f), seats: Seats::FOUR }
    }

    /// The seats it holds values for.
    pub fn seats(&self) -> Seats {
        self.seats
    }

    /// The seats with their values, in turn order (`iter()`, from the slice, gives the
    /// values alone).
    pub fn with_seats(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.seats.iter().zip(self.values.iter())
    }

    /// The values as an array of four (a three-player table's North slot holds the default).
    pub fn into_array(self) -> [T; 4] {
        self.values
    }

    /// A reference to the array of four.
    pub fn as_array(&self) -> &[T; 4] {
        &self.values
    }

    /// A mutable reference to the array of four.
    pub fn as_mut_array(&mut self) -> &mut [T; 4] {
        &mut self.values
    }

    /// The same seats with each value mapped.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat { values: self.values.map(f), seats: self.seats }
    }
}

impl<T: Default> BySeat<T> {
    /// Builds the values of the seats at `seats` from a function of the seat.
    pub fn new(seats: Seats, mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        let values = Seat::ALL.map(|s| if seats.contains(s) { f(s) } else { T::default() });
        BySeat { values, seats }
    }

    /// `values` for the seats at `seats` (a slot beyond them is set to the default).
    pub fn of(seats: Seats, values: [T; 4]) -> BySeat<T> {
        let mut values = values;
        for v in values.iter_mut().skip(seats.count()) {
            *v = T::default();
        }
        BySeat { values, seats }
    }
}

impl<T> From<[T; 4]> for BySeat<T> {
    fn from(values: [T; 4]) -> BySeat<T> {
        BySeat { values, seats: Seats::FOUR }
    }
}

impl<T: PartialEq> PartialEq<[T; 4]> for BySeat<T> {
    fn eq(&self, other: &[T; 4]) -> bool {
        self.values == *other
    }
}

impl<T> std::ops::Deref for BySeat<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.values[..self.seats.count()]
    }
}

impl<T> std::ops::DerefMut for BySeat<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.values[..self.seats.count()]
    }
}

impl<'a, T> IntoIterator for &'a BySeat<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> std::slice::Iter<'a, T> {
        self.iter()
    }
}

/// By seat index 0..4 (North's slot at a three-player table holds the default).
impl<T> Index<usize> for BySeat<T> {
    type Output = T;
    fn index(&self, index: usize) -> &T {
        &self.values[index]
    }
}

impl<T> IndexMut<usize> for BySeat<T> {
    fn index_mut(&mut self, index: usize) -> &mut T {
        &mut self.values[index]
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.values[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.values[seat.index()]
    }
}
