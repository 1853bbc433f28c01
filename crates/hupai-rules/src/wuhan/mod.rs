//! Wuhan scoring (武汉麻将, 红中赖子杠, 开口番): big hands set the base, doublings multiply
//! it, and every other player pays by its own doublings too.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("wuhan").unwrap();
//! // 屁胡 with a 5m pair, one pon (开口), self-drawn, no joker (硬胡): 3 doublings.
//! let hand: Hand = "234m678p345s55m pon:777s".parse().unwrap();
//! let mut ctx = WinContext::new("5m".parse().unwrap(), true);
//! let s = score(&rules, &hand, &ctx).unwrap();
//! let ids: Vec<_> = s.items.iter().map(|i| i.local_name()).collect();
//! assert_eq!(ids, ["屁胡", "开口", "硬胡", "自摸"]);
//! // Each pays 1 x 2^3; the 对家 has one pon of its own, so it pays 2^4.
//! ctx.payer_doublings = [0, 1, 0];
//! let s = score(&rules, &hand, &ctx).unwrap();
//! assert_eq!(s.payments.by_payer, Some([8, 16, 8]));
//! ```
//!
//! # The rule book
//!
//! hupai follows 红中赖子杠 as the published Wuhan rule sheets state it:
//!
//! - 屁胡 (a win with no big hand) needs a pair of 2, 5 or 8 (二五八将, `pair_258`; a joker
//!   may stand in it) and at most `joker_limit` jokers ("两个赖子不能胡屁胡").
//! - 大胡: 清一色, 碰碰胡, 将一色 (any shape), 风一色 (any shape), 全求人, 杠上开花 (on a
//!   kong's or a lone kong's replacement), 海底捞月, 抢杠胡. The base of a big hand is
//!   `big_hand_base`, doubled for each further one; a 屁胡's is `base_points`.
//! - Doublings (番), each ×2: every 开口 (chi, pon, open kong; an added kong was a pon), every
//!   open or added kong one more, every closed kong two, every lone kong its field's fans
//!   (红中杠 `red_dragon_kong`, 赖子杠 `joker_kong`, 痞子杠 `indicator_kong`), 硬胡 (no joker
//!   as a wild), 自摸.
//! - 开口番's fair doubling: each other player pays `base × 2^(winner's doublings + its own)`,
//!   its own being its opens, kongs and lone kongs, and one more (放冲) for the discarder or
//!   the robbed player; each payment at most `payment_cap` (封顶).
//!
//! `total` is the winner's doublings; the big hands are listed with value 1 (each one raises
//! the base). Worked examples are in `tests/data/wuhan_examples.toml`.

mod fans;

pub use fans::Fan;

use hupai_core::{Counts, Hand, Kind, Meld, MeldKind, Suit};

use crate::sets::{for_each_reading, for_each_substitution, suits, Set};
use crate::{
    ItemId, LoneKongs, Payments, Refusal, Rules, Score, ScoreError, ScoreItem, WinContext,
};

/// The doublings a player's own table counts (开口番): each chi, pon and open or added kong
/// (开口), one more for each open or added kong, two for each closed kong, and each lone
/// kong's fans. What each payer adds to the winner's doublings.
pub fn own_doublings(rules: &Rules, melds: &[Meld], lone_kongs: LoneKongs) -> u32 {
    let (opens, open_kongs, closed_kongs) = meld_counts(melds);
    opens + open_kongs + 2 * closed_kongs + lone_kong_fans(rules, lone_kongs)
}

/// What one payer pays: `base × 2^doublings`, at most `payment_cap` when it is set.
pub fn payment(rules: &Rules, base: u32, doublings: u32) -> u32 {
    let raw = u64::from(base) << doublings.min(40);
    let capped = if rules.payment_cap > 0 { raw.min(u64::from(rules.payment_cap)) } else { raw };
    capped.min(u64::from(u32::MAX)) as u32
}

/// The base of a win with `big_hands` big hands: `base_points` for none, `big_hand_base` for
/// one, doubled for each further one.
pub fn base(rules: &Rules, big_hands: u32) -> u32 {
    match big_hands {
        0 => rules.base_points,
        n => rules.big_hand_base.saturating_mul(1 << (n - 1).min(20)),
    }
}

/// 开口: whether the rules refuse this win for want of a call (a win on a discard or by
/// robbing a kong, with no chi, pon or open or added kong).
pub(crate) fn needs_opening(rules: &Rules, hand: &Hand, ctx: &WinContext) -> bool {
    rules.open_to_win
        && !ctx.self_drawn
        && !hand.melds().iter().any(|m| m.kind() != MeldKind::ClosedKan)
}

/// The rules of a win with no big hand, for the tables without big hands (every win is one):
/// a 2-5-8 pair in some regular reading (`pair_258`; hands with no regular reading are not
/// held to it) and at most `joker_limit` jokers.
pub(crate) fn small_hand_rules(rules: &Rules, hand: &Hand) -> Result<(), ScoreError> {
    if rules.joker_limit > 0 && hand.jokers() > rules.joker_limit {
        return Err(ScoreError::Refused(Refusal::TooManyJokers));
    }
    if !rules.pair_258 {
        return Ok(());
    }
    let regular = hupai_core::FormSet::EMPTY.with(hupai_core::Form::Regular);
    let ctx = WinContext::new(Kind::EAST, true);
    let (mut any, mut ok) = (false, false);
    for_each_substitution(hand, regular, |h| {
        for_each_reading(h, &ctx, |_, pair| {
            any = true;
            ok |= is_258(pair);
        });
    });
    if any && !ok {
        return Err(ScoreError::Refused(Refusal::Pair258));
    }
    Ok(())
}

/// A 2, 5 or 8 of a number suit.
fn is_258(kind: Kind) -> bool {
    kind.suit() != Suit::Honor && matches!(kind.number(), 2 | 5 | 8)
}

/// (opens, open or added kongs, closed kongs) among `melds`.
fn meld_counts(melds: &[Meld]) -> (u32, u32, u32) {
    let mut n = (0, 0, 0);
    for m in melds {
        match m.kind() {
            MeldKind::ClosedKan => n.2 += 1,
            MeldKind::Kan | MeldKind::AddedKan => {
                n.0 += 1;
                n.1 += 1;
            }
            _ => n.0 += 1,
        }
    }
    n
}

fn lone_kong_fans(rules: &Rules, k: LoneKongs) -> u32 {
    u32::from(k.red_dragon) * u32::from(rules.red_dragon_kong)
        + u32::from(k.joker) * u32::from(rules.joker_kong)
        + u32::from(k.indicator) * u32::from(rules.indicator_kong)
}

/// One way to read the win: its big hands and whether it is hard (no joker as a wild).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Reading {
    big: [bool; 8],
    hard: bool,
}

impl Reading {
    fn big_hands(&self) -> u32 {
        self.big.iter().filter(|&&b| b).count() as u32
    }

    fn add(&mut self, fan: Fan) {
        self.big[fan as usize] = true;
    }
}

/// Scores a Wuhan win.
pub(crate) fn score(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<Score, ScoreError> {
    if rules.red_dragon_kong > 0 && hand.all_counts().get(Kind::RED) > 0 {
        return Err(ScoreError::Refused(Refusal::LoneKongTileHeld));
    }
    if !ctx.self_drawn && ctx.discarder.is_none() {
        return Err(ScoreError::BadInput(
            "discarder: a wuhan win on a discard names who gave the tile (1, 2 or 3)".into(),
        ));
    }
    let (opens, open_kongs, closed_kongs) = meld_counts(hand.melds());
    let own = own_doublings(rules, hand.melds(), ctx.lone_kongs);
    let value = |r: &Reading| {
        let doublings = own + u32::from(r.hard) + u32::from(ctx.self_drawn);
        u64::from(base(rules, r.big_hands())) << doublings.min(40)
    };
    // Every reading, then the rules of a small hand on those with no big hand.
    let mut readings: Vec<Reading> = Vec::new();
    let mut refusal = None;
    any_shape(hand, ctx, &mut |r| readings.push(r));
    let regular = hupai_core::FormSet::EMPTY.with(hupai_core::Form::Regular);
    for_each_substitution(hand, regular, |h| {
        let hard = hand.jokers() == 0 || stands_for_itself(hand, h, ctx.joker);
        for_each_reading(h, ctx, |sets, pair| {
            let mut r = Reading { hard, ..Reading::default() };
            regular_big_hands(h, sets, ctx, &mut r);
            situation(ctx, &mut r);
            if r.big_hands() == 0 && rules.pair_258 && !is_258(pair) {
                refusal = refusal.or(Some(Refusal::Pair258));
                return;
            }
            readings.push(r);
        });
    });
    let too_many_jokers = rules.joker_limit > 0 && hand.jokers() > rules.joker_limit;
    let mut best: Option<Reading> = None;
    for r in readings {
        if r.big_hands() == 0 && too_many_jokers {
            refusal = Some(Refusal::TooManyJokers);
            continue;
        }
        if best.as_ref().is_none_or(|b| value(&r) > value(b)) {
            best = Some(r);
        }
    }
    let Some(r) = best else {
        return Err(refusal.map_or(ScoreError::NotWinning, ScoreError::Refused));
    };
    let mut items = Vec::new();
    let mut item = |fan: Fan, value: u32, count: u32| {
        if count > 0 {
            items.push(ScoreItem { id: ItemId::Wuhan(fan), value, count });
        }
    };
    for f in Fan::ALL.into_iter().filter(|&f| f.is_big_hand() && r.big[f as usize]) {
        item(f, 1, 1);
    }
    if r.big_hands() == 0 {
        item(Fan::PiHu, 0, 1);
    }
    let lk = ctx.lone_kongs;
    item(Fan::KaiKou, 1, opens);
    item(Fan::MingGang, 1, open_kongs);
    item(Fan::AnGang, 2, closed_kongs);
    item(Fan::HongZhongGang, rules.red_dragon_kong.into(), lk.red_dragon.into());
    item(Fan::LaiZiGang, rules.joker_kong.into(), lk.joker.into());
    item(Fan::PiZiGang, rules.indicator_kong.into(), lk.indicator.into());
    item(Fan::YingHu, 1, u32::from(r.hard));
    item(Fan::ZiMo, 1, u32::from(ctx.self_drawn));
    item(Fan::FangChong, 1, u32::from(!ctx.self_drawn));
    let total = own + u32::from(r.hard) + u32::from(ctx.self_drawn);
    let base = base(rules, r.big_hands());
    let by_payer: [u32; 3] = std::array::from_fn(|i| {
        let fang_chong = ctx.discarder == Some(i as u8 + 1);
        payment(rules, base, total + ctx.payer_doublings[i] + u32::from(fang_chong))
    });
    let discarder = ctx.discarder.map(|d| by_payer[usize::from(d - 1)]);
    let payments = Payments {
        ron: discarder.filter(|_| !ctx.self_drawn),
        total: by_payer.iter().sum(),
        by_payer: Some(by_payer),
        ..Payments::default()
    };
    let meets_minimum = total >= rules.min_fan;
    Ok(Score { variant: rules.variant, items, total, fu: 0, limit: None, meets_minimum, payments })
}

/// Whether the jokers of `hand` stand, in `with`, only for the joker kind itself (硬胡).
fn stands_for_itself(hand: &Hand, with: &Hand, joker: Option<Kind>) -> bool {
    let Some(joker) = joker else { return false };
    let (a, b) = (hand.concealed(), with.concealed());
    Kind::all()
        .all(|k| b.get(k) == a.get(k) || (k == joker && b.get(k) == a.get(k) + hand.jokers()))
}

/// 将一色 and 风一色: every tile (melds included) a 2-5-8 of a suit, or an honour, whatever
/// the shape; a joker stands for any of them (hard when the joker kind itself qualifies).
fn any_shape(hand: &Hand, ctx: &WinContext, consider: &mut impl FnMut(Reading)) {
    let all: Counts = hand.all_counts();
    for (fan, fits) in
        [(Fan::JiangYiSe, is_258 as fn(Kind) -> bool), (Fan::FengYiSe, Kind::is_honor)]
    {
        if all.kinds().all(fits) {
            let hard = hand.jokers() == 0 || ctx.joker.is_some_and(fits);
            let mut r = Reading { hard, ..Reading::default() };
            r.add(fan);
            situation(ctx, &mut r);
            consider(r);
        }
    }
}

fn regular_big_hands(hand: &Hand, sets: &[Set; 4], ctx: &WinContext, r: &mut Reading) {
    let all = hand.all_counts();
    if suits(&all) == (false, 1) {
        r.add(Fan::QingYiSe);
    }
    if sets.iter().all(|s| s.pung) {
        r.add(Fan::PengPengHu);
    }
    if all.kinds().all(is_258) {
        r.add(Fan::JiangYiSe);
    }
    if all.kinds().all(Kind::is_honor) {
        r.add(Fan::FengYiSe);
    }
    let calls = hand.melds().iter().filter(|m| m.kind() != MeldKind::ClosedKan).count();
    if calls == 4 && !ctx.self_drawn {
        r.add(Fan::QuanQiuRen);
    }
}

fn situation(ctx: &WinContext, r: &mut Reading) {
    if ctx.replacement {
        r.add(Fan::GangShangKaiHua);
    }
    if ctx.last_tile && ctx.self_drawn {
        r.add(Fan::HaiDiLaoYue);
    }
    if ctx.robbing_kong {
        r.add(Fan::QiangGangHu);
    }
}
