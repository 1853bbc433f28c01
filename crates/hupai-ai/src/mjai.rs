//! The mjai protocol's replies, both ways: an action as the line a bot sends, and a bot's
//! line back as one of the seat's options. The events themselves are hupai's [`Event`]s,
//! whose JSON is mjai's.
//!
//! ```
//! use hupai_ai::mjai::{choose, parse_reply, reply_for, Chosen};
//! use hupai_core::Seat;
//! use hupai_engine::{legal_options, Action, Pai, PlayerView};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let tiles: Vec<Pai> = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S W".split(' ').map(|p| p.parse().unwrap()).collect();
//! let view = PlayerView::dealt(&rules, Seat::East, Seat::East, &tiles, "N".parse().ok()).unwrap();
//! let options = legal_options(&view);
//! let line = reply_for(&view, Action::Discard { pai: "N".parse().unwrap(), tsumogiri: true });
//! let json = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
//! assert_eq!(json(&line), json(r#"{"type":"dahai","actor":0,"pai":"N","tsumogiri":true}"#));
//! let back = choose(&view, &parse_reply(&line).unwrap(), &options).unwrap();
//! assert_eq!(back, Chosen::Action(Action::Discard { pai: "N".parse().unwrap(), tsumogiri: true }));
//! ```

use hupai_core::Kind;
use hupai_engine::{Action, Decision, Event, Pai, PlayerView};
use serde_json::json;

/// A bot's reply line, read.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// `{"type":"none"}`: nothing to do, or pass.
    None,
    /// An action in the shape of the event it asks for (`dahai`, `pon`, `hora`, ...).
    Event(Box<Event>),
}

/// What a reply chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// One of the options.
    Action(Action),
    /// Riichi: the discard follows once the bot is shown its `reach` event.
    Riichi,
}

/// Reads a reply line.
pub fn parse_reply(line: &str) -> Result<Reply, String> {
    #[derive(serde::Deserialize)]
    struct Tag {
        #[serde(rename = "type")]
        kind: String,
    }
    let tag: Tag = serde_json::from_str(line).map_err(|e| format!("not an mjai reply: {e}"))?;
    if tag.kind == "none" {
        return Ok(Reply::None);
    }
    let event: Event = serde_json::from_str(line).map_err(|e| format!("{}: {e}", tag.kind))?;
    Ok(Reply::Event(Box::new(event)))
}

/// The tile and its discarder of the claim (or kan robbing) the view decides on.
fn claim_of(view: &PlayerView) -> Option<(hupai_core::Seat, Pai)> {
    match view.decision() {
        Decision::Claim { from, pai }
        | Decision::Robbing { from, pai, .. }
        | Decision::Kita { from, pai } => Some((from, pai)),
        _ => None,
    }
}

/// Held tiles of `kind`, by name.
fn held(view: &PlayerView, kind: Kind) -> Vec<String> {
    view.hand().iter().filter(|p| p.kind() == Some(kind)).map(Pai::to_string).collect()
}

/// The reply line a bot sends to choose `action` on the view's decision.
pub fn reply_for(view: &PlayerView, action: Action) -> String {
    let me = view.seat.index();
    let claim = claim_of(view);
    let (from, pai) = claim.map_or((me, String::new()), |(f, p)| (f.index(), p.to_string()));
    let value = match action {
        Action::Discard { pai, tsumogiri } => {
            json!({"type": "dahai", "actor": me, "pai": pai.to_string(), "tsumogiri": tsumogiri})
        }
        Action::Riichi { .. } => json!({"type": "reach", "actor": me}),
        Action::Tsumo => {
            let drawn = view.drawn.map(|p| p.to_string()).unwrap_or_default();
            json!({"type": "hora", "actor": me, "target": me, "pai": drawn})
        }
        Action::Ron => json!({"type": "hora", "actor": me, "target": from, "pai": pai}),
        Action::Pon([a, b]) | Action::Chi([a, b]) => {
            let kind = if matches!(action, Action::Pon(_)) { "pon" } else { "chi" };
            let consumed = [a.to_string(), b.to_string()];
            json!({"type": kind, "actor": me, "target": from, "pai": pai, "consumed": consumed})
        }
        Action::OpenKan => {
            let kind = claim.and_then(|(_, p)| p.kind());
            let consumed: Vec<String> =
                kind.map(|k| held(view, k)).unwrap_or_default().into_iter().take(3).collect();
            json!({"type": "daiminkan", "actor": me, "target": from, "pai": pai, "consumed": consumed})
        }
        Action::ClosedKan(k) => json!({"type": "ankan", "actor": me, "consumed": held(view, k)}),
        Action::AddedKan(k) => {
            let added = held(view, k).into_iter().next().unwrap_or_default();
            let pon: Vec<String> = view
                .own_melds()
                .iter()
                .find(|m| m.meld.first() == k && m.tiles().len() == 3)
                .map(|m| m.tiles().iter().map(Pai::to_string).collect())
                .unwrap_or_default();
            json!({"type": "kakan", "actor": me, "pai": added, "consumed": pon})
        }
        Action::NineTerminals => json!({"type": "ryukyoku", "actor": me}),
        Action::Pass => json!({"type": "none"}),
        Action::Void(suit) => {
            json!({"type": "void", "actor": me, "suit": suit.letter().to_string()})
        }
        Action::Exchange(pai) => {
            let pai: Vec<String> = pai.iter().map(Pai::to_string).collect();
            json!({"type": "exchange", "actor": me, "pai": pai})
        }
        Action::LoneKong(k) => {
            let pai = held(view, k).into_iter().next().unwrap_or_default();
            json!({"type": "lone_kong", "actor": me, "pai": pai})
        }
        Action::Kita => json!({"type": "kita", "actor": me, "pai": "N"}),
    };
    value.to_string()
}

/// The option `reply` chooses among `options` on the view's decision, or why it chooses none.
pub fn choose(view: &PlayerView, reply: &Reply, options: &[Action]) -> Result<Chosen, String> {
    let me = view.seat;
    let found = |a: Action| {
        let a = a.canonical();
        options
            .contains(&a)
            .then_some(Chosen::Action(a))
            .ok_or_else(|| format!("{a} is not legal now"))
    };
    let event = match reply {
        Reply::None if options.contains(&Action::Pass) => return Ok(Chosen::Action(Action::Pass)),
        Reply::None => return Err("none, but the seat must act".into()),
        Reply::Event(e) => e,
    };
    if let Some(actor) = event.actor().filter(|&a| a != me) {
        return Err(format!("a reply for seat {}, not {}", actor.index(), me.index()));
    }
    match &**event {
        Event::Dahai { pai, tsumogiri, .. } => discard(options, *pai, *tsumogiri, false),
        Event::Reach { .. } => {
            if options.iter().any(|a| matches!(a, Action::Riichi { .. })) {
                Ok(Chosen::Riichi)
            } else {
                Err("riichi is not legal now".into())
            }
        }
        Event::Hora { .. } => {
            found(if options.contains(&Action::Tsumo) { Action::Tsumo } else { Action::Ron })
        }
        Event::Pon { consumed, .. } | Event::Chi { consumed, .. } => {
            let [a, b] = consumed.as_slice() else {
                return Err(format!("{} takes two tiles", event.type_name()));
            };
            found(if matches!(**event, Event::Pon { .. }) {
                Action::Pon([*a, *b])
            } else {
                Action::Chi([*a, *b])
            })
        }
        Event::Daiminkan { .. } => found(Action::OpenKan),
        Event::Ankan { consumed, .. } => {
            found(Action::ClosedKan(consumed.first().and_then(|p| p.kind()).ok_or("an empty kan")?))
        }
        Event::Kakan { pai, .. } => found(Action::AddedKan(pai.kind().ok_or("a kan of no kind")?)),
        Event::Ryukyoku { .. } => found(Action::NineTerminals),
        Event::Void { suit, .. } => found(Action::Void(*suit)),
        Event::Exchange { pai, .. } => found(Action::Exchange(*pai)),
        Event::LoneKong { pai, .. } => {
            found(Action::LoneKong(pai.kind().ok_or("a lone kong of no kind")?))
        }
        Event::Kita { .. } => found(Action::Kita),
        other => Err(format!("'{}' is not a reply", other.type_name())),
    }
}

/// The riichi option a bot's discard after its `reach` chooses.
pub fn choose_riichi_discard(reply: &Reply, options: &[Action]) -> Result<Action, String> {
    match reply {
        Reply::Event(e) => match **e {
            Event::Dahai { pai, tsumogiri, .. } => match discard(options, pai, tsumogiri, true)? {
                Chosen::Action(a) => Ok(a),
                Chosen::Riichi => Err("riichi twice".into()),
            },
            _ => Err(format!("after reach, '{}' instead of a dahai", e.type_name())),
        },
        Reply::None => Err("after reach, none instead of a dahai".into()),
    }
}

/// The discard (or riichi discard) of `pai`: exactly as named, or the only option of that
/// tile when the bot's `tsumogiri` flag is off.
fn discard(options: &[Action], pai: Pai, tsumogiri: bool, riichi: bool) -> Result<Chosen, String> {
    let of = |a: &Action| match (a, riichi) {
        (Action::Discard { pai: p, .. }, false) | (Action::Riichi { pai: p, .. }, true) => {
            *p == pai
        }
        _ => false,
    };
    let exact = options.iter().find(|a| {
        of(a) && matches!(a, Action::Discard { tsumogiri: t, .. } | Action::Riichi { tsumogiri: t, .. } if *t == tsumogiri)
    });
    let mut same = options.iter().filter(|a| of(a));
    match (exact, same.next(), same.next()) {
        (Some(a), _, _) | (None, Some(a), None) => Ok(Chosen::Action(*a)),
        _ => Err(format!("discarding {pai} is not legal now")),
    }
}
