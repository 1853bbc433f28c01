//! A seat's own turn: the options after a draw or a call, and carrying them out.

use hupai_core::{Kind, KindSet, Meld, MeldKind, Seat, Tile};
use hupai_rules::WinContext;

use crate::player::{MeldTiles, RiichiState, RiverTile};
use crate::{Action, Event, Game};

impl Game {
    /// Fills the options of `seat` on its turn.
    pub(crate) fn turn_options(&mut self, seat: Seat, after_call: bool, replacement: bool) {
        let mut opts = std::mem::take(&mut self.options[seat]);
        opts.clear();
        self.win_scores[seat] = None;
        let riichi_on = self.p[seat].riichi.is_on();
        if !after_call {
            if let Some(score) = self.tsumo_score(seat, replacement) {
                self.win_scores[seat] = Some(score);
                opts.push(Action::Tsumo);
            }
            self.kan_options(seat, &mut opts);
            if self.riichi()
                && self.rules.abortive_draws
                && self.no_calls
                && self.p[seat].draws == 1
                && !replacement
            {
                let c = &self.p[seat].counts;
                let orphans = Kind::ORPHANS.iter().filter(|&&k| c.get(k) > 0).count();
                if orphans >= 9 {
                    opts.push(Action::NineTerminals);
                }
            }
        }
        let p = &self.p[seat];
        let drawn = p.drawn;
        if riichi_on {
            if let Some(t) = drawn {
                opts.push(Action::Discard(t));
            }
        } else {
            let mut seen = 0u64;
            let first = opts.len();
            if let Some(t) = drawn {
                opts.push(Action::Discard(t));
            }
            for &t in &p.hand {
                if t.kind().is_some_and(|k| p.kuikae.contains(k)) || Some(t) == drawn {
                    continue;
                }
                let bit = 1u64 << self.pai(t).index();
                if seen & bit == 0 {
                    seen |= bit;
                    opts.push(Action::Discard(t));
                }
            }
            if self.riichi_allowed(seat, after_call) {
                let melds = p.meld_count();
                if p.shanten <= 1 && hupai_core::shanten(&p.counts, melds, self.forms) <= 0 {
                    for i in first..opts.len() {
                        let Action::Discard(t) = opts[i] else { continue };
                        let Some(k) = t.kind() else { continue };
                        let mut c = p.counts;
                        c.remove(k);
                        if !hupai_core::waits(&c, melds, self.forms).is_empty() {
                            opts.push(Action::Riichi(t));
                        }
                    }
                }
            }
        }
        self.options[seat] = opts;
    }

    /// Whether `seat` may declare riichi now (before checking readiness).
    fn riichi_allowed(&self, seat: Seat, after_call: bool) -> bool {
        let p = &self.p[seat];
        self.riichi()
            && !after_call
            && p.riichi == RiichiState::None
            && p.is_closed()
            && self.scores[self.players[seat.index()] as usize] >= 1000
            && self.wall.live() >= 4
    }

    /// Closed and added kans `seat` may declare.
    fn kan_options(&self, seat: Seat, opts: &mut Vec<Action>) {
        if !self.rules.kan || self.wall.live() == 0 || (self.riichi() && self.kans >= 4) {
            return;
        }
        let p = &self.p[seat];
        if !p.counts.0.contains(&4) && p.melds.is_empty() {
            return;
        }
        for (i, &c) in p.counts.0.iter().enumerate() {
            if c < 4 {
                continue;
            }
            let Some(k) = Kind::new(i as u8) else { continue };
            if p.riichi.is_on() {
                if p.drawn.and_then(Tile::kind) != Some(k) {
                    continue;
                }
                let mut c = p.counts;
                c[k] = 0;
                let waits = hupai_core::waits(&c, p.meld_count() + 1, self.forms);
                if waits != p.waits || waits.is_empty() {
                    continue;
                }
            }
            opts.push(Action::ClosedKan(k));
        }
        if p.riichi.is_on() {
            return;
        }
        for m in &p.melds {
            if m.meld.kind() == MeldKind::Pon {
                if let Some(t) = p.tiles_of(m.meld.first()).next() {
                    opts.push(Action::AddedKan(t));
                }
            }
        }
    }

    /// The score of a self-drawn win by `seat` now, if it is a legal win.
    fn tsumo_score(&self, seat: Seat, replacement: bool) -> Option<hupai_rules::Score> {
        let p = &self.p[seat];
        let drawn = p.drawn?;
        let kind = drawn.kind()?;
        let complete = if replacement || p.jokers > 0 {
            hupai_core::is_agari_with_jokers(&p.counts, p.jokers, p.meld_count(), self.forms)
        } else {
            p.waits.contains(kind)
        };
        if !complete {
            return None;
        }
        let mut ctx = self.win_context(seat, kind, true);
        ctx.replacement = replacement;
        ctx.last_tile = !replacement && self.wall.live() == 0;
        ctx.first_turn = !replacement && self.no_calls && p.draws == 1;
        self.score_win(seat, &ctx, None)
    }

    /// Carries out `seat`'s decision on its turn.
    pub(crate) fn apply_turn(
        &mut self,
        seat: Seat,
        action: Action,
        after_call: bool,
        replacement: bool,
        out: &mut Vec<Event>,
    ) {
        let _ = after_call;
        self.waiting = 0;
        match action {
            Action::Discard(t) => self.discard(seat, t, false, out),
            Action::Riichi(t) => self.discard(seat, t, true, out),
            Action::Tsumo => {
                let tile = self.p[seat].drawn;
                if let Some(tile) = tile {
                    self.settle_wins(&[seat], seat, tile, replacement, false, out);
                }
            }
            Action::NineTerminals => self.abortive_draw("nine_terminals", out),
            Action::ClosedKan(k) => self.closed_kan(seat, k, out),
            Action::AddedKan(t) => self.added_kan(seat, t, out),
            _ => {}
        }
    }

    /// Discards `tile` (declaring riichi when `riichi`), then opens the claims.
    fn discard(&mut self, seat: Seat, tile: Tile, riichi: bool, out: &mut Vec<Event>) {
        let actor = Game::actor(seat);
        let double = self.no_calls && self.p[seat].draws == 1;
        if riichi {
            out.push(Event::Reach { actor });
            self.p[seat].riichi = RiichiState::Declared { double };
        }
        let joker = self.joker;
        let p = &mut self.p[seat];
        let tsumogiri = p.drawn == Some(tile);
        p.remove(tile, joker);
        p.river.push(RiverTile { tile, tsumogiri, riichi, called: false });
        if let Some(k) = tile.kind() {
            p.discarded.insert(k);
        }
        p.drawn = None;
        p.kuikae = KindSet::EMPTY;
        p.temp_furiten = false;
        if !riichi {
            p.ippatsu = false;
        }
        self.discards += 1;
        out.push(Event::Dahai { actor, pai: self.pai(tile), tsumogiri });
        self.reveal_pending_dora(out);
        if !self.p[seat].riichi.is_on() || riichi {
            self.update_waits(seat);
        }
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
            out.push(Event::Dora { dora_marker: self.pai(t) });
        }
    }

    /// Declares a closed kan of `kind`.
    fn closed_kan(&mut self, seat: Seat, kind: Kind, out: &mut Vec<Event>) {
        self.reveal_pending_dora(out);
        let joker = self.joker;
        let tiles: Vec<Tile> = self.p[seat].tiles_of(kind).collect();
        let mut four = [Tile::new(kind, 0); 4];
        for (slot, &t) in four.iter_mut().zip(&tiles) {
            *slot = t;
            self.p[seat].remove(t, joker);
        }
        let red = four.iter().filter(|t| t.is_red_five(self.reds)).count() as u8;
        let meld = Meld::kan(MeldKind::ClosedKan, kind)
            .with_red(red)
            .unwrap_or(Meld::kan(MeldKind::ClosedKan, kind));
        self.p[seat].melds.push(MeldTiles { meld, tiles: four, called: None });
        self.after_kan_declared(seat);
        out.push(Event::Ankan {
            actor: Game::actor(seat),
            consumed: four.iter().map(|&t| self.pai(t)).collect(),
        });
        if self.open_robbing(seat, four[0], true) {
            return;
        }
        self.finish_kan(seat, true, out);
    }

    /// Adds `tile` to its pon.
    fn added_kan(&mut self, seat: Seat, tile: Tile, out: &mut Vec<Event>) {
        self.reveal_pending_dora(out);
        let Some(kind) = tile.kind() else { return };
        let joker = self.joker;
        self.p[seat].remove(tile, joker);
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
        self.after_kan_declared(seat);
        out.push(Event::Kakan {
            actor: Game::actor(seat),
            pai: self.pai(tile),
            consumed: pon_tiles.iter().map(|&t| self.pai(t)).collect(),
        });
        if self.open_robbing(seat, tile, false) {
            return;
        }
        self.finish_kan(seat, false, out);
    }

    /// Bookkeeping common to every kan declaration.
    pub(crate) fn after_kan_declared(&mut self, seat: Seat) {
        self.kans += 1;
        self.kan_seats |= 1 << seat.index();
        self.no_calls = false;
        for s in Seat::ALL {
            self.p[s].ippatsu = false;
        }
    }

    /// After a kan stands: the dora (now for a closed kan, after the next discard otherwise)
    /// and the replacement draw.
    pub(crate) fn finish_kan(&mut self, seat: Seat, closed: bool, out: &mut Vec<Event>) {
        if self.riichi() {
            if closed {
                self.reveal_dora(out);
            } else {
                self.pending_dora += 1;
            }
        }
        if self.draw(seat, true, out) {
            self.begin_turn(seat, true, out);
        } else {
            self.exhaustive_draw(out);
        }
    }

    /// The situation of a win by `seat` on `kind`, without kong and last-tile flags.
    pub(crate) fn win_context(&self, seat: Seat, kind: Kind, self_drawn: bool) -> WinContext {
        let p = &self.p[seat];
        let mut ctx = WinContext::new(kind, self_drawn);
        ctx.seat_wind = self.seat_wind(seat);
        ctx.round_wind = Seat::ALL[self.round as usize % 4];
        ctx.flowers = p.flowers.len() as u8;
        if self.riichi() {
            ctx.riichi = matches!(p.riichi, RiichiState::Accepted { .. });
            ctx.double_riichi = ctx.riichi && p.riichi.is_double();
            ctx.ippatsu = ctx.riichi && p.ippatsu;
            ctx.dora_indicators = self.dora_indicators().filter_map(Tile::kind).collect();
            if ctx.riichi {
                ctx.ura_indicators = (0..self.dora_count)
                    .filter_map(|i| self.wall.ura_indicator(i))
                    .filter_map(Tile::kind)
                    .collect();
            }
            ctx.honba = self.honba;
            ctx.riichi_sticks = self.sticks;
        }
        ctx.fourth_tile = self.visible(kind) == 3;
        ctx
    }

    /// Copies of `kind` visible on the table: rivers (uncalled discards) and open melds.
    fn visible(&self, kind: Kind) -> u8 {
        let mut n = 0;
        for s in Seat::ALL {
            let p = &self.p[s];
            n += p.river.iter().filter(|r| !r.called && r.tile.kind() == Some(kind)).count() as u8;
            for m in &p.melds {
                if m.meld.is_open() {
                    n += m.tiles().iter().filter(|t| t.kind() == Some(kind)).count() as u8;
                }
            }
        }
        n
    }

    /// Scores a win by `seat` (with `extra` added to the concealed tiles for a ron); `None`
    /// when the rules do not let it win.
    pub(crate) fn score_win(
        &self,
        seat: Seat,
        ctx: &WinContext,
        extra: Option<Tile>,
    ) -> Option<hupai_rules::Score> {
        let hand = self.win_hand(seat, extra)?;
        match hupai_rules::score(&self.rules, &hand, ctx) {
            Ok(score) if score.meets_minimum => Some(score),
            _ => None,
        }
    }

    /// The hand of `seat` as scoring sees it, with `extra` added.
    pub(crate) fn win_hand(&self, seat: Seat, extra: Option<Tile>) -> Option<hupai_core::Hand> {
        let mut p = self.p[seat].clone();
        if let Some(t) = extra {
            p.add(t, self.joker);
        }
        p.to_hand(self.reds).ok()
    }
}
