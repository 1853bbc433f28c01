//! A regular hand read as four sets and a pair: concealed blocks of one decomposition plus the
//! declared melds, and the ways the win tile can complete it (win groups).
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! // 45666p won on 6p: completing 456p (a two-sided wait: pinfu) beats completing the pair.
//! let hand: Hand = "123m456789s45666p".parse().unwrap();
//! let ctx = WinContext::new("6p".parse().unwrap(), false);
//! let s = score(&Rules::preset("riichi").unwrap(), &hand, &ctx).unwrap();
//! assert_eq!((s.total, s.fu), (1, 30)); // pinfu (456p won on 6p), 30 fu on a closed ron
//! ```

use hupai_core::{Block, Decomposition, Hand, Kind, MeldKind};

/// The shape of one set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetShape {
    /// Three consecutive number tiles.
    Sequence,
    /// Three identical tiles.
    Triplet,
    /// Four identical tiles (always a declared kan).
    Kan,
}

/// One of the four sets of a regular hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Set {
    /// The lowest kind's index (0..34).
    pub first: u8,
    /// Its shape.
    pub shape: SetShape,
    /// Made of concealed tiles (concealed blocks and closed kans).
    pub concealed: bool,
    /// A declared meld (not a candidate to hold the win tile).
    pub declared: bool,
}

impl Set {
    /// Whether it is a triplet or a kan.
    pub(crate) const fn is_triplet_like(self) -> bool {
        !matches!(self.shape, SetShape::Sequence)
    }

    /// Whether the set holds a tile of kind index `k`.
    pub(crate) const fn contains(self, k: u8) -> bool {
        match self.shape {
            SetShape::Sequence => k >= self.first && k < self.first + 3,
            _ => k == self.first,
        }
    }

    /// Whether the set holds a terminal or an honour.
    pub(crate) const fn has_terminal_or_honor(self) -> bool {
        let f = self.first;
        match self.shape {
            SetShape::Sequence => f % 9 == 0 || f % 9 == 6,
            _ => is_yaochu(f),
        }
    }

    /// The reference calculator's block ordering code: kind * 4 + (kan 0, triplet 1, seq 3).
    const fn order_code(self) -> u8 {
        self.first * 4
            + match self.shape {
                SetShape::Kan => 0,
                SetShape::Triplet => 1,
                SetShape::Sequence => 3,
            }
    }
}

/// Whether kind index `k` is a terminal or an honour.
pub(crate) const fn is_yaochu(k: u8) -> bool {
    k >= 27 || k % 9 == 0 || k % 9 == 8
}

/// Which part of a regular hand the win tile completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WinGroup {
    /// The pair (a pair wait, tanki).
    Pair,
    /// The concealed set at this index of [`Regular::sets`].
    Set(u8),
}

/// A regular hand: pair plus four sets, concealed blocks first, then declared melds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Regular {
    /// The pair's kind index.
    pub pair: u8,
    /// The four sets.
    pub sets: [Set; 4],
}

impl Regular {
    /// Joins one decomposition of the concealed tiles with the hand's declared melds.
    pub(crate) fn new(d: &Decomposition, hand: &Hand) -> Regular {
        let empty = Set { first: 0, shape: SetShape::Sequence, concealed: true, declared: false };
        let mut sets = [empty; 4];
        let mut n = 0;
        for block in d.blocks().iter().take(4) {
            let (first, shape) = match *block {
                Block::Sequence(k) => (k, SetShape::Sequence),
                Block::Triplet(k) => (k, SetShape::Triplet),
            };
            sets[n] = Set { first: first.to_u8(), shape, concealed: true, declared: false };
            n += 1;
        }
        for meld in hand.melds() {
            if n >= 4 {
                break;
            }
            let shape = match meld.kind() {
                MeldKind::Chi => SetShape::Sequence,
                MeldKind::Pon => SetShape::Triplet,
                MeldKind::Kan | MeldKind::AddedKan | MeldKind::ClosedKan => SetShape::Kan,
            };
            sets[n] = Set {
                first: meld.first().to_u8(),
                shape,
                concealed: !meld.is_open(),
                declared: true,
            };
            n += 1;
        }
        Regular { pair: d.pair.to_u8(), sets }
    }

    /// Calls `f` for each distinct way the win tile completes the hand: each distinct concealed
    /// (not declared) set holding it, and the pair when it is of the win tile's kind.
    pub(crate) fn for_each_win_group(&self, win: Kind, mut f: impl FnMut(WinGroup)) {
        let w = win.to_u8();
        if self.pair == w {
            f(WinGroup::Pair);
        }
        for (i, set) in self.sets.iter().enumerate() {
            if set.declared || !set.contains(w) {
                continue;
            }
            let seen = self.sets[..i].iter().any(|s| !s.declared && s == set);
            if !seen {
                f(WinGroup::Set(i as u8));
            }
        }
    }

    /// The position of this reading in the reference calculator's enumeration: the sorted block
    /// codes packed big-endian, then the win group's position among them. Used only to break
    /// exact ties the way the reference does.
    pub(crate) fn reference_order(&self, group: WinGroup) -> (u64, u8) {
        let mut codes = [0u8; 5];
        for (c, set) in codes.iter_mut().zip(self.sets.iter()) {
            *c = set.order_code();
        }
        let pair_code = self.pair * 4 + 2;
        codes[4] = pair_code;
        codes.sort_unstable();
        let key = codes.iter().fold(0u64, |acc, &c| (acc << 8) | (c as u64 + 1)) << 24;
        let target = match group {
            WinGroup::Pair => pair_code,
            WinGroup::Set(i) => self.sets[i as usize].order_code(),
        };
        let pos = codes.iter().position(|&c| c == target).unwrap_or(0) as u8;
        (key, pos)
    }
}

/// The reference order of the seven-pairs reading (seven pair blocks, sorted).
pub(crate) fn seven_pairs_order(pairs: impl Iterator<Item = u8>) -> (u64, u8) {
    let key = pairs.take(7).fold(0u64, |acc, k| (acc << 8) | (k as u64 * 4 + 2 + 1)) << 8;
    (key, 0)
}
