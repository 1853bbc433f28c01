//! The special forms: seven pairs (七对, 连七对), thirteen orphans (十三幺), honours and knitted
//! tiles (全不靠, 七星不靠), and the knitted straight with one pack and a pair (组合龙, with no
//! declared meld or one).

use super::exclusions;
use super::fans::{Fan, FanTable};
use super::groups;
use super::regular::{wait_fans, McrHand};
use super::shapes::{self, Divisions, Pack, PackKind};
use super::tiles::{self, Code, Table, ALL, KNITTED, KNITTED_KINDS, ORPHANS};
use super::traits;
use super::waits;

/// Knitted straight plus one pack and a pair. `None` when the hand is not of that form.
pub(crate) fn knitted_straight(hand: &McrHand<'_>) -> Option<FanTable> {
    if hand.fixed_len > 1 {
        return None;
    }
    let held = hand.concealed.held;
    // Each suit holds 147, 258 or 369 (bits 0, 3, 6 and so on of the suit's nine), or no
    // knitted straight is there.
    let knitted_ranks = |bits: u64| {
        let b = bits & 0x1FF;
        b & 0x49 == 0x49 || b & 0x92 == 0x92 || b & 0x124 == 0x124
    };
    if !(knitted_ranks(held) && knitted_ranks(held >> 9) && knitted_ranks(held >> 18)) {
        return None;
    }
    let seq = &KNITTED[KNITTED_KINDS.iter().position(|&k| held & k == k)?];
    let mut cnt = hand.standing;
    let single_wait = cnt[hand.win as usize] > 1;
    for &t in seq {
        cnt[t as usize] -= 1;
    }
    // The rest reads as one pack (or the declared meld) and a pair, in exactly one way.
    let mut divisions = Divisions { list: [[Pack::new(PackKind::Pair, 0, false); 5]; 20], len: 0 };
    let rest = divide_rest(&cnt, hand.fixed(), &mut divisions)?;
    let pack = rest[3];
    let pair = rest[4];

    let mut table = FanTable::EMPTY;
    table.put(Fan::KnittedStraight);
    if pack.kind == PackKind::Chow {
        if tiles::is_numbered(pair.tile) {
            table.put(Fan::AllChows);
        }
    } else {
        groups::kongs(&[pack], &mut table);
    }
    traits::win_flags(hand.flags, &mut table);
    if hand.fixed_len == 0 || (pack.kind == PackKind::Kong && !pack.melded) {
        table.put(if hand.flags.self_drawn { Fan::FullyConcealedHand } else { Fan::ConcealedHand });
    }
    let mut all = [0u8; 15];
    all[..9].copy_from_slice(seq);
    let mut t: Table = [0; tiles::TABLE_LEN];
    pack.add_to(&mut t);
    pair.add_to(&mut t);
    let n = 9 + shapes::tiles_of(&t, &mut all[9..]);
    traits::suits(tiles::kinds_of(&all[..n]), &mut table);
    traits::tile_hog(&all[..n], &mut table);

    if hand.heavenly() {
        // Dealt, not waited for: no wait fans.
    } else if hand.fixed_len == 0 {
        let rest_tiles = rest_before_win(&cnt, hand.win);
        let mut rest_table: Table = [0; tiles::TABLE_LEN];
        for &c in &rest_tiles {
            rest_table[c as usize] += 1;
        }
        wait_fans(&rest[3..5], || waits::regular_waits(&rest_table, 2, None), hand.win, &mut table);
    } else if single_wait {
        table.put(Fan::SingleWait);
    }
    exclusions::apply(&mut table);
    if tiles::is_wind(pack.tile) && pack.kind != PackKind::Chow {
        traits::winds(pack.tile, hand.prevalent, hand.seat, &mut table);
    }
    Some(table)
}

/// Reads the five (or two) tiles left beside the knitted straight as a pack and a pair.
fn divide_rest(cnt: &Table, fixed: &[Pack], out: &mut Divisions) -> Option<[Pack; 5]> {
    let mut packs = [Pack::new(PackKind::Pair, 0, false); 5];
    if let Some(&meld) = fixed.first() {
        let pair = ALL.iter().find(|&&c| cnt[c as usize] == 2)?;
        let total: u32 = ALL.iter().map(|&c| u32::from(cnt[c as usize])).sum();
        if total != 2 {
            return None;
        }
        packs[3] = meld;
        packs[4] = Pack::new(PackKind::Pair, *pair, false);
        return Some(packs);
    }
    // Three placeholder packs stand for the knitted straight so that one meld is read.
    let placeholder = [Pack::new(PackKind::Chow, 0x12, false); 3];
    shapes::divide(cnt, &placeholder, out);
    if out.len != 1 {
        return None;
    }
    Some(out.list[0])
}

/// The four tiles the reference reads the wait from: the tiles beside the knitted straight
/// without the win tile. When the win tile belongs to the knitted straight only, the
/// reference's count of it wraps below zero and it reads the first four tiles of the rest with
/// the win tile repeated; hupai reproduces that reading.
fn rest_before_win(cnt: &Table, win: Code) -> [Code; 4] {
    let mut out = [0u8; 4];
    let mut n = 0;
    let wrapped = cnt[win as usize] == 0;
    for &c in &ALL {
        let copies = if c == win {
            if wrapped {
                4
            } else {
                cnt[c as usize] - 1
            }
        } else {
            cnt[c as usize]
        };
        for _ in 0..copies {
            if n == 4 {
                return out;
            }
            out[n] = c;
            n += 1;
        }
    }
    out
}

/// Seven pairs, thirteen orphans, honours and knitted tiles, for a hand without declared melds.
/// `sorted` holds the 14 tiles in the reference's order.
pub(crate) fn special_form(
    sorted: &[Code; 14],
    hand: &McrHand<'_>,
    forms: hupai_core::FormSet,
) -> Option<FanTable> {
    use hupai_core::Form;
    let mut table = FanTable::EMPTY;
    let pairs = (0..7).all(|i| sorted[2 * i] == sorted[2 * i + 1])
        && (forms.quads_as_two_pairs() || (0..6).all(|i| sorted[2 * i] != sorted[2 * i + 2]));
    if pairs && forms.contains(Form::SevenPairs) {
        // The hand has no declared meld: its kinds are the concealed tiles' (`sorted`).
        let kinds = hand.concealed.held;
        if tiles::is_numbered(sorted[0]) && (0..6).all(|i| sorted[2 * i] + 1 == sorted[2 * i + 2]) {
            table.put(Fan::SevenShiftedPairs);
            traits::tile_traits(kinds, &mut table);
        } else {
            table.put(Fan::SevenPairs);
            traits::suits(kinds, &mut table);
            traits::tile_traits(kinds, &mut table);
            traits::rank_range(kinds, &mut table);
            // Tile Hog: the kinds held four times (no kong).
            table.set(Fan::TileHog, hand.concealed.fours.count_ones() as u8);
        }
    } else if forms.contains(Form::ThirteenOrphans) && is_thirteen_orphans(sorted) {
        table.put(Fan::ThirteenOrphans);
    } else if !(forms.contains(Form::HonorsAndKnitted) && honors_and_knitted(sorted, &mut table)) {
        return None;
    }
    traits::win_flags(hand.flags, &mut table);
    exclusions::apply(&mut table);
    Some(table)
}

fn is_thirteen_orphans(sorted: &[Code; 14]) -> bool {
    let mut seen = 0u128;
    for &t in sorted {
        if !tiles::is_terminal_or_honor(t) {
            return false;
        }
        seen |= 1u128 << t;
    }
    ORPHANS.iter().all(|&o| seen & (1u128 << o) != 0)
}

fn honors_and_knitted(sorted: &[Code; 14], table: &mut FanTable) -> bool {
    let numbered = sorted.iter().take_while(|&&t| tiles::is_numbered(t)).count();
    if !(7..=9).contains(&numbered) {
        return false;
    }
    let distinct = sorted.windows(2).all(|w| w[0] != w[1]);
    if !distinct {
        return false;
    }
    let nums = &sorted[..numbered];
    if !KNITTED.iter().any(|seq| nums.iter().all(|t| seq.contains(t))) {
        return false;
    }
    if numbered == 7 {
        table.put(Fan::GreaterHonorsAndKnittedTiles);
    } else {
        table.put(Fan::LesserHonorsAndKnittedTiles);
        if numbered == 9 {
            table.put(Fan::KnittedStraight);
        }
    }
    true
}
