//! Reading and writing tiles and hands as text.
//!
//! Input accepts MPSZ (`123m456p789s1122z`, `0` for a red five), mjai names (`5mr`, `E S W N
//! P F C`), Chinese names (`一万`, `五条`, `九筒`, `东`, `中`, `发`, `白`) and the Unicode
//! mahjong glyphs (🀇 … 🀡, 🀀 … 🀆), freely mixed. A joker is `*` (or 🀪). Output is canonical
//! MPSZ. Positions in errors are 1-based character columns.
//!
//! ```
//! use hupai_core::{Counts, Hand};
//! let counts: Counts = "一万二万三万 🀙🀚🀛 5mr E E".parse().unwrap();
//! assert_eq!(counts.to_string(), "1235m123p11z");
//! let err = "1234z8z".parse::<Counts>().unwrap_err();
//! assert_eq!(err.to_string(), "invalid tile '8z' at 6: honours go 1z..7z");
//! let hand: Hand = "234m0p55p pon:777s".parse().unwrap();
//! assert_eq!(hand.to_string(), "234m055p pon:777s");
//! ```

use std::fmt;
use std::str::FromStr;

pub use crate::hand_error::HandError;
pub use crate::parse_error::ParseError;
use crate::plain_hand::read_plain_hand;
use crate::{Counts, Hand, Kind, Meld, MeldKind, Suit};

/// One tile read from text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ParsedTile {
    pub kind: Kind,
    pub red: bool,
    pub joker: bool,
    /// 1-based column.
    pub position: usize,
}

fn chinese_number(c: char) -> Option<u8> {
    Some(match c {
        '一' => 1,
        '二' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

fn chinese_suit(c: char) -> Option<Suit> {
    Some(match c {
        '万' | '萬' => Suit::Man,
        '筒' | '饼' | '餅' => Suit::Pin,
        '条' | '條' | '索' => Suit::Sou,
        _ => return None,
    })
}

fn honor_letter(c: char) -> Option<u8> {
    Some(match c {
        'E' | '东' | '東' => 1,
        'S' | '南' => 2,
        'W' | '西' => 3,
        'N' | '北' => 4,
        'P' | '白' => 5,
        'F' | '发' | '發' => 6,
        'C' | '中' => 7,
        _ => return None,
    })
}

fn kind_of_glyph(c: char) -> Option<Kind> {
    let code = c as u32;
    let (suit, number) = match code {
        0x1F000..=0x1F003 => (Suit::Honor, code - 0x1F000 + 1),
        0x1F004 => (Suit::Honor, 7),
        0x1F005 => (Suit::Honor, 6),
        0x1F006 => (Suit::Honor, 5),
        0x1F007..=0x1F00F => (Suit::Man, code - 0x1F007 + 1),
        0x1F010..=0x1F018 => (Suit::Sou, code - 0x1F010 + 1),
        0x1F019..=0x1F021 => (Suit::Pin, code - 0x1F019 + 1),
        _ => return None,
    };
    Kind::from_suit_number(suit, number as u8)
}

/// Parses a run of tiles; `offset` is added to positions (for text inside a larger string).
pub(crate) fn parse_tiles(s: &str, offset: usize) -> Result<Vec<ParsedTile>, ParseError> {
    let mut out = Vec::with_capacity(s.len());
    for_each_tile(s, offset, |t| out.push(t))?;
    Ok(out)
}

/// Parses a run of tiles and passes each to `emit` in order, without allocating; `offset` is
/// added to positions. On an error some tiles may have been passed already.
pub(crate) fn for_each_tile(
    s: &str,
    offset: usize,
    emit: impl FnMut(ParsedTile),
) -> Result<(), ParseError> {
    if is_plain_mpsz(s.as_bytes()) {
        return for_each_plain_tile(s.as_bytes(), offset, emit);
    }
    for_each_tile_general(s, offset, emit)
}

/// [`for_each_tile`] for any notation.
fn for_each_tile_general(
    s: &str,
    offset: usize,
    mut emit: impl FnMut(ParsedTile),
) -> Result<(), ParseError> {
    let bytes = s.as_bytes();
    // Digits waiting for their suit letter: the run's first byte, its column, its length
    // (digits are ASCII, so the run's bytes are its characters).
    let (mut run_start, mut run_column, mut run_len) = (0, 0, 0);
    let missing_suit = |start: usize, column: usize, len: usize| ParseError::MissingSuit {
        digits: String::from_utf8_lossy(&bytes[start..start + len]).into_owned(),
        position: column,
    };
    let mut chars = s.char_indices().peekable();
    let mut position = offset;
    while let Some((at, c)) = chars.next() {
        position += 1;
        if c.is_ascii_digit() {
            if run_len == 0 {
                (run_start, run_column) = (at, position);
            }
            run_len += 1;
            continue;
        }
        if run_len > 0 && !matches!(c, 'm' | 'p' | 's' | 'z') {
            return Err(missing_suit(run_start, run_column, run_len));
        }
        match c {
            'm' | 'p' | 's' | 'z' => {
                if run_len == 0 {
                    return Err(ParseError::UnexpectedChar { ch: c, position });
                }
                let suit = match c {
                    'm' => Suit::Man,
                    'p' => Suit::Pin,
                    's' => Suit::Sou,
                    _ => Suit::Honor,
                };
                // mjai's red five: `5mr`.
                let mjai_red = suit != Suit::Honor
                    && run_len == 1
                    && bytes[run_start] == b'5'
                    && chars.peek().map(|&(_, next)| next) == Some('r');
                for j in 0..run_len {
                    let mut tile = suited(bytes[run_start + j] - b'0', suit, run_column + j)?;
                    tile.red |= mjai_red;
                    emit(tile);
                }
                if mjai_red {
                    chars.next();
                    position += 1;
                }
                run_len = 0;
            }
            '*' | '\u{1F02A}' => {
                emit(ParsedTile { kind: Kind::default(), red: false, joker: true, position })
            }
            c if c.is_whitespace() || c == '\u{FE0F}' => {}
            c => {
                if let Some(n) = honor_letter(c) {
                    let kind = Kind::from_suit_number(Suit::Honor, n).unwrap_or_default();
                    emit(ParsedTile { kind, red: false, joker: false, position });
                } else if let Some(kind) = kind_of_glyph(c) {
                    emit(ParsedTile { kind, red: false, joker: false, position });
                } else if let (Some(n), Some(suit)) =
                    (chinese_number(c), chars.peek().and_then(|&(_, next)| chinese_suit(next)))
                {
                    let kind = Kind::from_suit_number(suit, n).unwrap_or_default();
                    emit(ParsedTile { kind, red: false, joker: false, position });
                    chars.next();
                    position += 1;
                } else {
                    return Err(ParseError::UnexpectedChar { ch: c, position });
                }
            }
        }
    }
    if run_len > 0 {
        return Err(missing_suit(run_start, run_column, run_len));
    }
    Ok(())
}

/// The suit of an MPSZ suit letter.
fn suit_letter(b: u8) -> Option<Suit> {
    match b {
        b'm' => Some(Suit::Man),
        b'p' => Some(Suit::Pin),
        b's' => Some(Suit::Sou),
        b'z' => Some(Suit::Honor),
        _ => None,
    }
}

/// Whether `bytes` are plain MPSZ: digit runs each closed by a suit letter, nothing else (no
/// mjai red five, no other notation), the text that [`for_each_plain_tile`] reads.
fn is_plain_mpsz(bytes: &[u8]) -> bool {
    let mut digits = 0;
    for &b in bytes {
        if b.is_ascii_digit() {
            digits += 1;
        } else if digits > 0 && suit_letter(b).is_some() {
            digits = 0;
        } else {
            return false;
        }
    }
    digits == 0
}

/// [`for_each_tile`] for plain MPSZ text (see [`is_plain_mpsz`]), byte by byte: the same
/// tiles, positions and errors as the general reader, in a fraction of its time.
fn for_each_plain_tile(
    bytes: &[u8],
    offset: usize,
    mut emit: impl FnMut(ParsedTile),
) -> Result<(), ParseError> {
    let mut run_start = 0;
    for (at, &b) in bytes.iter().enumerate() {
        if let Some(suit) = suit_letter(b) {
            for (j, &d) in bytes[run_start..at].iter().enumerate() {
                // One-based columns: the run's first digit is at offset + run_start + 1.
                emit(suited(d - b'0', suit, offset + run_start + 1 + j)?);
            }
            run_start = at + 1;
        }
    }
    Ok(())
}

fn suited(d: u8, suit: Suit, position: usize) -> Result<ParsedTile, ParseError> {
    // The tile's text is only made for the error (this runs for every tile read).
    let text = || format!("{d}{}", suit.letter());
    if suit == Suit::Honor {
        return match Kind::from_suit_number(suit, d) {
            Some(kind) => Ok(ParsedTile { kind, red: false, joker: false, position }),
            None => {
                Err(ParseError::InvalidTile { text: text(), position, reason: "honours go 1z..7z" })
            }
        };
    }
    let (number, red) = if d == 0 { (5, true) } else { (d, false) };
    match Kind::from_suit_number(suit, number) {
        Some(kind) => Ok(ParsedTile { kind, red, joker: false, position }),
        None => {
            Err(ParseError::InvalidTile { text: text(), position, reason: "number tiles go 1..9" })
        }
    }
}

/// Parses text naming exactly one tile.
pub(crate) fn parse_single(s: &str) -> Result<ParsedTile, ParseError> {
    // The common case, a digit and a suit letter, without the general reader.
    if let &[d @ b'0'..=b'9', letter] = s.as_bytes() {
        if let Some(suit) = suit_letter(letter) {
            return suited(d - b'0', suit, 1);
        }
    }
    let (mut first, mut count) = (None, 0);
    for_each_tile(s, 0, |t| {
        first = first.or(Some(t));
        count += 1;
    })?;
    match first {
        Some(t) if count == 1 && !t.joker => Ok(t),
        _ => Err(ParseError::NotOneTile { text: s.to_string() }),
    }
}

/// Parses `prefix:tiles`; `position` is the 1-based column where the meld text starts.
pub(crate) fn parse_meld(s: &str, position: usize) -> Result<Meld, HandError> {
    let Some((prefix, body)) = s.split_once(':') else {
        return Err(HandError::InvalidMeld {
            text: s.to_string(),
            position,
            reason: "a meld is written type:tiles, e.g. pon:777s",
        });
    };
    let Some(kind) = MeldKind::from_prefix(prefix) else {
        return Err(HandError::UnknownMeld { prefix: prefix.to_string(), position });
    };
    // At most four tiles are kept: a meld of any other size is refused by its size alone.
    let (mut kept, mut count, mut red) = ([Kind::default(); 4], 0, 0u8);
    let mut joker = None;
    if let Some(run) = plain_run(body.as_bytes()) {
        (kept, count, red) = run;
    } else {
        for_each_tile(body, position + prefix.chars().count(), |t| {
            if t.joker {
                joker = joker.or(Some(t.position));
            } else if let Some(slot) = kept.get_mut(count) {
                *slot = t.kind;
            }
            count += 1;
            red = red.saturating_add(t.red as u8);
        })?;
    }
    let invalid = |reason| HandError::InvalidMeld { text: s.to_string(), position, reason };
    if let Some(position) = joker {
        return Err(HandError::JokerNotAllowed { position });
    }
    let kinds = &mut kept[..count.min(4)];
    kinds.sort();
    let kinds = if count > 4 { &[][..] } else { &*kinds };
    let meld = match kind {
        MeldKind::Chi => {
            let ok = kinds.len() == 3
                && !kinds[0].is_honor()
                && kinds[0].offset(1) == Some(kinds[1])
                && kinds[0].offset(2) == Some(kinds[2]);
            if !ok {
                return Err(invalid("a chi is three consecutive tiles of one number suit"));
            }
            Meld::chi(kinds[0]).map_err(|_| invalid("a chi is three consecutive tiles"))?
        }
        MeldKind::Pon => {
            if kinds.len() != 3 || kinds.iter().any(|&k| k != kinds[0]) {
                return Err(invalid("a pon is three identical tiles"));
            }
            Meld::pon(kinds[0])
        }
        _ => {
            if kinds.len() != 4 || kinds.iter().any(|&k| k != kinds[0]) {
                return Err(invalid("a kan is four identical tiles"));
            }
            Meld::kan(kind, kinds[0])
        }
    };
    meld.with_red(red).map_err(|_| invalid("more red fives than fives"))
}

/// Counts in the tiles of a concealed token in plain MPSZ whose every digit names a tile
/// (runs of digits each closed by `m`, `p`, `s` or `z`; `0` a red five; honours `1z..7z`),
/// as [`parse_hand`] counts what [`for_each_tile`] reads, and gives true; for any other token
/// it counts nothing and gives false, and the general reader reads it (and names what is
/// wrong). Most hand text is such a token: this spares it the tile-by-tile reader's columns
/// and results (about 80 instructions a tile against 10).
fn count_plain_tiles(
    bytes: &[u8],
    concealed: &mut Counts,
    red: &mut [u8; 3],
    tiles: &mut usize,
) -> bool {
    let (mut counts, mut reds, mut read) = (*concealed, *red, *tiles);
    let mut run = 0;
    for (at, &b) in bytes.iter().enumerate() {
        if b.is_ascii_digit() {
            continue;
        }
        let Some(suit) = suit_letter(b).map(Suit::index) else { return false };
        if run == at {
            return false;
        }
        for &d in &bytes[run..at] {
            let number = match (suit, d - b'0') {
                (3, n @ 1..=7) => n,
                (3, _) => return false,
                (_, 0) => {
                    reds[suit] = reds[suit].saturating_add(1);
                    5
                }
                (_, n) => n,
            };
            let count = &mut counts.0[suit * 9 + usize::from(number) - 1];
            *count = count.saturating_add(1);
            read += 1;
        }
        run = at + 1;
    }
    if run != bytes.len() {
        return false;
    }
    (*concealed, *red, *tiles) = (counts, reds, read);
    true
}

/// A meld's tiles written as one run of digits and its suit letter (`777s`, `0555m`), every
/// digit a tile: the first four kinds, the tiles and the red fives, as [`parse_meld`] collects
/// them from [`for_each_tile`]; None for anything else, which that reader reads.
fn plain_run(bytes: &[u8]) -> Option<([Kind; 4], usize, u8)> {
    let (&letter, digits) = bytes.split_last()?;
    let suit = suit_letter(letter)?;
    let (mut kept, mut red) = ([Kind::default(); 4], 0u8);
    if digits.is_empty() {
        return None;
    }
    for (i, &d) in digits.iter().enumerate() {
        let d = d.wrapping_sub(b'0');
        let number = if d == 0 && suit != Suit::Honor {
            red = red.saturating_add(1);
            5
        } else {
            d
        };
        let kind = Kind::from_suit_number(suit, number)?;
        if let Some(slot) = kept.get_mut(i) {
            *slot = kind;
        }
    }
    Some((kept, digits.len(), red))
}

/// Parses hand text (see [`Hand`]'s `FromStr`).
pub(crate) fn parse_hand(s: &str) -> Result<Hand, HandError> {
    // Plain MPSZ, nearly every hand text, in one pass; anything else (every error too) from
    // the general reader, which gives the same hand where both read one.
    match read_plain_hand(s) {
        Some(hand) => Ok(hand),
        None => parse_hand_general(s),
    }
}

/// Parses hand text in any notation token by token, never through the one-pass reader of
/// plain MPSZ that `Hand`'s `FromStr` tries first: the reference that reader is tested
/// against (the same hand or, where the plain reader gives none, this answer).
pub fn parse_hand_general(s: &str) -> Result<Hand, HandError> {
    // Counted as read, without allocating (saturating: the size checks come after every
    // token has been read, so that a bad token is reported first, whatever the size).
    let mut concealed = Counts::EMPTY;
    let (mut tiles, mut jokers, mut red) = (0usize, 0u8, [0u8; 3]);
    let (mut melds, mut meld_count) = ([Meld::pon(Kind::default()); 4], 0);
    let mut read = |token: &str, start: usize| -> Result<(), HandError> {
        if count_plain_tiles(token.as_bytes(), &mut concealed, &mut red, &mut tiles) {
            return Ok(());
        }
        if token.contains(':') {
            let meld = parse_meld(token, start)?;
            if let Some(slot) = melds.get_mut(meld_count) {
                *slot = meld;
            }
            meld_count += 1;
        } else {
            for_each_tile(token, start - 1, |t| {
                tiles += 1;
                if t.joker {
                    jokers = jokers.saturating_add(1);
                } else {
                    let count = &mut concealed.0[t.kind.index()];
                    *count = count.saturating_add(1);
                    if t.red {
                        let r = &mut red[t.kind.suit().index() % 3];
                        *r = r.saturating_add(1);
                    }
                }
            })?;
        }
        Ok(())
    };
    // Tokens and their one-based columns. ASCII text (without the vertical tab, which is
    // whitespace to `char` but not to ASCII) is split byte by byte: a byte is a character.
    let bytes = s.as_bytes();
    if s.is_ascii() && !bytes.contains(&0x0B) {
        let mut at = 0;
        loop {
            while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
                at += 1;
            }
            if at >= bytes.len() {
                break;
            }
            let start = at;
            while bytes.get(at).is_some_and(|b| !b.is_ascii_whitespace()) {
                at += 1;
            }
            if let Some(token) = s.get(start..at) {
                read(token, start + 1)?;
            }
        }
    } else {
        let mut column = 0;
        for token in s.split(char::is_whitespace) {
            let start = column + 1;
            column += token.chars().count() + 1;
            if !token.is_empty() {
                read(token, start)?;
            }
        }
    }
    if meld_count > 4 {
        return Err(HandError::TooManyMelds { melds: meld_count });
    }
    let total = tiles + 3 * meld_count;
    if total > 14 {
        return Err(HandError::TooManyTiles { tiles: total as u32 });
    }
    Hand::with_extras(concealed, &melds[..meld_count], jokers, red)
}

// Each type's `FromStr` lives here, beside the reader it calls: the types know nothing of
// text, the notation knows the types.

impl FromStr for Kind {
    type Err = ParseError;

    /// Parses one tile in any accepted notation (`5m`, `0m`, `5mr`, `E`, `五万`, a glyph).
    fn from_str(s: &str) -> Result<Kind, ParseError> {
        // A digit and a suit letter naming a tile, the usual text, without building the
        // parsed tile (anything else, and every error, from the reader of one tile).
        if let &[d @ b'0'..=b'9', letter] = s.as_bytes() {
            if let Some(suit) = suit_letter(letter) {
                let number = if d == b'0' && suit != Suit::Honor { 5 } else { d - b'0' };
                if let Some(kind) = Kind::from_suit_number(suit, number) {
                    return Ok(kind);
                }
            }
        }
        parse_single(s).map(|t| t.kind)
    }
}

impl FromStr for Counts {
    type Err = HandError;

    /// Parses concealed tiles only (any accepted notation; red fives count as fives). At most
    /// 14 tiles and four copies of a kind.
    fn from_str(s: &str) -> Result<Counts, HandError> {
        let tiles = parse_tiles(s, 0)?;
        if let Some(joker) = tiles.iter().find(|t| t.joker) {
            return Err(HandError::JokerNotAllowed { position: joker.position });
        }
        // Checked before counting, so no count can overflow whatever the input.
        if tiles.len() > 14 {
            return Err(HandError::TooManyTiles { tiles: tiles.len() as u32 });
        }
        let counts = Counts::from_kinds(tiles.iter().map(|t| t.kind));
        counts.validate()?;
        Ok(counts)
    }
}

impl FromStr for Meld {
    type Err = HandError;

    /// Parses `chi:345m`, `pon:777s`, `kan:1111z`, `kakan:5555p`, `ankan:9999p` (red fives as `0`).
    fn from_str(s: &str) -> Result<Meld, HandError> {
        parse_meld(s, 1)
    }
}

impl FromStr for Hand {
    type Err = HandError;

    /// Parses hand text: concealed tiles in any accepted notation (`*` or 🀪 for a joker), then
    /// melds as `chi:345m pon:777s kan:1111z kakan:5555p ankan:9999p`, separated by spaces.
    fn from_str(s: &str) -> Result<Hand, HandError> {
        parse_hand(s)
    }
}

/// The Unicode mahjong glyph of a kind (🀇 … 🀏 characters, 🀙 … 🀡 dots, 🀐 … 🀘 bamboo,
/// 🀀 … 🀃 winds, 🀆 🀅 🀄 white, green, red).
pub fn glyph(kind: Kind) -> char {
    let n = kind.number() as u32 - 1;
    let code = match kind.suit() {
        Suit::Man => 0x1F007 + n,
        Suit::Pin => 0x1F019 + n,
        Suit::Sou => 0x1F010 + n,
        Suit::Honor => [0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004][n as usize],
    };
    char::from_u32(code).unwrap_or('?')
}

/// Parses any number of tiles (no limit of 14, no joker), e.g. the tiles seen on the table.
pub fn parse_kinds(s: &str) -> Result<Vec<Kind>, ParseError> {
    let tiles = parse_tiles(s, 0)?;
    if let Some(j) = tiles.iter().find(|t| t.joker) {
        return Err(ParseError::UnexpectedChar { ch: '*', position: j.position });
    }
    Ok(tiles.into_iter().map(|t| t.kind).collect())
}

/// Parses any number of tiles (no limit of 14, no joker) as (kind, red five), in input order.
pub fn parse_tiles_with_red(s: &str) -> Result<Vec<(Kind, bool)>, ParseError> {
    let tiles = parse_tiles(s, 0)?;
    if let Some(j) = tiles.iter().find(|t| t.joker) {
        return Err(ParseError::UnexpectedChar { ch: '*', position: j.position });
    }
    Ok(tiles.into_iter().map(|t| (t.kind, t.red)).collect())
}

/// Canonical MPSZ of any number of tiles (kind, red five), sorted: `0` for each red five.
pub fn tiles_to_mpsz(tiles: &[(Kind, bool)]) -> String {
    struct Text([u32; 34], [u32; 3]);
    impl fmt::Display for Text {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for suit in Suit::ALL {
                let start = suit.first().index();
                let counts = &self.0[start..start + suit.kind_count()];
                if counts.iter().all(|&c| c == 0) {
                    continue;
                }
                for (i, &c) in counts.iter().enumerate() {
                    let red = if suit != Suit::Honor && i == 4 { self.1[suit.index()] } else { 0 };
                    for _ in 0..red {
                        f.write_str("0")?;
                    }
                    for _ in red..c {
                        write!(f, "{}", i + 1)?;
                    }
                }
                write!(f, "{}", suit.letter())?;
            }
            Ok(())
        }
    }
    let mut text = Text([0; 34], [0; 3]);
    for &(kind, red) in tiles {
        text.0[kind.index()] += 1;
        if red && kind.number() == 5 && !kind.is_honor() {
            text.1[kind.suit().index()] += 1;
        }
    }
    text.to_string()
}

/// Canonical MPSZ of a list of kinds, e.g. `["1m", "2m"]` -> `12m`.
pub fn kinds_to_mpsz(kinds: impl IntoIterator<Item = Kind>) -> String {
    Counts::from_kinds(kinds).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(s: &str) -> Result<Counts, String> {
        s.parse::<Counts>().map_err(|e| e.to_string())
    }

    #[test]
    fn accepts_every_notation() {
        assert_eq!(counts("123m456p789s12345z").unwrap().total(), 14);
        assert_eq!(counts("5mr5pr5sr").unwrap().to_string(), "5m5p5s");
        assert_eq!(counts("ESWNPFC").unwrap().to_string(), "1234567z");
        assert_eq!(counts("东南西北白发中").unwrap().to_string(), "1234567z");
        assert_eq!(counts("九筒五条一萬").unwrap().to_string(), "1m9p5s");
        assert_eq!(counts("🀇🀙🀐🀀🀄🀅🀆").unwrap().to_string(), "1m1p1s1567z");
        assert_eq!(counts("🀄\u{FE0F}").unwrap().to_string(), "7z");
    }

    #[test]
    fn plain_mpsz_reads_as_the_general_reader_does() {
        let read = |general: bool, s: &str| {
            let mut tiles = Vec::new();
            let result = if general {
                for_each_tile_general(s, 3, |t| tiles.push(t))
            } else {
                for_each_tile(s, 3, |t| tiles.push(t))
            };
            (tiles, result)
        };
        let plain = [
            "123m456p789s12345z",
            "0m05p5s",
            "1z",
            "",
            "8z1m",
            "119m0z",
            "11m1111p",
            "1234567z",
            "99999m",
        ];
        for s in plain {
            assert!(is_plain_mpsz(s.as_bytes()), "{s}");
            assert_eq!(read(false, s), read(true, s), "{s}");
        }
        for s in ["5mr", "12", "m1", "1mm", "1m 2p", "E", "1m2", "一萬"] {
            assert!(!is_plain_mpsz(s.as_bytes()), "{s}");
            assert_eq!(read(false, s), read(true, s), "{s}");
        }
    }

    /// Every token over `alphabet` of up to `len` bytes, the empty one included.
    fn every_token(alphabet: &[u8], len: usize) -> Vec<Vec<u8>> {
        let mut tokens: Vec<Vec<u8>> = vec![Vec::new()];
        let mut last = tokens.clone();
        for _ in 0..len {
            last = last
                .iter()
                .flat_map(|t| alphabet.iter().map(move |&b| [t.as_slice(), &[b]].concat()))
                .collect();
            tokens.extend(last.iter().cloned());
        }
        tokens
    }

    #[test]
    fn plain_tokens_count_as_the_tile_reader_reads_them() {
        // Every token of up to five bytes over digits, suit letters and two others, and some
        // longer ones: counted, or left to the reader (which then fails or reads it itself).
        let mut tokens = every_token(b"0135789mpsz r", 5);
        for t in ["123m456p789s12345z", "0m05p5s", "11122233344455m", "1234567z", "99999m"] {
            tokens.push(t.as_bytes().to_vec());
        }
        let start = Counts::from_kinds(["1m", "5p"].map(|k| k.parse().unwrap()));
        for token in &tokens {
            let (mut counts, mut red, mut tiles) = (start, [1u8, 0, 254], 2usize);
            let counted = count_plain_tiles(token, &mut counts, &mut red, &mut tiles);
            let (mut want, mut want_red, mut want_tiles) = (start, [1u8, 0, 254], 2usize);
            let text = std::str::from_utf8(token).unwrap();
            let read = for_each_tile(text, 0, |t| {
                want_tiles += 1;
                want.0[t.kind.index()] = want.0[t.kind.index()].saturating_add(1);
                if t.red {
                    let r = &mut want_red[t.kind.suit().index() % 3];
                    *r = r.saturating_add(1);
                }
            });
            if counted {
                assert!(read.is_ok(), "{text}");
                assert_eq!((counts, red, tiles), (want, want_red, want_tiles), "{text}");
            } else {
                assert_eq!((counts, red, tiles), (start, [1, 0, 254], 2), "{text}");
                // Left to the reader: a token it refuses or one of another notation (`5mr`).
                assert!(read.is_err() || !is_plain_mpsz(token), "{text}");
            }
        }
    }

    #[test]
    fn plain_meld_runs_collect_as_the_tile_reader_does() {
        let tokens = every_token(b"01579mpsz*", 6);
        for token in &tokens {
            let text = std::str::from_utf8(token).unwrap();
            let (mut kept, mut count, mut red, mut joker) = ([Kind::default(); 4], 0, 0u8, false);
            let read = for_each_tile(text, 0, |t| {
                joker |= t.joker;
                if let Some(slot) = kept.get_mut(count) {
                    *slot = t.kind;
                }
                count += 1;
                red = red.saturating_add(t.red as u8);
            });
            match plain_run(token) {
                Some(run) => {
                    assert!(read.is_ok() && !joker, "{text}");
                    assert_eq!(run, (kept, count, red), "{text}");
                }
                // Left to the reader: not one run and its letter, or a digit naming no tile.
                None => {
                    let one_run = token.last().is_some_and(|&b| suit_letter(b).is_some())
                        && token.len() > 1
                        && token[..token.len() - 1].iter().all(u8::is_ascii_digit);
                    assert!(!one_run || read.is_err(), "{text}");
                }
            }
        }
    }

    #[test]
    fn two_byte_tiles_read_as_the_reader_of_one_tile_reads_them() {
        for d in b'0'..=b'9' {
            for letter in *b"mpszrx9 " {
                let text = String::from_utf8(vec![d, letter]).unwrap();
                assert_eq!(text.parse::<Kind>(), parse_single(&text).map(|t| t.kind), "{text}");
            }
        }
    }

    #[test]
    fn counts_over_four_copies_name_the_first_such_kind() {
        for kind in Kind::all() {
            let mut counts = Counts::EMPTY;
            for n in 0..=4 {
                counts.0[kind.index()] = n;
                assert_eq!(counts.validate(), Ok(()));
            }
            for n in 5..=255 {
                counts.0[kind.index()] = n;
                assert_eq!(counts.validate(), Err(HandError::TooManyCopies { kind, count: n }));
            }
            // Another kind over four after it: the first is named.
            counts.0[kind.index()] = 5;
            counts.0[33] = counts.0[33].max(7);
            let first = if kind.index() == 33 { 7 } else { 5 };
            assert_eq!(counts.validate(), Err(HandError::TooManyCopies { kind, count: first }));
        }
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(counts("1234z8z").unwrap_err(), "invalid tile '8z' at 6: honours go 1z..7z");
        assert_eq!(counts("33333m").unwrap_err(), "five copies of 3m");
        assert_eq!(
            counts("111222333444555m").unwrap_err(),
            "15 tiles: a hand has at most 14 plus declared melds"
        );
        assert_eq!(
            counts("123").unwrap_err(),
            "digits '123' at 1 have no suit letter (m, p, s or z)"
        );
        assert_eq!(
            counts("12x").unwrap_err(),
            "digits '12' at 1 have no suit letter (m, p, s or z)"
        );
        assert_eq!(counts("1mx").unwrap_err(), "unexpected character 'x' at 3");
        assert_eq!(counts("m").unwrap_err(), "unexpected character 'm' at 1");
        assert_eq!(counts("0z").unwrap_err(), "invalid tile '0z' at 1: honours go 1z..7z");
        assert!(counts("1m*").is_err());
    }

    #[test]
    fn hands_with_melds() {
        let hand: Hand = "23456m11z pon:777s ankan:9999p".parse().unwrap();
        assert_eq!(hand.tile_count(), 13);
        assert!(!hand.is_closed());
        let e = "123m pon:778s".parse::<Hand>().unwrap_err().to_string();
        assert_eq!(e, "invalid meld 'pon:778s' at 6: a pon is three identical tiles");
        let e = "123m peng:777s".parse::<Hand>().unwrap_err().to_string();
        assert_eq!(e, "unknown meld 'peng' at 6: use chi, pon, kan, kakan or ankan");
        let e = "1111m kan:1111m".parse::<Hand>().unwrap_err().to_string();
        assert_eq!(e, "eight copies of 1m");
        let e = "123456789m pon:111z pon:222z".parse::<Hand>().unwrap_err().to_string();
        assert_eq!(e, "15 tiles: a hand has at most 14 plus declared melds");
    }

    #[test]
    fn long_input_is_an_error_not_an_overflow() {
        // Found by the fuzzer: 300 copies used to overflow a count before the size check.
        let long = "1".repeat(300) + "m";
        assert_eq!(
            counts(&long).unwrap_err(),
            "300 tiles: a hand has at most 14 plus declared melds"
        );
        assert!(long.parse::<Hand>().is_err());
    }

    #[test]
    fn glyphs_round_trip() {
        for kind in Kind::all() {
            let text = glyph(kind).to_string();
            assert_eq!(text.parse::<Kind>().unwrap(), kind, "{text}");
        }
    }

    #[test]
    fn red_fives_and_jokers_round_trip() {
        for text in ["340m055p chi:406s", "11m** pon:055p", "19m19p1234567z*"] {
            let hand: Hand = text.parse().unwrap();
            assert_eq!(hand.to_string(), text);
        }
        let tiles = parse_tiles_with_red("5mr 5m 🀄 0p 1m 1m 1m 1m 1m").unwrap();
        assert_eq!(tiles_to_mpsz(&tiles), "1111105m0p7z");
        let hand: Hand = "5mr55m".parse().unwrap();
        assert_eq!(hand.to_string(), "055m");
        assert_eq!(hand.red_fives(), [1, 0, 0]);
    }
}
