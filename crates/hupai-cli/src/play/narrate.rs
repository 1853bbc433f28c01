//! Events in words, from one seat's side of the table: the transcript of `--plain` and the
//! message line of the full-screen UI.

use hupai_core::Seat;
use hupai_engine::Event;

use super::table::Table;
use super::tiles::{names, pai_name};

/// How the player at `seat` is called: `you` for `me`, else the seat wind and the name.
pub fn who(table: &Table, seat: Seat, me: Option<Seat>) -> String {
    if Some(seat) == me {
        "you".into()
    } else {
        format!("{} ({})", wind_word(table.wind_of(seat)), table.name_at(seat))
    }
}

/// The wind's name.
pub fn wind_word(letter: char) -> &'static str {
    match letter {
        'E' => "East",
        'S' => "South",
        'W' => "West",
        _ => "North",
    }
}

/// The event in words as `me` (a seat, or everyone in a replay) sees it, after `table` took it
/// in; `None` for events not worth a line.
pub fn narrate(table: &Table, event: &Event, me: Option<Seat>) -> Option<String> {
    let w = |s: Seat| who(table, s, me);
    let you = |s: Seat| Some(s) == me;
    Some(match event {
        Event::StartGame { rules, seed: Some(seed), .. } => {
            format!("new match: rules {rules}, seed {seed}")
        }
        Event::StartGame { rules, .. } => format!("new match: rules {rules}"),
        Event::StartKyoku { bakaze, kyoku, honba, kyotaku, oya, .. } => {
            let round =
                wind_word(bakaze.kind().and_then(Seat::from_wind).unwrap_or_default().letter());
            let scores: Vec<String> = table
                .seating
                .iter()
                .map(|s| format!("{} {}", w(s), table.scores[s.index()]))
                .collect();
            let mut line = format!(
                "== {round} {kyoku}: dealer {}, honba {honba}, sticks {kyotaku} ==\nscores: {}",
                w(*oya),
                scores.join(", ")
            );
            if let Some(j) = table.joker_marker {
                line += &format!("\njoker indicator {}", pai_name(j));
            }
            if let Some(d) = table.dora.first() {
                line += &format!("\ndora indicator {}", pai_name(*d));
            }
            if let Some(s) = me.and_then(|m| table.seats.get(m.index())) {
                line += &format!("\nyour hand: {}", names(&s.hand));
            }
            line
        }
        Event::Tsumo { actor, pai } if you(*actor) => format!("you draw {}", pai_name(*pai)),
        Event::Tsumo { .. } => return None,
        Event::Flower { actor, pai } => format!("{} set aside {}", w(*actor), pai_name(*pai)),
        Event::LoneKong { actor, pai } => {
            format!("{} set aside {} as a lone kong", w(*actor), pai_name(*pai))
        }
        Event::Kita { actor, pai } => {
            format!("{} set aside {} (kita)", w(*actor), pai_name(*pai))
        }
        Event::Dahai { actor, pai, tsumogiri } => format!(
            "{} discard{} {}{}",
            w(*actor),
            if you(*actor) { "" } else { "s" },
            pai_name(*pai),
            if *tsumogiri && !you(*actor) { " (drawn)" } else { "" }
        ),
        Event::Chi { actor, target, pai, consumed } => {
            format!(
                "{} chi {} from {} with {}",
                w(*actor),
                pai_name(*pai),
                w(*target),
                names(consumed)
            )
        }
        Event::Pon { actor, target, pai, .. } => {
            format!("{} pon {} from {}", w(*actor), pai_name(*pai), w(*target))
        }
        Event::Daiminkan { actor, target, pai, .. } => {
            format!("{} kan {} from {}", w(*actor), pai_name(*pai), w(*target))
        }
        Event::Kakan { actor, pai, .. } => {
            format!("{} add {} to a pon (kan)", w(*actor), pai_name(*pai))
        }
        Event::Ankan { actor, consumed } => format!(
            "{} declare a closed kan of {}",
            w(*actor),
            consumed.first().map(|p| pai_name(*p)).unwrap_or_default()
        ),
        Event::Dora { dora_marker } => format!("new dora indicator {}", pai_name(*dora_marker)),
        Event::Reach { actor } => format!("{} declare riichi", w(*actor)),
        Event::ReachAccepted { .. } => return None,
        Event::Hora { actor, target, pai, .. } => {
            let how = if actor == target {
                "by self-draw".to_string()
            } else {
                format!("on {}'s discard", w(*target))
            };
            format!("{} win on {} {how}", w(*actor), pai_name(*pai))
        }
        Event::Ryukyoku { reason, .. } => {
            let reason = reason.map_or("draw", |r| r.name()).replace('_', " ");
            format!("the hand ends in a draw ({reason})")
        }
        Event::Void { actor, suit } => format!("{} void {}", w(*actor), suit.letter()),
        Event::Exchange { actor, target, pai } => {
            let tiles = if pai.iter().any(|p| p.is_hidden()) {
                "three tiles".to_string()
            } else {
                names(pai)
            };
            let verb = if you(*actor) { "pass" } else { "passes" };
            format!("{} {verb} {tiles} to {}", w(*actor), w(*target))
        }
        Event::Payment { reason, actor, deltas, .. } => {
            let d: Vec<String> = table
                .seating
                .iter()
                .filter(|s| deltas[s.index()] != 0)
                .map(|s| format!("{} {:+}", w(s), deltas[s.index()]))
                .collect();
            format!("{} payment ({}): {}", reason.name(), w(*actor), d.join(", "))
        }
        Event::EndKyoku => return None,
        Event::EndGame { .. } => "the match is over".into(),
    })
}
