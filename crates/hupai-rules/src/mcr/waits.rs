//! Which tiles a ready hand waits on, as the single-wait fans need them.
//!
//! A wait is any tile that completes the regular form, counted even when the hand already
//! holds all four copies of it (the reference counts such a "fifth-copy" wait as well, so a
//! hand whose only other wait is a tile it holds four times scores no single-wait fan; hupai
//! follows it).

use super::tiles::{self, Code, Table, ALL};

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

/// The regular-form waits of `standing` (`n` tiles: 13, 10, 7, 4 or 1).
pub(crate) fn regular_waits(standing: &Table, n: u32) -> Waits {
    let mut waits = Waits::default();
    let mut work = *standing;
    remove_melds(&mut work, 0, n, &mut waits);
    waits
}

/// Removes melds in non-decreasing order (each multiset of melds once), and reads the waits of
/// what is left when four or one tiles remain.
fn remove_melds(work: &mut Table, from: usize, left: u32, waits: &mut Waits) {
    if left == 1 {
        if let Some(&c) = ALL.iter().find(|&&c| work[c as usize] == 1) {
            waits.add(c);
        }
        return;
    }
    if left == 4 {
        four_tiles(work, waits);
    }
    for i in from..ALL.len() {
        let t = ALL[i];
        let ti = t as usize;
        if work[ti] == 0 {
            continue;
        }
        if work[ti] >= 3 {
            work[ti] -= 3;
            remove_melds(work, i, left - 3, waits);
            work[ti] += 3;
        }
        if tiles::is_numbered(t) && tiles::rank(t) < 8 && work[ti + 1] > 0 && work[ti + 2] > 0 {
            work[ti] -= 1;
            work[ti + 1] -= 1;
            work[ti + 2] -= 1;
            remove_melds(work, i, left - 3, waits);
            work[ti] += 1;
            work[ti + 1] += 1;
            work[ti + 2] += 1;
        }
    }
}

/// Four tiles: a pair plus a two-tile partial meld.
fn four_tiles(work: &mut Table, waits: &mut Waits) {
    for &p in &ALL {
        let pi = p as usize;
        if work[pi] < 2 {
            continue;
        }
        work[pi] -= 2;
        two_tiles(work, waits);
        work[pi] += 2;
    }
}

/// Two tiles: a pair (waiting on the same tile), or two tiles of a chow.
fn two_tiles(work: &Table, waits: &mut Waits) {
    for &t in &ALL {
        let ti = t as usize;
        if work[ti] == 0 {
            continue;
        }
        if work[ti] > 1 {
            waits.add(t);
            continue;
        }
        if tiles::is_numbered(t) {
            let r = tiles::rank(t);
            if r > 1 && work[ti - 1] > 0 {
                if r < 9 {
                    waits.add(t + 1);
                }
                if r > 2 {
                    waits.add(t - 2);
                }
                continue;
            }
            if r > 2 && work[ti - 2] > 0 {
                waits.add(t - 1);
            }
        }
    }
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
        let mut t = [0u8; tiles::TABLE_LEN];
        for k in counts.tiles() {
            t[tiles::code(k) as usize] += 1;
        }
        (t, counts.total())
    }

    #[test]
    fn nine_gates_waits_on_nine() {
        let (t, n) = table("1112345678999m");
        assert_eq!(regular_waits(&t, n).count(), 9);
        let (t, n) = table("123m456p789s1z23s");
        assert_eq!(regular_waits(&t, n).count(), 2);
        let (t, n) = table("123m456p789s1z24s");
        assert_eq!(regular_waits(&t, n).count(), 1);
        let (t, n) = table("4s");
        assert_eq!(regular_waits(&t, n).count(), 1);
    }
}
