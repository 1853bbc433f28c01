//! A hand kept up to date one tile at a time, for search: shanten in O(1) after each change.
//!
//! ```
//! use hupai_core::{FormSet, HandState, Kind};
//! let hand = "123m456p789s1123z".parse().unwrap();
//! let mut state = HandState::new(&hand, 0, FormSet::RIICHI)?;
//! assert_eq!(state.shanten(), 0);
//! assert_eq!(state.ukeire().to_string(), "23z");
//! // Evaluate each draw from the same state: a `Copy` of 160 bytes, changed by one tile.
//! for kind in state.ukeire().iter() {
//!     let mut next = state;
//!     next.add(kind)?;
//!     assert_eq!(next.shanten(), -1);
//! }
//! // A discard, then a call: declared melds count toward the four.
//! let east: Kind = "1z".parse().unwrap();
//! state.remove(east)?;
//! let south: Kind = "2z".parse().unwrap();
//! state.remove(south)?;
//! state.remove(south)?;
//! state.set_melds(1)?;
//! assert_eq!((state.tiles(), state.shanten()), (10, 0));
//! assert_eq!(state.ukeire().to_string(), "3z");
//! # Ok::<(), hupai_core::StateError>(())
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

use crate::distance::{distance_and_improving, to_shanten, IMPOSSIBLE};
use crate::regular::{RegularForm, Suits};
use crate::special::{self, Bits, ORPHANS};
use crate::unseen::unseen_copies;
use crate::{tables, Counts, Form, FormSet, Hand, Kind, KindSet};

/// Why a hand state refused a change (nothing changed).
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
    /// More than four copies of a kind in the counts given.
    TooManyCopies {
        /// The kind.
        kind: Kind,
        /// How many copies.
        count: u8,
    },
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
            StateError::TooManyCopies { kind, count } => {
                write!(f, "{count} copies of {kind}: at most 4")
            }
            StateError::TooManyTiles { tiles } => {
                write!(f, "{tiles} tiles counting each meld as three: at most 14")
            }
            StateError::TooManyMelds { melds } => write!(f, "{melds} declared melds: at most 4"),
        }
    }
}

impl std::error::Error for StateError {}

/// The suit of each kind: 0, 1, 2 for the number suits, 3 for the honours.
const SUIT: [u8; 34] = {
    let mut out = [3u8; 34];
    let mut k = 0;
    while k < 27 {
        out[k] = (k / 9) as u8;
        k += 1;
    }
    out
};

/// The three group-table indices of a suit's word are 16-bit lanes; lane 3 holds its tiles.
const LANE: u64 = 0x3fff;
/// One more tile in the group before a lane: the next prefix-sum row of the group table.
const ROW: u64 = 128;
/// How much a tile at each position within its group adds to the group's base-5 value.
const STEP: [u64; 3] = [25, 5, 1];

/// The word of an empty suit: group `g` at prefix sum 0 and value 0 (honours in the second
/// half of the state's group table).
const fn empty_word(honors: bool) -> u64 {
    let half = if honors { 8192 } else { 0 };
    let mut word = 0;
    let mut g = 0;
    while g < 3 {
        word |= (half + tables::GROUP_PAD as u64 + g * 16 * ROW) << (16 * g);
        g += 1;
    }
    word
}

/// What one more tile of each kind adds to its suit's word: the step to its group's value,
/// one prefix row to each later group, one tile.
const DELTA: [u64; 34] = {
    let mut out = [0u64; 34];
    let mut k = 0;
    while k < 34 {
        let i = if k >= 27 { k - 27 } else { k % 9 };
        let g = i / 3;
        let mut delta = STEP[i % 3] << (16 * g) | 1 << 48;
        let mut later = g + 1;
        while later < 3 {
            delta += ROW << (16 * later);
            later += 1;
        }
        out[k] = delta;
        k += 1;
    }
    out
};

/// What a kind's copy number `c + 1` adds to the counters (index `5 * orphan + c`): byte `c`
/// counts the kinds held more than `c` times, bytes 4 and 5 the orphan kinds held at least
/// once and at least twice.
const COUNTERS: [u64; 10] = {
    let mut out = [0u64; 10];
    let mut c = 0;
    while c < 4 {
        out[c] = 1 << (8 * c);
        out[5 + c] = 1 << (8 * c) | if c < 2 { 1 << (32 + 8 * c) } else { 0 };
        c += 1;
    }
    out
};

/// The counters' index for kind `k` held `c` times before the change (or after a removal).
#[inline(always)]
fn counter_index(k: usize, c: u8) -> usize {
    (ORPHANS >> k & 1) as usize * 5 + (c as usize & 3)
}

/// The rank of a suit from its word (an honour rank carries the class table's offset).
#[inline(always)]
fn rank(word: u64) -> u32 {
    tables::state_group(word & LANE)
        + tables::state_group(word >> 16 & LANE)
        + tables::state_group(word >> 32 & LANE)
}

/// 0x01 in every byte of a 128-bit word.
const ONES: u128 = u128::from_le_bytes([1; 16]);

/// Bit `t` set where byte `t` (0..10) of `x`, each 0 or 1, is 1.
#[inline(always)]
fn gather10(x: u128) -> u16 {
    (special::gather(x as u64) | ((x >> 64) as u64 & 1) << 8 | ((x >> 72) as u64 & 1) << 9) as u16
}

/// A hand of concealed counts, declared melds and jokers that answers shanten and effective
/// tiles in a few nanoseconds after each one-tile change (see the module docs).
///
/// A `Copy` value of 160 bytes: a search copies it and changes the copy. Changes are
/// checked: a fifth copy, a tile not held, or more than 14 tiles (each meld counting three)
/// is refused with a [`StateError`] and changes nothing.
#[derive(Clone, Copy)]
pub struct HandState {
    /// Per suit, byte `t` (target: `5 * pair + melds`) holds the positions 0..8 whose draw
    /// lowers the suit's distance to that target; valid where `stale` is clear.
    lower: [u128; 4],
    /// Per suit, the three group-table indices and the number of tiles (see [`DELTA`]).
    words: [u64; 4],
    /// Kinds held at least once, twice, three and four times; orphan kinds held at least
    /// once and twice (bytes 0 to 5).
    counters: u64,
    counts: Counts,
    /// The class of each suit.
    class: [u8; 4],
    /// Per number suit, bit `t`: the ninth position lowers the distance to target `t`.
    ninth: [u16; 3],
    /// Bit `s`: suit `s` changed since its `lower` and `ninth` were computed.
    stale: u8,
    /// Concealed tiles (jokers not included).
    tiles: u8,
    /// Tiles that may still be added: 14 − tiles − jokers − 3 × melds.
    room: u8,
    melds: u8,
    jokers: u8,
    forms: FormSet,
}

impl HandState {
    /// The state of concealed `counts` with `melds` declared melds, answering for `forms`.
    pub fn new(counts: &Counts, melds: u8, forms: FormSet) -> Result<HandState, StateError> {
        HandState::with_jokers(counts, 0, melds, forms)
    }

    /// The state of concealed `counts`, `jokers` wildcards and `melds` declared melds.
    pub fn with_jokers(
        counts: &Counts,
        jokers: u8,
        melds: u8,
        forms: FormSet,
    ) -> Result<HandState, StateError> {
        if let Some(kind) = Kind::all().find(|&k| counts[k] > 4) {
            return Err(StateError::TooManyCopies { kind, count: counts[kind] });
        }
        if melds > 4 {
            return Err(StateError::TooManyMelds { melds });
        }
        let tiles = counts.total() + jokers as u32 + 3 * melds as u32;
        if tiles > 14 {
            return Err(StateError::TooManyTiles { tiles });
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
        let empty = empty_word(false);
        let mut state = HandState {
            lower: [0; 4],
            words: [empty, empty, empty, empty_word(true)],
            counters: 0,
            counts: Counts::EMPTY,
            class: [0; 4],
            ninth: [0; 3],
            stale: 0b1111,
            tiles: 0,
            room: 14 - jokers - 3 * melds,
            melds,
            jokers,
            forms,
        };
        for k in 0..34 {
            for _ in 0..counts.0[k] {
                state.put(k);
            }
        }
        for s in 0..4 {
            state.class[s] = tables::class_of_rank(rank(state.words[s]));
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
        self.put(k);
        let s = SUIT[k] as usize & 3;
        self.class[s] = tables::class_of_rank(rank(self.words[s]));
        Ok(())
    }

    /// Adds a copy of kind `k` (known to be allowed), without updating its suit's class.
    #[inline(always)]
    fn put(&mut self, k: usize) {
        let c = self.counts.0[k];
        self.counts.0[k] = c + 1;
        self.counters += COUNTERS[counter_index(k, c)];
        let s = SUIT[k] as usize & 3;
        self.words[s] += DELTA[k];
        self.stale |= 1 << s;
        self.tiles += 1;
        self.room -= 1;
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
        self.counters -= COUNTERS[counter_index(k, c - 1)];
        let s = SUIT[k] as usize & 3;
        self.words[s] -= DELTA[k];
        self.class[s] = tables::class_of_rank(rank(self.words[s]));
        self.stale |= 1 << s;
        self.tiles -= 1;
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
        let tiles = self.tiles as u32 + self.jokers as u32 + 3 * melds as u32;
        if tiles > 14 {
            return Err(StateError::TooManyTiles { tiles });
        }
        self.melds = melds;
        self.room = 14 - tiles as u8;
        Ok(())
    }

    /// The concealed counts.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The number of concealed tiles (jokers not included).
    pub fn tiles(&self) -> u32 {
        self.tiles as u32
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
        let forms = self.forms;
        if !fast_forms(forms) {
            return to_shanten(self.general(None).0, self.jokers);
        }
        let mut d = self.regular_distance();
        if self.melds == 0 {
            if forms.contains(Form::SevenPairs) {
                d = d.min(self.seven_pairs());
            }
            if forms.contains(Form::ThirteenOrphans) {
                d = d.min(self.thirteen_orphans());
            }
        }
        to_shanten(d, self.jokers)
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
        let size = self.tiles as u32 + self.jokers as u32 + 3 * self.melds as u32;
        if size != 13 || self.shanten() != 0 {
            return KindSet::EMPTY;
        }
        self.ukeire()
    }

    /// Computes and keeps what effective tiles need of the suits changed since the last
    /// refresh, so that copies of this state changed by one tile recompute one suit only.
    pub fn refresh(&mut self) {
        for s in 0..4 {
            if self.stale >> s & 1 == 1 && self.suit_tiles(s) <= 13 {
                let (lower, ninth) = self.lowers(s);
                self.lower[s] = lower;
                if s < 3 {
                    self.ninth[s] = ninth;
                }
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
        tables::rest_dist(rest)[5 + (4 - self.melds.min(4)) as usize]
    }

    /// Seven-pairs distance from the counters (zero declared melds).
    #[inline(always)]
    fn seven_pairs(&self) -> u8 {
        let [c1, c2, c3, c4] = [0, 1, 2, 3].map(|i| (self.counters >> (8 * i)) as u32 & 0xff);
        if self.forms.quads_as_two_pairs() {
            special::seven_pairs_from(c2 + c4, c1 - c2 + c3 - c4)
        } else {
            special::seven_pairs_from(c2, c1 - c2)
        }
    }

    /// Thirteen-orphans distance from the counters (zero declared melds).
    #[inline(always)]
    fn thirteen_orphans(&self) -> u8 {
        let held = (self.counters >> 32) as u32 & 0xff;
        let pair = (self.counters >> 40 & 0xff != 0) as u32;
        (14 - held - pair) as u8
    }

    /// The effective kinds as bits.
    #[inline(always)]
    fn ukeire_bits(&self) -> u64 {
        if self.words.iter().any(|&w| w >> 48 > 13) {
            return crate::ukeire_with_jokers(&self.counts, self.jokers, self.melds, self.forms)
                .bits();
        }
        let forms = self.forms;
        let wanted = self.jokers.saturating_add(1)..=IMPOSSIBLE;
        if !fast_forms(forms) {
            return self.general(Some(wanted)).1;
        }
        let regular = self.regular_distance();
        let (mut pairs, mut orphans) = (IMPOSSIBLE, IMPOSSIBLE);
        if self.melds == 0 {
            if forms.contains(Form::SevenPairs) {
                pairs = self.seven_pairs();
            }
            if forms.contains(Form::ThirteenOrphans) {
                orphans = self.thirteen_orphans();
            }
        }
        let d = regular.min(pairs).min(orphans);
        if !wanted.contains(&d) {
            return 0;
        }
        let mut out = 0;
        if regular == d {
            out |= self.regular_improving(d);
        }
        if pairs == d || orphans == d {
            let bits = Bits::new(&self.counts);
            if pairs == d {
                out |= bits.seven_pairs_improving(forms.quads_as_two_pairs()).1;
            }
            if orphans == d {
                out |= bits.thirteen_orphans_improving().1;
            }
        }
        out
    }

    /// Distance and effective kinds from the general code (forms other than riichi's).
    #[cold]
    fn general(&self, wanted: Option<std::ops::RangeInclusive<u8>>) -> (u8, u64) {
        let suits =
            Suits { class: self.class, sum: [0, 1, 2, 3].map(|s| self.suit_tiles(s)), valid: true };
        distance_and_improving(&self.counts, &suits, self.melds, self.forms, &Regular(self), wanted)
    }

    /// The kinds whose draw lowers the regular distance, which is `d` (every suit at most 13
    /// tiles).
    #[inline(always)]
    fn regular_improving(&self, d: u8) -> u64 {
        let m = (4 - self.melds.min(4)) as usize;
        let [a, b, c, h] = self.class;
        let (ab, ac, bc) = (tables::nn(a, b), tables::nn(a, c), tables::nn(b, c));
        let rests = [tables::ph(bc, h), tables::ph(ac, h), tables::ph(ab, h)];
        let target = d as u128 * ONES;
        let mut out = 0u64;
        for s in 0..3 {
            let own = tables::suit_dist16(self.class[s]);
            let critical = critical(own, tables::rest_complement(m, rests[s]), target);
            let (lower, ninth) = self.lowers_of(s);
            let first8 = fold_bytes(lower & critical * 0xff);
            let last = (gather10(critical) & ninth != 0) as u64;
            out |= (first8 | last << 8) << (9 * s);
        }
        let own = tables::honor_dist16(h);
        let critical = critical(own, tables::pair_complement(m, tables::pn(ab, c)), target);
        let (lower, _) = self.lowers_of(3);
        out | fold_bytes(lower & critical * 0xff) << 27
    }

    /// The improving positions of suit `s` per target: kept, or computed when stale.
    #[inline(always)]
    fn lowers_of(&self, s: usize) -> (u128, u16) {
        if self.stale >> s & 1 == 0 {
            (self.lower[s & 3], if s < 3 { self.ninth[s] } else { 0 })
        } else {
            self.lowers(s)
        }
    }

    /// Per target, the positions of suit `s` whose draw lowers its distance (byte `t` of the
    /// word, positions 0..8) and, for number suits, the targets the ninth position lowers.
    /// A position held four times lowers nothing. The suit must hold at most 13 tiles.
    #[inline(always)]
    fn lowers(&self, s: usize) -> (u128, u16) {
        let word = self.words[s & 3];
        let lanes = [word & LANE, word >> 16 & LANE, word >> 32 & LANE];
        let same = lanes.map(tables::state_group);
        let shifted = [0, tables::state_group(lanes[1] + ROW), tables::state_group(lanes[2] + ROW)];
        let before = [0, same[0], same[0] + same[1]];
        let after = [shifted[1] + shifted[2], shifted[2], 0];
        let (honors, own) = if s == 3 {
            (true, tables::honor_dist16(self.class[3]))
        } else {
            (false, tables::suit_dist16(self.class[s & 3]))
        };
        let positions = if honors { 7 } else { 9 };
        let base = 9 * s;
        let (mut lower, mut ninth) = (0u128, 0u16);
        for i in 0..positions {
            let g = i / 3;
            let rank = before[g] + tables::state_group(lanes[g] + STEP[i % 3]) + after[g];
            let class = tables::class_of_rank(rank);
            let next =
                if honors { tables::honor_dist16(class) } else { tables::suit_dist16(class) };
            // Adding a tile lowers each distance by at most one: the bytes are 0 or 1.
            let held = self.counts.0[(base + i).min(33)];
            let diff = if held < 4 { own.wrapping_sub(next) } else { 0 };
            if i < 8 {
                lower |= diff << i;
            } else {
                ninth = gather10(diff);
            }
        }
        (lower, ninth)
    }
}

/// Whether the state answers `forms` with its own code: the regular form plus any of seven
/// pairs and thirteen orphans (the knitted forms go to the general code).
#[inline(always)]
fn fast_forms(forms: FormSet) -> bool {
    forms.contains(Form::Regular)
        && !forms.contains(Form::HonorsAndKnitted)
        && !forms.contains(Form::KnittedStraight)
}

/// 0x01 in byte `t` where target `t` of a suit whose distances are `own` lies on an optimal
/// split of total distance `target` (in every byte) with the rest's complement distances
/// `complement`, and the suit still lacks tiles there.
#[inline(always)]
fn critical(own: u128, complement: u128, target: u128) -> u128 {
    const HIGH: u128 = 0x80 * ONES;
    // Every byte is below 0x80, so adding 0x7f sets a byte's high bit exactly when it is
    // not zero, without carries.
    let nonzero = |x: u128| (x + 0x7f * ONES) & HIGH;
    let on_split = !nonzero((own + complement) ^ target) & HIGH;
    (on_split & nonzero(own)) >> 7
}

/// The bytes of `x` or-ed together.
#[inline(always)]
fn fold_bytes(x: u128) -> u64 {
    let mut y = x as u64 | (x >> 64) as u64;
    y |= y >> 32;
    y |= y >> 16;
    y |= y >> 8;
    y & 0xff
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
            StateError::TooManyCopies { kind: k("5m"), count: 5 }
        );
        assert_eq!(
            HandState::with_jokers(&c("123m"), 3, 3, FormSet::RIICHI).unwrap_err(),
            StateError::TooManyTiles { tiles: 15 }
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
        assert_eq!(std::mem::size_of::<HandState>(), 160);
    }
}
