//! The search's memo keys: a hand's counts packed into one `u128` (three bits a kind, 102
//! bits, and the rest for what else a memo tells apart), hashed by one folded multiply. With
//! the 34-byte [`Counts`] as the key and the standard SipHash, a memo lookup cost more than the
//! shanten or win answer it kept (hashing and comparing took about two thirds of a search's
//! time in a riichi arena).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use hupai_core::Counts;

/// A memo keyed by [`key`].
pub type Memo<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

/// Bits of the key below the `extra` field: three a kind.
const COUNT_BITS: u32 = 3 * 34;

/// `counts` and `extra` (up to 26 bits) as one key; distinct for distinct pairs, since no
/// kind is held more than four times.
pub fn key(counts: &Counts, extra: u32) -> u128 {
    debug_assert!(extra < 1 << (128 - COUNT_BITS), "extra {extra} does not fit");
    // Two halves of 17 kinds, 51 bits each, in plain u64 arithmetic.
    let half = |kinds: &[u8]| {
        kinds.iter().rev().fold(0u64, |acc, &n| {
            debug_assert!(n <= 4, "a kind held {n} times");
            acc << 3 | u64::from(n & 7)
        })
    };
    let (low, high) = counts.0.split_at(17);
    u128::from(half(low)) | u128::from(half(high)) << 51 | u128::from(extra) << COUNT_BITS
}

/// Hashes one `u128` key by a folded multiply of its halves (keys are the search's own hands,
/// so no one can choose them to collide).
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write_u128(&mut self, n: u128) {
        let (lo, hi) = (n as u64, (n >> 64) as u64);
        let product =
            u128::from(lo ^ 0x243f_6a88_85a3_08d3) * u128::from(hi ^ 0x1319_8a2e_0370_7344);
        self.0 = (product as u64) ^ (product >> 64) as u64;
    }

    fn write(&mut self, bytes: &[u8]) {
        // Not used by the memos (they hash one u128); a plain fold for completeness.
        for chunk in bytes.chunks(16) {
            let mut word = [0u8; 16];
            word[..chunk.len()].copy_from_slice(chunk);
            let prev = u128::from(self.0);
            self.write_u128(u128::from_le_bytes(word) ^ prev.rotate_left(64));
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Kind;

    #[test]
    fn keys_tell_every_count_and_extra_apart() {
        let mut seen = std::collections::HashSet::new();
        for k in Kind::all() {
            for n in 0..=4u8 {
                let mut c = Counts::EMPTY;
                c.0[k.index()] = n;
                for extra in [0, 1, 2, 3, 33 << 2, (1 << 26) - 1] {
                    assert!(seen.insert(key(&c, extra)) || n == 0, "{k:?} x{n}, {extra}");
                }
            }
        }
        let mut full = Counts::EMPTY;
        full.0 = [4; 34];
        assert_eq!(key(&full, 0).count_ones(), 34, "one bit (the 4) a kind");
    }

    #[test]
    fn keys_are_three_bits_a_kind_in_kind_order() {
        let mut rng = hupai_engine::SplitMix64::new(7);
        for _ in 0..10_000 {
            let mut c = Counts::EMPTY;
            for n in c.0.iter_mut() {
                *n = (rng.next_u64() % 5) as u8;
            }
            let extra = (rng.next_u64() % (1 << 26)) as u32;
            let want = c.0.iter().enumerate().map(|(i, &n)| u128::from(n) << (3 * i)).sum::<u128>()
                + (u128::from(extra) << 102);
            assert_eq!(key(&c, extra), want, "{c:?} {extra}");
        }
    }

    #[test]
    fn nearby_keys_spread_over_the_low_and_high_bits() {
        let mut c = Counts::EMPTY;
        let mut low = std::collections::HashSet::new();
        let mut high = std::collections::HashSet::new();
        for k in Kind::all() {
            c.0[k.index()] = 1;
            let mut h = KeyHasher::default();
            h.write_u128(key(&c, 0));
            low.insert(h.finish() & 0xff);
            high.insert(h.finish() >> 57);
        }
        assert!(low.len() > 20 && high.len() > 20, "{} {}", low.len(), high.len());
    }
}
