//! Reading the riichi reference fixtures (see `tests/data/trim_riichi_score.py` for the format)
//! and comparing a hupai score with the reference's. Shared by the tests and the bench.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use hupai_core::{Hand, Kind, Seat};
use hupai_rules::{Limit, Rules, Score, WinContext};
use serde_json::Value;

/// One reference case.
#[derive(Clone, Debug)]
pub struct Case {
    /// 1-based line number in its file.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// `tenhou` or `majsoul`.
    pub preset: String,
    /// The hand.
    pub hand: Hand,
    /// The situation.
    pub ctx: WinContext,
    /// Reference han.
    pub han: u32,
    /// Reference fu.
    pub fu: u32,
    /// Reference yaku: name and han.
    pub yaku: Vec<(String, u32)>,
    /// Reference cost: main, additional, main_bonus, additional_bonus, kyoutaku_bonus, total.
    pub cost: [u32; 6],
    /// Reference yaku_level.
    pub level: String,
}

/// The hupai preset for a reference preset name.
pub fn rules_for(preset: &str) -> Rules {
    let name = if preset == "majsoul" { "riichi-majsoul" } else { "riichi" };
    Rules::preset(name).expect("embedded preset")
}

fn seat(s: &str) -> Seat {
    match s {
        "S" => Seat::South,
        "W" => Seat::West,
        "N" => Seat::North,
        _ => Seat::East,
    }
}

fn kinds(v: &Value) -> Vec<Kind> {
    let list = v.as_array().map(Vec::as_slice).unwrap_or(&[]);
    list.iter().map(|t| t.as_str().unwrap_or("").parse().expect("tile")).collect()
}

fn num(v: &Value) -> u32 {
    v.as_u64().expect("number") as u32
}

/// Reads a trimmed fixture: a header line of column names, then one JSON array per hand (a
/// `kita` column, in the three-player fixture, sets [`WinContext::kita`]).
pub fn read(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<String> = serde_json::from_str(lines.next().unwrap_or("[]")).expect("header");
    let col = |name: &str| header.iter().position(|h| h == name).expect(name);
    let c = [
        "preset",
        "hand",
        "melds",
        "win_tile",
        "flags",
        "seat_wind",
        "round_wind",
        "dora",
        "ura",
        "honba",
        "sticks",
        "han",
        "fu",
        "yaku",
        "cost",
        "level",
    ]
    .map(col);
    let kita = header.iter().position(|h| h == "kita");
    let mut cases = Vec::new();
    for (i, line) in lines.enumerate() {
        let v: Vec<Value> = serde_json::from_str(line).expect("json line");
        let melds: Vec<&str> =
            v[c[2]].as_array().expect("melds").iter().filter_map(Value::as_str).collect();
        let hand_text = std::iter::once(v[c[1]].as_str().expect("hand"))
            .chain(melds)
            .collect::<Vec<_>>()
            .join(" ");
        let hand: Hand =
            hand_text.parse().unwrap_or_else(|e| panic!("line {}: {hand_text}: {e}", i + 2));
        let flags: Vec<&str> = v[c[4]].as_str().unwrap_or("").split_whitespace().collect();
        let has = |f: &str| flags.contains(&f);
        let win: Kind = v[c[3]].as_str().expect("win").parse().expect("win tile");
        let mut ctx = WinContext::new(win, has("tsumo"));
        ctx.riichi = has("riichi");
        ctx.double_riichi = has("double_riichi");
        ctx.ippatsu = has("ippatsu");
        ctx.replacement = has("rinshan");
        ctx.robbing_kong = has("chankan");
        ctx.last_tile = has("haitei") || has("houtei");
        ctx.seat_wind = seat(v[c[5]].as_str().unwrap_or("E"));
        ctx.round_wind = seat(v[c[6]].as_str().unwrap_or("E"));
        ctx.dora_indicators = kinds(&v[c[7]]);
        ctx.ura_indicators = kinds(&v[c[8]]);
        ctx.honba = num(&v[c[9]]);
        ctx.riichi_sticks = num(&v[c[10]]);
        // Three-player fixtures: the Norths set aside.
        if let Some(kita) = kita {
            ctx.kita = num(&v[kita]) as u8;
        }
        let yaku = v[c[13]]
            .as_array()
            .expect("yaku")
            .iter()
            .map(|y| (y[0].as_str().unwrap_or("").to_string(), num(&y[1])))
            .collect();
        let cost_v = v[c[14]].as_array().expect("cost");
        let mut cost = [0u32; 6];
        for (slot, x) in cost.iter_mut().zip(cost_v) {
            *slot = num(x);
        }
        cases.push(Case {
            line: i + 2,
            text: line.to_string(),
            preset: v[c[0]].as_str().unwrap_or("").to_string(),
            hand,
            ctx,
            han: num(&v[c[11]]),
            fu: num(&v[c[12]]),
            yaku,
            cost,
            level: v[c[15]].as_str().unwrap_or("").to_string(),
        });
    }
    cases
}

/// The reference's yaku_level for a limit (it calls a counted yakuman "yakuman").
fn level(limit: Option<Limit>) -> String {
    match limit {
        None => String::new(),
        Some(Limit::KazoeYakuman) | Some(Limit::Yakuman(1)) => "yakuman".into(),
        Some(Limit::Yakuman(n)) => format!("{n}x yakuman"),
        Some(l) => l.name(),
    }
}

/// Compares a score with the reference; `Err` describes every difference.
pub fn compare(case: &Case, score: &Score) -> Result<(), String> {
    let mut diffs = Vec::new();
    if score.total != case.han {
        diffs.push(format!("han {} != {}", score.total, case.han));
    }
    if score.fu != case.fu {
        diffs.push(format!("fu {} != {}", score.fu, case.fu));
    }
    let yaku: Vec<(String, u32)> =
        score.items.iter().map(|i| (i.name().to_string(), i.value * i.count)).collect();
    if yaku != case.yaku {
        diffs.push(format!("yaku {yaku:?} != {:?}", case.yaku));
    }
    let [main, additional, main_bonus, additional_bonus, kyoutaku, total] = case.cost;
    let p = &score.payments;
    let want = if !case.ctx.self_drawn {
        (Some(main + main_bonus), None, None)
    } else if case.ctx.is_dealer() {
        (None, None, Some(additional + additional_bonus))
    } else {
        (None, Some(main + main_bonus), Some(additional + additional_bonus))
    };
    if (p.ron, p.tsumo_dealer, p.tsumo_others) != want || p.total != total {
        diffs.push(format!("payments {p:?} != cost {:?}", case.cost));
    }
    if kyoutaku != 1000 * case.ctx.riichi_sticks {
        diffs.push(format!("kyoutaku {kyoutaku} != sticks {}", case.ctx.riichi_sticks));
    }
    if level(score.limit) != case.level {
        diffs.push(format!("limit {:?} != level {:?}", score.limit, case.level));
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("; "))
    }
}

/// Walks up from this crate until a directory holding `shared/oracles` is found.
pub fn shared_dir() -> Option<PathBuf> {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    loop {
        let candidate = dir.join("shared");
        if candidate.join("oracles").is_dir() {
            return Some(candidate);
        }
        if !dir.pop() {
            return None;
        }
    }
}

/// The committed fixture.
pub fn fixture_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/riichi_score.jsonl")
}
