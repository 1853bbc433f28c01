//! A score line read from a Python dict field by field: its items read in one pass, each key's
//! text matched to a field, exact type checks, the values parsed by the same `FromStr` as `serde` uses. A dict that
//! leaves this path (a key it does not read, a value of another type, out of range or that
//! does not parse) gives None, and the caller reads it through `serde` (`pythonize`), which
//! names what is wrong: the error messages stay `hupai score`'s, and every line that reads
//! here reads the same through `serde` (the tests compare both on the fixture lines).
//!
//! Reading a dict through `serde` cost several microseconds a line (the flattened
//! `WinContext` buffers every field first); this reading is a fraction of that (the README's
//! Speed section has the paths measured against each other).

use hupai_core::{Kind, Seat};
use hupai_rules::{ScoreLine, WinContext};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};

/// A field the fast path reads.
#[derive(Clone, Copy, Debug)]
enum Field {
    Rules,
    Hand,
    WinTile,
    SelfDrawn,
    SeatWind,
    RoundWind,
    Riichi,
    DoubleRiichi,
    Ippatsu,
    LastTile,
    Replacement,
    RobbingKong,
    KongDiscard,
    DealerDiscard,
    FourthTile,
    FirstTurn,
    Flowers,
    Honba,
    RiichiSticks,
    Dora,
    Ura,
}

/// The field a key names (the key's text as `serde` reads it), or None for any other key.
fn field_named(name: &str) -> Option<Field> {
    Some(match name {
        "rules" => Field::Rules,
        "hand" => Field::Hand,
        "win_tile" => Field::WinTile,
        "self_drawn" => Field::SelfDrawn,
        "seat_wind" => Field::SeatWind,
        "round_wind" => Field::RoundWind,
        "riichi" => Field::Riichi,
        "double_riichi" => Field::DoubleRiichi,
        "ippatsu" => Field::Ippatsu,
        "last_tile" => Field::LastTile,
        "replacement" => Field::Replacement,
        "robbing_kong" => Field::RobbingKong,
        "kong_discard" => Field::KongDiscard,
        "dealer_discard" => Field::DealerDiscard,
        "fourth_tile" => Field::FourthTile,
        "first_turn" => Field::FirstTurn,
        "flowers" => Field::Flowers,
        "honba" => Field::Honba,
        "riichi_sticks" => Field::RiichiSticks,
        "dora_indicators" => Field::Dora,
        "ura_indicators" => Field::Ura,
        _ => return None,
    })
}

/// The field of the `i`-th key of a line when it is the interned string of the field lines
/// usually have there (a key written in Python source is interned; `rules`, `hand`,
/// `win_tile`, `self_drawn`, `seat_wind` in that order): found by address, its text not read.
/// One comparison a key, so that other keys (JSON's are not interned) lose next to nothing.
fn interned_field(py: Python<'_>, i: usize, key: &Bound<'_, PyAny>) -> Option<Field> {
    let (name, field) = match i {
        0 => (intern!(py, "rules"), Field::Rules),
        1 => (intern!(py, "hand"), Field::Hand),
        2 => (intern!(py, "win_tile"), Field::WinTile),
        3 => (intern!(py, "self_drawn"), Field::SelfDrawn),
        4 => (intern!(py, "seat_wind"), Field::SeatWind),
        _ => return None,
    };
    (name.as_ptr() == key.as_ptr()).then_some(field)
}

/// What a line's dict holds before the win tile is known.
struct Fields<'py> {
    rules: Option<Bound<'py, PyString>>,
    hand: Option<Bound<'py, PyString>>,
    ctx: WinContext,
    win_tile: bool,
}

/// A line read from a dict, its two texts still the dict's `str` objects (held, so that they
/// live as long as these do, whatever happens to the dict), not yet checked to have a UTF-8
/// form: the caller reads their text ([`PyStringMethods::to_str`], in place) and sends a line
/// whose texts have none (lone surrogates) through `serde`, which names the error.
pub struct DictLine<'py> {
    /// The rules' name.
    pub rules: Bound<'py, PyString>,
    /// The hand text.
    pub hand: Bound<'py, PyString>,
    /// The situation of the win.
    pub context: WinContext,
}

impl DictLine<'_> {
    /// The line with its texts copied; None when a text has no UTF-8 form.
    pub fn into_line(self) -> Option<ScoreLine> {
        Some(ScoreLine {
            rules: self.rules.to_str().ok()?.to_owned(),
            hand: self.hand.to_str().ok()?.to_owned(),
            context: self.context,
        })
    }
}

/// The line in `d`, or None where the dict leaves the fast path (see the module).
pub fn read<'py>(d: &Bound<'py, PyDict>) -> Option<DictLine<'py>> {
    let mut f = Fields::new()?;
    // The items in one pass (no hash lookups, none for the fields a line leaves out): a key
    // that is not a `str` naming a field leaves the fast path. Nothing here runs Python code,
    // so the dict cannot change while it is read.
    let py = d.py();
    for (i, (key, value)) in d.iter().enumerate() {
        set(&mut f, field_of(py, i, &key)?, &value)?;
    }
    f.into_line()
}

/// The field the `i`-th key of a line names: by address when it is the interned string of
/// the field lines usually have there, else by its text; None for any other key.
fn field_of(py: Python<'_>, i: usize, key: &Bound<'_, PyAny>) -> Option<Field> {
    match interned_field(py, i, key) {
        Some(field) => Some(field),
        None => field_named(key.cast_exact::<PyString>().ok()?.to_str().ok()?),
    }
}

impl<'py> Fields<'py> {
    /// No field read yet: the win tile is required, East until it is read.
    fn new() -> Option<Fields<'py>> {
        Some(Fields {
            rules: None,
            hand: None,
            ctx: WinContext::new(Kind::new(0)?, false),
            win_tile: false,
        })
    }

    /// The line, or None where a required field is missing.
    fn into_line(self) -> Option<DictLine<'py>> {
        if !self.win_tile {
            return None;
        }
        Some(DictLine { rules: self.rules?, hand: self.hand?, context: self.ctx })
    }
}

fn set<'py>(f: &mut Fields<'py>, field: Field, v: &Bound<'py, PyAny>) -> Option<()> {
    let c = &mut f.ctx;
    match field {
        Field::Rules => f.rules = Some(text(v)?),
        Field::Hand => f.hand = Some(text(v)?),
        Field::WinTile => {
            c.win_tile = kind(v)?;
            f.win_tile = true;
        }
        Field::SelfDrawn => c.self_drawn = flag(v)?,
        Field::SeatWind => c.seat_wind = wind(v)?,
        Field::RoundWind => c.round_wind = wind(v)?,
        Field::Riichi => c.riichi = flag(v)?,
        Field::DoubleRiichi => c.double_riichi = flag(v)?,
        Field::Ippatsu => c.ippatsu = flag(v)?,
        Field::LastTile => c.last_tile = flag(v)?,
        Field::Replacement => c.replacement = flag(v)?,
        Field::RobbingKong => c.robbing_kong = flag(v)?,
        Field::KongDiscard => c.kong_discard = flag(v)?,
        Field::DealerDiscard => c.dealer_discard = flag(v)?,
        Field::FourthTile => c.fourth_tile = flag(v)?,
        Field::FirstTurn => c.first_turn = flag(v)?,
        Field::Flowers => c.flowers = int(v)?,
        Field::Honba => c.honba = int(v)?,
        Field::RiichiSticks => c.riichi_sticks = int(v)?,
        Field::Dora => c.dora_indicators = kinds(v)?,
        Field::Ura => c.ura_indicators = kinds(v)?,
    }
    Some(())
}

/// A `str` (not a subclass), held (its UTF-8 form is the caller's to read).
fn text<'py>(v: &Bound<'py, PyAny>) -> Option<Bound<'py, PyString>> {
    Some(v.cast_exact::<PyString>().ok()?.clone())
}

/// The UTF-8 text of a `str` (not a subclass), borrowed: CPython 3.10 and later (either ABI)
/// read it in place (the string keeps its UTF-8 form once made; an ASCII string is its own),
/// where 3.9's stable ABI made a new `bytes` object a field. A string with lone surrogates has
/// none: None.
fn utf8<'a>(v: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    v.cast_exact::<PyString>().ok()?.to_str().ok()
}

/// A tile kind: two bytes of MPSZ (`5m`, `1z`) read at once, any other text as `Kind` parses
/// it (the tests read every two-byte text both ways).
fn kind(v: &Bound<'_, PyAny>) -> Option<Kind> {
    let text = utf8(v)?;
    match *text.as_bytes() {
        [digit @ b'1'..=b'9', suit] => {
            let suit = match suit {
                b'm' => 0,
                b'p' => 1,
                b's' => 2,
                b'z' if digit <= b'7' => 3,
                _ => return text.parse().ok(),
            };
            Kind::new(suit * 9 + digit - b'1')
        }
        _ => text.parse().ok(),
    }
}

/// A wind tile in any notation, as the seat whose wind it is (`serde`'s `wind` reading).
fn wind(v: &Bound<'_, PyAny>) -> Option<Seat> {
    let k = kind(v)?;
    Seat::ALL.into_iter().find(|s| s.wind() == k)
}

/// `True` or `False` (an int is not a flag to `serde` either).
fn flag(v: &Bound<'_, PyAny>) -> Option<bool> {
    Some(v.cast::<PyBool>().ok()?.is_true())
}

/// An `int` (not a bool, not a subclass) in the range of `T`.
fn int<T: for<'a, 'py> FromPyObject<'a, 'py>>(v: &Bound<'_, PyAny>) -> Option<T> {
    v.cast_exact::<PyInt>().ok()?.extract().ok()
}

fn kinds(v: &Bound<'_, PyAny>) -> Option<Vec<Kind>> {
    let list = v.cast_exact::<PyList>().ok()?;
    list.iter().map(|t| kind(&t)).collect()
}
