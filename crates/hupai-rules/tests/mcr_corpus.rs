//! The 214 MCR unit cases of `shared/corpora/mcr-unit-cases`, copied into
//! `tests/data/mcr_unit_cases.jsonl` (the reference calculator's own test hands), scored by hupai and compared fan by fan with PyMahjongGB 1.4.0.

#![cfg(test)]

use crate::common;

use common::fans_of;
use hupai_core::{Hand, Kind, Seat};
use hupai_rules::{score, Inconsistency, Rules, ScoreError, WinContext};
use serde_json::Value;

/// A PyMahjongGB tile code (W1 = 1m, T1 = 1s, B1 = 1p, F1..F4 winds, J1 red, J2 green, J3
/// white) in MPSZ.
fn mpsz(code: &str) -> String {
    let (s, n) = code.split_at(1);
    match s {
        "W" => format!("{n}m"),
        "T" => format!("{n}s"),
        "B" => format!("{n}p"),
        "F" => format!("{n}z"),
        "J" => format!("{}z", 8 - n.parse::<u8>().expect("dragon")),
        _ => panic!("bad code {code}"),
    }
}

fn meld_text(pack: &Value) -> String {
    let typ = pack[0].as_str().expect("pack type");
    let tile = mpsz(pack[1].as_str().expect("pack tile"));
    let offer = pack[2].as_i64().expect("offer");
    let (n, suit) = tile.split_at(1);
    let n: u8 = n.parse().expect("rank");
    match typ {
        "CHI" => format!("chi:{}{}{}{suit}", n - 1, n, n + 1),
        "PENG" => format!("pon:{n}{n}{n}{suit}"),
        _ if offer == 0 => format!("ankan:{n}{n}{n}{n}{suit}"),
        _ => format!("kan:{n}{n}{n}{n}{suit}"),
    }
}

struct UnitCase {
    src: String,
    hand: Hand,
    ctx: WinContext,
    fans: Vec<(String, u32)>,
    initial_flag_dropped: bool,
    flags: String,
}

fn load() -> Vec<UnitCase> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/mcr_unit_cases.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("json");
            let win = mpsz(v["win_tile"].as_str().expect("win"));
            let mut concealed: Vec<String> = v["hand"]
                .as_array()
                .expect("hand")
                .iter()
                .map(|t| mpsz(t.as_str().expect("tile")))
                .collect();
            concealed.push(win.clone());
            let mut text = concealed.concat();
            for p in v["pack"].as_array().expect("pack") {
                text.push(' ');
                text.push_str(&meld_text(p));
            }
            let hand: Hand = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            let self_drawn = v["is_self_drawn"].as_bool().expect("flag");
            let mut ctx = WinContext::new(win.parse::<Kind>().expect("kind"), self_drawn);
            ctx.fourth_tile = v["is_4th_tile"].as_bool().expect("flag");
            if v["is_about_kong"].as_bool().expect("flag") {
                if self_drawn {
                    ctx.replacement = true;
                } else {
                    ctx.robbing_kong = true;
                }
            }
            ctx.last_tile = v["is_wall_last"].as_bool().expect("flag");
            ctx.flowers = v["flower_count"].as_u64().expect("flowers") as u8;
            ctx.seat_wind =
                Seat::from_index(v["seat_wind"].as_u64().expect("seat") as usize).expect("seat");
            ctx.round_wind = Seat::from_index(v["prevalent_wind"].as_u64().expect("wind") as usize)
                .expect("wind");
            let fans = v["fans"]
                .as_array()
                .expect("fans")
                .iter()
                .map(|f| {
                    (f[2].as_str().expect("name").to_string(), f[1].as_u64().expect("count") as u32)
                })
                .collect();
            UnitCase {
                src: v["src"].as_str().expect("src").to_string(),
                hand,
                ctx,
                fans,
                initial_flag_dropped: v["initial_flag_dropped"].as_bool().expect("flag"),
                flags: v["flags"].as_str().expect("flags").to_string(),
            }
        })
        .collect()
}

/// Every case gives the reference's fans. One case claims the fourth tile (和绝张) for a pair
/// wait whose other copy is in the hand: the reference drops the flag silently, hupai reports
/// the situation as inconsistent and, without the flag, gives the reference's fans.
#[test]
fn unit_cases_match_reference() {
    let rules = Rules::preset("mcr").unwrap();
    let cases = load();
    assert_eq!(cases.len(), 214);
    let mut failures = Vec::new();
    let mut corrected = 0;
    for case in &cases {
        let mut ctx = case.ctx.clone();
        let result = match score(&rules, &case.hand, &ctx) {
            Err(ScoreError::Inconsistent(Inconsistency::FourthTileHeld)) => {
                corrected += 1;
                ctx.fourth_tile = false;
                score(&rules, &case.hand, &ctx)
            }
            other => other,
        };
        match result {
            Ok(s) if fans_of(&s) == case.fans => {}
            Ok(s) => failures.push(format!(
                "{} ({}): got {:?}, expected {:?}",
                case.src,
                case.flags,
                fans_of(&s),
                case.fans
            )),
            Err(e) => failures.push(format!("{} ({}): {e}", case.src, case.flags)),
        }
    }
    assert!(failures.is_empty(), "{} differ:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(corrected, 1);
}

/// The 23 cases whose first-turn flag PyMahjongGB cannot take: with `first_turn` set, the
/// dealer's self-drawn win (heavenly hand) has no wait fans and no Nine Gates (the reference's
/// C++ core); a first-turn win on a discard, or a non-dealer's, scores as without the flag.
#[test]
fn first_turn_flag() {
    let rules = Rules::preset("mcr").unwrap();
    let waits = ["独听・边张", "独听・嵌张", "独听・单钓"];
    let mut checked = 0;
    for case in load().iter().filter(|c| c.initial_flag_dropped) {
        let mut ctx = case.ctx.clone();
        ctx.first_turn = true;
        let got = fans_of(&score(&rules, &case.hand, &ctx).unwrap());
        let heavenly = ctx.self_drawn && ctx.seat_wind == Seat::East;
        let expected: Vec<(String, u32)> = if case.src == "1112345678999p9p" && heavenly {
            // No Nine Gates: 11 123 456 789 999 read as a regular hand.
            [("清一色", 1), ("清龙", 1), ("不求人", 1), ("四归一", 1), ("幺九刻", 1)]
                .iter()
                .map(|&(n, c)| (n.to_string(), c))
                .collect()
        } else if heavenly {
            case.fans.iter().filter(|(n, _)| !waits.contains(&n.as_str())).cloned().collect()
        } else {
            case.fans.clone()
        };
        assert_eq!(got, expected, "{} ({})", case.src, case.flags);
        ctx.seat_wind = Seat::South;
        ctx.round_wind = case.ctx.round_wind;
        let mut plain = ctx.clone();
        plain.first_turn = false;
        assert_eq!(
            fans_of(&score(&rules, &case.hand, &ctx).unwrap()),
            fans_of(&score(&rules, &case.hand, &plain).unwrap()),
            "non-dealer {}",
            case.src
        );
        checked += 1;
    }
    assert_eq!(checked, 23);
}
