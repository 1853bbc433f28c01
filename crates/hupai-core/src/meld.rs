//! Declared melds: chi, pon, open kan, added kan and closed kan.
//!
//! ```
//! use hupai_core::{Meld, MeldKind};
//! let meld: Meld = "pon:777s".parse().unwrap();
//! assert_eq!(meld.kind(), MeldKind::Pon);
//! assert!(meld.is_open());
//! assert_eq!(meld.to_string(), "pon:777s");
//! ```

use std::fmt;

use crate::counts::write_counts;
use crate::{Counts, Kind, Seat};

/// What kind of declared meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldKind {
    /// A called sequence (吃, チー).
    Chi,
    /// A called triplet (碰, ポン).
    Pon,
    /// An open kan made by calling a discard (明杠, 大明槓).
    Kan,
    /// A kan made by adding a drawn tile to a pon (加杠, 加槓).
    AddedKan,
    /// A closed kan of four drawn tiles (暗杠, 暗槓).
    ClosedKan,
}

impl MeldKind {
    /// The prefix used in hand text: `chi`, `pon`, `kan`, `kakan`, `ankan`.
    pub const fn prefix(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Kan => "kan",
            MeldKind::AddedKan => "kakan",
            MeldKind::ClosedKan => "ankan",
        }
    }

    /// The kind for a hand-text prefix.
    pub fn from_prefix(prefix: &str) -> Option<MeldKind> {
        Some(match prefix {
            "chi" => MeldKind::Chi,
            "pon" => MeldKind::Pon,
            "kan" => MeldKind::Kan,
            "kakan" => MeldKind::AddedKan,
            "ankan" => MeldKind::ClosedKan,
            _ => return None,
        })
    }

    /// Whether this is one of the three kans.
    pub const fn is_kan(self) -> bool {
        matches!(self, MeldKind::Kan | MeldKind::AddedKan | MeldKind::ClosedKan)
    }
}

/// A declared meld: its type, its lowest kind, and optionally the called tile, the seat it
/// came from, and how many of its tiles are red fives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    first: Kind,
    called: Option<Kind>,
    from: Option<Seat>,
    red: u8,
}

/// Why a meld cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldError {
    /// A chi needs a number tile 1..7 as its lowest tile.
    BadChi(Kind),
    /// The called tile is not part of the meld.
    CalledNotInMeld(Kind),
    /// More red fives than fives in the meld.
    TooManyRed(u8),
}

impl fmt::Display for MeldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldError::BadChi(k) => write!(f, "a chi cannot start at {k}: it needs 1..7 of a suit"),
            MeldError::CalledNotInMeld(k) => write!(f, "called tile {k} is not in the meld"),
            MeldError::TooManyRed(n) => write!(f, "{n} red fives: more than the meld's fives"),
        }
    }
}

impl std::error::Error for MeldError {}

impl Meld {
    /// A meld of `kind` whose lowest tile is `first`.
    pub fn new(kind: MeldKind, first: Kind) -> Result<Meld, MeldError> {
        if kind == MeldKind::Chi && (first.is_honor() || first.number() > 7) {
            return Err(MeldError::BadChi(first));
        }
        Ok(Meld { kind, first, called: None, from: None, red: 0 })
    }

    /// A meld of parts the caller has checked as [`Meld::new`] and [`Meld::with_red`] check
    /// them (a chi at 1..7 of a suit, no more red fives than fives), with no call recorded.
    pub(crate) const fn from_checked(kind: MeldKind, first: Kind, red: u8) -> Meld {
        Meld { kind, first, called: None, from: None, red }
    }

    /// A chi starting at `first`.
    pub fn chi(first: Kind) -> Result<Meld, MeldError> {
        Meld::new(MeldKind::Chi, first)
    }

    /// A pon of `kind`.
    pub fn pon(kind: Kind) -> Meld {
        Meld { kind: MeldKind::Pon, first: kind, called: None, from: None, red: 0 }
    }

    /// A kan of `kind` (open, added or closed).
    pub fn kan(meld_kind: MeldKind, kind: Kind) -> Meld {
        debug_assert!(meld_kind.is_kan());
        Meld { kind: meld_kind, first: kind, called: None, from: None, red: 0 }
    }

    /// The same meld, recording which tile was called and from which seat.
    pub fn with_call(self, called: Kind, from: Seat) -> Result<Meld, MeldError> {
        if !self.kinds().any(|k| k == called) {
            return Err(MeldError::CalledNotInMeld(called));
        }
        Ok(Meld { called: Some(called), from: Some(from), ..self })
    }

    /// The same meld with `red` of its fives red.
    pub fn with_red(self, red: u8) -> Result<Meld, MeldError> {
        // Most melds have no red five: no need to count the fives.
        if red == 0 {
            return Ok(Meld { red, ..self });
        }
        let fives = self.kinds().filter(|k| !k.is_honor() && k.number() == 5).count() as u8;
        if red > fives {
            return Err(MeldError::TooManyRed(red));
        }
        Ok(Meld { red, ..self })
    }

    /// The meld type.
    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The lowest kind (the only kind for pons and kans).
    pub const fn first(&self) -> Kind {
        self.first
    }

    /// The called tile, when known.
    pub const fn called(&self) -> Option<Kind> {
        self.called
    }

    /// The seat the called tile came from, when known.
    pub const fn from(&self) -> Option<Seat> {
        self.from
    }

    /// How many of the meld's tiles are red fives.
    pub const fn red(&self) -> u8 {
        self.red
    }

    /// Whether the meld was made with another player's tile (everything but a closed kan).
    pub const fn is_open(&self) -> bool {
        !matches!(self.kind, MeldKind::ClosedKan)
    }

    /// Whether this is a kan.
    pub const fn is_kan(&self) -> bool {
        self.kind.is_kan()
    }

    /// Whether this is a chi.
    pub const fn is_chi(&self) -> bool {
        matches!(self.kind, MeldKind::Chi)
    }

    /// Number of physical tiles: 3, or 4 for kans.
    pub const fn tile_count(&self) -> u8 {
        if self.is_kan() {
            4
        } else {
            3
        }
    }

    /// The meld's tiles as kinds, with repeats.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + Clone {
        let first = self.first.index() as u8;
        let chi = self.is_chi();
        (0..self.tile_count()).filter_map(move |i| Kind::new(if chi { first + i } else { first }))
    }

    /// Adds the meld's tiles to `counts`.
    pub fn add_to(&self, counts: &mut Counts) {
        for kind in self.kinds() {
            counts.add(kind);
        }
    }
}

impl fmt::Display for Meld {
    /// Hand-text form: `chi:345m`, `pon:505p`, `ankan:9999p`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut counts = Counts::EMPTY;
        self.add_to(&mut counts);
        let mut reds = [0u8; 3];
        if !self.first.is_honor() {
            reds[self.first.suit().index()] = self.red;
        }
        write!(f, "{}:", self.kind.prefix())?;
        write_counts(f, &counts, reds)
    }
}
