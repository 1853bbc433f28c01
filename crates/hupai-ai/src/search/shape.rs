//! How a hand may complete: its plans (riichi yaku, MCR's 8-fan patterns, ...), declared
//! melds and jokers, as the recursion asks it: shanten, effective kinds, complete or not.

use std::cell::{Cell, RefCell};

use hupai_core::{
    is_agari_with_jokers, shanten_with_jokers, ukeire_with_jokers, Counts, FormSet, KindSet,
};

use crate::plan::{best_shanten, effective, Plan, Plans};
use crate::situation::MeldShape;

use super::key::{key, Memo};

/// How a hand may complete: its plans, declared melds and jokers. Answers are remembered
/// per hand, and the work of the ones computed is counted (the search's budget).
#[derive(Clone, Debug)]
pub struct Shape {
    plans: Plans,
    any_only: bool,
    melds: Vec<MeldShape>,
    meld_count: u8,
    jokers: u8,
    forms: FormSet,
    shanten: RefCell<Memo<i8>>,
    complete: RefCell<Memo<bool>>,
    work: Cell<usize>,
}

impl Shape {
    /// A shape with `plans` over `melds`.
    pub fn new(plans: Plans, melds: Vec<MeldShape>, jokers: u8, forms: FormSet) -> Shape {
        let any_only = plans.as_slice() == [Plan::Any];
        let meld_count = melds.len().min(4) as u8;
        Shape {
            plans,
            any_only,
            melds,
            meld_count,
            jokers,
            forms,
            shanten: RefCell::default(),
            complete: RefCell::default(),
            work: Cell::new(0),
        }
    }

    /// Work done so far, in shanten answers toward one plan (remembered answers are not
    /// counted).
    pub fn work(&self) -> usize {
        self.work.get()
    }

    /// Shanten toward the best plan (`i8::MAX` when none is reachable).
    pub fn shanten(&self, counts: &Counts) -> i8 {
        let key = key(counts, 0);
        if let Some(&s) = self.shanten.borrow().get(&key) {
            return s;
        }
        let s = self.compute_shanten(counts);
        self.shanten.borrow_mut().insert(key, s);
        s
    }

    /// The work of one shanten answer: one per plan weighed.
    fn unit(&self) -> usize {
        if self.any_only {
            1
        } else {
            self.plans.as_slice().len().max(1)
        }
    }

    fn compute_shanten(&self, counts: &Counts) -> i8 {
        self.work.set(self.work.get() + self.unit());
        if self.any_only {
            return shanten_with_jokers(counts, self.jokers, self.meld_count, self.forms);
        }
        best_shanten(self.plans.as_slice(), counts, self.jokers, &self.melds, self.forms)
            .map_or(i8::MAX, |(s, _)| s)
    }

    /// The kinds whose draw lowers shanten `s`.
    pub fn effective(&self, counts: &Counts, s: i8) -> KindSet {
        // A shanten answer for each kind that may help, about eight of them.
        self.work.set(self.work.get() + 8 * self.unit());
        if self.any_only {
            return ukeire_with_jokers(counts, self.jokers, self.meld_count, self.forms);
        }
        effective(self.plans.as_slice(), counts, self.jokers, &self.melds, self.forms, s)
    }

    /// Whether the 3n+2 tiles `counts` are complete.
    pub fn complete(&self, counts: &Counts) -> bool {
        let key = key(counts, 0);
        if let Some(&c) = self.complete.borrow().get(&key) {
            return c;
        }
        self.work.set(self.work.get() + 1);
        let c = is_agari_with_jokers(counts, self.jokers, self.meld_count, self.forms);
        self.complete.borrow_mut().insert(key, c);
        c
    }
}
