//! The rows of a batch: every column's value checked against its range, read into a [`Hand`]
//! and a [`WinContext`].

use std::fmt;
use std::ops::Range;

use hupai_core::{Counts, Hand, Kind, Meld, MeldKind, Seat};
use hupai_rules::WinContext;

use super::columns::{Column, Ints, Matrix};
use super::row_error::RowError;

/// The meld type codes of the `melds` array, by code (0: no meld in the slot).
pub const MELD_TYPES: [&str; 6] = ["", "chi", "pon", "kan", "kakan", "ankan"];

/// An empty slot in the `dora` and `ura` arrays (`-1` is read the same way).
pub const NO_TILE: i64 = 255;

/// The boolean flags of a line, in the order of [`Inputs::flags`].
pub(super) const FLAGS: [&str; 10] = [
    "self_drawn",
    "last_tile",
    "replacement",
    "robbing_kong",
    "kong_discard",
    "fourth_tile",
    "first_turn",
    "riichi",
    "double_riichi",
    "ippatsu",
];

/// Everything `score_arrays` reads, checked for shape (values are checked per row).
#[derive(Debug)]
pub(super) struct Inputs {
    pub(super) n: usize,
    pub(super) concealed: Matrix,
    pub(super) win_tile: Column,
    pub(super) melds: Option<Matrix>,
    pub(super) red: Option<Matrix>,
    pub(super) jokers: Column,
    pub(super) flags: [Column; 10],
    pub(super) seat_wind: Column,
    pub(super) round_wind: Column,
    pub(super) flowers: Column,
    pub(super) dora: Option<Matrix>,
    pub(super) ura: Option<Matrix>,
    pub(super) honba: Column,
    pub(super) riichi_sticks: Column,
}

/// `value` if it lies in `range`, else a value error naming the column.
fn checked(
    value: i64,
    range: Range<i64>,
    name: impl fmt::Display,
    what: &str,
) -> Result<i64, RowError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(RowError::Value(format!("{name} = {value}: {what}")))
    }
}

fn kind_of(value: i64, name: impl fmt::Display + Copy) -> Result<Kind, RowError> {
    let v = checked(value, 0..34, name, "tile kinds are 0..33")?;
    Kind::new(v as u8).ok_or_else(|| RowError::Value(format!("{name} = {value}: not a kind")))
}

fn flag(value: i64, name: &str) -> Result<bool, RowError> {
    Ok(checked(value, 0..2, name, "use 0 or 1 (or a bool)")? == 1)
}

fn seat(value: i64, name: &str) -> Result<Seat, RowError> {
    let v = checked(value, 0..4, name, "winds are 0..3 (East, South, West, North)")?;
    Seat::from_index(v as usize).ok_or_else(|| RowError::Value(format!("{name} = {value}")))
}

impl Inputs {
    /// Row `i` as a hand, and its situation written into `ctx` (whose indicator lists are
    /// reused from row to row).
    pub(super) fn row(&self, i: usize, ctx: &mut WinContext) -> Result<Hand, RowError> {
        let mut counts = Counts::EMPTY;
        match &self.concealed.data {
            Ints::U8(v) => counts.0.copy_from_slice(&v[i * 34..i * 34 + 34]),
            Ints::I64(v) => {
                for (k, (slot, &v)) in counts.0.iter_mut().zip(&v[i * 34..i * 34 + 34]).enumerate()
                {
                    *slot = checked(v, 0..256, format_args!("concealed[{k}]"), "counts are 0..4")?
                        as u8;
                }
            }
        }
        let mut melds = [Meld::pon(Kind::default()); 4];
        let mut n_melds = 0;
        if let Some(m) = &self.melds {
            for slot in 0..m.width / 3 {
                let cell = |j| m.get(i, 3 * slot + j);
                let t =
                    checked(cell(0), 0..6, format_args!("melds[{slot}].type"), "types are 0..5")?;
                let meld_kind = match t {
                    0 => continue,
                    1 => MeldKind::Chi,
                    2 => MeldKind::Pon,
                    3 => MeldKind::Kan,
                    4 => MeldKind::AddedKan,
                    _ => MeldKind::ClosedKan,
                };
                let first = kind_of(cell(1), format_args!("melds[{slot}].kind"))?;
                let red = checked(
                    cell(2),
                    0..5,
                    format_args!("melds[{slot}].red"),
                    "red fives are 0..4",
                )? as u8;
                let meld = Meld::new(meld_kind, first)
                    .and_then(|m| m.with_red(red))
                    .map_err(|e| RowError::Meld(slot, e))?;
                melds[n_melds] = meld;
                n_melds += 1;
            }
        }
        let mut red = [0u8; 3];
        if let Some(m) = &self.red {
            for (s, slot) in red.iter_mut().enumerate() {
                *slot = checked(m.get(i, s), 0..5, format_args!("red[{s}]"), "red fives are 0..4")?
                    as u8;
            }
        }
        let jokers = checked(self.jokers.get(i), 0..15, "jokers", "jokers are 0..14")? as u8;
        let hand =
            Hand::with_extras(counts, &melds[..n_melds], jokers, red).map_err(RowError::Hand)?;
        ctx.win_tile = kind_of(self.win_tile.get(i), "win_tile")?;
        let flag_at = |k: usize| flag(self.flags[k].get(i), FLAGS[k]);
        ctx.self_drawn = flag_at(0)?;
        ctx.last_tile = flag_at(1)?;
        ctx.replacement = flag_at(2)?;
        ctx.robbing_kong = flag_at(3)?;
        ctx.kong_discard = flag_at(4)?;
        ctx.fourth_tile = flag_at(5)?;
        ctx.first_turn = flag_at(6)?;
        ctx.riichi = flag_at(7)?;
        ctx.double_riichi = flag_at(8)?;
        ctx.ippatsu = flag_at(9)?;
        ctx.seat_wind = seat(self.seat_wind.get(i), "seat_wind")?;
        ctx.round_wind = seat(self.round_wind.get(i), "round_wind")?;
        ctx.flowers = checked(self.flowers.get(i), 0..256, "flowers", "flowers are 0..8")? as u8;
        ctx.honba = checked(self.honba.get(i), 0..1 << 32, "honba", "not a u32")? as u32;
        ctx.riichi_sticks =
            checked(self.riichi_sticks.get(i), 0..1 << 32, "riichi_sticks", "not a u32")? as u32;
        for (list, m, name) in [
            (&mut ctx.dora_indicators, &self.dora, "dora"),
            (&mut ctx.ura_indicators, &self.ura, "ura"),
        ] {
            list.clear();
            if let Some(m) = m {
                for j in 0..m.width {
                    let v = m.get(i, j);
                    if v != NO_TILE && v != -1 {
                        list.push(kind_of(v, format_args!("{name}[{j}]"))?);
                    }
                }
            }
        }
        Ok(hand)
    }
}
