//! Tiles and hands in every notation and encoding: MPSZ, mjai names, Chinese names, glyphs,
//! 136-tile ids, 34-count arrays and PyMahjongGB's codes.

use hupai_core::encoding::{self, chinese_name, gb_code, kind_from_gb, mjai_name};
use hupai_core::notation::{glyph, parse_tiles_with_red, tiles_to_mpsz};
use hupai_core::{Counts, Hand, Kind};
use pyo3::prelude::*;

use crate::errors::Error;

/// Tile text, or a list of tile names joined by spaces.
#[derive(Debug, FromPyObject)]
pub enum TileText {
    /// One string in any notation.
    Text(String),
    /// Names, one tile (or a run of tiles) each.
    Names(Vec<String>),
}

impl TileText {
    /// The tiles as (kind, red five).
    pub fn tiles(&self) -> Result<Vec<(Kind, bool)>, Error> {
        match self {
            TileText::Text(s) => Ok(parse_tiles_with_red(s)?),
            TileText::Names(v) => Ok(parse_tiles_with_red(&v.join(" "))?),
        }
    }
}

/// The canonical MPSZ name of one tile (`0m` for a red five).
fn mpsz_name((kind, red): (Kind, bool)) -> String {
    if red {
        format!("0{}", kind.suit().letter())
    } else {
        kind.to_string()
    }
}

/// Counts of 34 kinds from a sequence, each 0..=4.
pub fn counts_of(values: &[u8]) -> Result<Counts, Error> {
    let Ok(array) = <[u8; 34]>::try_from(values) else {
        return Err(Error::Input(format!("{} counts: a count array has 34", values.len())));
    };
    let counts = Counts(array);
    if let Some(kind) = Kind::all().find(|&k| counts.get(k) > 4) {
        return Err(Error::Input(format!("{} copies of {kind}: at most 4", counts.get(kind))));
    }
    Ok(counts)
}

/// The tiles one per entry, in canonical MPSZ (`0m` for a red five), in input order.
///
/// >>> hupai.tiles("5mr E 一万 🀄")
/// ['0m', '1z', '1m', '7z']
#[pyfunction]
pub fn tiles(text: TileText) -> Result<Vec<String>, Error> {
    Ok(text.tiles()?.into_iter().map(mpsz_name).collect())
}

/// Canonical hand text: concealed tiles sorted in MPSZ, red fives as 0, jokers as *, melds after.
///
/// >>> hupai.normalize("🀙🀚🀛 5mr 5m 东 东 pon:发发发")
/// '05m123p11z pon:666z'
#[pyfunction]
pub fn normalize(hand: &str) -> Result<String, Error> {
    let hand: Hand = hand.parse()?;
    Ok(hand.to_string())
}

/// The 34 counts of tiles (MPSZ order: 1-9m, 1-9p, 1-9s, 1-7z); red fives count as fives.
///
/// >>> hupai.to_34("19m 0p 7z")[:9]
/// [1, 0, 0, 0, 0, 0, 0, 0, 1]
#[pyfunction]
pub fn to_34(text: TileText) -> Result<Vec<u32>, Error> {
    let mut counts = [0u8; 34];
    for (kind, _) in text.tiles()? {
        let c = &mut counts[kind.index()];
        if *c == 4 {
            return Err(Error::Tile(format!("five copies of {kind}")));
        }
        *c += 1;
    }
    Ok(counts.iter().map(|&c| c as u32).collect())
}

/// MPSZ text of 34 counts (each 0..4).
///
/// >>> hupai.from_34([1] * 9 + [0] * 25)
/// '123456789m'
#[pyfunction]
pub fn from_34(counts: Vec<u8>) -> Result<String, Error> {
    Ok(counts_of(&counts)?.to_string())
}

/// The 136-tile ids of tiles, sorted, as `mahjong` and RiichiEnv number them (`kind * 4 +
/// copy`; with `red_fives`, ids 16, 52, 88 are the red fives and plain fives skip them).
///
/// >>> hupai.to_136("0555m")
/// [16, 17, 18, 19]
#[pyfunction]
#[pyo3(signature = (text, red_fives = true))]
pub fn to_136(text: TileText, red_fives: bool) -> Result<Vec<u32>, Error> {
    Ok(encoding::to_136(&text.tiles()?, red_fives)?)
}

/// MPSZ text of 136-tile ids (`0` for ids 16, 52, 88 when `red_fives`).
///
/// >>> hupai.from_136([16, 17, 52, 135])
/// '05m0p7z'
#[pyfunction]
#[pyo3(signature = (ids, red_fives = true))]
pub fn from_136(ids: Vec<u32>, red_fives: bool) -> Result<String, Error> {
    Ok(tiles_to_mpsz(&encoding::from_136(&ids, red_fives)?))
}

/// PyMahjongGB's codes of tiles, in input order (`W` m, `B` p, `T` s, `F1`-`F4` winds,
/// `J1` red, `J2` green, `J3` white); red fives become plain fives.
///
/// >>> hupai.to_gb("19m5p 567z")
/// ['W1', 'W9', 'B5', 'J3', 'J2', 'J1']
#[pyfunction]
pub fn to_gb(text: TileText) -> Result<Vec<&'static str>, Error> {
    Ok(text.tiles()?.into_iter().map(|(k, _)| gb_code(k)).collect())
}

/// MPSZ text of PyMahjongGB codes.
///
/// >>> hupai.from_gb(["W1", "T9", "J1"])
/// '1m9s7z'
#[pyfunction]
pub fn from_gb(codes: Vec<String>) -> Result<String, Error> {
    let tiles: Vec<(Kind, bool)> =
        codes.iter().map(|c| kind_from_gb(c).map(|k| (k, false))).collect::<Result<_, _>>()?;
    Ok(tiles_to_mpsz(&tiles))
}

/// mjai names of tiles, in input order (`5mr` for a red five, `E S W N P F C` for honours).
///
/// >>> hupai.to_mjai("0m5p17z")
/// ['5mr', '5p', 'E', 'C']
#[pyfunction]
pub fn to_mjai(text: TileText) -> Result<Vec<&'static str>, Error> {
    Ok(text.tiles()?.into_iter().map(|(k, red)| mjai_name(k, red)).collect())
}

/// Chinese names of tiles, in input order (`一万`, `五筒`, `九条`, `东`, `白`, `发`, `中`).
///
/// >>> hupai.to_chinese("1m5p9s567z")
/// ['一万', '五筒', '九条', '白', '发', '中']
#[pyfunction]
pub fn to_chinese(text: TileText) -> Result<Vec<String>, Error> {
    Ok(text.tiles()?.into_iter().map(|(k, _)| chinese_name(k)).collect())
}

/// The tiles as Unicode mahjong glyphs, in input order.
///
/// >>> hupai.to_glyphs("123m7z")
/// '🀇🀈🀉🀄'
#[pyfunction]
pub fn to_glyphs(text: TileText) -> Result<String, Error> {
    Ok(text.tiles()?.into_iter().map(|(k, _)| glyph(k)).collect())
}

/// The functions, added to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tiles, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(to_34, m)?)?;
    m.add_function(wrap_pyfunction!(from_34, m)?)?;
    m.add_function(wrap_pyfunction!(to_136, m)?)?;
    m.add_function(wrap_pyfunction!(from_136, m)?)?;
    m.add_function(wrap_pyfunction!(to_gb, m)?)?;
    m.add_function(wrap_pyfunction!(from_gb, m)?)?;
    m.add_function(wrap_pyfunction!(to_mjai, m)?)?;
    m.add_function(wrap_pyfunction!(to_chinese, m)?)?;
    m.add_function(wrap_pyfunction!(to_glyphs, m)?)?;
    Ok(())
}
