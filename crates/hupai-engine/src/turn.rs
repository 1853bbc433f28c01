//! A seat's own turn: carrying out its decision after a draw or a call.

use hupai_core::{Kind, Meld, MeldKind, Seat, Tile};

use crate::game::Robbed;
use crate::player::{MeldTiles, RiichiState, RiverTile};
use crate::{Action, Event, Game};

impl Game {
    /// Lists the options of `seat`, which must decide now, from its view.
    pub(crate) fn fill_options(&mut self, seat: Seat) {
        let mut opts = std::mem::take(&mut self.options[seat]);
        crate::options::legal_options_into(&self.views[seat], &mut opts);
        self.options[seat] = opts;
    }

    /// Carries out `seat`'s decision on its turn.
    pub(crate) fn apply_turn(
        &mut self,
        seat: Seat,
        action: Action,
        replacement: bool,
        out: &mut Vec<Event>,
    ) {
        self.waiting = 0;
        match action {
            Action::Discard { pai, tsumogiri } | Action::Riichi { pai, tsumogiri } => {
                let p = &self.p[seat];
                let tile = match p.drawn {
                    Some(drawn) if tsumogiri => Some(drawn).filter(|&d| p.hand.contains(d)),
                    _ if tsumogiri => None,
                    drawn => p.tile_named(pai, self.reds, drawn),
                };
                if let Some(tile) = tile {
                    self.discard(seat, tile, matches!(action, Action::Riichi { .. }), out);
                }
            }
            Action::Tsumo => {
                if let Some(tile) = self.p[seat].drawn {
                    self.settle_wins(&[seat], seat, tile, replacement, None, out);
                }
            }
            Action::NineTerminals => self.abortive_draw(crate::DrawReason::NineTerminals, out),
            Action::ClosedKan(k) => self.closed_kan(seat, k, out),
            Action::AddedKan(k) => self.added_kan(seat, k, out),
            Action::LoneKong(k) => self.lone_kong(seat, k, out),
            Action::Kita => self.kita(seat, out),
            _ => {}
        }
    }

    /// Discards the concealed `tile` (declaring riichi when `riichi`), then opens the
    /// claims. A kan dora
    /// waiting for this discard is revealed just before it, as Mortal's simulator orders it.
    fn discard(&mut self, seat: Seat, tile: Tile, riichi: bool, out: &mut Vec<Event>) {
        if riichi {
            let double = self.table().no_calls && self.views[seat].own_draws() == 1;
            self.emit(Event::Reach { actor: seat }, out);
            self.p[seat].riichi = RiichiState::Declared { double };
        }
        let p = &mut self.p[seat];
        p.remove(tile);
        let tsumogiri = p.drawn == Some(tile);
        p.river.push(RiverTile { tile, tsumogiri, riichi, called: false });
        p.drawn = None;
        self.discards += 1;
        self.reveal_pending_dora(out);
        let pai = self.pai(tile);
        self.emit(Event::Dahai { actor: seat, pai, tsumogiri }, out);
        self.open_claims(seat, tile, out);
    }

    /// Reveals kan dora waiting for the discard (open and added kans).
    pub(crate) fn reveal_pending_dora(&mut self, out: &mut Vec<Event>) {
        while self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.reveal_dora(out);
        }
    }

    /// Reveals the next dora indicator.
    pub(crate) fn reveal_dora(&mut self, out: &mut Vec<Event>) {
        if let Some(t) = self.wall.dora_indicator(self.dora_count) {
            self.dora_count += 1;
            let dora_marker = self.pai(t);
            self.emit(Event::Dora { dora_marker }, out);
        }
    }

    /// Sets one tile of `kind` aside as a lone kong (Wuhan), then draws its replacement from
    /// the back of the wall (an exhaustive draw when there is none). No one may rob it.
    fn lone_kong(&mut self, seat: Seat, kind: Kind, out: &mut Vec<Event>) {
        let p = &mut self.p[seat];
        // Another copy before the drawn tile, so the drawn tile stays drawn if it can.
        let Some(tile) = p.tiles_of(kind).find(|&t| Some(t) != p.drawn).or(p.drawn) else {
            return;
        };
        p.take_out(tile);
        p.lone_kongs.push(tile);
        let pai = self.pai(tile);
        self.emit(Event::LoneKong { actor: seat, pai }, out);
        self.replace(seat, out);
    }

    /// Sets a North aside as a bonus dora (三人麻雀 抜きドラ): the drawn one if it is a North.
    /// Where the rules allow it, another seat may win on it; else (or when nobody does) the
    /// replacement draw follows.
    fn kita(&mut self, seat: Seat, out: &mut Vec<Event>) {
        let p = &mut self.p[seat];
        let drawn = p.drawn.filter(|t| t.kind() == Some(Kind::NORTH));
        let Some(tile) = drawn.or_else(|| p.tiles_of(Kind::NORTH).next()) else { return };
        p.take_out(tile);
        p.kita.push(tile);
        let pai = self.pai(tile);
        self.emit(Event::Kita { actor: seat, pai }, out);
        if self.rules.kita_ron && self.open_robbing(seat, tile, Robbed::Kita) {
            return;
        }
        self.replace(seat, out);
    }

    /// The replacement draw after a kan, a lone kong or a kita, then the seat's turn (an
    /// exhaustive draw when the wall has no tile for it).
    pub(crate) fn replace(&mut self, seat: Seat, out: &mut Vec<Event>) {
        if self.draw(seat, true, out) {
            self.begin_turn(seat, true);
        } else {
            self.exhaustive_draw(out);
        }
    }

    /// Declares a closed kan of `kind`.
    fn closed_kan(&mut self, seat: Seat, kind: Kind, out: &mut Vec<Event>) {
        self.reveal_pending_dora(out);
        let tiles: Vec<Tile> = self.p[seat].tiles_of(kind).collect();
        let mut four = [Tile::new(kind, 0); 4];
        for (slot, &t) in four.iter_mut().zip(&tiles) {
            *slot = t;
            self.p[seat].remove(t);
        }
        let red = four.iter().filter(|t| t.is_red_five(self.reds)).count() as u8;
        let meld = Meld::kan(MeldKind::ClosedKan, kind)
            .with_red(red)
            .unwrap_or(Meld::kan(MeldKind::ClosedKan, kind));
        self.p[seat].melds.push(MeldTiles { meld, tiles: four, called: None });
        self.p[seat].drawn = None;
        let consumed = four.iter().map(|&t| self.pai(t)).collect();
        self.emit(Event::Ankan { actor: seat, consumed }, out);
        if self.open_robbing(seat, four[0], Robbed::ClosedKan) {
            return;
        }
        self.finish_kan(seat, MeldKind::ClosedKan, out);
    }

    /// Adds the held tile of `kind` to its pon.
    fn added_kan(&mut self, seat: Seat, kind: Kind, out: &mut Vec<Event>) {
        self.reveal_pending_dora(out);
        let Some(tile) = self.p[seat].tiles_of(kind).next() else { return };
        self.p[seat].remove(tile);
        self.p[seat].drawn = None;
        let reds = self.reds;
        let Some(m) = self.p[seat]
            .melds
            .iter_mut()
            .find(|m| m.meld.kind() == MeldKind::Pon && m.meld.first() == kind)
        else {
            return;
        };
        let pon_tiles = [m.tiles[0], m.tiles[1], m.tiles[2]];
        m.tiles[3] = tile;
        let red = m.tiles.iter().filter(|t| t.is_red_five(reds)).count() as u8;
        let mut meld = Meld::kan(MeldKind::AddedKan, kind);
        if let (Some(c), Some(f)) = (m.meld.called(), m.meld.from()) {
            meld = meld.with_call(c, f).unwrap_or(meld);
        }
        m.meld = meld.with_red(red).unwrap_or(meld);
        let pai = self.pai(tile);
        let consumed = pon_tiles.iter().map(|&t| self.pai(t)).collect();
        self.emit(Event::Kakan { actor: seat, pai, consumed }, out);
        if self.open_robbing(seat, tile, Robbed::AddedKan) {
            return;
        }
        self.finish_kan(seat, MeldKind::AddedKan, out);
    }

    /// After a kan stands: the dora (now for a closed kan, after the next discard otherwise),
    /// its payment (刮风下雨) and the replacement draw.
    pub(crate) fn finish_kan(&mut self, seat: Seat, kan: MeldKind, out: &mut Vec<Event>) {
        if self.riichi() {
            if kan == MeldKind::ClosedKan {
                self.reveal_dora(out);
            } else {
                self.pending_dora += 1;
            }
        }
        self.kong_payment(seat, kan, out);
        self.replace(seat, out);
    }
}
