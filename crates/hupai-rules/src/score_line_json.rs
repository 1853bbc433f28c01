//! A score line's JSON read directly, for the common shape: one flat object of the usual
//! fields (`rules`, `hand`, the flags as `true`/`false`, the winds and tiles as text, counts as
//! plain integers, indicators as lists of text), strings without escapes. Anything else gives
//! None and the caller reads the line through `serde_json`, which names what is wrong: every
//! line read here reads the same through `serde` (the tests compare both on every fixture
//! line), and the error messages stay `serde`'s. Reading through `serde` costs as much as
//! scoring an MCR hand, because the flattened `WinContext` buffers every field first.
//!
//! ```
//! use hupai_rules::ScoreLine;
//! let text = r#"{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m", "self_drawn": true}"#;
//! let line = ScoreLine::read_plain_json(text).unwrap();
//! assert!(line.context.self_drawn);
//! assert!(ScoreLine::read_plain_json(r#"{"rules": "mcr", "hand": "1m\u0031m"}"#).is_none());
//! ```

use hupai_core::{Kind, Seat};

use crate::{ScoreLine, ScoreLineRef, WinContext};

/// One JSON value of the shapes read here.
enum Value<'a> {
    Text(&'a str),
    Flag(bool),
    Count(u64),
    Texts(Vec<&'a str>),
}

/// A cursor over the line's bytes. With `LINE`, the text is JSON lines and a `\n` ends the
/// line being read (it is white space to JSON, but never inside one line of JSON lines).
struct Reader<'a, const LINE: bool> {
    text: &'a str,
    at: usize,
}

/// The bytes of `word` (eight bytes, little-endian) that are a `"`, a `\` or a control
/// character, each as its top bit; exact up to the first such byte (the borrows of the
/// subtractions can only mark bytes after a true one), which is all the scan reads.
fn specials(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    zero(word ^ (ONES * u64::from(b'"')))
        | zero(word ^ (ONES * u64::from(b'\\')))
        | (word.wrapping_sub(ONES * 0x20) & !word & HIGH)
}

impl<'a, const LINE: bool> Reader<'a, LINE> {
    #[inline(always)]
    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.at) {
            // Most bytes here are not white space: one comparison says so.
            if b > b' ' || !(b == b' ' || b == b'\t' || b == b'\r' || (!LINE && b == b'\n')) {
                break;
            }
            self.at += 1;
        }
    }

    /// The next byte after white space, consumed.
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        self.skip_space();
        let b = *self.text.as_bytes().get(self.at)?;
        self.at += 1;
        Some(b)
    }

    #[inline(always)]
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.as_bytes().get(self.at).copied()
    }

    /// A string's contents after its opening quote (no escape, no control character), read
    /// eight bytes at a time.
    #[inline(always)]
    fn string(&mut self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        let mut at = start;
        while let Some(chunk) = bytes.get(at..at + 8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            let found = specials(u64::from_le_bytes(word));
            if found != 0 {
                at += (found.trailing_zeros() / 8) as usize;
                break;
            }
            at += 8;
        }
        loop {
            match *bytes.get(at)? {
                b'"' => break,
                b'\\' | 0..=0x1F => return None,
                _ => at += 1,
            }
        }
        self.at = at + 1;
        // Quotes are ASCII, so the slice falls on character boundaries.
        self.text.get(start..at)
    }

    fn literal(&mut self, word: &str) -> Option<()> {
        let rest = self.text.as_bytes().get(self.at..)?;
        rest.starts_with(word.as_bytes()).then(|| self.at += word.len())
    }

    fn value(&mut self) -> Option<Value<'a>> {
        match self.next()? {
            b'"' => self.string().map(Value::Text),
            b't' => self.literal("rue").map(|()| Value::Flag(true)),
            b'f' => self.literal("alse").map(|()| Value::Flag(false)),
            b'[' => {
                let mut texts = Vec::new();
                if self.peek()? == b']' {
                    self.at += 1;
                    return Some(Value::Texts(texts));
                }
                loop {
                    if self.next()? != b'"' {
                        return None;
                    }
                    texts.push(self.string()?);
                    match self.next()? {
                        b',' => {}
                        b']' => return Some(Value::Texts(texts)),
                        _ => return None,
                    }
                }
            }
            first @ b'0'..=b'9' => {
                // JSON has no leading zero; a fraction or an exponent is not a count.
                let bytes = self.text.as_bytes();
                let mut n = u64::from(first - b'0');
                while let Some(&d @ b'0'..=b'9') = bytes.get(self.at) {
                    if first == b'0' {
                        return None;
                    }
                    n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
                    self.at += 1;
                }
                if matches!(bytes.get(self.at), Some(b'.' | b'e' | b'E')) {
                    return None;
                }
                Some(Value::Count(n))
            }
            _ => None,
        }
    }

    /// The field a key names (its number in [`FIELDS`]), the cursor after its opening quote,
    /// the key the `i`-th of its object; None for a key this reader leaves to `serde`. The key
    /// lines usually have there (`rules`, `hand`, `win_tile`, `self_drawn`, `seat_wind` in that
    /// order) is recognised by its bytes and closing quote, without reading it as a string
    /// and matching its text (it would read the same).
    #[inline(always)]
    fn field(&mut self, i: usize) -> Option<usize> {
        // The next sixteen bytes as one word, compared under a mask with the key and its
        // closing quote (no call to memcmp); near the end of the text, the general way.
        if let (Some(usual), Some(chunk)) =
            (USUAL_KEYS.get(i), self.text.as_bytes().get(self.at..self.at + 16))
        {
            let mut word = [0u8; 16];
            word.copy_from_slice(chunk);
            if u128::from_le_bytes(word) & usual.mask == usual.word {
                self.at += usual.len;
                return Some(i);
            }
        }
        let key = self.string()?;
        FIELDS.iter().position(|&f| f == key)
    }

    /// A string value (after white space), its quotes consumed.
    #[inline(always)]
    fn text_value(&mut self) -> Option<&'a str> {
        if self.next()? != b'"' {
            return None;
        }
        self.string()
    }

    /// A tile value: a string naming one. A digit and a suit letter naming a tile (`1m`..`9s`,
    /// `1z`..`7z`) read here; any other text (`0m`, `E`, errors) as `Kind` parses it.
    #[inline(always)]
    fn kind_value(&mut self) -> Option<Kind> {
        // The string's quotes and two bytes read in place, without the scan for its end.
        self.skip_space();
        if let Some(&[b'"', d, letter, b'"']) = self.text.as_bytes().get(self.at..self.at + 4) {
            if let Some(kind) = mpsz_kind(d, letter) {
                self.at += 4;
                return Some(kind);
            }
        }
        self.text_value()?.parse().ok()
    }

    /// A wind value: a string naming a wind tile.
    #[inline(always)]
    fn wind_value(&mut self) -> Option<Seat> {
        let k = self.kind_value()?;
        Seat::ALL.into_iter().find(|s| s.wind() == k)
    }

    /// A flag value: `true` or `false`.
    #[inline(always)]
    fn flag_value(&mut self) -> Option<bool> {
        self.skip_space();
        let rest = self.text.as_bytes().get(self.at..)?;
        // Each word a constant, compared in place.
        let (flag, len) = if rest.starts_with(b"true") {
            (true, 4)
        } else if rest.starts_with(b"false") {
            (false, 5)
        } else {
            return None;
        };
        self.at += len;
        Some(flag)
    }

    /// The object from the cursor on, its closing brace consumed.
    #[inline(always)]
    fn object(&mut self) -> Option<ScoreLineRef<'a>> {
        if self.next()? != b'{' {
            return None;
        }
        let (mut rules, mut hand, mut win_tile) = (None, None, None);
        // East until the win tile is read.
        let mut ctx = WinContext::new(Kind::new(0)?, false);
        let mut seen = 0u32;
        let mut keys = 0;
        if self.next()? != b'"' {
            return None;
        }
        loop {
            let field = self.field(keys)?;
            keys += 1;
            // `: ` (as `json.dumps` writes it) taken at once; the value skips any more space.
            if self.text.as_bytes().get(self.at..)?.starts_with(b": ") {
                self.at += 2;
            } else if self.next()? != b':' {
                return None;
            }
            // The usual fields read by their type, the others as a value then checked: a
            // value of the wrong type is None either way.
            match field {
                0 => rules = Some(self.text_value()?),
                1 => hand = Some(self.text_value()?),
                2 => win_tile = Some(self.kind_value()?),
                3 => ctx.self_drawn = self.flag_value()?,
                4 => ctx.seat_wind = self.wind_value()?,
                _ => {
                    let value = self.value()?;
                    if !set(field, value, &mut ctx) {
                        return None;
                    }
                }
            }
            // A repeated field goes to `serde`, which names it.
            let bit = 1u32 << field;
            if seen & bit != 0 {
                return None;
            }
            seen |= bit;
            // The next key's opening quote consumed: `, "` (as `json.dumps` writes it) at once.
            if self.text.as_bytes().get(self.at..)?.starts_with(b", \"") {
                self.at += 3;
                continue;
            }
            match self.next()? {
                b',' if self.next()? == b'"' => {}
                b'}' => break,
                _ => return None,
            }
        }
        ctx.win_tile = win_tile?;
        Some(ScoreLineRef { rules: rules?, hand: hand?, context: ctx })
    }
}

/// The kind a digit and a suit letter name (`1m`..`9s`, `1z`..`7z`; not `0m`, which `Kind`
/// parses too): read as `Kind` parses it.
fn mpsz_kind(d: u8, letter: u8) -> Option<Kind> {
    let first = match letter {
        b'm' => 0,
        b'p' => 9,
        b's' => 18,
        b'z' if d <= b'7' => 27,
        _ => return None,
    };
    match d {
        b'1'..=b'9' => Kind::new(first + d - b'1'),
        _ => None,
    }
}

/// The line in `text`, or None where it leaves the common shape (see the module).
impl ScoreLine {
    /// The line in JSON `text` when it has the common shape (one flat object of the usual
    /// fields and value types, strings without escapes), read directly; None otherwise, and
    /// then `serde_json` reads it (and names what is wrong). A line read here reads the same
    /// through `serde`, several times faster.
    pub fn read_plain_json(text: &str) -> Option<ScoreLine> {
        read(text).map(ScoreLineRef::to_owned_line)
    }
}

impl<'a> ScoreLineRef<'a> {
    /// [`ScoreLine::read_plain_json`] with the rules' name and the hand text left in `text`.
    pub fn read_plain_json(text: &'a str) -> Option<ScoreLineRef<'a>> {
        read(text)
    }

    /// The line of JSON lines `text` that starts at byte `at`, read as
    /// [`ScoreLineRef::read_plain_json`] reads that line alone (the text up to its `\n`, or
    /// to the end), and where the next line starts; None where [`read_plain_json`] gives None
    /// for the line (a blank line too), and then the caller finds the line's end itself.
    /// Reading the lines this way spares a pass over the text to split it.
    ///
    /// [`read_plain_json`]: ScoreLineRef::read_plain_json
    pub fn read_plain_json_line(text: &'a str, at: usize) -> Option<(ScoreLineRef<'a>, usize)> {
        let mut r = Reader::<true> { text, at };
        let line = r.object()?;
        r.skip_space();
        match text.as_bytes().get(r.at) {
            None => Some((line, r.at)),
            Some(b'\n') => Some((line, r.at + 1)),
            Some(_) => None,
        }
    }
}

fn read(text: &str) -> Option<ScoreLineRef<'_>> {
    let mut r = Reader::<false> { text, at: 0 };
    let line = r.object()?;
    r.skip_space();
    (r.at == text.len()).then_some(line)
}

/// The fields read here, each numbered by its place: the first five in the order lines
/// usually have them.
const FIELDS: [&str; 21] = [
    "rules",
    "hand",
    "win_tile",
    "self_drawn",
    "seat_wind",
    "round_wind",
    "riichi",
    "double_riichi",
    "ippatsu",
    "last_tile",
    "replacement",
    "robbing_kong",
    "kong_discard",
    "dealer_discard",
    "fourth_tile",
    "first_turn",
    "flowers",
    "honba",
    "riichi_sticks",
    "dora_indicators",
    "ura_indicators",
];

/// A usual key and its closing quote as the low bytes of a little-endian word.
struct UsualKey {
    /// The bytes.
    word: u128,
    /// The bytes of `word` that hold them.
    mask: u128,
    /// How many.
    len: usize,
}

impl UsualKey {
    const fn new(key: &str) -> UsualKey {
        let bytes = key.as_bytes();
        assert!(bytes.len() < 16, "a usual key and its quote fit one word");
        let mut word = 0u128;
        let mut i = 0;
        while i < bytes.len() {
            word |= (bytes[i] as u128) << (8 * i);
            i += 1;
        }
        word |= (b'"' as u128) << (8 * i);
        let len = bytes.len() + 1;
        UsualKey { word, mask: (1u128 << (8 * len)) - 1, len }
    }
}

/// The first five [`FIELDS`], the keys lines usually have, in that order.
const USUAL_KEYS: [UsualKey; 5] = [
    UsualKey::new(FIELDS[0]),
    UsualKey::new(FIELDS[1]),
    UsualKey::new(FIELDS[2]),
    UsualKey::new(FIELDS[3]),
    UsualKey::new(FIELDS[4]),
];

/// Sets field number `field` (of [`FIELDS`], past the usual ones, which the reader reads by
/// their types) from `value`: whether the value fits it.
fn set(field: usize, value: Value<'_>, c: &mut WinContext) -> bool {
    let flag = |v: &Value<'_>| match v {
        Value::Flag(b) => Some(*b),
        _ => None,
    };
    let kind = |v: &Value<'_>| match v {
        Value::Text(t) => t.parse::<Kind>().ok(),
        _ => None,
    };
    let wind = |v: &Value<'_>| {
        let k = kind(v)?;
        Seat::ALL.into_iter().find(|s| s.wind() == k)
    };
    let kinds = |v: &Value<'_>| match v {
        Value::Texts(ts) => ts.iter().map(|t| t.parse::<Kind>().ok()).collect(),
        _ => None,
    };
    fn count<T: TryFrom<u64>>(v: &Value<'_>) -> Option<T> {
        match v {
            Value::Count(n) => T::try_from(*n).ok(),
            _ => None,
        }
    }
    let done = match field {
        5 => wind(&value).map(|s| c.round_wind = s),
        6 => flag(&value).map(|b| c.riichi = b),
        7 => flag(&value).map(|b| c.double_riichi = b),
        8 => flag(&value).map(|b| c.ippatsu = b),
        9 => flag(&value).map(|b| c.last_tile = b),
        10 => flag(&value).map(|b| c.replacement = b),
        11 => flag(&value).map(|b| c.robbing_kong = b),
        12 => flag(&value).map(|b| c.kong_discard = b),
        13 => flag(&value).map(|b| c.dealer_discard = b),
        14 => flag(&value).map(|b| c.fourth_tile = b),
        15 => flag(&value).map(|b| c.first_turn = b),
        16 => count(&value).map(|n| c.flowers = n),
        17 => count(&value).map(|n| c.honba = n),
        18 => count(&value).map(|n| c.riichi_sticks = n),
        19 => kinds(&value).map(|k| c.dora_indicators = k),
        20 => kinds(&value).map(|k| c.ura_indicators = k),
        _ => None,
    };
    done.is_some()
}
