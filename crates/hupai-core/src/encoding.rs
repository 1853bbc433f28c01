//! The tile encodings of other libraries: 136-tile ids, PyMahjongGB's codes, mjai names and
//! Chinese names.
//!
//! ```
//! use hupai_core::encoding::{from_136, gb_code, kind_from_gb, mjai_name, to_136};
//! use hupai_core::notation::parse_tiles_with_red;
//! let tiles = parse_tiles_with_red("0555m7z").unwrap();
//! let ids = to_136(&tiles, true).unwrap();
//! assert_eq!(ids, [16, 17, 18, 19, 132]);
//! assert_eq!(from_136(&ids, true).unwrap(), tiles);
//! let red_dragon = tiles[4].0;
//! assert_eq!(gb_code(red_dragon), "J1");
//! assert_eq!(kind_from_gb("J1").unwrap(), red_dragon);
//! assert_eq!(mjai_name(tiles[0].0, true), "5mr");
//! ```
//!
//! **136-tile ids** number the physical tiles as `mahjong` (the Python library) and RiichiEnv
//! do, and as [`crate::Tile`] does: `kind * 4 + copy`, with copy 0 of each five the red five
//! when the game has red fives (ids 16, 52, 88). [`to_136`] gives each tile the lowest copy
//! not yet taken (plain fives skip copy 0 when red fives are on) and returns the ids sorted;
//! [`from_136`] reads them back in id order. So text → ids → text is the identity on sorted
//! tile lists, red fives included, and ids → text → ids is the identity on sets of ids that
//! take copies from the lowest (every set `to_136` makes). Rejected: an id above 135, the same
//! id twice, a fifth copy, a fourth plain five when red fives are on (its copy would be the
//! red one), a red five when they are off.
//!
//! **PyMahjongGB codes**: `W1`–`W9` characters (m), `B1`–`B9` dots (p), `T1`–`T9` bamboo (s),
//! `F1`–`F4` East South West North, `J1` red, `J2` green, `J3` white dragon. Flowers (`H1`–`H8`)
//! are not hand tiles and are rejected; a red five is written as a plain five (the codes have
//! none).

use std::fmt;

use crate::{Kind, Suit};

/// Why tiles cannot be converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodingError {
    /// A 136-tile id above 135.
    IdOutOfRange {
        /// The id.
        id: u32,
    },
    /// The same 136-tile id twice.
    DuplicateId {
        /// The id.
        id: u32,
    },
    /// More than four copies of a kind.
    TooManyCopies {
        /// The kind.
        kind: Kind,
    },
    /// A fourth plain five with red fives on (copy 0 is the red one).
    FourthPlainFive {
        /// The five.
        kind: Kind,
    },
    /// A red five with red fives off.
    RedFiveOff {
        /// The five.
        kind: Kind,
    },
    /// A PyMahjongGB code that names no hand tile.
    BadGbCode {
        /// The code.
        code: String,
    },
}

impl fmt::Display for EncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodingError::IdOutOfRange { id } => write!(f, "tile id {id}: ids go 0..135"),
            EncodingError::DuplicateId { id } => write!(f, "tile id {id} twice"),
            EncodingError::TooManyCopies { kind } => write!(f, "more than four copies of {kind}"),
            EncodingError::FourthPlainFive { kind } => write!(
                f,
                "four plain {kind}: with red fives the fourth copy is the red one (write it as 0)"
            ),
            EncodingError::RedFiveOff { kind } => {
                write!(f, "a red {kind} where the game has no red fives")
            }
            EncodingError::BadGbCode { code } => write!(
                f,
                "'{code}' is no PyMahjongGB tile: use W1-W9, B1-B9, T1-T9, F1-F4 or J1-J3"
            ),
        }
    }
}

impl std::error::Error for EncodingError {}

/// The 136-tile ids of `tiles` (kind, red), sorted; `red_fives` says whether copy 0 of each five
/// is the red one.
pub fn to_136(tiles: &[(Kind, bool)], red_fives: bool) -> Result<Vec<u32>, EncodingError> {
    let mut taken = [0u8; 34]; // bit c: copy c taken
    let mut ids = Vec::with_capacity(tiles.len());
    for &(kind, red) in tiles {
        let k = kind.index();
        let is_five = kind.number() == 5 && !kind.is_honor();
        let copy = if red {
            if !red_fives {
                return Err(EncodingError::RedFiveOff { kind });
            }
            // A second red five of a suit has no copy of its own.
            if taken[k] & 1 != 0 {
                return Err(EncodingError::TooManyCopies { kind });
            }
            0
        } else {
            let free = !taken[k] & if red_fives && is_five { 0b1110 } else { 0b1111 };
            if free == 0 {
                return Err(if taken[k] == 0b1111 || !is_five {
                    EncodingError::TooManyCopies { kind }
                } else {
                    EncodingError::FourthPlainFive { kind }
                });
            }
            free.trailing_zeros() as u8
        };
        taken[k] |= 1 << copy;
        ids.push(u32::from(kind.to_u8()) * 4 + u32::from(copy));
    }
    ids.sort_unstable();
    Ok(ids)
}

/// The tiles (kind, red) of 136-tile ids, in id order; `red_fives` as for [`to_136`].
pub fn from_136(ids: &[u32], red_fives: bool) -> Result<Vec<(Kind, bool)>, EncodingError> {
    let mut seen = [0u64; 3];
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    let mut out = Vec::with_capacity(ids.len());
    for id in sorted {
        let Some(kind) = u8::try_from(id / 4).ok().and_then(Kind::new) else {
            return Err(EncodingError::IdOutOfRange { id });
        };
        let (word, bit) = ((id / 64) as usize, id % 64);
        if seen[word] >> bit & 1 != 0 {
            return Err(EncodingError::DuplicateId { id });
        }
        seen[word] |= 1 << bit;
        let red = red_fives && id % 4 == 0 && kind.number() == 5 && !kind.is_honor();
        out.push((kind, red));
    }
    Ok(out)
}

const GB: [&str; 34] = [
    "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "B1", "B2", "B3", "B4", "B5", "B6", "B7",
    "B8", "B9", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "F1", "F2", "F3", "F4", "J3",
    "J2", "J1",
];

/// PyMahjongGB's code of a kind (`W5`, `F1`, `J1` = red dragon).
pub const fn gb_code(kind: Kind) -> &'static str {
    GB[kind.index()]
}

/// The kind of a PyMahjongGB code.
pub fn kind_from_gb(code: &str) -> Result<Kind, EncodingError> {
    match GB.iter().position(|&c| c == code) {
        Some(k) => Ok(Kind::new(k as u8).unwrap_or_default()),
        None => Err(EncodingError::BadGbCode { code: code.to_string() }),
    }
}

const MJAI_HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];
const MJAI_NUMBERS: [[&str; 9]; 3] = [
    ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"],
    ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p"],
    ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s"],
];

/// The mjai name of a tile: `1m`..`9s`, `5mr` for a red five, `E S W N P F C` for honours.
pub const fn mjai_name(kind: Kind, red: bool) -> &'static str {
    let n = kind.number() as usize - 1;
    match kind.suit() {
        Suit::Honor => MJAI_HONORS[n],
        suit if red && n == 4 => ["5mr", "5pr", "5sr"][suit as usize],
        suit => MJAI_NUMBERS[suit as usize][n],
    }
}

const CHINESE_NUMBERS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const CHINESE_HONORS: [&str; 7] = ["东", "南", "西", "北", "白", "发", "中"];

/// The Chinese name of a kind: `一万`, `五筒`, `九条`, `东`, `白`, `发`, `中`.
pub fn chinese_name(kind: Kind) -> String {
    let n = kind.number() as usize - 1;
    match kind.suit() {
        Suit::Honor => CHINESE_HONORS[n].to_string(),
        Suit::Man => format!("{}万", CHINESE_NUMBERS[n]),
        Suit::Pin => format!("{}筒", CHINESE_NUMBERS[n]),
        Suit::Sou => format!("{}条", CHINESE_NUMBERS[n]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_tiles_with_red;

    #[test]
    fn every_kind_round_trips_through_every_encoding() {
        for kind in Kind::all() {
            assert_eq!(kind_from_gb(gb_code(kind)), Ok(kind));
            assert_eq!(mjai_name(kind, false).parse::<Kind>(), Ok(kind));
            assert_eq!(chinese_name(kind).parse::<Kind>(), Ok(kind));
            let ids = to_136(&[(kind, false)], false).unwrap();
            assert_eq!(ids, [u32::from(kind.to_u8()) * 4]);
        }
        let red = parse_tiles_with_red(mjai_name("5p".parse().unwrap(), true)).unwrap();
        assert_eq!(red, [("5p".parse().unwrap(), true)]);
    }

    #[test]
    fn ids_take_the_lowest_free_copy_and_come_back() {
        let tiles = parse_tiles_with_red("5550m 5p 0p 19s").unwrap();
        let ids = to_136(&tiles, true).unwrap();
        assert_eq!(ids, [16, 17, 18, 19, 52, 53, 72, 104]);
        let back: Vec<String> = from_136(&ids, true)
            .unwrap()
            .iter()
            .map(|&(k, r)| if r { format!("0{}", k.suit().letter()) } else { k.to_string() })
            .collect();
        assert_eq!(back, ["0m", "5m", "5m", "5m", "0p", "5p", "1s", "9s"]);
        assert_eq!(
            to_136(&parse_tiles_with_red("5555m").unwrap(), false).unwrap(),
            [16, 17, 18, 19]
        );
    }

    #[test]
    fn bad_input_is_rejected() {
        let t = |s: &str| parse_tiles_with_red(s).unwrap();
        let five: Kind = "5m".parse().unwrap();
        assert_eq!(to_136(&t("5555m"), true), Err(EncodingError::FourthPlainFive { kind: five }));
        assert_eq!(to_136(&t("00m"), true), Err(EncodingError::TooManyCopies { kind: five }));
        assert_eq!(to_136(&t("0m"), false), Err(EncodingError::RedFiveOff { kind: five }));
        assert!(matches!(to_136(&t("11111z"), true), Err(EncodingError::TooManyCopies { .. })));
        assert_eq!(from_136(&[136], true), Err(EncodingError::IdOutOfRange { id: 136 }));
        assert_eq!(from_136(&[3, 3], true), Err(EncodingError::DuplicateId { id: 3 }));
        assert!(kind_from_gb("H1").is_err() && kind_from_gb("W0").is_err());
        assert_eq!(
            kind_from_gb("J4").unwrap_err().to_string(),
            "'J4' is no PyMahjongGB tile: use W1-W9, B1-B9, T1-T9, F1-F4 or J1-J3"
        );
    }
}
