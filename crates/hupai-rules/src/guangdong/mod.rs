//! Guangdong scoring (广东推倒胡): any complete hand wins, each fan doubles it.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("guangdong").unwrap();
//! // 清一色 (2) + 碰碰胡 (1): 2^3 = 8 from the discarder.
//! let hand: Hand = "11122233355577m".parse().unwrap();
//! let s = score(&rules, &hand, &WinContext::new("7m".parse().unwrap(), false)).unwrap();
//! let fans: Vec<_> = s.items.iter().map(|i| (i.local_name(), i.value * i.count)).collect();
//! assert_eq!(fans, [("清一色", 2), ("碰碰胡", 1)]);
//! assert_eq!(s.payments.ron, Some(8));
//! // 鸡胡: a plain hand still wins (推倒胡), worth 1.
//! let hand: Hand = "123m456p789s234s55z".parse().unwrap();
//! let s = score(&rules, &hand, &WinContext::new("5z".parse().unwrap(), false)).unwrap();
//! assert_eq!(s.items[0].local_name(), "鸡胡");
//! assert!(s.meets_minimum);
//! ```
//!
//! # The rule book
//!
//! hupai follows 广东推倒胡 as the common Guangdong rooms' rule sheets state it: 推倒胡
//! ("push down and win") lets any complete hand win, 鸡胡 included (`min_fan = 1` is the room
//! option 鸡胡不能胡); pon and kong, no chi; each fan doubles, the patterns add up:
//!
//! | fans | pattern |
//! | --- | --- |
//! | 4 (x16) | 天胡, 地胡, 十三幺, 九莲宝灯, 十八罗汉, 大四喜 |
//! | 3 (x8) | 字一色, 大三元, 小四喜, 清幺九, 豪华七对 |
//! | 2 (x4) | 小三元, 清一色, 七对, 混幺九 |
//! | 1 (x2) | 混一色, 碰碰胡, 杠上开花, 抢杠胡, 海底捞月, 自摸, 无鬼 (jokers in play, none held) |
//! | 0 | 鸡胡 |
//!
//! So 清碰 = 3 (x8), 清七对 = 4 (x16), 混碰 = 2 (x4). The payer pays `base_points × 2^fans`,
//! the fans capped at `fan_cap` when it is set (封顶): a self-draw is paid by each of the three,
//! a discard by the discarder alone, a robbed kong by the robbed player alone for all three
//! (`robbed_kong_pays_all`, 抢杠全包). 鬼牌 (`jokers = true`): a tile turned up after the deal
//! makes the next kind wild (翻鬼); a joker stands for whatever scores best. 自摸 and 无鬼 do
//! not count for `min_fan`.
//!
//! Where the rooms differ: 七对 is x2 in some (x4 here), 十三幺 x8 or x10 (x16 here); some
//! rooms allow only self-drawn wins; the white dragons as jokers (白板做鬼) are not played.
//! 买马 (`horses = N`): after a win the engine turns up the next N wall tiles; each names a
//! seat counted from the dealer and each that names the winner (中马) is paid once more (some
//! rooms count from the winner, or double per horse: not settings here).
//!
//! Worked examples are scored in `tests/regional_cases.rs` from
//! `tests/data/guangdong_cases.tsv`.

mod fans;

pub use fans::Fan;

crate::item::fan_items!(Fan, crate::ItemId::Guangdong);

use hupai_core::{Form, Hand, Kind};

use crate::sets::{for_each_reading, for_each_substitution, is_nine_gates, suits, Set};
use crate::{Payments, Rules, Score, ScoreError, ScoreItem, WinContext};

/// Fan counts of one reading.
#[derive(Clone, Copy, Debug, Default)]
struct Reading {
    counts: [u8; Fan::ALL.len()],
}

impl Reading {
    fn add(&mut self, fan: Fan) {
        self.counts[fan as usize] += 1;
    }

    fn has(&self, fan: Fan) -> bool {
        self.counts[fan as usize] > 0
    }

    fn sum(&self, filter: impl Fn(Fan) -> bool) -> u32 {
        Fan::ALL
            .iter()
            .filter(|&&f| filter(f))
            .map(|&f| f.fans() * u32::from(self.counts[f as usize]))
            .sum()
    }

    fn total(&self) -> u32 {
        self.sum(|_| true)
    }
}

/// Scores a Guangdong win.
pub(crate) fn score(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<Score, ScoreError> {
    let forms = rules.form_set();
    let mut best: Option<Reading> = None;
    for_each_substitution(hand, forms, |h| {
        if let Some(r) = best_reading(rules, h, ctx) {
            if best.as_ref().is_none_or(|b| r.total() > b.total()) {
                best = Some(r);
            }
        }
    });
    let mut r = best.ok_or(ScoreError::NotWinning)?;
    situation(rules, hand, ctx, &mut r);
    Ok(build(rules, &r, ctx))
}

/// The best reading of a hand without jokers.
fn best_reading(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Option<Reading> {
    let forms = rules.form_set();
    let concealed = hand.concealed();
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
        r.add(Fan::ShiSanYao);
        consider(r);
    }
    if special(Form::SevenPairs) {
        let mut r = Reading::default();
        r.add(if concealed.0.contains(&4) { Fan::HaoHuaQiDui } else { Fan::QiDui });
        suit_fans(&all, false, &mut r);
        consider(r);
    }
    if forms.contains(Form::Regular) {
        for_each_reading(hand, ctx, |sets, pair| consider(regular(hand, sets, pair)));
    }
    best
}

/// 字一色, 清一色 (unless `nine_gates` stands for it) or 混一色.
fn suit_fans(all: &hupai_core::Counts, nine_gates: bool, r: &mut Reading) {
    match suits(all) {
        (true, 0) => r.add(Fan::ZiYiSe),
        (false, 1) if !nine_gates => r.add(Fan::QingYiSe),
        (true, 1) => r.add(Fan::HunYiSe),
        _ => {}
    }
}

fn regular(hand: &Hand, sets: &[Set; 4], pair: Kind) -> Reading {
    let mut r = Reading::default();
    let all = hand.all_counts();
    let nine_gates = is_nine_gates(hand);
    if nine_gates {
        r.add(Fan::JiuLianBaoDeng);
    }
    suit_fans(&all, nine_gates, &mut r);
    let (honours, numbers) = suits(&all);
    if all.kinds().all(Kind::is_terminal_or_honor) {
        if !honours {
            r.add(Fan::QingYaoJiu);
        } else if numbers > 0 {
            r.add(Fan::HunYaoJiu);
        }
    }
    if sets.iter().all(|s| s.kong) {
        r.add(Fan::ShiBaLuoHan);
    }
    let dragons = sets.iter().filter(|s| s.pung && s.kind.is_dragon()).count();
    if dragons == 3 {
        r.add(Fan::DaSanYuan);
    } else if dragons == 2 && pair.is_dragon() {
        r.add(Fan::XiaoSanYuan);
    }
    let winds = sets.iter().filter(|s| s.pung && s.kind.is_wind()).count();
    if winds == 4 {
        r.add(Fan::DaSiXi);
    } else if winds == 3 && pair.is_wind() {
        r.add(Fan::XiaoSiXi);
    }
    let implied = [Fan::ZiYiSe, Fan::QingYaoJiu, Fan::HunYaoJiu, Fan::ShiBaLuoHan, Fan::DaSiXi];
    if sets.iter().all(|s| s.pung) && !implied.iter().any(|&f| r.has(f)) {
        r.add(Fan::PengPengHu);
    }
    r
}

fn situation(rules: &Rules, hand: &Hand, ctx: &WinContext, r: &mut Reading) {
    let flags = [
        (Fan::TianHu, ctx.first_turn && ctx.self_drawn && ctx.is_dealer()),
        (Fan::DiHu, ctx.first_turn && !ctx.is_dealer()),
        (Fan::GangShangKaiHua, ctx.replacement),
        (Fan::QiangGangHu, ctx.robbing_kong),
        (Fan::HaiDiLaoYue, ctx.last_tile && ctx.self_drawn),
        (Fan::ZiMoHu, ctx.self_drawn),
        (Fan::WuGui, rules.jokers && hand.jokers() == 0),
    ];
    for (fan, on) in flags {
        if on {
            r.add(fan);
        }
    }
    if r.sum(Fan::counts_for_minimum) == 0 {
        r.add(Fan::JiHu);
    }
}

/// What one payer pays for `fans`: `base_points × 2^fans`, the fans capped at `fan_cap` when
/// it is set.
pub fn payment(rules: &Rules, fans: u32) -> u32 {
    rules.base_points.saturating_mul(1 << rules.capped_fans(fans))
}

fn build(rules: &Rules, r: &Reading, ctx: &WinContext) -> Score {
    let items: Vec<ScoreItem> = Fan::items(&r.counts);
    let total = r.total();
    let each = payment(rules, total);
    let payments = if ctx.self_drawn {
        Payments { tsumo_others: Some(each), total: 3 * each, ..Payments::default() }
    } else if ctx.robbing_kong && rules.robbed_kong_pays_all {
        Payments { ron: Some(3 * each), total: 3 * each, ..Payments::default() }
    } else {
        Payments { ron: Some(each), total: each, ..Payments::default() }
    };
    let meets_minimum = r.sum(Fan::counts_for_minimum) >= rules.min_fan;
    Score { variant: rules.variant, items, total, fu: 0, limit: None, meets_minimum, payments }
}
