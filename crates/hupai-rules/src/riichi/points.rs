//! Points from han and fu: basic points `fu × 2^(han+2)` capped at mangan (2000), the limits
//! above it, kazoe and kiriage per the rules, then what the dealer and non-dealers pay on a ron
//! or a tsumo (rounded up to 100), honba (300 per counter) and riichi sticks (1000 each).
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
/// compare readings cheaply.
pub(crate) fn total(rules: &Rules, ctx: &WinContext, han: u32, fu: u32, yakuman: bool) -> u32 {
    let (b, _) = basic(rules, han, fu, yakuman);
    let sticks = 1000 * ctx.riichi_sticks;
    if !ctx.self_drawn {
        up100(if ctx.is_dealer() { 6 * b } else { 4 * b }) + 300 * ctx.honba + sticks
    } else if ctx.is_dealer() {
        3 * (up100(2 * b) + 100 * ctx.honba) + sticks
    } else {
        up100(2 * b) + 2 * up100(b) + 300 * ctx.honba + sticks
    }
}

/// The payments for a win of `han` han and `fu` fu (`yakuman`: the han are 13 per yakuman).
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
    let honba = ctx.honba;
    let sticks = 1000 * ctx.riichi_sticks;
    let mut p = Payments::default();
    if ctx.self_drawn {
        let bonus = 100 * honba;
        if dealer {
            let each = up100(2 * b) + bonus;
            p.tsumo_others = Some(each);
            p.total = 3 * each + sticks;
        } else {
            let from_dealer = up100(2 * b) + bonus;
            let each = up100(b) + bonus;
            p.tsumo_dealer = Some(from_dealer);
            p.tsumo_others = Some(each);
            p.total = from_dealer + 2 * each + sticks;
        }
    } else {
        let ron = up100(if dealer { 6 * b } else { 4 * b }) + 300 * honba;
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
