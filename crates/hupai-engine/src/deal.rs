//! Starting a hand: the wall, the joker, the deal, flowers, and every draw.
//!
//! Dealing: from the front of the wall, starting with the dealer and going in turn order,
//! three rounds of four tiles each, then one tile each (13 per seat); then the dealer draws.
//! Flowers (MCR) are set aside, dealer first, each replaced from the back of the wall.

use hupai_core::{Seat, Tile};

use crate::game::Phase;
use crate::{Event, Game, Wall};

impl Game {
    /// Deals a new hand and gives the dealer the first turn.
    pub(crate) fn start_hand(&mut self, out: &mut Vec<Event>) {
        match self.stacked.pop() {
            Some(tiles) => self.wall = Wall::from_tiles(&self.rules, tiles),
            None => self.wall.reshuffle(&self.rules, &mut self.rng),
        }
        for s in Seat::ALL {
            self.p[s].reset();
            self.responses[s] = None;
            self.options[s].clear();
        }
        self.waiting = 0;
        self.discards = 0;
        self.riichi_count = 0;
        self.pending_dora = 0;
        self.joker = None;
        self.joker_marker = None;
        self.kong_pays.clear();
        if self.rules.jokers {
            self.joker_marker = self.wall.take_last();
            self.joker =
                self.joker_marker.and_then(Tile::kind).and_then(|k| self.rules.joker_for(k));
        }
        self.dora_count = usize::from(self.riichi());
        for block in 0..4 {
            for i in 0..4 {
                let seat = self.dealer.add(i);
                let n = if block < 3 { 4 } else { 1 };
                for _ in 0..n {
                    if let Some(t) = self.wall.draw() {
                        self.p[seat].add(t);
                    }
                }
            }
        }
        let tehais = std::array::from_fn(|s| {
            self.p[Seat::ALL[s]].hand.iter().map(|&t| self.pai(t)).collect::<Vec<_>>()
        });
        let start = Event::StartKyoku {
            bakaze: crate::Pai::kind_of(Seat::ALL[self.round as usize % 4].wind()),
            dora_marker: self.wall.dora_indicator(0).filter(|_| self.riichi()).map(|t| self.pai(t)),
            kyoku: self.dealer.index() as u8 + 1,
            honba: self.honba,
            kyotaku: self.sticks,
            oya: self.dealer,
            scores: Some(self.scores()),
            tehais,
            joker_marker: self.joker_marker.map(|t| self.pai(t)),
            players: (self.rules.family == hupai_rules::Family::Mcr).then_some(self.players),
        };
        self.emit(start, out);
        for i in 0..4 {
            let seat = self.dealer.add(i);
            while let Some(flower) = self.p[seat].hand.iter().copied().find(|t| t.is_flower()) {
                self.p[seat].remove(flower);
                self.p[seat].flowers.push(flower);
                let pai = self.pai(flower);
                self.emit(Event::Flower { actor: seat, pai }, out);
                match self.wall.draw_replacement() {
                    Some(t) => {
                        self.p[seat].add(t);
                        let pai = self.pai(t);
                        self.emit(Event::Tsumo { actor: seat, pai }, out);
                    }
                    None => break,
                }
            }
        }
        if !self.draw(self.dealer, false, out) {
            self.exhaustive_draw(out);
        } else if self.rules.void_suit {
            self.begin_void();
        } else {
            self.begin_turn(self.dealer, false);
        }
    }

    /// 定缺: every seat names the suit it voids, all at once.
    fn begin_void(&mut self) {
        self.phase = Phase::Void;
        self.waiting = 0;
        for s in Seat::ALL {
            self.responses[s] = None;
            self.fill_options(s);
            if !self.options[s].is_empty() {
                self.waiting |= 1 << s.index();
            }
        }
    }

    /// Every seat has named its void suit: the choices are shown (dealer first), then the
    /// dealer plays.
    pub(crate) fn resolve_voids(&mut self, out: &mut Vec<Event>) {
        for i in 0..4 {
            let seat = self.dealer.add(i);
            if let Some(crate::Action::Void(suit)) = self.responses[seat].take() {
                self.emit(Event::Void { actor: seat, suit }, out);
            }
        }
        self.begin_turn(self.dealer, false);
    }

    /// Draws for `seat` (a replacement draw when `replacement`), setting flowers aside;
    /// false when the wall is empty.
    pub(crate) fn draw(&mut self, seat: Seat, replacement: bool, out: &mut Vec<Event>) -> bool {
        let mut replacement = replacement;
        loop {
            let tile = if replacement { self.wall.draw_replacement() } else { self.wall.draw() };
            let Some(tile) = tile else {
                return false;
            };
            let pai = self.pai(tile);
            if tile.is_flower() {
                self.p[seat].add(tile);
                self.emit(Event::Tsumo { actor: seat, pai }, out);
                self.p[seat].remove(tile);
                self.p[seat].flowers.push(tile);
                self.emit(Event::Flower { actor: seat, pai }, out);
                replacement = true;
                continue;
            }
            let p = &mut self.p[seat];
            p.add(tile);
            p.drawn = Some(tile);
            self.emit(Event::Tsumo { actor: seat, pai }, out);
            return true;
        }
    }

    /// Gives `seat` its turn after a draw.
    pub(crate) fn begin_turn(&mut self, seat: Seat, replacement: bool) {
        self.phase = Phase::Turn { seat, replacement };
        self.fill_options(seat);
        self.waiting = 1 << seat.index();
    }
}
