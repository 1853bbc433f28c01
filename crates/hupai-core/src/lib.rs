//! hupai-core: the mahjong algorithm library.
//!
//! Tiles, hands and their notation; win detection, shanten, waits, effective tiles and
//! decompositions for every winning form, with declared melds and jokers.
//!
//! ```
//! use hupai_core::{shanten, ukeire, waits, Counts, FormSet, Hand};
//! let hand: Hand = "23456m11z pon:777s ankan:9999p".parse().unwrap();
//! assert_eq!(hand.to_string(), "23456m11z pon:777s ankan:9999p");
//! assert_eq!(shanten(hand.concealed(), hand.meld_count(), FormSet::RIICHI), 0);
//! assert_eq!(waits(hand.concealed(), hand.meld_count(), FormSet::RIICHI).to_string(), "147m");
//! let counts: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(counts.total(), 13);
//! assert_eq!(ukeire(&counts, 0, FormSet::RIICHI).to_string(), "12z");
//! ```
//!
//! For search, [`HandState`] keeps a hand current one tile at a time and answers the same
//! questions in a few nanoseconds after each change.
//!
//! Shanten, win detection, waits and ukeire are exact (a fifth copy of a kind never counts)
//! and table-driven; [`reference`] holds the slow, obviously correct versions the tests
//! compare them with.
//!
//! # Definitions
//!
//! Shared with [`reference`]: the *distance* of a hand to a form is the
//! fewest tiles that must be added so that a complete hand of the form, with at most four
//! copies of any kind, is contained in the hand plus the added tiles. Shanten is the distance
//! minus one over the allowed forms, which for 13 and 14 tiles is the usual "fewest exchanges"
//! (−1 complete, 0 ready). `melds` is the number of declared melds (values above 4 count as
//! 4); the concealed tiles are then 3(4 − melds) + 1 or + 2, and fewer tiles are fine (the
//! missing tiles count as tiles to add). A kind held four times is never a wait nor an
//! effective tile: a fifth copy does not exist. Jokers stand for any tile: with `j` jokers the
//! distance drops by `j` (never below complete). When no allowed form is possible with
//! `melds` (for example only seven pairs and one meld), shanten is [`i8::MAX`].
//!
//! Speed: the regular form comes from per-suit tables (see the crate README for how and
//! how big: about 1.15 MiB of tables in all); seven pairs, thirteen orphans and honours-and-knitted
//! from bit masks; knitted straight from the same tables on the hand minus each knitted
//! assignment. Counts above four or more than 14 tiles of a suit (13 for waits and effective
//! tiles) fall back to [`crate::reference`], which is exact for any input.

#![deny(missing_docs)]

mod agari;
mod analysis;
mod counts;
mod decompose;
mod discard;
mod distance;
pub mod encoding;
mod form;
mod hand;
mod hand_error;
mod hand_state;
mod kind;
mod kind_set;
mod knitted;
mod meld;
pub mod notation;
mod parse_error;
mod plain_hand;
#[cfg(test)]
mod plain_hand_tests;
pub mod reference;
mod regular;
mod seat;
#[cfg(feature = "serde")]
mod serde_impls;
mod shanten;
mod special;
mod tables;
mod tile;
mod ukeire;
mod unseen;
mod wait_shape;

pub use agari::{is_agari, is_agari_with_jokers};
pub use analysis::{Analysis, AnalysisError};
pub use counts::Counts;
pub use decompose::{decompositions, for_each_decomposition, Block, Decomposition};
pub use discard::{discard_analysis, DiscardOption, DiscardTable};
pub use form::{Form, FormSet, UnknownForm};
pub use hand::Hand;
pub use hand_error::HandError;
pub use hand_state::{HandState, ShantenAfter, StateError};
pub use kind::{Kind, Suit};
pub use kind_set::KindSet;
pub use meld::{Meld, MeldError, MeldKind};
pub use parse_error::ParseError;
pub use seat::{BySeat, Seat, Seats};
pub use shanten::{form_shanten, pair_shanten, shanten, shanten_with_jokers};
pub use tile::Tile;
pub use ukeire::{ukeire, ukeire_count, ukeire_with_jokers, waits, waits_with_jokers};
pub use wait_shape::{wait_shapes, WaitShape, WaitShapes};
