//! The Sichuan fan table against the rule sheets' worked examples (`tests/data/sichuan_cases.tsv`):
//! every pattern's multiple, and what a discarder pays for it.

#![cfg(test)]

use hupai_core::Hand;
use hupai_rules::{score, Rules, WinContext};

const CASES: &str = include_str!("data/sichuan_cases.tsv");

#[test]
fn the_rule_sheets_examples_score_as_written() {
    let rules = Rules::from_toml_str(
        "extends = \"sichuan\"\nfan_cap = 0\nflower_pig = false\n",
        "uncapped",
    )
    .unwrap();
    let mut n = 0;
    for line in CASES.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [hand, win, flags, fans, points, pattern, ..] = cols[..] else {
            panic!("malformed line: {line}")
        };
        let hand: Hand = hand.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        let mut ctx = WinContext::new(win.parse().unwrap(), false);
        for flag in flags.split(',').filter(|f| *f != "-") {
            match flag {
                "self_drawn" => ctx.self_drawn = true,
                "replacement" => ctx.replacement = true,
                "robbing_kong" => ctx.robbing_kong = true,
                "kong_discard" => ctx.kong_discard = true,
                "last_tile" => ctx.last_tile = true,
                "first_turn" => ctx.first_turn = true,
                "non_dealer" => ctx.seat_wind = hupai_core::Seat::South,
                other => panic!("unknown flag {other}"),
            }
        }
        if ctx.replacement {
            // A replacement win needs a kong in the hand: score the same shape with one.
            continue;
        }
        let s = score(&rules, &hand, &ctx).unwrap_or_else(|e| panic!("{pattern}: {e}"));
        assert_eq!(s.total.to_string(), fans, "{pattern}: {:?}", s.items);
        let paid = s.payments.ron.or(s.payments.tsumo_others).unwrap();
        let bonus = u32::from(ctx.self_drawn);
        assert_eq!((paid - bonus).to_string(), points, "{pattern}");
        n += 1;
    }
    assert!(n >= 20, "{n} cases");
}

/// 杠上花 needs a kong in the hand: "杠了之后补牌而胡" (one fan).
#[test]
fn a_win_on_the_replacement_tile() {
    let rules = Rules::preset("sichuan").unwrap();
    let hand: Hand = "456m789m234p55p ankan:1111m".parse().unwrap();
    let mut ctx = WinContext::new("5p".parse().unwrap(), true);
    ctx.replacement = true;
    let s = score(&rules, &hand, &ctx).unwrap();
    let ids: Vec<_> = s.items.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, ["ping_hu", "gen", "gang_shang_hua"]);
    // 2 fans: 4 each from the others, plus one base point (自摸加底).
    assert_eq!(s.payments.tsumo_others, Some(5));
}

/// "封顶": the cap (4 fans in the preset) stops the doubling.
#[test]
fn the_cap_stops_the_doubling() {
    let rules = Rules::preset("sichuan").unwrap();
    let hand: Hand = "99m kan:1111m kan:3333m kan:5555m kan:7777m".parse().unwrap();
    let s = score(&rules, &hand, &WinContext::new("9m".parse().unwrap(), false)).unwrap();
    assert_eq!(s.total, 8);
    assert_eq!(s.payments.ron, Some(16));
}

/// 报听 as a setting: a declared win counts `declare_ready_fan` more (in Sichuan a doubling:
/// the discarder pays twice as much), and a declared win under rules without it is an error.
#[test]
fn a_declared_ready_win_counts_one_fan_more() {
    let hand: Hand = "123m456m789m123p55p".parse().unwrap();
    let mut ctx = WinContext::new("5p".parse().unwrap(), false);
    let plain = score(&Rules::preset("sichuan").unwrap(), &hand, &ctx).unwrap();
    let text = "extends = \"sichuan\"\ndeclare_ready = \"optional\"\ndeclare_ready_fan = 1\n";
    let rules = Rules::from_toml_str(text, "baoting").unwrap();
    ctx.riichi = true;
    let declared = score(&rules, &hand, &ctx).unwrap();
    assert_eq!(declared.total, plain.total + 1);
    assert_eq!(declared.payments.ron, plain.payments.ron.map(|p| 2 * p));
    assert!(declared.items.iter().any(|i| i.id.as_str() == "declared_ready"));
    let chinese = Rules::preset("chinese").unwrap();
    let e = score(&chinese, &hand, &ctx).unwrap_err().to_string();
    assert!(e.contains("without declare_ready"), "{e}");
    let text = "extends = \"chinese\"\ndeclare_ready = \"optional\"\ndeclare_ready_fan = 2\n";
    let general = Rules::from_toml_str(text, "baoting").unwrap();
    let with = score(&general, &hand, &ctx).unwrap();
    ctx.riichi = false;
    let without = score(&general, &hand, &ctx).unwrap();
    assert_eq!(with.total, without.total + 2);
}
