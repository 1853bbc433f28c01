//! Sichuan scoring (四川麻将, 血战到底 and 血流成河, Chengdu style): fans that each double
//! the win, capped.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("sichuan").unwrap();
//! // 清一色 (2) + 对对胡 (1): 2^3 = 8 from the discarder.
//! let hand: Hand = "11122233355577m".parse().unwrap();
//! let s = score(&rules, &hand, &WinContext::new("7m".parse().unwrap(), false)).unwrap();
//! let fans: Vec<_> = s.items.iter().map(|i| (i.local_name(), i.value * i.count)).collect();
//! assert_eq!(fans, [("清一色", 2), ("对对胡", 1)]);
//! assert_eq!(s.payments.ron, Some(8));
//! ```
//!
//! # The rule book
//!
//! hupai follows the Chengdu 血战到底 rules as the common online rooms (and the room-rule
//! sheets of Sichuan clients) state them; each fan doubles the win, the patterns add up:
//!
//! | fans | pattern |
//! | --- | --- |
//! | 0 | 平胡: four melds and a pair |
//! | 1 | 对对胡 (all pungs); 根 (each set of four identical tiles, declared or held); 杠上花, 杠上炮, 抢杠胡, 海底捞月, 海底炮; 金钩钓 (over 对对胡: everything declared, a single wait) |
//! | 2 | 清一色; 七对; 带幺九 |
//! | 3 | 龙七对 (七对 with a root, that root counted in it); 将对 (all pungs of 2/5/8, instead of 对对胡) |
//! | 5 | 天胡, 地胡 |
//!
//! So 清对 = 3, 清七对 = 4, 清龙七对 = 5, 将金钩钓 = 4, 十八罗汉 (金钩钓 with four kongs) = 6,
//! 清十八罗汉 = 8, as the rule sheets list them (x8, x16, x32, x16, x64, x256). A win holds at
//! most two suits (缺一门), so three suits never win. The payer pays `base_points × 2^fans`,
//! fans capped at `fan_cap` (封顶); a self-draw is paid by every player still in the hand,
//! with one base point more each (`self_draw_bonus = "base"`, 自摸加底) or one fan more
//! (`"fan"`, 自摸加番). Room options: `yaojiu_jiangdui` (带幺九 and 将对 count),
//! `menqing_zhongzhang` (门清 and 中张, one fan each). A win needs `min_fan` fans (0 in the
//! presets: any complete hand wins; `min_fan = 1` refuses a 平胡), counting every fan but
//! 自摸加番's, which rewards the self-draw rather than the hand. Where the rule books differ on a single
//! pattern, hupai keeps the sum above: one sheet values 龙七对 at x16 (4 fans), hupai at 3.
//!
//! Worked examples from the rule sheets are scored in `tests/sichuan_cases.rs` from
//! `tests/data/sichuan_cases.tsv`.

mod fans;

pub use fans::Fan;

crate::item::fan_items!(Fan, crate::ItemId::Sichuan);

use hupai_core::{for_each_decomposition, Block, Counts, Form, Hand, Kind, MeldKind, Suit};

use crate::{Payments, Rules, Score, ScoreError, ScoreItem, SelfDrawBonus, WinContext};

/// Fan counts of one reading.
#[derive(Clone, Copy, Debug, Default)]
struct Reading {
    counts: [u8; Fan::ALL.len()],
}

impl Reading {
    fn add(&mut self, fan: Fan, n: u8) {
        self.counts[fan as usize] += n;
    }

    fn total(&self) -> u32 {
        Fan::ALL.iter().map(|&f| f.fans() * u32::from(self.counts[f as usize])).sum()
    }
}

/// Scores a Sichuan win.
pub(crate) fn score(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<Score, ScoreError> {
    if hand.jokers() > 0 {
        return Err(ScoreError::BadInput("jokers in a rule set without jokers".into()));
    }
    let all = hand.all_counts();
    let suits = [Suit::Man, Suit::Pin, Suit::Sou]
        .into_iter()
        .filter(|&s| all.kinds().any(|k| k.suit() == s))
        .count();
    if suits > 2 {
        // 缺一门: a winning hand lacks a suit.
        return Err(ScoreError::NotWinning);
    }
    let concealed = hand.concealed();
    let melds = hand.melds();
    let roots = all.0.iter().filter(|&&n| n == 4).count() as u8;
    let mut best: Option<Reading> = None;
    let mut consider = |r: Reading| {
        if best.as_ref().is_none_or(|b| r.total() > b.total()) {
            best = Some(r);
        }
    };
    let forms = rules.form_set();
    if crate::sets::is_special(hand, forms, Form::SevenPairs) {
        let mut r = Reading::default();
        if roots > 0 {
            r.add(Fan::LongQiDui, 1);
            r.add(Fan::Gen, roots - 1);
        } else {
            r.add(Fan::QiDui, 1);
            r.add(Fan::Gen, roots);
        }
        consider(r);
    }
    if forms.contains(Form::Regular) {
        let declared_pungs = melds.iter().all(|m| m.kind() != MeldKind::Chi);
        let declared_yaojiu = melds.iter().all(|m| m.kinds().any(Kind::is_terminal));
        let declared_258 = melds.iter().all(|m| m.kinds().all(is_258));
        for_each_decomposition(concealed, |d| {
            if d.blocks().len() + melds.len() != 4 {
                return;
            }
            let mut r = Reading::default();
            let pungs = declared_pungs && d.blocks().iter().all(|b| matches!(b, Block::Triplet(_)));
            let yaojiu = declared_yaojiu
                && d.pair.is_terminal()
                && d.blocks().iter().all(|b| match *b {
                    Block::Triplet(k) => k.is_terminal(),
                    Block::Sequence(k) => k.number() == 1 || k.number() == 7,
                });
            let all_258 = pungs
                && declared_258
                && is_258(d.pair)
                && d.blocks().iter().all(|b| is_258(b.first()));
            if pungs {
                if all_258 && rules.yaojiu_jiangdui {
                    r.add(Fan::JiangDui, 1);
                } else {
                    r.add(Fan::DuiDuiHu, 1);
                }
                if melds.len() == 4 {
                    r.add(Fan::JinGouDiao, 1);
                }
            }
            if yaojiu && rules.yaojiu_jiangdui {
                r.add(Fan::DaiYaoJiu, 1);
            }
            r.add(Fan::Gen, roots);
            consider(r);
        });
    }
    let Some(mut r) = best else {
        return Err(ScoreError::NotWinning);
    };
    if suits == 1 {
        r.add(Fan::QingYiSe, 1);
    }
    let pattern = [
        Fan::QingYiSe,
        Fan::LongQiDui,
        Fan::QiDui,
        Fan::JiangDui,
        Fan::DuiDuiHu,
        Fan::DaiYaoJiu,
        Fan::JinGouDiao,
    ];
    if pattern.iter().all(|&f| r.counts[f as usize] == 0) {
        r.add(Fan::PingHu, 1);
    }
    situation(rules, hand, ctx, &mut r);
    Ok(build(rules, &r, ctx))
}

fn is_258(k: Kind) -> bool {
    matches!(k.number(), 2 | 5 | 8)
}

/// The fans of the situation and the room options.
fn situation(rules: &Rules, hand: &Hand, ctx: &WinContext, r: &mut Reading) {
    let flags = [
        (Fan::GangShangHua, ctx.replacement && ctx.self_drawn),
        (Fan::GangShangPao, ctx.kong_discard && !ctx.self_drawn),
        (Fan::QiangGangHu, ctx.robbing_kong),
        (Fan::HaiDiLaoYue, ctx.last_tile && ctx.self_drawn),
        (Fan::HaiDiPao, ctx.last_tile && !ctx.self_drawn),
        (Fan::TianHu, ctx.first_turn && ctx.self_drawn && ctx.is_dealer()),
        (Fan::DiHu, ctx.first_turn && ctx.self_drawn && !ctx.is_dealer()),
        (Fan::ZiMo, ctx.self_drawn && rules.self_draw_bonus == SelfDrawBonus::Fan),
    ];
    for (fan, on) in flags {
        if on {
            r.add(fan, 1);
        }
    }
    if rules.menqing_zhongzhang {
        if hand.melds().iter().all(|m| m.kind() == MeldKind::ClosedKan) {
            r.add(Fan::MenQing, 1);
        }
        if hand.all_counts().kinds().all(|k| !k.is_terminal()) {
            r.add(Fan::ZhongZhang, 1);
        }
    }
}

/// What one payer pays for `fans` (capped) under `rules`, self-drawn or not.
pub fn payment(rules: &Rules, fans: u32, self_drawn: bool) -> u32 {
    let capped = rules.capped_fans(fans);
    let bonus = u32::from(self_drawn && rules.self_draw_bonus == SelfDrawBonus::Base);
    rules.base_points.saturating_mul(1 << capped) + bonus * rules.base_points
}

/// The capped value of a hand: what the cap pays (查花猪).
pub fn cap_payment(rules: &Rules) -> u32 {
    payment(rules, u32::MAX, false)
}

fn build(rules: &Rules, r: &Reading, ctx: &WinContext) -> Score {
    let mut items: Vec<ScoreItem> = Fan::items(&r.counts);
    let mut total = r.total();
    if let Some(item) = crate::item::declared_ready(rules, ctx) {
        total += item.value;
        items.push(item);
    }
    // 自摸加番's fan rewards the self-draw, as Guangdong's 自摸 does: a self-drawn 平胡 is
    // still a 平胡 for the minimum.
    let counted = total - u32::from(r.counts[Fan::ZiMo as usize]) * Fan::ZiMo.fans();
    let meets_minimum = counted >= rules.min_fan;
    let each = payment(rules, total, ctx.self_drawn);
    let payments = if ctx.self_drawn {
        Payments { tsumo_others: Some(each), total: 3 * each, ..Payments::default() }
    } else {
        Payments { ron: Some(each), total: each, ..Payments::default() }
    };
    Score { variant: rules.variant, items, total, fu: 0, limit: None, meets_minimum, payments }
}

/// The kinds that count for each suit (for engines and agents: the suit a hand would void).
pub fn suit_counts(counts: &Counts) -> [u8; 3] {
    let mut n = [0u8; 3];
    for k in counts.kinds() {
        if let Some(i) = [Suit::Man, Suit::Pin, Suit::Sou].iter().position(|&s| s == k.suit()) {
            n[i] += counts[k];
        }
    }
    n
}
