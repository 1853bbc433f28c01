//! What one seat may know, built only from the events that seat is shown: the one fold of
//! events into a table that every Rust consumer reads (the engine for each seat, bots, the
//! terminal client, the Python package, the server's review).
//!
//! A view takes events one at a time ([`PlayerView::update`], in `view_apply.rs`); an event
//! that does not fit what the seat knows is an error that says why (`view_check.rs`) and leaves
//! the view as it was. The table part is the same in every seat's view: scores, the round,
//! rivers (a called discard stays, marked), melds, concealed counts, flowers, riichi, the wins
//! of the hand. The seat's own part is what its decisions depend on: its tiles, shanten and
//! waits, furiten, ippatsu, the swap-calling ban, and what it must decide now ([`Decision`]);
//! [`crate::legal_options`] works from nothing else.
//!
//! A view belongs to a seat ([`PlayerView::new`]), to a player who moves between seats when
//! `start_kyoku` re-seats the players as MCR does ([`PlayerView::for_player`]), or to nobody
//! ([`PlayerView::spectator`]: every concealed tile hidden).
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
//! assert_eq!(view.hand().len(), 13);
//! assert_eq!(view.hand_sizes[0], 14);
//! ```

use std::sync::Arc;

use hupai_core::{Counts, FormSet, HandState, Kind, KindSet, Meld, Seat, Seats, Suit};
use hupai_rules::{AfterWin, Rules, Variant};

use crate::pai_counts::PaiCounts;
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
    /// Whether another seat called it: it is in that seat's meld now, and shown here marked.
    pub called: bool,
}

impl RiverEntry {
    /// A discard of `pai` from the hand, not called.
    pub fn new(pai: Pai) -> RiverEntry {
        RiverEntry { pai, tsumogiri: false, riichi: false, called: false }
    }
}

/// A declared meld as the table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMeld {
    /// The meld: type, kinds, the called kind and whom it came from, red fives.
    pub meld: Meld,
    pub(crate) tiles: [Pai; 4],
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
    /// Whether to win on the North `from` just set aside (三人麻雀 抜きドラ, where the rules
    /// allow a win on it).
    Kita {
        /// Who set it aside.
        from: Seat,
        /// The North.
        pai: Pai,
    },
    /// Which suit to void (定缺, Sichuan): every seat at once, after the dealer's first draw
    /// (and after the exchange, where there is one).
    Void,
    /// Which three tiles of one suit to pass (换三张, Sichuan): every seat at once, after the
    /// dealer's first draw.
    Exchange,
}

/// Whose knowledge a view holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Viewer {
    /// One seat, whoever sits there.
    Seat,
    /// One player, who moves to the seat each `start_kyoku` names (MCR's re-seating).
    Player(u8),
    /// Nobody's: a spectator, shown no concealed tile.
    Spectator,
}

/// A view's [`Viewer`], left out of comparisons: two views that know the same are equal,
/// whether one follows a player and the other stays at its seat.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Whose(pub(crate) Viewer);

impl PartialEq for Whose {
    fn eq(&self, _: &Whose) -> bool {
        true
    }
}

/// The seat's own knowledge that its decisions depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Own {
    /// The concealed kinds, jokers and declared melds, kept one tile at a time so that
    /// shanten and waits are a few lookups after each change. (Between receiving an
    /// exchange's three tiles and passing its own, which may hold 16 tiles, only the tiles
    /// held before: both changes are applied once the seat has passed its own.)
    pub(crate) tiles: HandState,
    pub(crate) shanten: i8,
    pub(crate) waits: KindSet,
    pub(crate) draws: u32,
    pub(crate) double_riichi: bool,
    pub(crate) ippatsu: bool,
    pub(crate) kuikae: KindSet,
    /// Kinds other seats discarded (or added to a kan) since the seat's last discard.
    pub(crate) passed: KindSet,
    /// Kinds let pass since its riichi.
    pub(crate) riichi_passed: KindSet,
    /// The tile of the claim window now open: passed once the next event comes.
    pub(crate) pending_pass: Option<Kind>,
    /// The next own draw replaces a kan.
    pub(crate) replacement_next: bool,
    /// A win on the claim window now open was offered (过水 once it passes).
    pub(crate) win_offered: bool,
    /// 过水: a win let pass since the seat's last draw.
    pub(crate) pass_blocked: bool,
    /// `shanten` and `waits` are those of the concealed tiles without the drawn one (false
    /// after an exchange changed a hand of 3n + 2 tiles).
    pub(crate) waits_before_draw: bool,
}

impl Own {
    /// Nothing known yet: no tiles, the state `empty` (of no tile, under the view's forms).
    pub(crate) fn new(empty: HandState) -> Own {
        Own {
            tiles: empty,
            shanten: i8::MAX,
            waits: KindSet::EMPTY,
            draws: 0,
            double_riichi: false,
            ippatsu: false,
            kuikae: KindSet::EMPTY,
            passed: KindSet::EMPTY,
            riichi_passed: KindSet::EMPTY,
            pending_pass: None,
            replacement_next: false,
            win_offered: false,
            pass_blocked: false,
            waits_before_draw: false,
        }
    }
}

/// One seat's knowledge of the table. Two views are equal when they know the same, whichever
/// seat or player they follow.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerView {
    pub(crate) rules: Arc<Rules>,
    pub(crate) forms: FormSet,
    /// The state of no tile under `forms`, built once: each hand's own part starts from it.
    pub(crate) no_tiles: HandState,
    /// Tiles in the live wall before the deal (from the rules).
    pub(crate) live_before_deal: u32,
    pub(crate) viewer: Whose,
    /// The seats at the table (three in three-player riichi; the North slot of every
    /// per-seat array is then unused).
    pub seats: Seats,
    /// The seat (a spectator's view: East, the seat at the bottom of its screen).
    pub seat: Seat,
    /// Player names, by player (from `start_game`).
    pub names: [String; 4],
    /// The player at each seat this hand (`start_kyoku`'s `players`; 0, 1, 2, 3 unless the
    /// rules re-seat the players, as MCR does).
    pub players: [u8; 4],
    /// Scores by seat.
    pub scores: [i32; 4],
    /// Hands begun so far in the match (`start_kyoku`s taken).
    pub hands: u32,
    /// Prevailing wind.
    pub round_wind: Seat,
    /// The dealer.
    pub dealer: Seat,
    /// Hand number within the round (1..=4).
    pub kyoku: u8,
    /// Repeat counters (honba).
    pub honba: u32,
    /// Riichi sticks on the table (`kyotaku` in the log).
    pub sticks: u32,
    /// Dora indicators shown.
    pub dora_markers: Vec<Pai>,
    /// The joker indicator (laizi).
    pub joker_marker: Option<Pai>,
    /// The joker kind it chooses.
    pub joker: Option<Kind>,
    /// The seat's own concealed tiles (the drawn tile among them), by name
    /// ([`PlayerView::hand`] lists them).
    pub(crate) held: PaiCounts,
    /// The tile the seat just drew.
    pub drawn: Option<Pai>,
    /// Concealed tile counts of every seat.
    pub hand_sizes: [usize; 4],
    /// Every seat's discards in order. A called one stays, marked [`RiverEntry::called`]; a
    /// tile won on leaves ([`PlayerView::won`]). [`PlayerView::river`] lists what still lies
    /// there.
    pub rivers: [Vec<RiverEntry>; 4],
    /// Every seat's declared melds, in order.
    pub melds: [Vec<TableMeld>; 4],
    /// Every seat's flowers.
    pub flowers: [Vec<Pai>; 4],
    /// Every seat's lone kongs (Wuhan 红中杠, 赖子杠, 痞子杠), one tile each.
    pub lone_kongs: [Vec<Pai>; 4],
    /// Norths each seat has set aside as bonus dora (三人麻雀 抜きドラ, kita).
    pub kita: [u8; 4],
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
    /// The tiles each seat has won on this hand, in order (several where hands go on after a
    /// win; a tile won by several seats at once is listed for each).
    pub won: [Vec<Pai>; 4],
    /// Whether the last discard came right after its discarder's kan (杠上炮).
    pub last_discard_after_kan: bool,
    /// Seats whose kan awaits their next discard (a bit per seat).
    pub(crate) kan_pending: u8,
    /// The last discard was already won by a seat (several winners share it).
    pub(crate) ron_taken: bool,
    /// The last kan, while it may be robbed: its declarer, a tile of it, and whether closed.
    pub(crate) last_kan: Option<(Seat, Pai, bool)>,
    /// The seat holding the tile it just drew apart from its hand.
    pub(crate) drawer: Option<Seat>,
    /// The seat that just set a North aside (kita), until its replacement draw: a win on the
    /// North takes it from there; the draw ends the first go-around and every ippatsu.
    pub(crate) last_kita: Option<Seat>,
    pub(crate) decision: Decision,
    /// The seat that holds 3n + 2 tiles and must act.
    pub(crate) mover: Option<Seat>,
    pub(crate) own: Own,
}

impl PlayerView {
    /// An empty view of `seat` under `rules`.
    pub fn new(seat: Seat, rules: &Rules) -> PlayerView {
        PlayerView::with_rules(seat, Arc::new(rules.clone()))
    }

    /// An empty view of `seat` sharing `rules`.
    pub fn with_rules(seat: Seat, rules: Arc<Rules>) -> PlayerView {
        PlayerView::of(Viewer::Seat, seat, rules)
    }

    /// An empty view of player `player` (0..4, the order of `start_game`'s names), who sits at
    /// seat `player` until a `start_kyoku` seats it elsewhere (MCR moves players between
    /// seats): the view moves with it, so that its stream, read in order, always folds.
    pub fn for_player(player: usize, rules: Arc<Rules>) -> PlayerView {
        let seat = Seat::from_index(player % 4).unwrap_or_default();
        PlayerView::of(Viewer::Player((player % 4) as u8), seat, rules)
    }

    /// An empty view of a spectator: the table only, every concealed tile hidden.
    pub fn spectator(rules: Arc<Rules>) -> PlayerView {
        PlayerView::of(Viewer::Spectator, Seat::East, rules)
    }

    pub(crate) fn of(viewer: Viewer, seat: Seat, rules: Arc<Rules>) -> PlayerView {
        let forms = rules.form_set();
        let no_tiles = HandState::empty(forms);
        PlayerView {
            forms,
            no_tiles,
            live_before_deal: crate::Wall::live_before_deal(&rules),
            seats: rules.seats(),
            scores: *hupai_core::BySeat::of(rules.seats(), [rules.starting_points; 4]).as_array(),
            rules,
            viewer: Whose(viewer),
            seat,
            names: Default::default(),
            players: [0, 1, 2, 3],
            hands: 0,
            round_wind: Seat::East,
            dealer: Seat::East,
            kyoku: 1,
            honba: 0,
            sticks: 0,
            dora_markers: Vec::new(),
            joker_marker: None,
            joker: None,
            held: PaiCounts::default(),
            drawn: None,
            hand_sizes: [0; 4],
            rivers: Default::default(),
            melds: Default::default(),
            flowers: Default::default(),
            lone_kongs: Default::default(),
            kita: [0; 4],
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
            last_discard_after_kan: false,
            kan_pending: 0,
            ron_taken: false,
            last_kan: None,
            drawer: None,
            last_kita: None,
            decision: Decision::None,
            mover: None,
            own: Own::new(no_tiles),
        }
    }

    /// The same table seen from `seat` between hands (a spectator's view turned into a
    /// seat's, to fold a hand whose tiles are revealed): the table is kept, the seat's own
    /// part starts empty and its tiles come with the next `start_kyoku`.
    pub fn at_seat(&self, seat: Seat) -> PlayerView {
        let mut view = self.clone();
        view.viewer = Whose(Viewer::Seat);
        view.seat = seat;
        view.held.clear();
        view.drawn = None;
        view.decision = Decision::None;
        view.own = Own::new(view.no_tiles);
        view
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

    /// Whether this is a spectator's view (no seat's own tiles).
    pub fn is_spectator(&self) -> bool {
        self.viewer.0 == Viewer::Spectator
    }

    /// The player this view follows from seat to seat, if it follows one.
    pub fn follows(&self) -> Option<usize> {
        match self.viewer.0 {
            Viewer::Player(p) => Some(usize::from(p)),
            _ => None,
        }
    }

    /// Whether `seat` is the view's own seat (never for a spectator).
    #[inline]
    pub(crate) fn is_me(&self, seat: Seat) -> bool {
        seat == self.seat && self.viewer.0 != Viewer::Spectator
    }

    /// The view's seat once it has taken `event`: a `start_kyoku` that re-seats the players
    /// (MCR) moves a view that follows a player to the seat it names.
    pub(crate) fn seat_after(&self, event: &Event) -> Seat {
        match self.viewer.0 {
            Viewer::Player(p) => event.seat_of_player(usize::from(p)).unwrap_or(self.seat),
            _ => self.seat,
        }
    }

    /// The player at `seat` this hand.
    pub fn player_at(&self, seat: Seat) -> usize {
        usize::from(self.players[seat.index()])
    }

    /// The seat `player` sits at this hand.
    pub fn seat_of_player(&self, player: usize) -> Seat {
        let at = self.players.iter().position(|&p| usize::from(p) == player);
        at.and_then(Seat::from_index).unwrap_or_default()
    }

    /// The name of the player at `seat` (`""` when `start_game` named nobody).
    pub fn name_at(&self, seat: Seat) -> &str {
        self.names.get(self.player_at(seat)).map_or("", String::as_str)
    }

    /// What the seat may have to decide now.
    pub fn decision(&self) -> Decision {
        self.decision
    }

    /// The seat holding the tile it just drew apart from the rest of its hand (until it
    /// discards, calls, declares a kan or wins); a tile only its own view names.
    pub fn drawn_by(&self) -> Option<Seat> {
        self.drawer
    }

    /// The kan just declared, while another seat may still rob it: its declarer, a tile of
    /// it (the added tile of an added kan) and whether it is closed.
    pub fn robbable_kan(&self) -> Option<(Seat, Pai, bool)> {
        self.last_kan
    }

    /// The discards of `seat` still lying in its river (called ones left out).
    pub fn river(&self, seat: Seat) -> impl Iterator<Item = &RiverEntry> + '_ {
        self.rivers[seat.index()].iter().filter(|r| !r.called)
    }

    /// The seat's own concealed tiles (the drawn tile among them), in [`Pai`] order.
    pub fn hand(&self) -> Vec<Pai> {
        self.held.to_vec()
    }

    /// How many concealed tiles the seat holds (the drawn tile among them).
    pub fn hand_len(&self) -> usize {
        self.held.len()
    }

    /// The seat's concealed kinds, jokers excluded.
    pub fn counts(&self) -> &Counts {
        self.own.tiles.counts()
    }

    /// The seat's concealed jokers.
    pub fn jokers(&self) -> u8 {
        self.own.tiles.jokers()
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

    /// Whether `seat` has won this hand.
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
        self.seats.iter().filter(|&s| !self.has_left(s))
    }

    /// The seat's concealed tiles of the suit it voids (定缺), which it must discard first.
    pub fn void_tiles(&self) -> u8 {
        match self.voids[self.seat.index()] {
            Some(suit) => self.counts().0[suit.index() * 9..suit.index() * 9 + 9].iter().sum(),
            None => 0,
        }
    }

    /// Tiles left in the live wall.
    pub fn live_tiles(&self) -> u32 {
        let dealt = 13 * self.seats.count() as u32;
        self.live_before_deal.saturating_sub(dealt + self.draws)
    }

    /// The wind of `seat` this hand.
    pub fn seat_wind(&self, seat: Seat) -> Seat {
        Seat::ALL[self.seats.distance(self.dealer, seat)]
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
    pub(crate) fn holding(&self, seat: Seat) -> usize {
        self.hand_sizes[seat.index()] + 3 * self.melds[seat.index()].len()
    }
}
