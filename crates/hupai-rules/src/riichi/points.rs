//! Points from han and fu: basic points `fu × 2^(han+2)` capped at mangan (2000), the limits
//! above it, kazoe and kiriage per the rules, then what the dealer and non-dealers pay on a ron
//! or a tsumo (rounded up to 100), honba (100 from each payer) and riichi sticks (1000 each);
//! with three players, a self-draw with or without the absent player's share (ツモ損).
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("riichi").unwrap();
//! let hand: Hand = "234789m1234566p6p".parse().unwrap();
//! let mut ctx = WinContext::new("6p".parse().unwrap(), true);
//! ctx.riichi = true;
//! ctx.seat_wind = hupai_core::Seat::South;
//! ctx.honba = 1;
//! let s = score(&rules, &hand, &ctx).unwrap();
//! assert_eq!((s.total, s.fu), (3, 20));
//! assert_eq!((s.payments.tsumo_dealer, s.payments.tsumo_others), (Some(1400), Some(800)));
//! assert_eq!(s.payments.total, 3000);
//! ```

use crate::{KazoeLimit, Limit, Payments, Rules, WinContext};

/// The most honba or riichi sticks a hand accepts (no game comes near it).
pub(crate) const MAX_COUNTER: u32 = 1000;

/// Basic points and the limit they reach.
fn basic(rules: &Rules, han: u32, fu: u32, yakuman: bool) -> (u32, Option<Limit>) {
    if yakuman {
        let n = (han / 13).clamp(1, 6);
        return (8000 * n, Some(Limit::Yakuman(n as u8)));
    }
    match han {
        13.. => match rules.kazoe {
            KazoeLimit::Yakuman => (8000, Some(Limit::KazoeYakuman)),
            KazoeLimit::Sanbaiman => (6000, Some(Limit::Sanbaiman)),
        },
        11..=12 => (6000, Some(Limit::Sanbaiman)),
        8..=10 => (4000, Some(Limit::Baiman)),
        6..=7 => (3000, Some(Limit::Haneman)),
        5 => (2000, Some(Limit::Mangan)),
        _ => {
            let b = fu << (han + 2);
            let kiriage = rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
            if b > 2000 || kiriage {
                (2000, Some(Limit::Mangan))
            } else {
                (b, None)
            }
        }
    }
}

/// `x` rounded up to a multiple of 100.
const fn up100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// Everything the winner receives for `han` and `fu` (the same as [`payments`]' total), to
/// compare readings.
pub(crate) fn total(rules: &Rules, ctx: &WinContext, han: u32, fu: u32, yakuman: bool) -> u32 {
    payments(rules, ctx, han, fu, yakuman).0.total
}

/// The payments for a win of `han` han and `fu` fu (`yakuman`: the han are 13 per yakuman).
///
/// Each payer adds 100 per honba. With three players (`players = 3`) a self-draw has one payer
/// fewer: under ツモ損 (`tsumo_loss`) the absent player's share is lost; otherwise it is split
/// between the two payers (each rounded up to 100).
pub(crate) fn payments(
    rules: &Rules,
    ctx: &WinContext,
    han: u32,
    fu: u32,
    yakuman: bool,
) -> (Payments, Option<Limit>) {
    let (b, limit) = basic(rules, han, fu, yakuman);
    let dealer = ctx.is_dealer();
    // The counters are at most MAX_COUNTER (checked before scoring): no overflow.
    let payers = u32::from(rules.players.clamp(2, 4)) - 1;
    let bonus = 100 * ctx.honba;
    let sticks = 1000 * ctx.riichi_sticks;
    // The basic points of the shares nobody pays (a seat missing at the table), split in two.
    let absent = |share: u32| if rules.players == 3 && !rules.tsumo_loss { share / 2 } else { 0 };
    let mut p = Payments::default();
    if ctx.self_drawn {
        if dealer {
            let each = up100(2 * b + absent(2 * b)) + bonus;
            p.tsumo_others = Some(each);
            p.total = payers * each + sticks;
        } else {
            let from_dealer = up100(2 * b + absent(b)) + bonus;
            let each = up100(b + absent(b)) + bonus;
            p.tsumo_dealer = Some(from_dealer);
            p.tsumo_others = Some(each);
            p.total = from_dealer + (payers - 1) * each + sticks;
        }
    } else {
        let ron = up100(if dealer { 6 * b } else { 4 * b }) + payers * bonus;
        p.ron = Some(ron);
        p.total = ron + sticks;
    }
    (p, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Seat;

    fn pay(
        han: u32,
        fu: u32,
        dealer: bool,
        tsumo: bool,
    ) -> (Option<u32>, Option<u32>, Option<u32>) {
        let rules = Rules::preset("riichi").unwrap();
        let mut ctx = WinContext::new(hupai_core::Kind::EAST, tsumo);
        ctx.seat_wind = if dealer { Seat::East } else { Seat::West };
        let (p, _) = payments(&rules, &ctx, han, fu, false);
        assert_eq!(p.total, total(&rules, &ctx, han, fu, false));
        (p.ron, p.tsumo_dealer, p.tsumo_others)
    }

    #[test]
    fn the_score_table() {
        assert_eq!(pay(1, 30, false, false), (Some(1000), None, None));
        assert_eq!(pay(3, 30, false, false), (Some(3900), None, None));
        assert_eq!(pay(4, 30, false, false), (Some(7700), None, None));
        assert_eq!(pay(4, 40, false, false), (Some(8000), None, None));
        assert_eq!(pay(2, 25, true, false), (Some(2400), None, None));
        assert_eq!(pay(1, 30, false, true), (None, Some(500), Some(300)));
        assert_eq!(pay(2, 20, true, true), (None, None, Some(700)));
        assert_eq!(pay(13, 40, false, false), (Some(32000), None, None));
        assert_eq!(pay(11, 40, true, true), (None, None, Some(12000)));
    }

    /// A three-player win: (ron, tsumo from the dealer, tsumo from each other, total).
    fn pay3(
        rules: &Rules,
        han: u32,
        fu: u32,
        dealer: bool,
        tsumo: bool,
        honba: u32,
    ) -> (Option<u32>, Option<u32>, Option<u32>, u32) {
        let mut ctx = WinContext::new(hupai_core::Kind::EAST, tsumo);
        ctx.seat_wind = if dealer { Seat::East } else { Seat::South };
        ctx.honba = honba;
        let (p, _) = payments(rules, &ctx, han, fu, false);
        (p.ron, p.tsumo_dealer, p.tsumo_others, p.total)
    }

    #[test]
    fn three_players_lose_the_absent_share_under_tsumo_loss() {
        // Tenhou 三麻 (ツモ損): a non-dealer mangan tsumo is 4000 + 2000, not 8000; a dealer
        // mangan tsumo 4000 + 4000. A ron is paid as with four players; a honba is 100 from
        // each payer (200 on a ron).
        let sanma = Rules::preset("sanma").unwrap();
        assert_eq!(pay3(&sanma, 5, 30, false, true, 0), (None, Some(4000), Some(2000), 6000));
        assert_eq!(pay3(&sanma, 5, 30, true, true, 0), (None, None, Some(4000), 8000));
        assert_eq!(pay3(&sanma, 3, 30, false, false, 1), (Some(4100), None, None, 4100));
        assert_eq!(pay3(&sanma, 3, 30, false, true, 1), (None, Some(2100), Some(1100), 3200));
        assert_eq!(pay3(&sanma, 1, 30, true, true, 2), (None, None, Some(700), 1400));
        // Without ツモ損 the absent share is split: a non-dealer mangan tsumo 5000 + 3000, a
        // dealer one 6000 each, the four-player totals.
        let mut split = sanma.clone();
        split.tsumo_loss = false;
        assert_eq!(pay3(&split, 5, 30, false, true, 0), (None, Some(5000), Some(3000), 8000));
        assert_eq!(pay3(&split, 5, 30, true, true, 0), (None, None, Some(6000), 12000));
        // 1 han 30 fu: 240 basic points; 480 + 120 and 240 + 120, each rounded up.
        assert_eq!(pay3(&split, 1, 30, false, true, 0), (None, Some(600), Some(400), 1000));
    }

    #[test]
    fn kiriage_and_kazoe_follow_the_rules() {
        let mut rules = Rules::preset("riichi").unwrap();
        assert_eq!(basic(&rules, 4, 30, false), (1920, None));
        assert_eq!(basic(&rules, 13, 30, false), (8000, Some(Limit::KazoeYakuman)));
        assert_eq!(basic(&rules, 39, 30, true), (24000, Some(Limit::Yakuman(3))));
        rules.kiriage = true;
        rules.kazoe = KazoeLimit::Sanbaiman;
        assert_eq!(basic(&rules, 4, 30, false), (2000, Some(Limit::Mangan)));
        assert_eq!(basic(&rules, 3, 60, false), (2000, Some(Limit::Mangan)));
        assert_eq!(basic(&rules, 14, 30, false), (6000, Some(Limit::Sanbaiman)));
    }
}
