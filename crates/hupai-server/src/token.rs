//! Seat tokens, mjai tickets and table ids: random from the operating system, tokens 128 bits
//! and more, kept only as their SHA-256.
//!
//! ```
//! use hupai_server::token::{hash, Token};
//! let t = Token::new().unwrap();
//! assert_eq!(t.text().len(), 43);
//! assert!(t.matches(&hash(t.text())));
//! assert!(!Token::new().unwrap().matches(&hash(t.text())));
//! ```

use sha2::{Digest, Sha256};

/// A secret a client shows to sit at its seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token(String);

/// Random bytes from the operating system.
pub fn random_bytes<const N: usize>() -> std::io::Result<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(bytes)
}

/// `bytes` as URL-safe base64 without padding.
fn base64url(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 2);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().fold(0u32, |n, &b| n << 8 | b as u32) << (8 * (3 - chunk.len()));
        for i in 0..=chunk.len() {
            out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

impl Token {
    /// A fresh token of 256 random bits.
    pub fn new() -> std::io::Result<Token> {
        Ok(Token(base64url(&random_bytes::<32>()?)))
    }

    /// A token as a client gave it.
    pub fn from_text(text: &str) -> Token {
        Token(text.to_string())
    }

    /// The token as the client holds it.
    pub fn text(&self) -> &str {
        &self.0
    }

    /// Whether this token is the one `stored` is the hash of.
    pub fn matches(&self, stored: &str) -> bool {
        constant_time_eq(hash(&self.0).as_bytes(), stored.as_bytes())
    }
}

/// The SHA-256 of a token, as 64 hex digits: what the store keeps.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares without stopping at the first difference.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A fresh id for a table: 12 URL-safe characters (72 random bits).
pub fn table_id() -> std::io::Result<String> {
    Ok(base64url(&random_bytes::<9>()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_is_rfc_4648() {
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
        assert_eq!(table_id().unwrap().len(), 12);
    }
}
