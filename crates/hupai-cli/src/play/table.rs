//! What the screen shows of the table, folded from events: every seat's concealed tiles
//! (hidden ones as `?`), the drawn tile apart, rivers with riichi and called marks, melds with
//! the called tile and its source, flowers, and the round. Live play folds the events one seat
//! is shown; a replay folds the whole log, so every hand is revealed.

use hupai_core::Seat;
use hupai_engine::{Event, Pai};

use super::tiles::sort_key;

/// One discard in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverCell {
    /// The tile.
    pub pai: Pai,
    /// The discard that declared riichi (drawn turned).
    pub riichi: bool,
    /// Another seat called it.
    pub called: bool,
}

/// One declared meld.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeldCell {
    /// The tiles, the called one first.
    pub tiles: Vec<Pai>,
    /// Whom the called tile came from, if anyone.
    pub from: Option<Seat>,
    /// A closed kan.
    pub closed: bool,
}

/// One seat as the screen shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatState {
    /// Concealed tiles, sorted (hidden ones as `?`), without the drawn tile.
    pub hand: Vec<Pai>,
    /// The tile just drawn.
    pub drawn: Option<Pai>,
    /// Discards in order.
    pub river: Vec<RiverCell>,
    /// Declared melds in order.
    pub melds: Vec<MeldCell>,
    /// Flowers (and Wuhan lone kongs) set aside.
    pub flowers: Vec<Pai>,
    /// Declared riichi.
    pub riichi: bool,
    riichi_next: bool,
}

impl SeatState {
    /// Concealed tiles including the drawn one.
    pub fn concealed(&self) -> usize {
        self.hand.len() + usize::from(self.drawn.is_some())
    }

    fn merge_drawn(&mut self) {
        if let Some(d) = self.drawn.take() {
            self.hand.push(d);
            self.hand.sort_by_key(|&p| sort_key(p));
        }
    }

    /// Removes `pai` from the concealed tiles (a hidden one when it is not shown).
    fn take(&mut self, pai: Pai) {
        self.merge_drawn();
        if let Some(i) = self.hand.iter().position(|&p| p == pai) {
            self.hand.remove(i);
        } else if let Some(i) = self.hand.iter().position(|p| p.is_hidden()) {
            self.hand.remove(i);
        }
    }
}

/// The table as shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The rule set's name.
    pub rules: String,
    /// Player names by player number.
    pub names: [String; 4],
    /// Prevailing wind.
    pub bakaze: Option<Pai>,
    /// Hand number in the round.
    pub kyoku: u8,
    /// Repeat counters.
    pub honba: u32,
    /// Riichi sticks.
    pub kyotaku: u32,
    /// The dealer.
    pub oya: Seat,
    /// Scores by seat.
    pub scores: [i32; 4],
    /// Dora indicators.
    pub dora: Vec<Pai>,
    /// The joker indicator.
    pub joker_marker: Option<Pai>,
    /// The player at each seat.
    pub players: [u8; 4],
    /// The seats.
    pub seats: [SeatState; 4],
    /// Tiles left to draw, when known.
    pub wall_left: Option<usize>,
    /// Who discarded last.
    pub last_discard: Option<Seat>,
    /// A kan just declared (seat, tile), which others may rob until the next draw.
    pub last_kan: Option<(Seat, Pai)>,
    /// Hands started.
    pub hands: u32,
    /// The match is over.
    pub over: bool,
}

impl Table {
    /// Takes in one event.
    pub fn update(&mut self, event: &Event) {
        match event {
            Event::StartGame { names, rules, .. } => {
                self.names = names.clone();
                self.rules = rules.clone();
                self.players = [0, 1, 2, 3];
            }
            Event::StartKyoku {
                bakaze,
                dora_marker,
                kyoku,
                honba,
                kyotaku,
                oya,
                scores,
                tehais,
                joker_marker,
                players,
            } => {
                self.bakaze = Some(*bakaze);
                self.dora = dora_marker.iter().copied().collect();
                self.kyoku = *kyoku;
                self.honba = *honba;
                self.kyotaku = *kyotaku;
                self.oya = *oya;
                if let Some(s) = scores {
                    self.scores = *s;
                }
                self.joker_marker = *joker_marker;
                self.players = players.unwrap_or([0, 1, 2, 3]);
                self.last_discard = None;
                self.hands += 1;
                for (s, hand) in self.seats.iter_mut().zip(tehais) {
                    *s = SeatState { hand: hand.clone(), ..SeatState::default() };
                    s.hand.sort_by_key(|&p| sort_key(p));
                }
            }
            Event::Tsumo { actor, pai } => {
                self.last_kan = None;
                if let Some(s) = self.seat_mut(*actor) {
                    s.merge_drawn();
                    s.drawn = Some(*pai);
                }
            }
            // A lone kong (Wuhan) is shown set aside, as a flower is.
            Event::Flower { actor, pai } | Event::LoneKong { actor, pai } => {
                if let Some(s) = self.seat_mut(*actor) {
                    if s.drawn.is_some_and(|d| d == *pai || d.is_hidden()) {
                        s.drawn = None;
                    } else {
                        s.take(*pai);
                    }
                    s.flowers.push(*pai);
                }
            }
            Event::Dahai { actor, pai, tsumogiri } => {
                self.last_discard = Some(*actor);
                self.last_kan = None;
                if let Some(s) = self.seat_mut(*actor) {
                    if *tsumogiri && s.drawn.is_some() {
                        s.drawn = None;
                    } else {
                        s.take(*pai);
                    }
                    s.merge_drawn();
                    let riichi = std::mem::take(&mut s.riichi_next);
                    s.river.push(RiverCell { pai: *pai, riichi, called: false });
                }
            }
            Event::Chi { actor, target, pai, consumed }
            | Event::Pon { actor, target, pai, consumed }
            | Event::Daiminkan { actor, target, pai, consumed } => {
                if let Some(cell) = self.seat_mut(*target).and_then(|t| t.river.last_mut()) {
                    cell.called = true;
                }
                if let Some(s) = self.seat_mut(*actor) {
                    for &c in consumed {
                        s.take(c);
                    }
                    let mut tiles = vec![*pai];
                    tiles.extend(consumed.iter().copied());
                    s.melds.push(MeldCell { tiles, from: Some(*target), closed: false });
                }
            }
            Event::Kakan { actor, pai, consumed } => {
                self.last_kan = Some((*actor, *pai));
                if let Some(s) = self.seat_mut(*actor) {
                    s.take(*pai);
                    let kind = consumed.first().and_then(|c| c.kind());
                    if let Some(m) =
                        s.melds.iter_mut().find(|m| m.tiles.len() == 3 && m.tiles[0].kind() == kind)
                    {
                        m.tiles.push(*pai);
                    }
                }
            }
            Event::Ankan { actor, consumed } => {
                self.last_kan = consumed.first().map(|p| (*actor, *p));
                if let Some(s) = self.seat_mut(*actor) {
                    for &c in consumed {
                        s.take(c);
                    }
                    s.melds.push(MeldCell { tiles: consumed.clone(), from: None, closed: true });
                }
            }
            Event::Dora { dora_marker } => self.dora.push(*dora_marker),
            Event::Reach { actor } => {
                if let Some(s) = self.seat_mut(*actor) {
                    s.riichi = true;
                    s.riichi_next = true;
                }
            }
            Event::ReachAccepted { actor, scores, .. } => {
                match scores {
                    Some(s) => self.scores = *s,
                    None => self.scores[actor.index()] -= 1000,
                }
                self.kyotaku += 1;
            }
            Event::Hora { scores, deltas, .. } | Event::Ryukyoku { scores, deltas, .. } => {
                match scores {
                    Some(s) => self.scores = *s,
                    None => {
                        for (s, d) in self.scores.iter_mut().zip(deltas) {
                            *s += d;
                        }
                    }
                }
            }
            Event::Payment { scores, deltas, .. } => match scores {
                Some(s) => self.scores = *s,
                None => {
                    for (s, d) in self.scores.iter_mut().zip(deltas) {
                        *s += d;
                    }
                }
            },
            Event::Exchange { actor, target, pai } => {
                if let Some(s) = self.seat_mut(*actor) {
                    // As the engine passes them: other copies before the drawn tile.
                    for &p in pai {
                        if let Some(i) = s.hand.iter().position(|&h| h == p) {
                            s.hand.remove(i);
                        } else if s.drawn == Some(p) {
                            s.drawn = None;
                        } else {
                            s.take(p);
                        }
                    }
                }
                if let Some(s) = self.seat_mut(*target) {
                    s.hand.extend(pai);
                    s.hand.sort_by_key(|&p| sort_key(p));
                }
            }
            Event::Void { .. } | Event::EndKyoku => {}
            Event::EndGame { .. } => self.over = true,
        }
    }

    fn seat_mut(&mut self, seat: Seat) -> Option<&mut SeatState> {
        self.seats.get_mut(seat.index())
    }

    /// The name of the player at `seat`.
    pub fn name_at(&self, seat: Seat) -> &str {
        let player = self.players[seat.index()];
        self.names.get(player as usize).map_or("?", String::as_str)
    }

    /// The seat where player `player` sits.
    pub fn seat_of_player(&self, player: u8) -> Seat {
        let at = self.players.iter().position(|&p| p == player).unwrap_or(0);
        Seat::from_index(at).unwrap_or_default()
    }

    /// The seat wind letter of `seat` this hand.
    pub fn wind_of(&self, seat: Seat) -> char {
        Seat::ALL[self.oya.distance_to(seat)].letter()
    }
}
