//! All ways to split concealed tiles into a pair and melds (the input scoring needs).
//!
//! ```
//! use hupai_core::{decompositions, Counts};
//! let counts: Counts = "11122233344455m".parse().map(|c: Counts| c).unwrap_or_else(|_| {
//!     "111222333m44455p".parse().unwrap()
//! });
//! let hand: Counts = "11123456789999m".parse().unwrap_or(counts);
//! let all = decompositions(&"111222333m11z789p".parse::<Counts>().unwrap());
//! assert_eq!(all.len(), 2); // three triplets, or three 123m sequences
//! # let _ = hand;
//! ```

use std::fmt;

use crate::{Counts, Kind};

/// A meld formed from concealed tiles in a decomposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Block {
    /// Three consecutive tiles; the kind is the lowest.
    Sequence(Kind),
    /// Three identical tiles.
    Triplet(Kind),
}

impl Block {
    /// The lowest (for a triplet, the only) kind.
    pub const fn first(self) -> Kind {
        match self {
            Block::Sequence(k) | Block::Triplet(k) => k,
        }
    }

    /// Whether `kind` is one of the block's tiles.
    pub fn contains(self, kind: Kind) -> bool {
        match self {
            Block::Triplet(k) => k == kind,
            Block::Sequence(k) => {
                kind.suit() == k.suit() && kind.index() >= k.index() && kind.index() < k.index() + 3
            }
        }
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.first();
        match self {
            Block::Triplet(_) => write!(f, "{n}{n}{n}{}", k.suit().letter(), n = k.number()),
            Block::Sequence(_) => {
                write!(f, "{}{}{}{}", k.number(), k.number() + 1, k.number() + 2, k.suit().letter())
            }
        }
    }
}

/// One way to read concealed tiles as a pair plus melds (declared melds are not included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decomposition {
    /// The pair.
    pub pair: Kind,
    blocks: [Block; 4],
    len: u8,
}

impl Decomposition {
    /// The melds made of concealed tiles, in ascending order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks[..self.len as usize]
    }
}

impl fmt::Display for Decomposition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{n}{n}{}", self.pair.suit().letter(), n = self.pair.number())?;
        for b in self.blocks() {
            write!(f, " {b}")?;
        }
        Ok(())
    }
}

/// Calls `f` once for each distinct decomposition of `counts` (3n+2 tiles, n ≤ 4) into one pair
/// and n melds. Allocates nothing.
pub fn for_each_decomposition(counts: &Counts, mut f: impl FnMut(&Decomposition)) {
    let total = counts.total();
    if total % 3 != 2 || total > 14 {
        return;
    }
    // Every suit but the pair's holds a multiple of three tiles, and an honour is a pair or a
    // triplet: the pair can only come from the one suit holding 3n+2 tiles.
    let mut pair_suit = None;
    for (s, range) in [(0, 0..9), (1, 9..18), (2, 18..27), (3, 27..34)] {
        let n: u32 = counts.0[range].iter().map(|&c| c as u32).sum();
        match n % 3 {
            0 => {}
            2 if pair_suit.is_none() => pair_suit = Some(s),
            _ => return,
        }
    }
    if counts.0[27..].iter().any(|&c| c == 1 || c == 4) {
        return;
    }
    let Some(pair_suit) = pair_suit else {
        return;
    };
    let mut work = *counts;
    let full = counts.kind_set().bits();
    let first = 9 * pair_suit;
    // In a number suit, a sequence at j, j+1, j+2 (numbers counted from 0) adds 3j + 3 to
    // the sum of the suit's tile numbers and a triplet 3j, both 0 modulo 3: so the pair's 2p
    // is that sum modulo 3, and the pair's number p is twice the sum modulo 3 (2 · 2 = 1),
    // one number in three. Honours have no sequences: the pair is one of count 2.
    let (start, step, end) = if pair_suit == 3 {
        (first, 1, first + 7)
    } else {
        let sum: usize = (0..9).map(|j| j * counts.0[first + j] as usize).sum();
        (first + 2 * sum % 3, 3, first + 9)
    };
    for index in (start..end).step_by(step) {
        let pair = Kind::new(index as u8).unwrap_or_default();
        if work[pair] < 2 {
            continue;
        }
        work[pair] -= 2;
        let mut d = Decomposition { pair, blocks: [Block::Triplet(pair); 4], len: 0 };
        let mask = if work[pair] == 0 { full & !(1 << pair.index()) } else { full };
        melds(&mut work, mask, &mut d, &mut f);
        work[pair] += 2;
    }
}

/// Splits the tiles of `work` (whose nonzero kinds are `mask`) into melds, lowest kind first.
/// The lowest kind's tiles, while fewer than three, can only start sequences, one a tile: those
/// are taken in a loop, without a call; the first lowest kind of three or more tiles branches
/// (a triplet first, then a sequence), so the decompositions come in the plain search's order.
fn melds(
    work: &mut Counts,
    mut mask: u64,
    d: &mut Decomposition,
    f: &mut impl FnMut(&Decomposition),
) {
    let forced_from = d.len;
    loop {
        if mask == 0 {
            f(d);
            break;
        }
        let i = mask.trailing_zeros() as usize;
        let kind = Kind::new(i as u8).unwrap_or_default();
        let c = work.0[i];
        if c < 3 {
            if i >= 27 || i % 9 >= 7 || work.0[i + 1] < c || work.0[i + 2] < c {
                break;
            }
            for k in i..i + 3 {
                work.0[k] -= c;
                if work.0[k] == 0 {
                    mask &= !(1 << k);
                }
            }
            for _ in 0..c {
                d.blocks[d.len as usize] = Block::Sequence(kind);
                d.len += 1;
            }
            continue;
        }
        let len = d.len as usize;
        work.0[i] = c - 3;
        d.blocks[len] = Block::Triplet(kind);
        d.len += 1;
        melds(work, if c == 3 { mask & !(1 << i) } else { mask }, d, f);
        d.len -= 1;
        work.0[i] = c;
        if i < 27 && i % 9 < 7 && (mask >> i) & 0b111 == 0b111 {
            let mut next = mask;
            for k in i..i + 3 {
                work.0[k] -= 1;
                if work.0[k] == 0 {
                    next &= !(1 << k);
                }
            }
            d.blocks[len] = Block::Sequence(kind);
            d.len += 1;
            melds(work, next, d, f);
            d.len -= 1;
            for k in i..i + 3 {
                work.0[k] += 1;
            }
        }
        break;
    }
    // The sequences taken in the loop put back.
    while d.len > forced_from {
        d.len -= 1;
        let first = d.blocks[d.len as usize].first().index();
        for k in first..first + 3 {
            work.0[k] += 1;
        }
    }
}

/// Every distinct decomposition of `counts` (3n+2 tiles) into a pair and melds; empty when the
/// tiles do not form the regular shape.
pub fn decompositions(counts: &Counts) -> Vec<Decomposition> {
    let mut out = Vec::new();
    for_each_decomposition(counts, |d| out.push(*d));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(s: &str) -> Vec<String> {
        decompositions(&s.parse().unwrap()).iter().map(|d| d.to_string()).collect()
    }

    #[test]
    fn finds_every_reading() {
        assert_eq!(
            all("111222333m11z789p"),
            vec!["11z 111m 222m 333m 789p", "11z 123m 123m 123m 789p"]
        );
        assert_eq!(all("11123456789999m"), vec!["11m 123m 456m 789m 999m"]);
        assert_eq!(all("1122334455667m").len(), 0);
        assert_eq!(all("22m"), vec!["22m"]);
        assert_eq!(all("123m"), Vec::<String>::new());
    }

    /// Every pair kind tried, no pruning, a plain scan for the lowest tile: the
    /// obviously-correct version.
    fn naive(counts: &Counts) -> Vec<Decomposition> {
        fn scan(
            work: &mut Counts,
            from: usize,
            d: &mut Decomposition,
            out: &mut Vec<Decomposition>,
        ) {
            let Some(i) = (from..34).find(|&i| work.0[i] > 0) else {
                out.push(*d);
                return;
            };
            let kind = Kind::new(i as u8).unwrap();
            let len = d.len as usize;
            if work.0[i] >= 3 {
                work.0[i] -= 3;
                d.blocks[len] = Block::Triplet(kind);
                d.len += 1;
                scan(work, i, d, out);
                d.len -= 1;
                work.0[i] += 3;
            }
            if i < 27 && i % 9 < 7 && work.0[i + 1] > 0 && work.0[i + 2] > 0 {
                (i..i + 3).for_each(|k| work.0[k] -= 1);
                d.blocks[len] = Block::Sequence(kind);
                d.len += 1;
                scan(work, i, d, out);
                d.len -= 1;
                (i..i + 3).for_each(|k| work.0[k] += 1);
            }
        }
        let mut out = Vec::new();
        let mut work = *counts;
        for pair in Kind::all() {
            if work[pair] < 2 {
                continue;
            }
            work[pair] -= 2;
            let mut d = Decomposition { pair, blocks: [Block::Triplet(pair); 4], len: 0 };
            scan(&mut work, 0, &mut d, &mut out);
            work[pair] += 2;
        }
        out
    }

    #[test]
    fn pruning_loses_nothing() {
        // Every one-suit hand of 14 tiles or fewer (in man and in honours), and mixed hands from
        // a fixed pseudo-random sequence.
        let mut checked = 0;
        for code in 0..5u32.pow(9) {
            let mut counts = Counts::EMPTY;
            let mut c = code;
            for i in 0..9 {
                counts.0[i] = (c % 5) as u8;
                counts.0[27 + i % 7] = if i < 7 { (c % 5) as u8 } else { counts.0[27 + i % 7] };
                c /= 5;
            }
            let mut man = counts;
            man.0[27..].fill(0);
            let mut honors = counts;
            honors.0[..27].fill(0);
            for h in [man, honors] {
                if h.total() <= 14 && h.total() % 3 == 2 {
                    assert_eq!(decompositions(&h), naive(&h), "{h}");
                    checked += 1;
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as usize
        };
        let mut winning = 0;
        for round in 0..200_000 {
            // Half random tiles, half built from random sets and a pair (mostly complete).
            let mut counts = Counts::EMPTY;
            if round % 2 == 0 {
                while counts.total() < 14 {
                    counts.0[next(34)] += 1;
                }
            } else {
                counts.0[next(34)] += 2;
                for _ in 0..4 {
                    let k = next(34);
                    if k < 27 && k % 9 < 7 && next(2) == 0 {
                        (0..3).for_each(|i| counts.0[k + i] += 1);
                    } else {
                        counts.0[k] += 3;
                    }
                }
            }
            if counts.0.iter().any(|&c| c > 4) {
                continue;
            }
            let got = decompositions(&counts);
            winning += !got.is_empty() as u32;
            assert_eq!(got, naive(&counts), "{counts}");
        }
        assert!(winning > 10_000, "{winning}");
        assert!(checked > 10_000);
    }

    #[test]
    fn nine_gates_all_waits_decompose() {
        for extra in 1..=9u8 {
            let mut counts: Counts = "1112345678999m".parse().unwrap();
            counts.add(Kind::new(extra - 1).unwrap());
            assert!(!decompositions(&counts).is_empty(), "extra {extra}m");
        }
    }
}
