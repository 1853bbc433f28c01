//! Invariants of a game, checked from scratch (tests call this after every action).

use std::fmt;

use hupai_core::{Counts, Hand, KindSet, Meld, Seat, Tile};

use crate::game::Phase;
use crate::{Game, Pai, Wall};

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
            if !self.seats.contains(s) && (!p.hand.is_empty() || !p.river.is_empty()) {
                return err(format!("seat {}, not at the table, holds tiles", s.index()));
            }
            all.extend(p.hand.iter());
            all.extend(&p.flowers);
            all.extend(&p.lone_kongs);
            all.extend(&p.kita);
            all.extend(&p.won);
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
            Phase::Void | Phase::Exchange => Some(self.dealer),
            _ => None,
        };
        for s in self.seats.iter() {
            let p = &self.p[s];
            let view = &self.views[s];
            let size = p.hand.len() + 3 * p.melds.len();
            let want = if on_turn == Some(s) { 14 } else { 13 };
            if size != want {
                return err(format!("seat {} holds {size} tiles, not {want}", s.index()));
            }
            let mut counts = Counts::EMPTY;
            let mut jokers = 0;
            for t in p.hand.iter() {
                match t.kind() {
                    Some(k) if Some(k) == self.joker => jokers += 1,
                    Some(k) => counts.add(k),
                    None => return err(format!("seat {} holds a flower", s.index())),
                }
            }
            if counts != *view.counts() || jokers != view.jokers() {
                return err(format!("seat {} view's counts out of step with its tiles", s.index()));
            }
            let mut names: Vec<Pai> = p.hand.iter().map(|t| self.pai(t)).collect();
            names.sort();
            if names != view.hand() {
                return err(format!("seat {} view's hand out of step with its tiles", s.index()));
            }
            let melds: Vec<Meld> = p.melds.iter().map(|m| m.meld).collect();
            let seen: Vec<Meld> = view.own_melds().iter().map(|m| m.meld).collect();
            if melds != seen {
                return err(format!("seat {} view's melds out of step", s.index()));
            }
            if Hand::new(counts, &melds).is_err() {
                return err(format!("seat {} hand is malformed", s.index()));
            }
            let discarded: KindSet = p.river.iter().filter_map(|r| r.tile.kind()).collect();
            if discarded != view.discarded[s.index()] {
                return err(format!("seat {} discard set out of step", s.index()));
            }
            if view.live_tiles() as usize != self.wall.live() {
                return err(format!(
                    "seat {} sees {} live tiles, the wall has {}",
                    s.index(),
                    view.live_tiles(),
                    self.wall.live()
                ));
            }
            if view.kita != std::array::from_fn(|o| self.p[Seat::ALL[o]].kita.len() as u8) {
                return err(format!("seat {} miscounts the Norths set aside", s.index()));
            }
            for o in self.seats.iter() {
                if view.hand_sizes[o.index()] != self.p[o].hand.len() {
                    return err(format!("seat {} miscounts seat {}'s hand", s.index(), o.index()));
                }
            }
            if on_turn != Some(s) {
                let melds = p.melds.len() as u8;
                let forms = view.forms();
                let waits = hupai_core::waits_with_jokers(&counts, jokers, melds, forms);
                let shanten = hupai_core::shanten_with_jokers(&counts, jokers, melds, forms);
                if shanten != view.shanten() || waits != view.waits() {
                    return err(format!(
                        "seat {} shanten {} waits {} but recomputed {shanten} {waits}",
                        s.index(),
                        view.shanten(),
                        view.waits(),
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
