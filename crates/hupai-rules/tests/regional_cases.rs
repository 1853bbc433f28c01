//! The Hong Kong and Guangdong fan tables against the rule books' worked examples
//! (`tests/data/hongkong_cases.tsv`, `tests/data/guangdong_cases.tsv`): every fan, the total,
//! what is paid and whether the hand may win.

#![cfg(test)]

use hupai_core::{Hand, Seat};
use hupai_rules::{score, Rules, WinContext};

fn seat(letter: &str) -> Seat {
    match letter {
        "E" => Seat::East,
        "S" => Seat::South,
        "W" => Seat::West,
        "N" => Seat::North,
        other => panic!("not a seat: {other}"),
    }
}

/// Scores every line of `cases` under `rules`; returns how many were checked.
fn check(rules: &Rules, cases: &str) -> usize {
    let mut n = 0;
    for line in cases.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [hand, win, flags, fans, total, paid, wins, pattern, ..] = cols[..] else {
            panic!("malformed line: {line}")
        };
        let hand: Hand = hand.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        let mut ctx = WinContext::new(win.parse().unwrap(), false);
        for flag in flags.split(',').filter(|f| *f != "-") {
            match flag.split_once('=') {
                Some(("seat", s)) => ctx.seat_wind = seat(s),
                Some(("round", s)) => ctx.round_wind = seat(s),
                Some(("flowers", m)) => {
                    ctx.flower_mask = u8::from_str_radix(m, 16).expect("hex mask");
                    ctx.flowers = ctx.flower_mask.count_ones() as u8;
                }
                _ => match flag {
                    "self_drawn" => ctx.self_drawn = true,
                    "replacement" => ctx.replacement = true,
                    "robbing_kong" => ctx.robbing_kong = true,
                    "last_tile" => ctx.last_tile = true,
                    "first_turn" => ctx.first_turn = true,
                    "dealer_discard" => ctx.dealer_discard = true,
                    other => panic!("unknown flag {other}"),
                },
            }
        }
        let s = score(rules, &hand, &ctx).unwrap_or_else(|e| panic!("{pattern}: {e}"));
        let got: Vec<String> = s
            .items
            .iter()
            .map(|i| {
                let id = i.id.as_str();
                if i.count > 1 {
                    format!("{id} x{}", i.count)
                } else {
                    id.to_string()
                }
            })
            .collect();
        assert_eq!(got.join(","), fans, "{pattern}");
        assert_eq!(s.total.to_string(), total, "{pattern}");
        let each = s.payments.ron.or(s.payments.tsumo_others).expect("a payment");
        assert_eq!(each.to_string(), paid, "{pattern}");
        assert_eq!(if s.meets_minimum { "yes" } else { "no" }, wins, "{pattern}");
        n += 1;
    }
    n
}

#[test]
fn the_hong_kong_books_examples_score_as_written() {
    let rules = Rules::preset("hongkong").unwrap();
    let n = check(&rules, include_str!("data/hongkong_cases.tsv"));
    assert!(n >= 20, "{n} cases");
}

#[test]
fn the_guangdong_rule_sheets_examples_score_as_written() {
    let rules = Rules::preset("guangdong").unwrap();
    let n = check(&rules, include_str!("data/guangdong_cases.tsv"));
    assert!(n >= 20, "{n} cases");
}

/// "半銃": on a discard the discarder pays a double share and the two others a share each;
/// "全辣": every fan doubles. Self-drawn, each of the three pays the double share either way.
#[test]
fn hong_kong_payment_variants() {
    let text = "extends = \"hongkong\"\ndiscard_pays = \"everyone\"\ndoubling = \"full\"\n";
    let rules = Rules::from_toml_str(text, "half-shoot.toml").unwrap();
    let hand: Hand = "123p456p789p11p pon:666z".parse().unwrap();
    let s = score(&rules, &hand, &WinContext::new("1p".parse().unwrap(), false)).unwrap();
    assert_eq!(s.total, 5);
    assert_eq!((s.payments.ron, s.payments.ron_others, s.payments.total), (Some(64), 32, 128));
    let s = score(&rules, &hand, &WinContext::new("1p".parse().unwrap(), true)).unwrap();
    assert_eq!((s.payments.tsumo_others, s.payments.total), (Some(128), 384));
}

/// "爆棚": a cap of 8 (a common house limit) stops the fans at 8.
#[test]
fn a_lower_cap() {
    let rules =
        Rules::from_toml_str("extends = \"hongkong\"\nfan_cap = 8\n", "eight.toml").unwrap();
    let hand: Hand = "19m19p19s12345677z".parse().unwrap();
    let s = score(&rules, &hand, &WinContext::new("7z".parse().unwrap(), false)).unwrap();
    assert_eq!(s.payments.ron, Some(4 * 64));
}

/// The minimum counts no flower fan: "bonus tiles are not included in the minimum faan".
#[test]
fn flowers_do_not_reach_the_minimum() {
    let rules = Rules::preset("hongkong").unwrap();
    let hand: Hand = "123m456p789s55p chi:234s".parse().unwrap();
    let mut ctx = WinContext::new("5p".parse().unwrap(), false);
    ctx.flowers = 4;
    ctx.flower_mask = 0x0f;
    let s = score(&rules, &hand, &ctx).unwrap();
    assert_eq!(s.total, 3, "平糊 1 and 一台花 2");
    assert!(!s.meets_minimum);
}
