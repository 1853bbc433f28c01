//! One seat's tiles and flags during a hand, and who is liable for its big hand (pao).

use hupai_core::{Kind, Meld, Seat, Tile};

use crate::{Pai, TileSet};

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
    /// Concealed physical tiles, jokers included (listed in index order).
    pub hand: TileSet,
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
        self.hand.insert(tile);
    }

    /// Removes a tile from the concealed tiles; false when it is not there.
    pub fn remove(&mut self, tile: Tile) -> bool {
        self.hand.remove(tile)
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
        self.hand.of_kind(kind)
    }

    /// The concealed tile named `pai` under `reds` with the lowest index, other than `not`
    /// (the drawn tile when a discard is from the hand).
    pub fn tile_named(&self, pai: Pai, reds: [u8; 3], not: Option<Tile>) -> Option<Tile> {
        let Some(kind) = pai.kind() else {
            // Flowers have no kind: look among all the tiles.
            return self.hand.iter().find(|&t| Some(t) != not && Pai::of(t, reds) == pai);
        };
        // Of the kind, the name tells only whether the tile is a red five, and a suit's red
        // fives are its five's lowest copies: the copies held, without `not`, of the right
        // redness, the lowest first.
        let mut copies = self.hand.copies(kind);
        if let Some(t) = not.filter(|t| t.kind() == Some(kind)) {
            copies &= !(1 << t.copy());
        }
        let red_copies = if kind.number() == 5 && !kind.is_honor() {
            (1u8 << reds[kind.suit().index()].min(4)) - 1
        } else {
            0
        };
        copies &= if pai.is_red() { red_copies } else { !red_copies };
        (copies != 0).then(|| Tile::new(kind, copies.trailing_zeros() as u8))
    }
}
