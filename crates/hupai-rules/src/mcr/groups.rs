//! Fans made by groups of packs: chows (一般高, 喜相逢, 连六, 老少副, 三步高, 三同顺, 龙, ...),
//! pungs (双同刻, 三节高, 三风刻, 大三元, ...) and kongs with concealed pungs (明杠, 暗杠,
//! 三杠, 双暗刻, ...), with the account-once and non-identical principles for chows.

use super::fans::{Fan, FanTable};
use super::shapes::{Pack, PackKind};
use super::tiles::{self, Code, EAST, GREEN, RED, WHITE};

const SOUTH: Code = EAST + 1;
const WEST: Code = EAST + 2;
const NORTH: Code = EAST + 3;

fn shifted_1(r0: u8, r1: u8, r2: u8) -> bool {
    r0 + 1 == r1 && r1 + 1 == r2
}

fn shifted_2(r0: u8, r1: u8, r2: u8) -> bool {
    r0 + 2 == r1 && r1 + 2 == r2
}

fn mixed(s0: u8, s1: u8, s2: u8) -> bool {
    s0 != s1 && s0 != s2 && s1 != s2
}

/// Whether some order of the three ranks is consecutive: three different ranks two apart at
/// most.
fn shifted_1_unordered(r0: u8, r1: u8, r2: u8) -> bool {
    let (lo, hi) = (r0.min(r1).min(r2), r0.max(r1).max(r2));
    hi - lo == 2 && r0 != r1 && r0 != r2 && r1 != r2
}

/// Four chows (middle tiles, sorted).
fn four_chows_fan(t: [Code; 4]) -> Option<Fan> {
    let [t0, t1, t2, t3] = t;
    if (t0 + 2 == t1 && t1 + 2 == t2 && t2 + 2 == t3)
        || (t0 + 1 == t1 && t1 + 1 == t2 && t2 + 1 == t3)
    {
        return Some(Fan::FourPureShiftedChows);
    }
    if t0 == t1 && t0 == t2 && t0 == t3 {
        return Some(Fan::QuadrupleChow);
    }
    None
}

/// Three chows (middle tiles, sorted).
fn three_chows_fan(t0: Code, t1: Code, t2: Code) -> Option<Fan> {
    let (s0, s1, s2) = (tiles::suit(t0), tiles::suit(t1), tiles::suit(t2));
    let (r0, r1, r2) = (tiles::rank(t0), tiles::rank(t1), tiles::rank(t2));
    if mixed(s0, s1, s2) {
        if shifted_1_unordered(r1, r0, r2) {
            return Some(Fan::MixedShiftedChows);
        }
        if r0 == r1 && r1 == r2 {
            return Some(Fan::MixedTripleChow);
        }
        let (lo, hi) = (r0.min(r1).min(r2), r0.max(r1).max(r2));
        if lo == 2 && hi == 8 && r0 + r1 + r2 == 15 {
            return Some(Fan::MixedStraight);
        }
    } else {
        if t0 + 3 == t1 && t1 + 3 == t2 {
            return Some(Fan::PureStraight);
        }
        if shifted_2(t0, t1, t2) || shifted_1(t0, t1, t2) {
            return Some(Fan::PureShiftedChows);
        }
        if t0 == t1 && t0 == t2 {
            return Some(Fan::PureTripleChow);
        }
    }
    None
}

/// Two chows, in either order.
fn two_chows_fan(t0: Code, t1: Code) -> Option<Fan> {
    if tiles::suit(t0) != tiles::suit(t1) {
        if tiles::rank(t0) == tiles::rank(t1) {
            return Some(Fan::MixedDoubleChow);
        }
    } else {
        if t0 + 3 == t1 || t1 + 3 == t0 {
            return Some(Fan::ShortStraight);
        }
        let (r0, r1) = (tiles::rank(t0), tiles::rank(t1));
        if (r0 == 2 && r1 == 8) || (r0 == 8 && r1 == 2) {
            return Some(Fan::TwoTerminalChows);
        }
        if t0 == t1 {
            return Some(Fan::PureDoubleChow);
        }
    }
    None
}

/// When three chows make a fan, the fourth may add at most one two-chow fan.
fn extra_chow_fan(t0: Code, t1: Code, t2: Code, extra: Code) -> Option<Fan> {
    let f = [two_chows_fan(t0, extra), two_chows_fan(t1, extra), two_chows_fan(t2, extra)];
    [Fan::PureDoubleChow, Fan::MixedDoubleChow, Fan::ShortStraight, Fan::TwoTerminalChows]
        .into_iter()
        .find(|&want| f.contains(&Some(want)))
}

/// The index of a two-chow fan among the four the exclusion works on.
fn two_chow_slot(fan: Fan) -> usize {
    match fan {
        Fan::PureDoubleChow => 0,
        Fan::MixedDoubleChow => 1,
        Fan::ShortStraight => 2,
        _ => 3,
    }
}

/// Account-once / non-identical: keep at most `max_cnt` of the pairwise chow fans, dropping
/// repeats first, from the lowest fans (老少副) up.
fn exclusionary(all: &[Option<Fan>], max_cnt: usize, table: &mut FanTable) {
    let mut count = [0u8; 4];
    let mut cnt = 0usize;
    for f in all.iter().flatten() {
        cnt += 1;
        count[two_chow_slot(*f)] += 1;
    }
    let mut limit: i32 = 1;
    while cnt > max_cnt && limit >= 0 {
        let mut idx = 4;
        while cnt > max_cnt && idx > 0 {
            idx -= 1;
            while i32::from(count[idx]) > limit && cnt > max_cnt {
                count[idx] -= 1;
                cnt -= 1;
            }
        }
        limit -= 1;
    }
    table.set(Fan::PureDoubleChow, count[0]);
    table.set(Fan::MixedDoubleChow, count[1]);
    table.set(Fan::ShortStraight, count[2]);
    table.set(Fan::TwoTerminalChows, count[3]);
}

/// Four chows (middle tiles, sorted).
pub(crate) fn four_chows(t: [Code; 4], table: &mut FanTable) {
    if let Some(f) = four_chows_fan(t) {
        table.put(f);
        return;
    }
    for (a, b, c, d) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_chows_fan(t[a], t[b], t[c]) {
            table.put(f);
            if let Some(f) = extra_chow_fan(t[a], t[b], t[c], t[d]) {
                table.put(f);
            }
            return;
        }
    }
    let all = [
        two_chows_fan(t[0], t[1]),
        two_chows_fan(t[0], t[2]),
        two_chows_fan(t[0], t[3]),
        two_chows_fan(t[1], t[2]),
        two_chows_fan(t[1], t[3]),
        two_chows_fan(t[2], t[3]),
    ];
    let mut max_cnt: i32 = 3;
    for (x, y, z) in [(0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)] {
        if all[x].is_none() && all[y].is_none() && all[z].is_none() {
            max_cnt -= 1;
        }
    }
    if max_cnt > 0 {
        exclusionary(&all, max_cnt as usize, table);
    }
}

/// Three chows (middle tiles, sorted).
pub(crate) fn three_chows(t: [Code; 3], table: &mut FanTable) {
    if let Some(f) = three_chows_fan(t[0], t[1], t[2]) {
        table.put(f);
        return;
    }
    let all = [two_chows_fan(t[0], t[1]), two_chows_fan(t[0], t[2]), two_chows_fan(t[1], t[2])];
    exclusionary(&all, 2, table);
}

/// Two chows.
pub(crate) fn two_chows(t0: Code, t1: Code, table: &mut FanTable) {
    if let Some(f) = two_chows_fan(t0, t1) {
        table.inc(f);
    }
}

fn four_pungs_fan(t: [Code; 4]) -> Option<Fan> {
    let [t0, t1, t2, t3] = t;
    if tiles::is_numbered(t0) && t0 + 1 == t1 && t1 + 1 == t2 && t2 + 1 == t3 {
        return Some(Fan::FourPureShiftedPungs);
    }
    if t0 == EAST && t1 == SOUTH && t2 == WEST && t3 == NORTH {
        return Some(Fan::BigFourWinds);
    }
    None
}

fn three_pungs_fan(t0: Code, t1: Code, t2: Code) -> Option<Fan> {
    if tiles::is_numbered(t0) && tiles::is_numbered(t1) && tiles::is_numbered(t2) {
        let (s0, s1, s2) = (tiles::suit(t0), tiles::suit(t1), tiles::suit(t2));
        let (r0, r1, r2) = (tiles::rank(t0), tiles::rank(t1), tiles::rank(t2));
        if mixed(s0, s1, s2) {
            if shifted_1_unordered(r1, r0, r2) {
                return Some(Fan::MixedShiftedPungs);
            }
            if r0 == r1 && r1 == r2 {
                return Some(Fan::TriplePung);
            }
        } else if t0 + 1 == t1 && t1 + 1 == t2 {
            return Some(Fan::PureShiftedPungs);
        }
    } else {
        if matches!(
            (t0, t1, t2),
            (EAST, SOUTH, WEST) | (EAST, SOUTH, NORTH) | (EAST, WEST, NORTH) | (SOUTH, WEST, NORTH)
        ) {
            return Some(Fan::BigThreeWinds);
        }
        if (t0, t1, t2) == (RED, GREEN, WHITE) {
            return Some(Fan::BigThreeDragons);
        }
    }
    None
}

fn two_pungs_fan(t0: Code, t1: Code) -> Option<Fan> {
    if tiles::is_numbered(t0) && tiles::is_numbered(t1) {
        if tiles::rank(t0) == tiles::rank(t1) {
            return Some(Fan::DoublePung);
        }
    } else if tiles::is_dragon(t0) && tiles::is_dragon(t1) {
        return Some(Fan::TwoDragonsPungs);
    }
    None
}

/// Four pungs or kongs (tiles, sorted).
pub(crate) fn four_pungs(t: [Code; 4], table: &mut FanTable) {
    if let Some(f) = four_pungs_fan(t) {
        table.put(f);
        return;
    }
    for (a, b, c, free) in [(0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)] {
        if let Some(f) = three_pungs_fan(t[a], t[b], t[c]) {
            table.put(f);
            for i in 0..4 {
                if i == free {
                    continue;
                }
                if let Some(f) = two_pungs_fan(t[i], t[free]) {
                    table.inc(f);
                    break;
                }
            }
            return;
        }
    }
    for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        if let Some(f) = two_pungs_fan(t[a], t[b]) {
            table.inc(f);
        }
    }
}

/// Three pungs or kongs (tiles, sorted).
pub(crate) fn three_pungs(t: [Code; 3], table: &mut FanTable) {
    if let Some(f) = three_pungs_fan(t[0], t[1], t[2]) {
        table.put(f);
        return;
    }
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if let Some(f) = two_pungs_fan(t[a], t[b]) {
            table.inc(f);
        }
    }
}

/// Two pungs or kongs.
pub(crate) fn two_pungs(t0: Code, t1: Code, table: &mut FanTable) {
    if let Some(f) = two_pungs_fan(t0, t1) {
        table.inc(f);
    }
}

/// Kongs and concealed pungs, All Pungs, and the per-pung fans (箭刻, 幺九刻).
pub(crate) fn kongs(pungs: &[Pack], table: &mut FanTable) {
    let (mut melded_kongs, mut concealed_kongs, mut concealed_pungs) = (0, 0, 0);
    let (mut dragons, mut orphans) = (0u8, 0u8);
    for p in pungs {
        let kong = p.kind == PackKind::Kong;
        melded_kongs += i32::from(p.melded && kong);
        concealed_kongs += i32::from(!p.melded && kong);
        concealed_pungs += i32::from(!p.melded && !kong);
        let class = PUNG_CLASS[usize::from(p.tile) % tiles::TABLE_LEN];
        dragons += class & 1;
        orphans += class >> 1;
    }
    let concealed_fan = |n: i32, table: &mut FanTable| match n {
        2 => table.put(Fan::TwoConcealedPungs),
        3 => table.put(Fan::ThreeConcealedPungs),
        4 => table.put(Fan::FourConcealedPungs),
        _ => {}
    };
    match melded_kongs + concealed_kongs {
        0 => concealed_fan(concealed_pungs, table),
        1 => {
            if melded_kongs == 1 {
                table.put(Fan::MeldedKong);
                if concealed_pungs < 4 {
                    concealed_fan(concealed_pungs, table);
                }
            } else {
                table.put(Fan::ConcealedKong);
                concealed_fan(concealed_pungs + 1, table);
            }
        }
        2 => match concealed_kongs {
            0 => {
                table.put(Fan::TwoMeldedKongs);
                if concealed_pungs == 2 {
                    table.put(Fan::TwoConcealedPungs);
                }
            }
            1 => {
                table.put(Fan::ConcealedKongAndMeldedKong);
                concealed_fan(concealed_pungs + 1, table);
            }
            _ => {
                table.put(Fan::TwoConcealedKongs);
                if concealed_pungs > 0 {
                    concealed_fan(concealed_pungs + 2, table);
                }
            }
        },
        3 => {
            table.put(Fan::ThreeKongs);
            match concealed_kongs {
                1 if concealed_pungs > 0 => table.put(Fan::TwoConcealedPungs),
                2 => concealed_fan(2 + concealed_pungs.min(1), table),
                3 => concealed_fan(3 + concealed_pungs.min(1), table),
                _ => {}
            }
        }
        _ => {
            table.put(Fan::FourKongs);
            concealed_fan(concealed_kongs, table);
        }
    }
    if pungs.len() == 4 && !table.has(Fan::FourKongs) && !table.has(Fan::FourConcealedPungs) {
        table.put(Fan::AllPungs);
    }
    // 箭刻 for each dragon pung, 幺九刻 for each terminal or wind pung.
    if dragons > 0 {
        table.set(Fan::DragonPung, table.get(Fan::DragonPung) + dragons);
    }
    if orphans > 0 {
        table.set(Fan::PungOfTerminalsOrHonors, table.get(Fan::PungOfTerminalsOrHonors) + orphans);
    }
}

/// What a pung of each code counts: 1 a dragon (箭刻), 2 a terminal or a wind (幺九刻).
const PUNG_CLASS: [u8; tiles::TABLE_LEN] = {
    let mut class = [0u8; tiles::TABLE_LEN];
    let mut c = 0;
    while c < tiles::TABLE_LEN {
        let code = c as Code;
        if tiles::is_dragon(code) {
            class[c] = 1;
        } else if tiles::is_terminal(code) || tiles::is_wind(code) {
            class[c] = 2;
        }
        c += 1;
    }
    class
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifted_in_any_order_is_every_permutation() {
        let permutations = |r0: u8, r1: u8, r2: u8| {
            shifted_1(r1, r0, r2)
                || shifted_1(r2, r0, r1)
                || shifted_1(r0, r1, r2)
                || shifted_1(r2, r1, r0)
                || shifted_1(r0, r2, r1)
                || shifted_1(r1, r2, r0)
        };
        for r0 in 1..=9 {
            for r1 in 1..=9 {
                for r2 in 1..=9 {
                    assert_eq!(shifted_1_unordered(r0, r1, r2), permutations(r0, r1, r2));
                }
            }
        }
    }
}
