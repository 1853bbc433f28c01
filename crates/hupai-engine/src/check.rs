//! Invariants of a game, checked from scratch (tests call this after every action).

use std::fmt;

use hupai_core::{Counts, KindSet, Seat, Tile};

use crate::game::Phase;
use crate::{Game, Wall};

/// A broken invariant, described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvariantError(pub String);

impl fmt::Display for InvariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "broken invariant: {}", self.0)
    }
}

impl std::error::Error for InvariantError {}

impl Game {
    /// Checks every invariant: each tile in exactly one place; scores plus sticks equal to
    /// `total`; hands well-formed; waits and furiten equal to a recomputation.
    pub fn check_invariants(&self, total: i32) -> Result<(), InvariantError> {
        let err = |m: String| Err(InvariantError(m));
        if self.phase == Phase::Over {
            let sum: i32 = self.scores.iter().sum();
            if sum + 1000 * self.sticks as i32 != total {
                return err(format!("points {sum} + sticks {} != {total}", self.sticks));
            }
            return Ok(());
        }
        // Tiles.
        let mut all: Vec<Tile> = self.wall.undrawn().collect();
        all.extend(self.joker_marker);
        for s in Seat::ALL {
            let p = &self.p[s];
            all.extend(&p.hand);
            all.extend(&p.flowers);
            all.extend(p.river.iter().filter(|r| !r.called).map(|r| r.tile));
            for m in &p.melds {
                all.extend(m.tiles());
            }
        }
        all.sort_unstable();
        let mut expected = Vec::new();
        Wall::fill(&self.rules, &mut expected);
        if all != expected {
            return err(format!(
                "{} tiles accounted for, {} in the set",
                all.len(),
                expected.len()
            ));
        }
        // Points.
        let sum: i32 = self.scores.iter().sum();
        if sum + 1000 * self.sticks as i32 != total {
            return err(format!("points {sum} + sticks {} != {total}", self.sticks));
        }
        // Hands.
        let on_turn = match self.phase {
            Phase::Turn { seat, .. } => Some(seat),
            _ => None,
        };
        for s in Seat::ALL {
            let p = &self.p[s];
            let size = p.hand.len() + 3 * p.melds.len();
            let want = if on_turn == Some(s) { 14 } else { 13 };
            if size != want {
                return err(format!("seat {} holds {size} tiles, not {want}", s.index()));
            }
            let mut counts = Counts::EMPTY;
            let mut jokers = 0;
            for t in &p.hand {
                match t.kind() {
                    Some(k) if Some(k) == self.joker => jokers += 1,
                    Some(k) => counts.add(k),
                    None => return err(format!("seat {} holds a flower", s.index())),
                }
            }
            if counts != p.counts || jokers != p.jokers {
                return err(format!("seat {} counts out of step with its tiles", s.index()));
            }
            if p.to_hand(self.reds).is_err() {
                return err(format!("seat {} hand is malformed", s.index()));
            }
            let discarded: KindSet = p.river.iter().filter_map(|r| r.tile.kind()).collect();
            if discarded != p.discarded {
                return err(format!("seat {} discard set out of step", s.index()));
            }
            if on_turn != Some(s) {
                let melds = p.melds.len() as u8;
                let waits = if p.jokers > 0 {
                    hupai_core::waits_with_jokers(&p.counts, p.jokers, melds, self.forms)
                } else {
                    hupai_core::waits(&p.counts, melds, self.forms)
                };
                let shanten =
                    hupai_core::shanten_with_jokers(&p.counts, p.jokers, melds, self.forms);
                if shanten != p.shanten {
                    return err(format!(
                        "seat {} shanten {} but recomputed {shanten}",
                        s.index(),
                        p.shanten
                    ));
                }
                if waits != p.waits {
                    return err(format!(
                        "seat {} waits {} but recomputed {}",
                        s.index(),
                        p.waits,
                        waits
                    ));
                }
            }
        }
        Ok(())
    }

    /// Scores plus riichi sticks on the table (constant through a match).
    pub fn total_points(&self) -> i32 {
        self.scores.iter().sum::<i32>() + 1000 * self.sticks as i32
    }
}
