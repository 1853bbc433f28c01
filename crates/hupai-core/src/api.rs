//! Shanten, win detection, waits and effective tiles over the forms a rule set allows.
//!
//! ```
//! use hupai_core::{is_agari, shanten, ukeire, waits, Counts, FormSet};
//! let ready: Counts = "123m456p789s1122z".parse().unwrap();
//! assert_eq!(shanten(&ready, 0, FormSet::RIICHI), 0);
//! assert_eq!(waits(&ready, 0, FormSet::RIICHI).to_string(), "12z");
//! assert_eq!(ukeire(&ready, 0, FormSet::RIICHI).to_string(), "12z");
//! let won: Counts = "123m456p789s11122z".parse().unwrap();
//! assert!(is_agari(&won, 0, FormSet::RIICHI));
//! ```
//!
//! Definitions (shared with [`crate::reference`]): the *distance* of a hand to a form is the
//! fewest tiles that must be added so that a complete hand of the form, with at most four
//! copies of any kind, is contained in the hand plus the added tiles. Shanten is the distance
//! minus one over the allowed forms, which for 13 and 14 tiles is the usual "fewest exchanges"
//! (−1 complete, 0 ready). `melds` is the number of declared melds (values above 4 count as
//! 4); the concealed tiles are then 3(4 − melds) + 1 or + 2, and fewer tiles are fine (the
//! missing tiles count as tiles to add). A kind held four times is never a wait nor an
//! effective tile: a fifth copy does not exist. Jokers stand for any tile: with `j` jokers the
//! distance drops by `j` (never below complete). When no allowed form is possible with
//! `melds` (for example only seven pairs and one meld), shanten is [`i8::MAX`].

use crate::{reference, Counts, Form, FormSet, KindSet};

/// Shanten over the allowed forms: −1 complete, 0 ready, n: n exchanges from ready.
pub fn shanten(counts: &Counts, melds: u8, forms: FormSet) -> i8 {
    reference::shanten(counts, melds, forms)
}

/// Shanten of one form; `None` when `forms` does not allow it or the declared melds rule it
/// out (every form but regular needs zero declared melds, knitted straight zero or one).
pub fn form_shanten(counts: &Counts, melds: u8, form: Form, forms: FormSet) -> Option<i8> {
    reference::form_shanten(counts, melds, form, forms)
}

/// Whether the concealed tiles with `melds` declared melds make a complete hand.
pub fn is_agari(counts: &Counts, melds: u8, forms: FormSet) -> bool {
    reference::is_agari(counts, melds, forms)
}

/// The kinds whose draw completes the hand (empty unless it is ready; a kind held four
/// times is excluded).
pub fn waits(counts: &Counts, melds: u8, forms: FormSet) -> KindSet {
    reference::waits(counts, melds, forms)
}

/// The kinds whose draw lowers shanten (effective tiles; a kind held four times is excluded).
pub fn ukeire(counts: &Counts, melds: u8, forms: FormSet) -> KindSet {
    reference::ukeire(counts, melds, forms)
}

/// The effective kinds and the number of their copies still unseen: for each kind,
/// 4 − held − visible, never negative.
pub fn ukeire_count(
    counts: &Counts,
    melds: u8,
    forms: FormSet,
    visible: &Counts,
) -> (KindSet, u32) {
    reference::ukeire_count(counts, melds, forms, visible)
}

/// Shanten with `jokers` wildcards besides the concealed `counts`.
pub fn shanten_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> i8 {
    reference::shanten_with_jokers(counts, jokers, melds, forms)
}

/// Whether the concealed `counts` plus `jokers` wildcards make a complete hand.
pub fn is_agari_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> bool {
    reference::is_agari_with_jokers(counts, jokers, melds, forms)
}

/// The kinds whose draw completes the hand with `jokers` wildcards.
pub fn waits_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    reference::waits_with_jokers(counts, jokers, melds, forms)
}

/// The kinds whose draw lowers shanten of the hand with `jokers` wildcards.
pub fn ukeire_with_jokers(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> KindSet {
    reference::ukeire_with_jokers(counts, jokers, melds, forms)
}
