//! The regular form (four melds and a pair) from the per-suit tables.
//!
//! The distance of a hand is a min-plus combination of its four suits' distance vectors with
//! the pair in exactly one suit, read from the class-combination tables of [`crate::tables`].
//! Effective tiles: a drawn tile changes only its own suit, so for each suit the rest of the
//! hand is one combined class, and the suit can only help when it lies on an optimal split at
//! a target it still lacks tiles for (one table bit). For such suits the patterns with one
//! more tile are ranked in O(1) each and looked up.
//!
//! ```
//! use hupai_core::{shanten, Counts, FormSet};
//! let hand: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(shanten(&hand, 0, FormSet::REGULAR), 0);
//! ```

use crate::special::Bits;
use crate::tables;
use crate::Counts;

/// The four suits of a hand: classes and tile counts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Suits {
    /// Class of each suit: man, pin, sou (number-suit classes), honours (honour classes).
    pub class: [u8; 4],
    /// Tiles in each suit.
    pub sum: [u32; 4],
    /// Whether every count is at most four.
    pub valid: bool,
}

impl Suits {
    /// Ranks and classes of the four suits.
    #[inline(always)]
    pub fn new(counts: &Counts) -> Suits {
        let (r0, s0) = tables::rank9_at(&counts.0, 0);
        let (r1, s1) = tables::rank9_at(&counts.0, 9);
        let (r2, s2) = tables::rank9_at(&counts.0, 18);
        let (r3, s3) = tables::rank7_at(&counts.0);
        let class = [
            tables::suit_class(r0),
            tables::suit_class(r1),
            tables::suit_class(r2),
            tables::honor_class(r3),
        ];
        Suits { class, sum: [s0, s1, s2, s3], valid: tables::counts_valid(&counts.0) }
    }

    /// Whether the tables cover this hand: no count above four, at most `max` tiles per suit.
    #[inline(always)]
    pub fn covered(&self, max: u32) -> bool {
        let s = &self.sum;
        self.valid && s[0].max(s[1]).max(s[2].max(s[3])) <= max
    }

    /// Total number of tiles.
    #[inline(always)]
    pub fn total(&self) -> u32 {
        let s = &self.sum;
        s[0] + s[1] + s[2] + s[3]
    }

    /// The regular-form distance with `needed` melds (0..=4) to form from concealed tiles.
    #[inline(always)]
    pub fn distance(&self, needed: usize) -> u8 {
        let [a, b, c, h] = self.class;
        let abc = tables::pn(tables::nn(a, b), c);
        tables::rest_dist(tables::ph(abc, h))[5 + needed.min(4)]
    }

    /// The distance to `needed` melds (0..=4) and no pair.
    #[inline(always)]
    pub fn sets_distance(&self, needed: usize) -> u8 {
        let [a, b, c, h] = self.class;
        let abc = tables::pn(tables::nn(a, b), c);
        tables::rest_dist(tables::ph(abc, h))[needed.min(4)]
    }

    /// Whether the tiles are exactly melds and one pair (the count of melds follows from the
    /// number of tiles, which the caller checks).
    #[inline(always)]
    pub fn is_complete(&self) -> bool {
        let mut pairs = 0;
        let mut ok = true;
        for s in 0..4 {
            let sum = self.sum[s] as usize;
            let rem = sum % 3;
            pairs += (rem == 2) as u32;
            let target = (sum / 3).min(4) + if rem == 2 { 5 } else { 0 };
            let dist = if s == 3 {
                tables::honor_dist(self.class[s])
            } else {
                tables::suit_dist(self.class[s])
            };
            ok &= rem != 1 && dist[target] == 0;
        }
        ok && pairs == 1
    }

    /// The kinds whose draw lowers the regular distance with `needed` melds, given that the
    /// distance is `d` (requires `covered(13)`).
    #[inline(always)]
    pub fn improving(&self, counts: &Counts, needed: usize, d: u8) -> u64 {
        // Kinds held four times have meaningless neighbour ranks: drop them at once.
        self.improving_with(needed, d, &Drawn(counts)) & !Bits::new(counts).four_mask()
    }

    /// [`Suits::improving`] with the classes of each suit plus one tile at each position from
    /// `neighbors` (suit 3: honours, seven positions), before dropping kinds held four times
    /// (the caller's job).
    #[inline(always)]
    fn improving_with(&self, needed: usize, d: u8, neighbors: &impl Neighbors) -> u64 {
        let needed = needed.min(4);
        let [a, b, c, h] = self.class;
        let mut out = 0u64;
        let number = [(a, tables::nn(b, c)), (b, tables::nn(a, c)), (c, tables::nn(a, b))];
        for (s, &(own, others)) in number.iter().enumerate() {
            let rest = tables::ph(others, h);
            let keep = (tables::improve_number(rest, own) >> needed & 1) as u64;
            let row = tables::rn_dist_row(needed, rest);
            let classes = neighbors.classes(s);
            let mut first8 = 0u64;
            for (i, &class) in classes.iter().take(8).enumerate() {
                first8 |= (row[class as usize & 127] as u64) << (8 * i);
            }
            let ninth = (row[classes[8] as usize & 127] < d) as u64;
            out |= ((below(first8, d) | ninth << 8) * keep) << (9 * s);
        }
        let abc = tables::pn(tables::nn(a, b), c);
        if tables::improve_honor(abc, h) >> needed & 1 != 0 {
            let row = tables::ph_dist_row(needed, abc);
            let mut seven = u64::MAX << 56;
            for (i, &class) in neighbors.classes(3).iter().take(7).enumerate() {
                seven |= (row[class as usize & 63] as u64) << (8 * i);
            }
            out |= below(seven, d) << 27;
        }
        out
    }
}

/// Bit i set where byte i of `x` is below `d` (every byte and `d` below 0x80): one compare for
/// eight distances.
#[inline(always)]
fn below(x: u64, d: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // High bit of each byte: the byte is at least d (no carries: both below 0x80).
    let at_least = (x | (0x80 * ONES)) - d as u64 * ONES;
    let lt = (!at_least >> 7) & ONES;
    // Gather bit 0 of each byte into the top byte.
    lt.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The classes of each suit with one more tile at each position (suit 3: honours, in the
/// first seven slots); meaningless at positions held four times.
trait Neighbors {
    fn classes(&self, suit: usize) -> [u8; 9];
}

/// The neighbours of a hand's suits, ranked on demand.
struct Drawn<'a>(&'a Counts);

impl Neighbors for Drawn<'_> {
    #[inline(always)]
    fn classes(&self, s: usize) -> [u8; 9] {
        let c = &self.0 .0;
        if s < 3 {
            tables::neighbor_ranks9(c, 9 * s).map(tables::suit_class)
        } else {
            let mut out = [0u8; 9];
            for (o, rank) in out.iter_mut().zip(tables::neighbor_ranks7(c)) {
                *o = tables::honor_class(rank);
            }
            out
        }
    }
}

/// The neighbours after a discard: the discarded suit's ranked on demand, the others' from
/// the [`Discards`] cache.
struct DiscardNeighbors<'a> {
    discards: &'a Discards,
    changed: usize,
    after: &'a Counts,
}

impl Neighbors for DiscardNeighbors<'_> {
    #[inline(always)]
    fn classes(&self, s: usize) -> [u8; 9] {
        if s == self.changed {
            Drawn(self.after).classes(s)
        } else {
            self.discards.more[s & 3]
        }
    }
}

/// The suits of a hand about to discard, with what every discard shares computed once: each
/// suit's classes with one tile fewer (the discard) and with one tile more (a draw after a
/// discard from another suit). A discard changes one suit, so the hand after it costs one
/// class swap instead of four ranks, and its effective tiles rank only the discarded suit's
/// neighbours again.
pub(crate) struct Discards {
    suits: Suits,
    /// Per suit, the class with one tile fewer at each held position.
    fewer: [[u8; 9]; 4],
    /// Per suit, the class with one tile more at each position below four.
    more: [[u8; 9]; 4],
    /// Kinds held four times.
    fours: u64,
}

impl Discards {
    /// The discards of `counts`, whose suits must be `covered(14)` with at most 14 tiles in
    /// all (so that every hand after a discard is covered to 13 per suit).
    #[inline(always)]
    pub fn new(counts: &Counts, suits: &Suits) -> Discards {
        let c = &counts.0;
        let fewer = [
            tables::removal_ranks9(c, 0).map(tables::suit_class),
            tables::removal_ranks9(c, 9).map(tables::suit_class),
            tables::removal_ranks9(c, 18).map(tables::suit_class),
            {
                let mut out = [0u8; 9];
                for (o, rank) in out.iter_mut().zip(tables::removal_ranks7(c)) {
                    *o = tables::honor_class(rank);
                }
                out
            },
        ];
        let more = std::array::from_fn(|s| Drawn(counts).classes(s));
        Discards { suits: *suits, fewer, more, fours: Bits::new(counts).four_mask() }
    }

    /// The suits after discarding a held `kind` (index 0..34).
    #[inline(always)]
    pub fn after(&self, kind: usize) -> Suits {
        let (s, i) = (kind / 9, kind % 9);
        let mut suits = self.suits;
        suits.class[s & 3] = self.fewer[s & 3][i];
        suits.sum[s & 3] -= 1;
        suits
    }

    /// The regular form of the hand `after` discarding `kind`, whose suits are `suits` (from
    /// [`Discards::after`]).
    #[inline(always)]
    pub fn after_discard<'a>(
        &'a self,
        kind: usize,
        after: &'a Counts,
        suits: &'a Suits,
        needed: usize,
    ) -> AfterDiscard<'a> {
        AfterDiscard { discards: self, kind, after, suits, needed }
    }
}

/// The regular form of a hand as the forms code needs it: its distance and, at that
/// distance, its effective kinds. A trait rather than closures, so that it is always
/// inlined and shares the caller's table lookups.
pub(crate) trait RegularForm {
    /// The regular-form distance.
    fn distance(&self) -> u8;
    /// The kinds whose draw lowers the regular distance, which is `d`.
    fn improving(&self, d: u8) -> u64;
}

/// The regular form of a hand from its own suits (requires `covered(13)`).
pub(crate) struct OwnSuits<'a> {
    pub counts: &'a Counts,
    pub suits: &'a Suits,
    /// Melds to form from the concealed tiles (0..=4).
    pub needed: usize,
}

impl RegularForm for OwnSuits<'_> {
    #[inline(always)]
    fn distance(&self) -> u8 {
        self.suits.distance(self.needed)
    }
    #[inline(always)]
    fn improving(&self, d: u8) -> u64 {
        self.suits.improving(self.counts, self.needed, d)
    }
}

/// The regular form of a hand after a discard, from the [`Discards`] cache.
pub(crate) struct AfterDiscard<'a> {
    discards: &'a Discards,
    kind: usize,
    after: &'a Counts,
    suits: &'a Suits,
    needed: usize,
}

impl RegularForm for AfterDiscard<'_> {
    #[inline(always)]
    fn distance(&self) -> u8 {
        self.suits.distance(self.needed)
    }
    #[inline(always)]
    fn improving(&self, d: u8) -> u64 {
        let discards = self.discards;
        let neighbors = DiscardNeighbors { discards, changed: self.kind / 9, after: self.after };
        let bits = self.suits.improving_with(self.needed, d, &neighbors);
        bits & !(discards.fours & !(1 << self.kind))
    }
}
