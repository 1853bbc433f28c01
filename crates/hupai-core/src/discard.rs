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

use crate::api::{shanten_and_ukeire, unseen_copies};
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
    let mut after = *counts;
    let mut push = |after: &Counts, jokers_after: u8, discard: Option<Kind>| {
        let (shanten, ukeire) = shanten_and_ukeire(after, jokers_after, melds, forms);
        let count = unseen_copies(ukeire.bits(), counts, visible);
        table.options[table.len as usize] = DiscardOption { discard, shanten, ukeire, count };
        table.len += 1;
    };
    for kind in Kind::all() {
        if after[kind] == 0 {
            continue;
        }
        after[kind] -= 1;
        push(&after, jokers, Some(kind));
        after[kind] += 1;
    }
    if jokers > 0 {
        push(counts, jokers - 1, None);
    }
    let options = &mut table.options[..table.len as usize];
    options.sort_by_key(|o| (o.shanten, std::cmp::Reverse(o.count), o.discard.is_none()));
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
                let k = (next() % 34) as usize;
                if counts.0[k] < 4 {
                    counts.0[k] += 1;
                }
            }
            let jokers = (round % 5 == 0) as u8;
            let melds = ((14 - tiles) / 3) as u8;
            for forms in [FormSet::RIICHI, FormSet::MCR, FormSet::REGULAR] {
                let table = discard_analysis(&counts, jokers, melds, forms, &Counts::EMPTY);
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
