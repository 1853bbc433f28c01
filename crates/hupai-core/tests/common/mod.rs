//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;

use hupai_core::Counts;

/// The `shared` directory next to the repository (found by walking up from the crate, so it
/// works in CI, where it is `../shared`, and in worktrees nested deeper).
pub fn shared_dir() -> PathBuf {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    loop {
        let candidate = dir.join("shared");
        if candidate.join("corpora").is_dir() {
            return candidate;
        }
        if !dir.pop() {
            panic!("no shared/corpora directory above {}", env!("CARGO_MANIFEST_DIR"));
        }
    }
}

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
