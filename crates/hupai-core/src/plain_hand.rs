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
    Hand::with_extras(counts, &melds[..meld_count], 0, red).ok()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand_general;

    /// A small deterministic generator (xorshift), so the texts are the same every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }

        fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
            from[self.below(from.len())]
        }
    }

    /// Whatever the plain reader gives, the general reader gives too.
    fn agrees(text: &str) -> bool {
        match read_plain_hand(text) {
            Some(hand) => {
                assert_eq!(parse_hand_general(text), Ok(hand), "{text:?}");
                true
            }
            None => false,
        }
    }

    #[test]
    fn plain_text_reads_as_the_general_reader_reads_it() {
        for text in [
            "123m456p789s1122z",
            "11m456s chi:789p pon:555z chi:123p",
            "05m067s chi:345p chi:567m pon:444p",
            "234m0p55p pon:777s",
            "23456m11z pon:777s ankan:9999p",
            "11z kan:1111m kakan:5055p ankan:9999s pon:777z",
            "chi:978s 22m chi:406p 345s 1z1z",
            "0m",
            "0000m",
            "",
        ] {
            assert!(agrees(text), "{text:?}");
        }
    }

    #[test]
    fn other_text_is_left_to_the_general_reader() {
        for text in [
            " 123m",
            "123m ",
            "123m  456p",
            "123m\t456p",
            "123m456",
            "m123",
            "8z",
            "0z",
            "1mm",
            "1m:",
            "5mr",
            "ESWN",
            "一万",
            "123m*",
            "1111m1m",
            "11111m",
            "123456789m123456m",
            "pon:777",
            "pon:77s",
            "pon:778s",
            "pon:7777s",
            "chi:135m",
            "chi:123z",
            "chi:8910m",
            "kan:555m",
            "pon:888z",
            "pon:000z",
            "pon:777s pon:777s",
            "pon:111m pon:222m pon:333m pon:444m pon:555m",
            "11m pon:111m",
            "123mchi:345m",
            "pon:777ss",
            "pon:777s1m",
            "00000m",
        ] {
            assert!(!agrees(text), "{text:?}");
        }
    }

    #[test]
    fn generated_texts_read_alike() {
        // Tokens good and bad, joined by good and bad separators: every text the plain reader
        // reads must read the same through the general reader, and most good ones must be read.
        let digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"];
        let letters = ["m", "p", "s", "z"];
        let prefixes = ["chi:", "pon:", "kan:", "kakan:", "ankan:", "chii:", ":"];
        let separators = [" ", " ", " ", " ", "  ", "\t", ""];
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut read, mut texts) = (0, 0);
        for _ in 0..200_000 {
            let mut text = String::new();
            for t in 0..1 + rng.below(4) {
                if t > 0 {
                    text.push_str(rng.pick(&separators));
                }
                if rng.below(3) == 0 {
                    text.push_str(rng.pick(&prefixes));
                    let d = rng.pick(&digits[..9]).as_bytes()[0] - b'0';
                    let shape = rng.below(4);
                    for i in 0..3 + rng.below(2) {
                        let n = match shape {
                            0 => d + i as u8,
                            1 => d,
                            _ => rng.pick(&digits).as_bytes()[0] - b'0',
                        };
                        text.push(char::from(b'0' + n % 10));
                    }
                } else {
                    for _ in 0..1 + rng.below(3) {
                        for _ in 0..1 + rng.below(5) {
                            text.push_str(rng.pick(&digits));
                        }
                        if rng.below(40) > 0 {
                            text.push_str(rng.pick(&letters));
                        }
                    }
                }
                if rng.below(60) == 0 {
                    text.insert(rng.below(text.len() + 1), 'E');
                }
            }
            texts += 1;
            read += usize::from(agrees(&text));
        }
        assert!(read > texts / 10, "{read} of {texts} texts read by the plain reader");
    }

    #[test]
    fn canonical_text_is_plain() {
        // What a hand writes (and so what programs pass back) is always read in one pass.
        let mut rng = Rng(7);
        let mut hands = 0;
        while hands < 20_000 {
            let mut counts = Counts::EMPTY;
            let mut melds = Vec::new();
            for _ in 0..rng.below(5) {
                let kind = Kind::new(rng.below(34) as u8).unwrap_or_default();
                let meld = match rng.below(4) {
                    0 => Meld::chi(kind).ok(),
                    1 => Some(Meld::pon(kind)),
                    2 => Some(Meld::kan(MeldKind::ClosedKan, kind)),
                    _ => Some(Meld::kan(MeldKind::AddedKan, kind)),
                };
                melds.extend(meld);
            }
            for _ in 0..14usize.saturating_sub(3 * melds.len()) {
                counts.0[rng.below(34)] += 1;
            }
            let fives = [counts.0[4], counts.0[13], counts.0[22]];
            let red = fives.map(|f| f.min(rng.below(2) as u8));
            let Ok(hand) = Hand::with_extras(counts, &melds, 0, red) else { continue };
            let text = hand.to_string();
            assert_eq!(read_plain_hand(&text), Some(hand), "{text}");
            assert_eq!(parse_hand_general(&text), Ok(hand), "{text}");
            hands += 1;
        }
    }
}
