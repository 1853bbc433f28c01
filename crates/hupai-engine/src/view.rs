//! What one seat may know: built only from the events that seat is shown.
//!
//! A view takes events one at a time ([`PlayerView::update`]). An event that does not fit what
//! the seat knows (a discard of a tile it does not hold, a seat drawing out of turn, a call on
//! a tile nobody discarded) is an error that says why, and leaves the view as it was. Besides
//! the table, the view keeps what the seat's own decisions depend on: its shanten and waits,
//! furiten, ippatsu, the last call's swap-calling ban, and what it must decide now
//! ([`Decision`]); [`crate::legal_options`] works from nothing else.
//!
//! ```
//! use hupai_core::Seat;
//! use hupai_engine::{Game, PlayerView, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let (_game, events) = Game::new(Setup::new(rules.clone(), 5));
//! let mut view = PlayerView::new(Seat::South, &rules);
//! for e in &events {
//!     view.update(&e.seen_by(Seat::South)).unwrap();
//! }
//! assert_eq!(view.hand.len(), 13);
//! assert_eq!(view.hand_sizes[0], 14);
//! ```

use std::fmt;
use std::sync::Arc;

use hupai_core::{Counts, Form, FormSet, Kind, KindSet, Meld, MeldKind, Seat, Suit};
use hupai_rules::{AfterWin, Rules, Variant};

use crate::{Event, Pai};

/// A discard as the river shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverEntry {
    /// The tile.
    pub pai: Pai,
    /// Whether it was the tile just drawn.
    pub tsumogiri: bool,
    /// Whether it declared riichi (the tile turned sideways).
    pub riichi: bool,
}

/// A declared meld as the table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMeld {
    /// The meld: type, kinds, the called kind and whom it came from, red fives.
    pub meld: Meld,
    tiles: [Pai; 4],
}

impl TableMeld {
    /// A meld of `meld`'s type with `tiles` (three, or four for kans); the extra ones are
    /// ignored.
    pub fn new(meld: Meld, tiles: &[Pai]) -> TableMeld {
        let mut all = [Pai::HIDDEN; 4];
        for (slot, &p) in all.iter_mut().zip(tiles) {
            *slot = p;
        }
        TableMeld { meld, tiles: all }
    }

    /// Its tiles: the called tile first, then the tiles from the hand (an added kan's tile
    /// last; a closed kan's four tiles as declared).
    pub fn tiles(&self) -> &[Pai] {
        &self.tiles[..self.meld.tile_count() as usize]
    }
}

/// What the seat may have to decide after the last event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Decision {
    /// Nothing.
    #[default]
    None,
    /// Its own turn, holding 3n + 2 tiles.
    Turn {
        /// Right after a chi or pon (discard only).
        after_call: bool,
        /// After a kan's replacement draw.
        replacement: bool,
    },
    /// The discard after its own riichi declaration (mjai's two-step riichi).
    RiichiDiscard,
    /// Whether to claim `pai`, discarded by `from`.
    Claim {
        /// The discarder.
        from: Seat,
        /// The discard.
        pai: Pai,
    },
    /// Whether to rob the kan `from` declared with `pai`.
    Robbing {
        /// The declarer.
        from: Seat,
        /// The added tile, or a tile of the closed kan.
        pai: Pai,
        /// A closed kan (only thirteen orphans may rob it).
        closed: bool,
    },
    /// Which suit to void (定缺, Sichuan): every seat at once, after the dealer's first draw
    /// (and after the exchange, where there is one).
    Void,
    /// Which three tiles of one suit to pass (换三张, Sichuan): every seat at once, after the
    /// dealer's first draw.
    Exchange,
}

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
        }
    }
}

impl std::error::Error for ViewError {}

/// The seat's own knowledge that its decisions depend on.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Own {
    counts: Counts,
    jokers: u8,
    shanten: i8,
    waits: KindSet,
    draws: u32,
    double_riichi: bool,
    ippatsu: bool,
    kuikae: KindSet,
    /// Kinds other seats discarded (or added to a kan) since the seat's last discard.
    passed: KindSet,
    /// Kinds let pass since its riichi.
    riichi_passed: KindSet,
    /// The tile of the claim window now open: passed once the next event comes.
    pending_pass: Option<Kind>,
    /// The next own draw replaces a kan.
    replacement_next: bool,
    /// A win on the claim window now open was offered (过水 once it passes).
    win_offered: bool,
    /// 过水: a win let pass since the seat's last draw.
    pass_blocked: bool,
}

/// One seat's knowledge of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerView {
    rules: Arc<Rules>,
    forms: FormSet,
    /// The seat.
    pub seat: Seat,
    /// Scores by seat.
    pub scores: [i32; 4],
    /// Prevailing wind.
    pub round_wind: Seat,
    /// The dealer.
    pub dealer: Seat,
    /// Hand number within the round (1..=4).
    pub kyoku: u8,
    /// Repeat counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub kyotaku: u32,
    /// Dora indicators shown.
    pub dora_markers: Vec<Pai>,
    /// The joker indicator (laizi).
    pub joker_marker: Option<Pai>,
    /// The joker kind it chooses.
    pub joker: Option<Kind>,
    /// The seat's own concealed tiles (the drawn tile among them), in [`Pai`] order.
    pub hand: Vec<Pai>,
    /// The tile the seat just drew.
    pub drawn: Option<Pai>,
    /// Concealed tile counts of every seat.
    pub hand_sizes: [usize; 4],
    /// Every seat's discards still in its river (called ones leave it).
    pub rivers: [Vec<RiverEntry>; 4],
    /// Every seat's declared melds, in order.
    pub melds: [Vec<TableMeld>; 4],
    /// Every seat's flowers.
    pub flowers: [Vec<Pai>; 4],
    /// Every seat's lone kongs (Wuhan 红中杠, 赖子杠, 痞子杠), one tile each.
    pub lone_kongs: [Vec<Pai>; 4],
    /// Which seats declared riichi.
    pub riichi: [bool; 4],
    /// Which seats' riichi sticks are on the table.
    pub riichi_accepted: [bool; 4],
    /// The last discard.
    pub last_discard: Option<(Seat, Pai)>,
    /// Whether a hand is being played.
    pub in_hand: bool,
    /// Whether the match is over.
    pub game_over: bool,
    /// Every kind each seat has discarded this hand, called or not (its genbutsu).
    pub discarded: [KindSet; 4],
    /// For each seat in riichi: every kind discarded by anyone since its declaration (tiles it
    /// let pass, and so may not win on).
    pub passed_since_riichi: [KindSet; 4],
    /// For each seat: every kind the others discarded since its hand last changed (its last
    /// draw or call). Under 过水 a seat that let a win pass may not win until it draws, so
    /// these kinds are safe against it: had it waited on one with the hand it holds, it was
    /// offered that win. (A kind that passed before a call is not: the hand that let it pass
    /// is not the one that waits now.)
    pub passed_since_draw: [KindSet; 4],
    /// Draws this hand by all seats (replacement draws included).
    pub draws: u32,
    /// No call or kan yet this hand.
    pub no_calls: bool,
    /// Kans declared this hand.
    pub kans: u8,
    /// Which seats declared them (a bit per seat).
    pub kan_seats: u8,
    /// The suit each seat voids (定缺), once named.
    pub voids: [Option<Suit>; 4],
    /// Seats that have passed their three tiles this hand (换三张; a bit per seat).
    pub exchanged: u8,
    /// The tiles each seat has won on this hand (hands that go on after a win; a tile won by
    /// several seats at once is listed for each).
    pub won: [Vec<Pai>; 4],
    /// Whether the last discard came right after its discarder's kong (杠上炮).
    pub last_discard_after_kong: bool,
    /// Seats whose kong awaits their next discard (a bit per seat).
    kong_pending: u8,
    /// The last discard was already won by a seat (several winners share it).
    ron_taken: bool,
    /// The last added kan, while it may be robbed.
    last_kakan: Option<(Seat, Pai)>,
    decision: Decision,
    mover: Option<Seat>,
    own: Own,
}

impl PlayerView {
    /// An empty view of `seat` under `rules`.
    pub fn new(seat: Seat, rules: &Rules) -> PlayerView {
        PlayerView::with_rules(seat, Arc::new(rules.clone()))
    }

    /// An empty view of `seat` sharing `rules`.
    pub fn with_rules(seat: Seat, rules: Arc<Rules>) -> PlayerView {
        PlayerView {
            forms: rules.form_set(),
            scores: [rules.starting_points; 4],
            rules,
            seat,
            round_wind: Seat::East,
            dealer: Seat::East,
            kyoku: 1,
            honba: 0,
            kyotaku: 0,
            dora_markers: Vec::new(),
            joker_marker: None,
            joker: None,
            hand: Vec::new(),
            drawn: None,
            hand_sizes: [0; 4],
            rivers: Default::default(),
            melds: Default::default(),
            flowers: Default::default(),
            lone_kongs: Default::default(),
            riichi: [false; 4],
            riichi_accepted: [false; 4],
            last_discard: None,
            in_hand: false,
            game_over: false,
            discarded: [KindSet::EMPTY; 4],
            passed_since_riichi: [KindSet::EMPTY; 4],
            passed_since_draw: [KindSet::EMPTY; 4],
            draws: 0,
            no_calls: true,
            kans: 0,
            kan_seats: 0,
            voids: [None; 4],
            exchanged: 0,
            won: Default::default(),
            last_discard_after_kong: false,
            kong_pending: 0,
            ron_taken: false,
            last_kakan: None,
            decision: Decision::None,
            mover: None,
            own: Own { shanten: i8::MAX, ..Own::default() },
        }
    }

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
        let mut tehais: [Vec<Pai>; 4] = std::array::from_fn(|_| vec![Pai::HIDDEN; 13]);
        tehais[seat.index()] = tiles.to_vec();
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

    /// The rules the seat plays under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rules, shared.
    pub fn shared_rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The winning forms of the rules.
    pub fn forms(&self) -> FormSet {
        self.forms
    }

    /// What the seat may have to decide now.
    pub fn decision(&self) -> Decision {
        self.decision
    }

    /// The seat's concealed kinds, jokers excluded.
    pub fn counts(&self) -> &Counts {
        &self.own.counts
    }

    /// The seat's concealed jokers.
    pub fn jokers(&self) -> u8 {
        self.own.jokers
    }

    /// Shanten of the seat's last 3n + 1 tiles (before its draw, on its turn).
    pub fn shanten(&self) -> i8 {
        self.own.shanten
    }

    /// Waits of the seat's last 3n + 1 tiles (empty unless ready).
    pub fn waits(&self) -> KindSet {
        self.own.waits
    }

    /// Draws the seat itself made this hand (flowers and the deal's replacements not counted).
    pub fn own_draws(&self) -> u32 {
        self.own.draws
    }

    /// Whether the seat's riichi came on its first uninterrupted turn.
    pub fn double_riichi(&self) -> bool {
        self.own.double_riichi
    }

    /// Whether a win now would be ippatsu.
    pub fn ippatsu(&self) -> bool {
        self.own.ippatsu
    }

    /// Kinds the seat may not discard right after its call (kuikae).
    pub fn kuikae(&self) -> KindSet {
        self.own.kuikae
    }

    /// Whether the seat may not win on a discard: in riichi a wait among its own discards, a
    /// winning tile let pass since its last discard, or since its riichi; in the Chinese
    /// families with 过水 (`pass_win`), a win let pass since its last draw.
    pub fn is_furiten(&self) -> bool {
        if self.rules.variant != Variant::Riichi {
            return self.rules.pass_win && self.own.pass_blocked;
        }
        let seen =
            self.discarded[self.seat.index()].union(self.own.passed).union(self.own.riichi_passed);
        !self.own.waits.intersection(seen).is_empty()
    }

    /// What a lone kong of `kind` would be in this hand (Wuhan), if it is a lone-kong tile.
    pub fn lone_kong_tile(&self, kind: Kind) -> Option<hupai_rules::LoneKongTile> {
        let indicator = self.joker_marker.and_then(Pai::kind);
        self.rules.lone_kong_tile(kind, self.joker, indicator)
    }

    /// The lone kongs `seat` has set aside, by tile.
    pub fn lone_kong_counts(&self, seat: Seat) -> hupai_rules::LoneKongs {
        let mut n = hupai_rules::LoneKongs::default();
        for t in self.lone_kongs[seat.index()].iter().filter_map(|p| p.kind()) {
            if let Some(tile) = self.lone_kong_tile(t) {
                n.add(tile);
            }
        }
        n
    }

    /// Whether `seat` has won this hand (hands that go on after a win).
    pub fn has_won(&self, seat: Seat) -> bool {
        !self.won[seat.index()].is_empty()
    }

    /// Whether `seat` has left the hand (血战到底: it won).
    pub fn has_left(&self, seat: Seat) -> bool {
        self.rules.after_win == AfterWin::Leave && self.has_won(seat)
    }

    /// Whether `seat`'s hand is locked after its win (血流成河: it draws and discards the
    /// drawn tile, winning again when it can).
    pub fn is_locked_by_win(&self, seat: Seat) -> bool {
        self.rules.after_win == AfterWin::Stay && self.has_won(seat)
    }

    /// The seats still playing the hand (in turn order from East).
    pub fn in_hand_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|&s| !self.has_left(s))
    }

    /// The seat's concealed tiles of the suit it voids (定缺), which it must discard first.
    pub fn void_tiles(&self) -> u8 {
        match self.voids[self.seat.index()] {
            Some(suit) => self.own.counts.0[suit.index() * 9..suit.index() * 9 + 9].iter().sum(),
            None => 0,
        }
    }

    /// Tiles left in the live wall.
    pub fn live_tiles(&self) -> u32 {
        crate::Wall::live_before_deal(&self.rules).saturating_sub(52 + self.draws)
    }

    /// The wind of `seat` this hand.
    pub fn seat_wind(&self, seat: Seat) -> Seat {
        Seat::ALL[self.dealer.distance_to(seat)]
    }

    /// Whether the seat's own hand has no open meld.
    pub fn is_closed(&self) -> bool {
        self.melds[self.seat.index()].iter().all(|m| !m.meld.is_open())
    }

    /// The seat's own declared melds.
    pub fn own_melds(&self) -> &[TableMeld] {
        &self.melds[self.seat.index()]
    }

    /// Tiles `seat` holds, each meld counted as three.
    fn holding(&self, seat: Seat) -> usize {
        self.hand_sizes[seat.index()] + 3 * self.melds[seat.index()].len()
    }

    /// Takes in one event. Only what the seat is shown is kept: other seats' dealt and drawn
    /// tiles are never stored, even if `event` carries them. An event that does not fit is
    /// an error and changes nothing.
    pub fn update(&mut self, event: &Event) -> Result<(), ViewError> {
        self.check(event)?;
        self.apply(event);
        Ok(())
    }

    /// Takes in an event the engine produced, which fits by construction (checked in debug
    /// builds, so every test checks it).
    pub(crate) fn take_trusted(&mut self, event: &Event) {
        debug_assert_eq!(self.check(event), Ok(()), "seat {:?}: {event:?}", self.seat);
        self.apply(event);
    }

    /// Whether `event` fits the view.
    fn check(&self, event: &Event) -> Result<(), ViewError> {
        let me = self.seat;
        let name = event.type_name();
        let in_hand = || if self.in_hand { Ok(()) } else { Err(ViewError::NoHand(name)) };
        let holds = |pai: Pai, n: usize| match n {
            1 => self.hand.contains(&pai),
            _ => self.hand.iter().filter(|&&p| p == pai).count() >= n,
        };
        let held_all = |seat: Seat, tiles: &[Pai]| -> Result<(), ViewError> {
            if seat != me {
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
                if let Some(p) = tehais[me.index()].iter().find(|p| p.is_hidden()) {
                    return Err(ViewError::OwnTile(name, *p));
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
                if *actor == me && pai.is_hidden() {
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
            Event::Dahai { actor, pai, tsumogiri } => {
                in_hand()?;
                turn(*actor)?;
                if *actor == me {
                    held_all(me, &[*pai])?;
                    if *tsumogiri && self.drawn != Some(*pai) {
                        return Err(ViewError::NotHeld { event: name, seat: me, pai: *pai });
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
                    || self.rivers[target.index()].last().map(|r| r.pai) != Some(*pai)
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
                            && target.next() == *actor
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
                if *target == me || *actor == me {
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

    /// Applies an event that [`PlayerView::check`] accepted.
    fn apply(&mut self, event: &Event) {
        let me = self.seat;
        if self.own.win_offered {
            match event {
                Event::Hora { actor, .. } if *actor == me => self.own.win_offered = false,
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
                if self.riichi[me.index()] {
                    self.own.riichi_passed.insert(k);
                }
            }
        }
        match event {
            Event::StartGame { .. } => {
                self.game_over = false;
                self.decision = Decision::None;
            }
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
            } => self.start_hand(
                bakaze.kind().and_then(Seat::from_wind).unwrap_or_default(),
                *dora_marker,
                (*kyoku, *honba, *kyotaku, *oya),
                *scores,
                &tehais[me.index()],
                *joker_marker,
            ),
            Event::Tsumo { actor, pai } => {
                let a = actor.index();
                self.hand_sizes[a] += 1;
                self.draws += 1;
                self.passed_since_draw[a] = KindSet::EMPTY;
                let turn = self.holding(*actor) % 3 == 2;
                if turn {
                    self.mover = Some(*actor);
                }
                let voiding = self.rules.void_suit && self.voids.iter().any(Option::is_none);
                let exchanging = self.rules.exchange_three && self.exchanged != 0b1111;
                let before_play = if exchanging {
                    Decision::Exchange
                } else if voiding {
                    Decision::Void
                } else {
                    Decision::None
                };
                if *actor == me {
                    self.add_own(*pai);
                    self.drawn = Some(*pai);
                    self.own.pass_blocked = false;
                    if turn && before_play != Decision::None {
                        self.own.draws += 1;
                        self.decision = before_play;
                    } else if turn && !pai.is_flower() {
                        self.own.draws += 1;
                        self.own.kuikae = KindSet::EMPTY;
                        self.decision = Decision::Turn {
                            after_call: false,
                            replacement: self.own.replacement_next,
                        };
                    } else {
                        self.decision = Decision::None;
                        if !turn {
                            self.refresh_own();
                        }
                    }
                } else {
                    self.decision = if turn { before_play } else { Decision::None };
                }
                self.last_kakan = None;
            }
            Event::Flower { actor, pai } => {
                let a = actor.index();
                self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
                self.flowers[a].push(*pai);
                if self.mover == Some(*actor) {
                    self.mover = None;
                }
                if *actor == me {
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
                self.mover = None;
                self.decision = Decision::None;
                if *actor == me {
                    self.take_own(*pai);
                    if self.drawn == Some(*pai) {
                        self.drawn = None;
                    }
                    self.own.replacement_next = true;
                    self.refresh_own();
                }
            }
            Event::Dahai { actor, pai, tsumogiri } => self.discard(*actor, *pai, *tsumogiri),
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
                if *actor == me {
                    self.own.double_riichi = self.no_calls && self.own.draws == 1;
                    self.decision = Decision::RiichiDiscard;
                }
            }
            Event::ReachAccepted { actor, scores, .. } => {
                self.riichi_accepted[actor.index()] = true;
                let stick = self.rules.variant == Variant::Riichi;
                match scores {
                    Some(s) => self.scores = *s,
                    None if stick => self.scores[actor.index()] -= 1000,
                    None => {}
                }
                if stick {
                    self.kyotaku += 1;
                }
                if *actor == me {
                    self.own.ippatsu = true;
                }
                self.decision = Decision::None;
            }
            Event::Exchange { actor, target, pai } => self.exchange(*actor, *target, pai),
            Event::Void { actor, suit } => {
                self.voids[actor.index()] = Some(*suit);
                let all = self.voids.iter().all(Option::is_some);
                if all && self.mover == Some(me) {
                    self.decision = Decision::Turn { after_call: false, replacement: false };
                } else if all {
                    self.decision = Decision::None;
                }
            }
            Event::Payment { scores, deltas, .. } => match scores {
                Some(s) => self.scores = *s,
                None => {
                    for (s, d) in self.scores.iter_mut().zip(deltas) {
                        *s += d;
                    }
                }
            },
            Event::Hora { actor, target, pai, scores, deltas, .. } => {
                match scores {
                    Some(s) => self.scores = *s,
                    None => {
                        for (s, d) in self.scores.iter_mut().zip(deltas) {
                            *s += d;
                        }
                    }
                }
                if self.rules.after_win != AfterWin::End {
                    self.take_win_tile(*actor, *target, *pai);
                }
                self.mover = None;
                self.decision = Decision::None;
            }
            Event::Ryukyoku { scores, deltas, .. } => {
                match scores {
                    Some(s) => self.scores = *s,
                    None => {
                        for (s, d) in self.scores.iter_mut().zip(deltas) {
                            *s += d;
                        }
                    }
                }
                self.mover = None;
                self.decision = Decision::None;
            }
            Event::EndKyoku => {
                self.in_hand = false;
                self.mover = None;
                self.decision = Decision::None;
            }
            Event::EndGame { .. } => {
                self.game_over = true;
                self.in_hand = false;
                self.decision = Decision::None;
            }
        }
    }

    #[inline(never)]
    fn start_hand(
        &mut self,
        round_wind: Seat,
        dora_marker: Option<Pai>,
        (kyoku, honba, kyotaku, dealer): (u8, u32, u32, Seat),
        scores: Option<[i32; 4]>,
        tiles: &[Pai],
        joker_marker: Option<Pai>,
    ) {
        let mut fresh = PlayerView::with_rules(self.seat, Arc::clone(&self.rules));
        // Keep the allocations of the last hand.
        let reuse = |from: &mut Vec<Pai>, to: &mut Vec<Pai>| {
            from.clear();
            std::mem::swap(from, to);
        };
        reuse(&mut self.hand, &mut fresh.hand);
        reuse(&mut self.dora_markers, &mut fresh.dora_markers);
        for s in 0..4 {
            reuse(&mut self.flowers[s], &mut fresh.flowers[s]);
            reuse(&mut self.lone_kongs[s], &mut fresh.lone_kongs[s]);
            self.rivers[s].clear();
            std::mem::swap(&mut self.rivers[s], &mut fresh.rivers[s]);
            self.melds[s].clear();
            std::mem::swap(&mut self.melds[s], &mut fresh.melds[s]);
        }
        fresh.scores = scores.unwrap_or(self.scores);
        fresh.round_wind = round_wind;
        fresh.dealer = dealer;
        fresh.kyoku = kyoku;
        fresh.honba = honba;
        fresh.kyotaku = kyotaku;
        fresh.dora_markers.extend(dora_marker);
        fresh.joker_marker = joker_marker;
        fresh.joker = joker_marker.and_then(|p| p.kind()).and_then(|k| self.rules.joker_for(k));
        fresh.hand_sizes = [13; 4];
        fresh.in_hand = true;
        for &p in tiles {
            fresh.add_own(p);
        }
        fresh.refresh_own();
        *self = fresh;
    }

    fn discard(&mut self, actor: Seat, pai: Pai, tsumogiri: bool) {
        let me = self.seat;
        let a = actor.index();
        self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
        // The first discard after the declaration (nothing is discarded before the stick is
        // placed or the tile won on).
        let riichi_tile = self.riichi[a]
            && !self.riichi_accepted[a]
            && self.rivers[a].last().is_none_or(|r| !r.riichi);
        self.rivers[a].push(RiverEntry { pai, tsumogiri, riichi: riichi_tile });
        if let Some(k) = pai.kind() {
            self.discarded[a].insert(k);
            for s in 0..4 {
                if self.riichi[s] {
                    self.passed_since_riichi[s].insert(k);
                }
                if s != a {
                    self.passed_since_draw[s].insert(k);
                }
            }
        }
        self.last_discard = Some((actor, pai));
        self.last_discard_after_kong = self.kong_pending >> a & 1 == 1;
        self.kong_pending &= !(1 << a);
        self.ron_taken = false;
        self.mover = None;
        if actor == me {
            self.take_own(pai);
            self.drawn = None;
            self.own.kuikae = KindSet::EMPTY;
            self.own.passed = KindSet::EMPTY;
            self.own.replacement_next = false;
            if !riichi_tile {
                self.own.ippatsu = false;
            }
            self.refresh_own();
            self.decision = Decision::None;
        } else {
            self.own.pending_pass = pai.kind();
            self.decision = Decision::Claim { from: actor, pai };
            self.note_win_offered(pai, crate::WinOn::Discard);
        }
    }

    /// 过水: remembers whether the claim window now open offers the seat a win.
    fn note_win_offered(&mut self, pai: Pai, on: crate::WinOn) {
        if self.rules.pass_win && self.rules.variant != Variant::Riichi {
            self.own.win_offered = crate::options::ron_offered(self, pai, on);
        }
    }

    /// A hand that goes on after a win: the win tile leaves the discarder's river, the robbed
    /// kan or the winner's hand, and joins the winner's won tiles.
    fn take_win_tile(&mut self, actor: Seat, target: Seat, pai: Pai) {
        let (a, t) = (actor.index(), target.index());
        if actor == target {
            self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(1);
            if actor == self.seat {
                self.take_own(pai);
                self.drawn = None;
                self.refresh_own();
            }
        } else if self.last_kakan == Some((target, pai)) {
            if self.ron_taken {
                self.won[a].push(pai);
                return;
            }
            self.ron_taken = true;
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
            self.kong_pending &= !(1 << t);
            self.kans = self.kans.saturating_sub(1);
        } else if !self.ron_taken {
            self.rivers[t].pop();
            self.ron_taken = true;
        }
        self.won[a].push(pai);
    }

    #[inline(never)]
    fn call(&mut self, event: &Event, actor: Seat, target: Seat, pai: Pai, consumed: &[Pai]) {
        let me = self.seat;
        let Some(kind) = pai.kind() else { return };
        self.rivers[target.index()].pop();
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
        if meld_kind == MeldKind::Kan {
            self.kans += 1;
            self.kan_seats |= 1 << a;
            self.kong_pending |= 1 << a;
        }
        self.decision = Decision::None;
        if meld_kind == MeldKind::Kan {
            self.mover = None;
        } else {
            self.mover = Some(actor);
        }
        if actor == me {
            for &c in consumed {
                self.take_own(c);
            }
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
        let me = self.seat;
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
        self.last_kakan = Some((actor, pai));
        self.ron_taken = false;
        if actor == me {
            self.take_own(pai);
            self.drawn = None;
            self.refresh_own();
        } else {
            self.own.pending_pass = Some(kind);
            self.decision = Decision::Robbing { from: actor, pai, closed: false };
            self.note_win_offered(pai, crate::WinOn::RobbedKan);
        }
    }

    #[inline(never)]
    fn closed_kan(&mut self, actor: Seat, consumed: &[Pai]) {
        let me = self.seat;
        let a = actor.index();
        let Some(kind) = consumed.first().and_then(|p| p.kind()) else { return };
        self.hand_sizes[a] = self.hand_sizes[a].saturating_sub(4);
        let red = consumed.iter().filter(|p| p.is_red()).count() as u8;
        let meld = Meld::kan(MeldKind::ClosedKan, kind);
        let meld = meld.with_red(red).unwrap_or(meld);
        self.melds[a].push(TableMeld::new(meld, consumed));
        self.after_kan(actor);
        if actor == me {
            for &c in consumed {
                self.take_own(c);
            }
            self.drawn = None;
            self.refresh_own();
        } else {
            let pai = consumed[0];
            if self.may_rob_closed_kan(kind) {
                self.own.pending_pass = Some(kind);
            }
            self.decision = Decision::Robbing { from: actor, pai, closed: true };
        }
    }

    /// Whether the rules let this seat rob a closed kan of `kind` (thirteen orphans, ready
    /// on it).
    pub(crate) fn may_rob_closed_kan(&self, kind: Kind) -> bool {
        let rules = &self.rules;
        if rules.variant != Variant::Riichi || !rules.kokushi_robs_closed_kan {
            return false;
        }
        let melds = self.melds[self.seat.index()].len() as u8;
        let mut c = self.own.counts;
        if c[kind] >= 4 {
            return false;
        }
        c.add(kind);
        hupai_core::form_shanten(&c, melds, Form::ThirteenOrphans, self.forms) == Some(-1)
    }

    fn after_kan(&mut self, actor: Seat) {
        self.kans += 1;
        self.kan_seats |= 1 << actor.index();
        self.kong_pending |= 1 << actor.index();
        self.no_calls = false;
        self.own.ippatsu = false;
        self.mover = None;
        self.decision = Decision::None;
        if actor == self.seat {
            self.own.replacement_next = true;
        }
    }

    /// 换三张: `actor` passes `pai` to `target`; once all four have, the hand goes on to the
    /// void choice or the dealer's turn.
    fn exchange(&mut self, actor: Seat, target: Seat, pai: &[Pai; 3]) {
        let me = self.seat;
        self.hand_sizes[actor.index()] -= 3;
        self.hand_sizes[target.index()] += 3;
        self.exchanged |= 1 << actor.index();
        if actor == me {
            for &p in pai {
                self.take_own(p);
            }
            if self.drawn.is_some_and(|d| !self.hand.contains(&d)) {
                self.drawn = None;
            }
        }
        if target == me {
            for &p in pai {
                self.add_own(p);
            }
        }
        if actor == me || target == me {
            self.refresh_own();
        }
        if self.exchanged == 0b1111 {
            self.decision = if self.rules.void_suit {
                Decision::Void
            } else if self.mover == Some(me) {
                Decision::Turn { after_call: false, replacement: false }
            } else {
                Decision::None
            };
        }
    }

    fn add_own(&mut self, pai: Pai) {
        // One step of insertion sort: the hand is short.
        self.hand.push(pai);
        let mut i = self.hand.len() - 1;
        while i > 0 && self.hand[i - 1] > pai {
            self.hand[i] = self.hand[i - 1];
            i -= 1;
        }
        self.hand[i] = pai;
        match pai.kind() {
            Some(k) if Some(k) == self.joker => self.own.jokers += 1,
            Some(k) => self.own.counts.add(k),
            None => {}
        }
    }

    fn take_own(&mut self, pai: Pai) {
        if let Some(i) = self.hand.iter().position(|&p| p == pai) {
            self.hand.copy_within(i + 1.., i);
            self.hand.pop();
            match pai.kind() {
                Some(k) if Some(k) == self.joker => self.own.jokers -= 1,
                Some(k) => {
                    self.own.counts.remove(k);
                }
                None => {}
            }
        }
    }

    /// Recomputes shanten and waits when the seat holds 3n + 1 tiles.
    fn refresh_own(&mut self) {
        let melds = self.melds[self.seat.index()].len() as u8;
        if (self.hand.len() + 3 * melds as usize) % 3 != 1
            || self.hand.iter().any(|p| p.is_flower())
        {
            return;
        }
        let (c, j) = (&self.own.counts, self.own.jokers);
        self.own.shanten = hupai_core::shanten_with_jokers(c, j, melds, self.forms);
        self.own.waits = if self.own.shanten > 0 {
            KindSet::EMPTY
        } else {
            hupai_core::waits_with_jokers(c, j, melds, self.forms)
        };
    }
}
