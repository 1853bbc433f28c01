//! Reads of the opponents: for each, the chance it is ready now, its chance to win on each
//! kind if it is, and what its win costs; and the rates at which the others become ready and
//! win over the go-arounds left.

use hupai_core::Kind;
use hupai_engine::PlayerView;
use hupai_rules::{Family, Rules};

use crate::danger::{threats, Danger, TableRead};
use crate::situation::Situation;

/// How much the hand-written danger weights are scaled to read as chances.
const HAND_WRITTEN_SCALE: f32 = 0.4;

/// One opponent as read at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// Its actor number.
    pub seat: usize,
    /// The chance it is ready now.
    pub ready: f32,
    /// What its win costs the discarder who deals in (the family's points).
    pub cost: f32,
    /// For each kind, the chance that a discard of it deals in to this seat if it is ready.
    pub danger: [f32; 34],
    /// The danger of a discard while pushing: the mean over the unseen tiles.
    pub mean_danger: f32,
    /// The danger of the safest tile the seat holds.
    pub least_danger: f32,
}

impl Read {
    /// Its chance to be ready `t` go-arounds from now, becoming ready at `rate` a go-around.
    pub fn ready_after(&self, t: usize, rate: f32) -> f32 {
        1.0 - (1.0 - self.ready) * (1.0 - rate).powi(t as i32)
    }
}

/// How fast hands move under a rule family, per go-around.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    /// Chance that a seat not ready becomes ready.
    pub become_ready: f32,
    /// Chance that a ready seat wins (self-drawn or on a third seat's discard).
    pub ready_wins: f32,
    /// Others' discards a ready hand may win on (no declared riichi).
    pub ron_draws: f32,
    /// The same after a declared riichi.
    pub ron_draws_riichi: f32,
}

/// The model the search reads the opponents with.
#[derive(Clone, Debug, Default)]
pub struct OpponentModel {
    _private: (),
}

impl OpponentModel {
    /// The hand-written model of [`crate::danger`].
    pub fn hand_written() -> OpponentModel {
        OpponentModel { _private: () }
    }

    /// The rates of `rules`' family.
    pub fn rates(&self, rules: &Rules) -> Rates {
        match rules.family {
            Family::Riichi => Rates {
                become_ready: 0.04,
                ready_wins: 0.11,
                ron_draws: 1.2,
                ron_draws_riichi: 0.8,
            },
            Family::Mcr | Family::Chinese => Rates {
                become_ready: 0.05,
                ready_wins: 0.13,
                ron_draws: 1.5,
                ron_draws_riichi: 1.2,
            },
        }
    }

    /// Reads the opponents still in the hand.
    pub fn read_all(&self, view: &PlayerView, sit: &Situation) -> Vec<Read> {
        let mut seen = sit.visible;
        for k in Kind::all() {
            seen[k] = (seen[k] + sit.counts[k]).min(4);
        }
        let late = sit.late();
        let unseen_total = sit.unseen_total().max(1) as f32;
        threats(view, sit)
            .iter()
            .filter(|t| hupai_core::Seat::from_index(t.seat).is_some_and(|s| !view.has_left(s)))
            .map(|t| {
                let read = TableRead { seen, genbutsu: t.genbutsu, read: t.read, late };
                let mut danger = [0.0f32; 34];
                let (mut mean, mut least) = (0.0f32, f32::MAX);
                for k in Kind::all() {
                    // The hand-written weights rank kinds well but run about 2.5 times the
                    // observed chance of a deal-in against a ready hand.
                    let d = Danger::of(&read, k) * HAND_WRITTEN_SCALE;
                    danger[k.index()] = d;
                    mean += d * sit.unseen(k) as f32;
                    if sit.counts[k] > 0 {
                        least = least.min(d);
                    }
                }
                Read {
                    seat: t.seat,
                    ready: t.ready,
                    cost: t.cost,
                    danger,
                    mean_danger: mean / unseen_total,
                    least_danger: if least == f32::MAX { 0.0 } else { least },
                }
            })
            .collect()
    }
}
