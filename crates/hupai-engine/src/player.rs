//! One seat's tiles and flags during a hand.

use hupai_core::{Counts, Hand, HandError, Kind, KindSet, Meld, Seat, Tile};

use crate::Liability;

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

/// One seat's tiles and flags.
#[derive(Clone, Debug, Default)]
pub struct Player {
    /// Concealed physical tiles, jokers included, sorted by index.
    pub hand: Vec<Tile>,
    /// Concealed kinds without jokers.
    pub counts: Counts,
    /// Jokers among the concealed tiles.
    pub jokers: u8,
    /// Declared melds in order.
    pub melds: Vec<MeldTiles>,
    /// Discards in order.
    pub river: Vec<RiverTile>,
    /// Flowers set aside.
    pub flowers: Vec<Tile>,
    /// Riichi.
    pub riichi: RiichiState,
    /// Ippatsu still possible.
    pub ippatsu: bool,
    /// Passed a winning tile since the last own discard.
    pub temp_furiten: bool,
    /// Passed a winning tile after riichi.
    pub riichi_furiten: bool,
    /// Waits of the concealed tiles while the seat holds 13 (3n + 1) tiles.
    pub waits: KindSet,
    /// Shanten of the concealed tiles while the seat holds 13 (3n + 1) tiles.
    pub shanten: i8,
    /// Kinds this seat ever discarded.
    pub discarded: KindSet,
    /// The tile just drawn, while the seat is to discard after a draw.
    pub drawn: Option<Tile>,
    /// Draws this hand.
    pub draws: u32,
    /// Kinds the seat may not discard right after a call (kuikae).
    pub kuikae: KindSet,
    /// Who pays for this seat's big three dragons or big four winds (riichi pao).
    pub liability: Option<Liability>,
}

impl Player {
    /// Empties the seat for a new hand, keeping allocations.
    pub fn reset(&mut self) {
        self.hand.clear();
        self.counts = Counts::EMPTY;
        self.jokers = 0;
        self.melds.clear();
        self.river.clear();
        self.flowers.clear();
        self.riichi = RiichiState::None;
        self.ippatsu = false;
        self.temp_furiten = false;
        self.riichi_furiten = false;
        self.waits = KindSet::EMPTY;
        self.shanten = i8::MAX;
        self.discarded = KindSet::EMPTY;
        self.drawn = None;
        self.draws = 0;
        self.kuikae = KindSet::EMPTY;
        self.liability = None;
    }

    /// Adds a tile to the concealed tiles.
    pub fn add(&mut self, tile: Tile, joker: Option<Kind>) {
        let at = self.hand.partition_point(|&t| t < tile);
        self.hand.insert(at, tile);
        match tile.kind() {
            Some(k) if Some(k) == joker => self.jokers += 1,
            Some(k) => self.counts.add(k),
            None => {}
        }
    }

    /// Removes a tile from the concealed tiles; false when it is not there.
    pub fn remove(&mut self, tile: Tile, joker: Option<Kind>) -> bool {
        let Ok(at) = self.hand.binary_search(&tile) else {
            return false;
        };
        self.hand.remove(at);
        match tile.kind() {
            Some(k) if Some(k) == joker => self.jokers -= 1,
            Some(k) => {
                self.counts.remove(k);
            }
            None => {}
        }
        true
    }

    /// Whether the hand has no open meld.
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.meld.is_open())
    }

    /// Number of declared melds.
    pub fn meld_count(&self) -> u8 {
        self.melds.len() as u8
    }

    /// Concealed tiles of `kind` that are not jokers, lowest index first, red fives last
    /// unless `red_first`.
    pub fn tiles_of(&self, kind: Kind) -> impl Iterator<Item = Tile> + '_ {
        self.hand.iter().copied().filter(move |t| t.kind() == Some(kind))
    }

    /// The hand as scoring sees it.
    pub fn to_hand(&self, reds: [u8; 3]) -> Result<Hand, HandError> {
        let mut red = [0u8; 3];
        for t in &self.hand {
            if t.is_red_five(reds) {
                if let Some(s) = t.suit() {
                    red[s.index()] += 1;
                }
            }
        }
        let mut melds = [Meld::pon(Kind::default()); 4];
        let n = self.melds.len().min(4);
        for (slot, m) in melds.iter_mut().zip(&self.melds) {
            *slot = m.meld;
        }
        Hand::with_extras(self.counts, &melds[..n], self.jokers, red)
    }

    /// Whether the seat is furiten (riichi): a wait among its discards, or a passed win.
    pub fn is_furiten(&self) -> bool {
        self.temp_furiten
            || self.riichi_furiten
            || !self.waits.intersection(self.discarded).is_empty()
    }

    /// Number of concealed tiles counting jokers.
    pub fn concealed_len(&self) -> usize {
        self.hand.len()
    }

    /// Seat-independent helper: whether a meld came from `seat`.
    pub fn called_from(&self, seat: Seat) -> bool {
        self.melds.iter().any(|m| m.meld.from() == Some(seat))
    }
}
