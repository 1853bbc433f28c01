//! Hong Kong scoring (香港麻雀, old style 舊章): fans with a minimum to win and a cap, turned
//! into points by doubling.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("hongkong").unwrap();
//! // 混一色 (3) + 番子 (1), won on a discard, no flowers (無花 1): 5 fans.
//! let hand: Hand = "123m456m789m11m pon:777z".parse().unwrap();
//! let s = score(&rules, &hand, &WinContext::new("1m".parse().unwrap(), false)).unwrap();
//! let fans: Vec<_> = s.items.iter().map(|i| (i.local_name(), i.value * i.count)).collect();
//! assert_eq!(fans, [("混一色", 3), ("番子", 1), ("無花", 1)]);
//! assert!(s.meets_minimum);
//! // 半辣: 5 fans are 24; the discarder pays for all three (全銃): 4 × 24.
//! assert_eq!(s.payments.ron, Some(96));
//! ```
//!
//! # The rule book
//!
//! hupai follows Hong Kong old style as the English rule books (Wikipedia's "Hong Kong mahjong
//! scoring rules", Tom Sloper's FAQ 17 "Hong Kong Old Style Mah-Jongg", the mahjong wiki's
//! "Hong Kong Old Style scoring") and the 番數表 of the Hong Kong press share it:
//!
//! | fans | pattern |
//! | --- | --- |
//! | 13 (爆棚) | 天糊, 地糊, 十三么, 大四喜, 十八羅漢 |
//! | 10 | 九子連環, 字一色, 清么九, 小四喜 |
//! | 8 | 大三元, 坎坎糊 |
//! | 7 | 清一色 |
//! | 5 | 小三元 |
//! | 4 | 七對子 (only where `forms` lists seven pairs: the old style has none) |
//! | 3 | 對對糊, 混一色 |
//! | 2 | 一台花 (each set of four) |
//! | 1 | 平糊, 混么九, 番子 (each), 門風, 圈風, 自摸, 門前清, 槓上開花, 海底撈月, 搶槓, 正花 (each), 無花 |
//! | 0 | 雞糊 |
//!
//! The fans add up; a hand counts its best reading. A win needs `min_fan` fans (三番起糊)
//! without the flower fans (正花, 一台花, 無花: "bonus tiles are not counted for the
//! minimum"); the engine offers no win below it. Points: the fans are capped at `fan_cap`
//! (爆棚, 13 here; 8 and 10 are common too), then `doubling` turns them into a table value
//! `T` (`full`, 全辣: `2^fans`; `half`, 半辣: 1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256,
//! 384), times `base_points`. A self-draw: each of the three pays `2T`. A discard
//! (`discard_pays`): the discarder pays `4T` alone (全銃), or `2T` with the two others `T` each
//! (半銃). Liability (包, [`crate::Rules::liability`]) is the engine's.
//!
//! Where the books differ: 清一色 is 6 in some tables (7 here), 小四喜 and 字一色 are 爆棚 in
//! some; 坎坎糊 is 8 here and a limit elsewhere; 地糊 here is a non-dealer's win on the
//! dealer's first discard, as Wikipedia's table and the press's 番數表 have it (some houses:
//! any first-turn win of a non-dealer, a self-draw included); 花糊
//! (all eight flowers, an instant win in some houses) is not played; a passed win is not held
//! against the player (the books' "miss win" covers only the same tile).
//!
//! Worked examples from the books are scored in `tests/regional_cases.rs` from
//! `tests/data/hongkong_cases.tsv`.

mod fans;

pub use fans::Fan;

crate::item::fan_items!(Fan, crate::ItemId::HongKong);

use hupai_core::{Form, Hand, Kind, MeldKind};

use crate::sets::{for_each_reading, is_nine_gates, suits, Set};
use crate::{DiscardPays, Doubling, Payments, Rules, Score, ScoreError, ScoreItem, WinContext};

/// Fan counts of one reading.
#[derive(Clone, Copy, Debug, Default)]
struct Reading {
    counts: [u8; Fan::ALL.len()],
}

impl Reading {
    fn add(&mut self, fan: Fan, n: u8) {
        self.counts[fan as usize] += n;
    }

    fn has(&self, fan: Fan) -> bool {
        self.counts[fan as usize] > 0
    }

    fn total(&self) -> u32 {
        Fan::ALL.iter().map(|&f| f.fans() * u32::from(self.counts[f as usize])).sum()
    }

    /// The fans without the flower fans: what the minimum counts.
    fn without_flowers(&self) -> u32 {
        Fan::ALL
            .iter()
            .filter(|f| !f.is_flower())
            .map(|&f| f.fans() * u32::from(self.counts[f as usize]))
            .sum()
    }
}

/// Scores a Hong Kong win.
pub(crate) fn score(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<Score, ScoreError> {
    if hand.jokers() > 0 {
        return Err(ScoreError::BadInput("jokers in a rule set without jokers".into()));
    }
    let forms = rules.form_set();
    let all = hand.all_counts();
    let mut best: Option<Reading> = None;
    let mut consider = |r: Reading| {
        if best.as_ref().is_none_or(|b| r.total() > b.total()) {
            best = Some(r);
        }
    };
    let special = |form| crate::sets::is_special(hand, forms, form);
    if special(Form::ThirteenOrphans) {
        let mut r = Reading::default();
        r.add(Fan::ThirteenOrphans, 1);
        consider(r);
    }
    if special(Form::SevenPairs) {
        let mut r = Reading::default();
        r.add(Fan::SevenPairs, 1);
        suit_fans(&all, &mut r);
        consider(r);
    }
    if forms.contains(Form::Regular) {
        for_each_reading(hand, ctx, |sets, pair| consider(regular(hand, ctx, sets, pair)));
    }
    let mut r = best.ok_or(ScoreError::NotWinning)?;
    situation(rules, hand, ctx, &mut r);
    Ok(build(rules, &r, ctx))
}

/// The suit fans: 字一色, 清一色 or 混一色.
fn suit_fans(all: &hupai_core::Counts, r: &mut Reading) {
    match suits(all) {
        (true, 0) => r.add(Fan::AllHonours, 1),
        (false, 1) => r.add(Fan::AllOneSuit, 1),
        (true, 1) => r.add(Fan::MixedOneSuit, 1),
        _ => {}
    }
}

/// The fans of one reading of a regular hand.
fn regular(hand: &Hand, ctx: &WinContext, sets: &[Set; 4], pair: Kind) -> Reading {
    let mut r = Reading::default();
    let all = hand.all_counts();
    let pungs = sets.iter().filter(|s| s.pung).count();
    if sets.iter().all(|s| s.kong) {
        r.add(Fan::AllKongs, 1);
    }
    if is_nine_gates(hand) {
        r.add(Fan::NineGates, 1);
    } else {
        suit_fans(&all, &mut r);
    }
    let (honours, numbers) = suits(&all);
    let orphans = all.kinds().all(Kind::is_terminal_or_honor);
    if orphans && !honours {
        r.add(Fan::PureOrphans, 1);
    } else if orphans && numbers > 0 {
        r.add(Fan::MixedOrphans, 1);
    }
    if pungs == 4 && sets.iter().all(|s| s.concealed) {
        r.add(Fan::FourConcealedPungs, 1);
    }
    let implied = [Fan::AllHonours, Fan::PureOrphans, Fan::FourConcealedPungs, Fan::AllKongs];
    if pungs == 4 && !implied.iter().any(|&f| r.has(f)) {
        r.add(Fan::AllPungs, 1);
    }
    if pungs == 0 {
        r.add(Fan::CommonHand, 1);
    }
    let dragons = sets.iter().filter(|s| s.pung && s.kind.is_dragon()).count() as u8;
    match dragons {
        3 => r.add(Fan::GreatDragons, 1),
        2 if pair.is_dragon() => r.add(Fan::SmallDragons, 1),
        n => r.add(Fan::DragonPung, n),
    }
    let winds = sets.iter().filter(|s| s.pung && s.kind.is_wind()).count();
    match winds {
        4 => r.add(Fan::GreatWinds, 1),
        3 if pair.is_wind() => r.add(Fan::SmallWinds, 1),
        _ => {
            let pung_of = |k: Kind| sets.iter().any(|s| s.pung && s.kind == k);
            if pung_of(ctx.seat_wind.wind()) {
                r.add(Fan::SeatWind, 1);
            }
            if pung_of(ctx.round_wind.wind()) {
                r.add(Fan::RoundWind, 1);
            }
        }
    }
    r
}

/// The fans of the situation and the flowers.
fn situation(rules: &Rules, hand: &Hand, ctx: &WinContext, r: &mut Reading) {
    let closed = hand.melds().iter().all(|m| m.kind() == MeldKind::ClosedKan);
    let flags = [
        (Fan::HeavenlyHand, ctx.first_turn && ctx.self_drawn && ctx.is_dealer()),
        // 地糊: a non-dealer wins on the dealer's first discard (a first-turn win on a
        // discard before its own first draw, the dealer's).
        (Fan::EarthlyHand, ctx.first_turn && !ctx.self_drawn && ctx.dealer_discard),
        (Fan::SelfDrawn, ctx.self_drawn),
        (Fan::Concealed, closed),
        (Fan::KongReplacement, ctx.replacement),
        (Fan::LastTile, ctx.last_tile),
        (Fan::RobbingKong, ctx.robbing_kong),
    ];
    for (fan, on) in flags {
        if on {
            r.add(fan, 1);
        }
    }
    if rules.flowers {
        if ctx.flowers == 0 {
            r.add(Fan::NoFlowers, 1);
        }
        let seat = ctx.seat_wind.index();
        for group in [0, 4] {
            let held = (ctx.flower_mask >> group) & 0xf;
            if held == 0xf {
                r.add(Fan::FlowerSet, 1);
            } else if held >> seat & 1 == 1 {
                r.add(Fan::OwnFlower, 1);
            }
        }
    }
    if r.without_flowers() == 0 {
        r.add(Fan::ChickenHand, 1);
    }
}

/// The table value `T` of `fans` (capped at `fan_cap`) under `doubling`, times `base_points`:
/// a self-draw costs each payer `2T`.
pub fn points(rules: &Rules, fans: u32) -> u32 {
    let f = rules.capped_fans(fans);
    let table = match rules.doubling {
        Doubling::Full => 1u32 << f,
        Doubling::Half if f <= 4 => 1 << f,
        // 16, 24, 32, 48, 64, ...: the even steps double, the odd ones are half way.
        Doubling::Half if f % 2 == 0 => 1 << (f / 2 + 2),
        Doubling::Half => 3 << (f / 2 + 1),
    };
    rules.base_points.saturating_mul(table)
}

fn build(rules: &Rules, r: &Reading, ctx: &WinContext) -> Score {
    let items: Vec<ScoreItem> = Fan::items(&r.counts);
    let total = r.total();
    let t = points(rules, total);
    let payments = if ctx.self_drawn {
        Payments { tsumo_others: Some(2 * t), total: 6 * t, ..Payments::default() }
    } else {
        match rules.discard_pays {
            DiscardPays::Discarder => {
                Payments { ron: Some(4 * t), total: 4 * t, ..Payments::default() }
            }
            DiscardPays::Everyone => {
                Payments { ron: Some(2 * t), ron_others: t, total: 4 * t, ..Payments::default() }
            }
        }
    };
    let meets_minimum = r.without_flowers() >= rules.min_fan;
    Score { variant: rules.variant, items, total, fu: 0, limit: None, meets_minimum, payments }
}
