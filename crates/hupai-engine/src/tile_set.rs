//! A seat's concealed physical tiles as a set: one bit for each of the 144 tiles, so that a
//! draw, a discard or a call changes one bit, and the tiles come out in index order (the
//! order a sorted list of them would have) only where a list is asked for.
//!
//! ```
//! use hupai_core::{Kind, Tile};
//! use hupai_engine::TileSet;
//! let mut hand = TileSet::default();
//! let (east, one) = (Tile::new(Kind::EAST, 2), Tile::new(Kind::new(0).unwrap(), 1));
//! hand.insert(east);
//! hand.insert(one);
//! assert_eq!(hand.iter().collect::<Vec<_>>(), [one, east]);
//! assert!(hand.remove(east));
//! assert!(!hand.remove(east));
//! assert_eq!(hand.len(), 1);
//! ```

use hupai_core::{Kind, Tile};

/// Bits in a word of the set.
const WORD: usize = 64;
/// Words that hold the 144 tiles.
const WORDS: usize = Tile::COUNT.div_ceil(WORD);

/// A set of physical tiles (each held at most once), listed in index order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileSet {
    bits: [u64; WORDS],
}

impl TileSet {
    /// Adds `tile`; false when it was there already.
    #[inline]
    pub fn insert(&mut self, tile: Tile) -> bool {
        let (w, bit) = place(tile);
        let had = self.bits[w] & bit != 0;
        self.bits[w] |= bit;
        !had
    }

    /// Takes `tile` out; false when it was not there.
    #[inline]
    pub fn remove(&mut self, tile: Tile) -> bool {
        let (w, bit) = place(tile);
        let had = self.bits[w] & bit != 0;
        self.bits[w] &= !bit;
        had
    }

    /// Whether `tile` is in the set.
    #[inline]
    pub fn contains(&self, tile: Tile) -> bool {
        let (w, bit) = place(tile);
        self.bits[w] & bit != 0
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds no tile.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.bits = [0; WORDS];
    }

    /// The tiles, lowest index first.
    pub fn iter(&self) -> Tiles {
        Tiles { bits: self.bits, word: 0 }
    }

    /// The copies of `kind` held, as bits 0..4 (copy 0 the lowest bit). A kind's four tiles
    /// lie in one word: a word holds sixteen kinds.
    #[inline]
    pub(crate) fn copies(&self, kind: Kind) -> u8 {
        let at = kind.index() * 4;
        (self.bits[at / WORD] >> (at % WORD)) as u8 & 0xF
    }

    /// The tiles of `kind`, lowest index first.
    pub fn of_kind(&self, kind: Kind) -> impl Iterator<Item = Tile> + '_ {
        let copies = self.copies(kind);
        (0..4).filter(move |c| copies >> c & 1 == 1).map(move |c| Tile::new(kind, c))
    }
}

/// The word of `tile` and its bit there.
#[inline]
fn place(tile: Tile) -> (usize, u64) {
    let i = tile.index();
    (i / WORD, 1 << (i % WORD))
}

/// The tiles of a [`TileSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct Tiles {
    bits: [u64; WORDS],
    word: usize,
}

impl Iterator for Tiles {
    type Item = Tile;

    fn next(&mut self) -> Option<Tile> {
        while self.word < WORDS {
            let w = &mut self.bits[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Tile::from_index((self.word * WORD + bit) as u8);
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits[self.word.min(WORDS)..].iter().map(|w| w.count_ones() as usize).sum();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Tiles {}

impl IntoIterator for &TileSet {
    type Item = Tile;
    type IntoIter = Tiles;

    fn into_iter(self) -> Tiles {
        self.iter()
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(tiles: I) -> TileSet {
        let mut set = TileSet::default();
        for t in tiles {
            set.insert(t);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a sorted list of the same tiles, through a run of inserts and removes that
    /// reaches every word of the set.
    #[test]
    fn keeps_the_tiles_of_a_sorted_list() {
        let mut set = TileSet::default();
        let mut list: Vec<Tile> = Vec::new();
        let mut x: u64 = 7;
        for _ in 0..5000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let Some(t) = Tile::from_index((x >> 33) as u8 % Tile::COUNT as u8) else {
                continue;
            };
            let at = list.binary_search(&t);
            if x >> 20 & 1 == 0 {
                assert_eq!(set.insert(t), at.is_err());
                if let Err(i) = at {
                    list.insert(i, t);
                }
            } else {
                assert_eq!(set.remove(t), at.is_ok());
                if let Ok(i) = at {
                    list.remove(i);
                }
            }
            assert_eq!(set.len(), list.len());
            assert_eq!(set.iter().len(), list.len());
            assert!(set.iter().eq(list.iter().copied()));
            assert_eq!(set.contains(t), list.contains(&t));
            let kind = Kind::new((x >> 40) as u8 % 34).unwrap_or(Kind::EAST);
            assert!(set.of_kind(kind).eq(list.iter().copied().filter(|t| t.kind() == Some(kind))));
        }
        set.clear();
        assert!(set.is_empty());
    }
}
