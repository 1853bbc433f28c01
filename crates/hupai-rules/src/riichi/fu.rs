//! Fu of a regular hand read one way, by the book: 20 base, 10 more for a closed hand won on a
//! discard, 2 for a self-draw (not with pinfu), 2 for an edge, closed or pair wait, 2 per
//! yakuhai for the pair (a double-wind pair per the rules), sets by openness, terminals and
//! kans; an open hand with no fu at all gets 30. Seven pairs is 25 fu flat.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("riichi").unwrap();
//! // Closed ron: 30; closed pon of 9s: 8; edge wait 12m won on 3m: 2; total 40.
//! let hand: Hand = "123m456p999s234s55p".parse().unwrap();
//! let mut ctx = WinContext::new("3m".parse().unwrap(), false);
//! ctx.riichi = true;
//! assert_eq!(score(&rules, &hand, &ctx).unwrap().fu, 40);
//! ```

use super::facts::Facts;
use super::shape::{is_yaochu, Regular, SetShape, WinGroup};

/// The fu of one reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fu {
    /// Rounded up to a multiple of 10.
    pub rounded: u32,
    /// Before rounding (the reference breaks ties on it).
    pub raw: u32,
    /// No fu at all beside the base (with a closed hand: pinfu).
    pub pinfu_shape: bool,
}

/// Seven pairs: 25 fu, not rounded.
pub(crate) const SEVEN_PAIRS: Fu = Fu { rounded: 25, raw: 25, pinfu_shape: false };

/// The fu of `r` won on `group`.
pub(crate) fn regular(r: &Regular, group: WinGroup, facts: &Facts, double_wind_fu: u32) -> Fu {
    let mut fu = 0;
    for (i, set) in r.sets.iter().enumerate() {
        if set.shape == SetShape::Sequence {
            continue;
        }
        let won_on_discard = !facts.tsumo && group == WinGroup::Set(i as u8);
        let concealed = set.concealed && !won_on_discard;
        let mut v = if is_yaochu(set.first) { 4 } else { 2 };
        if concealed {
            v *= 2;
        }
        if set.shape == SetShape::Kan {
            v *= 4;
        }
        fu += v;
    }
    match group {
        WinGroup::Pair => fu += 2,
        WinGroup::Set(i) => {
            let set = r.sets[i as usize];
            if set.shape == SetShape::Sequence {
                let pos = set.first % 9;
                let edge = (pos == 0 && facts.win == set.first + 2)
                    || (pos == 6 && facts.win == set.first);
                let closed = facts.win == set.first + 1;
                if edge || closed {
                    fu += 2;
                }
            }
        }
    }
    let p = r.pair;
    let is_dragon = p >= 31;
    let valued = is_dragon as u32 + (p == facts.seat) as u32 + (p == facts.round) as u32;
    fu += match valued {
        0 => 0,
        1 => 2,
        _ => double_wind_fu,
    };
    let pinfu_shape = fu == 0;
    if facts.tsumo && fu > 0 {
        fu += 2;
    }
    if facts.open && fu == 0 {
        fu += 2;
    }
    let base = if facts.open || facts.tsumo { 20 } else { 30 };
    let raw = fu + base;
    Fu { rounded: raw.div_ceil(10) * 10, raw, pinfu_shape }
}
