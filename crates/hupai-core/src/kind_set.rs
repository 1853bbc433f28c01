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
    /// The set of kinds present: eight counts at a time, each count's byte made its top bit
    /// when not zero, the eight top bits gathered by one product.
    pub fn kind_set(&self) -> KindSet {
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        // Bit 8j (byte j's lowest) to bit 56 + j: no two products share a bit, so nothing
        // carries.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let held = |at: usize| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&self.0[at..at + 8]);
            let w = u64::from_le_bytes(word);
            (((((w & LOW) + LOW) | w) & !LOW) >> 7).wrapping_mul(GATHER) >> 56 << at
        };
        // Kinds 0..32 eight at a time, then 26..34 (26..32 again, the same bits).
        KindSet::from_bits(held(0) | held(8) | held(16) | held(24) | held(26))
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

    #[test]
    fn a_counts_kind_set_is_its_kinds_with_a_tile() {
        use crate::Counts;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..20_000 {
            let mut counts = Counts::EMPTY;
            for c in counts.0.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly empty kinds, every count 0..=255 now and then.
                *c = if round % 4 == 0 { seed as u8 } else { (seed % 8).saturating_sub(3) as u8 };
            }
            let slow = (0..34).fold(0u64, |m, i| m | u64::from(counts.0[i] > 0) << i);
            assert_eq!(counts.kind_set().bits(), slow, "{:?}", counts.0);
        }
        assert_eq!(Counts::EMPTY.kind_set(), KindSet::EMPTY);
        assert_eq!(Counts([4; 34]).kind_set(), KindSet::ALL);
    }
}
