//! Which tiles a ready hand waits on, as the single-wait fans need them.
//!
//! A wait is any tile that completes the regular form, counted even when the hand already
//! holds all four copies of it (the reference counts such a "fifth-copy" wait as well, so a
//! hand whose only other wait is a tile it holds four times scores no single-wait fan; hupai
//! follows it).

use super::tiles::{Code, Table, ALL};

/// A set of codes (bit `code` of a 128-bit mask).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Waits(pub(crate) u128);

impl Waits {
    #[inline]
    fn add(&mut self, c: Code) {
        self.0 |= 1u128 << c;
    }

    /// Number of waiting tiles.
    pub(crate) fn count(self) -> u32 {
        self.0.count_ones()
    }
}

/// The regular-form waits of `standing` (3n+1 tiles), stopping once `limit` waits are found.
///
/// A tile is a wait when adding it completes melds and a pair; only tiles next to (within two
/// of) a held tile of the same suit, or held honours, can be.
pub(crate) fn regular_waits(standing: &Table, limit: u32) -> Waits {
    let mut waits = Waits::default();
    let mut work = *standing;
    for suit in 1..=4u8 {
        let base = usize::from(suit) * 16;
        let len = if suit == 4 { 7 } else { 9 };
        let mut present = 0u16;
        for r in 0..len {
            if work[base + 1 + r] > 0 {
                present |= 1 << r;
            }
        }
        let near = if suit == 4 {
            present
        } else {
            (present | present << 1 | present << 2 | present >> 1 | present >> 2) & 0x1FF
        };
        let mut bits = near;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = base + 1 + r;
            work[code] += 1;
            let complete = is_complete(&work);
            work[code] -= 1;
            if complete {
                waits.add(code as Code);
                if waits.count() >= limit {
                    return waits;
                }
            }
        }
    }
    waits
}

/// Whether the tiles (3n+2) are melds and one pair.
pub(crate) fn is_complete(t: &Table) -> bool {
    let mut pair = false;
    for suit in 1..=4usize {
        let base = suit * 16 + 1;
        let len = if suit == 4 { 7 } else { 9 };
        let mut c = [0u8; 9];
        c[..len].copy_from_slice(&t[base..base + len]);
        let sum: u32 = c.iter().map(|&x| u32::from(x)).sum();
        match sum % 3 {
            0 => {
                if !melds_only(c, suit == 4) {
                    return false;
                }
            }
            2 => {
                if pair {
                    return false;
                }
                pair = true;
                let mut found = false;
                for i in 0..len {
                    if c[i] >= 2 {
                        let mut d = c;
                        d[i] -= 2;
                        if melds_only(d, suit == 4) {
                            found = true;
                            break;
                        }
                    }
                }
                if !found {
                    return false;
                }
            }
            _ => return false,
        }
    }
    pair
}

/// Whether one suit's counts are melds only (honours: pungs only).
fn melds_only(mut c: [u8; 9], honors: bool) -> bool {
    if honors {
        return c.iter().all(|&x| x % 3 == 0);
    }
    for i in 0..9 {
        let chows = c[i] % 3;
        if chows == 0 {
            continue;
        }
        if i > 6 || c[i + 1] < chows || c[i + 2] < chows {
            return false;
        }
        c[i + 1] -= chows;
        c[i + 2] -= chows;
    }
    true
}

/// The seven-pairs wait of 13 standing tiles (four of a kind count as two pairs): the lone tile
/// when six pairs are there.
pub(crate) fn seven_pairs_wait(standing: &Table) -> Waits {
    let mut pairs = 0;
    let mut lone = None;
    for &c in &ALL {
        let n = standing[c as usize];
        pairs += n / 2;
        if n % 2 == 1 {
            lone = Some(c);
        }
    }
    let mut waits = Waits::default();
    if pairs == 6 {
        if let Some(c) = lone {
            waits.add(c);
        }
    }
    waits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(s: &str) -> (Table, u32) {
        let counts: hupai_core::Counts = s.parse().unwrap();
        let mut t = [0u8; super::super::tiles::TABLE_LEN];
        for k in counts.tiles() {
            t[super::super::tiles::code(k) as usize] += 1;
        }
        (t, counts.total())
    }

    #[test]
    fn nine_gates_waits_on_nine() {
        let (t, n) = table("1112345678999m");
        assert_eq!(regular_waits(&t, 9).count(), 9);
        let _ = n;
        let (t, _) = table("123m456p789s11z23s");
        assert_eq!(regular_waits(&t, 9).count(), 2);
        let (t, _) = table("123m456p789s11z24s");
        assert_eq!(regular_waits(&t, 9).count(), 1);
        let (t, _) = table("4s");
        assert_eq!(regular_waits(&t, 9).count(), 1);
        // A tile held four times still counts as a wait, as in the reference.
        let (t, _) = table("1111m");
        assert_eq!(regular_waits(&t, 9).count(), 1);
    }
}
