//! A seat's concealed tiles by name, as its view keeps them: how many of each [`Pai`] it
//! holds, and a bit for each name held at least once. A draw, a discard or a call changes
//! one count and at most one bit; the tiles come out in [`Pai`] order (a sorted list) only
//! where a list is asked for, and the names held come out of the bits in that order without
//! a look at the tiles (a turn's discards).

use hupai_core::Kind;

use crate::Pai;

/// Every name a [`Pai`] byte can hold: the kinds and red fives, the flowers, the hidden tile.
const NAMES: usize = Pai::HIDDEN.byte() as usize + 1;

/// How many of each [`Pai`] a hand holds, with the set of the names held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PaiCounts {
    /// Bit `b`: the name of byte `b` is held at least once.
    names: u128,
    /// Tiles held.
    len: u8,
    /// The count of each name, by its byte.
    counts: [u8; NAMES],
}

impl Default for PaiCounts {
    fn default() -> PaiCounts {
        PaiCounts { names: 0, len: 0, counts: [0; NAMES] }
    }
}

impl PaiCounts {
    /// Adds a tile of name `pai`.
    #[inline]
    pub(crate) fn add(&mut self, pai: Pai) {
        let b = pai.byte() as usize;
        self.counts[b] = self.counts[b].saturating_add(1);
        self.names |= 1 << b;
        self.len = self.len.saturating_add(1);
    }

    /// Takes out a tile of name `pai`; false when none is held.
    #[inline]
    pub(crate) fn remove(&mut self, pai: Pai) -> bool {
        let b = pai.byte() as usize;
        let n = self.counts[b];
        if n == 0 {
            return false;
        }
        self.counts[b] = n - 1;
        // The bit stays while a tile of the name does.
        self.names &= !(u128::from(n == 1) << b);
        self.len -= 1;
        true
    }

    /// Tiles of name `pai` held.
    #[inline]
    pub(crate) fn count(&self, pai: Pai) -> u8 {
        self.counts[pai.byte() as usize]
    }

    /// Whether a tile of name `pai` is held.
    #[inline]
    pub(crate) fn contains(&self, pai: Pai) -> bool {
        self.names >> pai.byte() & 1 == 1
    }

    /// Tiles held.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Empties the hand.
    pub(crate) fn clear(&mut self) {
        *self = PaiCounts::default();
    }

    /// The names held, as bits by byte (bit `b` for the name of byte `b`).
    #[inline]
    pub(crate) fn names(&self) -> u128 {
        self.names
    }

    /// Whether a flower is held.
    #[inline]
    pub(crate) fn has_flower(&self) -> bool {
        self.names & Pai::FLOWER_BITS != 0
    }

    /// The tiles of `kind`: the plain ones, then the red ones.
    pub(crate) fn of_kind(&self, kind: Kind) -> impl Iterator<Item = Pai> + '_ {
        let plain = Pai::kind_of(kind);
        let red = Pai::from_byte(plain.byte() + 1);
        let n = |p: Pai| usize::from(self.count(p));
        std::iter::repeat_n(plain, n(plain)).chain(std::iter::repeat_n(red, n(red)))
    }

    /// The tiles, in [`Pai`] order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Pai> + '_ {
        NameBits(self.names).flat_map(|p| std::iter::repeat_n(p, usize::from(self.count(p))))
    }

    /// The names held with their counts, in [`Pai`] order.
    pub(crate) fn runs(&self) -> impl Iterator<Item = (Pai, usize)> + '_ {
        NameBits(self.names).map(|p| (p, usize::from(self.count(p))))
    }

    /// The tiles as a sorted list.
    pub(crate) fn to_vec(&self) -> Vec<Pai> {
        let mut out = Vec::with_capacity(self.len());
        out.extend(self.iter());
        out
    }
}

/// The names of a set of name bits, lowest byte first.
pub(crate) struct NameBits(pub(crate) u128);

impl Iterator for NameBits {
    type Item = Pai;

    #[inline]
    fn next(&mut self) -> Option<Pai> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Pai::from_byte(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a sorted list of the same names, through a run of adds and removes over every
    /// name (the hidden tile too).
    #[test]
    fn keeps_the_tiles_of_a_sorted_list() {
        let mut hand = PaiCounts::default();
        let mut list: Vec<Pai> = Vec::new();
        let mut x: u64 = 11;
        for _ in 0..5000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let pai = Pai::from_byte((x >> 33) as u8 % NAMES as u8);
            if x >> 20 & 1 == 0 && list.len() < 40 {
                hand.add(pai);
                let at = list.partition_point(|&p| p <= pai);
                list.insert(at, pai);
            } else {
                let at = list.iter().position(|&p| p == pai);
                assert_eq!(hand.remove(pai), at.is_some());
                if let Some(i) = at {
                    list.remove(i);
                }
            }
            assert_eq!(hand.len(), list.len());
            assert_eq!(hand.to_vec(), list);
            assert_eq!(hand.contains(pai), list.contains(&pai));
            assert_eq!(usize::from(hand.count(pai)), list.iter().filter(|&&p| p == pai).count());
            assert_eq!(hand.has_flower(), list.iter().any(|p| p.is_flower()));
            if let Some(kind) = pai.kind() {
                let of: Vec<Pai> =
                    list.iter().copied().filter(|p| p.kind() == Some(kind)).collect();
                assert!(hand.of_kind(kind).eq(of));
            }
            let mut runs: Vec<(Pai, usize)> = Vec::new();
            for &p in &list {
                match runs.last_mut() {
                    Some((q, n)) if *q == p => *n += 1,
                    _ => runs.push((p, 1)),
                }
            }
            assert!(hand.runs().eq(runs));
        }
        hand.clear();
        assert_eq!(hand, PaiCounts::default());
    }
}
