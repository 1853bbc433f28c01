//! The typed commands both modes accept (`d 5m`, `p`, `c 34m`, `k`, `h`, `r 5m`, `pass`, ...),
//! turned into one of the legal actions.
//!
//! ```text
//! d 5m     discard 5m (also just `5m`)      r 5m   riichi, discarding 5m
//! h        win (tsumo or ron)               p      pon
//! c 34m    chi with 3m and 4m from the hand k [5m] kan (which one, when several)
//! pass     decline a claim (also `-`)       9      abort with nine terminals
//! v m      void the suit m, p or s (定缺)   b      back at an online table (the AI stops)
//! x 159m   pass 1m 5m 9m (换三张)
//! ```

use std::fmt;

use hupai_core::Kind;
use hupai_engine::{Action, Pai};

use super::tiles::{kind_name, parse_tile};

/// A command as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Discard a tile (kind, red five named).
    Discard(Kind, bool),
    /// Declare riichi discarding this tile (or the only one possible).
    Riichi(Option<(Kind, bool)>),
    /// Win.
    Win,
    /// Pon.
    Pon,
    /// Chi with these two kinds from the hand.
    Chi(Option<[Kind; 2]>),
    /// Kan (of this kind).
    Kan(Option<Kind>),
    /// Pass.
    Pass,
    /// Nine terminals abort.
    NineTerminals,
    /// Set a North aside (three-player riichi).
    Kita,
    /// Name the suit to void (定缺).
    Void(hupai_core::Suit),
    /// Pass these three kinds (换三张).
    Exchange([Kind; 3]),
    /// Back at an online table: the AI that took over the seat stops.
    Back,
    /// Show the help.
    Help,
    /// Quit.
    Quit,
}

/// Why a command does not parse or does not apply now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// Nothing typed.
    Empty,
    /// An unknown word.
    Unknown(String),
    /// A tile that does not parse.
    BadTile(String),
    /// The command is not among the options now.
    NotNow(&'static str),
    /// The tile cannot be discarded (not held, or barred).
    CannotDiscard(String),
    /// Several options fit: the player must say which.
    Which(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => f.write_str("type a command, or ? for help"),
            CommandError::Unknown(w) => write!(f, "unknown command '{w}' (? for help)"),
            CommandError::BadTile(t) => {
                write!(f, "invalid tile '{t}': use 1m..9s, 0m for a red five, E S W N, Wh Gr Rd")
            }
            CommandError::NotNow(what) => write!(f, "you cannot {what} now"),
            CommandError::CannotDiscard(t) => write!(f, "you cannot discard {t} now"),
            CommandError::Which(choices) => write!(f, "which one? {choices}"),
        }
    }
}

impl std::error::Error for CommandError {}

fn tile_arg(word: &str) -> Result<(Kind, bool), CommandError> {
    parse_tile(word).ok_or_else(|| CommandError::BadTile(word.to_string()))
}

/// Parses one command line.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim().trim_start_matches(':').trim();
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else {
        return Err(CommandError::Empty);
    };
    let arg = words.next();
    let lower = head.to_ascii_lowercase();
    Ok(match lower.as_str() {
        "d" | "discard" => {
            let (kind, red) = tile_arg(arg.unwrap_or(""))?;
            Command::Discard(kind, red)
        }
        "r" | "riichi" => Command::Riichi(arg.map(tile_arg).transpose()?),
        "h" | "hu" | "win" | "tsumo" | "ron" => Command::Win,
        "p" | "pon" | "pung" => Command::Pon,
        "c" | "chi" | "chow" => Command::Chi(match arg {
            None => None,
            Some(a) => {
                let kinds = hupai_core::notation::parse_kinds(a)
                    .map_err(|_| CommandError::BadTile(a.to_string()))?;
                match kinds.as_slice() {
                    [x, y] => Some([*x, *y]),
                    _ => return Err(CommandError::BadTile(a.to_string())),
                }
            }
        }),
        "k" | "kan" | "kong" => Command::Kan(arg.map(tile_arg).transpose()?.map(|t| t.0)),
        "pass" | "-" | "skip" | "n" => Command::Pass,
        "9" | "nine" | "abort" => Command::NineTerminals,
        "kita" | "nuki" => Command::Kita,
        "v" | "void" | "que" => Command::Void(match arg.map(str::to_ascii_lowercase).as_deref() {
            Some("m") => hupai_core::Suit::Man,
            Some("p") => hupai_core::Suit::Pin,
            Some("s") => hupai_core::Suit::Sou,
            _ => return Err(CommandError::BadTile(arg.unwrap_or("").to_string())),
        }),
        "x" | "exchange" | "swap" => {
            // The three tiles as one word (`127s`) or several (`1s 2s 7s`).
            let a: String = arg.into_iter().chain(words.by_ref()).collect();
            let kinds = hupai_core::notation::parse_kinds(&a)
                .map_err(|_| CommandError::BadTile(a.clone()))?;
            match kinds.as_slice() {
                [x, y, z] => Command::Exchange([*x, *y, *z]),
                _ => return Err(CommandError::BadTile(a)),
            }
        }
        "b" | "back" => Command::Back,
        "?" | "help" => Command::Help,
        "q" | "quit" | "exit" => Command::Quit,
        _ => match parse_tile(head) {
            Some((k, red)) if arg.is_none() => Command::Discard(k, red),
            _ => return Err(CommandError::Unknown(head.to_string())),
        },
    })
}

/// Picks, among the discards (or riichi discards) of `options`, the one for a tile of `kind`:
/// a red five only when named, else a plain copy first, then in the options' order (the
/// drawn tile first).
fn pick_discard(options: &[Action], kind: Kind, red: bool, riichi: bool) -> Option<Action> {
    let fits: Vec<(Action, Pai)> = options
        .iter()
        .filter_map(|&a| match (a, riichi) {
            (Action::Discard { pai, .. }, false) | (Action::Riichi { pai, .. }, true) => {
                Some((a, pai))
            }
            _ => None,
        })
        .filter(|(_, p)| p.kind() == Some(kind) && (!red || p.is_red()))
        .collect();
    fits.iter().find(|(_, p)| !p.is_red()).or(fits.first()).map(|(a, _)| *a)
}

/// Turns a command into one of `options` (the seat's legal actions).
pub fn resolve(cmd: &Command, options: &[Action]) -> Result<Action, CommandError> {
    let has = |f: fn(&Action) -> bool| options.iter().copied().filter(f).collect::<Vec<_>>();
    match cmd {
        Command::Discard(kind, red) => pick_discard(options, *kind, *red, false)
            .ok_or_else(|| CommandError::CannotDiscard(kind_name(*kind))),
        Command::Riichi(tile) => {
            let all = has(|a| matches!(a, Action::Riichi { .. }));
            match (tile, all.as_slice()) {
                (_, []) => Err(CommandError::NotNow("declare riichi")),
                (None, [one]) => Ok(*one),
                (None, many) => {
                    Err(CommandError::Which(many.iter().map(label).collect::<Vec<_>>().join(", ")))
                }
                (Some((kind, red)), _) => pick_discard(options, *kind, *red, true)
                    .ok_or_else(|| CommandError::CannotDiscard(kind_name(*kind))),
            }
        }
        Command::Win => has(|a| matches!(a, Action::Tsumo | Action::Ron))
            .first()
            .copied()
            .ok_or(CommandError::NotNow("win")),
        Command::Pon => {
            let pons = has(|a| matches!(a, Action::Pon(_)));
            // Prefer keeping a red five in the hand.
            pons.iter()
                .copied()
                .find(|a| matches!(a, Action::Pon([x, y]) if !x.is_red() && !y.is_red()))
                .or(pons.first().copied())
                .ok_or(CommandError::NotNow("pon"))
        }
        Command::Chi(shape) => {
            let chis = has(|a| matches!(a, Action::Chi(_)));
            let fits: Vec<Action> = chis
                .iter()
                .copied()
                .filter(|a| match (a, shape) {
                    (_, None) => true,
                    (Action::Chi([x, y]), Some([p, q])) => {
                        let (kx, ky) = (x.kind(), y.kind());
                        (kx == Some(*p) && ky == Some(*q)) || (kx == Some(*q) && ky == Some(*p))
                    }
                    _ => false,
                })
                .collect();
            let mut shapes: Vec<String> = fits.iter().map(label).collect();
            shapes.dedup();
            match (fits.first(), shapes.len()) {
                (None, _) if chis.is_empty() => Err(CommandError::NotNow("chi")),
                (None, _) => {
                    Err(CommandError::Which(chis.iter().map(label).collect::<Vec<_>>().join(", ")))
                }
                (Some(a), 1) => Ok(*a),
                (Some(_), _) => Err(CommandError::Which(shapes.join(", "))),
            }
        }
        Command::Kan(kind) => {
            let kans = has(|a| {
                matches!(
                    a,
                    Action::OpenKan
                        | Action::ClosedKan(_)
                        | Action::AddedKan(_)
                        | Action::LoneKong(_)
                )
            });
            let fits: Vec<Action> = kans
                .iter()
                .copied()
                .filter(|a| match (a, kind) {
                    (_, None) | (Action::OpenKan, _) => true,
                    (Action::ClosedKan(k), Some(want)) => k == want,
                    (Action::AddedKan(k), Some(want)) => k == want,
                    (Action::LoneKong(k), Some(want)) => k == want,
                    _ => false,
                })
                .collect();
            match fits.as_slice() {
                [] if kans.is_empty() => Err(CommandError::NotNow("declare a kan")),
                [] => {
                    Err(CommandError::Which(kans.iter().map(label).collect::<Vec<_>>().join(", ")))
                }
                [one] => Ok(*one),
                many => {
                    Err(CommandError::Which(many.iter().map(label).collect::<Vec<_>>().join(", ")))
                }
            }
        }
        Command::Pass => {
            if options.contains(&Action::Pass) {
                Ok(Action::Pass)
            } else {
                Err(CommandError::NotNow("pass"))
            }
        }
        Command::NineTerminals => {
            if options.contains(&Action::NineTerminals) {
                Ok(Action::NineTerminals)
            } else {
                Err(CommandError::NotNow("abort with nine terminals"))
            }
        }
        Command::Kita => {
            if options.contains(&Action::Kita) {
                Ok(Action::Kita)
            } else {
                Err(CommandError::NotNow("kita"))
            }
        }
        Command::Void(suit) => {
            if options.contains(&Action::Void(*suit)) {
                Ok(Action::Void(*suit))
            } else {
                Err(CommandError::NotNow("name a void suit"))
            }
        }
        Command::Exchange(kinds) => {
            let mut want = *kinds;
            want.sort_unstable();
            options
                .iter()
                .copied()
                .find(|a| match a {
                    Action::Exchange(pai) => pai.map(|p| p.kind()) == want.map(Some),
                    _ => false,
                })
                .ok_or(CommandError::NotNow("pass three held tiles of one suit"))
        }
        Command::Back | Command::Help | Command::Quit => {
            Err(CommandError::NotNow("do that as a move"))
        }
    }
}

/// The command that takes `action`, as a player would type it (`c 34m`, `k 5m`, `h`).
pub fn label(action: &Action) -> String {
    let pai = |p: Pai| super::tiles::pai_name(p);
    match action {
        Action::Discard { pai: p, .. } => format!("d {}", pai(*p)),
        Action::Riichi { pai: p, .. } => format!("r {}", pai(*p)),
        Action::Tsumo | Action::Ron => "h".into(),
        Action::ClosedKan(k) => format!("k {}", kind_name(*k)),
        Action::AddedKan(k) | Action::LoneKong(k) => format!("k {}", kind_name(*k)),
        Action::OpenKan => "k".into(),
        Action::NineTerminals => "9".into(),
        Action::Kita => "kita".into(),
        Action::Pon(_) => "p".into(),
        Action::Chi([a, b]) => {
            let (mut x, mut y) = (a.kind(), b.kind());
            if x > y {
                std::mem::swap(&mut x, &mut y);
            }
            match (x, y) {
                (Some(x), Some(y)) if x.suit() == y.suit() => {
                    format!("c {}{}{}", x.number(), y.number(), x.suit().letter())
                }
                _ => "c".into(),
            }
        }
        Action::Pass => "pass".into(),
        Action::Void(suit) => format!("v {}", suit.letter()),
        Action::Exchange(tiles) => {
            let kinds: Vec<Kind> = tiles.iter().filter_map(|p| p.kind()).collect();
            format!("x {}", hupai_core::notation::kinds_to_mpsz(kinds))
        }
    }
}

/// The non-discard options in words, each with its command: `h win (tsumo)`, `c 34m chi`.
pub fn choices(options: &[Action]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |s: String| {
        if !out.contains(&s) {
            out.push(s);
        }
    };
    for a in options {
        let word = match a {
            Action::Discard { .. } => continue,
            Action::Riichi { .. } => {
                push("r TILE riichi".into());
                continue;
            }
            Action::Tsumo => "win (tsumo)",
            Action::Ron => "win (ron)",
            Action::ClosedKan(_) | Action::AddedKan(_) | Action::OpenKan => "kan",
            Action::LoneKong(_) => "lone kong (红中杠 / 赖子杠)",
            Action::Kita => "set the North aside (key n)",
            Action::NineTerminals => "abort (nine terminals)",
            Action::Pon(_) => "pon",
            Action::Chi(_) => "chi",
            Action::Pass => "pass",
            Action::Void(_) => "void this suit",
            Action::Exchange(_) => {
                push("x TILES pass three tiles of one suit".into());
                continue;
            }
        };
        let key = label(a);
        push(if key == word { key } else { format!("{key} {word}") });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(name: &str) -> Pai {
        name.parse().unwrap()
    }

    #[test]
    fn parses_every_command() {
        let k = |s: &str| s.parse::<Kind>().unwrap();
        assert_eq!(parse("d 5m"), Ok(Command::Discard(k("5m"), false)));
        assert_eq!(parse("0p"), Ok(Command::Discard(k("5p"), true)));
        assert_eq!(parse(":p"), Ok(Command::Pon));
        assert_eq!(parse("c 34m"), Ok(Command::Chi(Some([k("3m"), k("4m")]))));
        assert_eq!(parse("k"), Ok(Command::Kan(None)));
        assert_eq!(parse("h"), Ok(Command::Win));
        assert_eq!(parse("r Rd"), Ok(Command::Riichi(Some((k("7z"), false)))));
        assert_eq!(parse("pass"), Ok(Command::Pass));
        assert_eq!(parse("d 8z"), Err(CommandError::BadTile("8z".into())));
        assert_eq!(parse("xyzzy"), Err(CommandError::Unknown("xyzzy".into())));
        assert_eq!(parse("  "), Err(CommandError::Empty));
        assert!(parse("c 3m").is_err());
    }

    #[test]
    fn the_exchange_names_three_held_tiles_of_one_suit() {
        let k = |s: &str| s.parse::<Kind>().unwrap();
        assert_eq!(parse("x 127s"), Ok(Command::Exchange([k("1s"), k("2s"), k("7s")])));
        assert!(parse("x 12s").is_err(), "three tiles");
        assert_eq!(parse("x 1s 2s 7s"), parse("x 127s"), "as a person types them");
        let options = [
            Action::Exchange([t("1s"), t("2s"), t("7s")]),
            Action::Exchange([t("1m"), t("1m"), t("9m")]),
        ];
        assert_eq!(resolve(&parse("x 911m").unwrap(), &options), Ok(options[1]), "any order");
        assert_eq!(
            resolve(&parse("x 123p").unwrap(), &options),
            Err(CommandError::NotNow("pass three held tiles of one suit"))
        );
        assert_eq!(label(&options[0]), "x 127s");
        assert_eq!(choices(&options), ["x TILES pass three tiles of one suit"]);
    }

    #[test]
    fn resolves_against_the_options() {
        let options = [
            Action::Chi([t("3m"), t("4m")]),
            Action::Chi([t("4m"), t("6m")]),
            Action::Pon([t("5m"), t("5m")]),
            Action::Pass,
        ];
        assert_eq!(resolve(&parse("c 34m").unwrap(), &options), Ok(options[0]));
        assert_eq!(resolve(&parse("c 64m").unwrap(), &options), Ok(options[1]));
        assert!(matches!(resolve(&parse("c").unwrap(), &options), Err(CommandError::Which(_))));
        assert_eq!(resolve(&parse("p").unwrap(), &options), Ok(options[2]));
        assert_eq!(resolve(&parse("pass").unwrap(), &options), Ok(Action::Pass));
        assert_eq!(resolve(&parse("h").unwrap(), &options), Err(CommandError::NotNow("win")));
        let turn = [
            Action::Discard { pai: t("E"), tsumogiri: true },
            Action::Discard { pai: t("9s"), tsumogiri: false },
            Action::Tsumo,
        ];
        assert_eq!(resolve(&parse("d E").unwrap(), &turn), Ok(turn[0]));
        assert_eq!(resolve(&parse("9s").unwrap(), &turn), Ok(turn[1]));
        assert_eq!(resolve(&parse("h").unwrap(), &turn), Ok(Action::Tsumo));
        assert!(resolve(&parse("d 2m").unwrap(), &turn).is_err());
        assert_eq!(label(&options[1]), "c 46m");
        assert_eq!(choices(&options), ["c 34m chi", "c 46m chi", "p pon", "pass"]);
    }
}
