//! The 40,000 hands of `shared/corpora/ara-shanten`, copied into `tests/data/ara_shanten.txt`
//! (one character per tile): 14 tiles, then the shanten of the regular form, thirteen orphans
//! and seven pairs (riichi rules: four identical tiles are not two pairs). Every value must
//! match.

#![cfg(test)]

use crate::common;

use hupai_core::{form_shanten, shanten, Form, FormSet};

const KINDS: &str = "0123456789abcdefghijklmnopqrstuvwx";

#[test]
fn every_ara_shanten_hand_matches() {
    let path = common::data_dir().join("ara_shanten.txt");
    let text = std::fs::read_to_string(&path).expect("corpus file");
    let mut hands = 0;
    for (line_no, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        let tiles = fields.next().expect("tiles");
        assert_eq!(tiles.len(), 14, "line {}", line_no + 1);
        let mut counts = [0u8; 34];
        for c in tiles.chars() {
            counts[KINDS.find(c).expect("tile character")] += 1;
        }
        let counts = common::counts_from(&counts);
        let want: Vec<i8> = fields.map(|x| x.parse().expect("number")).collect();
        assert_eq!(want.len(), 3, "line {}", line_no + 1);
        let got = [
            form_shanten(&counts, 0, Form::Regular, FormSet::RIICHI).expect("regular"),
            form_shanten(&counts, 0, Form::ThirteenOrphans, FormSet::RIICHI).expect("orphans"),
            form_shanten(&counts, 0, Form::SevenPairs, FormSet::RIICHI).expect("pairs"),
        ];
        assert_eq!(got.as_slice(), want.as_slice(), "line {} {counts}", line_no + 1);
        assert_eq!(shanten(&counts, 0, FormSet::RIICHI), *want.iter().min().expect("three"));
        hands += 1;
    }
    assert_eq!(hands, 40_000);
}
