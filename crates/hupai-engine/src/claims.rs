//! Claims on a discard or a kan: who may claim, priority (win > kan / pon > chi), the calls.

use hupai_core::{Kind, Meld, MeldKind, Seat, Tile};

use crate::game::{Phase, Robbed};
use crate::player::{MeldTiles, RiichiState};
use crate::{Action, DrawReason, Event, Game, Pai};

impl Game {
    /// After `from` discarded `tile`: asks every other seat that has options, or moves on.
    pub(crate) fn open_claims(&mut self, from: Seat, tile: Tile, out: &mut Vec<Event>) {
        self.phase = Phase::Claims { from, tile };
        self.ask_others(from);
        if self.waiting == 0 {
            self.resolve_claims(out);
        }
    }

    /// Opens the window to rob the kan `seat` just declared (or to win on its kita); false
    /// when nobody can.
    pub(crate) fn open_robbing(&mut self, seat: Seat, tile: Tile, robbed: Robbed) -> bool {
        self.phase = Phase::Robbing { seat, tile, robbed };
        self.ask_others(seat);
        self.waiting != 0
    }

    /// Fills the options of the other seats and marks those who must decide.
    fn ask_others(&mut self, from: Seat) {
        self.waiting = 0;
        for seat in self.seats.after(from) {
            self.responses[seat] = None;
            self.fill_options(seat);
            if !self.options[seat].is_empty() {
                self.waiting |= 1 << seat.index();
            }
        }
    }

    /// Every answer is in: wins first, then kan / pon, then chi, else the next draw.
    pub(crate) fn resolve_claims(&mut self, out: &mut Vec<Event>) {
        let (from, tile, robbed) = match self.phase {
            Phase::Claims { from, tile } => (from, tile, None),
            Phase::Robbing { seat, tile, robbed } => (seat, tile, Some(robbed)),
            _ => return,
        };
        let mut winners = [Seat::East; 3];
        let mut n = 0;
        for s in self.seats.after(from) {
            if self.responses[s] == Some(Action::Ron) {
                winners[n] = s;
                n += 1;
            }
        }
        if n > 0 {
            if self.riichi() && n == 3 && self.rules.triple_ron_abort {
                self.abortive_draw(DrawReason::TripleRon, out);
                return;
            }
            if !self.rules.double_ron {
                n = 1;
            }
            self.settle_wins(&winners[..n], from, tile, false, robbed, out);
            return;
        }
        if let Some(robbed) = robbed {
            self.responses = Default::default();
            match robbed {
                Robbed::AddedKan => self.finish_kan(from, MeldKind::AddedKan, out),
                Robbed::ClosedKan => self.finish_kan(from, MeldKind::ClosedKan, out),
                Robbed::Kita => self.replace(from, out),
            }
            return;
        }
        if let RiichiState::Declared { double } = self.p[from].riichi {
            let player = self.players[from.index()] as usize;
            self.p[from].riichi = RiichiState::Accepted { double };
            self.riichi_count += 1;
            let mut deltas = [0; 4];
            if self.riichi() {
                // 报听 in the Chinese families costs no stick.
                self.scores[player] -= 1000;
                self.sticks += 1;
                deltas[from.index()] = -1000;
            }
            let scores = Some(self.scores());
            let deltas = Some(self.by_seat(deltas));
            self.emit(Event::ReachAccepted { actor: from, deltas, scores }, out);
            // 四家立直 is a riichi draw (four players only): four 报听 in the Chinese variants
            // play on.
            if self.riichi() && self.riichi_count == 4 && self.rules.abortive_draws {
                self.abortive_draw(DrawReason::FourRiichi, out);
                return;
            }
        }
        let mut call = None;
        for s in self.seats.after(from) {
            match self.responses[s] {
                Some(a @ (Action::Pon(_) | Action::OpenKan)) => call = Some((s, a)),
                Some(a @ Action::Chi(_)) if call.is_none() => call = Some((s, a)),
                _ => {}
            }
        }
        self.responses = Default::default();
        if let Some((seat, action)) = call {
            self.make_call(seat, from, tile, action, out);
            return;
        }
        if self.riichi() && self.rules.abortive_draws {
            if self.four_winds() {
                self.abortive_draw(DrawReason::FourWinds, out);
                return;
            }
            let table = self.table();
            if table.kans == 4 && table.kan_seats.count_ones() > 1 {
                self.abortive_draw(DrawReason::FourKans, out);
                return;
            }
        }
        let next = self.next_in_hand(from);
        if self.draw(next, false, out) {
            self.begin_turn(next, false);
        } else {
            self.exhaustive_draw(out);
        }
    }

    /// Whether the first four discards were the same wind with no call (four players only).
    fn four_winds(&self) -> bool {
        if self.seats.count() != 4 || !self.table().no_calls || self.discards != 4 {
            return false;
        }
        let first = self.p[self.dealer].river.first().and_then(|r| r.tile.kind());
        first.is_some_and(|k| {
            k.is_wind()
                && Seat::ALL
                    .iter()
                    .all(|&s| self.p[s].river.first().and_then(|r| r.tile.kind()) == Some(k))
        })
    }

    /// Carries out a pon, chi or open kan.
    fn make_call(
        &mut self,
        seat: Seat,
        from: Seat,
        tile: Tile,
        action: Action,
        out: &mut Vec<Event>,
    ) {
        let Some(kind) = tile.kind() else { return };
        if let Some(r) = self.p[from].river.last_mut() {
            r.called = true;
        }
        let pai = self.pai(tile);
        let (consumed, meld_kind, first): (Vec<Tile>, MeldKind, Kind) = match action {
            Action::Pon(names) => (self.tiles_named(seat, &names), MeldKind::Pon, kind),
            Action::Chi(names) => {
                let consumed = self.tiles_named(seat, &names);
                let low = consumed.iter().filter_map(|t| t.kind()).min().unwrap_or(kind).min(kind);
                (consumed, MeldKind::Chi, low)
            }
            _ => (self.p[seat].tiles_of(kind).take(3).collect(), MeldKind::Kan, kind),
        };
        for &t in &consumed {
            self.p[seat].remove(t);
        }
        let mut tiles = [tile; 4];
        tiles[1..=consumed.len()].copy_from_slice(&consumed);
        let count = consumed.len() + 1;
        let red = tiles[..count].iter().filter(|t| t.is_red_five(self.reds)).count() as u8;
        let base = Meld::new(meld_kind, first).unwrap_or(Meld::pon(kind));
        let meld = base.with_call(kind, from).unwrap_or(base);
        let meld = meld.with_red(red).unwrap_or(meld);
        self.p[seat].melds.push(MeldTiles { meld, tiles, called: Some(tile) });
        self.p[seat].drawn = None;
        self.note_liability(seat, from, kind, meld_kind == MeldKind::Chi);
        let consumed: Vec<Pai> = consumed.iter().map(|&t| self.pai(t)).collect();
        let (actor, target) = (seat, from);
        match meld_kind {
            MeldKind::Kan => {
                self.reveal_pending_dora(out);
                self.emit(Event::Daiminkan { actor, target, pai, consumed }, out);
                self.finish_kan(seat, MeldKind::Kan, out);
            }
            _ => {
                let event = if meld_kind == MeldKind::Pon {
                    Event::Pon { actor, target, pai, consumed }
                } else {
                    Event::Chi { actor, target, pai, consumed }
                };
                self.emit(event, out);
                self.phase = Phase::Turn { seat, replacement: false };
                self.fill_options(seat);
                self.waiting = 1 << seat.index();
            }
        }
    }

    /// The concealed tiles of `seat` named `names` (distinct copies).
    fn tiles_named(&self, seat: Seat, names: &[Pai; 2]) -> Vec<Tile> {
        let p = &self.p[seat];
        let first = p.tile_named(names[0], self.reds, None);
        let second = p.tile_named(names[1], self.reds, first);
        first.into_iter().chain(second).collect()
    }
}
