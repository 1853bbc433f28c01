//! Hand text in plain MPSZ read in one pass over its bytes: the text of nearly every hand a
//! program writes (`123m456p789s1122z`, `11m456s chi:789p pon:555z`), read without the
//! general reader's tokens, columns and per-tile results.
//!
//! The plain text is: tokens separated by single spaces; a concealed token is runs of digits,
//! each closed by `m`, `p`, `s` or `z` (`0` a red five, honours `1z..7z`); a meld token is
//! `chi:`, `pon:`, `kan:`, `kakan:` or `ankan:`, one run of digits and its suit letter, and a
//! valid meld. Anything else (other notations, jokers, other white space, a bad tile or meld,
//! more than 14 tiles, a hand that does not check) gives None, and the general reader reads
//! the text and names what is wrong. Where this reader gives a hand, the general one gives the
//! same (`notation`'s tests compare both on every committed fixture hand and on many generated
//! texts, good and bad).
//!
//! ```
//! use hupai_core::Hand;
//! let hand: Hand = "11m456s chi:789p pon:555z".parse().unwrap();
//! assert_eq!(hand.to_string(), "11m456s chi:789p pon:555z");
//! ```

use crate::{Counts, Hand, Kind, Meld, MeldKind};

/// A plain suit letter's suit index (man 0, pin 1, sou 2, honours 3), or 4 for any other byte.
const fn suit_of(b: u8) -> usize {
    match b {
        b'm' => 0,
        b'p' => 1,
        b's' => 2,
        b'z' => 3,
        _ => 4,
    }
}

/// The meld type a token's prefix names and the length of the prefix with its colon.
fn meld_prefix(token: &[u8]) -> Option<(MeldKind, usize)> {
    Some(match token {
        [b'c', b'h', b'i', b':', ..] => (MeldKind::Chi, 4),
        [b'p', b'o', b'n', b':', ..] => (MeldKind::Pon, 4),
        [b'k', b'a', b'n', b':', ..] => (MeldKind::Kan, 4),
        [b'k', b'a', b'k', b'a', b'n', b':', ..] => (MeldKind::AddedKan, 6),
        [b'a', b'n', b'k', b'a', b'n', b':', ..] => (MeldKind::ClosedKan, 6),
        _ => return None,
    })
}

/// The hand in plain hand text (see the module), or None where the general reader must read it.
pub(crate) fn read_plain_hand(text: &str) -> Option<Hand> {
    let bytes = text.as_bytes();
    // The concealed tiles of each suit as how many of each digit, four bits a digit (at most
    // 14 tiles, so no count overflows its four bits); the run being read before its letter.
    let (mut suits, mut run) = ([0u64; 4], 0u64);
    let (mut tiles, mut run_len) = (0u32, 0u32);
    let (mut melds, mut meld_count) = ([Meld::pon(Kind::default()); 4], 0usize);
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        let digit = b.wrapping_sub(b'0');
        if digit < 10 {
            // A run longer than a hand is never plain (and a run of any length must not carry
            // past its counts' bits: texts come from anyone).
            if run_len == 14 {
                return None;
            }
            run += 1 << (4 * digit);
            run_len += 1;
            at += 1;
            continue;
        }
        let suit = suit_of(b);
        if suit < 4 && run_len > 0 {
            // A letter closes its run.
            tiles += run_len;
            if tiles > 14 {
                return None;
            }
            suits[suit] += run;
            (run, run_len) = (0, 0);
            at += 1;
            // A token ends at a space (one, with a token after it) or at the end.
            match bytes.get(at) {
                None => break,
                Some(b' ') if bytes.get(at + 1).is_some_and(|&b| b != b' ') => at += 1,
                Some(b) if b.is_ascii_digit() => {}
                Some(_) => return None,
            }
            continue;
        }
        // Anything else in a token (a meld's prefix only starts one), or a meld token.
        if run_len > 0 || (at > 0 && bytes[at - 1] != b' ') {
            return None;
        }
        let (meld, end) = read_meld(bytes, at)?;
        *melds.get_mut(meld_count)? = meld;
        meld_count += 1;
        at = end;
        match bytes.get(at) {
            None => break,
            Some(b' ') if bytes.get(at + 1).is_some_and(|&b| b != b' ') => at += 1,
            Some(_) => return None,
        }
    }
    if run_len > 0 || tiles as usize + 3 * meld_count > 14 {
        return None;
    }
    // Honours go 1z..7z: no 0, 8 or 9 among them.
    const HONOUR_DIGITS: u64 = 0xFFFF_FFF0;
    if suits[3] & !HONOUR_DIGITS != 0 {
        return None;
    }
    // At most four copies of a kind, melds included (a red five is a five), four bits a kind:
    // the concealed tiles first, then each meld (no count can pass 8, so none overflows).
    let mut all = suits;
    for w in &mut all[..3] {
        *w = (*w & !15) + ((*w & 15) << 20);
    }
    if all.iter().any(|&w| over_four(w)) {
        return None;
    }
    for meld in &melds[..meld_count] {
        let first = meld.first();
        let shift = 4 * u32::from(first.number());
        let w = &mut all[first.suit().index()];
        *w += match meld.kind() {
            MeldKind::Chi => 0x111 << shift,
            MeldKind::Pon => 3 << shift,
            _ => 4 << shift,
        };
        if over_four(*w) {
            return None;
        }
    }
    let mut counts = Counts::EMPTY;
    let mut red = [0u8; 3];
    for (suit, &digits) in suits.iter().enumerate() {
        let (ones_to_eight, nine) = spread(digits);
        let first = suit * 9;
        if suit < 3 {
            counts.0[first..first + 8].copy_from_slice(&ones_to_eight);
            counts.0[first + 8] = nine;
            // `0` is a red five.
            red[suit] = (digits & 15) as u8;
            counts.0[first + 4] += red[suit];
        } else {
            counts.0[first..first + 7].copy_from_slice(&ones_to_eight[..7]);
        }
    }
    // Checked as `Hand::with_extras` checks: at most four melds and 14 tiles, four copies of
    // a kind; no more red fives than fives (a red five is one of the fives here), no joker.
    Some(Hand::from_checked(counts, melds, meld_count as u8, red))
}

/// Whether a count of four bits is over four (its bit for eight, or for four and one below).
fn over_four(counts: u64) -> bool {
    const LOW: u64 = 0x1111_1111_1111_1111;
    (counts & (LOW * 8)) | ((counts >> 2) & (counts | (counts >> 1)) & LOW) != 0
}

/// The counts of digits 1 to 8 of a suit's four-bit counts (one a byte), and of digit 9.
fn spread(digits: u64) -> ([u8; 8], u8) {
    let mut x = (digits >> 4) & 0xFFFF_FFFF;
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    (x.to_le_bytes(), (digits >> 36 & 15) as u8)
}

/// The meld token at `at` (a prefix, one run of digits and its suit letter) and where it ends.
fn read_meld(bytes: &[u8], at: usize) -> Option<(Meld, usize)> {
    let (kind, prefix) = meld_prefix(&bytes[at..])?;
    let run = at + prefix;
    let mut end = run;
    while bytes.get(end).is_some_and(u8::is_ascii_digit) {
        end += 1;
    }
    let digits = &bytes[run..end];
    let suit = suit_of(*bytes.get(end)?);
    let size = if kind == MeldKind::Chi || kind == MeldKind::Pon { 3 } else { 4 };
    if suit == 4 || digits.len() != size {
        return None;
    }
    // The kinds' numbers, sorted (a chi may be written in any order), and the red fives.
    let (mut numbers, mut red) = ([0u8; 4], 0u8);
    for (slot, &d) in numbers.iter_mut().zip(digits) {
        let n = d - b'0';
        *slot = if n == 0 && suit != 3 {
            red += 1;
            5
        } else {
            n
        };
    }
    let numbers = &mut numbers[..size];
    numbers.sort_unstable();
    let high = if suit == 3 { 7 } else { 9 };
    if numbers[0] == 0 || numbers[size - 1] > high {
        return None;
    }
    let first = Kind::new((suit * 9) as u8 + numbers[0] - 1)?;
    let meld = match kind {
        MeldKind::Chi => {
            let run = numbers[1] == numbers[0] + 1 && numbers[2] == numbers[0] + 2;
            if suit == 3 || !run {
                return None;
            }
            Meld::chi(first).ok()?
        }
        _ if numbers.iter().any(|&n| n != numbers[0]) => return None,
        MeldKind::Pon => Meld::pon(first),
        _ => Meld::kan(kind, first),
    };
    Some((meld.with_red(red).ok()?, end + 1))
}
