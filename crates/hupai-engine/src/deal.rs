//! Starting a hand: the wall, the joker, the deal, flowers, and every draw.
//!
//! Dealing: from the front of the wall, starting with the dealer and going in turn order
//! around the seats at the table, three rounds of four tiles each, then one tile each (13 per
//! seat); then the dealer draws.
//! Flowers (MCR) are set aside, dealer first, each replaced from the back of the wall.

use hupai_core::{BySeat, Seat, Tile};

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
            for i in 0..self.seats.count() {
                let seat = self.seats.add(self.dealer, i);
                let n = if block < 3 { 4 } else { 1 };
                for _ in 0..n {
                    if let Some(t) = self.wall.draw() {
                        self.p[seat].add(t);
                    }
                }
            }
        }
        let tehais = BySeat::new(self.seats, |s| {
            self.p[s].hand.iter().map(|t| self.pai(t)).collect::<Vec<_>>()
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
            players: (self.rules.variant == hupai_rules::Variant::Mcr).then_some(self.players),
        };
        self.emit(start, out);
        for i in 0..self.seats.count() {
            let seat = self.seats.add(self.dealer, i);
            while let Some(flower) = self.p[seat].hand.iter().find(|t| t.is_flower()) {
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
        } else if self.rules.exchange_three {
            self.begin_all(Phase::Exchange);
        } else if self.rules.void_suit {
            self.begin_all(Phase::Void);
        } else {
            self.begin_turn(self.dealer, false);
        }
    }

    /// A decision every seat makes at once, after the deal: 换三张 or 定缺.
    fn begin_all(&mut self, phase: Phase) {
        self.phase = phase;
        self.waiting = 0;
        for s in self.seats.iter() {
            self.responses[s] = None;
            self.fill_options(s);
            if !self.options[s].is_empty() {
                self.waiting |= 1 << s.index();
            }
        }
    }

    /// Every seat has chosen its three tiles: each passes them (the dice name the direction
    /// unless the rules fix it), shown dealer first; then the void choice or the dealer's turn.
    pub(crate) fn resolve_exchange(&mut self, out: &mut Vec<Event>) {
        let step = match self.rules.exchange_direction.step() {
            Some(step) => step,
            None => 1 + self.rng.below(3) as u8,
        };
        let mut given = [[None::<Tile>; 3]; 4];
        for s in self.seats.iter() {
            let Some(crate::Action::Exchange(pai)) = self.responses[s].take() else { continue };
            let p = &mut self.p[s];
            for (slot, pai) in given[s.index()].iter_mut().zip(pai) {
                // Another copy before the drawn tile, so the drawn tile stays drawn if it can.
                *slot = p.tile_named(pai, self.reds, p.drawn).or_else(|| {
                    p.drawn.filter(|&d| crate::Pai::of(d, self.reds) == pai && p.hand.contains(d))
                });
                if let Some(t) = *slot {
                    p.take_out(t);
                }
            }
        }
        for i in 0..self.seats.count() {
            let seat = self.seats.add(self.dealer, i);
            let target = self.seats.add(seat, usize::from(step));
            let tiles = given[seat.index()];
            for t in tiles.into_iter().flatten() {
                self.p[target].add(t);
            }
            let pai = tiles.map(|t| t.map_or(crate::Pai::HIDDEN, |t| self.pai(t)));
            self.emit(Event::Exchange { actor: seat, target, pai }, out);
        }
        if self.rules.void_suit {
            self.begin_all(Phase::Void);
        } else {
            self.begin_turn(self.dealer, false);
        }
    }

    /// Every seat has named its void suit: the choices are shown (dealer first), then the
    /// dealer plays.
    pub(crate) fn resolve_voids(&mut self, out: &mut Vec<Event>) {
        for i in 0..self.seats.count() {
            let seat = self.seats.add(self.dealer, i);
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
