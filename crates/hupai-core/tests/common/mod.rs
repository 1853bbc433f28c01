//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;

use hupai_core::Counts;

/// The crate's own test data directory.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("data")
}

/// Counts from 34 numbers.
pub fn counts_from(values: &[u8]) -> Counts {
    let mut counts = Counts::EMPTY;
    counts.0.copy_from_slice(values);
    counts
}

/// A tiny deterministic generator (xorshift64*), so tests need no `rand`.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }
}

/// Draws `n` tiles from a 136-tile wall limited to the kinds in `allowed` (a 34-bit mask),
/// never more than four of a kind; stops early if the allowed kinds run out.
pub fn draw(rng: &mut Rng, counts: &mut Counts, n: u32, allowed: u64) {
    let mut left = n;
    let mut guard = 0;
    while left > 0 && guard < 10_000 {
        guard += 1;
        let k = rng.below(34) as usize;
        if allowed >> k & 1 == 1 && counts.0[k] < 4 {
            counts.0[k] += 1;
            left -= 1;
        }
    }
}

/// A random hand of `n` concealed tiles: uniform, from one or two suits, honour-heavy, or a
/// complete hand with a few tiles replaced (so that ready and complete hands are common).
pub fn random_hand(rng: &mut Rng, n: u32) -> Counts {
    let mut counts = Counts::EMPTY;
    match rng.below(6) {
        0 | 1 => draw(rng, &mut counts, n, (1 << 34) - 1),
        2 => {
            let s = rng.below(4) as u64;
            let t = rng.below(4) as u64;
            let mask = |s: u64| if s == 3 { 0x7f << 27 } else { 0x1ff << (9 * s) };
            draw(rng, &mut counts, n, mask(s) | mask(t));
        }
        3 => {
            let mask = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;
            let extra = 1u64 << rng.below(34);
            draw(rng, &mut counts, n, mask | extra);
        }
        _ => {
            // Melds and a pair, then replace a few tiles.
            let mut placed = 0;
            let mut guard = 0;
            while placed + 3 <= n && guard < 100 {
                guard += 1;
                let k = rng.below(34) as usize;
                if k < 27 && k % 9 <= 6 && rng.below(2) == 0 {
                    if (0..3).all(|d| counts.0[k + d] < 4) {
                        (0..3).for_each(|d| counts.0[k + d] += 1);
                        placed += 3;
                    }
                } else if counts.0[k] <= 1 {
                    counts.0[k] += 3;
                    placed += 3;
                }
            }
            draw(rng, &mut counts, n - placed, (1 << 34) - 1);
            for _ in 0..rng.below(3) {
                let k = rng.below(34) as usize;
                if counts.0[k] > 0 {
                    counts.0[k] -= 1;
                    draw(rng, &mut counts, 1, (1 << 34) - 1);
                }
            }
        }
    }
    counts
}
