//! Hand text read in one pass (plain MPSZ, `hupai_core`'s fast reader, which `Hand`'s `FromStr`
//! tries first) and by the general token-by-token reader (`notation::parse_hand_general`) gives
//! the same hand for every hand of the committed fixtures, as written there and as each hand
//! writes itself back; and every such text is plain, so the fast reader is the one tested.

use std::path::Path;

use hupai_core::notation::parse_hand_general;
use hupai_core::Hand;
use serde_json::Value;

/// The hand texts of the fixtures: the MCR reference hands (first column), and the riichi and
/// three-player hands (concealed tiles, then the melds).
fn fixture_texts() -> Vec<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let read = |name: &str| std::fs::read_to_string(data.join(name)).expect(name);
    let mut texts: Vec<String> = read("mcr_fixture.tsv")
        .lines()
        .filter_map(|line| line.split('\t').next())
        .map(String::from)
        .collect();
    for name in ["riichi_score.jsonl", "sanma_score.jsonl"] {
        let text = read(name);
        let mut lines = text.lines();
        let header: Vec<String> = serde_json::from_str(lines.next().expect("header")).unwrap();
        let col = |name: &str| header.iter().position(|h| h == name).expect(name);
        let (hand, melds) = (col("hand"), col("melds"));
        for line in lines {
            let v: Vec<Value> = serde_json::from_str(line).expect("json line");
            let melds = v[melds].as_array().expect("melds").iter().filter_map(Value::as_str);
            let parts: Vec<&str> =
                std::iter::once(v[hand].as_str().expect("hand")).chain(melds).collect();
            texts.push(parts.join(" "));
        }
    }
    texts
}

#[test]
fn fixture_hands_read_alike_both_ways() {
    let texts = fixture_texts();
    assert!(texts.len() > 40_000, "{} hand texts", texts.len());
    for text in &texts {
        let general = parse_hand_general(text);
        let hand: Hand = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(Ok(hand), general, "{text}");
        // Written back (canonical MPSZ, what programs pass on), the same hand both ways.
        let canonical = hand.to_string();
        assert_eq!(canonical.parse::<Hand>(), Ok(hand), "{canonical}");
        assert_eq!(parse_hand_general(&canonical), Ok(hand), "{canonical}");
    }
}

#[test]
fn fixture_hands_with_a_fault_fail_alike_both_ways() {
    // Each text with one byte changed or one removed: good or bad, the two readers agree
    // (the same hand, or the same error and message).
    for text in fixture_texts().iter().step_by(97) {
        for at in 0..text.len() {
            for change in [b'0', b'8', b'z', b' ', b':', b'x'] {
                let mut bytes = text.as_bytes().to_vec();
                bytes[at] = change;
                let changed = String::from_utf8(bytes).expect("ascii");
                assert_eq!(changed.parse::<Hand>(), parse_hand_general(&changed), "{changed}");
            }
            let mut removed = text.clone();
            removed.remove(at);
            assert_eq!(removed.parse::<Hand>(), parse_hand_general(&removed), "{removed}");
        }
    }
}
