//! The game: state, what is pending, and applying actions.
//!
//! The game keeps each seat's [`PlayerView`], fed every event as it happens, and lists a
//! seat's options from that view alone ([`crate::legal_options`]). Most programs play through
//! the [`crate::Driver`], which also keeps each seat's stream and the seat-to-player mapping;
//! driving a `Game` directly looks like this:
//!
//! ```
//! use hupai_engine::{Agent, Game, Setup, Tsumogiri};
//! use hupai_rules::Rules;
//! let (mut game, mut log) = Game::new(Setup::new(Rules::preset("riichi").unwrap(), 3));
//! let mut agent = Tsumogiri;
//! while let Some(seat) = game.next_seat() {
//!     let action = agent.decide(game.view(seat), game.pending().options(seat));
//!     log.extend(game.apply(seat, action).unwrap());
//! }
//! assert!(game.is_over());
//! ```

use std::sync::Arc;

use hupai_core::{BySeat, Kind, Seat, Seats, Tile};
use hupai_rules::{AfterWin, Rules, Variant};

use crate::{Action, Event, Pai, PlayError, Player, PlayerView, Setup, SplitMix64, Wall};

/// What the hand is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// `seat` holds 3n + 2 tiles and must act.
    Turn {
        /// The seat.
        seat: Seat,
        /// Right after a replacement draw.
        replacement: bool,
    },
    /// Other seats may claim `tile`, discarded by `from`.
    Claims {
        /// The discarder.
        from: Seat,
        /// The discard.
        tile: Tile,
    },
    /// Other seats may rob the kan `seat` just declared with `tile`, or win on the North it
    /// set aside (kita).
    Robbing {
        /// The kan's declarer.
        seat: Seat,
        /// The added tile, a tile of the closed kan, or the North.
        tile: Tile,
        /// What may be robbed.
        robbed: Robbed,
    },
    /// Every seat names the suit it voids (定缺).
    Void,
    /// Every seat chooses the three tiles it passes (换三张).
    Exchange,
    /// The match is over.
    Over,
}

/// What a robbing window is open on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Robbed {
    /// An added kan.
    AddedKan,
    /// A closed kan (thirteen orphans only).
    ClosedKan,
    /// A North set aside (kita), where the rules let another seat win on it.
    Kita,
}

/// A kong's payment this hand (刮风下雨), kept for 呼叫转移 and 退税.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KongPay {
    /// The kong's declarer.
    pub seat: Seat,
    /// What each seat paid (negative) and the declarer received.
    pub deltas: [i32; 4],
    /// Passed on to a winner on the kong's discard.
    pub transferred: bool,
}

/// The name other mjai tools know a preset by (jansou scores by it).
fn mjai_preset(rules: &str) -> Option<&'static str> {
    // Only for the presets themselves: a changed rule set is no longer the tools' preset.
    match rules {
        "riichi" => Some("tenhou"),
        "riichi-majsoul" => Some("mahjong-soul"),
        _ => None,
    }
}

/// Who must decide now, and the legal options of each.
#[derive(Clone, Copy, Debug)]
pub struct Pending<'a> {
    game: &'a Game,
}

impl<'a> Pending<'a> {
    /// The seats that must still decide (several when a discard may be claimed).
    pub fn seats(&self) -> impl Iterator<Item = Seat> + 'a {
        let waiting = self.game.waiting;
        self.game.seats.iter().filter(move |s| waiting >> s.index() & 1 == 1)
    }

    /// The legal options of `seat` (empty when it has nothing to decide).
    pub fn options(&self, seat: Seat) -> &'a [Action] {
        if self.game.waiting >> seat.index() & 1 == 1 {
            &self.game.options[seat]
        } else {
            &[]
        }
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.game.phase == Phase::Over
    }
}

/// A match in progress.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) rules: Arc<Rules>,
    pub(crate) reds: [u8; 3],
    pub(crate) rng: SplitMix64,
    pub(crate) stacked: Vec<Vec<Tile>>,
    pub(crate) single_hand: bool,
    pub(crate) seed: u64,
    pub(crate) secret: u128,
    /// The seats at the table (three in three-player riichi).
    pub(crate) seats: Seats,
    // Match.
    pub(crate) scores: [i32; 4],
    pub(crate) players: [u8; 4],
    pub(crate) round: u8,
    pub(crate) dealer: Seat,
    pub(crate) honba: u32,
    pub(crate) sticks: u32,
    pub(crate) hands: u32,
    // Hand.
    pub(crate) wall: Wall,
    pub(crate) p: BySeat<Player>,
    pub(crate) views: BySeat<PlayerView>,
    pub(crate) joker: Option<Kind>,
    pub(crate) joker_marker: Option<Tile>,
    pub(crate) dora_count: usize,
    pub(crate) pending_dora: usize,
    pub(crate) discards: u32,
    pub(crate) riichi_count: u8,
    pub(crate) phase: Phase,
    pub(crate) options: BySeat<Vec<Action>>,
    pub(crate) waiting: u8,
    pub(crate) responses: BySeat<Option<Action>>,
    pub(crate) kong_pays: Vec<KongPay>,
}

impl Game {
    /// Starts a game; returns it with the opening events (`start_game`, the first
    /// `start_kyoku`, the dealer's first draw).
    pub fn new(setup: Setup) -> (Game, Vec<Event>) {
        Game::start(setup, None)
    }

    /// As [`Game::new`]; `rule_set`, when known, is what `start_game` records of the rules
    /// (the TOML of rules that are no preset), so that a restart under the same rules need
    /// not parse the preset again to compare with it.
    pub(crate) fn start(setup: Setup, rule_set: Option<Option<String>>) -> (Game, Vec<Event>) {
        let rules = Arc::new(setup.rules);
        let mut stacked = setup.stacked_walls;
        stacked.reverse();
        let seats = rules.seats();
        let scores = setup.scores.unwrap_or([rules.starting_points; 4]);
        // A three-player table has no fourth player: its slot holds nothing.
        let scores = *BySeat::of(seats, scores).as_array();
        let mut game = Game {
            reds: rules.red_fives,
            rng: SplitMix64::new(setup.seed),
            stacked,
            single_hand: setup.single_hand,
            seed: setup.seed,
            secret: setup.secret,
            seats: rules.seats(),
            scores,
            players: [0, 1, 2, 3],
            round: setup.round.round,
            dealer: setup.round.dealer,
            honba: setup.round.honba,
            sticks: setup.round.sticks,
            hands: 0,
            wall: Wall::from_tiles(&rules, Vec::new()),
            p: BySeat::default(),
            views: BySeat::from_fn(|s| PlayerView::with_rules(s, Arc::clone(&rules))),
            joker: None,
            joker_marker: None,
            dora_count: 0,
            pending_dora: 0,
            discards: 0,
            riichi_count: 0,
            phase: Phase::Over,
            options: BySeat::default(),
            waiting: 0,
            responses: BySeat::default(),
            kong_pays: Vec::new(),
            rules,
        };
        if game.rules.variant == Variant::Mcr {
            game.players = crate::schedule::mcr_players(game.round);
        }
        let mut out = Vec::new();
        let start = Event::StartGame {
            names: BySeat::of(seats, setup.names),
            rules: game.rules.name.clone(),
            seed: Some(setup.seed),
            secret: Some(crate::commitment::secret_text(setup.secret)),
            seed_commitment: Some(crate::commitment::commit(setup.seed, setup.secret)),
            rule_set: rule_set
                .unwrap_or_else(|| (!game.rules.is_preset()).then(|| game.rules.to_toml())),
            preset: mjai_preset(&game.rules.name).map(String::from),
            id: None,
        };
        game.emit(start, &mut out);
        game.start_hand(&mut out);
        (game, out)
    }

    /// Records `event`: every seat's view takes it in (each keeps only what its seat may
    /// see), then it is appended to `out`.
    pub(crate) fn emit(&mut self, event: Event, out: &mut Vec<Event>) {
        let seats = self.seats.count();
        PlayerView::take_into_all(&mut self.views.as_mut_array()[..seats], &event);
        out.push(event);
    }

    /// What `seat` knows: its view, fed every event so far.
    pub fn view(&self, seat: Seat) -> &PlayerView {
        &self.views[seat]
    }

    /// The shared view of the table (any seat's: the public part is the same).
    pub(crate) fn table(&self) -> &PlayerView {
        &self.views[Seat::East]
    }

    /// Who must decide now, with the legal options.
    pub fn pending(&self) -> Pending<'_> {
        Pending { game: self }
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The first seat (in seat order) that must decide, if any.
    pub fn next_seat(&self) -> Option<Seat> {
        (self.waiting != 0).then(|| Seat::ALL[self.waiting.trailing_zeros() as usize])
    }

    /// Applies `seat`'s decision; returns what happened. A refused action changes nothing.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, PlayError> {
        let mut out = Vec::new();
        self.apply_into(seat, action, &mut out)?;
        Ok(out)
    }

    /// As [`Game::apply`], appending the events to `out` (no allocation of its own).
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: Action,
        out: &mut Vec<Event>,
    ) -> Result<(), PlayError> {
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver);
        }
        if self.waiting >> seat.index() & 1 == 0 {
            return Err(PlayError::NotYourTurn(seat));
        }
        let action = action.canonical();
        if !self.options[seat].contains(&action) {
            return Err(PlayError::Illegal { seat, action });
        }
        match self.phase {
            Phase::Turn { replacement, .. } => self.apply_turn(seat, action, replacement, out),
            Phase::Claims { .. } | Phase::Robbing { .. } | Phase::Void | Phase::Exchange => {
                self.responses[seat] = Some(action);
                self.waiting &= !(1 << seat.index());
                if self.waiting == 0 {
                    match self.phase {
                        Phase::Void => self.resolve_voids(out),
                        Phase::Exchange => self.resolve_exchange(out),
                        _ => self.resolve_claims(out),
                    }
                }
            }
            Phase::Over => {}
        }
        Ok(())
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seed every wall is shuffled from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Which player sits at each seat this hand (seats rotate in MCR).
    pub fn players(&self) -> [u8; 4] {
        self.players
    }

    /// Scores by seat.
    pub fn scores(&self) -> BySeat<i32> {
        BySeat::new(self.seats, |s| self.scores[self.players[s.index()] as usize])
    }

    /// Scores by player (the same as by seat unless seats rotate, as in MCR).
    pub fn player_scores(&self) -> BySeat<i32> {
        BySeat::of(self.seats, self.scores)
    }

    /// The seats at the table (three in three-player riichi).
    pub fn seats(&self) -> Seats {
        self.seats
    }

    /// `values` by seat, for the seats at the table.
    pub(crate) fn by_seat<T: Default>(&self, values: [T; 4]) -> BySeat<T> {
        BySeat::of(self.seats, values)
    }

    /// Riichi sticks on the table.
    pub fn sticks(&self) -> u32 {
        self.sticks
    }

    /// Repeat counters.
    pub fn honba(&self) -> u32 {
        self.honba
    }

    /// The current dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Hands completed so far.
    pub fn hands_played(&self) -> u32 {
        self.hands
    }

    /// The wall.
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// Reorders the live wall at random (see [`Wall::shuffle_live`]): the same position, the
    /// draws to come from another order of the unseen wall. No seat's view changes, as no
    /// seat has seen those tiles; an analysis tool for playing one position out many ways.
    pub fn shuffle_live_wall(&mut self, rng: &mut SplitMix64) {
        self.wall.shuffle_live(rng);
    }

    /// One seat's tiles and flags.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.p[seat]
    }

    /// The joker kind of this hand (laizi).
    pub fn joker(&self) -> Option<Kind> {
        self.joker
    }

    /// The tile turned up to choose the joker (laizi).
    pub fn joker_marker(&self) -> Option<Tile> {
        self.joker_marker
    }

    /// Revealed dora indicators (riichi).
    pub fn dora_indicators(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..self.dora_count).filter_map(|i| self.wall.dora_indicator(i))
    }

    /// Kans declared this hand.
    pub fn kans(&self) -> u8 {
        self.table().kans
    }

    /// The seat wind of `seat` this hand.
    pub fn seat_wind(&self, seat: Seat) -> Seat {
        Seat::ALL[self.seats.distance(self.dealer, seat)]
    }

    /// The log name of a tile.
    pub(crate) fn pai(&self, tile: Tile) -> Pai {
        Pai::of(tile, self.reds)
    }

    /// Whether `seat` has left the hand (血战到底: it won).
    pub(crate) fn has_left(&self, seat: Seat) -> bool {
        self.table().has_left(seat)
    }

    /// The next seat after `seat` in turn order that is still in the hand.
    pub(crate) fn next_in_hand(&self, seat: Seat) -> Seat {
        if self.rules.after_win != AfterWin::Leave {
            // Only 血战到底 has a seat leave the hand.
            return self.seats.next(seat);
        }
        self.seats.after(seat).find(|&s| !self.has_left(s)).unwrap_or(self.seats.next(seat))
    }

    /// Whether the riichi rules apply (the variant).
    pub(crate) fn riichi(&self) -> bool {
        self.rules.variant == Variant::Riichi
    }
}
