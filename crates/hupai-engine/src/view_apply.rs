//! Folding events into a view: [`PlayerView::update`] checks an event (`view_check.rs`) and
//! applies it. The table part changes the same way in every seat's view; the seat's own part
//! (its tiles, shanten and waits, furiten, what it must decide) only in its own.
//!
//! The win tile of a `hora` leaves where it was and joins the winner's won tiles: the
//! discarder's river (once, when several win on one discard), the robbed added kan (a pon
//! again) or the winner's hand; the tiles of a robbed closed kan stay. The score change of a
//! `hora`, `ryukyoku`, `payment` or `reach_accepted` is applied in one place
//! ([`PlayerView::settle`]).

use hupai_core::{Counts, HandState, Kind, KindSet, Meld, MeldKind, Seat};
use hupai_rules::{Rules, Variant};

use crate::view::{Decision, Own, PlayerView, TableMeld};
use crate::win::{ron_offered, WinOn};
use crate::{Event, Pai, RiverEntry, ViewError};

impl PlayerView {
    /// The view of `seat` after the deal of a hand in which `dealer` deals and `seat` is dealt
    /// `tiles` (13, mjai names), then draws `drawn` if given (the seat must then be the
    /// dealer): what the seat is shown at that point. For tests, puzzles and what-if analysis.
    ///
    /// ```
    /// use hupai_core::Seat;
    /// use hupai_engine::{legal_options, Pai, PlayerView};
    /// use hupai_rules::Rules;
    /// let tiles: Vec<Pai> = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S".split(' ').map(|p| p.parse().unwrap()).collect();
    /// let rules = Rules::preset("riichi").unwrap();
    /// let view = PlayerView::dealt(&rules, Seat::East, Seat::East, &tiles, "S".parse().ok()).unwrap();
    /// assert!(legal_options(&view).contains(&hupai_engine::Action::Tsumo));
    /// ```
    pub fn dealt(
        rules: &Rules,
        seat: Seat,
        dealer: Seat,
        tiles: &[Pai],
        drawn: Option<Pai>,
    ) -> Result<PlayerView, ViewError> {
        let mut tehais = hupai_core::BySeat::new(rules.seats(), |_| vec![Pai::HIDDEN; 13]);
        tehais[seat] = tiles.to_vec();
        let mut view = PlayerView::new(seat, rules);
        view.update(&Event::StartKyoku {
            bakaze: Pai::kind_of(Kind::EAST),
            dora_marker: None,
            kyoku: dealer.index() as u8 + 1,
            honba: 0,
            kyotaku: 0,
            oya: dealer,
            scores: None,
            tehais,
            joker_marker: None,
            players: None,
        })?;
        if let Some(pai) = drawn {
            view.update(&Event::Tsumo { actor: seat, pai })?;
        }
        Ok(view)
    }

    /// Takes in one event. Only what the seat is shown is kept: other seats' dealt and drawn
    /// tiles are never stored, even if `event` carries them. An event that does not fit is
    /// an error and changes nothing.
    pub fn update(&mut self, event: &Event) -> Result<(), ViewError> {
        self.check(event)?;
        self.apply(event);
        Ok(())
    }

    /// Takes one event of a full record (every seat's tiles shown): what the view's seat was
    /// shown of it ([`Event::seen_by`]; a spectator's view keeps no concealed tile anyway).
    /// Reading a record this way gives each player's view as the player had it, across MCR's
    /// re-seating for a view that follows its player.
    pub fn update_from_record(&mut self, event: &Event) -> Result<(), ViewError> {
        if event.has_hidden_tiles() && !self.is_spectator() {
            self.update(&event.seen_by(self.seat_after(event)))
        } else {
            self.update(event)
        }
    }

    /// Takes an event the engine produced into the views of the seats at the table (East
    /// first), which fits by construction (checked in debug builds, so every test checks it).
    /// Their table part is the same: a discard's is worked out in the first view and copied
    /// to the others.
    pub(crate) fn take_into_all(views: &mut [PlayerView], event: &Event) {
        for v in views.iter() {
            debug_assert_eq!(v.check(event), Ok(()), "seat {:?}: {event:?}", v.seat);
        }
        let Event::Dahai { actor, pai, tsumogiri } = *event else {
            views.iter_mut().for_each(|v| v.apply(event));
            return;
        };
        let [first, rest @ ..] = views else { return };
        first.close_window(event);
        let entry = first.discard_table(actor, pai, tsumogiri);
        first.discard_seat(actor, pai, entry.riichi);
        for v in rest {
            v.close_window(event);
            v.passed_since_riichi = first.passed_since_riichi;
            v.passed_since_draw = first.passed_since_draw;
            v.discard_rest(actor, entry);
            v.discard_seat(actor, pai, entry.riichi);
        }
    }

    /// The scores after `event`, which changes them: the scores it carries, else the old ones
    /// plus its deltas (a riichi stick, where the event gives neither, costs 1,000). The one
    /// place a score change is applied.
    pub(crate) fn settle(&mut self, event: &Event) {
        let (scores, deltas) = match event {
            Event::Hora { scores, deltas, .. }
            | Event::Ryukyoku { scores, deltas, .. }
            | Event::Payment { scores, deltas, .. } => (scores, Some(deltas)),
            Event::ReachAccepted { scores, deltas, .. } => (scores, deltas.as_ref()),
            _ => return,
        };
        match (scores, deltas) {
            (Some(s), _) => self.scores = *s.as_array(),
            (None, Some(d)) => {
                for (s, d) in self.scores.iter_mut().zip(d.iter()) {
                    *s += d;
                }
            }
            (None, None) => {
                if let (Event::ReachAccepted { actor, .. }, Variant::Riichi) =
                    (event, self.rules.variant)
                {
                    self.scores[actor.index()] -= 1000;
                }
            }
        }
    }

    /// Applies an event that [`PlayerView::check`] accepted.
    ///
    /// Draws and discards are most of a game and take the short way; the rest go through
    /// [`PlayerView::apply_other`].
    #[inline]
    fn apply(&mut self, event: &Event) {
        self.close_window(event);
        match event {
            Event::Tsumo { actor, pai } => self.draw(*actor, *pai),
            Event::Dahai { actor, pai, tsumogiri } => self.discard(*actor, *pai, *tsumogiri),
            _ => self.apply_other(event),
        }
    }

    /// The claim window the last discard (or kan) opened for the seat closes with `event`:
    /// its tile is let pass (furiten), and a win offered and not taken blocks the next (过水).
    #[inline]
    fn close_window(&mut self, event: &Event) {
        if !self.own.win_offered && self.own.pending_pass.is_none() {
            return;
        }
        if self.own.win_offered {
            match event {
                Event::Hora { actor, .. } if self.is_me(*actor) => self.own.win_offered = false,
                Event::Hora { .. } => {}
                _ => {
                    self.own.win_offered = false;
                    self.own.pass_blocked = true;
                }
            }
        }
        if !matches!(event, Event::Dora { .. }) {
            if let Some(k) = self.own.pending_pass.take() {
                self.own.passed.insert(k);
                if self.riichi[self.seat.index()] {
                    self.own.riichi_passed.insert(k);
                }
            }
        }
    }

    /// Every event but a draw or a discard.
    #[inline(never)]
    fn apply_other(&mut self, event: &Event) {
        match event {
            Event::Tsumo { actor, pai } => self.draw(*actor, *pai),
            Event::Dahai { actor, pai, tsumogiri } => self.discard(*actor, *pai, *tsumogiri),
            Event::StartGame { names, .. } => {
                self.names.clone_from(names.as_array());
                self.game_over = false;
                self.decision = Decision::None;
            }
            Event::StartKyoku { .. } => self.start_hand(event),
            Event::Flower { actor, pai } => {
                let a = actor.index();
                self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
                self.flowers[a].push(*pai);
                self.drawer = None;
                if self.mover == Some(*actor) {
                    self.mover = None;
                }
                if self.is_me(*actor) {
                    self.take_own(*pai);
                    if self.drawn == Some(*pai) {
                        self.drawn = None;
                    }
                }
                self.decision = Decision::None;
            }
            Event::LoneKong { actor, pai } => {
                let a = actor.index();
                self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
                self.lone_kongs[a].push(*pai);
                self.drawer = None;
                self.mover = None;
                self.decision = Decision::None;
                if self.is_me(*actor) {
                    self.take_own(*pai);
                    if self.drawn == Some(*pai) {
                        self.drawn = None;
                    }
                    self.own.replacement_next = true;
                    self.refresh_own();
                }
            }
            Event::Kita { actor, pai } => self.kita(*actor, *pai),
            Event::Chi { actor, target, pai, consumed }
            | Event::Pon { actor, target, pai, consumed }
            | Event::Daiminkan { actor, target, pai, consumed } => {
                self.call(event, *actor, *target, *pai, consumed)
            }
            Event::Kakan { actor, pai, .. } => self.added_kan(*actor, *pai),
            Event::Ankan { actor, consumed } => self.closed_kan(*actor, consumed),
            Event::Dora { dora_marker } => self.dora_markers.push(*dora_marker),
            Event::Reach { actor } => {
                self.riichi[actor.index()] = true;
                if self.is_me(*actor) {
                    self.own.double_riichi = self.no_calls && self.own.draws == 1;
                    self.decision = Decision::RiichiDiscard;
                }
            }
            Event::ReachAccepted { actor, .. } => {
                self.riichi_accepted[actor.index()] = true;
                self.settle(event);
                if self.rules.variant == Variant::Riichi {
                    self.sticks += 1;
                }
                if self.is_me(*actor) {
                    self.own.ippatsu = true;
                }
                self.decision = Decision::None;
            }
            Event::Exchange { actor, target, pai } => self.exchange(*actor, *target, pai),
            Event::Void { actor, suit } => {
                self.voids[actor.index()] = Some(*suit);
                let all = self.seats.iter().all(|s| self.voids[s.index()].is_some());
                if all && self.mover.is_some_and(|m| self.is_me(m)) {
                    self.decision = Decision::Turn { after_call: false, replacement: false };
                } else if all {
                    self.decision = Decision::None;
                }
            }
            Event::Payment { .. } => self.settle(event),
            Event::Hora { actor, target, pai, .. } => {
                self.settle(event);
                self.take_win_tile(*actor, *target, *pai);
                self.mover = None;
                self.decision = Decision::None;
            }
            Event::Ryukyoku { .. } => {
                self.settle(event);
                self.mover = None;
                self.decision = Decision::None;
            }
            Event::EndKyoku => {
                self.in_hand = false;
                self.mover = None;
                self.drawer = None;
                self.decision = Decision::None;
            }
            Event::EndGame { .. } => {
                self.game_over = true;
                self.in_hand = false;
                self.decision = Decision::None;
            }
        }
    }

    /// A new hand: the table is cleared (scores, names and the match kept), the seat moves
    /// where the deal seats its player, and its own tiles are dealt.
    #[inline(never)]
    fn start_hand(&mut self, event: &Event) {
        let Event::StartKyoku {
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
        } = event
        else {
            return;
        };
        self.seat = self.seat_after(event);
        self.players = players.unwrap_or([0, 1, 2, 3]);
        self.hands += 1;
        if let Some(s) = scores {
            self.scores = *s.as_array();
        }
        self.round_wind = bakaze.kind().and_then(Seat::from_wind).unwrap_or_default();
        self.dealer = *oya;
        self.kyoku = *kyoku;
        self.honba = *honba;
        self.sticks = *kyotaku;
        self.dora_markers.clear();
        self.dora_markers.extend(*dora_marker);
        self.joker_marker = *joker_marker;
        self.joker = joker_marker.and_then(|p| p.kind()).and_then(|k| self.rules.joker_for(k));
        self.held.clear();
        self.drawn = None;
        self.hand_sizes = *hupai_core::BySeat::of(self.seats, [13; 4]).as_array();
        for s in 0..4 {
            self.rivers[s].clear();
            self.melds[s].clear();
            self.flowers[s].clear();
            self.lone_kongs[s].clear();
            self.won[s].clear();
        }
        self.kita = [0; 4];
        self.last_kita = None;
        self.riichi = [false; 4];
        self.riichi_accepted = [false; 4];
        self.last_discard = None;
        self.in_hand = true;
        self.discarded = [KindSet::EMPTY; 4];
        self.passed_since_riichi = [KindSet::EMPTY; 4];
        self.passed_since_draw = [KindSet::EMPTY; 4];
        self.draws = 0;
        self.no_calls = true;
        self.kans = 0;
        self.kan_seats = 0;
        self.voids = [None; 4];
        self.exchanged = 0;
        self.last_discard_after_kan = false;
        self.kan_pending = 0;
        self.ron_taken = false;
        self.last_kan = None;
        self.drawer = None;
        self.decision = Decision::None;
        self.mover = None;
        self.own = Own::new(self.no_tiles);
        if !self.is_spectator() {
            for &p in &tehais[self.seat] {
                self.add_own(p);
            }
            self.refresh_own();
        }
    }

    #[inline]
    fn draw(&mut self, actor: Seat, pai: Pai) {
        let a = actor.index();
        self.hand_sizes[a] += 1;
        self.draws += 1;
        self.passed_since_draw[a] = KindSet::EMPTY;
        self.drawer = Some(actor);
        self.last_kan = None;
        if self.last_kita.take().is_some() {
            // Nobody won on the North: it ends the first go-around and every ippatsu.
            self.no_calls = false;
            self.own.ippatsu = false;
        }
        let turn = self.holding(actor) % 3 == 2;
        if turn {
            self.mover = Some(actor);
        }
        if self.is_me(actor) {
            self.own_draw(pai, turn);
        } else if !self.is_spectator() {
            self.decision = if turn { self.before_play() } else { Decision::None };
        }
    }

    /// What every seat decides after the dealer's first draw, before play (Sichuan): the
    /// exchange (换三张), then the void suit (定缺); else nothing.
    fn before_play(&self) -> Decision {
        let rules = &self.rules;
        if rules.exchange_three && self.exchanged != self.all_seats() {
            Decision::Exchange
        } else if rules.void_suit && self.seats.iter().any(|s| self.voids[s.index()].is_none()) {
            Decision::Void
        } else {
            Decision::None
        }
    }

    /// The seat's own draw: `turn` when it now holds 3n + 2 tiles.
    #[inline(never)]
    fn own_draw(&mut self, pai: Pai, turn: bool) {
        self.add_own(pai);
        self.drawn = Some(pai);
        self.own.pass_blocked = false;
        let before_play = if turn { self.before_play() } else { Decision::None };
        if before_play != Decision::None {
            self.own.draws += 1;
            self.decision = before_play;
        } else if turn && !pai.is_flower() {
            self.own.draws += 1;
            self.own.kuikae = KindSet::EMPTY;
            self.decision =
                Decision::Turn { after_call: false, replacement: self.own.replacement_next };
        } else {
            self.decision = Decision::None;
            if !turn {
                self.refresh_own();
            }
        }
    }

    #[inline]
    fn discard(&mut self, actor: Seat, pai: Pai, tsumogiri: bool) {
        let entry = self.discard_table(actor, pai, tsumogiri);
        self.discard_seat(actor, pai, entry.riichi);
    }

    /// A discard's table part; returns its river entry.
    #[inline]
    fn discard_table(&mut self, actor: Seat, pai: Pai, tsumogiri: bool) -> RiverEntry {
        let a = actor.index();
        // The first discard after the declaration (nothing is discarded before the stick is
        // placed or the tile won on).
        let riichi = self.riichi[a]
            && !self.riichi_accepted[a]
            && self.rivers[a].last().is_none_or(|r| !r.riichi);
        let entry = RiverEntry { pai, tsumogiri, riichi, called: false };
        if let Some(k) = pai.kind() {
            // The kind joins the sets of the seats in riichi and of the seats other than the
            // discarder, without a branch on either (both differ from seat to seat).
            let bit = 1u64 << k.index();
            for s in 0..4 {
                let riichi = u64::from(self.riichi[s]).wrapping_neg();
                let other = u64::from(s != a).wrapping_neg();
                let (r, d) = (&mut self.passed_since_riichi[s], &mut self.passed_since_draw[s]);
                *r = r.union(KindSet::from_bits(bit & riichi));
                *d = d.union(KindSet::from_bits(bit & other));
            }
        }
        self.discard_rest(actor, entry);
        entry
    }

    /// The table part of a discard every view writes for itself, after its `passed_since_*`
    /// sets took the tile.
    #[inline]
    fn discard_rest(&mut self, actor: Seat, entry: RiverEntry) {
        let a = actor.index();
        self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
        self.rivers[a].push(entry);
        if let Some(k) = entry.pai.kind() {
            self.discarded[a].insert(k);
        }
        self.last_discard = Some((actor, entry.pai));
        self.last_discard_after_kan = self.kan_pending >> a & 1 == 1;
        self.kan_pending &= !(1 << a);
        self.ron_taken = false;
        self.mover = None;
        self.drawer = None;
    }

    /// A discard's part for the seat: its own tiles, or the claim it may make.
    #[inline]
    fn discard_seat(&mut self, actor: Seat, pai: Pai, riichi_tile: bool) {
        if self.is_me(actor) {
            self.own_discard(pai, riichi_tile);
        } else if !self.is_spectator() {
            self.own.pending_pass = pai.kind();
            self.decision = Decision::Claim { from: actor, pai };
            self.note_win_offered(pai, WinOn::Discard);
        }
    }

    /// The seat's own discard (`riichi_tile`: the one that declares riichi).
    #[inline(never)]
    fn own_discard(&mut self, pai: Pai, riichi_tile: bool) {
        // The drawn tile discarded, or another of its kind, leaves the kinds held before the
        // draw, whose shanten and waits the view keeps (every discard in riichi after the
        // declaration).
        let drawn_kind = self.drawn.and_then(Pai::kind);
        let unchanged =
            drawn_kind.is_some() && drawn_kind == pai.kind() && self.own.waits_before_draw;
        self.take_own(pai);
        self.drawn = None;
        self.own.kuikae = KindSet::EMPTY;
        self.own.passed = KindSet::EMPTY;
        self.own.replacement_next = false;
        if !riichi_tile {
            self.own.ippatsu = false;
        }
        if unchanged {
            debug_assert_eq!((self.own.shanten, self.own.waits), self.recomputed_own());
        } else {
            self.refresh_own();
        }
        self.decision = Decision::None;
    }

    /// 过水: remembers whether the claim window now open offers the seat a win.
    #[inline]
    fn note_win_offered(&mut self, pai: Pai, on: WinOn) {
        if self.rules.pass_win && self.rules.variant != Variant::Riichi {
            self.own.win_offered = ron_offered(self, pai, on);
        }
    }

    /// The win tile leaves the discarder's river (once, when several win on it), the robbed
    /// added kan (a pon again) or the winner's hand, and joins the winner's won tiles.
    fn take_win_tile(&mut self, actor: Seat, target: Seat, pai: Pai) {
        let (a, t) = (actor.index(), target.index());
        if actor == target {
            self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
            self.drawer = None;
            if self.is_me(actor) {
                self.take_own(pai);
                self.drawn = None;
                self.refresh_own();
            }
        } else if self.last_kita == Some(target) {
            // A win on a North set aside: it leaves the seat's kita.
            if !self.ron_taken {
                self.kita[t] = self.kita[t].saturating_sub(1);
            }
            self.ron_taken = true;
        } else if let Some((seat, _, closed)) = self.last_kan.filter(|k| k.0 == target) {
            // A robbed kan: a closed one (thirteen orphans) keeps its tiles.
            if !closed && !self.ron_taken {
                self.unrob(seat, pai);
            }
            self.ron_taken = true;
        } else if !self.ron_taken {
            self.rivers[t].pop();
            self.ron_taken = true;
        }
        self.won[a].push(pai);
    }

    /// The added tile `pai` leaves `seat`'s added kan, which is a pon again.
    fn unrob(&mut self, seat: Seat, pai: Pai) {
        let t = seat.index();
        if let Some(m) = self.melds[t]
            .iter_mut()
            .find(|m| m.meld.kind() == MeldKind::AddedKan && Some(m.meld.first()) == pai.kind())
        {
            let mut meld = Meld::pon(m.meld.first());
            if let (Some(c), Some(f)) = (m.meld.called(), m.meld.from()) {
                meld = meld.with_call(c, f).unwrap_or(meld);
            }
            m.tiles[3] = Pai::HIDDEN;
            let red = m.tiles[..3].iter().filter(|p| p.is_red()).count() as u8;
            m.meld = meld.with_red(red).unwrap_or(meld);
        }
        self.kan_pending &= !(1 << t);
        self.kans = self.kans.saturating_sub(1);
    }

    #[inline(never)]
    fn call(&mut self, event: &Event, actor: Seat, target: Seat, pai: Pai, consumed: &[Pai]) {
        let Some(kind) = pai.kind() else { return };
        if let Some(r) = self.rivers[target.index()].last_mut() {
            r.called = true;
        }
        let a = actor.index();
        self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(consumed.len());
        self.passed_since_draw[a] = KindSet::EMPTY;
        let mut tiles = [pai; 4];
        for (slot, &c) in tiles[1..].iter_mut().zip(consumed) {
            *slot = c;
        }
        let tiles = &tiles[..(consumed.len() + 1).min(4)];
        let red = tiles.iter().filter(|p| p.is_red()).count() as u8;
        let low = tiles.iter().filter_map(|p| p.kind()).min().unwrap_or(kind);
        let (meld_kind, first) = match event {
            Event::Chi { .. } => (MeldKind::Chi, low),
            Event::Pon { .. } => (MeldKind::Pon, kind),
            _ => (MeldKind::Kan, kind),
        };
        let base = Meld::new(meld_kind, first).unwrap_or(Meld::pon(kind));
        let meld = base.with_call(kind, target).unwrap_or(base);
        let meld = meld.with_red(red).unwrap_or(meld);
        self.melds[a].push(TableMeld::new(meld, tiles));
        self.no_calls = false;
        self.own.ippatsu = false;
        self.drawer = None;
        if meld_kind == MeldKind::Kan {
            self.kans += 1;
            self.kan_seats |= 1 << a;
            self.kan_pending |= 1 << a;
        }
        self.decision = Decision::None;
        self.mover = if meld_kind == MeldKind::Kan { None } else { Some(actor) };
        if self.is_me(actor) {
            for &c in consumed {
                self.take_own(c);
            }
            self.count_own_melds();
            self.drawn = None;
            if meld_kind == MeldKind::Kan {
                self.own.replacement_next = true;
                self.refresh_own();
            } else {
                if self.rules.variant == Variant::Riichi {
                    let mut ban = KindSet::EMPTY;
                    ban.insert(kind);
                    let other_end = if meld_kind != MeldKind::Chi {
                        None
                    } else if low == kind {
                        kind.offset(3)
                    } else if low.offset(2) == Some(kind) {
                        kind.offset(-3)
                    } else {
                        None
                    };
                    if let Some(k) = other_end {
                        ban.insert(k);
                    }
                    self.own.kuikae = ban;
                }
                self.decision = Decision::Turn { after_call: true, replacement: false };
            }
        }
    }

    #[inline(never)]
    fn added_kan(&mut self, actor: Seat, pai: Pai) {
        let a = actor.index();
        let Some(kind) = pai.kind() else { return };
        self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
        if let Some(m) = self.melds[a]
            .iter_mut()
            .find(|m| m.meld.kind() == MeldKind::Pon && m.meld.first() == kind)
        {
            let mut meld = Meld::kan(MeldKind::AddedKan, kind);
            if let (Some(c), Some(f)) = (m.meld.called(), m.meld.from()) {
                meld = meld.with_call(c, f).unwrap_or(meld);
            }
            m.tiles[3] = pai;
            let red = m.tiles.iter().filter(|p| p.is_red()).count() as u8;
            m.meld = meld.with_red(red).unwrap_or(meld);
        }
        self.after_kan(actor);
        self.last_kan = Some((actor, pai, false));
        self.ron_taken = false;
        if self.is_me(actor) {
            self.take_own(pai);
            self.drawn = None;
            self.refresh_own();
        } else if !self.is_spectator() {
            self.own.pending_pass = Some(kind);
            self.decision = Decision::Robbing { from: actor, pai, closed: false };
            self.note_win_offered(pai, WinOn::RobbedKan);
        }
    }

    #[inline(never)]
    fn closed_kan(&mut self, actor: Seat, consumed: &[Pai]) {
        let a = actor.index();
        let Some(&pai) = consumed.first() else { return };
        let Some(kind) = pai.kind() else { return };
        self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(4);
        let red = consumed.iter().filter(|p| p.is_red()).count() as u8;
        let meld = Meld::kan(MeldKind::ClosedKan, kind);
        let meld = meld.with_red(red).unwrap_or(meld);
        self.melds[a].push(TableMeld::new(meld, consumed));
        self.after_kan(actor);
        self.last_kan = Some((actor, pai, true));
        self.ron_taken = false;
        if self.is_me(actor) {
            for &c in consumed {
                self.take_own(c);
            }
            self.count_own_melds();
            self.drawn = None;
            self.refresh_own();
        } else if !self.is_spectator() {
            if crate::win::may_rob_closed_kan(self, kind) {
                self.own.pending_pass = Some(kind);
            }
            self.decision = Decision::Robbing { from: actor, pai, closed: true };
        }
    }

    fn after_kan(&mut self, actor: Seat) {
        self.kans += 1;
        self.kan_seats |= 1 << actor.index();
        self.kan_pending |= 1 << actor.index();
        self.no_calls = false;
        self.own.ippatsu = false;
        self.mover = None;
        self.drawer = None;
        self.decision = Decision::None;
        if self.is_me(actor) {
            self.own.replacement_next = true;
        }
    }

    /// 换三张: `actor` passes `pai` to `target`; once all four have, the hand goes on to the
    /// void choice or the dealer's turn.
    fn exchange(&mut self, actor: Seat, target: Seat, pai: &[Pai; 3]) {
        self.hand_sizes[actor.index()] -= 3;
        self.hand_sizes[target.index()] += 3;
        self.exchanged |= 1 << actor.index();
        let (giver, taker) = (self.is_me(actor), self.is_me(target));
        if giver {
            for &p in pai {
                self.take_own(p);
            }
            if self.drawn.is_some_and(|d| !self.held.contains(d)) {
                self.drawn = None;
            }
        }
        if taker {
            for &p in pai {
                self.add_own(p);
            }
        }
        if giver || taker {
            self.own.waits_before_draw = false;
            if self.retile_own() {
                self.refresh_own();
            }
        }
        if self.exchanged == self.all_seats() {
            let my_turn = self.mover.is_some_and(|m| self.is_me(m));
            self.decision = if self.is_spectator() {
                Decision::None
            } else if self.rules.void_suit {
                Decision::Void
            } else if my_turn {
                Decision::Turn { after_call: false, replacement: false }
            } else {
                Decision::None
            };
        }
    }

    /// A bit for each seat at the table.
    fn all_seats(&self) -> u8 {
        (1u8 << self.seats.count()) - 1
    }

    /// A North set aside (kita): the others may win on it where the rules allow, else the
    /// seat draws its replacement.
    #[inline(never)]
    fn kita(&mut self, actor: Seat, pai: Pai) {
        let a = actor.index();
        self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
        self.kita[a] += 1;
        self.last_kita = Some(actor);
        self.ron_taken = false;
        self.drawer = None;
        self.mover = None;
        self.decision = Decision::None;
        if self.is_me(actor) {
            self.take_own(pai);
            if self.drawn == Some(pai) {
                self.drawn = None;
            }
            self.own.replacement_next = true;
            self.refresh_own();
        } else if !self.is_spectator() && self.rules.kita_ron {
            self.own.pending_pass = pai.kind();
            self.decision = Decision::Kita { from: actor, pai };
            self.note_win_offered(pai, WinOn::Kita);
        }
    }

    // A change the hand's tiles refuse (a fifth copy, a 15th tile: the checks keep them
    // out, but for the 16 tiles of a seat between receiving and passing an exchange) leaves
    // them as they were; `retile_own` sets them from the hand again.
    fn add_own(&mut self, pai: Pai) {
        self.held.add(pai);
        let _refused = match pai.kind() {
            Some(k) if Some(k) == self.joker => self.own.tiles.add_joker(),
            Some(k) => self.own.tiles.add(k),
            None => Ok(()),
        };
    }

    fn take_own(&mut self, pai: Pai) {
        if self.held.remove(pai) {
            let _refused = match pai.kind() {
                Some(k) if Some(k) == self.joker => self.own.tiles.remove_joker(),
                Some(k) => self.own.tiles.remove(k),
                None => Ok(()),
            };
        }
    }

    /// The seat's declared melds, counted into its tiles once a call or kan took the tiles
    /// from its hand.
    fn count_own_melds(&mut self) {
        let melds = self.melds[self.seat.index()].len().min(4) as u8;
        let _refused = self.own.tiles.set_melds(melds);
    }

    /// The seat's tiles set again from its hand (after an exchange), where they fit: false
    /// for the 16 or 17 tiles of a seat that received before it passed.
    fn retile_own(&mut self) -> bool {
        let (counts, jokers) = self.counted_hand();
        let melds = self.melds[self.seat.index()].len().min(4) as u8;
        match HandState::with_jokers(&counts, jokers, melds, self.forms) {
            Ok(tiles) => {
                self.own.tiles = tiles;
                true
            }
            Err(_) => false,
        }
    }

    /// The hand's kinds and jokers, counted afresh.
    fn counted_hand(&self) -> (Counts, u8) {
        let (mut counts, mut jokers) = (Counts::EMPTY, 0);
        for k in self.held.iter().filter_map(|p| p.kind()) {
            if Some(k) == self.joker {
                jokers += 1;
            } else {
                counts.add(k);
            }
        }
        (counts, jokers)
    }

    /// Shanten and waits of the seat's 3n + 1 tiles worked out afresh from its hand: what
    /// debug builds check the kept ones against.
    fn recomputed_own(&self) -> (i8, KindSet) {
        let melds = self.melds[self.seat.index()].len() as u8;
        let (counts, j) = self.counted_hand();
        let c = &counts;
        let shanten = hupai_core::shanten_with_jokers(c, j, melds, self.forms);
        let waits = if shanten > 0 {
            KindSet::EMPTY
        } else {
            hupai_core::waits_with_jokers(c, j, melds, self.forms)
        };
        (shanten, waits)
    }

    /// Recomputes shanten and waits when the seat holds 3n + 1 tiles.
    fn refresh_own(&mut self) {
        let melds = self.melds[self.seat.index()].len() as u8;
        if (self.held.len() + 3 * melds as usize) % 3 != 1 || self.held.has_flower() {
            return;
        }
        self.own.waits_before_draw = true;
        let tiles = &self.own.tiles;
        let shanten = tiles.shanten();
        self.own.shanten = shanten;
        self.own.waits = if shanten > 0 { KindSet::EMPTY } else { tiles.waits() };
        debug_assert_eq!((*self.own.tiles.counts(), self.own.tiles.jokers()), self.counted_hand());
        debug_assert_eq!((self.own.shanten, self.own.waits), self.recomputed_own());
    }
}
