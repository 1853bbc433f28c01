//! Which tiles a rule set's wall holds, and what a dora indicator points to when kinds are
//! left out (three-player riichi: 2m-8m, so 1m points to 9m and 9m to 1m).
//!
//! ```
//! use hupai_core::Kind;
//! use hupai_rules::Rules;
//! let sanma = Rules::preset("sanma").unwrap();
//! let k = |s: &str| s.parse::<Kind>().unwrap();
//! assert_eq!(sanma.wall_size(), 108);
//! assert!(!sanma.in_wall(k("5m")));
//! assert_eq!(sanma.dora_for(k("1m")), k("9m"));
//! assert_eq!(sanma.dora_for(k("9m")), k("1m"));
//! assert_eq!(sanma.dora_for(k("3z")), k("4z"));
//! assert_eq!(Rules::preset("riichi").unwrap().dora_for(k("1m")), k("2m"));
//! ```

use hupai_core::{Counts, Kind, KindSet};

use crate::Rules;

impl Rules {
    /// The kinds in the wall: all 34, or the 27 number kinds without honours, less
    /// `removed_kinds`.
    pub fn wall_kinds(&self) -> KindSet {
        let mut set = KindSet::EMPTY;
        for k in Kind::all().filter(|&k| self.in_wall(k)) {
            set.insert(k);
        }
        set
    }

    /// Whether tiles of `kind` are in the wall: the one test [`Rules::wall_kinds`] makes of
    /// every kind (the riichi scorer asks it of every kind a hand holds, without the set).
    pub fn in_wall(&self, kind: Kind) -> bool {
        (self.honors || !kind.is_honor()) && !self.removed_kinds.contains(&kind)
    }

    /// Four of every kind the wall does not hold: added to what a player has seen, the unseen
    /// copies (and so the effective tiles and waits counted with them) are those of this
    /// rule set's tiles.
    ///
    /// ```
    /// use hupai_core::{ukeire_count, Counts, FormSet};
    /// use hupai_rules::Rules;
    /// // One from ready: a 9m, a 2z, or a neighbour of the 9m would do.
    /// let hand: Counts = "119m456p789s1112z".parse().unwrap();
    /// let (kinds, copies) = ukeire_count(&hand, 0, FormSet::RIICHI, &Counts::default());
    /// assert_eq!((kinds.to_string(), copies), ("1789m2z".to_string(), 16));
    /// // Three players: no 7m or 8m in the wall.
    /// let absent = Rules::preset("sanma").unwrap().absent_tiles();
    /// let (_, copies) = ukeire_count(&hand, 0, FormSet::RIICHI, &absent);
    /// assert_eq!(copies, 8);
    /// ```
    pub fn absent_tiles(&self) -> Counts {
        let wall = self.wall_kinds();
        let mut c = Counts::default();
        for k in Kind::all().filter(|&k| !wall.contains(k)) {
            c.0[k.index()] = 4;
        }
        c
    }

    /// The tiles in the wall, flowers included (136 in four-player riichi, 108 in sanma).
    pub fn wall_size(&self) -> u32 {
        4 * self.wall_kinds().len() as u32 + if self.flowers { 8 } else { 0 }
    }

    /// The dora a turned-up `indicator` makes: the next kind of its group that is in the wall
    /// (9 -> 1 within a suit, North -> East, Red -> White).
    pub fn dora_for(&self, indicator: Kind) -> Kind {
        let wall = self.wall_kinds();
        let mut next = indicator.successor();
        // A group's cycle has at most nine kinds: the loop ends even if none is in the wall.
        for _ in 0..9 {
            if wall.contains(next) {
                return next;
            }
            next = next.successor();
        }
        indicator.successor()
    }
}
