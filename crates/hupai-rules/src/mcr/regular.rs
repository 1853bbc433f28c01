//! Fans of one regular-form reading (four packs and a pair), and the hand facts every reading
//! shares.

use super::fans::{Fan, FanTable};
use super::groups;
use super::shapes::{Pack, PackKind, Packs};
use super::tiles::{self, Code, KindMasks, Kinds, Table};
use super::traits::{self, WinFlags};
use super::waits::{self, Waits};
use hupai_core::{Counts, FormSet, Kind};
use std::cell::Cell;

use super::exclusions;

/// A hand as the MCR scorer sees it.
#[derive(Clone, Debug)]
pub(crate) struct McrHand<'a> {
    /// Declared melds, in declaration order.
    pub(crate) fixed: [Pack; 4],
    /// Number of declared melds.
    pub(crate) fixed_len: usize,
    /// Concealed tiles, win tile included.
    pub(crate) standing: Table,
    /// The concealed tiles as counts by kind, win tile included (what `hupai_core::waits`
    /// reads, less the win tile).
    pub(crate) counts: &'a Counts,
    /// The kinds of the concealed tiles, win tile included.
    pub(crate) concealed: KindMasks,
    /// The kinds of the whole hand (declared melds too).
    pub(crate) all_held: Kinds,
    /// The kinds the whole hand holds four times (a kong among them).
    pub(crate) all_fours: Kinds,
    /// Number of concealed tiles without the win tile (13, 10, 7, 4 or 1).
    pub(crate) standing_before_len: u32,
    /// The win tile.
    pub(crate) win: Code,
    /// The win tile's kind.
    pub(crate) win_tile: Kind,
    /// The win tile's kind bit.
    pub(crate) win_kind: Kinds,
    /// The situation.
    pub(crate) flags: WinFlags,
    /// Prevalent wind, 0..4 = E S W N.
    pub(crate) prevalent: u8,
    /// Seat wind, 0..4 = E S W N.
    pub(crate) seat: u8,
}

impl McrHand<'_> {
    /// The declared melds.
    pub(crate) fn fixed(&self) -> &[Pack] {
        &self.fixed[..self.fixed_len]
    }

    /// Whether this is the dealer's first-turn self-drawn win (heavenly hand): the fourteen tiles
    /// were dealt, so there is no wait and no Nine Gates.
    pub(crate) fn heavenly(&self) -> bool {
        self.flags.initial && self.flags.self_drawn && self.seat == 0 && self.fixed_len == 0
    }
}

/// What every regular reading of a hand shares: the fans of its tiles, and its waits.
pub(crate) struct Shared {
    /// The fans every reading counts: the win situation's, Nine Gates, the concealment fans
    /// (by the declared melds) and the whole hand's tiles' (suits, tile sets, ranges, Tile
    /// Hog). Each reading starts from them (no rule of a reading reads one of them before
    /// the exclusions, so when they are counted does not matter).
    pub(crate) base: FanTable,
    /// Whether the wait fans apply (not a heavenly hand, a melded hand or four kongs).
    pub(crate) waits_apply: bool,
    /// Waits (regular form, plus seven pairs when nothing is declared, at most two), computed
    /// when a reading first needs them.
    waits: Cell<Option<Waits>>,
}

impl Shared {
    pub(crate) fn new(hand: &McrHand<'_>) -> Shared {
        let kongs = hand.fixed().iter().filter(|p| p.kind == PackKind::Kong).count();
        let kinds = hand.all_held;
        let mut base = FanTable::EMPTY;
        traits::win_flags(hand.flags, &mut base);
        traits::suits(kinds, &mut base);
        traits::tile_traits(kinds, &mut base);
        traits::rank_range(kinds, &mut base);
        let fours = hand.all_fours.count_ones() as usize;
        base.set(Fan::TileHog, fours.wrapping_sub(kongs) as u8);
        let melded_count = hand.fixed().iter().filter(|p| p.melded).count();
        let self_drawn = hand.flags.self_drawn;
        match melded_count {
            0 => base.put(if self_drawn { Fan::FullyConcealedHand } else { Fan::ConcealedHand }),
            4 => base.put(if self_drawn { Fan::SelfDrawn } else { Fan::MeldedHand }),
            _ if self_drawn => base.put(Fan::SelfDrawn),
            _ => {}
        }
        let four_kongs =
            hand.fixed_len == 4 && hand.fixed().iter().all(|p| p.kind == PackKind::Kong);
        let melded_hand = melded_count == 4 && !self_drawn;
        let waits_apply = !(hand.heavenly() || melded_hand || four_kongs);
        if !hand.heavenly()
            && hand.standing_before_len == 13
            && is_nine_gates(&hand.standing, hand.win)
        {
            base.put(Fan::NineGates);
        }
        Shared { base, waits_apply, waits: Cell::new(None) }
    }
}

impl Shared {
    /// The hand's waits (at most two are looked for).
    pub(crate) fn waits(&self, hand: &McrHand<'_>) -> Waits {
        if let Some(w) = self.waits.get() {
            return w;
        }
        // The core's table-driven waits leave out a kind held four times (no fifth copy can
        // be drawn), which the reference counts as a wait: such hands take the search.
        let w = if hand.concealed.fours & !hand.win_kind == 0 {
            let mut before = *hand.counts;
            before.remove(hand.win_tile);
            let mut kinds =
                hupai_core::waits(&before, hand.fixed_len as u8, FormSet::REGULAR).bits();
            // Seven pairs wait on the one kind held an odd number of times (quads are two pairs).
            let odd = hand.concealed.odd ^ hand.win_kind;
            if kinds != 0 && hand.fixed_len == 0 && odd.count_ones() == 1 {
                kinds |= odd;
            }
            Waits::of_kinds(kinds)
        } else {
            let mut standing_before = hand.standing;
            standing_before[hand.win as usize] -= 1;
            let mut w = waits::regular_waits(&standing_before, 2, Some(tiles::suit(hand.win)));
            if w.count() > 0 && hand.fixed_len == 0 {
                w.0 |= waits::seven_pairs_wait(&standing_before).0;
            }
            w
        };
        self.waits.set(Some(w));
        w
    }
}

/// Whether the concealed tiles `t` less the win tile `win` are 1112345678999 of one suit.
fn is_nine_gates(t: &Table, win: Code) -> bool {
    let before = |i: usize| t[i] - u8::from(i == usize::from(win));
    [0x10usize, 0x20, 0x30]
        .into_iter()
        .any(|s| before(s + 1) == 3 && before(s + 9) == 3 && (s + 2..s + 9).all(|i| before(i) == 1))
}

fn is_three_suited_terminal_chows(chows: &[Pack], pair: Code) -> bool {
    if !tiles::is_numbered(pair) || tiles::rank(pair) != 5 {
        return false;
    }
    let ps = tiles::suit(pair);
    let mut low = [0u8; 4];
    let mut high = [0u8; 4];
    for c in chows {
        let s = tiles::suit(c.tile) as usize;
        if s as u8 == ps {
            return false;
        }
        match tiles::rank(c.tile) {
            2 => low[s] += 1,
            8 => high[s] += 1,
            _ => return false,
        }
    }
    (1..4).filter(|&s| s as u8 != ps).all(|s| low[s] > 0 && high[s] > 0)
}

fn is_pure_terminal_chows(chows: &[Pack], pair: Code) -> bool {
    if !tiles::is_numbered(pair) || tiles::rank(pair) != 5 {
        return false;
    }
    let (mut low, mut high) = (0, 0);
    for c in chows {
        if tiles::suit(c.tile) != tiles::suit(pair) {
            return false;
        }
        match tiles::rank(c.tile) {
            2 => low += 1,
            8 => high += 1,
            _ => return false,
        }
    }
    low == 2 && high == 2
}

/// The fans of one reading `packs` (declared melds first, pair last).
pub(crate) fn reading_fans(packs: &Packs, hand: &McrHand<'_>, shared: &Shared) -> FanTable {
    let mut table = shared.base;
    let mut chows = [packs[0]; 4];
    let mut pungs = [packs[0]; 4];
    let (mut nc, mut np) = (0, 0);
    for p in &packs[..4] {
        if p.kind == PackKind::Chow {
            chows[nc] = *p;
            nc += 1;
        } else {
            pungs[np] = *p;
            np += 1;
        }
    }
    let pair = packs[4].tile;
    let win = hand.win;

    // On a discard, a concealed pung that the win tile completed counts as melded, unless the
    // win tile can be read as part of a concealed chow.
    if !hand.flags.self_drawn
        && !chows[..nc]
            .iter()
            .any(|c| !c.melded && (c.tile - 1 == win || c.tile == win || c.tile + 1 == win))
    {
        for p in &mut pungs[..np] {
            if p.tile == win && !p.melded {
                p.melded = true;
            }
        }
    }
    if np > 0 {
        groups::kongs(&pungs[..np], &mut table);
    }
    match nc {
        4 => {
            if is_three_suited_terminal_chows(&chows, pair) {
                table.put(Fan::ThreeSuitedTerminalChows);
            } else if is_pure_terminal_chows(&chows, pair) {
                table.put(Fan::PureTerminalChows);
            } else {
                let mut m = [chows[0].tile, chows[1].tile, chows[2].tile, chows[3].tile];
                m.sort_unstable();
                groups::four_chows(m, &mut table);
            }
        }
        3 => {
            let mut m = [chows[0].tile, chows[1].tile, chows[2].tile];
            m.sort_unstable();
            groups::three_chows(m, &mut table);
        }
        2 => {
            groups::two_chows(chows[0].tile, chows[1].tile, &mut table);
            groups::two_pungs(pungs[0].tile, pungs[1].tile, &mut table);
        }
        1 => {
            let mut m = [pungs[0].tile, pungs[1].tile, pungs[2].tile];
            m.sort_unstable();
            groups::three_pungs(m, &mut table);
        }
        _ => {
            let mut m = [pungs[0].tile, pungs[1].tile, pungs[2].tile, pungs[3].tile];
            m.sort_unstable();
            groups::four_pungs(m, &mut table);
        }
    }
    pair_fans(pair, nc, &mut table);
    traits::pack_traits(packs, &mut table);
    if shared.waits_apply {
        wait_fans(&packs[hand.fixed_len..], || shared.waits(hand), win, &mut table);
    }
    exclusions::apply(&mut table);
    if !table.has(Fan::BigFourWinds) {
        for p in &pungs[..np] {
            if tiles::is_wind(p.tile) {
                traits::winds(p.tile, hand.prevalent, hand.seat, &mut table);
            }
        }
    }
    if table.is_empty() {
        table.put(Fan::ChickenHand);
    }
    table
}

/// All Chows, Little Three Dragons, Little Four Winds: fans the pair completes.
fn pair_fans(pair: Code, chow_count: usize, table: &mut FanTable) {
    if chow_count == 4 {
        if tiles::is_numbered(pair) {
            table.put(Fan::AllChows);
        }
        return;
    }
    if table.has(Fan::TwoDragonsPungs) {
        if tiles::is_dragon(pair) {
            table.put(Fan::LittleThreeDragons);
            table.clear(Fan::TwoDragonsPungs);
        }
        return;
    }
    if table.has(Fan::BigThreeWinds) && tiles::is_wind(pair) {
        table.put(Fan::LittleFourWinds);
        table.clear(Fan::BigThreeWinds);
    }
}

/// Edge, closed or single wait, when the hand waits on exactly one tile (`waits` is asked only
/// when the win tile is in a concealed chow or the pair).
///
/// Some readings show a second wait by themselves, and then `waits` is not asked: a concealed
/// chow the win tile ends on its open side (`23` won on `1` also waits on `4`: the same reading
/// with `234`), a concealed pung of the win tile beside the pair (`11 22` waits on both), or
/// the win tile as the pair beside a concealed chow that ends next to it (`1234` won on `4`
/// also waits on `1`: `11 234`) or a concealed pung one or two ranks away (`1113` won on `3`
/// also waits on `2`: `11 123`; `1112` won on `2` also waits on `3`: `11 123`). Such a tile
/// completes the concealed tiles, so it is among the waits either way (the reference counts a
/// wait even on a tile held four times), and the hand waits on two tiles or more: no wait fan.
pub(crate) fn wait_fans(
    concealed: &[Pack],
    waits: impl FnOnce() -> Waits,
    win: Code,
    table: &mut FanTable,
) {
    if table.has(Fan::MeldedHand) || table.has(Fan::FourKongs) {
        return;
    }
    let Some(flag) = wait_shape(concealed, win) else { return };
    if flag == 0 || waits().count() != 1 {
        return;
    }
    if flag & 1 != 0 {
        table.put(Fan::EdgeWait);
    } else if flag & 2 != 0 {
        table.put(Fan::ClosedWait);
    } else {
        table.put(Fan::SingleWait);
    }
}

/// Where the reading puts the win tile among the concealed packs: bit 0 at the end of a chow,
/// bit 1 in the middle of one, bit 2 the pair; `None` when the reading shows a second wait
/// (see [`wait_fans`]).
fn wait_shape(concealed: &[Pack], win: Code) -> Option<u8> {
    let mut flag = 0u8;
    // A concealed pack beside the win tile that makes a second wait when the win tile is the
    // pair.
    let mut beside = false;
    for p in concealed {
        match p.kind {
            PackKind::Chow => {
                beside |= p.tile + 2 == win || p.tile == win + 2;
                if p.tile == win {
                    flag |= 2;
                } else if p.tile + 1 == win {
                    // Won on the high end: the chow below also completes it (rank 1 or more).
                    if tiles::rank(p.tile) >= 3 {
                        return None;
                    }
                    flag |= 1;
                } else if p.tile - 1 == win {
                    // Won on the low end: the chow above also completes it (rank 9 or less).
                    if tiles::rank(p.tile) <= 7 {
                        return None;
                    }
                    flag |= 1;
                }
            }
            PackKind::Pung if p.tile == win => return None,
            PackKind::Pung if tiles::is_numbered(win) => {
                // Two ranks away, or one with a rank on the far side of the win tile.
                beside |= p.tile + 2 == win
                    || p.tile == win + 2
                    || (p.tile + 1 == win && tiles::rank(win) <= 8)
                    || (p.tile == win + 1 && tiles::rank(win) >= 2);
            }
            PackKind::Pair if p.tile == win => flag |= 4,
            _ => {}
        }
    }
    if flag & 4 != 0 && beside {
        return None;
    }
    Some(flag)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcr::shapes::divide;
    use crate::mcr::shapes::Divisions;
    use crate::mcr::shapes::MAX_DIVISIONS;

    /// Whenever a reading is said to show a second wait, the waits' search finds two or more
    /// (over random closed hands, every tile as the win tile, every reading).
    #[test]
    fn a_second_wait_shown_is_a_second_wait() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut shown, mut readings) = (0, 0);
        for _ in 0..20_000 {
            let mut hand: Table = [0; tiles::TABLE_LEN];
            for _ in 0..4 {
                if next(2) == 0 {
                    let start = 0x11 + 16 * next(3) as usize + next(7) as usize;
                    for n in &mut hand[start..start + 3] {
                        *n += 1;
                    }
                } else {
                    hand[usize::from(tiles::ALL[next(34) as usize])] += 3;
                }
            }
            hand[usize::from(tiles::ALL[next(34) as usize])] += 2;
            if hand.iter().any(|&n| n > 4) {
                continue;
            }
            for &win in &tiles::ALL {
                if hand[usize::from(win)] == 0 {
                    continue;
                }
                let mut before = hand;
                before[usize::from(win)] -= 1;
                let mut divisions = Divisions {
                    list: [[Pack::new(PackKind::Pair, 0, false); 5]; MAX_DIVISIONS],
                    len: 0,
                };
                divide(&hand, &[], &mut divisions);
                for packs in &divisions.list[..divisions.len] {
                    readings += 1;
                    if wait_shape(packs, win).is_none() {
                        shown += 1;
                        let found = waits::regular_waits(&before, 9, None).count();
                        assert!(found >= 2, "{packs:?} won on {win:#x}: {found} wait");
                    }
                }
            }
        }
        // Most readings show one (the test looks at something).
        assert!(shown * 2 > readings, "{shown} of {readings}");
    }
}
