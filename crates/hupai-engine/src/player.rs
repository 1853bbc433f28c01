//! One seat's tiles and flags during a hand, and who is liable for its big hand (pao).

use hupai_core::{Kind, Meld, Seat, Tile};

use crate::Pai;

/// A seat's liability: who pays, for which yaku (its id in the scorer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Liability {
    /// The liable seat (whose discard was called).
    pub seat: Seat,
    /// The yaku or fan it is for (`daisangen`, `daisuushii`; Hong Kong `daai_saam_jyun`,
    /// `daai_sei_hei`), or [`EXPOSED`] for a fourth exposed meld.
    pub yaku: &'static str,
}

/// The liability of a fourth exposed meld (Hong Kong 包自摸, 十二張落地): it applies to a
/// self-drawn win, whatever its fans.
pub const EXPOSED: &str = "twelve_exposed";

/// A declared meld with its physical tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeldTiles {
    /// The meld (type, kinds, called tile, source seat, red fives).
    pub meld: Meld,
    /// The physical tiles (three, or four for kans).
    pub tiles: [Tile; 4],
    /// The tile taken from another seat, if any.
    pub called: Option<Tile>,
}

impl MeldTiles {
    /// The physical tiles.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.meld.tile_count() as usize]
    }
}

/// A discard in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverTile {
    /// The tile.
    pub tile: Tile,
    /// Whether it was the tile just drawn.
    pub tsumogiri: bool,
    /// Whether it declared riichi.
    pub riichi: bool,
    /// Whether another seat called it (it then sits in that seat's meld).
    pub called: bool,
}

/// Riichi state of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RiichiState {
    /// No riichi.
    #[default]
    None,
    /// Declared; the stick is placed once the discard passes.
    Declared {
        /// On the first uninterrupted turn.
        double: bool,
    },
    /// Accepted: the stick is on the table.
    Accepted {
        /// On the first uninterrupted turn.
        double: bool,
    },
}

impl RiichiState {
    /// Whether riichi is declared or accepted.
    pub fn is_on(self) -> bool {
        self != RiichiState::None
    }

    /// Whether it was a double riichi.
    pub fn is_double(self) -> bool {
        matches!(
            self,
            RiichiState::Declared { double: true } | RiichiState::Accepted { double: true }
        )
    }
}

/// One seat's physical tiles and the engine's own flags. What the seat knows (its counts,
/// waits, furiten, ippatsu, ...) lives in its [`crate::PlayerView`].
#[derive(Clone, Debug, Default)]
pub struct Player {
    /// Concealed physical tiles, jokers included, sorted by index.
    pub hand: Vec<Tile>,
    /// Declared melds in order.
    pub melds: Vec<MeldTiles>,
    /// Discards in order.
    pub river: Vec<RiverTile>,
    /// Flowers set aside.
    pub flowers: Vec<Tile>,
    /// Tiles set aside as lone kongs (Wuhan).
    pub lone_kongs: Vec<Tile>,
    /// Norths set aside as bonus dora (三人麻雀 抜きドラ, kita).
    pub kita: Vec<Tile>,
    /// Riichi.
    pub riichi: RiichiState,
    /// The tile just drawn, while the seat is to discard after a draw.
    pub drawn: Option<Tile>,
    /// Who pays for this seat's big three dragons or big four winds (riichi pao).
    pub liability: Option<Liability>,
    /// Tiles this seat won on, set aside (hands that go on after a win).
    pub won: Vec<Tile>,
}

impl Player {
    /// Empties the seat for a new hand, keeping allocations.
    pub fn reset(&mut self) {
        self.hand.clear();
        self.melds.clear();
        self.river.clear();
        self.flowers.clear();
        self.lone_kongs.clear();
        self.kita.clear();
        self.riichi = RiichiState::None;
        self.drawn = None;
        self.liability = None;
        self.won.clear();
    }

    /// Adds a tile to the concealed tiles.
    pub fn add(&mut self, tile: Tile) {
        crate::sorted::insert_sorted(&mut self.hand, tile);
    }

    /// Removes a tile from the concealed tiles; false when it is not there.
    pub fn remove(&mut self, tile: Tile) -> bool {
        let Ok(at) = self.hand.binary_search(&tile) else {
            return false;
        };
        self.remove_at(at);
        true
    }

    /// Takes `tile` out of the concealed tiles to set it aside (a lone kong, a kita, an
    /// exchange); it is no longer the drawn tile if it was.
    pub fn take_out(&mut self, tile: Tile) -> bool {
        if self.drawn == Some(tile) {
            self.drawn = None;
        }
        self.remove(tile)
    }

    /// Number of declared melds.
    pub fn meld_count(&self) -> u8 {
        self.melds.len() as u8
    }

    /// Concealed tiles of `kind`, lowest index first.
    pub fn tiles_of(&self, kind: Kind) -> impl Iterator<Item = Tile> + '_ {
        self.hand.iter().copied().filter(move |t| t.kind() == Some(kind))
    }

    /// A concealed tile named `pai` under `reds`, other than `not` (the drawn tile when a
    /// discard is from the hand).
    pub fn tile_named(&self, pai: Pai, reds: [u8; 3], not: Option<Tile>) -> Option<Tile> {
        self.position_named(pai, reds, not).map(|at| self.hand[at])
    }

    /// Where among the concealed tiles a tile named `pai` under `reds` lies, other than
    /// `not`: what a discard takes out, found once.
    pub(crate) fn position_named(
        &self,
        pai: Pai,
        reds: [u8; 3],
        not: Option<Tile>,
    ) -> Option<usize> {
        let other = |t: Tile| Some(t) != not;
        let Some(kind) = pai.kind() else {
            // Flowers have no kind: look among all the tiles.
            return self.hand.iter().position(|&t| other(t) && Pai::of(t, reds) == pai);
        };
        // A tile named `pai` is of its kind, and the hand, sorted by index, holds a kind's
        // tiles together: look among those only. Of the kind, the name tells only whether
        // the tile is a red five.
        let red = pai.is_red();
        let from = self.hand.partition_point(|&t| t < Tile::new(kind, 0));
        let at = self.hand[from..]
            .iter()
            .take_while(|t| t.kind() == Some(kind))
            .position(|&t| other(t) && t.is_red_five(reds) == red)?;
        Some(from + at)
    }

    /// Takes the concealed tile at `at` out (a discard found by [`Player::position_named`]).
    pub(crate) fn remove_at(&mut self, at: usize) -> Tile {
        let tile = self.hand[at];
        crate::sorted::remove_at(&mut self.hand, at);
        tile
    }
}
