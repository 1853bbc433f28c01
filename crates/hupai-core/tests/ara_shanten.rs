//! The 40,000 hands of `shared/corpora/ara-shanten`: 14 tile ids (0..34), then the shanten of
//! the regular form, thirteen orphans and seven pairs (riichi rules: four identical tiles are
//! not two pairs). Every value must match.

mod common;

use hupai_core::{form_shanten, shanten, Form, FormSet};

#[test]
fn every_ara_shanten_hand_matches() {
    let dir = common::shared_dir().join("corpora").join("ara-shanten");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 4);
    let mut hands = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("corpus file");
        for (line_no, line) in text.lines().enumerate() {
            let v: Vec<i32> = line.split_whitespace().map(|x| x.parse().expect("number")).collect();
            assert_eq!(v.len(), 17, "{}:{}", file.display(), line_no + 1);
            let mut counts = [0u8; 34];
            for &t in &v[..14] {
                counts[t as usize] += 1;
            }
            let counts = common::counts_from(&counts);
            let want = [v[14] as i8, v[15] as i8, v[16] as i8];
            let got = [
                form_shanten(&counts, 0, Form::Regular, FormSet::RIICHI).expect("regular"),
                form_shanten(&counts, 0, Form::ThirteenOrphans, FormSet::RIICHI).expect("orphans"),
                form_shanten(&counts, 0, Form::SevenPairs, FormSet::RIICHI).expect("pairs"),
            ];
            assert_eq!(got, want, "{}:{} {counts}", file.display(), line_no + 1);
            assert_eq!(shanten(&counts, 0, FormSet::RIICHI), *want.iter().min().expect("three"));
            hands += 1;
        }
    }
    assert_eq!(hands, 40_000);
}
