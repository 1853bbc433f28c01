//! Unseen copies: for each kind, 4 − held − visible (never negative), summed over a set of
//! kinds eight at a time (the number of effective tiles still to draw).
//!
//! ```
//! use hupai_core::{ukeire_count, Counts, FormSet};
//! let hand: Counts = "123m456p789s1122z".parse().unwrap();
//! let visible: Counts = "1z".parse().unwrap();
//! let (kinds, copies) = ukeire_count(&hand, 0, FormSet::RIICHI, &visible);
//! assert_eq!((kinds.to_string(), copies), ("12z".to_string(), 3));
//! ```

use crate::special;
use crate::Counts;

/// The unseen copies of the kinds in `set` (bit k: kind k): for each, 4 − held − visible,
/// never negative.
#[inline(always)]
pub(crate) fn unseen_copies(set: u64, counts: &Counts, visible: &Counts) -> u32 {
    use special::{HIGH, ONES};
    let (held, seen) = (special::words(counts), special::words(visible));
    // When every held + visible is at most four (any legal position), the answer is four
    // per kind less the sum of held + visible over the set, eight kinds at a time.
    let mut bad = 0;
    let (mut members, mut taken) = (0u64, 0u64);
    for j in 0..5 {
        let both = held[j].wrapping_add(seen[j]);
        bad |= held[j] | seen[j] | both.wrapping_add(0x7b * ONES);
        let mask = Unseen::spread(set >> (8 * j));
        members += mask & ONES;
        taken = taken.wrapping_add(both & mask);
    }
    if bad & HIGH != 0 {
        return Unseen::new(counts, visible).count(set);
    }
    let sum = |x: u64| (x.wrapping_mul(ONES) >> 56) as u32;
    4 * sum(members) - sum(taken)
}

/// The copies of each kind still unseen, 4 − held − visible (never negative), one byte per
/// kind in five words, so that the copies of a set of kinds are summed eight at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unseen([u64; 5]);

impl Unseen {
    #[inline(always)]
    pub fn new(counts: &Counts, visible: &Counts) -> Unseen {
        use special::{HIGH, ONES};
        let (held, seen) = (special::words(counts), special::words(visible));
        // Held | visible at most four in every byte implies both are (and every legal
        // position, where held + visible is at most four, passes).
        let either = held.iter().zip(&seen).fold(0, |acc, (&h, &v)| {
            let x = h | v;
            acc | x | x.wrapping_add(0x7b * ONES)
        });
        if either & HIGH == 0 {
            // Counts at most four: their sum stays in its byte. High bit of 0x84 − sum: the
            // sum is at most four, and then the low bits are 4 − sum.
            return Unseen(std::array::from_fn(|j| {
                let r = 0x84 * ONES - (held[j] + seen[j]);
                r & ((r & HIGH) >> 7).wrapping_mul(7)
            }));
        }
        let mut bytes = [0u8; 40];
        for (k, b) in bytes.iter_mut().take(34).enumerate() {
            *b = 4u8.saturating_sub(counts.0[k].saturating_add(visible.0[k]));
        }
        Unseen(std::array::from_fn(|j| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[8 * j..8 * j + 8]);
            u64::from_le_bytes(word)
        }))
    }

    /// The unseen copies of the kinds in `set` (bit k: kind k).
    #[inline(always)]
    pub fn count(&self, set: u64) -> u32 {
        let mut sum = 0u64;
        for (j, &unseen) in self.0.iter().enumerate() {
            sum += unseen & Unseen::spread(set >> (8 * j));
        }
        (sum.wrapping_mul(special::ONES) >> 56) as u32
    }

    /// The low eight bits of `bits` spread to the eight bytes of a word: 0xff where set.
    #[inline(always)]
    fn spread(bits: u64) -> u64 {
        static SPREAD: [u64; 256] = {
            let mut table = [0u64; 256];
            let mut bits = 0;
            while bits < 256 {
                let mut i = 0;
                while i < 8 {
                    if bits >> i & 1 == 1 {
                        table[bits] |= 0xff << (8 * i);
                    }
                    i += 1;
                }
                bits += 1;
            }
            table
        };
        SPREAD[bits as usize & 0xff]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unseen_copies_match_a_loop() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..20_000 {
            let set = next() & ((1 << 34) - 1);
            let (mut held, mut seen) = (Counts::EMPTY, Counts::EMPTY);
            for k in 0..34 {
                // Half the rounds with valid counts (at most four), half with any bytes.
                let r = if round % 2 == 0 { next() & !0x300 } else { next() };
                held.0[k] = if r & 0x100 == 0 { (r % 5) as u8 } else { r as u8 };
                let m = if round % 2 == 0 { 5 } else { 6 };
                seen.0[k] = if r & 0x200 == 0 { (r >> 12) as u8 % m } else { (r >> 20) as u8 };
            }
            let want: u32 = (0..34)
                .filter(|k| set >> k & 1 == 1)
                .map(|k| 4u32.saturating_sub(held.0[k] as u32 + seen.0[k] as u32))
                .sum();
            assert_eq!(unseen_copies(set, &held, &seen), want);
        }
    }
}
