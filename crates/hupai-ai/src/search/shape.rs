//! How a hand may complete: its plans (riichi yaku, MCR's 8-fan patterns, ...), declared
//! melds and jokers, as the recursion asks it: shanten, effective kinds, complete or not.

use hupai_core::{
    is_agari_with_jokers, shanten_with_jokers, ukeire_with_jokers, Counts, FormSet, KindSet,
};

use crate::plan::{best_shanten, effective, Plan, Plans};
use crate::situation::MeldShape;

/// How a hand may complete: its plans, declared melds and jokers.
#[derive(Clone, Debug)]
pub struct Shape {
    plans: Plans,
    any_only: bool,
    melds: Vec<MeldShape>,
    meld_count: u8,
    jokers: u8,
    forms: FormSet,
}

impl Shape {
    /// A shape with `plans` over `melds`.
    pub fn new(plans: Plans, melds: Vec<MeldShape>, jokers: u8, forms: FormSet) -> Shape {
        let any_only = plans.as_slice() == [Plan::Any];
        let meld_count = melds.len().min(4) as u8;
        Shape { plans, any_only, melds, meld_count, jokers, forms }
    }

    /// Shanten toward the best plan (`i8::MAX` when none is reachable).
    pub fn shanten(&self, counts: &Counts) -> i8 {
        if self.any_only {
            return shanten_with_jokers(counts, self.jokers, self.meld_count, self.forms);
        }
        best_shanten(self.plans.as_slice(), counts, self.jokers, &self.melds, self.forms)
            .map_or(i8::MAX, |(s, _)| s)
    }

    /// The kinds whose draw lowers shanten `s`.
    pub fn effective(&self, counts: &Counts, s: i8) -> KindSet {
        if self.any_only {
            return ukeire_with_jokers(counts, self.jokers, self.meld_count, self.forms);
        }
        effective(self.plans.as_slice(), counts, self.jokers, &self.melds, self.forms, s)
    }

    /// Whether the 3n+2 tiles `counts` are complete.
    pub fn complete(&self, counts: &Counts) -> bool {
        is_agari_with_jokers(counts, self.jokers, self.meld_count, self.forms)
    }
}
