//! Scores as a batch keeps them: every line's fans or yaku in one vector, each score's other
//! fields beside its range there. A `Score` holds its items in a vector of its own; a batch
//! that kept its scores as they are allocated one vector a line, kept them all until the
//! results were freed, and freed them one by one, scattered over the heap (about 300
//! instructions a line and a cache miss, more than reading a line's dict). The scorer's vector
//! is now freed as soon as its items are copied, and the next line's reuses its memory.

use std::ops::Range;

use hupai_rules::{Limit, Payments, Score, ScoreItem, Variant};

/// A score's fields but its items, which are a range of the batch's items.
#[derive(Clone, Debug)]
pub struct ScoreHead {
    variant: Variant,
    total: u32,
    fu: u32,
    limit: Option<Limit>,
    meets_minimum: bool,
    payments: Payments,
    items: Range<usize>,
}

/// A score as its dict is made from it: the fields of [`Score`], its items borrowed.
#[derive(Clone, Copy, Debug)]
pub struct ScoreView<'a> {
    /// The variant whose scorer scored it.
    pub variant: Variant,
    /// The fans or yaku, in the reference's order.
    pub items: &'a [ScoreItem],
    /// Total fans or han.
    pub total: u32,
    /// Riichi fu.
    pub fu: u32,
    /// Riichi limit, if any.
    pub limit: Option<Limit>,
    /// Whether the win reaches the rules' minimum.
    pub meets_minimum: bool,
    /// Payments.
    pub payments: Payments,
}

impl<'a> From<&'a Score> for ScoreView<'a> {
    fn from(s: &'a Score) -> ScoreView<'a> {
        ScoreView {
            variant: s.variant,
            items: &s.items,
            total: s.total,
            fu: s.fu,
            limit: s.limit,
            meets_minimum: s.meets_minimum,
            payments: s.payments,
        }
    }
}

/// The scores of a batch's lines: their heads, and every line's items one after the other.
#[derive(Debug, Default)]
pub struct StoredScores {
    heads: Vec<ScoreHead>,
    items: Vec<ScoreItem>,
}

/// Items of a batch, growing as its lines are scored.
pub type Items = Vec<ScoreItem>;

impl ScoreHead {
    /// The head of `score`, its items appended to `items` (the score, and its vector, are
    /// then dropped).
    pub fn keep(score: Score, items: &mut Items) -> ScoreHead {
        let start = items.len();
        items.extend_from_slice(&score.items);
        ScoreHead {
            variant: score.variant,
            total: score.total,
            fu: score.fu,
            limit: score.limit,
            meets_minimum: score.meets_minimum,
            payments: score.payments,
            items: start..items.len(),
        }
    }

    /// The same score with its items `offset` further on (a part of a batch scored apart,
    /// its items appended to the batch's).
    pub fn shifted(mut self, offset: usize) -> ScoreHead {
        self.items = self.items.start + offset..self.items.end + offset;
        self
    }

    /// The score, its items in `items` (the vector it was kept with).
    pub fn view<'a>(&self, items: &'a [ScoreItem]) -> ScoreView<'a> {
        ScoreView {
            variant: self.variant,
            items: items.get(self.items.clone()).unwrap_or_default(),
            total: self.total,
            fu: self.fu,
            limit: self.limit,
            meets_minimum: self.meets_minimum,
            payments: self.payments,
        }
    }
}

impl StoredScores {
    /// Room for `n` scores.
    pub fn with_capacity(n: usize) -> StoredScores {
        StoredScores { heads: Vec::with_capacity(n), items: Vec::new() }
    }

    /// The next score; its index.
    pub fn push(&mut self, head: ScoreHead) -> usize {
        self.heads.push(head);
        self.heads.len() - 1
    }

    /// The batch's items, which the heads index.
    pub fn set_items(&mut self, items: Items) {
        self.items = items;
    }

    /// Score `i`, if held.
    pub fn get(&self, i: usize) -> Option<ScoreView<'_>> {
        Some(self.heads.get(i)?.view(&self.items))
    }
}
