//! A win as one JSON line: what `hupai score` reads and what the engine logs with every `hora`.
//!
//! ```
//! use hupai_rules::{RulesCache, ScoreLine};
//! let line: ScoreLine = serde_json::from_str(
//!     r#"{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m", "self_drawn": true}"#,
//! ).unwrap();
//! let (hand, ctx) = line.hand_and_context().unwrap();
//! assert_eq!(hand.to_string(), "11123455678999m");
//! assert!(ctx.self_drawn);
//! // Written back, the line is canonical: hand text sorted, winds in MPSZ.
//! let canonical = ScoreLine::new("mcr", &hand, &ctx);
//! assert_eq!(canonical.hand, "11123455678999m");
//! assert_eq!(serde_json::to_value(&canonical).unwrap()["seat_wind"], "1z");
//! // Scored with the rules it names, loaded once per name.
//! let mut rules = RulesCache::default();
//! let score = line.score(&mut rules).unwrap();
//! assert_eq!(score.items[0].id.as_str(), "nine_gates");
//! ```
//!
//! The fields are `rules` (a preset name or a TOML path), `hand` (hand text, the win tile among
//! the concealed tiles) and then those of [`WinContext`]; unknown fields are errors.

use std::fmt;

use hupai_core::{Hand, HandError};
use serde::{Deserialize, Serialize};

use crate::{score, Rules, RulesError, Score, ScoreError, WinContext};

/// A win in text form: the rules' name, the hand text and the situation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreLine {
    /// A preset name or a TOML path.
    pub rules: String,
    /// The winning hand in hand text (the win tile among the concealed tiles).
    pub hand: String,
    /// The situation of the win.
    #[serde(flatten)]
    pub context: WinContext,
}

impl ScoreLine {
    /// The line for `hand` won under `ctx` with the rules named `rules`.
    pub fn new(rules: &str, hand: &Hand, ctx: &WinContext) -> ScoreLine {
        ScoreLine { rules: rules.to_string(), hand: hand.to_string(), context: ctx.clone() }
    }

    /// The hand, parsed.
    pub fn parse_hand(&self) -> Result<Hand, HandError> {
        self.hand.parse()
    }

    /// The hand and the situation, or a message naming the field that does not parse.
    pub fn hand_and_context(&self) -> Result<(Hand, WinContext), String> {
        let hand = self.parse_hand().map_err(|e| format!("hand: {e}"))?;
        Ok((hand, self.context.clone()))
    }

    /// Scores the line under the rules it names (loaded through `rules`).
    pub fn score(&self, rules: &mut RulesCache) -> Result<Score, LineError> {
        score_named(rules, &self.rules, &self.hand, &self.context)
    }

    /// Scores the line under `rules`, whatever its `rules` field names.
    pub fn score_with(&self, rules: &Rules) -> Result<Score, LineError> {
        score_text(rules, &self.hand, &self.context)
    }
}

/// A score line whose texts are borrowed from the JSON it was read from
/// ([`ScoreLineRef::read_plain_json`]): scored as the [`ScoreLine`] with the same fields is,
/// without copying the rules' name and the hand text out of the line first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreLineRef<'a> {
    /// A preset name or a TOML path.
    pub rules: &'a str,
    /// The winning hand in hand text (the win tile among the concealed tiles).
    pub hand: &'a str,
    /// The situation of the win.
    pub context: WinContext,
}

impl ScoreLineRef<'_> {
    /// The line with its texts copied.
    pub fn to_owned_line(self) -> ScoreLine {
        ScoreLine {
            rules: self.rules.to_string(),
            hand: self.hand.to_string(),
            context: self.context,
        }
    }

    /// Scores the line under the rules it names, as [`ScoreLine::score`].
    pub fn score(&self, rules: &mut RulesCache) -> Result<Score, LineError> {
        score_named(rules, self.rules, self.hand, &self.context)
    }

    /// Scores the line under `rules`, as [`ScoreLine::score_with`].
    pub fn score_with(&self, rules: &Rules) -> Result<Score, LineError> {
        score_text(rules, self.hand, &self.context)
    }
}

/// A line's fields scored under the rules named `name`: the rules first, then the hand text.
fn score_named(
    cache: &mut RulesCache,
    name: &str,
    hand: &str,
    ctx: &WinContext,
) -> Result<Score, LineError> {
    let rules = cache.get(name)?;
    score_text(rules, hand, ctx)
}

/// A line's hand text parsed and scored under `rules`.
fn score_text(rules: &Rules, hand: &str, ctx: &WinContext) -> Result<Score, LineError> {
    let hand: Hand = hand.parse()?;
    Ok(score(rules, &hand, ctx)?)
}

/// Why a score line cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The rules it names do not load.
    Rules(RulesError),
    /// The hand text does not parse.
    Hand(HandError),
    /// The hand does not score.
    Score(ScoreError),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Rules(e) => write!(f, "rules: {e}"),
            LineError::Hand(e) => write!(f, "hand: {e}"),
            LineError::Score(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LineError {}

impl From<RulesError> for LineError {
    fn from(e: RulesError) -> LineError {
        LineError::Rules(e)
    }
}

impl From<HandError> for LineError {
    fn from(e: HandError) -> LineError {
        LineError::Hand(e)
    }
}

impl From<ScoreError> for LineError {
    fn from(e: ScoreError) -> LineError {
        LineError::Score(e)
    }
}

/// Rule sets by the name a line gives them ([`Rules::load`]), each loaded once.
#[derive(Clone, Debug, Default)]
pub struct RulesCache {
    /// In the order first named: a batch names one or a few, so comparing the names beats
    /// hashing every line's (two SipHash lookups, about 240 instructions a line).
    loaded: Vec<(String, Rules)>,
}

impl RulesCache {
    /// The rules named `name` (a preset or a TOML path), loaded on first use.
    pub fn get(&mut self, name: &str) -> Result<&Rules, RulesError> {
        let at = match self.loaded.iter().position(|(n, _)| n == name) {
            Some(at) => at,
            None => {
                let rules = Rules::load(name)?;
                self.loaded.push((name.to_string(), rules));
                self.loaded.len() - 1
            }
        };
        Ok(&self.loaded[at].1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Hand;

    fn read(text: &str) -> Result<ScoreLine, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn the_json_shape_is_the_engines() {
        let line = read(r#"{"rules":"riichi","hand":"234m0p55p456s678s 2s","win_tile":"2s"}"#);
        let line = line.unwrap();
        let text = serde_json::to_string(&line).unwrap();
        assert_eq!(
            text,
            concat!(
                r#"{"rules":"riichi","hand":"234m0p55p456s678s 2s","win_tile":"2s","#,
                r#""self_drawn":false,"seat_wind":"1z","round_wind":"1z","flowers":0,"#,
                r#""last_tile":false,"replacement":false,"robbing_kong":false,"#,
                r#""fourth_tile":false,"first_turn":false,"riichi":false,"double_riichi":false,"#,
                r#""ippatsu":false,"dora_indicators":[],"ura_indicators":[],"honba":0,"#,
                r#""riichi_sticks":0}"#
            )
        );
        assert_eq!(read(&text).unwrap(), line);
    }

    #[test]
    fn plain_json_reads_as_serde_does() {
        let mut lines = Vec::new();
        for (i, win) in ["5m", "1z", "7z", "9s"].into_iter().enumerate() {
            let mut ctx = WinContext::new(win.parse().unwrap(), i % 2 == 0);
            ctx.seat_wind = hupai_core::Seat::from_index(i).unwrap();
            ctx.riichi = i == 1;
            ctx.flowers = i as u8;
            ctx.honba = 300 * i as u32;
            ctx.dora_indicators = vec!["5p".parse().unwrap(); i];
            ctx.last_tile = i == 3;
            let hand: Hand = "123m456p789s1122z".parse().unwrap();
            // serde's canonical form: every field, the defaults written out.
            lines.push(serde_json::to_string(&ScoreLine::new("riichi", &hand, &ctx)).unwrap());
        }
        lines.extend(
            [
                r#"{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}"#,
                r#" { "rules" : "mcr" , "hand":"九筒 pon:777s 1z", "win_tile":"E","seat_wind":"S" } "#,
                r#"{"hand": "11m", "rules": "x.toml", "win_tile": "0m", "ura_indicators": []}"#,
            ]
            .map(String::from),
        );
        let mut cache = RulesCache::default();
        for text in &lines {
            let fast = ScoreLine::read_plain_json(text);
            assert!(fast.is_some(), "{text}");
            assert_eq!(fast, Some(read(text).unwrap()), "{text}");
            // Borrowed, the same line, scored the same (scores and errors alike).
            let borrowed = ScoreLineRef::read_plain_json(text).unwrap();
            assert_eq!(borrowed.score(&mut cache), fast.as_ref().unwrap().score(&mut cache));
            assert_eq!(borrowed.clone().to_owned_line(), read(text).unwrap(), "{text}");
        }
        // Every other shape is left to serde (whose answer may be a line or an error).
        for text in [
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "kita": 1}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "riichy": true}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "flowers": 300}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "flowers": 01}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "flowers": 1.0}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "flowers": -1}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "riichi": 1}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "riichi": null}"#,
            r#"{"rules": "mcr", "hand": "1\u006d", "win_tile": "1m"}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "8z"}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "seat_wind": "5z"}"#,
            r#"{"rules": "mcr", "hand": "1m"}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "rules": "mcr"}"#,
            // A key that starts as the usual one there does, or falls short of it.
            r#"{"rulesx": "mcr", "hand": "1m", "win_tile": "1m"}"#,
            r#"{"rules": "mcr", "han": "1m", "win_tile": "1m"}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "self_drawn_": true}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "self_drawn": true, "seat_wind"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "self_drawn"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m"} x"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m",}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "self_drawn": truth}"#,
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "dora_indicators": ["1m",]}"#,
            r#"[]"#,
            r#"{}"#,
            "",
        ] {
            assert_eq!(ScoreLine::read_plain_json(text), None, "{text}");
            assert_eq!(ScoreLineRef::read_plain_json(text), None, "{text}");
        }
    }

    /// Lines of every shape: the common one, strings whose escape, control character or
    /// non-ASCII character falls on each byte of the eight-byte scan, and others.
    fn assorted_lines() -> Vec<String> {
        let mut lines = vec![
            r#"{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}"#.to_string(),
            r#" { "rules" : "riichi" ,"hand":"234m0p55p456s678s 2s","win_tile":"2s"}\r"#.into(),
            r#"{"rules": "riichi", "hand": "1m", "win_tile": "1m", "dora_indicators": ["1m"]}"#
                .into(),
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m"} x"#.into(),
            r#"{"rules": "mcr", "hand": "1m", "win_tile": "1m", "flowers": 1.0}"#.into(),
            "{}".into(),
            " \t".into(),
            String::new(),
        ];
        for len in 0..20 {
            for at in 0..=len {
                for odd in ["\\u0031", "\t", "\u{1}", "九", "\""] {
                    let mut hand = "1".repeat(len);
                    hand.insert_str(at, odd);
                    lines.push(format!(r#"{{"rules":"mcr","hand":"{hand}m","win_tile":"1m"}}"#));
                }
            }
        }
        lines
    }

    #[test]
    fn json_lines_read_where_each_starts_as_each_line_alone() {
        let lines = assorted_lines();
        for newline in ["\n", "\r\n", "\n\n", " \n"] {
            let text = lines.join(newline);
            let mut at = 0;
            while at < text.len() {
                let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
                let alone = ScoreLineRef::read_plain_json(&text[at..end]);
                match ScoreLineRef::read_plain_json_line(&text, at) {
                    Some((line, next)) => {
                        assert_eq!(Some(line), alone, "{}", &text[at..end]);
                        assert_eq!(next, (end + 1).min(text.len()), "{}", &text[at..end]);
                    }
                    None => assert_eq!(alone, None, "{}", &text[at..end]),
                }
                at = end + 1;
            }
        }
        // The scan's answers agree with serde's on every line.
        for text in lines {
            let fast = ScoreLine::read_plain_json(&text);
            if let Some(line) = &fast {
                assert_eq!(read(&text).as_ref(), Ok(line), "{text}");
            }
        }
    }

    #[test]
    fn white_space_anywhere_reads_as_serde_reads_it() {
        // The tokens of lines with the usual keys, in order and not, then white space of
        // every kind (or none) between each two, chosen by a fixed pseudo-random sequence.
        let lines: [&[&str]; 3] = [
            &[
                "{",
                r#""rules""#,
                ":",
                r#""riichi""#,
                ",",
                r#""hand""#,
                ":",
                r#""123m456p789s11z""#,
                ",",
                r#""win_tile""#,
                ":",
                r#""1z""#,
                ",",
                r#""self_drawn""#,
                ":",
                "true",
                ",",
                r#""seat_wind""#,
                ":",
                r#""2z""#,
                ",",
                r#""riichi""#,
                ":",
                "false",
                "}",
            ],
            &[
                "{",
                r#""hand""#,
                ":",
                r#""11m""#,
                ",",
                r#""rules""#,
                ":",
                r#""mcr""#,
                ",",
                r#""seat_wind""#,
                ":",
                r#""4z""#,
                ",",
                r#""win_tile""#,
                ":",
                r#""1m""#,
                ",",
                r#""dora_indicators""#,
                ":",
                "[",
                r#""1m""#,
                ",",
                r#""E""#,
                "]",
                "}",
            ],
            &[
                "{",
                r#""rules""#,
                ":",
                r#""mcr""#,
                ",",
                r#""hand""#,
                ":",
                r#""11m""#,
                ",",
                r#""win_tile""#,
                ":",
                r#""0m""#,
                ",",
                r#""self_drawn""#,
                ":",
                "false",
                ",",
                r#""honba""#,
                ":",
                "12",
                "}",
            ],
        ];
        let spaces = ["", " ", "  ", "\t", " \t ", "\n", "\r\n"];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for round in 0..3000 {
            let tokens = lines[round % lines.len()];
            let mut text = String::new();
            for (i, token) in tokens.iter().enumerate() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // One in three places keeps `json.dumps`' spacing, the rest any white space.
                let space = match seed % 3 {
                    0 if i > 0 && matches!(tokens[i - 1], ":" | ",") => " ",
                    _ => spaces[(seed >> 8) as usize % spaces.len()],
                };
                text.push_str(space);
                text.push_str(token);
            }
            let fast = ScoreLine::read_plain_json(&text);
            assert!(fast.is_some(), "{text:?}");
            assert_eq!(fast, Some(read(&text).unwrap()), "{text:?}");
        }
    }

    #[test]
    fn every_tile_text_reads_as_serde_reads_it() {
        for d in b'0'..=b'9' {
            for letter in [b'm', b'p', b's', b'z', b'M', b'x', b' '] {
                let tile = String::from_utf8(vec![d, letter]).unwrap();
                for text in [
                    format!(r#"{{"rules": "riichi", "hand": "11m", "win_tile": "{tile}"}}"#),
                    format!(
                        r#"{{"rules":"riichi","hand":"11m","win_tile":"1m","seat_wind":"{tile}"}}"#
                    ),
                ] {
                    let fast = ScoreLine::read_plain_json(&text);
                    match read(&text) {
                        Ok(line) => assert_eq!(fast, Some(line), "{text}"),
                        Err(_) => assert_eq!(fast, None, "{text}"),
                    }
                }
            }
        }
    }

    #[test]
    fn bad_lines_say_which_field() {
        let e = read(r#"{"rules":"mcr","hand":"1m","win_tile":"1m","riichy":true}"#).unwrap_err();
        assert!(e.contains("unknown field `riichy`"), "{e}");
        let e = read(r#"{"rules":"mcr","hand":"1m","win_tile":"8z"}"#).unwrap_err();
        assert!(e.contains("invalid tile '8z'"), "{e}");
        let e = read(r#"{"rules":"mcr","hand":"1m","win_tile":"1m","seat_wind":"5z"}"#);
        assert!(e.unwrap_err().contains("'5z' is not a wind"));
        let e = read(r#"{"rules":"mcr","hand":"1m"}"#).unwrap_err();
        assert!(e.contains("missing field `win_tile`"), "{e}");
        let line = read(r#"{"rules":"mcr","hand":"1m8z","win_tile":"1m"}"#).unwrap();
        let e = line.score(&mut RulesCache::default()).unwrap_err();
        assert_eq!(e.to_string(), "hand: invalid tile '8z' at 3: honours go 1z..7z");
        let line = read(r#"{"rules":"nope","hand":"1m","win_tile":"1m"}"#).unwrap();
        let e = line.score(&mut RulesCache::default()).unwrap_err();
        assert!(matches!(e, LineError::Rules(RulesError::UnknownPreset(_))), "{e}");
    }
}
