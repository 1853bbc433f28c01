//! The one-pass reader of plain hand text ([`crate::plain_hand`]) against the general reader
//! ([`parse_hand_general`]): the same hand wherever the plain reader gives one, and a hand for
//! every canonical text. Apart from both, so that neither file depends on the other's tests.

use crate::notation::parse_hand_general;
use crate::plain_hand::read_plain_hand;
use crate::{Counts, Hand, Kind, Meld, MeldKind};

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
        "05m pon:555m",
        "0m kan:5555m",
        "kan:1111m kan:1111m kan:1111m kan:1111m 11m",
        "11m kan:1111m kan:1111m kan:1111m kan:1111m",
        "1z pon:111z kan:1111z",
    ] {
        assert!(!agrees(text), "{text:?}");
    }
    // A run of any length is left to the general reader: the plain reader refuses a run of
    // more than 14 tiles by its length, and reads no text over 64 bytes, so no run carries
    // past its counts' word.
    for digits in [15, 16, 1_000, 1 << 20] {
        let text = format!("{}m", "9".repeat(digits));
        assert!(!agrees(&text), "{digits} nines");
        assert!(parse_hand_general(&text).is_err(), "{digits} nines");
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

#[test]
fn every_meld_token_reads_as_the_general_reader_reads_it() {
    // Every prefix with every run of three or four digits and every suit letter, alone and
    // after concealed tiles: a meld is checked from its digits' four-bit counts against its
    // shape (any order, red fives moved to the fives), so each one is compared here, both ways
    // (the plain reader reads every meld token the general reader reads).
    let prefixes = ["chi:", "pon:", "kan:", "kakan:", "ankan:"];
    let (mut read, mut texts) = (0, 0);
    for prefix in prefixes {
        for size in [3u32, 4] {
            for run in 0..10u32.pow(size) {
                let digits = format!("{run:0width$}", width = size as usize);
                for letter in ['m', 'p', 's', 'z'] {
                    for text in [
                        format!("{prefix}{digits}{letter}"),
                        format!("55m {prefix}{digits}{letter}"),
                    ] {
                        let general = parse_hand_general(&text);
                        let plain = read_plain_hand(&text);
                        if let Some(hand) = plain {
                            assert_eq!(general, Ok(hand), "{text:?}");
                            read += 1;
                        } else {
                            assert!(general.is_err(), "{text:?}: {general:?} not read in one pass");
                        }
                        texts += 1;
                    }
                }
            }
        }
    }
    assert!(read > 800, "{read} of {texts} meld texts read");
}

#[test]
fn the_longest_plain_texts_are_read_and_longer_ones_left() {
    // The plain reader leaves any text over 64 bytes to the general reader; the longest plain
    // hand texts are shorter, and are read in one pass.
    for text in [
        "kakan:1111m kakan:2222m kakan:3333m kakan:4444m 5m 6m",
        "ankan:1111z ankan:2222z ankan:3333z ankan:4444z 5z 5z",
        "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p",
        "1m1m1m2m2m2m3m3m3m4m4m4m5m5m",
    ] {
        assert!(agrees(text), "{text:?}");
    }
    for text in [
        "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s",
        "kakan:1111m kakan:2222m kakan:3333m kakan:4444m 5m 6m 7m 8m 9m 1z",
    ] {
        assert!(text.len() > 64 && !agrees(text), "{text:?}");
        assert!(parse_hand_general(text).is_err(), "{text:?}");
    }
    // Runs of one suit whose digits' counts carry into the next digit's (more than fifteen of
    // a digit, in one run or several) are refused by their number of tiles.
    for text in [
        "99999999m99999999m",
        "9999m9999m9999m9999m",
        "1111111111111111p",
        &format!("{}m", "9".repeat(63)),
        &format!("{}z", "1".repeat(63)),
        "1111m kan:1111m kan:1111m kan:1111m",
        "kan:1111m kan:1111m kan:1111m kan:1111m",
        "0000m kan:5555m",
        "5m pon:505m kan:0550m",
    ] {
        assert!(!agrees(text), "{text:?}");
        assert!(parse_hand_general(text).is_err(), "{text:?}");
    }
}
