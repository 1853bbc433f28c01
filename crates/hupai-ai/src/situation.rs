//! What an agent reads off its [`PlayerView`]: concealed counts, jokers, declared melds, the
//! tiles visible outside the hand, dora, winds and how much of the wall is left.
//!
//! ```
//! use hupai_ai::Situation;
//! use hupai_engine::{Driver, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 3));
//! let view = driver.view_of(0);
//! let s = Situation::new(view, &rules);
//! assert_eq!(s.counts.total() as usize, view.hand_len());
//! assert_eq!(s.draws_left, 69);
//! ```

use hupai_core::{Counts, FormSet, Kind, KindSet, Meld};
use hupai_engine::{Pai, PlayerView};
use hupai_rules::{Rules, Variant};

/// One declared meld, as far as planning cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldShape {
    /// A chow starting at this kind.
    Chow(Kind),
    /// A pung (or kong) of this kind.
    Pung(Kind),
}

impl MeldShape {
    /// The shape of a core [`Meld`].
    pub fn of_meld(meld: &Meld) -> Option<MeldShape> {
        let kinds: Vec<Kind> = meld.kinds().collect();
        let first = *kinds.first()?;
        if kinds.iter().all(|&k| k == first) {
            Some(MeldShape::Pung(first))
        } else {
            kinds.iter().min_by_key(|k| k.index()).map(|&k| MeldShape::Chow(k))
        }
    }

    /// The three kinds of the meld (a kong counts as its pung).
    pub fn kinds(self) -> [Kind; 3] {
        match self {
            MeldShape::Pung(k) => [k, k, k],
            MeldShape::Chow(k) => [k, k.offset(1).unwrap_or(k), k.offset(2).unwrap_or(k)],
        }
    }
}

/// The planning view of one seat at one decision.
#[derive(Clone, Debug)]
pub struct Situation {
    /// The rule variant.
    pub variant: Variant,
    /// The winning forms of the rules.
    pub forms: FormSet,
    /// Fewest fans (han in riichi) a win needs.
    pub min_fan: u32,
    /// 二五八将: a small hand needs a pair of 2, 5 or 8 (Wuhan).
    pub pair_258: bool,
    /// The seat's actor number.
    pub me: usize,
    /// Concealed tiles, jokers excluded.
    pub counts: Counts,
    /// Concealed jokers.
    pub jokers: u8,
    /// The joker kind (laizi).
    pub joker: Option<Kind>,
    /// Declared melds.
    pub melds: Vec<MeldShape>,
    /// Whether the hand has no open meld (closed kongs keep it closed).
    pub closed: bool,
    /// Tiles visible outside the concealed hand: rivers, every meld, dora indicators.
    pub visible: Counts,
    /// Dora value of each kind (riichi): how many indicators point at it.
    pub dora: [u8; 34],
    /// Red fives held (concealed and melded).
    pub reds: u8,
    /// The prevailing wind.
    pub round_wind: Kind,
    /// The seat's own wind.
    pub seat_wind: Kind,
    /// Whether the seat is the dealer.
    pub dealer: bool,
    /// Tiles left in the live wall (draws left for all seats).
    pub draws_left: i32,
    /// Draws made so far this hand (all seats, replacement draws included).
    pub draws_made: i32,
    /// Whether the seat declared riichi.
    pub in_riichi: bool,
    /// Kinds the seat discarded (its furiten set).
    pub own_discards: KindSet,
    /// The suit the seat voids (定缺): its tiles are discarded, never drawn to.
    pub void: Option<hupai_core::Suit>,
}

impl Situation {
    /// Reads the situation of `view` under `rules`.
    pub fn new(view: &PlayerView, rules: &Rules) -> Situation {
        let me = view.seat.index();
        let joker = view.joker;
        let mine = view.own_melds();
        let hand = view.hand();
        let reds = hand.iter().chain(mine.iter().flat_map(|m| m.tiles().iter()));
        let reds = reds.filter(|p| p.is_red()).count() as u8;
        let mut visible = Counts::EMPTY;
        let mut see = |p: &Pai| {
            if let Some(k) = p.kind() {
                if visible[k] < 4 {
                    visible.add(k);
                }
            }
        };
        for seat in hupai_core::Seat::ALL {
            view.river(seat).for_each(|r| see(&r.pai));
        }
        for seat in &view.melds {
            for meld in seat {
                meld.tiles().iter().for_each(&mut see);
            }
        }
        view.dora_markers.iter().for_each(&mut see);
        if let Some(m) = view.joker_marker.as_ref() {
            see(m);
        }
        let mut dora = [0u8; 34];
        if rules.variant == Variant::Riichi {
            for k in view.dora_markers.iter().filter_map(|p| p.kind()) {
                dora[k.successor().index()] += 1;
            }
        }
        let melds: Vec<MeldShape> =
            mine.iter().filter_map(|m| MeldShape::of_meld(&m.meld)).collect();
        let draws_left = view.live_tiles() as i32;
        Situation {
            variant: rules.variant,
            forms: rules.form_set(),
            min_fan: rules.min_fan,
            pair_258: rules.pair_258,
            me,
            counts: *view.counts(),
            jokers: view.jokers(),
            joker,
            closed: view.is_closed(),
            melds,
            visible,
            dora,
            reds,
            round_wind: view.round_wind.wind(),
            seat_wind: view.seat_wind(view.seat).wind(),
            dealer: view.dealer == view.seat,
            draws_left,
            draws_made: view.draws as i32,
            in_riichi: view.riichi[me],
            own_discards: view.discarded[me],
            void: view.voids[me],
        }
    }

    /// Number of declared melds.
    pub fn meld_count(&self) -> u8 {
        self.melds.len().min(4) as u8
    }

    /// Copies of `kind` neither in the hand nor visible.
    pub fn unseen(&self, kind: Kind) -> u8 {
        if Some(kind.suit()) == self.void {
            // A drawn tile of the void suit is discarded: it helps nothing.
            return 0;
        }
        4u8.saturating_sub(self.counts[kind] + self.visible[kind])
    }

    /// Copies of `kind` the seat can see (its hand plus the table).
    pub fn seen(&self, kind: Kind) -> u8 {
        (self.counts[kind] + self.visible[kind]).min(4)
    }

    /// Unseen copies of the kinds in `set`.
    pub fn unseen_of(&self, set: KindSet) -> u32 {
        set.iter().map(|k| self.unseen(k) as u32).sum()
    }

    /// All unseen tiles (the pool the seat may still draw from or others may hold).
    pub fn unseen_total(&self) -> u32 {
        Kind::all().map(|k| self.unseen(k) as u32).sum::<u32>().max(1)
    }

    /// Whether `kind` is a value honour for the seat (dragon, seat or prevailing wind).
    pub fn is_yakuhai(&self, kind: Kind) -> bool {
        kind.is_dragon() || kind == self.seat_wind || kind == self.round_wind
    }

    /// Draws the seat itself may still make.
    pub fn own_draws_left(&self) -> i32 {
        (self.draws_left / 4).max(0)
    }

    /// How far the hand has gone: 0 at the deal, 1 when the wall is empty.
    pub fn late(&self) -> f32 {
        let wall = (self.draws_left + self.draws_made).max(1) as f32;
        (1.0 - self.draws_left as f32 / wall).clamp(0.0, 1.0)
    }
}
