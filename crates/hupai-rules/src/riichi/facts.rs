//! What holds for a riichi hand whatever its reading: the situation's yaku, the yaku that
//! depend only on which tiles are held (flushes, all simples, terminals and honours, yakuhai,
//! dragons and winds, kans, nine gates), and the dora.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("riichi").unwrap();
//! // A pon of White and a flush in pins: yakuhai and honitsu, whatever the reading.
//! let hand: Hand = "12345677p pon:555z chi:789p".parse().unwrap();
//! let ctx = WinContext::new("7p".parse().unwrap(), false);
//! let s = score(&rules, &hand, &ctx).unwrap();
//! assert!(s.items.iter().any(|i| i.id.as_str() == "yakuhai_haku"));
//! assert!(s.items.iter().any(|i| i.id.as_str() == "honitsu"));
//! ```

use hupai_core::{Counts, Hand, Kind};

use super::yaku::{Yaku, YakuSet};
use crate::{Renhou, Rules, WinContext};

/// A hand's tiles counted once, for the checks and the facts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Held {
    /// Every tile, melds included (kans count four).
    pub all: Counts,
    /// The kinds held, as a bit mask by kind index.
    pub present: u64,
    /// Red fives by suit, melds included.
    pub red: [u8; 3],
}

impl Held {
    /// Counts the hand's tiles.
    pub(crate) fn new(hand: &Hand) -> Held {
        let all = hand.all_counts();
        Held { all, present: all.kind_set().bits(), red: hand.red_fives() }
    }
}

/// Facts about the hand and the situation shared by every reading.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facts {
    /// How many tiles of the win tile's kind the hand holds, melds included.
    pub win_count: u8,
    /// Whether a meld was made with another player's tile.
    pub open: bool,
    /// The win tile's kind index.
    pub win: u8,
    /// Self-drawn.
    pub tsumo: bool,
    /// The seat wind's kind index.
    pub seat: u8,
    /// The round wind's kind index.
    pub round: u8,
    /// Whether there are honours.
    pub has_honors: bool,
    /// The kinds held, as a bit mask by kind index.
    pub present: u64,
    /// What each yaku is worth in this hand under these rules (0 for yaku it cannot have),
    /// indexed by `Yaku as usize`.
    pub han: &'static [u8; 64],
    /// Situational yaku (menzen tsumo, riichi, ippatsu, last tile, kan wins, first-turn wins).
    pub situational: YakuSet,
    /// Tile-set yaku valid for every form (all simples, flushes, all terminals / honours).
    pub tiles: YakuSet,
    /// Tile-set yaku of the regular form only (yakuhai, dragons, winds, kans, nine gates).
    pub regular: YakuSet,
    /// Dora, red fives, ura dora and kita counts.
    pub dora: [u32; 4],
}

const GREEN: u64 = (1 << 19) | (1 << 20) | (1 << 21) | (1 << 23) | (1 << 25) | (1 << 32);
const TERMINALS: u64 = (1 << 0) | (1 << 8) | (1 << 9) | (1 << 17) | (1 << 18) | (1 << 26);
const HONORS: u64 = 0x7f << 27;

impl Facts {
    /// Gathers the facts (the situation is assumed consistent); `held` is the hand's.
    pub(crate) fn new(rules: &Rules, hand: &Hand, ctx: &WinContext, held: &Held) -> Facts {
        let Held { ref all, present, red } = *held;
        let open = !hand.is_closed();
        let has_honors = present & HONORS != 0;
        let suits = (0..3).filter(|s| present >> (9 * s) & 0x1ff != 0).count();
        let count = |k: Kind| all.get(k);

        let mut situational = YakuSet::EMPTY;
        situational.add_if(ctx.self_drawn && !open, Yaku::MenzenTsumo);
        situational.add_if(ctx.riichi && !ctx.double_riichi, Yaku::Riichi);
        situational.add_if(ctx.double_riichi, Yaku::DoubleRiichi);
        situational.add_if(ctx.ippatsu, Yaku::Ippatsu);
        situational.add_if(ctx.replacement, Yaku::Rinshan);
        situational.add_if(ctx.robbing_kong, Yaku::Chankan);
        situational.add_if(ctx.last_tile && ctx.self_drawn, Yaku::Haitei);
        situational.add_if(ctx.last_tile && !ctx.self_drawn, Yaku::Houtei);
        if ctx.first_turn {
            let dealer = ctx.is_dealer();
            situational.add_if(ctx.self_drawn && dealer, Yaku::Tenhou);
            situational.add_if(ctx.self_drawn && !dealer, Yaku::Chiihou);
            if !ctx.self_drawn && !dealer {
                match rules.renhou {
                    Renhou::Off => {}
                    Renhou::Mangan => situational = situational.with(Yaku::Renhou),
                    Renhou::Yakuman => situational = situational.with(Yaku::RenhouYakuman),
                }
            }
        }

        let mut tiles = YakuSet::EMPTY;
        let simples = present & (HONORS | TERMINALS) == 0;
        tiles.add_if(simples && (!open || rules.open_tanyao), Yaku::Tanyao);
        tiles.add_if(suits == 1 && !has_honors, Yaku::Chinitsu);
        tiles.add_if(suits == 1 && has_honors, Yaku::Honitsu);
        tiles.add_if(suits == 0, Yaku::Tsuuiisou);
        tiles.add_if(present & !(HONORS | TERMINALS) == 0, Yaku::Honroutou);
        tiles.add_if(present & !TERMINALS == 0, Yaku::Chinroutou);
        tiles.add_if(present & !GREEN == 0, Yaku::Ryuuiisou);

        let mut regular = YakuSet::EMPTY;
        let triplet = |k: Kind| count(k) >= 3;
        let dragons = [Kind::WHITE, Kind::GREEN, Kind::RED];
        let dragon_sets = dragons.iter().filter(|&&k| triplet(k)).count();
        let dragon_pairs = dragons.iter().filter(|&&k| count(k) == 2).count();
        regular.add_if(dragon_sets == 2 && dragon_pairs == 1, Yaku::Shousangen);
        regular.add_if(triplet(Kind::WHITE), Yaku::Haku);
        regular.add_if(triplet(Kind::GREEN), Yaku::Hatsu);
        regular.add_if(triplet(Kind::RED), Yaku::Chun);
        let seat = ctx.seat_wind.wind();
        let round = ctx.round_wind.wind();
        if triplet(seat) {
            regular = regular.with(wind_yaku(Yaku::SeatEast, seat));
        }
        if triplet(round) {
            regular = regular.with(wind_yaku(Yaku::RoundEast, round));
        }
        let winds = [Kind::EAST, Kind::SOUTH, Kind::WEST, Kind::NORTH];
        let wind_sets = winds.iter().filter(|&&k| triplet(k)).count();
        let wind_pairs = winds.iter().filter(|&&k| count(k) == 2).count();
        regular.add_if(dragon_sets == 3, Yaku::Daisangen);
        regular.add_if(wind_sets == 3 && wind_pairs == 1, Yaku::Shousuushii);
        regular.add_if(wind_sets == 4, Yaku::Daisuushii);
        if hand.meld_count() == 0 {
            if let Some(nine) = nine_gates(all, ctx.win_tile) {
                regular = regular.with(nine);
            }
        }
        let kans = hand.melds().iter().filter(|m| m.is_kan()).count();
        regular.add_if(kans == 3, Yaku::Sankantsu);
        regular.add_if(kans == 4, Yaku::Suukantsu);

        // A North set aside (kita) counts as a North tile for the indicators.
        let kita = u32::from(ctx.kita);
        let count_dora = |indicators: &[Kind]| -> u32 {
            let held = |d: Kind| all.get(d) as u32 + if d == Kind::NORTH { kita } else { 0 };
            // Four-player walls hold every kind: the next kind, without asking the wall.
            let dora = |k: Kind| {
                if rules.removed_kinds.is_empty() {
                    k.successor()
                } else {
                    rules.dora_for(k)
                }
            };
            indicators.iter().map(|&k| held(dora(k))).sum()
        };
        let dora = count_dora(&ctx.dora_indicators);
        let aka: u32 = red.iter().map(|&r| r as u32).sum();
        let ura = if ctx.riichi { count_dora(&ctx.ura_indicators) } else { 0 };

        Facts {
            win_count: all.get(ctx.win_tile),
            open,
            win: ctx.win_tile.to_u8(),
            tsumo: ctx.self_drawn,
            seat: seat.to_u8(),
            round: round.to_u8(),
            has_honors,
            present,
            han: Yaku::han_table(open, rules.double_yakuman),
            situational,
            tiles,
            regular,
            dora: [dora, aka, ura, kita],
        }
    }
}

/// The seat or round wind yaku for `wind`, counting from the East one.
fn wind_yaku(east: Yaku, wind: Kind) -> Yaku {
    let offset = wind.index().saturating_sub(Kind::EAST.index());
    Yaku::from_index(east as usize + offset.min(3)).unwrap_or(east)
}

/// Nine gates: a closed one-suit hand 1112345678999 plus one more tile of the suit; the pure
/// (nine-sided) form when the hand before the win tile was exactly 1112345678999.
fn nine_gates(all: &Counts, win: Kind) -> Option<Yaku> {
    if win.is_honor() {
        return None;
    }
    let start = win.suit().first().index();
    let suit = &all.0[start..start + 9];
    if suit.iter().map(|&c| c as u32).sum::<u32>() != 14 {
        return None;
    }
    const BASE: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    let mut extra = None;
    for (i, (&c, &b)) in suit.iter().zip(BASE.iter()).enumerate() {
        match c.checked_sub(b) {
            Some(0) => {}
            Some(1) if extra.is_none() => extra = Some(i),
            _ => return None,
        }
    }
    let pure = extra == Some(win.index() - start);
    Some(if pure { Yaku::JunseiChuuren } else { Yaku::ChuurenPoutou })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_gates_forms() {
        let all: Counts = "11123456789999m".parse().unwrap();
        let k = |s: &str| s.parse::<Kind>().unwrap();
        assert_eq!(nine_gates(&all, k("9m")), Some(Yaku::JunseiChuuren));
        assert_eq!(nine_gates(&all, k("5m")), Some(Yaku::ChuurenPoutou));
        let not: Counts = "11123456789999p".parse().unwrap();
        assert_eq!(nine_gates(&not, k("5m")), None);
        let broken: Counts = "11122345678999m".parse().unwrap();
        assert_eq!(nine_gates(&broken, k("2m")), Some(Yaku::JunseiChuuren));
        let wrong: Counts = "11112345678899m".parse().unwrap();
        assert_eq!(nine_gates(&wrong, k("1m")), None);
    }
}
