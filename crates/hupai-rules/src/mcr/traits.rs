//! Fans read from the whole hand's tiles or packs: suits (无字, 缺一门, 混一色, 清一色, 五门齐),
//! tile sets (断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九), rank ranges (大于五, 小于五, 全大,
//! 全中, 全小), 四归一, the outside/five/even pack traits, the win situation and the winds.

use super::fans::{Fan, FanTable};
use super::shapes::{Pack, PackKind};
use super::tiles::{
    self, Code, Kinds, Table, ALL, DRAGON_KINDS, EAST, GREEN_KINDS, HONOR_KINDS, REVERSIBLE_KINDS,
    SUIT_KINDS, TERMINAL_KINDS, WIND_KINDS,
};

/// Suit fans of the kinds the whole hand uses.
pub(crate) fn suits(kinds: Kinds, table: &mut FanTable) {
    let honors = kinds & HONOR_KINDS != 0;
    if !honors {
        table.put(Fan::NoHonors);
    }
    let voided = SUIT_KINDS[1..4].iter().filter(|&&suit| kinds & suit == 0).count() as u8;
    table.set(Fan::OneVoidedSuit, table.get(Fan::OneVoidedSuit) + voided);
    if table.get(Fan::OneVoidedSuit) == 2 {
        table.clear(Fan::OneVoidedSuit);
        table.put(if honors { Fan::HalfFlush } else { Fan::FullFlush });
    }
    if voided == 0 && kinds & WIND_KINDS != 0 && kinds & DRAGON_KINDS != 0 {
        table.put(Fan::AllTypes);
    }
}

/// Rank-range fans (only when every kind is a number kind).
pub(crate) fn rank_range(kinds: Kinds, table: &mut FanTable) {
    if kinds & HONOR_KINDS != 0 {
        return;
    }
    // Bit `rank` (1..9) of each rank used, in any suit.
    let flag = (((kinds | kinds >> 9 | kinds >> 18) & 0x1FF) << 1) as u16;
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

/// Tile-set fans of the kinds the whole hand uses.
pub(crate) fn tile_traits(kinds: Kinds, table: &mut FanTable) {
    let outside = TERMINAL_KINDS | HONOR_KINDS;
    if kinds & outside == 0 {
        table.put(Fan::AllSimples);
    }
    if kinds & !REVERSIBLE_KINDS == 0 {
        table.put(Fan::ReversibleTiles);
    }
    if kinds & !GREEN_KINDS == 0 {
        table.put(Fan::AllGreen);
    }
    if table.has(Fan::AllSimples) {
        return;
    }
    if kinds & !HONOR_KINDS == 0 {
        table.put(Fan::AllHonors);
        return;
    }
    if kinds & !TERMINAL_KINDS == 0 {
        table.put(Fan::AllTerminals);
        return;
    }
    if kinds & !outside == 0 {
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

/// What a pack brings to the pack traits, by code: bit 0 a terminal or honour in every
/// reading (Outside Hand), bit 1 a five (All Five), bit 2 an even pung or pair (All Even Pungs).
/// Index 0 for a chow (by its middle tile), 1 for a pung, kong or pair.
const PACK_TRAITS: [[u8; tiles::TABLE_LEN]; 2] = {
    let mut out = [[0u8; tiles::TABLE_LEN]; 2];
    let mut c = 0;
    while c < tiles::TABLE_LEN {
        let code = c as Code;
        let r = tiles::rank(code);
        if tiles::is_numbered(code) && r >= 1 && r <= 9 {
            out[0][c] = match r {
                2 | 8 => 1,
                4..=6 => 2,
                _ => 0,
            };
            out[1][c] = match r {
                1 | 9 => 1,
                5 => 2,
                2 | 4 | 6 | 8 => 4,
                _ => 0,
            };
        } else if tiles::is_honor(code) {
            out[1][c] = 1;
        }
        c += 1;
    }
    out
};

/// Outside Hand, All Five, All Even Pungs.
pub(crate) fn pack_traits(packs: &[Pack; 5], table: &mut FanTable) {
    let all = packs.iter().fold(0xFF, |all, p| {
        all & PACK_TRAITS[usize::from(p.kind != PackKind::Chow)][usize::from(p.tile)]
    });
    if all & 1 != 0 {
        table.put(Fan::OutsideHand);
    } else if all & 2 != 0 {
        table.put(Fan::AllFive);
    } else if all & 4 != 0 {
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
