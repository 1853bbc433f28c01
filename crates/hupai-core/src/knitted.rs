//! Knitted straight (组合龙): 147, 258, 369 in three different suits, one meld and a pair.
//!
//! For an assignment of the three knitted triples to the suits, the distance is the knitted
//! kinds not held plus the regular distance (one meld and a pair, or only the pair when one
//! meld is declared) of the tiles left after taking one copy of each knitted kind held.
//! Taking that copy never hurts: the meld and pair use at most three copies of a kind. Each
//! suit has three possible knitted triples, so nine reduced suit patterns are ranked (the
//! three per suit in one pass), then the six assignments combine their classes.
//!
//! ```
//! use hupai_core::{form_shanten, Counts, Form, FormSet};
//! let hand: Counts = "147m258p369s11z23m".parse().unwrap();
//! assert_eq!(form_shanten(&hand, 0, Form::KnittedStraight, FormSet::MCR), Some(0));
//! ```

use crate::reference::KNITTED_PERMUTATIONS;
use crate::special::Bits;
use crate::tables;
use crate::Counts;

/// The knitted-straight distance of valid counts (every count at most four, at most 14 tiles
/// per suit) with `declared` 0 or 1.
pub(crate) fn distance(counts: &Counts, bits: &Bits, honor_class: u8, declared: u8) -> u8 {
    // classes[s][j]: class of suit s with one copy of numbers j+1, j+4, j+7 removed when held.
    let mut classes = [[0u8; 3]; 3];
    for (s, row) in classes.iter_mut().enumerate() {
        let ranks = tables::knitted_ranks9(&counts.0, 9 * s);
        for j in 0..3 {
            row[j] = tables::suit_class(ranks[j]);
        }
    }
    let needed = 1 - declared.min(1) as usize;
    let held = bits.knitted_held();
    let mut best = u8::MAX;
    for (perm, held) in KNITTED_PERMUTATIONS.into_iter().zip(held) {
        let missing = 9 - held.min(9) as u8;
        let [p0, p1, p2] = perm;
        let abc = tables::pn(tables::nn(classes[0][p0], classes[1][p1]), classes[2][p2]);
        let rest = tables::rest_dist(tables::ph(abc, honor_class))[5 + needed];
        best = best.min(missing + rest);
    }
    best
}
