//! Hands: concealed tiles, declared melds, jokers and red fives.
//!
//! ```
//! use hupai_core::Hand;
//! let hand: Hand = "23456m11z pon:777s ankan:9999p".parse().unwrap();
//! assert_eq!(hand.melds().len(), 2);
//! assert_eq!(hand.concealed().total(), 7);
//! assert_eq!(hand.to_string(), "23456m11z pon:777s ankan:9999p");
//! ```
//!
//! A hand answers the analysis questions itself, with its own melds and jokers, so that the
//! two numbers cannot be swapped:
//!
//! ```
//! use hupai_core::{Counts, FormSet, Hand};
//! let hand: Hand = "23456m11z pon:777s ankan:9999p".parse().unwrap();
//! assert_eq!(hand.shanten(FormSet::RIICHI), 0);
//! assert_eq!(hand.waits(FormSet::RIICHI).to_string(), "147m");
//! let laizi: Hand = "123m456p789s11z55m*".parse().unwrap();
//! assert!(laizi.is_agari(FormSet::CHINESE));
//! let seen: Counts = "1m".parse().unwrap();
//! assert_eq!(hand.ukeire_count(FormSet::RIICHI, &seen).1, 10);
//! ```

use std::fmt;

use crate::counts::write_counts;
use crate::{
    discard_analysis, is_agari_with_jokers, shanten_with_jokers, ukeire_with_jokers,
    waits_with_jokers, Counts, DiscardTable, Form, FormSet, HandError, Kind, KindSet, Meld, Suit,
};

/// A hand: concealed tiles (as counts), up to four declared melds, wildcard jokers among the
/// concealed tiles, and how many concealed fives of each number suit are red.
///
/// Built only through [`Hand::new`] or parsing, so it always holds at most four copies of a
/// kind (melds included) and at most 14 tiles counting each meld as three.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    concealed: Counts,
    melds: [Meld; 4],
    meld_count: u8,
    jokers: u8,
    red: [u8; 3],
}

impl Hand {
    /// A hand of these concealed tiles and melds, checked.
    pub fn new(concealed: Counts, melds: &[Meld]) -> Result<Hand, HandError> {
        Hand::with_extras(concealed, melds, 0, [0; 3])
    }

    /// A hand with jokers (wildcards among the concealed tiles) and red fives among the
    /// concealed tiles (`red[suit]` of the concealed fives of that suit are red), checked.
    pub fn with_extras(
        concealed: Counts,
        melds: &[Meld],
        jokers: u8,
        red: [u8; 3],
    ) -> Result<Hand, HandError> {
        if melds.len() > 4 {
            return Err(HandError::TooManyMelds { melds: melds.len() });
        }
        let tiles = concealed.total() + jokers as u32 + 3 * melds.len() as u32;
        if tiles > 14 {
            return Err(HandError::TooManyTiles { tiles });
        }
        let mut all = concealed;
        for meld in melds {
            meld.add_to(&mut all);
        }
        all.validate()?;
        for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
            let fives = Kind::from_suit_number(suit, 5).map_or(0, |k| concealed.get(k));
            if red[suit.index()] > fives {
                return Err(HandError::TooManyRed { suit, red: red[suit.index()] });
            }
        }
        let mut slots = [Meld::pon(Kind::default()); 4];
        slots[..melds.len()].copy_from_slice(melds);
        Ok(Hand { concealed, melds: slots, meld_count: melds.len() as u8, jokers, red })
    }

    /// A hand of parts the caller has checked as [`Hand::with_extras`] checks them, without
    /// jokers, the slots after the melds each `Meld::pon(Kind::default())` (as there).
    pub(crate) const fn from_checked(
        concealed: Counts,
        melds: [Meld; 4],
        meld_count: u8,
        red: [u8; 3],
    ) -> Hand {
        Hand { concealed, melds, meld_count, jokers: 0, red }
    }

    /// The concealed tiles (jokers not included).
    pub const fn concealed(&self) -> &Counts {
        &self.concealed
    }

    /// The declared melds, in the order they were declared.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..self.meld_count as usize]
    }

    /// Number of declared melds.
    pub const fn meld_count(&self) -> u8 {
        self.meld_count
    }

    /// Number of jokers among the concealed tiles.
    pub const fn jokers(&self) -> u8 {
        self.jokers
    }

    /// Red fives among the concealed tiles, per number suit.
    pub const fn concealed_red(&self) -> [u8; 3] {
        self.red
    }

    /// Red fives in the whole hand (concealed and melds), per number suit.
    pub fn red_fives(&self) -> [u8; 3] {
        let mut red = self.red;
        for meld in self.melds() {
            if !meld.first().is_honor() {
                red[meld.first().suit().index()] += meld.red();
            }
        }
        red
    }

    /// Concealed tiles plus jokers plus three per meld: 14 for a complete hand, 13 waiting.
    pub fn tile_count(&self) -> u32 {
        self.concealed.total() + self.jokers as u32 + 3 * self.meld_count() as u32
    }

    /// Every tile of the hand by kind, melds included (kans count four), jokers not.
    pub fn all_counts(&self) -> Counts {
        let mut all = self.concealed;
        for meld in self.melds().iter() {
            meld.add_to(&mut all);
        }
        all
    }

    /// Whether no meld was made with another player's tile (closed kans keep a hand closed).
    pub fn is_closed(&self) -> bool {
        self.melds().iter().all(|m| !m.is_open())
    }

    /// The same hand with one more concealed tile of `kind`, checked.
    pub fn with_tile(&self, kind: Kind) -> Result<Hand, HandError> {
        let mut concealed = self.concealed;
        concealed.add(kind);
        Hand::with_extras(concealed, self.melds(), self.jokers, self.red)
    }
}

/// Analysis of the hand as it stands: concealed tiles, declared melds and jokers (the free
/// functions of the same names take them apart, for hot paths that keep counts).
impl Hand {
    /// Shanten over the allowed forms (see [`crate::shanten`]).
    pub fn shanten(&self, forms: FormSet) -> i8 {
        shanten_with_jokers(&self.concealed, self.jokers, self.meld_count, forms)
    }

    /// Shanten of one form; `None` when `forms` does not allow it or the melds rule it out.
    pub fn form_shanten(&self, form: Form, forms: FormSet) -> Option<i8> {
        if !forms.contains(form) {
            return None;
        }
        let only = FormSet::EMPTY.with(form).with_quads_as_two_pairs(forms.quads_as_two_pairs());
        let s = shanten_with_jokers(&self.concealed, self.jokers, self.meld_count, only);
        (s != i8::MAX).then_some(s)
    }

    /// Whether the hand is complete.
    pub fn is_agari(&self, forms: FormSet) -> bool {
        is_agari_with_jokers(&self.concealed, self.jokers, self.meld_count, forms)
    }

    /// The kinds whose draw completes a 3n+1 hand, less those whose four copies the hand holds
    /// (melds included).
    pub fn waits(&self, forms: FormSet) -> KindSet {
        let waits = waits_with_jokers(&self.concealed, self.jokers, self.meld_count, forms);
        self.drawable(waits)
    }

    /// The kinds whose draw lowers shanten, less those whose four copies the hand holds.
    pub fn ukeire(&self, forms: FormSet) -> KindSet {
        let ukeire = ukeire_with_jokers(&self.concealed, self.jokers, self.meld_count, forms);
        self.drawable(ukeire)
    }

    /// [`Hand::ukeire`] and how many of their copies are unseen: four less those in the hand
    /// (melds included) and in `visible`, the tiles seen outside the hand.
    pub fn ukeire_count(&self, forms: FormSet, visible: &Counts) -> (KindSet, u32) {
        let ukeire = self.ukeire(forms);
        let seen = self.seen(visible);
        let count = ukeire
            .iter()
            .map(|k| 4u32.saturating_sub(self.concealed.get(k) as u32 + seen.get(k) as u32))
            .sum();
        (ukeire, count)
    }

    /// Every distinct discard of a 3n+2 hand, best first (see [`crate::discard_analysis`]); the
    /// melds count as seen besides `visible`, and kinds whose four copies the hand holds are no
    /// effective tiles.
    pub fn discard_analysis(&self, forms: FormSet, visible: &Counts) -> DiscardTable {
        let seen = self.seen(visible);
        let mut table =
            discard_analysis(&self.concealed, self.jokers, self.meld_count, forms, &seen);
        table.map_ukeire(|set| self.drawable(set));
        table
    }

    /// `visible` plus the tiles of the declared melds.
    fn seen(&self, visible: &Counts) -> Counts {
        let mut seen = *visible;
        for meld in self.melds() {
            meld.add_to(&mut seen);
        }
        seen
    }

    /// The kinds of `set` of which the hand (melds included) holds fewer than four.
    fn drawable(&self, set: KindSet) -> KindSet {
        if self.meld_count == 0 {
            // The tables never answer a kind held four times.
            return set;
        }
        let all = self.all_counts();
        set.iter().filter(|&k| all.get(k) < 4).collect()
    }
}

impl fmt::Display for Hand {
    /// Canonical hand text: concealed tiles in MPSZ (red fives as `0`, jokers as `*`), then the
    /// melds separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_counts(f, &self.concealed, self.red)?;
        for _ in 0..self.jokers {
            f.write_str("*")?;
        }
        let mut first = self.concealed.total() == 0 && self.jokers == 0;
        for meld in self.melds().iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{meld}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}
