//! Whether an event fits what a view knows: the checks [`PlayerView::update`] makes before it
//! applies an event, so that a bad event (from a log, a socket, a bot) is an error that says
//! what and where, and changes nothing.

use std::fmt;

use hupai_core::{Kind, MeldKind, Seat, Suit};

use crate::view::PlayerView;
use crate::{Event, Pai};

/// Why an event does not fit a view (the view is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// A hand event outside a hand (before `start_kyoku` or after `end_kyoku`).
    NoHand(&'static str),
    /// The seat's own tile is shown as hidden (`?`) or is not a tile it can hold.
    OwnTile(&'static str, Pai),
    /// A seat uses a tile it does not hold.
    NotHeld {
        /// The event type.
        event: &'static str,
        /// The seat.
        seat: Seat,
        /// The tile.
        pai: Pai,
    },
    /// A seat acts out of turn, or holds the wrong number of tiles for the event.
    OutOfTurn {
        /// The event type.
        event: &'static str,
        /// The seat.
        seat: Seat,
        /// Tiles it holds (concealed, with each meld counted as three).
        holds: usize,
    },
    /// A call on a tile that is not the last discard of its target, or from the wrong seat.
    NoSuchDiscard {
        /// The event type.
        event: &'static str,
        /// The tile.
        pai: Pai,
    },
    /// A meld whose tiles do not make one.
    BadMeld(&'static str),
    /// `start_kyoku` that cannot begin a hand (the reason says why).
    BadDeal(&'static str),
    /// A seat that is not at the table (North at a three-player table).
    NoSuchSeat {
        /// The event type.
        event: &'static str,
        /// The seat.
        seat: Seat,
    },
    /// Values for another number of seats than the table has.
    SeatCount {
        /// The event type.
        event: &'static str,
        /// Values given.
        found: usize,
        /// Seats at the table.
        seats: usize,
    },
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::NoHand(e) => write!(f, "{e} outside a hand"),
            ViewError::OwnTile(e, p) => write!(f, "{e}: the seat's own tile is '{p}'"),
            ViewError::NotHeld { event, seat, pai } => {
                write!(f, "{event} of {pai} by seat {}, which does not hold {pai}", seat.index())
            }
            ViewError::OutOfTurn { event, seat, holds } => {
                write!(f, "{event} by seat {}, which holds {holds} tiles", seat.index())
            }
            ViewError::NoSuchDiscard { event, pai } => {
                write!(f, "{event} of {pai}, which is not the last discard of its target")
            }
            ViewError::BadMeld(e) => write!(f, "{e}: these tiles do not make that meld"),
            ViewError::BadDeal(why) => write!(f, "start_kyoku: {why}"),
            ViewError::NoSuchSeat { event, seat } => {
                write!(f, "{event} names seat {}, which is not at the table", seat.index())
            }
            ViewError::SeatCount { event, found, seats } => {
                write!(f, "{event} gives {found} values, one per seat, for {seats} seats")
            }
        }
    }
}

impl std::error::Error for ViewError {}

impl PlayerView {
    /// Whether `event` fits the view.
    pub(crate) fn check(&self, event: &Event) -> Result<(), ViewError> {
        let name = event.type_name();
        self.check_seats(event)?;
        let in_hand = || if self.in_hand { Ok(()) } else { Err(ViewError::NoHand(name)) };
        let holds = |pai: Pai, n: usize| usize::from(self.held.count(pai)) >= n;
        let held_all = |seat: Seat, tiles: &[Pai]| -> Result<(), ViewError> {
            if !self.is_me(seat) {
                return Ok(());
            }
            for &p in tiles {
                let need =
                    if tiles.len() == 1 { 1 } else { tiles.iter().filter(|&&q| q == p).count() };
                if !holds(p, need) {
                    return Err(ViewError::NotHeld { event: name, seat, pai: p });
                }
            }
            Ok(())
        };
        let turn = |seat: Seat| -> Result<(), ViewError> {
            if self.mover != Some(seat) {
                return Err(ViewError::OutOfTurn { event: name, seat, holds: self.holding(seat) });
            }
            Ok(())
        };
        match event {
            Event::StartGame { .. } | Event::EndGame { .. } => {}
            Event::StartKyoku { bakaze, tehais, joker_marker, .. } => {
                if bakaze.kind().and_then(Seat::from_wind).is_none() {
                    return Err(ViewError::BadDeal("bakaze is not a wind"));
                }
                if tehais.iter().any(|t| t.len() != 13) {
                    return Err(ViewError::BadDeal("every seat is dealt 13 tiles"));
                }
                let own = tehais[self.seat_after(event)].iter().find(|p| p.is_hidden());
                if let Some(p) = own.filter(|_| !self.is_spectator()) {
                    return Err(ViewError::OwnTile(name, *p));
                }
                let mut dealt = hupai_core::Counts::EMPTY;
                for k in tehais[self.seat_after(event)].iter().filter_map(|p| p.kind()) {
                    if dealt[k] == 4 {
                        return Err(ViewError::BadDeal("a kind dealt more than four times"));
                    }
                    dealt.add(k);
                }
                if let Some(p) = joker_marker.filter(|p| p.kind().is_none()) {
                    return Err(ViewError::OwnTile(name, p));
                }
            }
            Event::Tsumo { actor, pai } => {
                in_hand()?;
                if self.holding(*actor) % 3 == 2 || self.mover.is_some() {
                    return Err(ViewError::OutOfTurn {
                        event: name,
                        seat: *actor,
                        holds: self.holding(*actor),
                    });
                }
                // A fifth copy of a kind is no tile the seat can hold.
                let fifth = |k: Kind| Some(k) != self.joker && self.counts()[k] >= 4;
                if self.is_me(*actor) && (pai.is_hidden() || pai.kind().is_some_and(fifth)) {
                    return Err(ViewError::OwnTile(name, *pai));
                }
            }
            Event::Flower { actor, pai } => {
                in_hand()?;
                if !pai.is_flower() {
                    return Err(ViewError::OwnTile(name, *pai));
                }
                held_all(*actor, &[*pai])?;
            }
            Event::LoneKong { actor, pai } => {
                in_hand()?;
                turn(*actor)?;
                held_all(*actor, &[*pai])?;
                if pai.kind().and_then(|k| self.lone_kong_tile(k)).is_none() {
                    return Err(ViewError::BadMeld(name));
                }
            }
            Event::Kita { actor, pai } => {
                in_hand()?;
                turn(*actor)?;
                if !self.rules.kita || pai.kind() != Some(Kind::NORTH) {
                    return Err(ViewError::BadMeld(name));
                }
                held_all(*actor, &[*pai])?;
            }
            Event::Dahai { actor, pai, tsumogiri } => {
                in_hand()?;
                turn(*actor)?;
                if self.is_me(*actor) {
                    held_all(*actor, &[*pai])?;
                    if *tsumogiri && self.drawn != Some(*pai) {
                        return Err(ViewError::NotHeld { event: name, seat: *actor, pai: *pai });
                    }
                } else if pai.kind().is_none() {
                    return Err(ViewError::OwnTile(name, *pai));
                }
            }
            Event::Chi { actor, target, pai, consumed }
            | Event::Pon { actor, target, pai, consumed }
            | Event::Daiminkan { actor, target, pai, consumed } => {
                in_hand()?;
                let kind = pai.kind().ok_or(ViewError::BadMeld(name))?;
                if self.last_discard != Some((*target, *pai))
                    || target == actor
                    || self.rivers[target.index()].last().filter(|r| !r.called).map(|r| r.pai)
                        != Some(*pai)
                    || self.mover.is_some()
                {
                    return Err(ViewError::NoSuchDiscard { event: name, pai: *pai });
                }
                let kinds: Option<Vec<Kind>> = consumed.iter().map(|p| p.kind()).collect();
                let kinds = kinds.ok_or(ViewError::BadMeld(name))?;
                let shape_ok = match event {
                    Event::Chi { .. } => {
                        let mut all = [kind; 3];
                        all[1..].copy_from_slice(kinds.get(..2).unwrap_or(&[kind, kind]));
                        all.sort();
                        kinds.len() == 2
                            && self.seats.next(*target) == *actor
                            && all[0].offset(1) == Some(all[1])
                            && all[0].offset(2) == Some(all[2])
                    }
                    Event::Pon { .. } => kinds.len() == 2 && kinds.iter().all(|&k| k == kind),
                    _ => kinds.len() == 3 && kinds.iter().all(|&k| k == kind),
                };
                if !shape_ok {
                    return Err(ViewError::BadMeld(name));
                }
                if self.hand_sizes[actor.index()] < consumed.len() + 1 {
                    return Err(ViewError::OutOfTurn {
                        event: name,
                        seat: *actor,
                        holds: self.holding(*actor),
                    });
                }
                held_all(*actor, consumed)?;
            }
            Event::Kakan { actor, pai, .. } => {
                in_hand()?;
                turn(*actor)?;
                let kind = pai.kind().ok_or(ViewError::BadMeld(name))?;
                let has_pon = self.melds[actor.index()]
                    .iter()
                    .any(|m| m.meld.kind() == MeldKind::Pon && m.meld.first() == kind);
                if !has_pon {
                    return Err(ViewError::BadMeld(name));
                }
                held_all(*actor, &[*pai])?;
            }
            Event::Ankan { actor, consumed } => {
                in_hand()?;
                turn(*actor)?;
                let kind =
                    consumed.first().and_then(|p| p.kind()).ok_or(ViewError::BadMeld(name))?;
                if consumed.len() != 4 || consumed.iter().any(|p| p.kind() != Some(kind)) {
                    return Err(ViewError::BadMeld(name));
                }
                held_all(*actor, consumed)?;
            }
            Event::Dora { dora_marker } => {
                in_hand()?;
                if dora_marker.kind().is_none() {
                    return Err(ViewError::OwnTile(name, *dora_marker));
                }
            }
            Event::Reach { actor } => {
                in_hand()?;
                turn(*actor)?;
            }
            Event::ReachAccepted { .. } | Event::Hora { .. } | Event::Ryukyoku { .. } => in_hand()?,
            Event::EndKyoku | Event::Payment { .. } => in_hand()?,
            Event::Exchange { actor, target, pai } => {
                in_hand()?;
                if !self.rules.exchange_three
                    || self.exchanged >> actor.index() & 1 == 1
                    || actor == target
                    || self.holding(*actor) < 13
                {
                    return Err(ViewError::OutOfTurn {
                        event: name,
                        seat: *actor,
                        holds: self.holding(*actor),
                    });
                }
                if self.is_me(*target) || self.is_me(*actor) {
                    if let Some(p) = pai.iter().find(|p| p.is_hidden()) {
                        return Err(ViewError::OwnTile(name, *p));
                    }
                    let suit = pai[0].kind().map(Kind::suit);
                    if let Some(p) = pai.iter().find(|p| p.kind().map(Kind::suit) != suit) {
                        return Err(ViewError::OwnTile(name, *p));
                    }
                }
                held_all(*actor, pai)?;
            }
            Event::Void { actor, suit } => {
                in_hand()?;
                if !self.rules.void_suit
                    || self.voids[actor.index()].is_some()
                    || *suit == Suit::Honor
                {
                    return Err(ViewError::OutOfTurn {
                        event: name,
                        seat: *actor,
                        holds: self.holding(*actor),
                    });
                }
            }
        }
        Ok(())
    }

    /// Every seat the event names is at the table, and its per-seat values are one per seat
    /// (a field other hosts leave out, read as its default, is let be).
    fn check_seats(&self, event: &Event) -> Result<(), ViewError> {
        let name = event.type_name();
        let seat_ok = |seat: Seat| {
            if self.seats.contains(seat) {
                Ok(())
            } else {
                Err(ViewError::NoSuchSeat { event: name, seat })
            }
        };
        let count_ok = |found: usize| {
            if found == self.seats.count() {
                Ok(())
            } else {
                Err(ViewError::SeatCount { event: name, found, seats: self.seats.count() })
            }
        };
        if let Some(actor) = event.actor() {
            seat_ok(actor)?;
        }
        match event {
            Event::StartGame { names, .. } if names.iter().any(|n| !n.is_empty()) => {
                count_ok(names.len())?
            }
            Event::StartKyoku { oya, scores, tehais, .. } => {
                seat_ok(*oya)?;
                count_ok(tehais.len())?;
                if let Some(s) = scores {
                    count_ok(s.len())?;
                }
            }
            Event::Chi { target, .. }
            | Event::Pon { target, .. }
            | Event::Daiminkan { target, .. }
            | Event::Hora { target, .. }
            | Event::Exchange { target, .. } => seat_ok(*target)?,
            _ => {}
        }
        let (deltas, scores) = match event {
            Event::Hora { deltas, scores, .. }
            | Event::Payment { deltas, scores, .. }
            | Event::Ryukyoku { deltas, scores, .. } => (Some(deltas), scores.as_ref()),
            Event::ReachAccepted { deltas, scores, .. } => (deltas.as_ref(), scores.as_ref()),
            Event::EndGame { scores, .. } => (None, scores.as_ref()),
            _ => (None, None),
        };
        let given = |v: &&hupai_core::BySeat<i32>| **v != hupai_core::BySeat::default();
        for values in deltas.filter(given).into_iter().chain(scores) {
            count_ok(values.len())?;
        }
        if let Event::Ryukyoku { tenpai, .. } = event {
            if tenpai.iter().any(|&t| t) {
                count_ok(tenpai.len())?;
            }
        }
        Ok(())
    }
}
