//! Fans read from the whole hand's tiles or packs: suits (无字, 缺一门, 混一色, 清一色, 五门齐),
//! tile sets (断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九), rank ranges (大于五, 小于五, 全大,
//! 全中, 全小), 四归一, the outside/five/even pack traits, the win situation and the winds.

use super::fans::{Fan, FanTable};
use super::shapes::{Pack, PackKind};
use super::tiles::{self, Code, Table, ALL, EAST};

/// Suit fans. `tiles` is the whole hand (kongs count four).
pub(crate) fn suits(tiles: &[Code], table: &mut FanTable) {
    let mut flag = 0u8;
    for &t in tiles {
        flag |= 1 << tiles::suit(t);
    }
    if flag & 0xF1 == 0 {
        table.put(Fan::NoHonors);
    }
    let mut voided = 0;
    for mask in [0xE3u8, 0xE5, 0xE9] {
        if flag & mask == 0 {
            voided += 1;
        }
    }
    table.set(Fan::OneVoidedSuit, table.get(Fan::OneVoidedSuit) + voided);
    if table.get(Fan::OneVoidedSuit) == 2 {
        table.clear(Fan::OneVoidedSuit);
        table.put(if flag & 0xF1 != 0 { Fan::HalfFlush } else { Fan::FullFlush });
    }
    if flag == 0x1E
        && tiles.iter().any(|&t| tiles::is_wind(t))
        && tiles.iter().any(|&t| tiles::is_dragon(t))
    {
        table.put(Fan::AllTypes);
    }
}

/// Rank-range fans (only when every tile is a number tile).
pub(crate) fn rank_range(tiles: &[Code], table: &mut FanTable) {
    let mut flag = 0u16;
    for &t in tiles {
        if !tiles::is_numbered(t) {
            return;
        }
        flag |= 1 << tiles::rank(t);
    }
    if flag & 0xFFE1 == 0 {
        table.put(if flag & 0x0010 != 0 { Fan::LowerFour } else { Fan::LowerTiles });
        return;
    }
    if flag & 0xFC3F == 0 {
        table.put(if flag & 0x0040 != 0 { Fan::UpperFour } else { Fan::UpperTiles });
        return;
    }
    if flag & 0xFF8F == 0 {
        table.put(Fan::MiddleTiles);
    }
}

/// Tile-set fans.
pub(crate) fn tile_traits(tiles: &[Code], table: &mut FanTable) {
    if !tiles.iter().any(|&t| tiles::is_terminal_or_honor(t)) {
        table.put(Fan::AllSimples);
    }
    if tiles.iter().all(|&t| tiles::is_reversible(t)) {
        table.put(Fan::ReversibleTiles);
    }
    if tiles.iter().all(|&t| tiles::is_green(t)) {
        table.put(Fan::AllGreen);
    }
    if table.has(Fan::AllSimples) {
        return;
    }
    if tiles.iter().all(|&t| tiles::is_honor(t)) {
        table.put(Fan::AllHonors);
        return;
    }
    if tiles.iter().all(|&t| tiles::is_terminal(t)) {
        table.put(Fan::AllTerminals);
        return;
    }
    if tiles.iter().all(|&t| tiles::is_terminal_or_honor(t)) {
        table.put(Fan::AllTerminalsAndHonors);
    }
}

/// Tile Hog: kinds used four times, less the kongs (`tiles.len() - 14`).
pub(crate) fn tile_hog(tiles: &[Code], table: &mut FanTable) {
    let mut counts: Table = [0; tiles::TABLE_LEN];
    for &t in tiles {
        counts[t as usize] += 1;
    }
    tile_hog_counts(&counts, tiles.len() - 14, table);
}

/// Tile Hog from counts: kinds held four times, less the `kongs`.
pub(crate) fn tile_hog_counts(counts: &Table, kongs: usize, table: &mut FanTable) {
    let fours = ALL.iter().filter(|&&c| counts[c as usize] == 4).count();
    table.set(Fan::TileHog, fours.wrapping_sub(kongs) as u8);
}

/// Outside Hand, All Five, All Even Pungs.
pub(crate) fn pack_traits(packs: &[Pack; 5], table: &mut FanTable) {
    let (mut terminal, mut honor, mut five, mut even) = (0, 0, 0, 0);
    for p in packs {
        if tiles::is_numbered(p.tile) {
            let r = tiles::rank(p.tile);
            if p.kind == PackKind::Chow {
                match r {
                    2 | 8 => terminal += 1,
                    4..=6 => five += 1,
                    _ => {}
                }
            } else {
                match r {
                    1 | 9 => terminal += 1,
                    5 => five += 1,
                    2 | 4 | 6 | 8 => even += 1,
                    _ => {}
                }
            }
        } else {
            honor += 1;
        }
    }
    if terminal + honor == 5 {
        table.put(Fan::OutsideHand);
    } else if five == 5 {
        table.put(Fan::AllFive);
    } else if even == 5 {
        table.put(Fan::AllEvenPungs);
    }
}

/// The win situation, as the reference's flags.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WinFlags {
    pub(crate) self_drawn: bool,
    pub(crate) fourth_tile: bool,
    pub(crate) about_kong: bool,
    pub(crate) wall_last: bool,
    pub(crate) initial: bool,
}

/// 和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和, 自摸.
pub(crate) fn win_flags(flags: WinFlags, table: &mut FanTable) {
    if flags.fourth_tile {
        table.put(Fan::LastTile);
    }
    if flags.wall_last {
        table.put(if flags.self_drawn { Fan::LastTileDraw } else { Fan::LastTileClaim });
    }
    if flags.about_kong {
        table.put(if flags.self_drawn { Fan::OutWithReplacementTile } else { Fan::RobbingTheKong });
    }
    if flags.self_drawn {
        table.put(Fan::SelfDrawn);
    }
}

/// Prevalent and seat wind for a wind pung `tile` (winds as 0..4 = E S W N).
pub(crate) fn winds(tile: Code, prevalent: u8, seat: u8, table: &mut FanTable) {
    let deducted = table.has(Fan::BigThreeWinds)
        || table.has(Fan::AllTerminalsAndHonors)
        || table.has(Fan::AllHonors)
        || table.has(Fan::LittleFourWinds);
    let delta = tile - EAST;
    if delta == prevalent {
        table.put(Fan::PrevalentWind);
        if !deducted {
            table.dec(Fan::PungOfTerminalsOrHonors, 1);
        }
    }
    if delta == seat {
        table.put(Fan::SeatWind);
        if seat != prevalent && !deducted {
            table.dec(Fan::PungOfTerminalsOrHonors, 1);
        }
    }
}
