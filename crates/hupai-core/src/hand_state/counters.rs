//! What one tile changes in a hand state: its suit's word (the suit's place in the group
//! table, hence its rank and class) and the counters behind seven pairs and thirteen orphans.
//!
//! A suit's word holds three 16-bit lanes, one per group of three positions (the honours'
//! third group has one), each the index of the group's entry in the state's group table
//! (see `build.rs`: number suits in the first half, honours in the second): the group's
//! base-5 value plus 128 per tile in the groups before it. Lane 3 counts the suit's tiles. One
//! more tile at a position adds the position's step to its own lane and one row (128) to each
//! later lane: one constant per kind ([`DELTA`]).

use crate::special::{self, HIGH, ONES, ORPHANS};
use crate::{tables, Counts};

/// The suit of each kind: 0, 1, 2 for the number suits, 3 for the honours.
pub(super) const SUIT: [u8; 34] = {
    let mut out = [3u8; 34];
    let mut k = 0;
    while k < 27 {
        out[k] = (k / 9) as u8;
        k += 1;
    }
    out
};

/// A lane of a suit's word (a group-table index below 16,384).
pub(super) const LANE: u64 = 0x3fff;
/// One more tile in the groups before a lane: the next prefix-sum row of the group table.
pub(super) const ROW: u64 = 128;
/// What a tile at each position within its group adds to the group's base-5 value.
pub(super) const STEP: [u64; 3] = [25, 5, 1];

/// The word of an empty suit: group `g` at prefix sum 0 and value 0.
pub(super) const fn empty_word(honors: bool) -> u64 {
    let half = if honors { 8192 } else { 0 };
    let mut word = 0;
    let mut g = 0;
    while g < 3 {
        word |= (half + tables::GROUP_PAD as u64 + g * 16 * ROW) << (16 * g);
        g += 1;
    }
    word
}

/// What one more tile of each kind adds to its suit's word.
pub(super) const DELTA: [u64; 34] = {
    let mut out = [0u64; 34];
    let mut k = 0;
    while k < 34 {
        let i = if k >= 27 { k - 27 } else { k % 9 };
        let g = i / 3;
        let mut delta = STEP[i % 3] << (16 * g) | 1 << 48;
        let mut later = g + 1;
        while later < 3 {
            delta += ROW << (16 * later);
            later += 1;
        }
        out[k] = delta;
        k += 1;
    }
    out
};

/// The rank of a suit from its word (an honour rank carries the class table's offset).
#[inline(always)]
pub(super) fn rank(word: u64) -> u32 {
    tables::state_group(word & LANE)
        + tables::state_group(word >> 16 & LANE)
        + tables::state_group(word >> 32 & LANE)
}

/// The class of a suit from its word.
#[inline(always)]
pub(super) fn class(word: u64) -> u8 {
    tables::class_of_rank(rank(word))
}

// The counters, one field each: kinds held at least once (bits 0-3), twice (4-6), three times
// (7-9), four times (10-11); orphan kinds held at least once (12-15) and twice (16-18). With at
// most 14 tiles no field overflows.
const ONCE: u32 = 1;
const TWICE: u32 = 1 << 4;
const THRICE: u32 = 1 << 7;
const FOUR: u32 = 1 << 10;
const ORPHAN_ONCE: u32 = 1 << 12;
const ORPHAN_TWICE: u32 = 1 << 16;

/// What kind `k`'s copy number `c + 1` adds to the counters, at `4 * k + c`.
const COUNTER_DELTA: [u32; 256] = {
    let mut out = [0u32; 256];
    let mut k = 0;
    while k < 34 {
        let orphan = ORPHANS >> k & 1 == 1;
        out[4 * k] = ONCE | if orphan { ORPHAN_ONCE } else { 0 };
        out[4 * k + 1] = TWICE | if orphan { ORPHAN_TWICE } else { 0 };
        out[4 * k + 2] = THRICE;
        out[4 * k + 3] = FOUR;
        k += 1;
    }
    out
};

/// What kind `k` held `c` times (0..=3) before a tile is added (or after one is removed)
/// changes in the counters.
#[inline(always)]
pub(super) fn counter_delta(k: usize, c: u8) -> u32 {
    COUNTER_DELTA[(4 * k + c as usize) & 255]
}

/// Whether some kind is held four times.
#[inline(always)]
pub(super) fn any_four(counters: u32) -> bool {
    counters & (3 * FOUR) != 0
}

/// Seven-pairs distances by the low twelve bits of the counters, in blocks of 4,096: without
/// quads as two pairs, with them, and "not allowed" (255).
static SEVEN_PAIRS: [u8; 4 * 4096] = {
    let mut out = [u8::MAX; 4 * 4096];
    let mut x = 0;
    while x < 4096 {
        let (c1, c2, c3, c4) =
            (x as u32 & 15, x as u32 >> 4 & 7, x as u32 >> 7 & 7, x as u32 >> 10);
        if c1 >= c2 && c2 >= c3 && c3 >= c4 {
            out[x] = special::seven_pairs_from(c2, c1 - c2);
            out[4096 + x] = special::seven_pairs_from(c2 + c4, c1 - c2 + c3 - c4);
        }
        x += 1;
    }
    out
};

/// Thirteen-orphans distances by bits 12-18 of the counters, then a block of "not allowed".
static THIRTEEN_ORPHANS: [u8; 256] = {
    let mut out = [u8::MAX; 256];
    let mut x = 0;
    while x < 128 {
        let (held, pairs) = (x as u32 & 15, x as u32 >> 4);
        if held <= 13 && pairs <= held {
            out[x] = (14 - held - (pairs > 0) as u32) as u8;
        }
        x += 1;
    }
    out
};

/// The block of [`SEVEN_PAIRS`] for a state: 0 or 1 (quads as two pairs) when the form is
/// allowed and possible (no declared melds), 2 otherwise.
pub(super) const fn seven_pairs_block(allowed: bool, quads: bool) -> u8 {
    if !allowed {
        2
    } else if quads {
        1
    } else {
        0
    }
}

/// Seven-pairs distance from the counters, in `block` (see [`seven_pairs_block`]).
#[inline(always)]
pub(super) fn seven_pairs(counters: u32, block: u8) -> u8 {
    SEVEN_PAIRS[((block as usize) << 12 | counters as usize & 0xfff) & (4 * 4096 - 1)]
}

/// Thirteen-orphans distance from the counters; `allowed` false gives 255.
#[inline(always)]
pub(super) fn thirteen_orphans(counters: u32, allowed: bool) -> u8 {
    let blocked = (!allowed as usize) << 7;
    THIRTEEN_ORPHANS[(blocked | (counters >> 12) as usize & 0x7f) & 255]
}

/// The kinds whose count passes `test`, a byte-parallel test of a word of eight counts that
/// sets the high bit of each passing byte (the counts at most four).
#[inline(always)]
fn kinds_where(counts: &Counts, test: impl Fn(u64) -> u64) -> u64 {
    let mut out = 0;
    for (j, &w) in special::words(counts).iter().enumerate() {
        out |= special::gather(test(w) >> 7) << (8 * j);
    }
    out & ((1 << 34) - 1)
}

/// High bit of each byte of `w` that is zero (every byte below 0x80).
#[inline(always)]
fn zero_bytes(w: u64) -> u64 {
    !(w + 0x7f * ONES) & HIGH
}

/// The kinds whose draw lowers the seven-pairs distance, from the counters and the counts:
/// a kind that completes a pair (held once, or three times with quads as two pairs) while
/// fewer than seven pairs are held, and a new single (not held, or held twice with quads)
/// while the pairs and singles fall short of seven.
pub(super) fn seven_pairs_improving(counters: u32, quads: bool, counts: &Counts) -> u64 {
    let field = |shift: u32, bits: u32| counters >> shift & ((1 << bits) - 1);
    let (c1, c2, c3, c4) = (field(0, 4), field(4, 3), field(7, 3), field(10, 2));
    let (twos, ones) = if quads { (c2 + c4, c1 - c2 + c3 - c4) } else { (c2, c1 - c2) };
    let mut out = 0;
    if twos < 7 {
        out |= if quads {
            kinds_where(counts, |w| (w & ONES) << 7)
        } else {
            kinds_where(counts, |w| zero_bytes(w ^ ONES))
        };
    }
    if ones + twos.min(7) < 7 {
        out |= if quads {
            kinds_where(counts, |w| zero_bytes(w & (5 * ONES)))
        } else {
            kinds_where(counts, zero_bytes)
        };
    }
    out
}

/// The kinds whose draw lowers the thirteen-orphans distance: without an orphan pair every
/// orphan (a new one, or the pair), with one the orphans not held.
pub(super) fn thirteen_orphans_improving(counters: u32, counts: &Counts) -> u64 {
    if counters >> 16 & 7 == 0 {
        ORPHANS
    } else {
        ORPHANS & kinds_where(counts, zero_bytes)
    }
}
