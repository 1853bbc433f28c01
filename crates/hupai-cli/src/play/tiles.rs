//! How tiles read on screen and in the transcript: two-character names (`5m`, `0m` for a red
//! five, `E S W N` for the winds, `Wh Gr Rd` for the dragons, `f1`..`f8` for flowers), suit
//! colours, glyphs as an option, and parsing a tile a player types.

use hupai_core::{Kind, Suit};
use hupai_engine::Pai;
use ratatui::style::{Color, Modifier, Style};

const DRAGONS: [&str; 3] = ["Wh", "Gr", "Rd"];
const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// The short name of a kind (`5m`, `E`, `Rd`).
pub fn kind_name(kind: Kind) -> String {
    match kind.suit() {
        Suit::Honor => {
            let n = kind.number() as usize;
            if n <= 4 {
                WINDS[n - 1].to_string()
            } else {
                DRAGONS[n - 5].to_string()
            }
        }
        _ => kind.to_string(),
    }
}

/// The short name of a tile as logged (`0m` for a red five, `?` hidden, `f3` a flower).
pub fn pai_name(pai: Pai) -> String {
    if pai.is_hidden() {
        return "?".into();
    }
    if pai.is_flower() {
        let s = pai.to_string();
        return format!("f{}", s.trim_end_matches('f'));
    }
    match pai.kind() {
        Some(k) if pai.is_red() => format!("0{}", k.suit().letter()),
        Some(k) => kind_name(k),
        None => "?".into(),
    }
}

/// The tile as a two-column cell, or a glyph and a space when `glyphs`.
pub fn cell(pai: Pai, glyphs: bool) -> String {
    match pai.kind() {
        // The red dragon's glyph is the one drawn two columns wide.
        Some(k) if glyphs && !pai.is_red() && k.index() == 33 => {
            hupai_core::notation::glyph(k).to_string()
        }
        Some(k) if glyphs && !pai.is_red() => format!("{} ", hupai_core::notation::glyph(k)),
        _ => format!("{:<2}", pai_name(pai)),
    }
}

/// The colour of a tile: characters red, dots blue, bamboo green, winds white, dragons in
/// their own colours, red fives reversed, flowers magenta.
pub fn style(pai: Pai) -> Style {
    let base = Style::default();
    if pai.is_flower() {
        return base.fg(Color::Magenta);
    }
    let Some(k) = pai.kind() else {
        return base.fg(Color::DarkGray);
    };
    let s = match k.suit() {
        Suit::Man => base.fg(Color::Red),
        Suit::Pin => base.fg(Color::Cyan),
        Suit::Sou => base.fg(Color::Green),
        Suit::Honor => match k.number() {
            5 => base.fg(Color::White).add_modifier(Modifier::BOLD),
            6 => base.fg(Color::Green).add_modifier(Modifier::BOLD),
            7 => base.fg(Color::Red).add_modifier(Modifier::BOLD),
            _ => base.fg(Color::Yellow),
        },
    };
    if pai.is_red() {
        s.add_modifier(Modifier::REVERSED)
    } else {
        s
    }
}

/// Parses a tile a player types: MPSZ (`5m`, `0m`, `1z`), mjai names (`5mr`, `E`, `P`, `F`,
/// `C`), the screen names (`Wh`, `Gr`, `Rd`), Chinese names or a glyph. The flag says whether
/// a red five was named.
pub fn parse_tile(text: &str) -> Option<(Kind, bool)> {
    let t = text.trim();
    if let Some(i) = DRAGONS.iter().position(|d| d.eq_ignore_ascii_case(t)) {
        return Kind::new(31 + i as u8).map(|k| (k, false));
    }
    if let Some(i) = WINDS.iter().position(|w| w.eq_ignore_ascii_case(t)) {
        return Kind::new(27 + i as u8).map(|k| (k, false));
    }
    if let Ok(p) = t.parse::<Pai>() {
        return p.kind().map(|k| (k, p.is_red()));
    }
    let red = t.starts_with('0');
    t.parse::<Kind>().ok().map(|k| (k, red))
}

/// The tiles as names separated by spaces.
pub fn names(pais: &[Pai]) -> String {
    pais.iter().map(|&p| pai_name(p)).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_parsing_agree() {
        for name in ["5m", "0p", "E", "N", "Wh", "Gr", "Rd", "9s"] {
            let (k, red) = parse_tile(name).expect(name);
            let pai = if red { "5pr".parse().unwrap() } else { Pai::kind_of(k) };
            assert_eq!(pai_name(pai), name);
        }
        assert_eq!(parse_tile("7z").map(|t| kind_name(t.0)), Some("Rd".into()));
        assert_eq!(parse_tile("C").map(|t| kind_name(t.0)), Some("Rd".into()));
        assert_eq!(parse_tile("8z"), None);
        assert_eq!(parse_tile(""), None);
    }
}
