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
const ORPHANS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;
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

/// Kinds held at least once, twice, three times, four times.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits {
    pub ge: [u64; 4],
}

/// One bit per byte (its lowest bit) gathered into the low eight bits.
#[inline(always)]
fn gather(x: u64) -> u64 {
    (x.wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

impl Bits {
    /// The masks of valid counts (every count at most four).
    #[inline(always)]
    pub fn new(counts: &Counts) -> Bits {
        let c = &counts.0;
        let mut ge = [0u64; 4];
        for j in 0..4 {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&c[8 * j..8 * j + 8]);
            let x = u64::from_le_bytes(bytes);
            for (k, g) in ge.iter_mut().enumerate() {
                let add = (0x80 - 1 - k as u64) * 0x0101_0101_0101_0101;
                let flags = ((x + add) & 0x8080_8080_8080_8080) >> 7;
                *g |= gather(flags) << (8 * j);
            }
        }
        for (k, g) in ge.iter_mut().enumerate() {
            *g |= ((c[32] > k as u8) as u64) << 32 | ((c[33] > k as u8) as u64) << 33;
        }
        Bits { ge }
    }

    /// Seven-pairs distance and the kinds whose draw lowers it.
    #[inline(always)]
    pub fn seven_pairs(&self, quads: bool) -> (u8, u64) {
        let [g1, g2, g3, g4] = self.ge;
        // Pair slots worth two, and slots worth one (a single, or a third copy with quads on).
        let (twos, ones, to_pair, to_single) = if quads {
            let odd = (g1 & !g2) | (g3 & !g4);
            (g2.count_ones() + g4.count_ones(), odd.count_ones(), odd, !odd & !g4 & ALL)
        } else {
            let single = g1 & !g2;
            (g2.count_ones(), single.count_ones(), single, !g1 & ALL)
        };
        let d = |twos: u32, ones: u32| {
            let t = twos.min(7);
            14 - 2 * t - ones.min(7 - t)
        };
        let now = d(twos, ones);
        let paired = d(twos + 1, ones.saturating_sub(1));
        let singled = d(twos, ones + 1);
        let mut improve = 0;
        if paired < now {
            improve |= to_pair;
        }
        if singled < now {
            improve |= to_single;
        }
        (now as u8, improve)
    }

    /// Thirteen-orphans distance and the kinds whose draw lowers it.
    #[inline(always)]
    pub fn thirteen_orphans(&self) -> (u8, u64) {
        let held = self.ge[0] & ORPHANS;
        let pair = (self.ge[1] & ORPHANS != 0) as u32;
        let d = 14 - held.count_ones() - pair;
        let improve = (ORPHANS & !held) | if pair == 0 { held } else { 0 };
        (d as u8, improve)
    }

    /// Honours-and-knitted distance and the kinds whose draw lowers it.
    #[inline(always)]
    pub fn honors_knitted(&self) -> (u8, u64) {
        let mut best = 0;
        for mask in KNITTED16 {
            best = best.max((self.ge[0] & mask).count_ones());
        }
        let mut improve = 0;
        if best < 14 {
            for mask in KNITTED16 {
                if (self.ge[0] & mask).count_ones() == best {
                    improve |= mask & !self.ge[0];
                }
            }
        }
        (14 - best.min(14) as u8, improve)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_follow_counts() {
        let counts: Counts = "1112m3344p5z".parse().unwrap();
        let bits = Bits::new(&counts);
        assert_eq!(bits.ge[0], 0b11 | 0b11 << 11 | 1 << 31);
        assert_eq!(bits.ge[1], 1 | 0b11 << 11);
        assert_eq!(bits.ge[2], 1);
        assert_eq!(bits.ge[3], 0);
        assert_eq!(KNITTED16[0].count_ones(), 16);
    }
}
