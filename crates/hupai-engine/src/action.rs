//! What a seat can do, and why the engine refuses an action.
//!
//! Actions name tiles the way the seat sees them ([`Pai`]: kind and redness), never by
//! physical copy, so the options a seat works out from its own view are exactly the engine's.
//! On the wire an action is one JSON object:
//!
//! ```
//! use hupai_engine::{Action, Game, Pai, Setup};
//! use hupai_rules::Rules;
//! let (game, _events) = Game::new(Setup::new(Rules::preset("riichi").unwrap(), 1));
//! let seat = game.pending().seats().next().unwrap();
//! assert!(game.pending().options(seat).iter().any(|a| matches!(a, Action::Discard { .. })));
//!
//! let discard = Action::Discard { pai: "5mr".parse().unwrap(), tsumogiri: false };
//! let json = serde_json::to_string(&discard).unwrap();
//! assert_eq!(json, r#"{"type":"discard","pai":"5mr","tsumogiri":false}"#);
//! assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), discard);
//! ```

use std::fmt;

use hupai_core::{Kind, Seat, Suit};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Pai;

/// One decision of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discard `pai`: the tile just drawn (`tsumogiri`) or one from the hand.
    Discard {
        /// The tile.
        pai: Pai,
        /// Whether it is the tile just drawn.
        tsumogiri: bool,
    },
    /// Declare riichi and discard `pai`.
    Riichi {
        /// The tile.
        pai: Pai,
        /// Whether it is the tile just drawn.
        tsumogiri: bool,
    },
    /// Win on the tile just drawn.
    Tsumo,
    /// Declare a closed kan of this kind.
    ClosedKan(Kind),
    /// Add the held tile of this kind to the pon of its kind.
    AddedKan(Kind),
    /// Abort the hand with nine kinds of terminals and honours (riichi, first turn).
    NineTerminals,
    /// Win on the discard (or on the tile added to a kan, or a closed kan for thirteen orphans).
    Ron,
    /// Pon the discard with these two tiles from the hand (in [`Pai`] order).
    Pon([Pai; 2]),
    /// Chi the discard with these two tiles from the hand (in [`Pai`] order).
    Chi([Pai; 2]),
    /// Open kan on the discard.
    OpenKan,
    /// Decline every claim.
    Pass,
    /// Name the suit to void (定缺, Sichuan): `m`, `p` or `s`.
    Void(Suit),
    /// Pass these three tiles of one suit (换三张, Sichuan), in [`Pai`] order.
    Exchange([Pai; 3]),
    /// Set one tile of this kind aside as a lone kong (Wuhan 红中杠, 赖子杠, 痞子杠): it
    /// scores its fans and a replacement draw follows; no one may claim or rob it.
    LoneKong(Kind),
    /// Set a North aside as a bonus dora (三人麻雀 抜きドラ), with a replacement draw.
    Kita,
}

impl Action {
    /// The same action with its tiles (two consumed, three exchanged) in [`Pai`] order, the
    /// form options use.
    pub fn canonical(self) -> Action {
        match self {
            Action::Pon([a, b]) if b < a => Action::Pon([b, a]),
            Action::Chi([a, b]) if b < a => Action::Chi([b, a]),
            Action::Exchange(mut tiles) => {
                tiles.sort_unstable();
                Action::Exchange(tiles)
            }
            other => other,
        }
    }

    /// The discarded tile of a discard or a riichi.
    pub fn discarded(self) -> Option<Pai> {
        match self {
            Action::Discard { pai, .. } | Action::Riichi { pai, .. } => Some(pai),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Discard { pai, tsumogiri: true } => write!(f, "discard the drawn {pai}"),
            Action::Discard { pai, tsumogiri: false } => write!(f, "discard {pai}"),
            Action::Riichi { pai, .. } => write!(f, "riichi discarding {pai}"),
            Action::Tsumo => f.write_str("tsumo"),
            Action::ClosedKan(k) => write!(f, "closed kan of {}", Pai::kind_of(*k)),
            Action::AddedKan(k) => write!(f, "added kan of {}", Pai::kind_of(*k)),
            Action::NineTerminals => f.write_str("nine terminals"),
            Action::Ron => f.write_str("ron"),
            Action::Pon([a, b]) => write!(f, "pon with {a} {b}"),
            Action::Chi([a, b]) => write!(f, "chi with {a} {b}"),
            Action::OpenKan => f.write_str("open kan"),
            Action::Pass => f.write_str("pass"),
            Action::Void(suit) => write!(f, "void {}", suit.letter()),
            Action::Exchange([a, b, c]) => write!(f, "pass {a} {b} {c}"),
            Action::LoneKong(k) => write!(f, "lone kong of {}", Pai::kind_of(*k)),
            Action::Kita => f.write_str("kita"),
        }
    }
}

/// The wire form of an action: `{"type": ..., fields}` with tiles as mjai names.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum Wire {
    Discard {
        pai: Pai,
        tsumogiri: bool,
    },
    Riichi {
        pai: Pai,
        tsumogiri: bool,
    },
    Tsumo {},
    ClosedKan {
        pai: Pai,
    },
    AddedKan {
        pai: Pai,
    },
    NineTerminals {},
    Ron {},
    Pon {
        consumed: [Pai; 2],
    },
    Chi {
        consumed: [Pai; 2],
    },
    OpenKan {},
    Pass {},
    Void {
        #[serde(with = "crate::wire::suit")]
        suit: Suit,
    },
    Exchange {
        pai: [Pai; 3],
    },
    LoneKong {
        pai: Pai,
    },
    Kita {},
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let wire = match *self {
            Action::Discard { pai, tsumogiri } => Wire::Discard { pai, tsumogiri },
            Action::Riichi { pai, tsumogiri } => Wire::Riichi { pai, tsumogiri },
            Action::Tsumo => Wire::Tsumo {},
            Action::ClosedKan(k) => Wire::ClosedKan { pai: Pai::kind_of(k) },
            Action::AddedKan(k) => Wire::AddedKan { pai: Pai::kind_of(k) },
            Action::NineTerminals => Wire::NineTerminals {},
            Action::Ron => Wire::Ron {},
            Action::Pon(consumed) => Wire::Pon { consumed },
            Action::Chi(consumed) => Wire::Chi { consumed },
            Action::OpenKan => Wire::OpenKan {},
            Action::Pass => Wire::Pass {},
            Action::Void(suit) => Wire::Void { suit },
            Action::Exchange(pai) => Wire::Exchange { pai },
            Action::LoneKong(k) => Wire::LoneKong { pai: Pai::kind_of(k) },
            Action::Kita => Wire::Kita {},
        };
        wire.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let kind = |pai: Pai| {
            pai.kind().ok_or_else(|| serde::de::Error::custom(format!("'{pai}' is not a kind")))
        };
        Ok(match Wire::deserialize(d)? {
            Wire::Discard { pai, tsumogiri } => Action::Discard { pai, tsumogiri },
            Wire::Riichi { pai, tsumogiri } => Action::Riichi { pai, tsumogiri },
            Wire::Tsumo {} => Action::Tsumo,
            Wire::ClosedKan { pai } => Action::ClosedKan(kind(pai)?),
            Wire::AddedKan { pai } => Action::AddedKan(kind(pai)?),
            Wire::NineTerminals {} => Action::NineTerminals,
            Wire::Ron {} => Action::Ron,
            Wire::Pon { consumed } => Action::Pon(consumed),
            Wire::Chi { consumed } => Action::Chi(consumed),
            Wire::OpenKan {} => Action::OpenKan,
            Wire::Pass {} => Action::Pass,
            Wire::Void { suit } => Action::Void(suit),
            Wire::Exchange { pai } => Action::Exchange(pai),
            Wire::LoneKong { pai } => Action::LoneKong(kind(pai)?),
            Wire::Kita {} => Action::Kita,
        })
    }
}

/// Why [`crate::Game::apply`] refused an action (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The match is over.
    GameOver,
    /// This seat has nothing to decide now (or has already answered).
    NotYourTurn(Seat),
    /// The action is not among the seat's legal options.
    Illegal {
        /// The seat.
        seat: Seat,
        /// The refused action.
        action: Action,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::NotYourTurn(seat) => {
                write!(f, "seat {} has nothing to decide", seat.index())
            }
            PlayError::Illegal { seat, action } => {
                write!(f, "{action} is not legal for seat {} now", seat.index())
            }
        }
    }
}

impl std::error::Error for PlayError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Pai {
        s.parse().unwrap()
    }

    #[test]
    fn every_action_round_trips_through_json() {
        let all = [
            Action::Discard { pai: p("E"), tsumogiri: true },
            Action::Riichi { pai: p("5pr"), tsumogiri: false },
            Action::Tsumo,
            Action::ClosedKan(p("9s").kind().unwrap()),
            Action::AddedKan(p("C").kind().unwrap()),
            Action::NineTerminals,
            Action::Ron,
            Action::Pon([p("5m"), p("5mr")]),
            Action::Chi([p("3s"), p("4s")]),
            Action::OpenKan,
            Action::Pass,
            Action::Void(Suit::Sou),
            Action::Exchange([p("1m"), p("1m"), p("9m")]),
            Action::LoneKong(p("C").kind().unwrap()),
            Action::Kita,
        ];
        for a in all {
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a, "{json}");
        }
    }

    #[test]
    fn malformed_actions_are_errors() {
        for bad in [
            r#"{"type":"discard","pai":"0m","tsumogiri":false}"#,
            r#"{"type":"discard","pai":"5m"}"#,
            r#"{"type":"closed_kan","pai":"?"}"#,
            r#"{"type":"pon","consumed":["5m"]}"#,
            r#"{"type":"dance"}"#,
            r#"{"type":"pass","extra":1}"#,
            r#"{"type":"void","suit":"z"}"#,
            r#"{"type":"exchange","pai":["1m","2m"]}"#,
            r#"{"type":"lone_kong","pai":"?"}"#,
            r#"[1,2]"#,
        ] {
            assert!(serde_json::from_str::<Action>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn canonical_orders_consumed_tiles() {
        assert_eq!(Action::Pon([p("5mr"), p("5m")]).canonical(), Action::Pon([p("5m"), p("5mr")]));
        assert_eq!(Action::Chi([p("4s"), p("3s")]).canonical(), Action::Chi([p("3s"), p("4s")]));
    }
}
