//! The wall: live tiles drawn from the front, the dead wall (riichi) or the back (other
//! families) for replacement draws, dora indicators.
//!
//! Layout. The shuffled tiles are `tiles[0..n]`. Riichi keeps the last 14 as the dead wall:
//! `tiles[n-14..n-10]` are the four replacement tiles (drawn in order), `tiles[n-10+i]` the
//! `i`-th dora indicator and `tiles[n-5+i]` its ura indicator; every replacement draw moves one
//! live tile into the dead wall, so the live wall ends at `n - 14 - replacements`. Three-player
//! riichi also draws a replacement for each North set aside (kita): after the four replacement
//! tiles, the tiles that moved into the dead wall are drawn, the first moved first. The other families have no
//! dead wall: replacement draws (kans, flowers) and the joker indicator come from the back of
//! the live wall.

use hupai_core::{Kind, Tile};
use hupai_rules::Rules;

use crate::SplitMix64;

/// Replacement draws a hand can have: four kans, and four Norths set aside (kita).
const MAX_REPLACEMENTS: usize = 8;

/// The wall of one hand.
#[derive(Clone, Debug)]
pub struct Wall {
    tiles: Vec<Tile>,
    front: usize,
    back: usize,
    dead: bool,
    replacements: usize,
}

impl Wall {
    /// A fresh shuffled wall for `rules`, drawing on `rng`.
    pub fn shuffled(rules: &Rules, rng: &mut SplitMix64) -> Wall {
        let mut tiles = Vec::with_capacity(Tile::COUNT);
        Wall::fill(rules, &mut tiles);
        rng.shuffle(&mut tiles);
        Wall::from_tiles(rules, tiles)
    }

    /// Refills and reshuffles this wall in place (the same order as [`Wall::shuffled`]),
    /// keeping its allocation.
    pub fn reshuffle(&mut self, rules: &Rules, rng: &mut SplitMix64) {
        let mut tiles = std::mem::take(&mut self.tiles);
        Wall::fill(rules, &mut tiles);
        rng.shuffle(&mut tiles);
        *self = Wall::from_tiles(rules, tiles);
    }

    /// Shuffles the live wall's tiles among themselves: another order of the tiles no seat
    /// has seen, the dead wall and its indicators untouched. For what-if analysis (the same
    /// position played on from a wall it might have had).
    pub fn shuffle_live(&mut self, rng: &mut SplitMix64) {
        rng.shuffle(&mut self.tiles[self.front..self.back]);
    }

    /// Every tile the rules play with, in index order (three-player riichi leaves 2m-8m out).
    pub fn fill(rules: &Rules, tiles: &mut Vec<Tile>) {
        tiles.clear();
        let wall = rules.wall_kinds();
        tiles.extend(
            (0..136)
                .filter_map(Tile::from_index)
                .filter(|t| t.kind().is_some_and(|k| wall.contains(k))),
        );
        if rules.flowers {
            tiles.extend((0..8).filter_map(Tile::flower));
        }
    }

    /// Tiles in the live wall before the deal: every tile, less the dead wall (riichi) and
    /// the joker indicator (laizi).
    pub fn live_before_deal(rules: &Rules) -> u32 {
        let tiles = rules.wall_size();
        let dead = if rules.variant == hupai_rules::Variant::Riichi { 14 } else { 0 };
        tiles - dead - u32::from(rules.jokers)
    }

    /// A wall in exactly this order (the front is drawn first). Used to stack walls in tests.
    pub fn from_tiles(rules: &Rules, tiles: Vec<Tile>) -> Wall {
        let dead = rules.variant == hupai_rules::Variant::Riichi;
        let back = if dead { tiles.len().saturating_sub(14) } else { tiles.len() };
        Wall { tiles, front: 0, back, dead, replacements: 0 }
    }

    /// Tiles left to draw in the live wall.
    pub fn live(&self) -> usize {
        self.back - self.front
    }

    /// Draws from the front of the live wall.
    pub fn draw(&mut self) -> Option<Tile> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        Some(self.tiles[self.front - 1])
    }

    /// A replacement draw (after a kan or a flower): the dead wall in riichi (one live tile
    /// moves into it), else the back of the live wall.
    pub fn draw_replacement(&mut self) -> Option<Tile> {
        if self.front >= self.back {
            return None;
        }
        if self.dead {
            let n = self.tiles.len();
            // The dead wall's four replacement tiles, then (three-player riichi, where kita
            // draws too) the tiles the earlier replacements moved into it, first moved first.
            let k = self.replacements;
            let at = if k < 4 { n - 14 + k } else { n - 15 - (k - 4) };
            if k >= MAX_REPLACEMENTS || at < self.back {
                return None;
            }
            let tile = *self.tiles.get(at)?;
            self.replacements += 1;
            self.back -= 1;
            Some(tile)
        } else {
            self.back -= 1;
            Some(self.tiles[self.back])
        }
    }

    /// The next `n` tiles the live wall would give (fewer when it holds fewer), left in it:
    /// Guangdong's horses (买马) turned up after a win.
    pub fn next_live(&self, n: usize) -> &[Tile] {
        &self.tiles[self.front..self.back.min(self.front + n)]
    }

    /// Takes the last live tile out of play, face up (the laizi joker indicator).
    pub fn take_last(&mut self) -> Option<Tile> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        Some(self.tiles[self.back])
    }

    /// The `i`-th dora indicator (riichi).
    pub fn dora_indicator(&self, i: usize) -> Option<Tile> {
        let n = self.tiles.len();
        if !self.dead || i >= 5 {
            return None;
        }
        self.tiles.get(n - 10 + i).copied()
    }

    /// The `i`-th ura dora indicator (riichi).
    pub fn ura_indicator(&self, i: usize) -> Option<Tile> {
        let n = self.tiles.len();
        if !self.dead || i >= 5 {
            return None;
        }
        self.tiles.get(n - 5 + i).copied()
    }

    /// Replacement tiles drawn so far from the dead wall (riichi).
    pub fn replacements(&self) -> usize {
        self.replacements
    }

    /// Every tile not yet drawn (live wall, and the dead wall but its drawn replacements).
    pub fn undrawn(&self) -> impl Iterator<Item = Tile> + '_ {
        let n = self.tiles.len();
        let live = self.tiles[self.front..self.back].iter();
        let (rest, dead): (&[Tile], &[Tile]) = if self.dead {
            // Tiles moved into the dead wall by replacement draws (less those drawn in turn
            // after the four replacement tiles), then the dead wall less its drawn tiles.
            let moved_drawn = self.replacements.saturating_sub(4);
            let first_dead = n - 14 + self.replacements.min(4);
            (&self.tiles[self.back..n - 14 - moved_drawn], &self.tiles[first_dead..])
        } else {
            (&[], &[])
        };
        live.chain(rest.iter()).chain(dead.iter()).copied()
    }

    /// Kinds of the undrawn tiles (for checks).
    pub fn undrawn_kinds(&self) -> impl Iterator<Item = Option<Kind>> + '_ {
        self.undrawn().map(Tile::kind)
    }
}
