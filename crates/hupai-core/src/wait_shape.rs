//! Wait shapes of a ready hand: how each winning tile completes it.
//!
//! ```
//! use hupai_core::{wait_shapes, Counts, FormSet, WaitShape};
//! let ready: Counts = "23m456p789s11z999p".parse().unwrap();
//! let shapes = wait_shapes(&ready, 0, FormSet::RIICHI);
//! let texts: Vec<String> = shapes.iter().map(|(k, s)| format!("{k} {s}")).collect();
//! assert_eq!(texts, ["1m two-sided", "4m two-sided"]);
//! ```

use std::fmt;

use crate::reference::{knitted_kinds, KNITTED_PERMUTATIONS};
use crate::{for_each_decomposition, waits, Block, Counts, Form, FormSet, Kind};

/// How a winning tile completes a ready hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WaitShape {
    /// Both ends of two consecutive tiles (23 waiting on 1 or 4; ryanmen, 两面).
    TwoSided,
    /// The middle of a gapped pair (13 waiting on 2; kanchan, 嵌张).
    Closed,
    /// The outside of 12 or 89 (waiting on 3 or 7; penchan, 边张).
    Edge,
    /// The partner of a lone tile for the pair (tanki, 单钓), including seven pairs.
    Single,
    /// One of two pairs, the other staying the pair (shanpon, 双碰).
    DoublePair,
    /// Completes thirteen orphans, honours-and-knitted or the knitted part of a knitted
    /// straight, where no meld shape applies.
    Irregular,
}

impl WaitShape {
    /// A lower-case name: `two-sided`, `closed`, `edge`, `single`, `double-pair`, `irregular`.
    pub const fn name(self) -> &'static str {
        match self {
            WaitShape::TwoSided => "two-sided",
            WaitShape::Closed => "closed",
            WaitShape::Edge => "edge",
            WaitShape::Single => "single",
            WaitShape::DoublePair => "double-pair",
            WaitShape::Irregular => "irregular",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for WaitShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The set of shapes one winning tile can complete (a tile may complete several readings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct WaitShapes(u8);

impl WaitShapes {
    /// Whether `shape` is one of the readings.
    pub const fn contains(self, shape: WaitShape) -> bool {
        self.0 & shape.bit() != 0
    }

    /// The shapes, in enum order.
    pub fn iter(self) -> impl Iterator<Item = WaitShape> {
        [
            WaitShape::TwoSided,
            WaitShape::Closed,
            WaitShape::Edge,
            WaitShape::Single,
            WaitShape::DoublePair,
            WaitShape::Irregular,
        ]
        .into_iter()
        .filter(move |s| self.contains(*s))
    }

    fn insert(&mut self, shape: WaitShape) {
        self.0 |= shape.bit();
    }
}

impl fmt::Display for WaitShapes {
    /// Shapes joined by `/`, e.g. `single/double-pair`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            f.write_str(s.name())?;
        }
        Ok(())
    }
}

/// For each winning tile of a ready hand (3n+1 concealed tiles, `melds` declared), the shapes
/// it completes under the allowed forms, in tile order. Empty when the hand is not ready.
pub fn wait_shapes(counts: &Counts, melds: u8, forms: FormSet) -> Vec<(Kind, WaitShapes)> {
    let mut out = Vec::new();
    for win in waits(counts, melds, forms).iter() {
        let mut done = *counts;
        done.add(win);
        let mut shapes = WaitShapes::default();
        if forms.contains(Form::Regular) {
            regular_shapes(&done, win, &mut shapes);
        }
        if melds == 0 && forms.contains(Form::SevenPairs) && is_seven_pairs(&done, forms) {
            shapes.insert(WaitShape::Single);
        }
        if melds == 0 && forms.contains(Form::ThirteenOrphans) && is_thirteen_orphans(&done) {
            shapes.insert(WaitShape::Irregular);
        }
        if melds == 0 && forms.contains(Form::HonorsAndKnitted) && is_honors_knitted(&done) {
            shapes.insert(WaitShape::Irregular);
        }
        if melds <= 1 && forms.contains(Form::KnittedStraight) {
            knitted_straight_shapes(&done, win, &mut shapes);
        }
        out.push((win, shapes));
    }
    out
}

/// Shapes of the regular readings of the complete concealed tiles `done` won on `win`.
fn regular_shapes(done: &Counts, win: Kind, shapes: &mut WaitShapes) {
    for_each_decomposition(done, |d| {
        if d.pair == win {
            shapes.insert(WaitShape::Single);
        }
        for block in d.blocks() {
            match *block {
                Block::Triplet(k) if k == win => shapes.insert(WaitShape::DoublePair),
                Block::Sequence(first) if block.contains(win) => {
                    let pos = win.index() - first.index();
                    let shape = match (pos, first.number()) {
                        (1, _) => WaitShape::Closed,
                        (2, 1) | (0, 7) => WaitShape::Edge,
                        _ => WaitShape::TwoSided,
                    };
                    shapes.insert(shape);
                }
                _ => {}
            }
        }
    });
}

fn knitted_straight_shapes(done: &Counts, win: Kind, shapes: &mut WaitShapes) {
    for perm in KNITTED_PERMUTATIONS {
        let kinds = knitted_kinds(perm);
        if kinds.iter().any(|&k| done.0[k] == 0) {
            continue;
        }
        let mut rest = *done;
        for &k in &kinds {
            rest.0[k] -= 1;
        }
        let mut found = false;
        for_each_decomposition(&rest, |_| found = true);
        if !found {
            continue;
        }
        if kinds.contains(&win.index()) {
            shapes.insert(WaitShape::Irregular);
        }
        if rest.get(win) > 0 {
            regular_shapes(&rest, win, shapes);
        }
    }
}

fn is_seven_pairs(done: &Counts, forms: FormSet) -> bool {
    if done.total() != 14 {
        return false;
    }
    let quads = forms.quads_as_two_pairs();
    let pairs: u32 = done
        .0
        .iter()
        .map(|&c| match c {
            2 => 1,
            4 if quads => 2,
            0 => 0,
            _ => 9,
        })
        .sum();
    pairs == 7
}

fn is_thirteen_orphans(done: &Counts) -> bool {
    done.total() == 14
        && Kind::ORPHANS.iter().all(|&k| done.get(k) >= 1)
        && Kind::ORPHANS.iter().map(|&k| done.get(k) as u32).sum::<u32>() == 14
}

fn is_honors_knitted(done: &Counts) -> bool {
    if done.total() != 14 || done.0.iter().any(|&c| c > 1) {
        return false;
    }
    KNITTED_PERMUTATIONS.iter().any(|&perm| {
        let kinds = knitted_kinds(perm);
        (0..27).all(|k| done.0[k] == 0 || kinds.contains(&k))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shapes(s: &str, melds: u8, forms: FormSet) -> Vec<String> {
        let counts: Counts = s.parse().unwrap();
        wait_shapes(&counts, melds, forms).iter().map(|(k, s)| format!("{k} {s}")).collect()
    }

    #[test]
    fn meld_shapes() {
        assert_eq!(shapes("13m456p789s11z999p", 0, FormSet::RIICHI), ["2m closed"]);
        assert_eq!(shapes("12m456p789s11z999p", 0, FormSet::RIICHI), ["3m edge"]);
        assert_eq!(shapes("89m456p789s11z999p", 0, FormSet::RIICHI), ["7m edge"]);
        assert_eq!(
            shapes("55m456p789s11z999p", 0, FormSet::RIICHI),
            ["5m double-pair", "1z double-pair"]
        );
        assert_eq!(shapes("5m456p789s123z999p", 0, FormSet::REGULAR), Vec::<String>::new());
        assert_eq!(shapes("5m", 4, FormSet::RIICHI), ["5m single"]);
        assert_eq!(shapes("2345m", 3, FormSet::RIICHI), ["2m single", "5m single"]);
        // 1112m: 1m-2m single+... 12m 11m: 3m edge; 111m 2m: 2m single.
        assert_eq!(shapes("1112m", 3, FormSet::RIICHI), ["2m single", "3m edge"]);
    }

    #[test]
    fn special_forms() {
        assert_eq!(shapes("1122m3344p5566s7z", 0, FormSet::RIICHI), ["7z single"]);
        assert_eq!(shapes("19m19p19s1234567z", 0, FormSet::RIICHI).len(), 13);
        assert!(shapes("19m19p19s1234567z", 0, FormSet::RIICHI)
            .iter()
            .all(|s| s.ends_with("irregular")));
        // Knitted straight 147m258p369s + 11z + 45m: 3m/6m two-sided.
        assert_eq!(shapes("147m258p369s45m11z", 0, FormSet::MCR), ["3m two-sided", "6m two-sided"]);
        // Missing 9s from the knitted part: 9s irregular.
        assert_eq!(shapes("147m258p36s456m11z", 0, FormSet::MCR), ["9s irregular"]);
    }
}
