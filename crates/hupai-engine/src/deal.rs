//! Starting a hand: the wall, the joker, the deal, flowers, and every draw.
//!
//! Dealing: from the front of the wall, starting with the dealer and going in turn order,
//! three rounds of four tiles each, then one tile each (13 per seat); then the dealer draws.
//! Flowers (MCR) are set aside, dealer first, each replaced from the back of the wall.

use hupai_core::{KindSet, Seat, Tile};

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
            self.win_scores[s] = None;
            self.options[s].clear();
        }
        self.waiting = 0;
        self.kans = 0;
        self.kan_seats = 0;
        self.no_calls = true;
        self.discards = 0;
        self.riichi_count = 0;
        self.pending_dora = 0;
        self.joker = None;
        self.joker_marker = None;
        if self.rules.jokers {
            self.joker_marker = self.wall.take_last();
            self.joker = self.joker_marker.and_then(Tile::kind).map(|k| k.successor());
        }
        self.dora_count = usize::from(self.riichi());
        let joker = self.joker;
        for block in 0..4 {
            for i in 0..4 {
                let seat = self.dealer.add(i);
                let n = if block < 3 { 4 } else { 1 };
                for _ in 0..n {
                    if let Some(t) = self.wall.draw() {
                        self.p[seat].add(t, joker);
                    }
                }
            }
        }
        let tehais = std::array::from_fn(|s| {
            self.p[Seat::ALL[s]].hand.iter().map(|&t| self.pai(t)).collect::<Vec<_>>()
        });
        out.push(Event::StartKyoku {
            bakaze: crate::Pai::kind_of(Seat::ALL[self.round as usize % 4].wind()),
            dora_marker: self.wall.dora_indicator(0).filter(|_| self.riichi()).map(|t| self.pai(t)),
            kyoku: self.dealer.index() as u8 + 1,
            honba: self.honba,
            kyotaku: self.sticks,
            oya: Game::actor(self.dealer),
            scores: self.scores(),
            tehais,
            joker_marker: self.joker_marker.map(|t| self.pai(t)),
            players: (self.rules.family == hupai_rules::Family::Mcr).then_some(self.players),
        });
        for i in 0..4 {
            let seat = self.dealer.add(i);
            while let Some(flower) = self.p[seat].hand.iter().copied().find(|t| t.is_flower()) {
                self.p[seat].remove(flower, joker);
                self.p[seat].flowers.push(flower);
                out.push(Event::Flower { actor: Game::actor(seat), pai: self.pai(flower) });
                match self.wall.draw_replacement() {
                    Some(t) => {
                        self.p[seat].add(t, joker);
                        out.push(Event::Tsumo { actor: Game::actor(seat), pai: self.pai(t) });
                    }
                    None => break,
                }
            }
        }
        for s in Seat::ALL {
            self.update_waits(s);
        }
        if self.draw(self.dealer, false, out) {
            self.begin_turn(self.dealer, false, out);
        } else {
            self.exhaustive_draw(out);
        }
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
            out.push(Event::Tsumo { actor: Game::actor(seat), pai: self.pai(tile) });
            if tile.is_flower() {
                self.p[seat].flowers.push(tile);
                out.push(Event::Flower { actor: Game::actor(seat), pai: self.pai(tile) });
                replacement = true;
                continue;
            }
            let joker = self.joker;
            let p = &mut self.p[seat];
            p.add(tile, joker);
            p.drawn = Some(tile);
            p.draws += 1;
            p.kuikae = KindSet::EMPTY;
            return true;
        }
    }

    /// Recomputes the waits of `seat`, which holds 3n + 1 tiles.
    pub(crate) fn update_waits(&mut self, seat: Seat) {
        let p = &mut self.p[seat];
        let melds = p.melds.len() as u8;
        p.shanten = hupai_core::shanten_with_jokers(&p.counts, p.jokers, melds, self.forms);
        p.waits = if p.shanten > 0 {
            KindSet::EMPTY
        } else {
            hupai_core::waits_with_jokers(&p.counts, p.jokers, melds, self.forms)
        };
    }

    /// Gives `seat` its turn after a draw.
    pub(crate) fn begin_turn(&mut self, seat: Seat, replacement: bool, out: &mut Vec<Event>) {
        self.phase = Phase::Turn { seat, after_call: false, replacement };
        self.turn_options(seat, false, replacement);
        self.waiting = 1 << seat.index();
        let _ = out;
    }
}
