//! Sets of tile kinds as a 64-bit mask.
//!
//! ```
//! use hupai_core::{Kind, KindSet};
//! let waits: KindSet = [Kind::EAST, Kind::RED].into_iter().collect();
//! assert_eq!(waits.len(), 2);
//! assert_eq!(waits.to_string(), "17z");
//! ```

use std::fmt;

use crate::Kind;

/// A set of kinds (bit `i` is kind `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct KindSet(u64);

impl KindSet {
    /// The empty set.
    pub const EMPTY: KindSet = KindSet(0);
    /// All 34 kinds.
    pub const ALL: KindSet = KindSet((1 << 34) - 1);

    /// The set with these bits (bits above 33 are dropped).
    pub const fn from_bits(bits: u64) -> KindSet {
        KindSet(bits & ((1 << 34) - 1))
    }

    /// The raw bits.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of kinds in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether `kind` is in the set.
    pub const fn contains(self, kind: Kind) -> bool {
        self.0 >> kind.index() & 1 == 1
    }

    /// Adds `kind`.
    pub fn insert(&mut self, kind: Kind) {
        self.0 |= 1 << kind.index();
    }

    /// Removes `kind`.
    pub fn remove(&mut self, kind: Kind) {
        self.0 &= !(1 << kind.index());
    }

    /// The union.
    pub const fn union(self, other: KindSet) -> KindSet {
        KindSet(self.0 | other.0)
    }

    /// The intersection.
    pub const fn intersection(self, other: KindSet) -> KindSet {
        KindSet(self.0 & other.0)
    }

    /// The kinds in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Kind> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Kind::new(i as u8)
        })
    }
}

impl FromIterator<Kind> for KindSet {
    fn from_iter<I: IntoIterator<Item = Kind>>(iter: I) -> KindSet {
        let mut set = KindSet::EMPTY;
        for kind in iter {
            set.insert(kind);
        }
        set
    }
}

impl fmt::Display for KindSet {
    /// Canonical MPSZ, e.g. `36m4p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut counts = crate::Counts::EMPTY;
        for kind in self.iter() {
            counts.add(kind);
        }
        fmt::Display::fmt(&counts, f)
    }
}

impl crate::Counts {
    /// The set of kinds present.
    pub fn kind_set(&self) -> crate::KindSet {
        self.kinds().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_order() {
        let set = KindSet::from_bits(0b1010_0001 | 1 << 33);
        let kinds: Vec<usize> = set.iter().map(Kind::index).collect();
        assert_eq!(kinds, vec![0, 5, 7, 33]);
        assert_eq!(KindSet::ALL.len(), 34);
        assert_eq!(KindSet::from_bits(u64::MAX), KindSet::ALL);
    }
}
