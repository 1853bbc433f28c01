//! What one seat can see of an opponent, as one-hot features: the one encoder the learned
//! reads are fitted on and evaluated with.
//!
//! Two schemas. [`OPPONENT`] describes the opponent as a whole (the turn, its calls, its
//! riichi and when, how its recent discards were cut, what its calls and river say about its
//! hand); the readiness, cost and per-go-around models read it. [`KIND`] describes one kind
//! against that opponent (its shape with suji and kabe, the copies unseen, its relation to
//! the riichi tile and to the opponent's discards, dora); the wait model reads it after the
//! opponent's features. Every feature is one bin of a group; a row is the list of its bins.
//!
//! ```
//! use hupai_ai::reads::{Table, KIND, OPPONENT};
//! use hupai_engine::{Driver, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 3));
//! let table = Table::new(driver.view_of(0), &rules);
//! let south = table.opponent(1);
//! assert!(south.features.iter().all(|&i| (i as usize) < OPPONENT.len()));
//! let mut row = Vec::new();
//! south.kind_features(&table, hupai_core::Kind::new(4).unwrap(), &mut row);
//! assert!(row.iter().all(|&i| (i as usize) < KIND.len()));
//! ```

use hupai_core::{Counts, Kind, KindSet, Seat};
use hupai_engine::{PlayerView, RiverEntry};
use hupai_rules::{Rules, Variant};

use crate::danger::{read_hand, safe_against, HandRead};
use crate::situation::Situation;

/// A list of one-hot groups: each a name and its number of bins.
#[derive(Debug)]
pub struct Schema {
    groups: &'static [(&'static str, u16)],
}

impl Schema {
    /// The number of features.
    pub const fn len(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < self.groups.len() {
            n += self.groups[i].1 as usize;
            i += 1;
        }
        n
    }

    /// Whether the schema has no feature.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first index of group `g`.
    const fn offset(&self, g: usize) -> u16 {
        let mut n = 0;
        let mut i = 0;
        while i < g {
            n += self.groups[i].1;
            i += 1;
        }
        n
    }

    /// Every feature's name, `group=bin`, in index order.
    pub fn names(&self) -> Vec<String> {
        self.groups
            .iter()
            .flat_map(|&(name, bins)| (0..bins).map(move |b| format!("{name}={b}")))
            .collect()
    }

    /// The index of bin `bin` of group `g` (bins past the last land in the last).
    fn at(&self, g: usize, bin: usize) -> u16 {
        let bins = self.groups[g].1 as usize;
        self.offset(g) + bin.min(bins - 1) as u16
    }
}

/// The opponent's groups, in index order (see [`Opp`]).
pub static OPPONENT: Schema = Schema {
    groups: &[
        ("bias", 1),
        ("turn", 19),
        ("calls_by_turn", 25),
        ("closed_kans", 3),
        ("riichi", 1),
        ("riichi_at", 5),
        ("since_riichi", 5),
        ("riichi_tsumogiri", 1),
        ("dealer", 1),
        ("tsumogiri_streak", 5),
        ("tsumogiri_last6", 7),
        ("handcut_middle_last3", 4),
        ("handcut_outer_last3", 4),
        ("early_middle", 7),
        ("value_pons", 3),
        ("call_read", 3),
        ("dora_in_melds", 4),
        ("least_suit", 8),
        ("lone_kongs", 3),
        ("others_riichi", 3),
    ],
};

/// The groups of [`OPPONENT`].
#[derive(Clone, Copy)]
enum Opp {
    Bias,
    Turn,
    CallsByTurn,
    ClosedKans,
    Riichi,
    RiichiAt,
    SinceRiichi,
    RiichiTsumogiri,
    Dealer,
    TsumogiriStreak,
    TsumogiriLast6,
    HandcutMiddleLast3,
    HandcutOuterLast3,
    EarlyMiddle,
    ValuePons,
    CallRead,
    DoraInMelds,
    LeastSuit,
    LoneKongs,
    OthersRiichi,
}

/// The groups of one kind against an opponent, in index order (see [`KindGroup`]).
pub static KIND: Schema = Schema {
    groups: &[
        ("shape", 16),
        ("shape_riichi", 16),
        ("no_chance_sides", 3),
        ("one_chance_sides", 3),
        ("closed_wait", 3),
        ("edge_wait", 3),
        ("unseen", 10),
        ("unseen_by_turn", 25),
        ("riichi_tile", 10),
        ("next_discarded", 3),
        ("two_away_discarded", 3),
        ("suit_discards", 15),
        ("meld_suits", 6),
        ("dora", 2),
        ("near_dora", 1),
        ("simples_read_outer", 1),
        ("class_by_turn", 20),
        ("passed_since_draw", 1),
        ("own_discard", 1),
        ("suji_before_riichi", 1),
        ("held", 4),
    ],
};

/// The groups of [`KIND`].
#[derive(Clone, Copy)]
enum KindGroup {
    Shape,
    ShapeRiichi,
    NoChanceSides,
    OneChanceSides,
    ClosedWait,
    EdgeWait,
    Unseen,
    UnseenByTurn,
    RiichiTile,
    NextDiscarded,
    TwoAwayDiscarded,
    SuitDiscards,
    MeldSuits,
    Dora,
    NearDora,
    SimplesReadOuter,
    ClassByTurn,
    PassedSinceDraw,
    OwnDiscard,
    SujiBeforeRiichi,
    Held,
}

/// What one seat sees at one decision, shared by its reads of the three opponents.
#[derive(Clone, Debug)]
pub struct Table<'v> {
    /// The seat's view.
    pub view: &'v PlayerView,
    /// The seat's situation.
    pub sit: Situation,
    /// Copies of each kind the seat can see (its hand and the table).
    pub seen: Counts,
    /// The turn: draws so far over four, at most 18.
    pub turn: usize,
}

impl<'v> Table<'v> {
    /// The table as `view` shows it under `rules`.
    pub fn new(view: &'v PlayerView, rules: &Rules) -> Table<'v> {
        Table::with_situation(view, Situation::new(view, rules))
    }

    /// The table from a situation already read off `view`.
    pub fn with_situation(view: &'v PlayerView, sit: Situation) -> Table<'v> {
        let mut seen = sit.visible;
        for k in Kind::all() {
            seen[k] = (seen[k] + sit.counts[k]).min(4);
        }
        let turn = (view.draws as usize / 4).min(18);
        Table { view, sit, seen, turn }
    }

    /// The opponent at actor number `seat`, read.
    pub fn opponent(&self, seat: usize) -> Opponent {
        Opponent::new(self, seat)
    }

    /// Copies of `kind` the seat cannot see.
    fn unseen(&self, kind: Kind) -> u8 {
        4 - self.seen[kind].min(4)
    }
}

/// One opponent as a seat reads it: its features and what its kinds' features need.
#[derive(Clone, Debug)]
pub struct Opponent {
    /// Its actor number.
    pub seat: usize,
    /// Whether it declared riichi (or 报听): its hand is ready.
    pub riichi: bool,
    /// The kinds it cannot win on (its furiten, its void suit): no danger at all.
    pub safe: KindSet,
    /// Its one-hot features in [`OPPONENT`].
    pub features: Vec<u16>,
    /// Kinds it discarded (called or not).
    discarded: KindSet,
    /// Kinds it discarded before its riichi.
    before_riichi: KindSet,
    /// The kind of its riichi tile, if still in its river.
    riichi_tile: Option<Kind>,
    /// Its discards still in its river, by suit (m, p, s).
    suit_discards: [u8; 3],
    /// Length of its river.
    river_len: usize,
    /// The number suits of its open melds (bits m, p, s) and whether one is a pon of honours.
    meld_suits: u8,
    meld_honours: bool,
    /// What its calls say (all simples).
    read: HandRead,
    /// Whether the family has furiten (a seat's own discards are safe against it).
    furiten_rules: bool,
    /// The turn bucket (see `turn_coarse`).
    turn_coarse: usize,
    /// Kinds the others discarded since its last draw.
    passed: KindSet,
}

/// Five buckets of the turn: 0-3, 4-6, 7-9, 10-12, 13+.
fn turn_coarse(turn: usize) -> usize {
    match turn {
        0..=3 => 0,
        4..=6 => 1,
        7..=9 => 2,
        10..=12 => 3,
        _ => 4,
    }
}

/// Whether a river entry is a simple of 3..=7.
fn middle(e: &RiverEntry) -> bool {
    e.pai.kind().is_some_and(|k| !k.is_honor() && (3..=7).contains(&k.number()))
}

impl Opponent {
    /// Reads opponent `seat` off `table`.
    pub fn new(table: &Table<'_>, seat: usize) -> Opponent {
        let view = table.view;
        let sit = &table.sit;
        let mut f = Vec::with_capacity(24);
        let mut put = |g: Opp, bin: usize| f.push(OPPONENT.at(g as usize, bin));
        // The discards still lying in the river, as the models were trained: a called one
        // is in the caller's meld.
        let river: Vec<RiverEntry> = match Seat::from_index(seat) {
            Some(s) => view.river(s).copied().collect(),
            None => Vec::new(),
        };
        let melds = view.melds.get(seat).map_or(&[][..], Vec::as_slice);
        let open = melds.iter().filter(|m| m.meld.is_open()).count();
        let closed_kans = melds.len() - open;
        let turn = table.turn;
        let tc = turn_coarse(turn);
        put(Opp::Bias, 0);
        put(Opp::Turn, turn);
        put(Opp::CallsByTurn, open.min(4) * 5 + tc);
        put(Opp::ClosedKans, closed_kans);
        let riichi = view.riichi.get(seat).copied().unwrap_or(false);
        let riichi_at = river.iter().position(|e| e.riichi);
        if riichi {
            put(Opp::Riichi, 0);
            put(
                Opp::RiichiAt,
                match riichi_at {
                    Some(0..=5) => 0,
                    Some(6..=8) => 1,
                    Some(9..=11) => 2,
                    Some(_) => 3,
                    None => 4,
                },
            );
            if let Some(at) = riichi_at {
                let since = river.len() - at - 1;
                put(
                    Opp::SinceRiichi,
                    match since {
                        0..=2 => since,
                        3..=5 => 3,
                        _ => 4,
                    },
                );
                if river[at].tsumogiri {
                    put(Opp::RiichiTsumogiri, 0);
                }
            }
        }
        if view.dealer.index() == seat {
            put(Opp::Dealer, 0);
        }
        // How its discards before any riichi were cut.
        let cut = &river[..riichi_at.unwrap_or(river.len())];
        let streak = cut.iter().rev().take_while(|e| e.tsumogiri).count();
        put(Opp::TsumogiriStreak, streak);
        let last6 = cut.iter().rev().take(6);
        put(Opp::TsumogiriLast6, last6.filter(|e| e.tsumogiri).count());
        let last3 = || cut.iter().rev().take(3).filter(|e| !e.tsumogiri);
        put(Opp::HandcutMiddleLast3, last3().filter(|e| middle(e)).count());
        put(Opp::HandcutOuterLast3, last3().filter(|e| !middle(e)).count());
        put(Opp::EarlyMiddle, river.iter().take(6).filter(|e| middle(e)).count());
        // Its calls.
        let seat_wind = Seat::from_index(seat).map(|s| view.seat_wind(s).wind());
        let value = |k: Kind| k.is_dragon() || k == sit.round_wind || Some(k) == seat_wind;
        let mut value_pons = 0;
        let (mut meld_suits, mut meld_honours, mut dora_shown) = (0u8, false, 0u32);
        for m in melds {
            let first = m.meld.first();
            if m.meld.is_open() {
                if first.is_honor() {
                    meld_honours = true;
                    value_pons += usize::from(value(first));
                } else {
                    meld_suits |= 1 << first.suit().index();
                }
            }
            for p in m.tiles() {
                dora_shown +=
                    p.kind().map_or(0, |k| sit.dora[k.index()] as u32) + p.is_red() as u32;
            }
        }
        put(Opp::ValuePons, value_pons);
        let read = read_hand(view, sit, seat);
        if open > 0 {
            let one_suit = meld_suits.count_ones() <= 1;
            put(
                Opp::CallRead,
                if read == HandRead::Simples {
                    0
                } else if one_suit {
                    1
                } else {
                    2
                },
            );
        }
        put(Opp::DoraInMelds, dora_shown as usize);
        let mut suit_discards = [0u8; 3];
        for k in river.iter().filter_map(|e| e.pai.kind()).filter(|k| !k.is_honor()) {
            suit_discards[k.suit().index()] += 1;
        }
        let least = *suit_discards.iter().min().unwrap_or(&0) as usize;
        put(Opp::LeastSuit, least.min(3) + 4 * usize::from(river.len() >= 6));
        put(Opp::LoneKongs, view.lone_kongs.get(seat).map_or(0, Vec::len));
        let others_riichi =
            (0..4).filter(|&s| s != seat && view.riichi.get(s).copied().unwrap_or(false)).count();
        put(Opp::OthersRiichi, others_riichi);
        let discarded = view.discarded.get(seat).copied().unwrap_or_default();
        let before_riichi = match riichi_at {
            Some(at) => cut[..at.min(cut.len())]
                .iter()
                .chain(std::iter::once(&river[at]))
                .filter_map(|e| e.pai.kind())
                .collect(),
            None => discarded,
        };
        Opponent {
            seat,
            riichi,
            safe: safe_against(view, sit, seat),
            features: f,
            discarded,
            before_riichi,
            riichi_tile: riichi_at.and_then(|at| river[at].pai.kind()),
            suit_discards,
            river_len: river.len(),
            meld_suits,
            meld_honours,
            read,
            furiten_rules: sit.variant == Variant::Riichi,
            turn_coarse: tc,
            passed: view.passed_since_draw.get(seat).copied().unwrap_or_default(),
        }
    }

    /// The features of `kind` against this opponent, into `out` (cleared first). Meaningless
    /// for a kind in [`Opponent::safe`].
    pub fn kind_features(&self, table: &Table<'_>, kind: Kind, out: &mut Vec<u16>) {
        out.clear();
        let mut put = |g: KindGroup, bin: usize| out.push(KIND.at(g as usize, bin));
        let known = self.safe.union(self.discarded);
        let open = |k: Option<Kind>| k.map_or(0, |k| table.unseen(k) as usize);
        let unseen = table.unseen(kind) as usize;
        let tc = self.turn_coarse;
        let shape;
        let class;
        if kind.is_honor() {
            let round = kind == table.sit.round_wind;
            let own = Seat::from_index(self.seat).map(|s| table.view.seat_wind(s).wind());
            let own = Some(kind) == own;
            shape = if kind.is_dragon() {
                12
            } else if round && own {
                14
            } else if round || own {
                13
            } else {
                15
            };
            class = 0;
            put(KindGroup::Unseen, unseen);
            if self.meld_suits.count_ones() == 1 {
                put(KindGroup::MeldSuits, 4);
            }
            if self.meld_honours {
                put(KindGroup::MeldSuits, 5);
            }
        } else {
            let n = kind.number() as usize;
            let fold = n.min(10 - n); // 1..=5
            class = if fold == 1 {
                1
            } else if fold == 2 {
                2
            } else {
                3
            };
            let at = |d: i8| kind.offset(d);
            // Two-sided waits: from (n+1, n+2) also waiting on n+3; from (n-2, n-1) on n-3.
            let sides = [(n <= 6, at(3), at(1), at(2)), (n >= 4, at(-3), at(-1), at(-2))];
            let (mut uncleared, mut no_chance, mut one_chance) = (0, 0, 0);
            let mut before_only = false;
            for &(exists, suji, a, b) in &sides {
                if !exists {
                    continue;
                }
                let cleared = suji.is_some_and(|s| known.contains(s));
                if cleared {
                    before_only |=
                        self.riichi && suji.is_some_and(|s| self.before_riichi.contains(s));
                    continue;
                }
                uncleared += 1;
                match open(a).min(open(b)) {
                    0 => no_chance += 1,
                    1 => one_chance += 1,
                    _ => {}
                }
            }
            shape = match fold {
                1 => uncleared,
                2 => 2 + uncleared,
                3 => 4 + uncleared,
                4 => 6 + uncleared,
                _ => 9 + uncleared,
            };
            put(KindGroup::NoChanceSides, no_chance);
            put(KindGroup::OneChanceSides, one_chance);
            if before_only {
                put(KindGroup::SujiBeforeRiichi, 0);
            }
            if (2..=8).contains(&n) {
                put(KindGroup::ClosedWait, open(at(-1)).min(open(at(1))));
            }
            if n == 3 {
                put(KindGroup::EdgeWait, open(at(-1)).min(open(at(-2))));
            }
            if n == 7 {
                put(KindGroup::EdgeWait, open(at(1)).min(open(at(2))));
            }
            put(KindGroup::Unseen, 5 + unseen);
            if let Some(r) = self.riichi_tile {
                if !r.is_honor() && r.suit() == kind.suit() {
                    let d = n as i32 - r.number() as i32;
                    let bin = match d {
                        -4..=-1 => (d + 4) as usize,
                        1..=4 => (d + 3) as usize,
                        _ => 8,
                    };
                    put(KindGroup::RiichiTile, bin);
                }
            }
            let held = |d: i8| usize::from(at(d).is_some_and(|k| self.discarded.contains(k)));
            put(KindGroup::NextDiscarded, held(-1) + held(1));
            put(KindGroup::TwoAwayDiscarded, held(-2) + held(2));
            let suit = kind.suit().index().min(2);
            let river = match self.river_len {
                0..=5 => 0,
                6..=11 => 1,
                _ => 2,
            };
            put(KindGroup::SuitDiscards, (self.suit_discards[suit] as usize).min(4) * 3 + river);
            let mine = 1u8 << suit;
            if self.meld_suits != 0 {
                let bin = match (self.meld_suits == mine, self.meld_suits & mine != 0) {
                    (true, _) => 0,
                    (false, false) if self.meld_suits.count_ones() == 1 => 1,
                    (false, true) => 2,
                    (false, false) => 3,
                };
                put(KindGroup::MeldSuits, bin);
            }
            let near = [-2i8, -1, 1, 2]
                .iter()
                .any(|&d| at(d).is_some_and(|k| table.sit.dora[k.index()] > 0));
            if near {
                put(KindGroup::NearDora, 0);
            }
        }
        put(KindGroup::Shape, shape);
        if self.riichi {
            put(KindGroup::ShapeRiichi, shape);
            if kind.is_honor() && self.riichi_tile.is_some_and(Kind::is_honor) {
                put(KindGroup::RiichiTile, 9);
            }
        }
        put(KindGroup::UnseenByTurn, unseen * 5 + tc);
        let coarse = if kind.is_honor() {
            0
        } else if kind.is_terminal() {
            1
        } else {
            class
        };
        put(KindGroup::ClassByTurn, coarse * 5 + tc);
        let dora = table.sit.dora[kind.index()] as usize;
        if dora > 0 {
            put(KindGroup::Dora, dora - 1);
        }
        if self.read == HandRead::Simples && !kind.is_simple() {
            put(KindGroup::SimplesReadOuter, 0);
        }
        if self.passed.contains(kind) {
            put(KindGroup::PassedSinceDraw, 0);
        }
        if !self.furiten_rules && self.discarded.contains(kind) {
            put(KindGroup::OwnDiscard, 0);
        }
        put(KindGroup::Held, table.sit.counts[kind] as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemas_name_every_feature_once() {
        for schema in [&OPPONENT, &KIND] {
            let names = schema.names();
            assert_eq!(names.len(), schema.len());
            let mut sorted = names.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), names.len());
        }
        assert_eq!(OPPONENT.groups.len(), Opp::OthersRiichi as usize + 1);
        assert_eq!(KIND.groups.len(), KindGroup::Held as usize + 1);
    }
}
