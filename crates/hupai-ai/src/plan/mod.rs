//! Hand plans: what a hand aims at, so that it can still win under its rules.
//!
//! Riichi needs a yaku: a closed hand has riichi, an open one needs a value pung, all simples,
//! a flush or all pungs. MCR needs 8 fans: the planner measures the distance to fan
//! combinations that reach 8 on their own (mixed straight, pure straight, mixed triple chow,
//! pure shifted chows, mixed shifted chows in an all-chows hand, mixed or pure shifted pungs,
//! triple pung, three concealed pungs, all types with a dragon pung, half flush with all
//! pungs, full flush, seven pairs, knitted straight, honours and knitted, thirteen orphans,
//! and half flush or all pungs when a value honour pair backs them); a claim is taken only
//! when one of them stays reachable. Template plans (shifted chows and pungs) are offered
//! only when the hand already holds most of their tiles. Outside hand (全带幺, 4 fans) is
//! no plan: it reaches 8 only with others that are plans already (half flush, triple chow).
//! The general Chinese rules and laizi need no minimum: any complete hand, jokers included.
//! Wuhan (`pair_258`) wins a small hand (屁胡) only on a pair of 2, 5 or 8; its big hands
//! take any pair: full flush (清一色), all pungs (碰碰胡), and with four calls 全求人.
//! Hong Kong's three fans: half flush, full flush, all pungs (and thirteen orphans, seven pairs
//! where the rules have them), the patterns that reach three by themselves. Sichuan with a
//! minimum (`min_fan`, none in the presets): full flush and seven pairs, and all pungs for a
//! one-fan minimum.
//!
//! ```
//! use hupai_ai::plan::{plan_shanten, Plan};
//! use hupai_core::{Counts, FormSet, Kind};
//! // 123m 456p 78s: the mixed straight is one tile (9s) away with a pair to find.
//! let hand: Counts = "123m456p78s1155z".parse().unwrap();
//! let template = Plan::Chows([Kind::new(0).unwrap(), Kind::new(12).unwrap(), Kind::new(24).unwrap()]);
//! assert_eq!(plan_shanten(template, &hand, 0, &[], FormSet::MCR), Some(1));
//! ```

mod chinese;
mod eight_fans;
mod plans;
mod riichi;
mod shanten;

use hupai_core::Counts;
use hupai_rules::Variant;

pub use self::plans::{Plan, Plans};
pub use self::shanten::{best_shanten, effective, plan_shanten};
use crate::situation::{MeldShape, Situation};

/// The plans worth pursuing for the seat, given its declared melds (and, for riichi calls,
/// `closed` telling whether the hand would stay closed): the one choice by variant.
pub fn plans_for(sit: &Situation, melds: &[MeldShape], counts: &Counts, closed: bool) -> Plans {
    match sit.variant {
        Variant::Riichi => riichi::yaku_plans(sit, melds, counts, closed),
        Variant::Mcr => eight_fans::eight_fan_plans(sit, melds, counts),
        Variant::HongKong => chinese::plans(sit, melds, counts, chinese::three_fan_plans),
        Variant::Sichuan => chinese::plans(sit, melds, counts, chinese::sichuan_minimum_plans),
        // A minimum on the MCR table, or on Guangdong's or Wuhan's (鸡胡不能胡): the eight-fan
        // plans, the closest this planner has.
        Variant::Chinese | Variant::Guangdong | Variant::Wuhan => {
            chinese::plans(sit, melds, counts, eight_fans::eight_fan_plans)
        }
    }
}
