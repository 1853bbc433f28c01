//! What one seat may know: built only from the events that seat is shown.
//!
//! ```
//! use hupai_core::{KindSet, Seat};
//! use hupai_engine::{Game, PlayerView, Setup};
//! use hupai_rules::Rules;
//! let (_game, events) = Game::new(Setup::new(Rules::preset("riichi").unwrap(), 5));
//! let mut view = PlayerView::new(Seat::South);
//! for e in &events {
//!     view.update(&e.for_seat(1));
//! }
//! assert_eq!(view.hand.len(), 13);
//! assert_eq!(view.hand_sizes[0], 14);
//! ```

use hupai_core::{KindSet, Seat};

use crate::{Event, Pai};

/// One seat's knowledge of the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// Scores by seat.
    pub scores: [i32; 4],
    /// Prevailing wind (`E`..`N`).
    pub bakaze: Option<Pai>,
    /// The dealer (actor number).
    pub oya: u8,
    /// Hand number within the round.
    pub kyoku: u8,
    /// Repeat counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub kyotaku: u32,
    /// Dora indicators shown.
    pub dora_markers: Vec<Pai>,
    /// The joker indicator (laizi).
    pub joker_marker: Option<Pai>,
    /// The seat's own concealed tiles.
    pub hand: Vec<Pai>,
    /// The tile the seat just drew.
    pub drawn: Option<Pai>,
    /// Concealed tile counts of every seat.
    pub hand_sizes: [usize; 4],
    /// Every seat's discards.
    pub rivers: [Vec<Pai>; 4],
    /// Every seat's declared melds (as their tiles).
    pub melds: [Vec<Vec<Pai>>; 4],
    /// Every seat's flowers.
    pub flowers: [Vec<Pai>; 4],
    /// Which seats declared riichi.
    pub riichi: [bool; 4],
    /// The last discard (actor, tile).
    pub last_discard: Option<(u8, Pai)>,
    /// Whether the match is over.
    pub game_over: bool,
    /// Every kind each seat has discarded this hand, called or not (its genbutsu).
    pub discarded: [KindSet; 4],
    /// For each seat in riichi: every kind discarded by anyone since its declaration (tiles it
    /// let pass, and so may not win on).
    pub passed_since_riichi: [KindSet; 4],
    /// Draws this hand by all seats (replacement draws included).
    pub draws: u32,
}

impl PlayerView {
    /// An empty view for `seat`.
    pub fn new(seat: Seat) -> PlayerView {
        PlayerView { seat, ..PlayerView::default() }
    }

    fn me(&self) -> usize {
        self.seat.index()
    }

    fn take(&mut self, pai: Pai) {
        if let Some(i) = self.hand.iter().position(|&p| p == pai) {
            self.hand.remove(i);
        }
    }

    /// Takes in one event. Only what the seat is shown is kept: other seats' dealt and drawn
    /// tiles are never stored, even if `event` carries them.
    pub fn update(&mut self, event: &Event) {
        let me = self.me();
        match event {
            Event::StartGame { .. } => {}
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
                ..
            } => {
                let seat = self.seat;
                *self = PlayerView::new(seat);
                self.bakaze = Some(*bakaze);
                self.dora_markers.extend(dora_marker.iter().copied());
                self.kyoku = *kyoku;
                self.honba = *honba;
                self.kyotaku = *kyotaku;
                self.oya = *oya;
                self.scores = *scores;
                self.joker_marker = *joker_marker;
                self.hand = tehais[me].clone();
                self.hand_sizes = std::array::from_fn(|s| tehais[s].len());
            }
            Event::Tsumo { actor, pai } => {
                let a = *actor as usize;
                self.hand_sizes[a] += 1;
                self.draws += 1;
                if a == me {
                    self.hand.push(*pai);
                    self.drawn = Some(*pai);
                }
            }
            Event::Flower { actor, pai } => {
                let a = *actor as usize;
                self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
                self.flowers[a].push(*pai);
                if a == me {
                    self.take(*pai);
                }
            }
            Event::Dahai { actor, pai, .. } => {
                let a = *actor as usize;
                self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
                self.rivers[a].push(*pai);
                if let Some(k) = pai.kind() {
                    self.discarded[a].insert(k);
                    for s in 0..4 {
                        if self.riichi[s] {
                            self.passed_since_riichi[s].insert(k);
                        }
                    }
                }
                self.last_discard = Some((*actor, *pai));
                if a == me {
                    self.take(*pai);
                    self.drawn = None;
                }
            }
            Event::Chi { actor, target, pai, consumed }
            | Event::Pon { actor, target, pai, consumed }
            | Event::Daiminkan { actor, target, pai, consumed } => {
                let a = *actor as usize;
                self.rivers[*target as usize].pop();
                self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(consumed.len());
                let mut meld = vec![*pai];
                meld.extend(consumed.iter().copied());
                self.melds[a].push(meld);
                if a == me {
                    for &c in consumed {
                        self.take(c);
                    }
                }
            }
            Event::Kakan { actor, pai, consumed } => {
                let a = *actor as usize;
                self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
                if let Some(m) = self.melds[a].iter_mut().find(|m| {
                    m.len() == 3 && consumed.first().is_some_and(|c| c.kind() == m[0].kind())
                }) {
                    m.push(*pai);
                }
                if a == me {
                    self.take(*pai);
                }
            }
            Event::Ankan { actor, consumed } => {
                let a = *actor as usize;
                self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(4);
                self.melds[a].push(consumed.clone());
                if a == me {
                    for &c in consumed {
                        self.take(c);
                    }
                }
            }
            Event::Dora { dora_marker } => self.dora_markers.push(*dora_marker),
            Event::Reach { actor } => self.riichi[*actor as usize] = true,
            Event::ReachAccepted { actor } => {
                self.scores[*actor as usize] -= 1000;
                self.kyotaku += 1;
            }
            Event::Hora { scores, .. } | Event::Ryukyoku { scores, .. } => self.scores = *scores,
            Event::EndKyoku => {}
            Event::EndGame { .. } => self.game_over = true,
        }
    }
}
