//! The seed commitment: how a seat can trust its walls without being able to predict them.
//!
//! The seed fixes every wall of a match, so no seat may see it while the match runs. Instead
//! `start_game` carries `seed_commitment`, the SHA-256 of the seed's 8 little-endian bytes
//! followed by the secret's 16 little-endian bytes, as 64 lower-case hex digits. `end_game`
//! reveals the seed and the secret (32 hex digits), so anyone can check the commitment and
//! replay the match from the seed.
//!
//! The commitment hides the seed only when the secret is unpredictable: under a known secret
//! (0 is [`crate::Setup::new`]'s) anyone can try likely seeds (small numbers, the arena's wall
//! seeds) against it. Whoever shows a stream to a player who did not choose the seed (the
//! arena, `selfplay` and the server, whose seats may be external bots or strangers) draws the
//! secret with [`random_secret`].
//!
//! ```
//! use hupai_engine::commitment::{commit, secret_text, verify};
//! let secret = 0x0123_4567_89ab_cdef_0011_2233_4455_6677u128;
//! let c = commit(42, secret);
//! assert_eq!(c.len(), 64);
//! assert!(verify(&c, 42, &secret_text(secret)));
//! assert!(!verify(&c, 43, &secret_text(secret)));
//! ```

use sha2::{Digest, Sha256};

/// The commitment to `seed` under `secret`, as 64 hex digits.
pub fn commit(seed: u64, secret: u128) -> String {
    let mut h = Sha256::new();
    h.update(seed.to_le_bytes());
    h.update(secret.to_le_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A secret drawn from the operating system's random source.
pub fn random_secret() -> std::io::Result<u128> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(u128::from_le_bytes(bytes))
}

/// The secret as it is written in logs: 32 hex digits.
pub fn secret_text(secret: u128) -> String {
    format!("{secret:032x}")
}

/// Reads a secret written by [`secret_text`].
pub fn parse_secret(text: &str) -> Option<u128> {
    (text.len() == 32).then(|| u128::from_str_radix(text, 16).ok()).flatten()
}

/// Whether `commitment` is the commitment to `seed` under the secret `secret` (hex text).
pub fn verify(commitment: &str, seed: u64, secret: &str) -> bool {
    parse_secret(secret).is_some_and(|s| commit(seed, s) == commitment)
}
