//! Which tiles a ready hand waits on, as the single-wait fans need them.
//!
//! A wait is any tile that completes the regular form, counted even when the hand already
//! holds all four copies of it (the reference counts such a "fifth-copy" wait as well, so a
//! hand whose only other wait is a tile it holds four times scores no single-wait fan; hupai
//! follows it).

use super::tiles::{Code, Table, ALL, KIND_CODE};

/// A set of codes (bit `code` of a 128-bit mask).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Waits(pub(crate) u128);

impl Waits {
    #[inline]
    fn add(&mut self, c: Code) {
        self.0 |= 1u128 << c;
    }

    /// The waits of a set of kinds (bit `kind index` of `bits`).
    pub(crate) fn of_kinds(mut bits: u64) -> Waits {
        let mut waits = Waits::default();
        while bits != 0 {
            waits.add(KIND_CODE[bits.trailing_zeros() as usize & 63]);
            bits &= bits - 1;
        }
        waits
    }

    /// Number of waiting tiles.
    pub(crate) fn count(self) -> u32 {
        self.0.count_ones()
    }
}

/// The regular-form waits of `standing` (3n+1 tiles), stopping once `limit` waits are found.
///
/// A tile is a wait when adding it completes melds and a pair; only tiles next to (within two
/// of) a held tile of the same suit, or held honours, can be. Adding a tile changes one suit,
/// so the other suits' state is computed once.
///
/// `win_suit`: when the tiles are a complete hand less one tile of that suit, the other suits
/// are known to be complete and are not examined.
#[allow(clippy::needless_range_loop)] // suits index several parallel arrays
pub(crate) fn regular_waits(standing: &Table, limit: u32, win_suit: Option<u8>) -> Waits {
    let mut waits = Waits::default();
    // Per suit: Some(false) melds only, Some(true) melds and a pair, None neither.
    let mut state = [None; 5];
    let mut counts = [[0u8; 9]; 5];
    for suit in 1..=4usize {
        let len = if suit == 4 { 7 } else { 9 };
        counts[suit][..len].copy_from_slice(&standing[suit * 16 + 1..suit * 16 + 1 + len]);
        state[suit] = match win_suit {
            Some(w) if usize::from(w) != suit => {
                let sum: u32 = counts[suit].iter().map(|&x| u32::from(x)).sum();
                Some(sum % 3 == 2)
            }
            _ => suit_state(counts[suit], suit == 4),
        };
    }
    for suit in 1..=4usize {
        // The other suits must be complete, with at most one pair among them.
        let mut others_pairs = 0;
        let mut others_ok = true;
        for (o, st) in state.iter().enumerate().skip(1) {
            if o == suit {
                continue;
            }
            match st {
                Some(p) => others_pairs += usize::from(*p),
                None => others_ok = false,
            }
        }
        if !others_ok || others_pairs > 1 {
            continue;
        }
        let c = counts[suit];
        let mut present = 0u16;
        for (r, &n) in c.iter().enumerate() {
            if n > 0 {
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
            let mut d = c;
            d[r] += 1;
            if let Some(pair) = suit_state(d, suit == 4) {
                if usize::from(pair) + others_pairs == 1 {
                    waits.add((suit * 16 + 1 + r) as Code);
                    if waits.count() >= limit {
                        return waits;
                    }
                }
            }
        }
    }
    waits
}

/// One suit's counts: `Some(false)` when they are melds only, `Some(true)` when melds and one
/// pair, `None` otherwise.
fn suit_state(c: [u8; 9], honors: bool) -> Option<bool> {
    let sum: u32 = c.iter().map(|&x| u32::from(x)).sum();
    if sum == 0 {
        return Some(false);
    }
    match sum % 3 {
        0 => melds_only(c, honors).then_some(false),
        2 => {
            // Melds have rank sums divisible by 3, so the pair's rank r has 2r = S (mod 3).
            let weighted: u32 =
                c.iter().enumerate().map(|(i, &x)| (i as u32 + 1) * u32::from(x)).sum();
            let want = (2 * weighted) % 3;
            for i in 0..9 {
                if c[i] >= 2 && (honors || (i as u32 + 1) % 3 == want) {
                    let mut d = c;
                    d[i] -= 2;
                    if melds_only(d, honors) {
                        return Some(true);
                    }
                }
            }
            None
        }
        _ => None,
    }
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
        assert_eq!(regular_waits(&t, 9, None).count(), 9);
        let _ = n;
        let (t, _) = table("123m456p789s11z23s");
        assert_eq!(regular_waits(&t, 9, None).count(), 2);
        let (t, _) = table("123m456p789s11z24s");
        assert_eq!(regular_waits(&t, 9, None).count(), 1);
        let (t, _) = table("4s");
        assert_eq!(regular_waits(&t, 9, None).count(), 1);
        // A tile held four times still counts as a wait, as in the reference.
        let (t, _) = table("1111m");
        assert_eq!(regular_waits(&t, 9, None).count(), 1);
    }
}
