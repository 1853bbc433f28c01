//! Differential tests of three-player riichi (sanma) scoring against two public references:
//! `mahjong` 2.1.0 (`is_three_player`, `num_nuki_dora`) and `riichienv` 0.4.11
//! (`HandEvaluator3P`, `kita_count`), on the committed fixture `tests/data/sanma_score.jsonl`
//! (20,000 random winning hands from the 108-tile set, with 0-4 Norths set aside), made with
//!
//! ```text
//! python -m venv /tmp/sanma-venv
//! /tmp/sanma-venv/bin/pip install mahjong==2.1.0 riichienv==0.4.11
//! /tmp/sanma-venv/bin/python crates/hupai-rules/tests/data/gen_sanma_score.py \
//!     -n 20000 --seed 2901 > crates/hupai-rules/tests/data/sanma_score.jsonl
//! ```
//!
//! Every hand agrees with `mahjong` (under `sanma` for its `tenhou` lines, `sanma-majsoul` for
//! its `majsoul` lines) in han, fu, yaku, limit and every payment, and with riichienv (whose
//! three-player evaluator counts double yakuman, so under `sanma-majsoul`) in han, fu and every
//! payment. Where the references differ from each other the convention is named here, with the
//! one hupai follows (the comparisons below allow exactly these):
//!
//! - `mahjong` counts a North set aside as a `Dora`; riichienv and hupai list it apart (`Nuki
//!   Dora`, hupai's `nuki_dora` item). Before comparing with `mahjong`, hupai's nuki dora are
//!   folded into its dora count.
//! - Where a hand is both a yakuman and a counted yakuman (13 han of yaku and dora; the same
//!   payment), riichienv lists the counted reading, `mahjong` and hupai the yakuman (one hand
//!   in the fixture, line 18437).
//! - riichienv adds the honba to its dealer field when the dealer wins by tsumo (a field nobody
//!   pays); the dealer's own tsumo is compared on what each other player pays.
//! - riichienv gives a yakuman fu 0; `mahjong` and hupai give the hand's fu (`mahjong` 0 for
//!   thirteen orphans, as hupai). The fu of a yakuman is compared with `mahjong` only.
//! - Neither reference differs from the other in han or payments otherwise: both pay a
//!   three-player tsumo with ツモ損 and 100 per honba from each payer, and both point a 1m
//!   indicator to 9m.

#![cfg(test)]

use crate::riichi_case;

use std::path::PathBuf;

use hupai_rules::{score, ItemId, Rules, Score, ScoreItem, WinContext, Yaku};
use riichi_case::{compare, read, Case};
use serde_json::Value;

/// What riichienv answered: han, fu, yaku names, ron, tsumo from the dealer, tsumo from each
/// other (honba included, sticks not).
#[derive(Clone, Debug)]
struct RiichiEnv {
    han: u32,
    fu: u32,
    yaku: Vec<String>,
    ron: u32,
    tsumo_dealer: u32,
    tsumo_other: u32,
}

fn num(v: &Value) -> u32 {
    v.as_u64().expect("number") as u32
}

/// Every case of the fixture (read as the four-player one is), with riichienv's answer.
fn fixture() -> Vec<(Case, Option<RiichiEnv>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sanma_score.jsonl");
    let text = std::fs::read_to_string(&path).expect("the fixture");
    let header: Vec<String> =
        serde_json::from_str(text.lines().next().unwrap_or("[]")).expect("header");
    let col = header.iter().position(|h| h == "riichienv").expect("riichienv column");
    let riichienv = |case: &Case| {
        let v: Vec<Value> = serde_json::from_str(&case.text).expect("json line");
        v[col].as_array().map(|r| RiichiEnv {
            han: num(&r[0]),
            fu: num(&r[1]),
            yaku: (r[2].as_array().expect("names").iter())
                .filter_map(|n| n.as_str().map(String::from))
                .collect(),
            ron: num(&r[3]),
            tsumo_dealer: num(&r[4]),
            tsumo_other: num(&r[5]),
        })
    };
    read(&path)
        .into_iter()
        .map(|case| {
            let env = riichienv(&case);
            (case, env)
        })
        .collect()
}

/// `mahjong`'s way of listing a North set aside: as a dora.
fn kita_as_dora(s: &Score) -> Score {
    let mut out = s.clone();
    let kita = |i: &ScoreItem| i.id == ItemId::Yaku(Yaku::Kita);
    let Some(n) = s.items.iter().find(|i| kita(i)).map(|i| i.count) else { return out };
    out.items.retain(|i| !kita(i));
    match out.items.iter_mut().find(|i| i.id == ItemId::Yaku(Yaku::Dora)) {
        Some(dora) => dora.count += n,
        None => {
            let later = [ItemId::Yaku(Yaku::AkaDora), ItemId::Yaku(Yaku::UraDora)];
            let at = out.items.iter().position(|i| later.contains(&i.id));
            let item = ScoreItem { id: ItemId::Yaku(Yaku::Dora), value: 1, count: n };
            out.items.insert(at.unwrap_or(out.items.len()), item);
        }
    }
    out
}

/// The differences from riichienv's answer (`None`: no win there).
fn compare_riichienv(env: &Option<RiichiEnv>, ctx: &WinContext, s: &Score) -> Result<(), String> {
    let (honba, dealer) = (ctx.honba, ctx.is_dealer());
    let Some(env) = env else { return Err("riichienv finds no win".into()) };
    let mut diffs = Vec::new();
    // A counted yakuman (13 han or more of yaku and dora) and a real one pay the same; where a
    // hand is both, riichienv lists the counted reading, `mahjong` and hupai the yakuman.
    let counted = s.limit == Some(hupai_rules::Limit::Yakuman(1)) && (13..26).contains(&env.han);
    if env.han != s.total && !counted {
        diffs.push(format!("han {} != {}", s.total, env.han));
    }
    let yakuman = matches!(s.limit, Some(hupai_rules::Limit::Yakuman(_)));
    if !yakuman && !counted && env.fu != s.fu {
        diffs.push(format!("fu {} != {}", s.fu, env.fu));
    }
    let p = &s.payments;
    let got = (p.ron.unwrap_or(0), p.tsumo_dealer.unwrap_or(0), p.tsumo_others.unwrap_or(0));
    // riichienv adds the honba to its dealer field of a dealer's own tsumo, which nobody pays.
    let dealer_field = if s.payments.ron.is_none() && env.tsumo_dealer == 100 * honba && dealer {
        0
    } else {
        env.tsumo_dealer
    };
    if got != (env.ron, dealer_field, env.tsumo_other) {
        diffs.push(format!(
            "payments {got:?} != ({}, {}, {})",
            env.ron, env.tsumo_dealer, env.tsumo_other
        ));
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(format!("{} (riichienv yaku {:?})", diffs.join("; "), env.yaku))
    }
}

#[test]
fn every_hand_agrees_with_both_references() {
    let cases = fixture();
    assert!(cases.len() >= 20_000, "{} cases", cases.len());
    let tenhou = Rules::preset("sanma").unwrap();
    let majsoul = Rules::preset("sanma-majsoul").unwrap();
    let mut failures = Vec::new();
    let mut with_kita = 0;
    for (case, env) in &cases {
        with_kita += usize::from(case.ctx.kita > 0);
        let rules = if case.preset == "majsoul" { &majsoul } else { &tenhou };
        let mahjong = score(rules, &case.hand, &case.ctx)
            .map_err(|e| format!("error: {e}"))
            .and_then(|s| compare(case, &kita_as_dora(&s)));
        if let Err(why) = mahjong {
            failures.push(format!("line {} (mahjong): {why}\n  {}", case.line, case.text));
        }
        let riichienv = score(&majsoul, &case.hand, &case.ctx)
            .map_err(|e| format!("error: {e}"))
            .and_then(|s| compare_riichienv(env, &case.ctx, &s));
        if let Err(why) = riichienv {
            failures.push(format!("line {} (riichienv): {why}\n  {}", case.line, case.text));
        }
    }
    assert!(with_kita > 5_000, "{with_kita} hands with kita");
    assert!(
        failures.is_empty(),
        "{} differences over {} hands; first ones:\n{}",
        failures.len(),
        cases.len(),
        failures.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
    );
}
