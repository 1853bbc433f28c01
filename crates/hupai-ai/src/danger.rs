//! The danger model: how likely a discard deals in to one opponent who is ready, and how
//! threatening each opponent is.
//!
//! A kind is safe against a seat when that seat discarded it (genbutsu: furiten) or let it
//! pass since its riichi. Otherwise the waits that could take it are weighed: two-sided waits
//! (ruled out by suji, the tile three away being safe, and by kabe, a neighbour whose four
//! copies are visible; halved by one-chance, three visible), closed and edge waits, double-pair
//! and single waits (by the copies still unseen). Honours are judged by the copies visible.
//!
//! ```
//! use hupai_ai::danger::{Danger, TableRead};
//! use hupai_core::{Counts, Kind, KindSet};
//! let read = TableRead { seen: Counts::EMPTY, genbutsu: KindSet::EMPTY };
//! let five = Kind::new(4).unwrap();
//! let one = Kind::new(0).unwrap();
//! assert!(Danger::of(&read, five) > Danger::of(&read, one));
//! ```

use hupai_core::{Counts, Kind, KindSet};
use hupai_engine::PlayerView;

use crate::situation::Situation;

/// What the danger of a kind against one opponent depends on.
#[derive(Clone, Copy, Debug)]
pub struct TableRead {
    /// Copies of each kind the seat can see (own hand and the table).
    pub seen: Counts,
    /// Kinds the opponent cannot win on (its discards, tiles passed since its riichi).
    pub genbutsu: KindSet,
}

/// Danger of a discard: the chance it deals in if the opponent is ready (0..1).
#[derive(Clone, Copy, Debug)]
pub struct Danger;

/// Weight of one open two-sided wait.
const TWO_SIDED: f32 = 0.045;
/// Weight of a closed or edge wait.
const CLOSED: f32 = 0.02;
/// Weight of a double-pair wait per unseen copy beyond the first.
const DOUBLE_PAIR: f32 = 0.012;
/// Weight of a single wait.
const SINGLE: f32 = 0.008;

impl Danger {
    /// The danger of discarding `kind` against an opponent read as `read`.
    pub fn of(read: &TableRead, kind: Kind) -> f32 {
        if read.genbutsu.contains(kind) {
            return 0.0;
        }
        let unseen = 4u8.saturating_sub(read.seen[kind]) as f32;
        // Pair-based waits: the opponent holds two (double pair) or one (single) of the rest.
        let pairs =
            DOUBLE_PAIR * (unseen - 1.0).max(0.0) + if unseen >= 1.0 { SINGLE } else { 0.0 };
        if kind.is_honor() {
            return pairs * 1.5;
        }
        let n = kind.number() as i8; // 1..=9
        let at = |d: i8| kind.offset(d);
        // How open a neighbour is: 0 when all four copies are visible (no-chance), 0.5 with
        // three (one-chance), else 1.
        let open = |k: Option<Kind>| -> f32 {
            match k.map(|k| read.seen[k]) {
                None => 0.0,
                Some(4) => 0.0,
                Some(3) => 0.5,
                Some(_) => 1.0,
            }
        };
        let safe = |k: Option<Kind>| k.is_some_and(|k| read.genbutsu.contains(k));
        let mut d = pairs;
        // Two-sided wait from (n+1, n+2), also waiting on n+3.
        if n <= 6 && !safe(at(3)) {
            d += TWO_SIDED * open(at(1)).min(open(at(2)));
        }
        // Two-sided wait from (n-2, n-1), also waiting on n-3.
        if n >= 4 && !safe(at(-3)) {
            d += TWO_SIDED * open(at(-1)).min(open(at(-2)));
        }
        // Closed wait (n-1, n+1).
        if (2..=8).contains(&n) {
            d += CLOSED * open(at(-1)).min(open(at(1)));
        }
        // Edge waits: 3 from 12, 7 from 89.
        if n == 3 {
            d += CLOSED * open(at(-1)).min(open(at(-2)));
        }
        if n == 7 {
            d += CLOSED * open(at(1)).min(open(at(2)));
        }
        d
    }
}

/// How dangerous one opponent is: the chance it is ready, and what a deal-in would cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Threat {
    /// The opponent's actor number.
    pub seat: usize,
    /// Estimated chance that it is ready now.
    pub ready: f32,
    /// Estimated points lost on a deal-in.
    pub cost: f32,
    /// What the danger of a tile against it depends on.
    pub genbutsu: KindSet,
}

/// Reads the three opponents' threat from the table: riichi, several calls, dora in calls,
/// and the turn.
pub fn threats(view: &PlayerView, sit: &Situation) -> [Threat; 3] {
    let me = sit.me;
    let turn = view.rivers.iter().map(Vec::len).max().unwrap_or(0) as f32;
    std::array::from_fn(|i| {
        let seat = (me + 1 + i) % 4;
        let melds = view.melds.get(seat).map(Vec::as_slice).unwrap_or(&[]);
        let calls = melds.iter().filter(|m| m.len() == 3 || m.len() == 4).count();
        let dora_shown: u32 = melds
            .iter()
            .flatten()
            .map(|p| p.kind().map_or(0, |k| sit.dora[k.index()] as u32) + p.is_red() as u32)
            .sum();
        let dealer = seat == view.oya as usize % 4;
        let riichi = view.riichi.get(seat).copied().unwrap_or(false);
        let (ready, mut cost) = if riichi {
            (1.0, 5500.0)
        } else {
            let base = match calls {
                0 => 0.01 * turn,
                1 => 0.05 + 0.015 * turn,
                2 => 0.15 + 0.02 * turn,
                _ => 0.5 + 0.03 * turn,
            };
            (base.min(0.9), 2000.0 + 1500.0 * dora_shown as f32)
        };
        if riichi {
            cost += 1500.0 * dora_shown as f32;
        }
        if dealer {
            cost *= 1.5;
        }
        match sit.family {
            // MCR: the discarder pays the winner's fans on top of the 8 everyone pays.
            hupai_rules::Family::Mcr => cost = 14.0,
            // General Chinese rules: the discarder pays the fans.
            hupai_rules::Family::Chinese => cost = 6.0,
            hupai_rules::Family::Riichi => {}
        }
        let genbutsu = view
            .discarded
            .get(seat)
            .copied()
            .unwrap_or_default()
            .union(view.passed_since_riichi.get(seat).copied().unwrap_or_default());
        Threat { seat, ready, cost, genbutsu }
    })
}

/// Expected points lost by discarding `kind` (danger × readiness × cost, over the opponents).
pub fn expected_loss(sit: &Situation, threats: &[Threat; 3], kind: Kind) -> f32 {
    let mut seen = sit.visible;
    for k in Kind::all() {
        seen[k] = (seen[k] + sit.counts[k]).min(4);
    }
    threats
        .iter()
        .map(|t| {
            let read = TableRead { seen, genbutsu: t.genbutsu };
            Danger::of(&read, kind) * t.ready * t.cost
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(s: &str) -> Kind {
        let c: Counts = s.parse().unwrap();
        let k = c.kinds().next().unwrap();
        k
    }

    fn read(seen: &str, genbutsu: &str) -> TableRead {
        let g: Counts = genbutsu.parse().unwrap();
        TableRead { seen: seen.parse().unwrap(), genbutsu: g.kind_set() }
    }

    #[test]
    fn genbutsu_is_safest() {
        let r = read("", "5m");
        assert_eq!(Danger::of(&r, kind("5m")), 0.0);
        for k in Kind::all().filter(|&k| k != kind("5m")) {
            assert!(Danger::of(&r, k) > 0.0, "{k}");
        }
    }

    #[test]
    fn suji_is_safer_than_its_neighbour() {
        // 4m discarded: 1m and 7m are suji, 7m is safer than 8m and 6m; 1m safer than 2m.
        let r = read("", "4m");
        assert!(Danger::of(&r, kind("7m")) < Danger::of(&r, kind("8m")));
        assert!(Danger::of(&r, kind("7m")) < Danger::of(&r, kind("6m")));
        assert!(Danger::of(&r, kind("1m")) < Danger::of(&r, kind("2m")));
        // 1p and 7p discarded: 4p is fully suji, safer than 5p.
        let r = read("", "17p");
        assert!(Danger::of(&r, kind("4p")) < Danger::of(&r, kind("5p")));
    }

    #[test]
    fn honour_with_three_visible_is_safe() {
        let r = read("111z", "");
        let fresh = read("", "");
        assert!(Danger::of(&r, kind("1z")) < 0.02);
        assert!(Danger::of(&r, kind("1z")) < Danger::of(&fresh, kind("1z")));
        let all = read("1111z", "");
        assert_eq!(Danger::of(&all, kind("1z")), 0.0);
    }

    #[test]
    fn kabe_removes_two_sided_waits() {
        // All four 8s visible: 9s can only be taken by single or double-pair waits.
        let r = read("8888s", "");
        assert!(Danger::of(&r, kind("9s")) < Danger::of(&read("", ""), kind("9s")));
        assert!(Danger::of(&r, kind("9s")) < 0.05);
    }
}
