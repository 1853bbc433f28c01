//! hupai-core: the mahjong algorithm library.
//!
//! Tiles, hands and their notation; win detection, shanten, waits, effective tiles and
//! decompositions for every winning form, with declared melds and jokers.
//!
//! ```
//! use hupai_core::{Counts, Hand};
//! let hand: Hand = "23456m11z pon:777s ankan:9999p".parse().unwrap();
//! assert_eq!(hand.to_string(), "23456m11z pon:777s ankan:9999p");
//! let counts: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(counts.total(), 13);
//! ```

#![deny(missing_docs)]

mod api;
mod counts;
mod decompose;
mod discard;
mod form;
mod hand;
mod kind;
mod kind_set;
mod knitted;
mod meld;
pub mod notation;
pub mod reference;
mod regular;
mod seat;
mod special;
mod tables;
mod tile;
mod wait_shape;

pub use api::{
    form_shanten, is_agari, is_agari_with_jokers, shanten, shanten_with_jokers, ukeire,
    ukeire_count, ukeire_with_jokers, waits, waits_with_jokers,
};
pub use counts::Counts;
pub use decompose::{decompositions, for_each_decomposition, Block, Decomposition};
pub use discard::{discard_analysis, DiscardOption, DiscardTable};
pub use form::{Form, FormSet};
pub use hand::Hand;
pub use kind::{Kind, Suit};
pub use kind_set::KindSet;
pub use meld::{Meld, MeldError, MeldKind};
pub use notation::{HandError, ParseError};
pub use seat::{BySeat, Seat};
pub use tile::Tile;
pub use wait_shape::{wait_shapes, WaitShape, WaitShapes};
