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

/// A cursor over the line's bytes.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() && matches!(bytes[self.at], b' ' | b'\t' | b'\n' | b'\r') {
            self.at += 1;
        }
    }

    /// The next byte after white space, consumed.
    fn next(&mut self) -> Option<u8> {
        self.skip_space();
        let b = *self.text.as_bytes().get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.as_bytes().get(self.at).copied()
    }

    /// A string's contents after its opening quote (no escape, no control character).
    fn string(&mut self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        loop {
            match *bytes.get(self.at)? {
                b'"' => break,
                b'\\' | 0..=0x1F => return None,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        // Quotes are ASCII, so the slice falls on character boundaries.
        self.text.get(start..self.at - 1)
    }

    fn literal(&mut self, word: &str) -> Option<()> {
        let rest = self.text.get(self.at..)?;
        rest.starts_with(word).then(|| self.at += word.len())
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
}

fn read(text: &str) -> Option<ScoreLineRef<'_>> {
    let mut r = Reader { text, at: 0 };
    if r.next()? != b'{' {
        return None;
    }
    let (mut rules, mut hand, mut win_tile) = (None, None, None);
    // East until the win tile is read.
    let mut ctx = WinContext::new(Kind::new(0)?, false);
    let mut seen = 0u32;
    if r.peek()? == b'}' {
        return None;
    }
    loop {
        if r.next()? != b'"' {
            return None;
        }
        let key = r.string()?;
        if r.next()? != b':' {
            return None;
        }
        let value = r.value()?;
        let (bit, ok) = set(key, value, &mut rules, &mut hand, &mut win_tile, &mut ctx)?;
        // A repeated field goes to `serde`, which names it.
        if !ok || seen & bit != 0 {
            return None;
        }
        seen |= bit;
        match r.next()? {
            b',' => {}
            b'}' => break,
            _ => return None,
        }
    }
    r.skip_space();
    if r.at != text.len() {
        return None;
    }
    ctx.win_tile = win_tile?;
    Some(ScoreLineRef { rules: rules?, hand: hand?, context: ctx })
}

/// Sets the field `key` from `value`: the field's bit and whether the value fits it; None for
/// a key this reader leaves to `serde`.
fn set<'a>(
    key: &str,
    value: Value<'a>,
    rules: &mut Option<&'a str>,
    hand: &mut Option<&'a str>,
    win_tile: &mut Option<Kind>,
    c: &mut WinContext,
) -> Option<(u32, bool)> {
    let flag = |v: &Value<'_>| match v {
        Value::Flag(b) => Some(*b),
        _ => None,
    };
    let text = |v: &Value<'a>| match *v {
        Value::Text(t) => Some(t),
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
    let ok = |bit: u32, done: Option<()>| Some((1 << bit, done.is_some()));
    match key {
        "rules" => ok(0, text(&value).map(|t| *rules = Some(t))),
        "hand" => ok(1, text(&value).map(|t| *hand = Some(t))),
        "win_tile" => ok(2, kind(&value).map(|k| *win_tile = Some(k))),
        "self_drawn" => ok(3, flag(&value).map(|b| c.self_drawn = b)),
        "seat_wind" => ok(4, wind(&value).map(|s| c.seat_wind = s)),
        "round_wind" => ok(5, wind(&value).map(|s| c.round_wind = s)),
        "riichi" => ok(6, flag(&value).map(|b| c.riichi = b)),
        "double_riichi" => ok(7, flag(&value).map(|b| c.double_riichi = b)),
        "ippatsu" => ok(8, flag(&value).map(|b| c.ippatsu = b)),
        "last_tile" => ok(9, flag(&value).map(|b| c.last_tile = b)),
        "replacement" => ok(10, flag(&value).map(|b| c.replacement = b)),
        "robbing_kong" => ok(11, flag(&value).map(|b| c.robbing_kong = b)),
        "kong_discard" => ok(12, flag(&value).map(|b| c.kong_discard = b)),
        "dealer_discard" => ok(13, flag(&value).map(|b| c.dealer_discard = b)),
        "fourth_tile" => ok(14, flag(&value).map(|b| c.fourth_tile = b)),
        "first_turn" => ok(15, flag(&value).map(|b| c.first_turn = b)),
        "flowers" => ok(16, count(&value).map(|n| c.flowers = n)),
        "honba" => ok(17, count(&value).map(|n| c.honba = n)),
        "riichi_sticks" => ok(18, count(&value).map(|n| c.riichi_sticks = n)),
        "dora_indicators" => ok(19, kinds(&value).map(|k| c.dora_indicators = k)),
        "ura_indicators" => ok(20, kinds(&value).map(|k| c.ura_indicators = k)),
        _ => None,
    }
}
