//! The end of a hand (the winning hand laid out, each fan or yaku with its value, fu and han
//! where relevant, the payments; at a draw, who was ready) and of the match (standings).

use hupai_core::Seat;
use hupai_engine::{DrawReason, Event, Pai, Yaku};
use hupai_rules::Variant;

use super::narrate::who;
use super::table::Table;
use super::tiles::{kind_name, pai_name};

/// One win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinLine {
    /// The winner.
    pub winner: Seat,
    /// Who dealt in (the winner for a self-drawn win).
    pub from: Seat,
    /// The winning tile.
    pub pai: Pai,
    /// The winning hand in hand text.
    pub hand: String,
    /// Fans or yaku.
    pub yaku: Vec<Yaku>,
    /// Han or fans.
    pub han: u32,
    /// Fu (riichi).
    pub fu: u32,
    /// Points received.
    pub points: u32,
    /// Ura dora indicators.
    pub ura: Vec<Pai>,
    /// Guangdong 买马: the horses turned up, and how many named the winner.
    pub horses: Option<(Vec<Pai>, u8)>,
}

/// How a hand ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The wins (several on a double ron).
    pub wins: Vec<WinLine>,
    /// A draw: the reason and who was ready.
    pub draw: Option<(Option<DrawReason>, [bool; 4])>,
    /// Score changes by seat.
    pub deltas: [i32; 4],
    /// Scores after the hand, by seat.
    pub scores: [i32; 4],
    /// The hand's table as it ended (every seat, as the viewer saw it).
    pub table: Table,
    /// Final scores by player, when the match ended.
    pub final_scores: Option<[i32; 4]>,
}

impl Summary {
    /// Takes in a settlement event (`hora`, `ryukyoku`, `end_game`); true when it was one.
    pub fn absorb(&mut self, event: &Event) -> bool {
        match event {
            Event::Hora {
                actor,
                target,
                pai,
                deltas,
                ura_markers,
                hand,
                yaku,
                han,
                fu,
                points,
                scores,
                horses,
                ..
            } => {
                self.wins.push(WinLine {
                    winner: *actor,
                    from: *target,
                    pai: *pai,
                    hand: hand.clone(),
                    yaku: yaku.clone(),
                    han: *han,
                    fu: *fu,
                    points: *points,
                    ura: ura_markers.clone(),
                    horses: horses.as_ref().map(|h| (h.pai.clone(), h.hits)),
                });
                for (d, x) in self.deltas.iter_mut().zip(deltas.iter()) {
                    *d += x;
                }
                self.scores = scores.map_or(self.scores, |s| s.into_array());
            }
            Event::Ryukyoku { reason, deltas, tenpai, scores } => {
                self.draw = Some((*reason, tenpai.into_array()));
                self.deltas = deltas.into_array();
                self.scores = scores.map_or(self.scores, |s| s.into_array());
            }
            Event::EndGame { scores, .. } => self.final_scores = scores.map(|s| s.into_array()),
            _ => return false,
        }
        true
    }

    /// The summary as lines of text, as `me` (or everyone) sees it.
    pub fn lines(&self, variant: Variant, me: Option<Seat>) -> Vec<String> {
        let t = &self.table;
        let mut out = Vec::new();
        for w in &self.wins {
            let how = if w.winner == w.from {
                "self-drawn".to_string()
            } else {
                format!("on {}'s discard", who(t, w.from, me))
            };
            out.push(format!(
                "{} won on {} ({how})",
                capital(&who(t, w.winner, me)),
                pai_name(w.pai)
            ));
            out.push(format!("  hand: {}", lay_out(&w.hand)));
            for y in &w.yaku {
                let unit = if variant == Variant::Riichi { "han" } else { "fan" };
                out.push(format!("  {:<28} {:>3} {unit}", y.name.replace('_', " "), y.value));
            }
            if !w.ura.is_empty() {
                let ura: Vec<String> = w.ura.iter().map(|p| pai_name(*p)).collect();
                out.push(format!("  ura dora indicators: {}", ura.join(" ")));
            }
            if let Some((horses, hits)) = &w.horses {
                let names: Vec<String> = horses.iter().map(|p| pai_name(*p)).collect();
                out.push(format!("  horses (买马): {}; {hits} name the winner", names.join(" ")));
            }
            out.push(if variant == Variant::Riichi {
                format!("  {} han {} fu: {} points", w.han, w.fu, w.points)
            } else {
                format!("  {} fan: {} points", w.han, w.points)
            });
        }
        if let Some((reason, tenpai)) = &self.draw {
            out.push(format!("Draw: {}", reason.map_or("draw", |r| r.name()).replace('_', " ")));
            if *reason == Some(DrawReason::Exhaustive) {
                for s in t.seating.iter() {
                    let ready = tenpai[s.index()];
                    let mut line = format!(
                        "  {:<22} {}",
                        who(t, s, me),
                        if ready { "ready" } else { "not ready" }
                    );
                    let seat = &t.seats[s.index()];
                    if ready && !seat.hand.iter().any(|p| p.is_hidden()) {
                        line += &format!(": {}", super::tiles::names(&seat.hand));
                    }
                    out.push(line);
                }
            }
        }
        out.push("Payments:".into());
        for s in t.seating.iter() {
            let d = self.deltas[s.index()];
            out.push(format!(
                "  {:<22} {:>+7}  -> {:>7}",
                who(t, s, me),
                d,
                self.scores[s.index()]
            ));
        }
        if let Some(final_scores) = self.final_scores {
            out.push(String::new());
            out.extend(standings(t, final_scores, me));
        }
        out
    }
}

/// The final standings by player (`scores` by player), best first, each named by the seat it
/// held in the last hand; `me` is the viewer's seat.
pub fn standings(t: &Table, scores: [i32; 4], me: Option<Seat>) -> Vec<String> {
    let mut order: Vec<u8> = (0..t.seating.count() as u8).collect();
    order.sort_by_key(|&p| (std::cmp::Reverse(scores[p as usize]), p));
    let mut out = vec!["Final standings:".to_string()];
    for (rank, p) in order.into_iter().enumerate() {
        let name = who(t, t.seat_of_player(p), me);
        out.push(format!("  {}. {:<22} {:>7}", rank + 1, name, scores[p as usize]));
    }
    out
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Hand text (`12388m456p pon:111z chi:123p`) laid out as tiles: `1m 2m 3m 8m 8m 4p 5p 6p
/// [E E E] [1p 2p 3p]`.
pub fn lay_out(hand: &str) -> String {
    hand.split_whitespace()
        .map(|token| {
            let (meld, tiles) = match token.split_once(':') {
                Some((_, t)) => (true, t),
                None => (false, token),
            };
            match hupai_core::notation::parse_kinds(tiles) {
                Ok(kinds) => {
                    let names: Vec<String> = kinds.into_iter().map(kind_name).collect();
                    if meld {
                        format!("[{}]", names.join(" "))
                    } else {
                        names.join(" ")
                    }
                }
                Err(_) => token.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("  ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn hands_are_laid_out_as_tiles() {
        assert_eq!(
            super::lay_out("12388m456p pon:111z chi:123p"),
            "1m 2m 3m 8m 8m 4p 5p 6p  [E E E]  [1p 2p 3p]"
        );
    }
}
