//! A hand kept up to date one tile at a time, for search: shanten in O(1) after each change.
//!
//! ```
//! use hupai_core::{FormSet, HandState, Kind};
//! let hand = "123m456p789s1122z".parse().unwrap();
//! let mut state = HandState::new(&hand, 0, FormSet::RIICHI)?;
//! assert_eq!(state.shanten(), 0);
//! assert_eq!(state.ukeire().to_string(), "12z");
//! // Evaluate each draw from the same state: a `Copy` of 128 bytes, changed by one tile.
//! for kind in state.ukeire().iter() {
//!     let mut next = state;
//!     next.add(kind)?;
//!     assert_eq!(next.shanten(), -1);
//! }
//! // Or every draw at once.
//! let after = state.shanten_after_each_draw();
//! assert_eq!(after.get("1z".parse().unwrap()), Some(-1));
//! assert_eq!(after.get("5m".parse().unwrap()), Some(0));
//! // A call: the pon of 2z takes two tiles from the hand into a declared meld.
//! let south: Kind = "2z".parse().unwrap();
//! state.remove(south)?;
//! state.remove(south)?;
//! state.set_melds(1)?;
//! assert_eq!((state.tiles(), state.shanten()), (11, -1));
//! // Then a discard: waiting on the other East.
//! state.remove("1z".parse().unwrap())?;
//! assert_eq!((state.shanten(), state.ukeire().to_string()), (0, "1z".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The state keeps, besides the counts, each suit's position in the per-suit tables (see
//! [`crate::tables`]) as three group-table indices in one word: a tile changes its suit's word
//! by one constant, so the suit's rank and class are three lookups and one more after a
//! change, never a pass over 34 counts. Shanten is then the four classes combined (four
//! small-table lookups) and, for seven pairs and thirteen orphans, counters kept the same way.
//!
//! Effective tiles: for each suit the state keeps, per target (melds and pair), the positions
//! whose draw lowers that suit's distance; a suit changed since the last [`HandState::refresh`]
//! (or [`HandState::new`]) has them recomputed on the fly, nine neighbour classes. The
//! answer is the union, over the suits' targets on an optimal split of the whole hand, of
//! those positions. So a search that copies a refreshed state and changes one tile pays for
//! one suit, not four.
//!
//! Every answer equals the functions' of the same name on [`HandState::counts`] with the same
//! melds, jokers and forms (the tests check it exhaustively over single-suit hands and on
//! millions of random changes). Forms beyond riichi's three (the knitted forms of MCR and
//! the Chinese rules) are answered by the general code from the state's classes; a hand with
//! all 14 tiles in one suit gets its effective tiles from the general code too.

use std::fmt;

mod after_each;
mod counters;
mod improving;
mod shanten_after;

pub use shanten_after::ShantenAfter;

use improving::SuitLowers;

use crate::distance::{distance_and_improving, to_shanten, IMPOSSIBLE};
use crate::regular::{RegularForm, Suits};
use crate::special::Bits;
use crate::unseen::unseen_copies;
use crate::{knitted, tables, Counts, Form, FormSet, Hand, HandError, Kind, KindSet};

/// The forms are the regular form plus any of seven pairs and thirteen orphans.
const FAST: u8 = 0;
/// The forms include the regular form and a knitted form.
const KNITTED: u8 = 1;
/// The forms lack the regular form.
const GENERAL: u8 = 2;

/// Why a hand state refused a change (nothing changed). (Building a state checks its counts
/// as a [`Hand`] is checked, with a [`HandError`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateError {
    /// The kind is already held four times.
    FifthCopy {
        /// The kind.
        kind: Kind,
    },
    /// The kind is not held.
    NotHeld {
        /// The kind.
        kind: Kind,
    },
    /// No joker is held.
    NoJoker,
    /// More than 14 tiles, counting each declared meld as three.
    TooManyTiles {
        /// Concealed tiles plus jokers plus three per meld.
        tiles: u32,
    },
    /// More than four declared melds.
    TooManyMelds {
        /// How many.
        melds: u8,
    },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::FifthCopy { kind } => {
                write!(f, "cannot add {kind}: all four copies are already held")
            }
            StateError::NotHeld { kind } => write!(f, "cannot remove {kind}: it is not held"),
            StateError::NoJoker => f.write_str("cannot remove a joker: none is held"),
            StateError::TooManyTiles { tiles } => {
                write!(f, "{tiles} tiles counting each meld as three: at most 14")
            }
            StateError::TooManyMelds { melds } => write!(f, "{melds} declared melds: at most 4"),
        }
    }
}

impl std::error::Error for StateError {}

/// A hand of concealed counts, declared melds and jokers that answers shanten and effective
/// tiles in a few nanoseconds after each one-tile change (see the module docs).
///
/// A `Copy` value of 128 bytes: a search copies it and changes the copy. Changes are
/// checked: a fifth copy, a tile not held, or more than 14 tiles (each meld counting three)
/// is refused with a [`StateError`] and changes nothing.
#[derive(Clone, Copy)]
pub struct HandState {
    /// Per suit, its place in the group table and its tiles (see [`counters`]).
    words: [u64; 4],
    /// Per suit, the lowers of positions 0..6 (see [`SuitLowers`]); valid where `stale` is
    /// clear.
    first6: [u64; 4],
    /// The lowers of positions 6..9 of each number suit (two halves each) and of the
    /// honours' seventh position.
    last3: [u16; 7],
    /// Kinds held at least once, twice, ...; orphans held at least once, twice.
    counters: u32,
    counts: Counts,
    /// The class of each suit.
    class: [u8; 4],
    /// Bit `s`: suit `s` changed since its lowers were computed.
    stale: u8,
    /// Tiles that may still be added: 14 − tiles − jokers − 3 × melds.
    room: u8,
    melds: u8,
    jokers: u8,
    forms: FormSet,
    /// The seven-pairs table block (see [`counters::seven_pairs_block`]).
    seven_pairs: u8,
    /// Whether thirteen orphans is allowed and possible.
    thirteen_orphans: bool,
    /// Which code answers the forms: [`FAST`], [`KNITTED`] or [`GENERAL`].
    mode: u8,
}

impl HandState {
    /// The state of concealed `counts` with `melds` declared melds, answering for `forms`
    /// (checked as [`Hand::new`] checks a hand).
    pub fn new(counts: &Counts, melds: u8, forms: FormSet) -> Result<HandState, HandError> {
        HandState::with_jokers(counts, 0, melds, forms)
    }

    /// The state of an empty hand (no tile, meld or joker).
    pub fn empty(forms: FormSet) -> HandState {
        HandState::build(&Counts::EMPTY, 0, 0, forms)
    }

    /// The state of concealed `counts`, `jokers` wildcards and `melds` declared melds.
    pub fn with_jokers(
        counts: &Counts,
        jokers: u8,
        melds: u8,
        forms: FormSet,
    ) -> Result<HandState, HandError> {
        counts.validate()?;
        if melds > 4 {
            return Err(HandError::TooManyMelds { melds: melds as usize });
        }
        let tiles = counts.total() + jokers as u32 + 3 * melds as u32;
        if tiles > 14 {
            return Err(HandError::TooManyTiles { tiles });
        }
        Ok(HandState::build(counts, jokers, melds, forms))
    }

    /// The state of a hand (its concealed tiles, melds and jokers).
    pub fn from_hand(hand: &Hand, forms: FormSet) -> HandState {
        // A `Hand` holds at most four copies of a kind and at most 14 tiles.
        HandState::build(hand.concealed(), hand.jokers(), hand.meld_count(), forms)
    }

    /// The state of checked counts.
    fn build(counts: &Counts, jokers: u8, melds: u8, forms: FormSet) -> HandState {
        let empty = counters::empty_word(false);
        let mut state = HandState {
            words: [empty, empty, empty, counters::empty_word(true)],
            first6: [0; 4],
            last3: [0; 7],
            counters: 0,
            counts: Counts::EMPTY,
            class: [0; 4],
            stale: 0b1111,
            room: 14 - jokers - 3 * melds,
            melds: 0,
            jokers,
            forms,
            seven_pairs: 0,
            thirteen_orphans: false,
            mode: if !forms.contains(Form::Regular) {
                GENERAL
            } else if forms.contains(Form::HonorsAndKnitted)
                || forms.contains(Form::KnittedStraight)
            {
                KNITTED
            } else {
                FAST
            },
        };
        state.set_melds_unchecked(melds);
        for k in 0..34 {
            for _ in 0..counts.0[k] {
                state.put(k);
            }
        }
        for s in 0..4 {
            state.class[s] = counters::class(state.words[s]);
        }
        state.refresh();
        state
    }

    /// Adds one copy of `kind` (fails on a fifth copy or a 15th tile).
    #[inline]
    pub fn add(&mut self, kind: Kind) -> Result<(), StateError> {
        let k = kind.index();
        if self.counts.0[k] >= 4 || self.room == 0 {
            return Err(self.add_error(kind));
        }
        let s = self.put(k);
        self.class[s] = counters::class(self.words[s]);
        Ok(())
    }

    /// Adds a copy of kind `k` (known to be allowed), without updating its suit's class;
    /// returns the suit.
    #[inline(always)]
    fn put(&mut self, k: usize) -> usize {
        let c = self.counts.0[k];
        self.counts.0[k] = c + 1;
        self.counters += counters::counter_delta(k, c);
        let s = counters::SUIT[k] as usize & 3;
        self.words[s] += counters::DELTA[k];
        self.stale |= 1 << s;
        self.room -= 1;
        s
    }

    #[cold]
    fn add_error(&self, kind: Kind) -> StateError {
        if self.counts[kind] >= 4 {
            StateError::FifthCopy { kind }
        } else {
            StateError::TooManyTiles { tiles: 15 }
        }
    }

    /// Removes one copy of `kind` (fails when none is held).
    #[inline]
    pub fn remove(&mut self, kind: Kind) -> Result<(), StateError> {
        let k = kind.index();
        let c = self.counts.0[k];
        if c == 0 {
            return Err(StateError::NotHeld { kind });
        }
        self.counts.0[k] = c - 1;
        self.counters -= counters::counter_delta(k, c - 1);
        let s = counters::SUIT[k] as usize & 3;
        self.words[s] -= counters::DELTA[k];
        self.class[s] = counters::class(self.words[s]);
        self.stale |= 1 << s;
        self.room += 1;
        Ok(())
    }

    /// Adds a joker (fails on a 15th tile).
    pub fn add_joker(&mut self) -> Result<(), StateError> {
        if self.room == 0 {
            return Err(StateError::TooManyTiles { tiles: 15 });
        }
        self.jokers += 1;
        self.room -= 1;
        Ok(())
    }

    /// Removes a joker (fails when none is held).
    pub fn remove_joker(&mut self) -> Result<(), StateError> {
        if self.jokers == 0 {
            return Err(StateError::NoJoker);
        }
        self.jokers -= 1;
        self.room += 1;
        Ok(())
    }

    /// Sets the number of declared melds (after a call, remove the tiles it took from the
    /// hand first): fails above four melds or 14 tiles.
    pub fn set_melds(&mut self, melds: u8) -> Result<(), StateError> {
        if melds > 4 {
            return Err(StateError::TooManyMelds { melds });
        }
        let tiles = self.tiles() + self.jokers as u32 + 3 * melds as u32;
        if tiles > 14 {
            return Err(StateError::TooManyTiles { tiles });
        }
        self.room = 14 - tiles as u8;
        self.set_melds_unchecked(melds);
        Ok(())
    }

    /// Sets the melds and what depends on them (at most four).
    fn set_melds_unchecked(&mut self, melds: u8) {
        let forms = self.forms;
        self.melds = melds;
        let special = melds == 0;
        self.seven_pairs = counters::seven_pairs_block(
            special && forms.contains(Form::SevenPairs),
            forms.quads_as_two_pairs(),
        );
        self.thirteen_orphans = special && forms.contains(Form::ThirteenOrphans);
    }

    /// The concealed counts.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The number of concealed tiles (jokers not included).
    pub fn tiles(&self) -> u32 {
        let [a, b, c, h] = self.words;
        // Lane 3 of each word counts its suit's tiles; the lanes below never carry into it.
        ((a + b + c + h) >> 48) as u32
    }

    /// The number of declared melds.
    pub fn melds(&self) -> u8 {
        self.melds
    }

    /// The number of jokers.
    pub fn jokers(&self) -> u8 {
        self.jokers
    }

    /// The forms the state answers for.
    pub fn forms(&self) -> FormSet {
        self.forms
    }

    /// Shanten over the state's forms, as [`crate::shanten_with_jokers`].
    #[inline]
    pub fn shanten(&self) -> i8 {
        match self.mode {
            FAST => (self.distance().saturating_sub(self.jokers) as i8) - 1,
            KNITTED => (self.knitted_distance().saturating_sub(self.jokers) as i8) - 1,
            _ => to_shanten(self.general(None).0, self.jokers),
        }
    }

    /// The distance over the forms with the knitted ones (the regular form allowed): those
    /// only where a bound lets them beat the others.
    #[inline]
    fn knitted_distance(&self) -> u8 {
        let mut d = self.distance();
        let forms = self.forms;
        // Honours and knitted needs 14 different kinds.
        let kinds = self.counters & 15;
        if forms.contains(Form::HonorsAndKnitted) && self.melds == 0 && 14 - kinds < d as u32 {
            d = d.min(Bits::new(&self.counts).honors_knitted());
        }
        if forms.contains(Form::KnittedStraight) && self.melds <= 1 {
            let bits = Bits::new(&self.counts);
            d = d.min(knitted::distance_below(&self.counts, &bits, &self.suits(), self.melds, d));
        }
        d
    }

    /// The suits as the general code takes them.
    fn suits(&self) -> Suits {
        let sum = [0, 1, 2, 3].map(|s| self.suit_tiles(s));
        Suits { class: self.class, sum, valid: true }
    }

    /// The distance over the forms (regular plus seven pairs and thirteen orphans).
    #[inline(always)]
    fn distance(&self) -> u8 {
        let regular = self.regular_distance();
        let pairs = counters::seven_pairs(self.counters, self.seven_pairs);
        let orphans = counters::thirteen_orphans(self.counters, self.thirteen_orphans);
        regular.min(pairs).min(orphans)
    }

    /// The kinds whose draw lowers shanten, as [`crate::ukeire_with_jokers`].
    #[inline]
    pub fn ukeire(&self) -> KindSet {
        KindSet::from_bits(self.ukeire_bits())
    }

    /// The effective kinds and their unseen copies, as [`crate::ukeire_count`] (with the
    /// state's jokers).
    pub fn ukeire_count(&self, visible: &Counts) -> (KindSet, u32) {
        let bits = self.ukeire_bits();
        (KindSet::from_bits(bits), unseen_copies(bits, &self.counts, visible))
    }

    /// The kinds that complete the hand, as [`crate::waits_with_jokers`]: the effective
    /// tiles of a hand one tile short of complete and ready.
    pub fn waits(&self) -> KindSet {
        if self.room != 1 || self.shanten() != 0 {
            return KindSet::EMPTY;
        }
        self.ukeire()
    }

    /// Computes and keeps what effective tiles need of the suits changed since the last
    /// refresh, so that copies of this state changed by one tile recompute one suit only.
    pub fn refresh(&mut self) {
        for s in 0..4 {
            if self.stale >> s & 1 == 1 && self.suit_tiles(s) <= 13 {
                let part = self.suit_lowers(s);
                self.set_lowers(s, part);
                self.stale &= !(1 << s);
            }
        }
    }

    /// The tiles in suit `s`.
    #[inline(always)]
    fn suit_tiles(&self, s: usize) -> u32 {
        (self.words[s & 3] >> 48) as u32
    }

    /// The regular distance with the state's melds (from the four classes).
    #[inline(always)]
    fn regular_distance(&self) -> u8 {
        let [a, b, c, h] = self.class;
        let rest = tables::ph(tables::pn(tables::nn(a, b), c), h);
        tables::rest_dist(rest)[9 - self.melds.min(4) as usize]
    }

    /// Suit `s`'s lowers, computed now (the suit must hold at most 13 tiles).
    #[inline(always)]
    fn suit_lowers(&self, s: usize) -> SuitLowers {
        let (word, class) = (self.words[s & 3], self.class[s & 3]);
        // The positions held four times, read from the counts only when some kind is.
        let mut fours = 0;
        if counters::any_four(self.counters) {
            for (i, &held) in self.counts.0.iter().skip(9 * s).take(9).enumerate() {
                fours |= ((held >= 4) as u32) << i;
            }
        }
        if s < 3 {
            improving::suit_lowers::<9>(word, class, fours, tables::suit_lower)
        } else {
            improving::suit_lowers::<7>(word, class, fours, tables::honor_lower)
        }
    }

    /// The effective kinds as bits.
    #[inline(always)]
    fn ukeire_bits(&self) -> u64 {
        let wanted = self.jokers.saturating_add(1)..=IMPOSSIBLE;
        if self.words.iter().any(|&w| w >> 48 > 13) {
            return crate::ukeire_with_jokers(&self.counts, self.jokers, self.melds, self.forms)
                .bits();
        }
        if self.mode != FAST {
            return self.general(Some(wanted)).1;
        }
        let regular = self.regular_distance();
        let pairs = counters::seven_pairs(self.counters, self.seven_pairs);
        let orphans = counters::thirteen_orphans(self.counters, self.thirteen_orphans);
        let d = regular.min(pairs).min(orphans);
        if !wanted.contains(&d) {
            return 0;
        }
        let mut out = 0;
        if regular == d {
            out |= self.regular_improving(d);
        }
        if pairs == d {
            let quads = self.forms.quads_as_two_pairs();
            out |= counters::seven_pairs_improving(self.counters, quads, &self.counts);
        }
        if orphans == d {
            out |= counters::thirteen_orphans_improving(self.counters, &self.counts);
        }
        out
    }

    /// Distance and effective kinds from the general code (forms other than riichi's).
    #[cold]
    fn general(&self, wanted: Option<std::ops::RangeInclusive<u8>>) -> (u8, u64) {
        let suits = self.suits();
        distance_and_improving(&self.counts, &suits, self.melds, self.forms, &Regular(self), wanted)
    }

    /// The kinds whose draw lowers the regular distance, which is `d` (every suit at most 13
    /// tiles).
    #[inline(always)]
    fn regular_improving(&self, d: u8) -> u64 {
        let needed = 4 - self.melds.min(4) as usize;
        let critical = improving::critical_targets(self.class, needed, d);
        let mut parts = [0, 1, 2, 3].map(|s| self.lowers(s));
        // The suits changed since the last refresh get their lowers now, where they can
        // improve the hand at all.
        let mut stale = self.stale;
        while stale != 0 {
            let s = stale.trailing_zeros() as usize & 3;
            stale &= stale - 1;
            if critical[s] != 0 {
                parts[s] = self.suit_lowers(s);
            }
        }
        // Bit 9s + i is position i of suit s: the kinds, with the honours' seven at 27.
        improving::regular_improving(critical, parts)
    }

    /// Suit `s`'s kept lowers.
    #[inline(always)]
    fn lowers(&self, s: usize) -> SuitLowers {
        let last3 = match s {
            0..=2 => self.last3[2 * s] as u32 | (self.last3[2 * s + 1] as u32) << 16,
            _ => self.last3[6] as u32,
        };
        SuitLowers { first6: self.first6[s & 3], last3 }
    }

    /// Keeps suit `s`'s lowers.
    #[inline(always)]
    fn set_lowers(&mut self, s: usize, part: SuitLowers) {
        self.first6[s & 3] = part.first6;
        match s {
            0..=2 => {
                self.last3[2 * s] = part.last3 as u16;
                self.last3[2 * s + 1] = (part.last3 >> 16) as u16;
            }
            _ => self.last3[6] = part.last3 as u16,
        }
    }
}

/// The state's regular form for the general code.
struct Regular<'a>(&'a HandState);

impl RegularForm for Regular<'_> {
    fn distance(&self) -> u8 {
        self.0.regular_distance()
    }
    fn improving(&self, d: u8) -> u64 {
        // Only reached from `ukeire_bits`, which first sends suits of 14 tiles elsewhere.
        self.0.regular_improving(d)
    }
}

/// Two states are equal when they hold the same hand under the same forms (what each keeps
/// to answer faster does not count).
impl PartialEq for HandState {
    fn eq(&self, other: &HandState) -> bool {
        (self.counts, self.jokers, self.melds, self.forms)
            == (other.counts, other.jokers, other.melds, other.forms)
    }
}

impl Eq for HandState {}

impl fmt::Debug for HandState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HandState")
            .field("counts", &self.counts)
            .field("melds", &self.melds)
            .field("jokers", &self.jokers)
            .field("forms", &self.forms)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{reference, shanten_with_jokers, ukeire_with_jokers};

    fn c(s: &str) -> Counts {
        s.parse().unwrap()
    }

    fn k(s: &str) -> Kind {
        s.parse().unwrap()
    }

    fn check(state: &HandState) {
        let (counts, j, m, forms) = (state.counts(), state.jokers(), state.melds(), state.forms());
        assert_eq!(state.shanten(), shanten_with_jokers(counts, j, m, forms), "{state:?}");
        assert_eq!(state.ukeire(), ukeire_with_jokers(counts, j, m, forms), "{state:?}");
        let mut fresh = *state;
        fresh.refresh();
        assert_eq!(fresh.ukeire(), state.ukeire(), "{state:?}");
    }

    #[test]
    fn states_of_one_hand_are_equal_whatever_they_kept() {
        let mut built = HandState::empty(FormSet::RIICHI);
        for kind in ["1m", "2m", "3m", "5p", "5p", "9s", "1z"] {
            built.add(k(kind)).unwrap();
        }
        check(&built);
        // A suit changed since the last refresh keeps its lowers stale: still equal.
        let fresh = HandState::new(&c("123m55p9s1z"), 0, FormSet::RIICHI).unwrap();
        assert_eq!(built, fresh);
        built.remove(k("9s")).unwrap();
        assert_ne!(built, fresh);
        built.add(k("9s")).unwrap();
        assert_eq!(built, fresh);
        assert_ne!(built, HandState::new(fresh.counts(), 1, FormSet::RIICHI).unwrap());
        assert_ne!(HandState::empty(FormSet::RIICHI), HandState::empty(FormSet::MCR));
    }

    #[test]
    fn changes_are_checked_and_refused_changes_change_nothing() {
        let mut state = HandState::new(&c("1111m"), 0, FormSet::RIICHI).unwrap();
        let before = (*state.counts(), state.shanten(), state.ukeire());
        assert_eq!(state.add(k("1m")), Err(StateError::FifthCopy { kind: k("1m") }));
        assert_eq!(state.remove(k("2m")), Err(StateError::NotHeld { kind: k("2m") }));
        assert_eq!(state.remove_joker(), Err(StateError::NoJoker));
        assert_eq!((*state.counts(), state.shanten(), state.ukeire()), before);
        let mut full = HandState::new(&c("123m456p789s1122z"), 0, FormSet::RIICHI).unwrap();
        full.add(k("3z")).unwrap();
        assert_eq!(full.add(k("3z")), Err(StateError::TooManyTiles { tiles: 15 }));
        assert_eq!(full.add_joker(), Err(StateError::TooManyTiles { tiles: 15 }));
        assert_eq!(full.set_melds(1), Err(StateError::TooManyTiles { tiles: 17 }));
        assert_eq!(full.set_melds(5), Err(StateError::TooManyMelds { melds: 5 }));
        let mut five = Counts::EMPTY;
        five.0[4] = 5;
        assert_eq!(
            HandState::new(&five, 0, FormSet::RIICHI).unwrap_err(),
            HandError::TooManyCopies { kind: k("5m"), count: 5 }
        );
        assert_eq!(
            HandState::with_jokers(&c("123m"), 3, 3, FormSet::RIICHI).unwrap_err(),
            HandError::TooManyTiles { tiles: 15 }
        );
        assert_eq!(
            HandState::new(&c("1m"), 5, FormSet::RIICHI).unwrap_err(),
            HandError::TooManyMelds { melds: 5 }
        );
        assert_eq!(
            StateError::FifthCopy { kind: k("5m") }.to_string(),
            "cannot add 5m: all four copies are already held"
        );
    }

    #[test]
    fn answers_match_the_functions_through_a_game_of_changes() {
        for forms in [FormSet::RIICHI, FormSet::REGULAR, FormSet::MCR, FormSet::CHINESE] {
            let mut state = HandState::new(&c("19m19p19s1234567z"), 0, forms).unwrap();
            check(&state);
            for (out, into) in
                [("1z", "5m"), ("2z", "5m"), ("9m", "6m"), ("9p", "7m"), ("3z", "2p")]
            {
                state.remove(k(out)).unwrap();
                check(&state);
                state.add(k(into)).unwrap();
                check(&state);
            }
            state.refresh();
            check(&state);
            state.add_joker().unwrap();
            check(&state);
            state.add_joker().unwrap_err();
            state.remove(k("4z")).unwrap();
            state.add_joker().unwrap();
            check(&state);
            state.remove_joker().unwrap();
            check(&state);
        }
    }

    #[test]
    fn fourteen_tiles_of_one_suit_and_the_reference() {
        let state = HandState::new(&c("11122345678999m"), 0, FormSet::RIICHI).unwrap();
        let counts = state.counts();
        assert_eq!(state.shanten(), reference::shanten(counts, 0, FormSet::RIICHI));
        assert_eq!(state.ukeire(), reference::ukeire(counts, 0, FormSet::RIICHI));
    }

    #[test]
    fn the_state_is_small() {
        assert_eq!(std::mem::size_of::<HandState>(), 128);
    }
}
