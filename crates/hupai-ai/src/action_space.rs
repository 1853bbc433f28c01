//! The fixed action space of the environments: every legal option of any seat under any
//! preset has exactly one id in `0..ACTIONS`, and in any one decision no two options share
//! an id, so a mask over the ids is exactly the option list.
//!
//! Tiles in ids are the 37 "tile37" names: the 34 kinds in index order (1m..9m, 1p..9p,
//! 1s..9s, E S W N P F C), then the red fives 5mr, 5pr, 5sr.
//!
//! | ids | action |
//! | --- | --- |
//! | 0..37 | discard a tile from the hand (not the drawn one) |
//! | 37..74 | discard the drawn tile (tsumogiri) |
//! | 74..111 | riichi, discarding a tile from the hand |
//! | 111..148 | riichi, discarding the drawn tile |
//! | 148..154 | chi: low, low with a red five, middle, middle red, high, high red (the called tile is the lowest, middle or highest of the run); 148 is also kita (三人麻雀 抜きドラ), a choice of the seat's own turn, where no chi is ever offered, so in one decision the id stays unambiguous |
//! | 154..157 | pon with 0, 1 or 2 red fives from the hand |
//! | 157 | open kan on the discard |
//! | 158..192 | closed kan of a kind; also the lone kong (Wuhan 红中杠, 赖子杠) of that kind, which is never closed-kanned, so in one decision the id stays unambiguous |
//! | 192..226 | added kan of a kind |
//! | 226 | tsumo, 227 ron (also robbing a kan), 228 nine terminals, 229 pass |
//! | 230..233 | void (定缺, Sichuan) the man, pin or sou suit |
//! | 233..728 | exchange (换三张, Sichuan): 165 per suit (man, pin, sou), the three ranks `a <= b <= c` in lexicographic order (`111`, `112`, ..., `999`) |
//!
//! Exchanges are named by kind: the rules refuse `exchange_three` with red fives.
//!
//! ```
//! use hupai_ai::action_space::{action_id, action_name, ACTIONS, PASS};
//! use hupai_engine::Action;
//! let discard = Action::Discard { pai: "5mr".parse().unwrap(), tsumogiri: false };
//! assert_eq!(action_id(discard, None), Some(34));
//! assert_eq!(action_name(34).as_deref(), Some("discard 5mr"));
//! assert_eq!(action_id(Action::Pass, None), Some(PASS));
//! assert_eq!(ACTIONS, 728);
//! ```

use hupai_core::{Kind, Suit};
use hupai_engine::{Action, Decision, Pai, PlayerView};

/// The action space's name: it changes whenever an id changes meaning (a model file carries it).
pub const VERSION: &str = "hupai-actions-v1";
/// Number of action ids.
pub const ACTIONS: usize = 728;
/// First discard id.
pub const DISCARD: u16 = 0;
/// First tsumogiri id.
pub const TSUMOGIRI: u16 = 37;
/// First riichi id.
pub const RIICHI: u16 = 74;
/// First riichi-tsumogiri id.
pub const RIICHI_TSUMOGIRI: u16 = 111;
/// First chi id.
pub const CHI: u16 = 148;
/// Kita (setting a North aside, three-player riichi): a turn decision's id, shared with the
/// first chi id, which only claim decisions use.
pub const KITA: u16 = CHI;
/// First pon id.
pub const PON: u16 = 154;
/// Open kan.
pub const OPEN_KAN: u16 = 157;
/// First closed kan id.
pub const CLOSED_KAN: u16 = 158;
/// First added kan id.
pub const ADDED_KAN: u16 = 192;
/// Tsumo.
pub const TSUMO: u16 = 226;
/// Ron.
pub const RON: u16 = 227;
/// Nine terminals.
pub const NINE_TERMINALS: u16 = 228;
/// Pass.
pub const PASS: u16 = 229;
/// First void id (man, pin, sou).
pub const VOID: u16 = 230;
/// First exchange id.
pub const EXCHANGE: u16 = 233;
/// Exchange ids per suit: the multisets of three of nine ranks.
const EXCHANGES_PER_SUIT: u16 = 165;

/// The multisets of three ranks (0..9) `a <= b <= c` of one suit, in lexicographic order: the
/// exchange ids of a suit, in order.
const EXCHANGES: [[u16; 3]; EXCHANGES_PER_SUIT as usize] = {
    let mut out = [[0; 3]; EXCHANGES_PER_SUIT as usize];
    let (mut i, mut a) = (0, 0);
    while a < 9 {
        let mut b = a;
        while b < 9 {
            let mut c = b;
            while c < 9 {
                out[i] = [a, b, c];
                i += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// The tile37 index of a tile name (flowers and hidden tiles have none).
pub fn tile37(pai: Pai) -> Option<u16> {
    let kind = pai.kind()?;
    Some(if pai.is_red() { 34 + kind.suit().index() as u16 } else { kind.to_u8() as u16 })
}

/// The tile name of a tile37 index.
pub fn pai37(i: u16) -> Option<Pai> {
    match i {
        0..34 => Kind::new(i as u8).map(Pai::kind_of),
        34..37 => ["5mr", "5pr", "5sr"][(i - 34) as usize].parse().ok(),
        _ => None,
    }
}

/// The kind on offer in a claim or robbing decision.
pub fn claimed_kind(view: &PlayerView) -> Option<Kind> {
    match view.decision() {
        Decision::Claim { pai, .. }
        | Decision::Robbing { pai, .. }
        | Decision::Kita { pai, .. } => pai.kind(),
        _ => None,
    }
}

/// The id of `action` when the tile on offer is of `claimed` (for chi). `None` for an action
/// that no decision offers (a chi that is not a run with the called tile).
pub fn action_id(action: Action, claimed: Option<Kind>) -> Option<u16> {
    Some(match action {
        Action::Discard { pai, tsumogiri } => {
            tile37(pai)? + if tsumogiri { TSUMOGIRI } else { DISCARD }
        }
        Action::Riichi { pai, tsumogiri } => {
            tile37(pai)? + if tsumogiri { RIICHI_TSUMOGIRI } else { RIICHI }
        }
        Action::Chi([a, b]) => {
            let (c, ka, kb) = (claimed?.index(), a.kind()?.index(), b.kind()?.index());
            let (lo, hi) = (ka.min(kb), ka.max(kb));
            let position = if c < lo {
                0
            } else if c < hi {
                1
            } else {
                2
            };
            CHI + 2 * position + u16::from(a.is_red() || b.is_red())
        }
        Action::Pon([a, b]) => PON + u16::from(a.is_red()) + u16::from(b.is_red()),
        Action::OpenKan => OPEN_KAN,
        // A lone-kong kind is never a closed kan's (the options refuse it): one id for both.
        Action::ClosedKan(k) | Action::LoneKong(k) => CLOSED_KAN + k.to_u8() as u16,
        Action::AddedKan(k) => ADDED_KAN + k.to_u8() as u16,
        Action::Kita => KITA,
        Action::Tsumo => TSUMO,
        Action::Ron => RON,
        Action::NineTerminals => NINE_TERMINALS,
        Action::Pass => PASS,
        Action::Void(suit) => match suit {
            Suit::Man => VOID,
            Suit::Pin => VOID + 1,
            Suit::Sou => VOID + 2,
            Suit::Honor => return None,
        },
        Action::Exchange(tiles) => {
            let kinds = tiles.map(|p| p.kind());
            let suit = kinds[0]?.suit();
            if suit == Suit::Honor || kinds.iter().any(|k| k.map(Kind::suit) != Some(suit)) {
                return None;
            }
            let mut r = kinds.map(|k| k.map_or(0, |k| u16::from(k.number()) - 1));
            r.sort_unstable();
            EXCHANGE
                + suit.index() as u16 * EXCHANGES_PER_SUIT
                + EXCHANGES.iter().position(|x| *x == r)? as u16
        }
    })
}

/// The name of an id (`discard 5mr`, `chi low red`, `closed kan 7z`, `pass`), or `None`
/// outside the space.
pub fn action_name(id: u16) -> Option<String> {
    let tile = |i: u16| pai37(i).map(|p| p.to_string());
    let kind = |i: u16| Kind::new(i as u8).map(|k| Pai::kind_of(k).to_string());
    Some(match id {
        0..37 => format!("discard {}", tile(id)?),
        37..74 => format!("tsumogiri {}", tile(id - TSUMOGIRI)?),
        74..111 => format!("riichi {}", tile(id - RIICHI)?),
        111..148 => format!("riichi tsumogiri {}", tile(id - RIICHI_TSUMOGIRI)?),
        148..154 => {
            let pos = ["low", "middle", "high"][((id - CHI) / 2) as usize];
            let red = if (id - CHI) % 2 == 1 { " red" } else { "" };
            format!("chi {pos}{red}")
        }
        154..157 => match id - PON {
            0 => "pon".into(),
            n => format!("pon {n} red"),
        },
        OPEN_KAN => "open kan".into(),
        158..192 => format!("closed kan {}", kind(id - CLOSED_KAN)?),
        192..226 => format!("added kan {}", kind(id - ADDED_KAN)?),
        TSUMO => "tsumo".into(),
        RON => "ron".into(),
        NINE_TERMINALS => "nine terminals".into(),
        PASS => "pass".into(),
        230..233 => format!("void {}", ["m", "p", "s"][(id - VOID) as usize]),
        233..728 => {
            let (suit, index) =
                ((id - EXCHANGE) / EXCHANGES_PER_SUIT, (id - EXCHANGE) % EXCHANGES_PER_SUIT);
            let letter = ["m", "p", "s"][suit as usize];
            let [a, b, c] = *EXCHANGES.get(index as usize)?;
            format!("exchange {}{letter} {}{letter} {}{letter}", a + 1, b + 1, c + 1)
        }
        _ => return None,
    })
}

/// The ids of `options` (in their order), into `ids` (cleared first).
pub fn ids_of(view: &PlayerView, options: &[Action], ids: &mut Vec<u16>) {
    let claimed = claimed_kind(view);
    ids.clear();
    // Every option the engine gives has an id (the tests check every preset).
    ids.extend(options.iter().map(|&o| action_id(o, claimed).unwrap_or(PASS)));
}
