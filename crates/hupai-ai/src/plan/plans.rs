//! What a hand aims at ([`Plan`]) and a small set of them ([`Plans`]).

use hupai_core::{Counts, Kind, Suit};

use crate::situation::MeldShape;

/// One aim of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Any complete hand (closed riichi hands, general Chinese rules, laizi).
    Any,
    /// A regular hand whose pair is a 2, 5 or 8 of a suit (二五八将, Wuhan's small hand).
    Pair258,
    /// All simples (riichi tanyao).
    Simples,
    /// One number suit plus honours (half flush).
    HalfFlush(Suit),
    /// One number suit only (full flush).
    FullFlush(Suit),
    /// A pung of this value honour.
    ValuePung(Kind),
    /// Four pungs and a pair.
    AllPungs,
    /// Half flush made of pungs.
    HalfFlushPungs(Suit),
    /// These three chows plus any meld and a pair (straights, triple chows, pure shifted
    /// chows).
    Chows([Kind; 3]),
    /// Mixed shifted chows (三色三步高, three suits one step apart) in an all-chows hand
    /// (平和): these three chows, a fourth chow and a pair of numbers.
    ShiftedChows([Kind; 3]),
    /// These three pungs plus any meld and a pair (mixed shifted pungs, pure shifted pungs,
    /// triple pung).
    Pungs([Kind; 3]),
    /// All types (五门齐) with the dragons as a pung: one set each of characters, dots,
    /// bamboos, winds and a dragon pung.
    AllTypes,
    /// Three concealed pungs (三暗刻) plus any meld and a pair.
    ConcealedPungs,
    /// Seven pairs.
    SevenPairs,
    /// Knitted straight (组合龙).
    Knitted,
    /// Honours and knitted tiles (全不靠).
    HonorsKnitted,
    /// Thirteen orphans.
    Orphans,
}

impl Plan {
    /// A short name for explanations.
    pub fn name(self) -> String {
        match self {
            Plan::Any => "any".into(),
            Plan::Pair258 => "2-5-8 pair".into(),
            Plan::Simples => "all simples".into(),
            Plan::HalfFlush(s) => format!("half flush {}", s.letter()),
            Plan::FullFlush(s) => format!("full flush {}", s.letter()),
            Plan::ValuePung(k) => format!("value pung {k}"),
            Plan::AllPungs => "all pungs".into(),
            Plan::HalfFlushPungs(s) => format!("half flush {} + all pungs", s.letter()),
            Plan::Chows(c) => {
                let s: Vec<String> = c.iter().map(|k| k.to_string()).collect();
                format!("chows {}", s.join(" "))
            }
            Plan::ShiftedChows(c) => {
                let s: Vec<String> = c.iter().map(|k| k.to_string()).collect();
                format!("shifted chows {} + all chows", s.join(" "))
            }
            Plan::Pungs(c) => {
                let s: Vec<String> = c.iter().map(|k| k.to_string()).collect();
                format!("pungs {}", s.join(" "))
            }
            Plan::AllTypes => "all types + dragon pung".into(),
            Plan::ConcealedPungs => "three concealed pungs".into(),
            Plan::SevenPairs => "seven pairs".into(),
            Plan::Knitted => "knitted straight".into(),
            Plan::HonorsKnitted => "honours and knitted".into(),
            Plan::Orphans => "thirteen orphans".into(),
        }
    }

    /// The MCR fans the plan is worth by itself (a rough guide for ranking).
    pub fn fans(self) -> u32 {
        match self {
            // Below every big hand it stands beside (Wuhan's small hand).
            Plan::Pair258 => 1,
            Plan::Any | Plan::Simples | Plan::ValuePung(_) => 8,
            Plan::HalfFlush(_) | Plan::AllPungs => 8,
            Plan::HalfFlushPungs(_) => 12,
            Plan::FullFlush(_) => 24,
            Plan::Chows(c) => {
                if c[0].suit() == c[1].suit() {
                    16
                } else {
                    8
                }
            }
            // Mixed shifted chows 6 + all chows 2; all types 6 + dragon pung 2.
            Plan::ShiftedChows(_) | Plan::AllTypes => 8,
            Plan::Pungs(c) => {
                if c[0].suit() == c[1].suit() {
                    24
                } else if c[0].number() == c[1].number() {
                    16
                } else {
                    8
                }
            }
            Plan::ConcealedPungs => 16,
            Plan::SevenPairs => 24,
            Plan::Knitted | Plan::HonorsKnitted => 12,
            Plan::Orphans => 88,
        }
    }

    /// Whether a drawn `kind` can belong to the plan at all.
    pub(super) fn admits(self, kind: Kind) -> bool {
        match self {
            Plan::Simples => kind.is_simple(),
            Plan::HalfFlush(s) | Plan::HalfFlushPungs(s) => kind.suit() == s || kind.is_honor(),
            Plan::FullFlush(s) => kind.suit() == s,
            _ => true,
        }
    }
}

/// Up to 64 plans, without allocation.
#[derive(Clone, Copy, Debug)]
pub struct Plans {
    pub(super) items: [Plan; 64],
    pub(super) len: usize,
}

impl Plans {
    pub(super) fn new() -> Plans {
        Plans { items: [Plan::Any; 64], len: 0 }
    }

    pub(super) fn push(&mut self, plan: Plan) {
        if self.len < self.items.len() {
            self.items[self.len] = plan;
            self.len += 1;
        }
    }

    /// Pushes a template plan when the hand holds at least `least` of its nine tiles (the
    /// declared melds among them count whole).
    pub(super) fn push_if_held(
        &mut self,
        plan: Plan,
        counts: &Counts,
        melds: &[MeldShape],
        least: u8,
    ) {
        let template = match plan {
            Plan::Chows(t) | Plan::ShiftedChows(t) => t.map(MeldShape::Chow),
            Plan::Pungs(t) => t.map(MeldShape::Pung),
            _ => return self.push(plan),
        };
        let mut left = *counts;
        let mut held = 0u8;
        for t in template {
            if melds.contains(&t) {
                held += 3;
                continue;
            }
            for k in t.kinds() {
                if left[k] > 0 {
                    left[k] -= 1;
                    held += 1;
                }
            }
        }
        if held >= least {
            self.push(plan);
        }
    }

    /// The plans.
    pub fn as_slice(&self) -> &[Plan] {
        &self.items[..self.len]
    }
}

/// The three number suits.
pub(super) const NUMBER_SUITS: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];
