//! A score written straight into a byte buffer as the JSON of [`crate::score_json`], for the
//! command line's streams: byte for byte what `serde_json` writes for the `Serialize` impl
//! (the tests compare the two on every fixture hand), at a fraction of the cost (serde_json
//! escapes every string byte by byte; the names here need no escaping, which one scan checks).
//!
//! ```
//! use hupai_rules::{RulesCache, ScoreLine};
//! let line: ScoreLine = serde_json::from_str(
//!     r#"{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m", "self_drawn": true}"#,
//! ).unwrap();
//! let score = line.score(&mut RulesCache::default()).unwrap();
//! let mut out = Vec::new();
//! score.write_json(&mut out);
//! assert_eq!(out, serde_json::to_vec(&score).unwrap());
//! ```

use std::io::Write;

use crate::{Score, ScoreItem, Variant};

impl Score {
    /// Appends the score's JSON object (see [`crate::score_json`]) to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        let riichi = self.variant == Variant::Riichi;
        if riichi {
            number(out, b"{\"han\":", self.total);
            number(out, b",\"fu\":", self.fu);
            out.extend_from_slice(b",\"limit\":");
            match self.limit {
                Some(limit) => string(out, &limit.name()),
                None => out.extend_from_slice(b"null"),
            }
            out.extend_from_slice(b",\"yaku\":[");
        } else {
            number(out, b"{\"total\":", self.total);
            out.extend_from_slice(b",\"meets_minimum\":");
            out.extend_from_slice(if self.meets_minimum { b"true" } else { b"false" });
            out.extend_from_slice(b",\"fans\":[");
        }
        for (i, item) in self.items.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_item(out, item, riichi);
        }
        let p = &self.payments;
        number(out, b"],\"points\":{\"total\":", p.total);
        optional(out, b",\"ron\":", p.ron);
        if !riichi {
            number(out, b",\"ron_others\":", p.ron_others);
        }
        if let Some([a, b, c]) = p.by_payer {
            number(out, b",\"by_payer\":[", a);
            number(out, b",", b);
            number(out, b",", c);
            out.push(b']');
        }
        out.extend_from_slice(b",\"tsumo\":");
        match (p.tsumo_dealer, p.tsumo_others) {
            (None, None) => out.extend_from_slice(b"null"),
            (dealer, others) => {
                optional(out, b"{\"dealer\":", dealer);
                optional(out, b",\"others\":", others);
                out.push(b'}');
            }
        }
        out.extend_from_slice(b"}}");
    }
}

/// One yaku (riichi: `han` is the value times the count) or fan.
fn write_item(out: &mut Vec<u8>, item: &ScoreItem, riichi: bool) {
    out.extend_from_slice(b"{\"id\":");
    plain(out, item.id.as_str());
    out.extend_from_slice(b",\"name\":");
    plain(out, item.name());
    if riichi {
        out.extend_from_slice(b",\"ja\":");
        plain(out, item.local_name());
        number(out, b",\"han\":", item.value * item.count);
    } else {
        out.extend_from_slice(b",\"zh\":");
        plain(out, item.local_name());
        number(out, b",\"points\":", item.value);
        number(out, b",\"count\":", item.count);
    }
    out.push(b'}');
}

/// `key` then the number in decimal.
fn number(out: &mut Vec<u8>, key: &[u8], mut n: u32) {
    out.extend_from_slice(key);
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// `key` then the number or `null`.
fn optional(out: &mut Vec<u8>, key: &[u8], n: Option<u32>) {
    match n {
        Some(n) => number(out, key, n),
        None => {
            out.extend_from_slice(key);
            out.extend_from_slice(b"null");
        }
    }
}

/// An item's id or name as a JSON string: none needs escaping (a test checks every item of
/// every variant), so its bytes are copied as they are.
fn plain(out: &mut Vec<u8>, s: &'static str) {
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// A JSON string, escaped as serde_json escapes it (the names need no escaping: one scan).
fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    // Without an early exit, so that the scan is byte-parallel.
    let plain = !s.bytes().fold(false, |bad, b| bad | (b < 0x20) | (b == b'"') | (b == b'\\'));
    if plain {
        out.extend_from_slice(s.as_bytes());
    } else {
        for &b in s.as_bytes() {
            match b {
                b'"' => out.extend_from_slice(b"\\\""),
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.extend_from_slice(b"\\t"),
                0x08 => out.extend_from_slice(b"\\b"),
                0x0c => out.extend_from_slice(b"\\f"),
                0..=0x1f => {
                    let _ = write!(out, "\\u{b:04x}");
                }
                _ => out.push(b),
            }
        }
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 1300, 48_000, u32::MAX] {
            let mut out = Vec::new();
            number(&mut out, b"", n);
            assert_eq!(out, n.to_string().as_bytes());
        }
    }

    #[test]
    fn no_item_name_needs_escaping() {
        for variant in Variant::ALL {
            for id in variant.items() {
                for s in [id.as_str(), id.name(), id.local_name()] {
                    let (mut quoted, mut escaped) = (Vec::new(), Vec::new());
                    plain(&mut quoted, s);
                    string(&mut escaped, s);
                    assert_eq!(quoted, escaped, "{variant:?} {s}");
                }
            }
        }
    }

    #[test]
    fn strings_that_need_escaping_are_escaped_as_serde_json_does() {
        for s in ["plain", "中文", "a \"quoted\" \\ name", "tab\there\n\r\u{8}\u{c}", "\u{1}\u{1f}"]
        {
            let mut out = Vec::new();
            string(&mut out, s);
            assert_eq!(out, serde_json::to_vec(s).unwrap(), "{s}");
        }
    }
}
