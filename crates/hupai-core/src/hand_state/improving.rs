//! Effective tiles of the regular form from a hand state: per suit, the positions whose draw
//! lowers the suit's distance to each target, kept in the state, and the targets that lie on
//! an optimal split of the whole hand.
//!
//! A draw changes one suit, so it lowers the hand's regular distance exactly when it lowers
//! that suit's distance at a target (melds and pair) of an optimal split where the suit still
//! lacks tiles. The first part depends on the suit alone and is kept per suit
//! ([`SuitLowers`], recomputed only for suits changed since); the second is a few byte-parallel operations on
//! the suit's distances and the rest's complement distances.

use super::counters::{LANE, ROW, STEP};
use crate::special;
use crate::tables;

/// Ten-bit fields: a position's targets 1..=9 (bits 0..9) and a guard bit (bit 9) that a
/// field-parallel test needs.
const FIELD: u32 = 10;
/// Bit 0 of each of six fields of a 64-bit word, and of three fields of a 32-bit one.
const FIELDS6: u64 = 1 | 1 << 10 | 1 << 20 | 1 << 30 | 1 << 40 | 1 << 50;
const FIELDS3: u32 = 1 | 1 << 10 | 1 << 20;

/// One suit's lowers: the targets 1..=9 whose distance a draw at each position lowers, in
/// ten-bit fields (target 0, no meld and no pair, is always at distance 0 and left out).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SuitLowers {
    /// Positions 0..6, one field each.
    pub first6: u64,
    /// Positions 6..9 (honours: 6), one field each.
    pub last3: u32,
}

/// A suit's lowers from its word, its class, the positions it holds four times (bit `i`)
/// and `lower(class, next)` (the targets a neighbour of class `next` is nearer to), for `N`
/// positions (nine, or seven for honours). The suit must hold at most 13 tiles (its
/// neighbours then rank in the tables). A position held four times lowers nothing. Each
/// neighbour's rank shares the suit's own group entries: a tile in group `g` changes that
/// group's entry and moves every later group one row on.
#[inline(always)]
pub(super) fn suit_lowers<const N: usize>(
    word: u64,
    class: u8,
    fours: u32,
    lower: impl Fn(u8, u8) -> u16,
) -> SuitLowers {
    let lanes = [word & LANE, word >> 16 & LANE, word >> 32 & LANE];
    let same = lanes.map(tables::state_group);
    let shifted = [0, tables::state_group(lanes[1] + ROW), tables::state_group(lanes[2] + ROW)];
    let before = [0, same[0], same[0] + same[1]];
    let after = [shifted[1] + shifted[2], shifted[2], 0];
    let mut out = SuitLowers { first6: 0, last3: 0 };
    for i in 0..N {
        let g = i / 3;
        let rank = before[g] + tables::state_group(lanes[g] + STEP[i % 3]) + after[g];
        // A position held four times has a meaningless neighbour: masked off.
        let keep = ((fours >> i & 1) as u16).wrapping_sub(1);
        let targets = lower(class, tables::class_of_rank(rank)) & keep;
        if i < 6 {
            out.first6 |= (targets as u64) << (FIELD * i as u32);
        } else {
            out.last3 |= (targets as u32) << (FIELD * (i - 6) as u32);
        }
    }
    out
}

/// The targets 1..=9 (bit `t − 1`) of a suit whose distances are `own` that lie on an
/// optimal split of total distance `d` with the rest's complement distances `complement`
/// (both in the layout of `tables::widen`). Where the suit is complete no position lowers
/// it: the lowers drop such targets.
#[inline(always)]
fn critical(own: u128, complement: u128, d: u8) -> u32 {
    use special::{HIGH, ONES};
    // Targets 1..=8 byte-parallel: every byte is below 0x80, so adding 0x7f sets a byte's
    // high bit exactly when it is not zero, without carries.
    let sum = (own as u64 + complement as u64) ^ (d as u64 * ONES);
    let first8 = special::gather((!(sum + 0x7f * ONES) & HIGH) >> 7);
    let ninth = (own >> 64) as u8 + (complement >> 64) as u8 == d;
    first8 as u32 | (ninth as u32) << 8
}

/// The positions (bits 0..9) of a suit whose draw lowers one of the `critical` targets.
#[inline(always)]
fn positions(critical: u32, part: SuitLowers) -> u64 {
    // Each field holds at most 0x1ff: adding 0x1ff sets its guard bit exactly when the
    // field is not zero, without carries.
    let x = part.first6 & (critical as u64 * FIELDS6);
    let flags6 = (x + 0x1ff * FIELDS6) & (0x200 * FIELDS6);
    // Field j's flag (bit 10j after the shift) to bit 56 + j.
    const GATHER6: u64 = 1 << 56 | 1 << 47 | 1 << 38 | 1 << 29 | 1 << 20 | 1 << 11;
    let first6 = (flags6 >> 9).wrapping_mul(GATHER6) >> 56 & 0x3f;
    let y = part.last3 & (critical * FIELDS3);
    let flags3 = (y + 0x1ff * FIELDS3) & (0x200 * FIELDS3);
    const GATHER3: u32 = 1 << 20 | 1 << 11 | 1 << 2;
    let last3 = (flags3 >> 9).wrapping_mul(GATHER3) >> 20 & 7;
    first6 | (last3 as u64) << 6
}

/// For each suit, the targets 1..=9 (bit `t − 1`) on an optimal split of the regular form
/// where the suit still lacks tiles, for the classes of the suits, the number of melds still
/// to form and the regular distance `d`. A suit with none cannot improve the hand.
#[inline(always)]
pub(super) fn critical_targets(class: [u8; 4], needed: usize, d: u8) -> [u32; 4] {
    let [a, b, c, h] = class;
    let (ab, ac, bc) = (tables::nn(a, b), tables::nn(a, c), tables::nn(b, c));
    let rests = [tables::ph(bc, h), tables::ph(ac, h), tables::ph(ab, h)];
    let p = tables::pn(ab, c);
    if needed == 4 {
        return [
            tables::suit_critical(rests[0], a) as u32,
            tables::suit_critical(rests[1], b) as u32,
            tables::suit_critical(rests[2], c) as u32,
            tables::honor_critical(p, h) as u32,
        ];
    }
    let number = |s: usize| {
        let own = tables::suit_dist16(class[s]);
        critical(own, tables::rest_complement(needed, rests[s]), d)
    };
    let honors = critical(tables::honor_dist16(h), tables::pair_complement(needed, p), d);
    [number(0), number(1), number(2), honors]
}

/// The regular form's effective positions of all suits (bit `9s + i`), from each suit's
/// critical targets and lowers.
#[inline(always)]
pub(super) fn regular_improving(critical: [u32; 4], parts: [SuitLowers; 4]) -> u64 {
    let mut out = 0;
    for s in 0..4 {
        out |= positions(critical[s], parts[s]) << (9 * s);
    }
    out
}
