//! Seven pairs, thirteen orphans and honours-and-knitted, branch-free with bit masks.
//!
//! The counts become four 34-bit masks (kinds held at least once, twice, three, four times),
//! eight counts at a time with SWAR arithmetic; the distances are then popcounts.
//!
//! ```
//! use hupai_core::{form_shanten, Counts, Form, FormSet};
//! let hand: Counts = "19m19p19s1234567z".parse().unwrap();
//! assert_eq!(form_shanten(&hand, 0, Form::ThirteenOrphans, FormSet::RIICHI), Some(0));
//! let pairs: Counts = "1122m3344p5566s7z".parse().unwrap();
//! assert_eq!(form_shanten(&pairs, 0, Form::SevenPairs, FormSet::RIICHI), Some(0));
//! ```

use crate::Counts;

/// All 34 kinds.
const ALL: u64 = (1 << 34) - 1;
/// The 13 terminal and honour kinds.
pub(crate) const ORPHANS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;
/// The seven honours.
const HONORS: u64 = 0x7f << 27;

/// The 16 kinds of honours-and-knitted for each 147/258/369 assignment of the three suits.
pub(crate) const KNITTED16: [u64; 6] = {
    let perms = crate::reference::KNITTED_PERMUTATIONS;
    let mut out = [0u64; 6];
    let mut p = 0;
    while p < 6 {
        let mut mask = HONORS;
        let mut s = 0;
        while s < 3 {
            let first = 9 * s + perms[p][s];
            mask |= 1 << first | 1 << (first + 3) | 1 << (first + 6);
            s += 1;
        }
        out[p] = mask;
        p += 1;
    }
    out
};

/// The counts as five little-endian words of eight (the last holds 7z and 6z... the two
/// last kinds), for byte-parallel thresholds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits {
    w: [u64; 5],
    /// Each number suit's first eight counts as a word, and its ninth count.
    suit: [(u64, u64); 3],
}

pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// The counts as five little-endian words of eight (the last holds only 6z and 7z).
#[inline(always)]
pub(crate) fn words(counts: &Counts) -> [u64; 5] {
    let c = &counts.0;
    let mut w = [0u64; 5];
    for (j, word) in w.iter_mut().take(4).enumerate() {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&c[8 * j..8 * j + 8]);
        *word = u64::from_le_bytes(bytes);
    }
    w[4] = c[32] as u64 | (c[33] as u64) << 8;
    w
}

/// Seven-pairs distance of valid counts given as [`words`], when it is below `bound`
/// (otherwise some value at least `bound`). Per byte (counts 0..=4), bit 0 of `x >> 1 | x >> 2`
/// is "at least two", and of `x | x >> 1 | x >> 2` "at least one". The distance is
/// 14 − min(pairs, 7) − min(kinds, 7) (without quads as two pairs), so it is at least
/// 7 − pairs: the kinds are only counted when that bound is below `bound` (shanten of random
/// hands predicts this branch well).
#[inline(always)]
pub(crate) fn seven_pairs_below(w: &[u64; 5], bound: u8) -> u8 {
    let pairs = sum_bytes(w.iter().fold(0, |acc, &x| acc + ((x >> 1 | x >> 2) & ONES))).min(7);
    if 7 - pairs >= bound as u32 {
        return bound;
    }
    let kinds = w.iter().fold(0, |acc, &x| acc + ((x | x >> 1 | x >> 2) & ONES));
    (14 - pairs - sum_bytes(kinds).min(7)) as u8
}

/// Seven-pairs distance (without quads as two pairs) of valid counts given as [`words`],
/// without a branch (effective tiles would mispredict the one of [`seven_pairs_below`]).
#[inline(always)]
pub(crate) fn seven_pairs_distance(w: &[u64; 5]) -> u8 {
    let pairs = w.iter().fold(0, |acc, &x| acc + ((x >> 1 | x >> 2) & ONES));
    let kinds = w.iter().fold(0, |acc, &x| acc + ((x | x >> 1 | x >> 2) & ONES));
    (14 - sum_bytes(pairs).min(7) - sum_bytes(kinds).min(7)) as u8
}

/// The sum of the bytes of `x` (at most 255).
#[inline(always)]
fn sum_bytes(x: u64) -> u32 {
    (x.wrapping_mul(ONES) >> 56) as u32
}

/// Whether valid counts hold every orphan and nothing else (with 14 tiles: thirteen orphans
/// complete).
#[inline(always)]
pub(crate) fn all_orphans(w: &[u64; 5]) -> bool {
    let mut bad = 0;
    for j in 0..5 {
        let held = (w[j] + 0x7f * ONES) & HIGH;
        bad |= held ^ ORPHANS_SPREAD[j];
    }
    bad == 0
}

/// One bit per byte (its lowest bit) gathered into the low eight bits.
#[inline(always)]
pub(crate) fn gather(x: u64) -> u64 {
    (x.wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// A 34-bit kind mask spread to one high bit per byte, per word.
const fn spread(mask: u64) -> [u64; 5] {
    let mut out = [0u64; 5];
    let mut k = 0;
    while k < 34 {
        if mask >> k & 1 == 1 {
            out[k / 8] |= 0x80 << (8 * (k % 8));
        }
        k += 1;
    }
    out
}

const ORPHANS_SPREAD: [u64; 5] = spread(ORPHANS);
const HONORS_SPREAD: [u64; 5] = spread(HONORS);

impl Bits {
    /// The words of valid counts (every count at most four).
    #[inline(always)]
    pub fn new(counts: &Counts) -> Bits {
        let c = &counts.0;
        let mut w = [0u64; 5];
        for (j, word) in w.iter_mut().take(4).enumerate() {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&c[8 * j..8 * j + 8]);
            *word = u64::from_le_bytes(bytes);
        }
        w[4] = c[32] as u64 | (c[33] as u64) << 8;
        let mut suit = [(0, 0); 3];
        for (s, slot) in suit.iter_mut().enumerate() {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&c[9 * s..9 * s + 8]);
            *slot = (u64::from_le_bytes(bytes), c[9 * s + 8] as u64);
        }
        Bits { w, suit }
    }

    /// High bit of each byte whose count is at least `k` (1..=4) in word `j`.
    #[inline(always)]
    fn flags(&self, k: u64, j: usize) -> u64 {
        (self.w[j] + (0x80 - k) * ONES) & HIGH
    }

    /// Number of kinds held at least `k` times, among the kinds in `within` (spread). Sums
    /// bytes with one multiply rather than popcounts (not in the x86-64 baseline).
    #[inline(always)]
    fn count(&self, k: u64, within: &[u64; 5]) -> u32 {
        let bytes = (0..5).fold(0, |acc, j| acc + ((self.flags(k, j) & within[j]) >> 7));
        (bytes.wrapping_mul(ONES) >> 56) as u32
    }

    /// The kinds held at least `k` times.
    #[inline(always)]
    fn mask(&self, k: u64) -> u64 {
        (0..5).fold(0, |m, j| m | gather(self.flags(k, j) >> 7) << (8 * j))
    }

    /// Seven-pairs distance.
    #[inline(always)]
    pub fn seven_pairs(&self, quads: bool) -> u8 {
        let all = [HIGH; 5];
        let (twos, ones) = if quads {
            let (c1, c2, c3, c4) = (
                self.count(1, &all),
                self.count(2, &all),
                self.count(3, &all),
                self.count(4, &all),
            );
            (c2 + c4, c1 - c2 + c3 - c4)
        } else {
            let (c1, c2) = (self.count(1, &all), self.count(2, &all));
            (c2, c1 - c2)
        };
        seven_pairs_from(twos, ones)
    }

    /// Seven-pairs distance and the kinds whose draw lowers it.
    pub fn seven_pairs_improving(&self, quads: bool) -> (u8, u64) {
        let [g1, g2, g3, g4] = [self.mask(1), self.mask(2), self.mask(3), self.mask(4)];
        // Pair slots worth two, and slots worth one (a single, or a third copy with quads on).
        let (twos, ones, to_pair, to_single) = if quads {
            let odd = (g1 & !g2) | (g3 & !g4);
            (g2.count_ones() + g4.count_ones(), odd.count_ones(), odd, !odd & !g4 & ALL)
        } else {
            let single = g1 & !g2;
            (g2.count_ones(), single.count_ones(), single, !g1 & ALL)
        };
        let now = seven_pairs_from(twos, ones);
        let mut improve = 0;
        if seven_pairs_from(twos + 1, ones.saturating_sub(1)) < now {
            improve |= to_pair;
        }
        if seven_pairs_from(twos, ones + 1) < now {
            improve |= to_single;
        }
        (now, improve)
    }

    /// Thirteen-orphans distance.
    #[inline(always)]
    pub fn thirteen_orphans(&self) -> u8 {
        let held = self.count(1, &ORPHANS_SPREAD);
        let pair = (self.count(2, &ORPHANS_SPREAD) != 0) as u32;
        (14 - held - pair) as u8
    }

    /// Thirteen-orphans distance and the kinds whose draw lowers it.
    pub fn thirteen_orphans_improving(&self) -> (u8, u64) {
        let held = self.mask(1) & ORPHANS;
        let pair = (self.mask(2) & ORPHANS != 0) as u32;
        let d = 14 - held.count_ones() - pair;
        let improve = (ORPHANS & !held) | if pair == 0 { held } else { 0 };
        (d as u8, improve)
    }

    /// The kinds held four times (or more).
    #[inline(always)]
    pub fn four_mask(&self) -> u64 {
        // Most hands hold no kind four times: one test of all words skips the gathering.
        let any = (0..5).fold(0, |acc, j| acc | self.flags(4, j));
        if any == 0 {
            0
        } else {
            self.mask(4)
        }
    }

    /// The kinds held at least once.
    #[inline(always)]
    pub fn held(&self) -> u64 {
        self.mask(1)
    }

    /// Honours-and-knitted distance.
    #[inline(always)]
    pub fn honors_knitted(&self) -> u8 {
        let best = self.knitted_held().into_iter().max().unwrap_or(0);
        let honors = self.count(1, &HONORS_SPREAD);
        14 - (best + honors).min(14) as u8
    }

    /// Knitted kinds of each assignment held (at least once): per suit, the kinds held among
    /// numbers 147, 258, 369 are bytes 0, 1, 2 of the held flags folded at 3 and 6.
    #[inline(always)]
    pub fn knitted_held(&self) -> [u32; 6] {
        let mut t = [[0u32; 3]; 3];
        for (row, &(x, c8)) in t.iter_mut().zip(&self.suit) {
            let held = ((x + 0x7f * ONES) & HIGH) >> 7;
            let folded = held + (held >> 24) + (held >> 48);
            *row = [
                folded as u32 & 0xff,
                (folded >> 8) as u32 & 0xff,
                ((folded >> 16) as u32 & 0xff) + (c8 > 0) as u32,
            ];
        }
        let mut out = [0; 6];
        for (o, perm) in out.iter_mut().zip(crate::reference::KNITTED_PERMUTATIONS) {
            *o = t[0][perm[0]] + t[1][perm[1]] + t[2][perm[2]];
        }
        out
    }

    /// Honours-and-knitted distance and the kinds whose draw lowers it.
    #[inline(always)]
    pub fn honors_knitted_improving(&self) -> (u8, u64) {
        let held = self.held();
        let mut best = 0;
        for mask in KNITTED16 {
            best = best.max((held & mask).count_ones());
        }
        let mut improve = 0;
        if best < 14 {
            for mask in KNITTED16 {
                if (held & mask).count_ones() == best {
                    improve |= mask & !held;
                }
            }
        }
        (14 - best.min(14) as u8, improve)
    }
}

/// Seven-pairs distance from pair slots worth two and slots worth one.
#[inline(always)]
pub(crate) const fn seven_pairs_from(twos: u32, ones: u32) -> u8 {
    let t = if twos < 7 { twos } else { 7 };
    let o = if ones < 7 - t { ones } else { 7 - t };
    (14 - 2 * t - o) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_follow_counts() {
        let counts: Counts = "1112m3344p5z".parse().unwrap();
        let bits = Bits::new(&counts);
        assert_eq!(bits.mask(1), 0b11 | 0b11 << 11 | 1 << 31);
        assert_eq!(bits.mask(2), 1 | 0b11 << 11);
        assert_eq!(bits.mask(3), 1);
        assert_eq!(bits.mask(4), 0);
        assert_eq!(bits.count(2, &[HIGH; 5]), 3);
        assert_eq!(KNITTED16[0].count_ones(), 16);
    }
}
