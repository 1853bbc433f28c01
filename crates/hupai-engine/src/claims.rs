//! Claims on a discard or a kan: options, priority (win > kan / pon > chi), and the calls.

use hupai_core::{Form, Kind, KindSet, Meld, MeldKind, Seat, Tile};

use crate::game::Phase;
use crate::player::{MeldTiles, RiichiState};
use crate::{Action, Event, Game};

impl Game {
    /// After `from` discarded `tile`: collects every other seat's options, or moves on.
    pub(crate) fn open_claims(&mut self, from: Seat, tile: Tile, out: &mut Vec<Event>) {
        self.phase = Phase::Claims { from, tile };
        self.waiting = 0;
        let is_joker = tile.kind().is_some() && tile.kind() == self.joker;
        for i in 1..4 {
            let seat = from.add(i);
            let mut opts = std::mem::take(&mut self.options[seat]);
            opts.clear();
            self.responses[seat] = None;
            self.win_scores[seat] = None;
            if let (Some(kind), false) = (tile.kind(), is_joker) {
                if let Some(score) = self.ron_score(seat, tile, false, false) {
                    self.win_scores[seat] = Some(score);
                    opts.push(Action::Ron);
                }
                if !self.p[seat].riichi.is_on() && self.wall.live() > 0 {
                    self.call_options(seat, from, tile, kind, &mut opts);
                }
            }
            if !opts.is_empty() {
                opts.push(Action::Pass);
                self.waiting |= 1 << seat.index();
            }
            self.options[seat] = opts;
        }
        if self.waiting == 0 {
            self.resolve_claims(out);
        }
    }

    /// Opens the window to rob the kan `seat` just declared; false when nobody can.
    pub(crate) fn open_robbing(&mut self, seat: Seat, tile: Tile, closed: bool) -> bool {
        self.phase = Phase::Robbing { seat, tile, closed };
        self.waiting = 0;
        if closed && !(self.riichi() && self.rules.kokushi_robs_closed_kan) {
            return false;
        }
        for i in 1..4 {
            let other = seat.add(i);
            let opts = &mut self.options[other];
            opts.clear();
            self.responses[other] = None;
            self.win_scores[other] = None;
            if let Some(score) = self.ron_score(other, tile, true, closed) {
                self.win_scores[other] = Some(score);
                let opts = &mut self.options[other];
                opts.push(Action::Ron);
                opts.push(Action::Pass);
                self.waiting |= 1 << other.index();
            }
        }
        if self.waiting != 0 {
            // The declarer holds 3n + 1 tiles while others decide: keep its waits current.
            self.update_waits(seat);
        }
        self.waiting != 0
    }

    /// The score of a win by `seat` on another seat's `tile`, if it is legal.
    fn ron_score(
        &self,
        seat: Seat,
        tile: Tile,
        robbing: bool,
        closed_kan: bool,
    ) -> Option<hupai_rules::Score> {
        let p = &self.p[seat];
        let kind = tile.kind()?;
        let complete = if p.jokers > 0 {
            let mut c = p.counts;
            c.add(kind);
            hupai_core::is_agari_with_jokers(&c, p.jokers, p.meld_count(), self.forms)
        } else {
            p.waits.contains(kind)
        };
        if !complete || (self.riichi() && p.is_furiten()) {
            return None;
        }
        if closed_kan {
            let mut c = p.counts;
            c.add(kind);
            let kokushi =
                hupai_core::form_shanten(&c, p.meld_count(), Form::ThirteenOrphans, self.forms);
            if kokushi != Some(-1) {
                return None;
            }
        }
        let mut ctx = self.win_context(seat, kind, false);
        ctx.robbing_kong = robbing;
        ctx.last_tile = !robbing && self.wall.live() == 0;
        ctx.first_turn = self.no_calls && p.draws == 0;
        self.score_win(seat, &ctx, Some(tile))
    }

    /// Pon, open kan and chi options of `seat` on `tile` from `from`.
    fn call_options(&self, seat: Seat, from: Seat, tile: Tile, kind: Kind, opts: &mut Vec<Action>) {
        let p = &self.p[seat];
        let chi_possible = self.rules.chi && seat == from.next() && !kind.is_honor();
        if p.counts.get(kind) < 2 && !chi_possible {
            return;
        }
        let mut same = [tile; 4];
        let mut n = 0;
        for t in p.tiles_of(kind) {
            same[n] = t;
            n += 1;
        }
        if self.rules.pon && n >= 2 {
            let mut seen = [(0usize, 0usize); 6];
            let mut k = 0;
            for i in 0..n {
                for j in i + 1..n {
                    let key = (self.pai(same[i]).index(), self.pai(same[j]).index());
                    if seen[..k].contains(&key) {
                        continue;
                    }
                    seen[k] = key;
                    k += 1;
                    if self.call_leaves_discard(seat, &[same[i], same[j]], kind, None) {
                        opts.push(Action::Pon([same[i], same[j]]));
                    }
                }
            }
        }
        if self.rules.kan && n >= 3 && !(self.riichi() && self.kans >= 4) {
            opts.push(Action::OpenKan);
        }
        if chi_possible {
            for (a, b) in [(-2i8, -1i8), (-1, 1), (1, 2)] {
                let (Some(ka), Some(kb)) = (kind.offset(a), kind.offset(b)) else { continue };
                if p.counts.get(ka) == 0 || p.counts.get(kb) == 0 {
                    continue;
                }
                let mut seen = [(0usize, 0usize); 4];
                let mut k = 0;
                for ta in p.tiles_of(ka) {
                    for tb in p.tiles_of(kb) {
                        let key = (self.pai(ta).index(), self.pai(tb).index());
                        if seen[..k].contains(&key) {
                            continue;
                        }
                        seen[k] = key;
                        k += 1;
                        let other_end = match (a, b) {
                            (1, 2) => kind.offset(3),
                            (-2, -1) => kind.offset(-3),
                            _ => None,
                        };
                        if self.call_leaves_discard(seat, &[ta, tb], kind, other_end) {
                            opts.push(Action::Chi([ta, tb]));
                        }
                    }
                }
            }
        }
    }

    /// Whether, after calling with `consumed`, the seat still has a discard that swap-calling
    /// (kuikae, riichi rules) allows.
    fn call_leaves_discard(
        &self,
        seat: Seat,
        consumed: &[Tile],
        kind: Kind,
        other_end: Option<Kind>,
    ) -> bool {
        if !self.riichi() {
            return true;
        }
        let forbidden = kuikae_set(kind, other_end);
        let mut used = 0;
        self.p[seat].hand.iter().any(|t| {
            if used < consumed.len() && consumed.contains(t) {
                used += 1;
                return false;
            }
            !t.kind().is_some_and(|k| forbidden.contains(k))
        })
    }

    /// Every answer is in: wins first, then kan / pon, then chi, else the next draw.
    pub(crate) fn resolve_claims(&mut self, out: &mut Vec<Event>) {
        let (from, tile, robbing, closed) = match self.phase {
            Phase::Claims { from, tile } => (from, tile, false, false),
            Phase::Robbing { seat, tile, closed } => (seat, tile, true, closed),
            _ => return,
        };
        let mut winners = [Seat::East; 3];
        let mut n = 0;
        for i in 1..4 {
            let s = from.add(i);
            if self.responses[s] == Some(Action::Ron) {
                winners[n] = s;
                n += 1;
            }
        }
        if n > 0 {
            if self.riichi() && n == 3 && self.rules.triple_ron_abort {
                self.abortive_draw("triple_ron", out);
                return;
            }
            if !(self.riichi() && self.rules.double_ron) {
                n = 1;
            }
            self.settle_wins(&winners[..n], from, tile, false, robbing, out);
            return;
        }
        // Nobody won: everyone who let a winning tile pass is furiten.
        if let Some(kind) = tile.kind() {
            for i in 1..4 {
                let s = from.add(i);
                let p = &mut self.p[s];
                if p.waits.contains(kind) {
                    p.temp_furiten = true;
                    if p.riichi.is_on() {
                        p.riichi_furiten = true;
                    }
                }
            }
        }
        if robbing {
            for s in Seat::ALL {
                self.responses[s] = None;
            }
            self.finish_kan(from, closed, out);
            return;
        }
        if let RiichiState::Declared { double } = self.p[from].riichi {
            let player = self.players[from.index()] as usize;
            self.p[from].riichi = RiichiState::Accepted { double };
            self.p[from].ippatsu = true;
            self.scores[player] -= 1000;
            self.sticks += 1;
            self.riichi_count += 1;
            out.push(Event::ReachAccepted { actor: Game::actor(from) });
            if self.riichi_count == 4 && self.rules.abortive_draws {
                self.abortive_draw("four_riichi", out);
                return;
            }
        }
        let mut call = None;
        for i in 1..4 {
            let s = from.add(i);
            match self.responses[s] {
                Some(a @ (Action::Pon(_) | Action::OpenKan)) => call = Some((s, a)),
                Some(a @ Action::Chi(_)) if call.is_none() => call = Some((s, a)),
                _ => {}
            }
        }
        for s in Seat::ALL {
            self.responses[s] = None;
        }
        if let Some((seat, action)) = call {
            self.make_call(seat, from, tile, action, out);
            return;
        }
        if self.riichi() && self.rules.abortive_draws {
            if self.four_winds() {
                self.abortive_draw("four_winds", out);
                return;
            }
            if self.kans == 4 && self.kan_seats.count_ones() > 1 {
                self.abortive_draw("four_kans", out);
                return;
            }
        }
        let next = from.next();
        if self.draw(next, false, out) {
            self.begin_turn(next, false, out);
        } else {
            self.exhaustive_draw(out);
        }
    }

    /// Whether the first four discards were the same wind with no call.
    fn four_winds(&self) -> bool {
        if !self.no_calls || self.discards != 4 {
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
        let joker = self.joker;
        if let Some(r) = self.p[from].river.last_mut() {
            r.called = true;
        }
        self.no_calls = false;
        for s in Seat::ALL {
            self.p[s].ippatsu = false;
        }
        let actor = Game::actor(seat);
        let target = Game::actor(from);
        let pai = self.pai(tile);
        let (consumed, meld_kind, first, other_end): (Vec<Tile>, MeldKind, Kind, Option<Kind>) =
            match action {
                Action::Pon(c) => (c.to_vec(), MeldKind::Pon, kind, None),
                Action::Chi([a, b]) => {
                    let ka = a.kind().unwrap_or(kind);
                    let kb = b.kind().unwrap_or(kind);
                    let low = ka.min(kb).min(kind);
                    let other_end = if low == kind {
                        kind.offset(3)
                    } else if ka.max(kb) < kind {
                        kind.offset(-3)
                    } else {
                        None
                    };
                    (vec![a, b], MeldKind::Chi, low, other_end)
                }
                _ => (self.p[seat].tiles_of(kind).take(3).collect(), MeldKind::Kan, kind, None),
            };
        for &t in &consumed {
            self.p[seat].remove(t, joker);
        }
        let mut tiles = [tile; 4];
        tiles[1..=consumed.len()].copy_from_slice(&consumed);
        let count = consumed.len() + 1;
        let red = tiles[..count].iter().filter(|t| t.is_red_five(self.reds)).count() as u8;
        let base = Meld::new(meld_kind, first).unwrap_or(Meld::pon(kind));
        let meld = base.with_call(kind, from).unwrap_or(base);
        let meld = meld.with_red(red).unwrap_or(meld);
        self.p[seat].melds.push(MeldTiles { meld, tiles, called: Some(tile) });
        if meld_kind != MeldKind::Chi {
            self.note_liability(seat, from, kind);
        }
        let consumed_pai = consumed.iter().map(|&t| self.pai(t)).collect();
        match meld_kind {
            MeldKind::Kan => {
                self.reveal_pending_dora(out);
                self.after_kan_declared(seat);
                out.push(Event::Daiminkan { actor, target, pai, consumed: consumed_pai });
                self.finish_kan(seat, false, out);
            }
            _ => {
                if meld_kind == MeldKind::Pon {
                    out.push(Event::Pon { actor, target, pai, consumed: consumed_pai });
                } else {
                    out.push(Event::Chi { actor, target, pai, consumed: consumed_pai });
                }
                if self.riichi() {
                    self.p[seat].kuikae = kuikae_set(kind, other_end);
                }
                self.p[seat].drawn = None;
                self.phase = Phase::Turn { seat, after_call: true, replacement: false };
                self.turn_options(seat, true, false);
                self.waiting = 1 << seat.index();
            }
        }
    }
}

/// Kinds that may not be discarded right after calling `kind` (and the other end of a chi).
fn kuikae_set(kind: Kind, other_end: Option<Kind>) -> KindSet {
    let mut set = KindSet::EMPTY;
    set.insert(kind);
    if let Some(k) = other_end {
        set.insert(k);
    }
    set
}
