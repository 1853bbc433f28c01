//! Hand text in plain MPSZ read in one pass over its bytes: the text of nearly every hand a
//! program writes (`123m456p789s1122z`, `11m456s chi:789p pon:555z`), read without the
//! general reader's tokens, columns and per-tile results.
//!
//! The plain text is: tokens separated by single spaces; a concealed token is runs of digits,
//! each closed by `m`, `p`, `s` or `z` (`0` a red five, honours `1z..7z`); a meld token is
//! `chi:`, `pon:`, `kan:`, `kakan:` or `ankan:`, one run of digits and its suit letter, and a
//! valid meld. Anything else (other notations, jokers, other white space, a bad tile or meld,
//! more than 14 tiles, a text over 64 bytes, a hand that does not check) gives None, and the
//! general reader reads the text and names what is wrong. Where this reader gives a hand, the general one gives the
//! same (`notation`'s tests compare both on every committed fixture hand and on many generated
//! texts, good and bad).
//!
//! ```
//! use hupai_core::Hand;
//! let hand: Hand = "11m456s chi:789p pon:555z".parse().unwrap();
//! assert_eq!(hand.to_string(), "11m456s chi:789p pon:555z");
//! ```

use crate::{Counts, Hand, Kind, Meld, MeldKind};

/// The longest text read here. The longest plain text of a hand is 53 bytes (four `kakan:`
/// melds and two single tiles, each its own token; fourteen single tiles take 41): anything
/// longer is left to the general reader. So a run has at most 64 digits, and its four-bit
/// counts carry at most into the next count, never out of their word (digit 9's from bit
/// 36): such a run has more than 14 tiles, which the tile count (taken from the run's length,
/// not its counts) refuses.
const LONGEST: usize = 64;

/// Each digit byte's four-bit count as one more of it (`0` a red five, counted apart), and 0
/// for every other byte: a run of digits is read with one test a byte.
const ONE_OF_BYTE: [u64; 256] = {
    let mut ones = [0u64; 256];
    let mut digit = 0;
    while digit < 10 {
        ones[b'0' as usize + digit] = 1 << (4 * digit);
        digit += 1;
    }
    ones
};

/// No suit: the index [`SUIT_OF_BYTE`] gives any byte that is not a plain suit letter.
const NO_SUIT: u8 = 4;

/// Each byte's suit index as a plain suit letter (man 0, pin 1, sou 2, honours 3), or
/// [`NO_SUIT`].
const SUIT_OF_BYTE: [u8; 256] = {
    let mut suits = [NO_SUIT; 256];
    suits[b'm' as usize] = 0;
    suits[b'p' as usize] = 1;
    suits[b's' as usize] = 2;
    suits[b'z' as usize] = 3;
    suits
};

/// The digits an honour may have in four-bit counts: `1z`..`7z` (no 0, 8 or 9).
const HONOUR_DIGITS: u64 = 0xFFFF_FFF0;

/// The four-bit counts a meld's digits make from its lowest number: one each of three
/// numbers for a chi, three or four of one for the others.
const fn meld_shape(kind: MeldKind) -> u64 {
    match kind {
        MeldKind::Chi => 0x111,
        MeldKind::Pon => 3,
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

/// A meld read from its token, with what it adds to its suit's four-bit counts.
struct MeldRead {
    meld: Meld,
    /// Where its token ends (after its suit letter).
    end: usize,
    suit: usize,
    /// Its tiles as four-bit counts of its suit (a red five a five).
    counts: u64,
}

/// The hand in plain hand text (see the module), or None where the general reader must read it.
// Inlined into its one caller, so that the hand is built where that caller returns it.
#[inline]
pub(crate) fn read_plain_hand(text: &str) -> Option<Hand> {
    let bytes = text.as_bytes();
    if bytes.len() > LONGEST {
        return None;
    }
    // The concealed tiles of each suit as how many of each digit, four bits a digit (checked
    // for at most 14 tiles at the end: see `LONGEST` for why no count carries out of its word
    // before); the melds, and what each adds to its suit's counts.
    let mut suits = [0u64; 4];
    let mut tiles = 0usize;
    let (mut melds, mut meld_count) = ([Meld::pon(Kind::default()); 4], 0usize);
    let mut meld_counts = [(0usize, 0u64); 4];
    let mut at = 0;
    loop {
        // A token: runs of digits, each closed by a suit letter, or a meld.
        let token = at;
        loop {
            let (run_start, mut run) = (at, 0u64);
            while let Some(&b) = bytes.get(at) {
                let one = ONE_OF_BYTE[b as usize];
                if one == 0 {
                    break;
                }
                run += one;
                at += 1;
            }
            if at == run_start {
                break;
            }
            let suit = SUIT_OF_BYTE[*bytes.get(at)? as usize];
            if suit >= NO_SUIT {
                return None;
            }
            tiles += at - run_start;
            suits[suit as usize] += run;
            at += 1;
        }
        if at == token {
            // (Only an empty text ends at a token's start: a space has a token after it.)
            if at == bytes.len() {
                break;
            }
            let read = read_meld(bytes, at)?;
            *melds.get_mut(meld_count)? = read.meld;
            meld_counts[meld_count] = (read.suit, read.counts);
            meld_count += 1;
            at = read.end;
        }
        // A token ends at a space (one, with a token after it) or at the end.
        match bytes.get(at) {
            None => break,
            Some(b' ') => at += 1,
            Some(_) => return None,
        }
        if bytes.get(at).is_none_or(|&b| b == b' ') {
            return None;
        }
    }
    if tiles + 3 * meld_count > 14 || suits[3] & !HONOUR_DIGITS != 0 {
        return None;
    }
    // The counts with each red five a five (the red fives' own count, digit 0, is left: it is
    // never more than the fives').
    let [man, pin, sou, honours] = suits;
    let red = [(man & 15) as u8, (pin & 15) as u8, (sou & 15) as u8];
    let concealed =
        [man + ((man & 15) << 20), pin + ((pin & 15) << 20), sou + ((sou & 15) << 20), honours];
    // Each suit's counts spread one a byte: the numbers 1 to 8 of a number suit, its nine,
    // and the honours from their digit 0 (none, checked above).
    let [man_counts, pin_counts, sou_counts, honour_counts] = concealed;
    let ones_to_eight = [spread(man_counts >> 4), spread(pin_counts >> 4), spread(sou_counts >> 4)];
    let nine = |counts: u64| (counts >> 36 & 15) as u8;
    let nines = [nine(man_counts), nine(pin_counts), nine(sou_counts)];
    let honours = spread(honour_counts);
    // At most four copies of a kind among the concealed tiles (no count is over 14, so adding
    // 0x7B to a byte carries into its top bit exactly where the count is over four, and never
    // into the next byte)...
    const OVER_FOUR: u64 = 0x7B7B_7B7B_7B7B_7B7B;
    let nines_word = u64::from(u32::from_le_bytes([nines[0], nines[1], nines[2], 0]));
    let over = (ones_to_eight[0] + OVER_FOUR)
        | (ones_to_eight[1] + OVER_FOUR)
        | (ones_to_eight[2] + OVER_FOUR)
        | (honours + OVER_FOUR)
        | (nines_word + OVER_FOUR);
    if over & 0x8080_8080_8080_8080 != 0 {
        return None;
    }
    // ...then with each meld, in four-bit counts (no count can pass 8, so none overflows).
    let mut all = concealed;
    for &(suit, counts) in meld_counts.iter().take(meld_count) {
        let w = &mut all[suit];
        *w += counts;
        if over_four(*w) != 0 {
            return None;
        }
    }
    // The hand's counts: the honours first, from their digit 0 into the sou's nine, which the
    // sou then writes.
    let mut counts = Counts::EMPTY;
    counts.0[26..34].copy_from_slice(&honours.to_le_bytes());
    for suit in 0..3 {
        let first = 9 * suit;
        counts.0[first..first + 8].copy_from_slice(&ones_to_eight[suit].to_le_bytes());
        counts.0[first + 8] = nines[suit];
    }
    // Checked as `Hand::with_extras` checks: at most four melds and 14 tiles, four copies of
    // a kind; no more red fives than fives (a red five is one of the fives here), no joker.
    Some(Hand::from_checked(counts, melds, meld_count as u8, red))
}

/// The four-bit counts that are over four (each such count's lowest bit set), or 0: a count's
/// bit for eight, or its bit for four and one below.
const fn over_four(counts: u64) -> u64 {
    const LOW: u64 = 0x1111_1111_1111_1111;
    ((counts >> 3) | ((counts >> 2) & (counts | (counts >> 1)))) & LOW
}

/// The low eight four-bit counts, one a byte.
const fn spread(counts: u64) -> u64 {
    let mut x = counts & 0xFFFF_FFFF;
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

/// The meld token at `at` (a prefix, one run of digits and its suit letter).
fn read_meld(bytes: &[u8], at: usize) -> Option<MeldRead> {
    let (kind, prefix) = meld_prefix(bytes.get(at..)?)?;
    let run = at + prefix;
    let size = if kind == MeldKind::Chi || kind == MeldKind::Pon { 3 } else { 4 };
    let end = run + size;
    let suit = SUIT_OF_BYTE[*bytes.get(end)? as usize] as usize;
    if suit >= NO_SUIT as usize {
        return None;
    }
    // The digits as four-bit counts (in any order: a chi may be written so), then each `0` of
    // a number suit moved to the five as a red five.
    let mut digits = 0u64;
    for &b in bytes.get(run..end)? {
        let one = ONE_OF_BYTE[b as usize];
        if one == 0 {
            return None;
        }
        digits += one;
    }
    let (counts, red) = if suit < 3 {
        let red = digits & 15;
        (digits - red + (red << 20), red as u8)
    } else {
        // Honours have no `0`, `8` or `9`, and no chi.
        if digits & !HONOUR_DIGITS != 0 || kind == MeldKind::Chi {
            return None;
        }
        (digits, 0)
    };
    // The meld's shape from its lowest number (not 0: no `0` is left), which is a chi's
    // 1..7 (its highest is at most 9), and the red fives no more than its fives (a red five
    // is a five: one in a chi, all of a pon or kan of fives).
    let lowest = counts.trailing_zeros() / 4;
    if counts != meld_shape(kind) << (4 * lowest) {
        return None;
    }
    let first = Kind::new(((suit * 9) as u8 + lowest as u8).wrapping_sub(1))?;
    Some(MeldRead { meld: Meld::from_checked(kind, first, red), end: end + 1, suit, counts })
}
