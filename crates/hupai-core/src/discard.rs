//! Discard analysis: for each distinct discard of a 3n+2 hand, the shanten after it and its
//! effective tiles with the copies still unseen, best first.
//!
//! ```
//! use hupai_core::{discard_analysis, Counts, FormSet};
//! let hand: Counts = "123m456p789s11223z".parse().unwrap();
//! let table = discard_analysis(&hand, 0, 0, FormSet::RIICHI, &Counts::EMPTY);
//! let best = table.as_slice()[0];
//! assert_eq!(best.discard.map(|k| k.to_string()).as_deref(), Some("3z"));
//! assert_eq!(best.shanten, 0);
//! assert_eq!(best.ukeire.to_string(), "12z");
//! assert_eq!(best.count, 4);
//! ```

use crate::ukeire::{after_each_discard, shanten_and_ukeire};
use crate::unseen::Unseen;
use crate::{Counts, FormSet, Kind, KindSet};

/// One discard and what it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiscardOption {
    /// The discarded kind, or `None` for discarding a joker.
    pub discard: Option<Kind>,
    /// Shanten after the discard.
    pub shanten: i8,
    /// The effective tiles after the discard.
    pub ukeire: KindSet,
    /// How many copies of the effective tiles are unseen (4 − in the hand before the discard −
    /// visible).
    pub count: u32,
}

/// Every distinct discard, best first (lowest shanten, then most unseen effective tiles, then
/// tile order). Holds at most 15 entries (14 kinds and a joker); allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscardTable {
    options: [DiscardOption; 15],
    len: u8,
}

impl DiscardTable {
    /// The options, best first.
    pub fn as_slice(&self) -> &[DiscardOption] {
        &self.options[..self.len as usize]
    }

    /// Whether there is no option (no tiles to discard).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of distinct discards.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Replaces every option's effective tiles by `f` of them (the counts stay).
    pub(crate) fn map_ukeire(&mut self, f: impl Fn(KindSet) -> KindSet) {
        for o in &mut self.options[..self.len as usize] {
            o.ukeire = f(o.ukeire);
        }
    }
}

/// Analyses every distinct discard of `counts` (plus `jokers` wildcards) with `melds` declared
/// melds; `visible` holds the tiles seen outside the hand (rivers, melds, indicators).
pub fn discard_analysis(
    counts: &Counts,
    jokers: u8,
    melds: u8,
    forms: FormSet,
    visible: &Counts,
) -> DiscardTable {
    let empty = DiscardOption { discard: None, shanten: 0, ukeire: KindSet::EMPTY, count: 0 };
    let mut table = DiscardTable { options: [empty; 15], len: 0 };
    let unseen = Unseen::new(counts, visible);
    let mut push = |discard: Option<Kind>, shanten: i8, ukeire: KindSet| {
        let count = unseen.count(ukeire.bits());
        table.options[table.len as usize] = DiscardOption { discard, shanten, ukeire, count };
        table.len += 1;
    };
    after_each_discard(counts, jokers, melds, forms, |kind, shanten, ukeire| {
        push(Some(kind), shanten, ukeire)
    });
    if jokers > 0 {
        let (shanten, ukeire) = shanten_and_ukeire(counts, jokers - 1, melds, forms);
        push(None, shanten, ukeire);
    }
    // Sort by one packed key per option (its position last, so the keys are distinct and
    // the order is that of a stable sort by shanten, then count, then kinds before jokers).
    let len = table.len as usize;
    let mut keys = [u64::MAX; 15];
    for (i, (key, o)) in keys.iter_mut().zip(&table.options[..len]).enumerate() {
        let shanten = (o.shanten as i64 + 1) as u64 & 0xff;
        let count = 0xffff_ffff - o.count as u64;
        *key = shanten << 48 | count << 16 | (o.discard.is_none() as u64) << 8 | i as u64;
    }
    keys[..len].sort_unstable();
    let options = table.options;
    for (slot, key) in table.options.iter_mut().zip(&keys[..len]) {
        *slot = options[(key & 0xff) as usize];
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_first_and_counts_respect_visible() {
        let hand: Counts = "1234m456p789s1122z".parse().unwrap();
        let visible: Counts = "1z".parse().unwrap();
        let table = discard_analysis(&hand, 0, 0, FormSet::RIICHI, &visible);
        assert_eq!(table.len(), 12);
        let best = table.as_slice()[0];
        // Dropping 1m or 4m keeps the hand ready on 1z 2z: 2 + 1 unseen... 1z: 4-2-1, 2z: 4-2.
        assert_eq!(best.shanten, 0);
        assert_eq!(best.count, 3);
        for pair in table.as_slice().windows(2) {
            assert!(
                (pair[0].shanten, std::cmp::Reverse(pair[0].count))
                    <= (pair[1].shanten, std::cmp::Reverse(pair[1].count))
            );
        }
    }

    #[test]
    fn every_option_equals_a_fresh_computation() {
        // The table takes shanten and ukeire from one distance; check it against the public
        // routines, with and without jokers and melds.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..3000 {
            let mut counts = Counts::EMPTY;
            let tiles = if round % 3 == 0 { 11 } else { 14 };
            while counts.total() < tiles {
                // Every fourth hand from one suit, so that suits of 13 and 14 tiles occur.
                let k = if round % 4 == 1 { 9 } else { 34 };
                let k = (next() % k) as usize;
                if counts.0[k] < 4 {
                    counts.0[k] += 1;
                }
            }
            let jokers = (round % 5 == 0) as u8;
            let melds = ((14 - tiles) / 3) as u8;
            for forms in [FormSet::RIICHI, FormSet::MCR, FormSet::REGULAR] {
                let table = discard_analysis(&counts, jokers, melds, forms, &Counts::EMPTY);
                // Best first, ties in kind order with the joker last (a stable sort).
                for w in table.as_slice().windows(2) {
                    let key = |o: &DiscardOption| {
                        (o.shanten, std::cmp::Reverse(o.count), o.discard.is_none(), o.discard)
                    };
                    assert!(key(&w[0]) < key(&w[1]), "{counts}: {w:?}");
                }
                for o in table.as_slice() {
                    let (mut after, mut j) = (counts, jokers);
                    match o.discard {
                        Some(k) => after[k] -= 1,
                        None => j -= 1,
                    }
                    assert_eq!(o.shanten, crate::shanten_with_jokers(&after, j, melds, forms));
                    assert_eq!(o.ukeire, crate::ukeire_with_jokers(&after, j, melds, forms));
                }
            }
        }
    }

    #[test]
    fn jokers_can_be_discarded() {
        let hand: Counts = "123m456p789s1123z".parse().unwrap();
        let table = discard_analysis(&hand, 1, 0, FormSet::RIICHI, &Counts::EMPTY);
        assert!(table.as_slice().iter().any(|o| o.discard.is_none()));
        assert_eq!(table.as_slice()[0].shanten, 0);
    }
}
