//! What an agent reads off its [`PlayerView`]: concealed counts, jokers, declared melds, the
//! tiles visible outside the hand, dora, winds and how much of the wall is left.
//!
//! ```
//! use hupai_ai::Situation;
//! use hupai_engine::PlayerView;
//! use hupai_rules::Rules;
//! let mut view = PlayerView::default();
//! view.hand = "1m 2m 3m E E".split(' ').map(|p| p.parse().unwrap()).collect();
//! let s = Situation::new(&view, &Rules::preset("riichi").unwrap());
//! assert_eq!(s.counts.to_string(), "123m11z");
//! assert_eq!(s.unseen(hupai_core::Kind::EAST), 2);
//! ```

use hupai_core::{Counts, FormSet, Kind, KindSet, Meld};
use hupai_engine::{Pai, PlayerView};
use hupai_rules::{Family, Rules};

/// One declared meld, as far as planning cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldShape {
    /// A chow starting at this kind.
    Chow(Kind),
    /// A pung (or kong) of this kind.
    Pung(Kind),
}

impl MeldShape {
    /// The shape of a meld given as its tiles (`None` for an empty or odd meld).
    pub fn of_pais(pais: &[Pai]) -> Option<MeldShape> {
        let mut kinds = pais.iter().filter_map(|p| p.kind());
        let first = kinds.next()?;
        let mut low = first;
        let mut same = true;
        for k in kinds {
            same &= k == first;
            if k.index() < low.index() {
                low = k;
            }
        }
        Some(if same { MeldShape::Pung(first) } else { MeldShape::Chow(low) })
    }

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
    /// The rule family.
    pub family: Family,
    /// The winning forms of the rules.
    pub forms: FormSet,
    /// Fewest fans (MCR) a win needs.
    pub min_fan: u32,
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
    /// Whether every declared meld is a closed kong (the hand counts as closed).
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
    /// Rough number of draws left in the wall (all seats).
    pub draws_left: i32,
    /// Draws made so far this hand (all seats, replacement draws included).
    pub draws_made: i32,
    /// Whether the seat declared riichi.
    pub in_riichi: bool,
    /// Kinds the seat discarded (its furiten set).
    pub own_discards: KindSet,
}

impl Situation {
    /// Reads the situation of `view` under `rules`.
    pub fn new(view: &PlayerView, rules: &Rules) -> Situation {
        let me = view.seat.index();
        let joker = if rules.jokers {
            view.joker_marker.and_then(|p| p.kind()).map(|k| k.successor())
        } else {
            None
        };
        let mut counts = Counts::EMPTY;
        let mut jokers = 0u8;
        let mut reds = 0u8;
        for p in &view.hand {
            reds += p.is_red() as u8;
            match p.kind() {
                Some(k) if Some(k) == joker => jokers += 1,
                Some(k) => counts.add(k),
                None => {}
            }
        }
        let mut visible = Counts::EMPTY;
        let mut see = |p: &Pai| {
            if let Some(k) = p.kind() {
                if visible[k] < 4 {
                    visible.add(k);
                }
            }
        };
        for river in &view.rivers {
            river.iter().for_each(&mut see);
        }
        for seat in &view.melds {
            for meld in seat {
                meld.iter().for_each(&mut see);
            }
        }
        view.dora_markers.iter().for_each(&mut see);
        if let Some(m) = view.joker_marker.as_ref() {
            see(m);
        }
        let mut dora = [0u8; 34];
        if rules.family == Family::Riichi {
            for k in view.dora_markers.iter().filter_map(|p| p.kind()) {
                dora[k.successor().index()] += 1;
            }
        }
        let mine = view.melds.get(me).map(Vec::as_slice).unwrap_or(&[]);
        let melds: Vec<MeldShape> = mine.iter().filter_map(|m| MeldShape::of_pais(m)).collect();
        // A closed kong is a meld of four equal tiles that nobody discarded; the view does not
        // say who a meld came from, so a four-tile meld counts as closed only when the hand
        // has made no other call (close enough for planning).
        let closed = mine.iter().all(|m| m.len() == 4);
        reds += mine.iter().flatten().filter(|p| p.is_red()).count() as u8;
        let round_wind = view.bakaze.and_then(|p| p.kind()).unwrap_or(Kind::EAST);
        let offset = (me + 4 - view.oya as usize % 4) % 4;
        let seat_wind = Kind::new(Kind::EAST.to_u8() + offset as u8).unwrap_or(Kind::EAST);
        let wall = match rules.family {
            Family::Riichi => 136 - 14 - 52,
            _ => {
                let flowers = if rules.flowers { 8 } else { 0 };
                let honors = if rules.honors { 0 } else { 28 };
                136 + flowers - honors - 52 - rules.jokers as i32
            }
        };
        Situation {
            family: rules.family,
            forms: rules.form_set(),
            min_fan: rules.min_fan,
            me,
            counts,
            jokers,
            joker,
            closed,
            melds,
            visible,
            dora,
            reds,
            round_wind,
            seat_wind,
            dealer: offset == 0,
            draws_left: wall - view.draws as i32,
            draws_made: view.draws as i32,
            in_riichi: view.riichi.get(me).copied().unwrap_or(false),
            own_discards: view.discarded.get(me).copied().unwrap_or_default(),
        }
    }

    /// Number of declared melds.
    pub fn meld_count(&self) -> u8 {
        self.melds.len().min(4) as u8
    }

    /// Copies of `kind` neither in the hand nor visible.
    pub fn unseen(&self, kind: Kind) -> u8 {
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
