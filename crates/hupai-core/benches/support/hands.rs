//! The fixed pseudo-random hands of the benchmarks, shared by `benches/core.rs` and the
//! `cpu_time` and `instructions` examples (included with `#[path]`), so that every figure is
//! measured on the same hands.

use hupai_core::Counts;

/// Hands per set (a power of two, so an index wraps with a mask).
pub const HANDS: usize = 4096;

/// xorshift64*, so the hands are the same on every machine.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// `HANDS` hands of `tiles` tiles drawn from a full wall.
pub fn hands(tiles: usize, seed: u64) -> Vec<Counts> {
    let mut rng = Rng(seed);
    (0..HANDS)
        .map(|_| {
            let mut wall: Vec<u8> = (0..136).map(|t| (t / 4) as u8).collect();
            let mut counts = Counts::EMPTY;
            for i in 0..tiles {
                let j = i + (rng.next() % (136 - i) as u64) as usize;
                wall.swap(i, j);
                counts.0[wall[i] as usize] += 1;
            }
            counts
        })
        .collect()
}
