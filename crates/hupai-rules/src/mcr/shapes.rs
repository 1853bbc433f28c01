//! Hand shapes for MCR scoring: packs (declared melds and melds read from the concealed tiles),
//! the regular-form divisions in the reference's order, and the tile multisets the scorer needs.

use super::tiles::{self, Code, Table, ALL};

/// What a pack is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PackKind {
    /// Three consecutive tiles.
    Chow = 1,
    /// Three identical tiles.
    Pung = 2,
    /// Four identical tiles (only declared).
    Kong = 3,
    /// Two identical tiles.
    Pair = 4,
}

/// A pack: its kind, its tile (the middle tile for a chow) and whether it is melded (made with
/// another player's tile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pack {
    pub(crate) kind: PackKind,
    pub(crate) tile: Code,
    pub(crate) melded: bool,
}

impl Pack {
    pub(crate) const fn new(kind: PackKind, tile: Code, melded: bool) -> Pack {
        Pack { kind, tile, melded }
    }

    /// Adds the pack's tiles to `table`.
    pub(crate) fn add_to(self, table: &mut Table) {
        let t = self.tile as usize;
        match self.kind {
            PackKind::Chow => {
                table[t - 1] += 1;
                table[t] += 1;
                table[t + 1] += 1;
            }
            PackKind::Pung => table[t] += 3,
            PackKind::Kong => table[t] += 4,
            PackKind::Pair => table[t] += 2,
        }
    }
}

/// Five packs: declared melds first (in declaration order), then the concealed melds, then the
/// pair at index 4.
pub(crate) type Packs = [Pack; 5];

/// Upper bound on the divisions of one hand (the reference's own bound).
pub(crate) const MAX_DIVISIONS: usize = 20;

/// The regular-form divisions of the concealed tiles, each completed by the declared melds.
pub(crate) struct Divisions {
    pub(crate) list: [Packs; MAX_DIVISIONS],
    pub(crate) len: usize,
}

/// Enumerates the divisions of `standing` (the concealed tiles with the win tile, as a table)
/// into `4 - fixed.len()` melds and a pair, after the declared `fixed` packs, in the order in
/// which the reference finds them (see [`division_key`]).
pub(crate) fn divide(standing: &Table, fixed: &[Pack], out: &mut Divisions) {
    out.len = 0;
    let mut work: Work = [0; tiles::TABLE_LEN + 8];
    work[..tiles::TABLE_LEN].copy_from_slice(standing);
    let mut packs = [Pack::new(PackKind::Pair, 0, false); 5];
    packs[..fixed.len()].copy_from_slice(fixed);
    // Each suit's tiles (nine codes from rank 1; the honours' two codes past 7 are empty).
    let mut suit_len = [0u32; 5];
    for (suit, n) in suit_len.iter_mut().enumerate().skip(1) {
        *n = nine_sum(&work, suit * 16 + 1);
    }
    let remaining: u32 = suit_len.iter().sum();
    if remaining != 14 - 3 * fixed.len() as u32 {
        return;
    }
    // The pair lies in the one suit whose tile count is 2 modulo 3.
    let mut pair_suit = 0;
    for (suit, &n) in suit_len.iter().enumerate().skip(1) {
        match n % 3 {
            0 => {}
            2 if pair_suit == 0 => pair_suit = suit,
            _ => return,
        }
    }
    if pair_suit == 0 {
        return;
    }
    let first = pair_suit * 16 + 1;
    let len = if pair_suit == 4 { 7 } else { 9 };
    // A chow's or a pung's ranks add up to a multiple of three, so in a number suit the pair's
    // rank r has 2r = the suit's rank sum (mod 3): r = 2 * sum (mod 3). The other ranks cannot
    // hold the pair and are not tried (honours: any).
    // The codes tried: every third rank from the first the rank sum allows (1, 2 or 3).
    let (start, step) = if pair_suit == 4 {
        (first, 1)
    } else {
        let weighted: u32 =
            (0..9).map(|i| (i as u32 + 1) * u32::from(work[first + i])).sum::<u32>();
        let rank = match (2 * weighted) % 3 {
            0 => 3,
            r => r as usize,
        };
        (first + rank - 1, 3)
    };
    for p in (start..first + len).step_by(step) {
        if work[p] < 2 {
            continue;
        }
        let p = p as Code;
        work[p as usize] -= 2;
        packs[4] = Pack::new(PackKind::Pair, p, false);
        melds(&mut work, usize::from(ALL[0]), false, fixed.len(), &mut packs, out);
        work[p as usize] += 2;
    }
    // The reference discovers divisions in lexicographic order of their melds sorted by (lowest
    // tile, pung before chow); sort into that order (a handful of entries at most).
    if out.len > 1 {
        let list = &mut out.list[..out.len];
        let fixed_len = fixed.len();
        list.sort_by_key(|d| division_key(d, fixed_len));
    }
}

/// The concealed tiles left to read, by code, with room to read eight codes from any code.
type Work = [u8; tiles::TABLE_LEN + 8];

/// The sum of the nine counts from code `from` (at most 14 tiles: the bytes of a word added
/// by one multiplication, without a carry between them).
#[inline]
fn nine_sum(work: &Work, from: usize) -> u32 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&work[from..from + 8]);
    let x = u64::from_le_bytes(word);
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32 + u32::from(work[from + 8])
}

fn melds(
    work: &mut Work,
    from: usize,
    chow_at_from: bool,
    idx: usize,
    packs: &mut Packs,
    out: &mut Divisions,
) {
    if idx == 4 {
        if out.len < MAX_DIVISIONS {
            out.list[out.len] = *packs;
            out.len += 1;
        }
        return;
    }
    // The lowest code left, eight codes at a time (codes between suits are always empty).
    let mut ti = from;
    loop {
        if ti >= tiles::TABLE_LEN {
            return;
        }
        let mut word = [0u8; 8];
        word.copy_from_slice(&work[ti..ti + 8]);
        let x = u64::from_le_bytes(word);
        if x != 0 {
            ti += (x.trailing_zeros() / 8) as usize;
            break;
        }
        ti += 8;
    }
    let t = ti as Code;
    // Melds are read in (lowest tile, pung before chow) order, so each multiset once: no pung
    // right after a chow at the same tile.
    if work[ti] >= 3 && !(chow_at_from && ti == from) {
        work[ti] -= 3;
        packs[idx] = Pack::new(PackKind::Pung, t, false);
        melds(work, ti, false, idx + 1, packs, out);
        work[ti] += 3;
    }
    // A number tile of rank 8 or 9 has an empty code after it, so no chow starts there.
    if tiles::is_numbered(t) && work[ti + 1] > 0 && work[ti + 2] > 0 {
        work[ti] -= 1;
        work[ti + 1] -= 1;
        work[ti + 2] -= 1;
        packs[idx] = Pack::new(PackKind::Chow, t + 1, false);
        melds(work, ti, true, idx + 1, packs, out);
        work[ti] += 1;
        work[ti + 1] += 1;
        work[ti + 2] += 1;
    }
}

/// The order key of a division: its concealed melds as (lowest tile, pung 0 / chow 1), already
/// in ascending order because [`divide`] reads melds lowest tile first, pungs before chows.
pub(crate) fn division_key(d: &Packs, fixed: usize) -> [u16; 4] {
    let mut key = [0u16; 4];
    for (k, p) in key.iter_mut().zip(&d[fixed..4]) {
        *k = match p.kind {
            PackKind::Chow => (u16::from(p.tile - 1) << 1) | 1,
            _ => u16::from(p.tile) << 1,
        };
    }
    key
}

/// The tiles of a table in the reference's order, at most `max`.
pub(crate) fn tiles_of(table: &Table, out: &mut [Code]) -> usize {
    let mut n = 0;
    for &c in &ALL {
        for _ in 0..table[c as usize] {
            if n == out.len() {
                return n;
            }
            out[n] = c;
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(s: &str) -> Table {
        let counts: hupai_core::Counts = s.parse().unwrap();
        let mut t = [0u8; tiles::TABLE_LEN];
        for k in counts.tiles() {
            t[tiles::code(k) as usize] += 1;
        }
        t
    }

    #[test]
    fn divisions_in_reference_order() {
        let mut out = Divisions { list: [[Pack::new(PackKind::Pair, 0, false); 5]; 20], len: 0 };
        divide(&table("11122233344455m"), &[], &mut out);
        // 111 222 333 444, 123 123 123 444, 111 234 234 234, 11 123 234 345 (pair 44 ... ),
        // each once, in key order.
        assert_eq!(out.len, 4);
        for w in out.list[..out.len].windows(2) {
            assert!(division_key(&w[0], 0) < division_key(&w[1], 0));
        }
        assert_eq!(out.list[0][0].kind, PackKind::Pung);
    }
}
