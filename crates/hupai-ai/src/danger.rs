//! The danger model: how likely a discard deals in to one opponent who is ready, and how
//! threatening each opponent is.
//!
//! A kind is safe against a seat when the rules' furiten bars the win: in riichi when that
//! seat discarded it (genbutsu) or let it pass since its riichi; under the Chinese 过水 when
//! it was let pass since the seat's last draw; never by furiten where the rules have none.
//! Under 定缺 (Sichuan) every kind of the suit the seat voids is safe against it: no winning
//! hand holds one. Otherwise the waits that could take it are weighed: two-sided waits
//! (ruled out by suji, the tile three away being safe, and by kabe, a neighbour whose four
//! copies are visible; halved by one-chance, three visible), closed and edge waits, double-pair
//! and single waits (by the copies still unseen). Honours are judged by the copies visible.
//! Late in the hand the poor waits (closed, edge, single, double-pair) weigh more: a hand
//! still waiting then has more often settled for one. An open hand whose calls are all
//! simples and none a value honour is read as all simples: terminals and honours can
//! hardly win it.
//!
//! ```
//! use hupai_ai::danger::{Danger, TableRead};
//! use hupai_core::{Counts, Kind, KindSet, Seat};
//! let read = TableRead::new(Counts::EMPTY, KindSet::EMPTY);
//! let five = Kind::new(4).unwrap();
//! let one = Kind::new(0).unwrap();
//! assert!(Danger::of(&read, five) > Danger::of(&read, one));
//! ```

use hupai_core::{Counts, Kind, KindSet, Seat};
use hupai_engine::PlayerView;
use hupai_rules::Variant;

use crate::situation::{MeldShape, Situation};

/// What the danger of a kind against one opponent depends on.
#[derive(Clone, Copy, Debug)]
pub struct TableRead {
    /// Copies of each kind the seat can see (own hand and the table).
    pub seen: Counts,
    /// Kinds the opponent cannot win on ([`safe_against`]: its furiten, its void suit).
    pub genbutsu: KindSet,
    /// What the opponent's calls say about its hand.
    pub read: HandRead,
    /// How far the hand has gone: 0 at the deal, 1 when the wall is empty.
    pub late: f32,
}

impl TableRead {
    /// A read from the visible copies and genbutsu alone, early in the hand.
    pub fn new(seen: Counts, genbutsu: KindSet) -> TableRead {
        TableRead { seen, genbutsu, read: HandRead::Any, late: 0.0 }
    }
}

/// What an opponent's calls say about the kinds it can win on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandRead {
    /// Nothing: any kind.
    Any,
    /// Every call is of simples and none of a value honour: all simples (tanyao), so
    /// terminals and honours can hardly win.
    Simples,
}

/// Danger left to a kind its [`HandRead`] rules out: hardly any, not none (a hand read as
/// all simples may wait for a value honour pair instead).
const OUTSIDE_READ: f32 = 0.15;

/// How much more the poor waits weigh when the wall is empty than at the deal.
const LATE_POOR: f32 = 0.25;

/// Danger of a discard: the chance it deals in if the opponent is ready (0..1).
#[derive(Clone, Copy, Debug)]
pub struct Danger;

/// Weight of one open two-sided wait.
const TWO_SIDED: f32 = 0.045;
/// Weight of a closed or edge wait.
const CLOSED: f32 = 0.02;
/// Weight of a double-pair wait per unseen copy beyond the first.
const DOUBLE_PAIR: f32 = 0.012;
/// Weight of a single wait.
const SINGLE: f32 = 0.008;

impl Danger {
    /// The danger of discarding `kind` against an opponent read as `read`.
    pub fn of(read: &TableRead, kind: Kind) -> f32 {
        if read.genbutsu.contains(kind) {
            return 0.0;
        }
        let outside = match read.read {
            HandRead::Any => false,
            HandRead::Simples => !kind.is_simple(),
        };
        let d = Danger::by_waits(read, kind, 1.0 + LATE_POOR * read.late.clamp(0.0, 1.0));
        if outside {
            d * OUTSIDE_READ
        } else {
            d
        }
    }

    /// The weighed waits that could take `kind`, the poor ones times `poor`.
    fn by_waits(read: &TableRead, kind: Kind, poor: f32) -> f32 {
        let unseen = 4u8.saturating_sub(read.seen[kind]) as f32;
        // Pair-based waits: the opponent holds two (double pair) or one (single) of the rest.
        let pairs = poor
            * (DOUBLE_PAIR * (unseen - 1.0).max(0.0) + if unseen >= 1.0 { SINGLE } else { 0.0 });
        if kind.is_honor() {
            return pairs * 1.5;
        }
        let n = kind.number() as i8; // 1..=9
        let at = |d: i8| kind.offset(d);
        // How open a neighbour is: 0 when all four copies are visible (no-chance), 0.5 with
        // three (one-chance), else 1.
        let open = |k: Option<Kind>| -> f32 {
            match k.map(|k| read.seen[k]) {
                None => 0.0,
                Some(4) => 0.0,
                Some(3) => 0.5,
                Some(_) => 1.0,
            }
        };
        let safe = |k: Option<Kind>| k.is_some_and(|k| read.genbutsu.contains(k));
        let mut d = pairs;
        // Two-sided wait from (n+1, n+2), also waiting on n+3.
        if n <= 6 && !safe(at(3)) {
            d += TWO_SIDED * open(at(1)).min(open(at(2)));
        }
        // Two-sided wait from (n-2, n-1), also waiting on n-3.
        if n >= 4 && !safe(at(-3)) {
            d += TWO_SIDED * open(at(-1)).min(open(at(-2)));
        }
        let closed = CLOSED * poor;
        // Closed wait (n-1, n+1).
        if (2..=8).contains(&n) {
            d += closed * open(at(-1)).min(open(at(1)));
        }
        // Edge waits: 3 from 12, 7 from 89.
        if n == 3 {
            d += closed * open(at(-1)).min(open(at(-2)));
        }
        if n == 7 {
            d += closed * open(at(1)).min(open(at(2)));
        }
        d
    }
}

/// How dangerous one opponent is: the chance it is ready, and what a deal-in would cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Threat {
    /// The opponent's actor number.
    pub seat: usize,
    /// Estimated chance that it is ready now.
    pub ready: f32,
    /// Estimated points lost on a deal-in.
    pub cost: f32,
    /// The kinds it cannot win on ([`safe_against`]).
    pub genbutsu: KindSet,
    /// What its calls say about its hand.
    pub read: HandRead,
    /// The danger of each kind from a learned model ([`crate::reads`]), in place of
    /// [`Danger::of`]; `None` for the hand-written model.
    pub danger: Option<[f32; 34]>,
}

/// Reads an opponent's hand from its calls (see [`HandRead`]).
pub fn read_hand(view: &PlayerView, sit: &Situation, seat: usize) -> HandRead {
    let melds = view.melds.get(seat).map(Vec::as_slice).unwrap_or(&[]);
    // Only riichi asks an open hand for a yaku; a Chinese hand of simples may be anything.
    if melds.is_empty() || sit.variant != Variant::Riichi {
        return HandRead::Any;
    }
    let seat_wind = Seat::from_index(seat).map(|s| view.seat_wind(s).wind());
    let value = |k: Kind| k.is_dragon() || k == sit.round_wind || Some(k) == seat_wind;
    let mut simples = true;
    for m in melds.iter().filter_map(|m| MeldShape::of_meld(&m.meld)) {
        match m {
            MeldShape::Pung(k) if k.is_honor() && value(k) => return HandRead::Any,
            _ => simples &= m.kinds().iter().all(|k| k.is_simple()),
        }
    }
    if simples {
        HandRead::Simples
    } else {
        HandRead::Any
    }
}

/// Reads the three opponents' threat from the table: riichi, several calls, dora in calls,
/// and the turn.
pub fn threats(view: &PlayerView, sit: &Situation) -> [Threat; 3] {
    let me = sit.me;
    let turn = Seat::ALL.iter().map(|&s| view.river(s).count()).max().unwrap_or(0) as f32;
    std::array::from_fn(|i| {
        let seat = (me + 1 + i) % 4;
        let melds = view.melds.get(seat).map(Vec::as_slice).unwrap_or(&[]);
        let calls = melds.len();
        let dora_shown: u32 = melds
            .iter()
            .flat_map(|m| m.tiles().iter())
            .map(|p| p.kind().map_or(0, |k| sit.dora[k.index()] as u32) + p.is_red() as u32)
            .sum();
        let dealer = seat == view.dealer.index();
        let riichi = view.riichi.get(seat).copied().unwrap_or(false);
        let (ready, mut cost) = if riichi {
            (1.0, 5500.0)
        } else {
            let base = match calls {
                0 => 0.01 * turn,
                1 => 0.05 + 0.015 * turn,
                2 => 0.15 + 0.02 * turn,
                _ => 0.5 + 0.03 * turn,
            };
            (base.min(0.9), 2000.0 + 1500.0 * dora_shown as f32)
        };
        if riichi {
            cost += 1500.0 * dora_shown as f32;
        }
        if dealer {
            cost *= 1.5;
        }
        match sit.variant {
            Variant::Riichi => {}
            // MCR: the discarder pays the winner's fans on top of the 8 everyone pays.
            Variant::Mcr => cost = 14.0,
            // Sichuan: a deal-in pays base × 2^fans; most wins count one or two fans.
            Variant::Sichuan => cost = 3.0 * view.rules().base_points as f32,
            // The other Chinese variants: the discarder pays the fans.
            Variant::Chinese | Variant::HongKong | Variant::Guangdong | Variant::Wuhan => {
                cost = 6.0
            }
        }
        let ready = if in_hand(view, seat) { ready } else { 0.0 };
        let genbutsu = safe_against(view, sit, seat);
        Threat { seat, ready, cost, genbutsu, read: read_hand(view, sit, seat), danger: None }
    })
}

/// Whether the opponent `seat` is at the table (not the empty fourth seat of three-player
/// rules) and still in the hand (not gone after its win under 血战到底).
pub fn in_hand(view: &PlayerView, seat: usize) -> bool {
    view.seats.after(view.seat).any(|s| s.index() == seat && !view.has_left(s))
}

/// The kinds `seat` cannot win on now: those its furiten bars (`furiten`) and, under 定缺
/// (`void_suit`), every kind of the suit it voids (`void_kinds`).
pub fn safe_against(view: &PlayerView, sit: &Situation, seat: usize) -> KindSet {
    furiten(view, sit, seat).union(void_kinds(view, seat))
}

/// The kinds the rules' furiten bars `seat` from winning on: in riichi its own discards and
/// what it let pass since its riichi; under 过水 (`pass_win`) what it let pass since its last
/// draw; nothing where the rules have no furiten.
fn furiten(view: &PlayerView, sit: &Situation, seat: usize) -> KindSet {
    let get = |sets: &[KindSet; 4]| sets.get(seat).copied().unwrap_or_default();
    if sit.variant == Variant::Riichi {
        get(&view.discarded).union(get(&view.passed_since_riichi))
    } else if view.rules().pass_win {
        get(&view.passed_since_draw)
    } else {
        KindSet::EMPTY
    }
}

/// Under 定缺 (`void_suit`), the kinds of the suit `seat` named, which it can never win on: a
/// winning hand holds none of them. Empty before the seat names its suit, and where the rules
/// have no void suit.
///
/// A seat still holding a tile of its void suit cannot win at all, and everything would be
/// safe against it. What this seat sees never makes that certain in play: the engine lets a
/// seat holding void tiles discard only those, so a void discard says it held one, not that
/// it holds another; how many it was dealt is hidden, and once it has discarded another suit
/// it holds one again only by a draw, also hidden (a kong's replacement draw can leave it
/// two). The one certain case, the three tiles this seat passed it in 换三张 when it then
/// voids their suit, ends by its third void discard, a few turns into the hand, while its
/// estimated readiness is near zero anyway; so it is not read.
fn void_kinds(view: &PlayerView, seat: usize) -> KindSet {
    if !view.rules().void_suit {
        return KindSet::EMPTY;
    }
    match view.voids.get(seat).copied().flatten() {
        Some(suit) => Kind::all().filter(|k| k.suit() == suit).collect(),
        None => KindSet::EMPTY,
    }
}

/// Expected points lost by discarding `kind` (danger × readiness × cost, over the opponents).
pub fn expected_loss(sit: &Situation, threats: &[Threat; 3], kind: Kind) -> f32 {
    let mut seen = sit.visible;
    for k in Kind::all() {
        seen[k] = (seen[k] + sit.counts[k]).min(4);
    }
    let late = sit.late();
    threats
        .iter()
        .map(|t| {
            let danger = match &t.danger {
                Some(d) => d[kind.index()],
                None => {
                    let read = TableRead { seen, genbutsu: t.genbutsu, read: t.read, late };
                    Danger::of(&read, kind)
                }
            };
            danger * t.ready * t.cost
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Suit;

    fn kind(s: &str) -> Kind {
        let c: Counts = s.parse().unwrap();
        let k = c.kinds().next().unwrap();
        k
    }

    fn read(seen: &str, genbutsu: &str) -> TableRead {
        let g: Counts = genbutsu.parse().unwrap();
        TableRead::new(seen.parse().unwrap(), g.kind_set())
    }

    #[test]
    fn genbutsu_is_safest() {
        let r = read("", "5m");
        assert_eq!(Danger::of(&r, kind("5m")), 0.0);
        for k in Kind::all().filter(|&k| k != kind("5m")) {
            assert!(Danger::of(&r, k) > 0.0, "{k}");
        }
    }

    #[test]
    fn suji_is_safer_than_its_neighbour() {
        // 4m discarded: 1m and 7m are suji, 7m is safer than 8m and 6m; 1m safer than 2m.
        let r = read("", "4m");
        assert!(Danger::of(&r, kind("7m")) < Danger::of(&r, kind("8m")));
        assert!(Danger::of(&r, kind("7m")) < Danger::of(&r, kind("6m")));
        assert!(Danger::of(&r, kind("1m")) < Danger::of(&r, kind("2m")));
        // 1p and 7p discarded: 4p is fully suji, safer than 5p.
        let r = read("", "17p");
        assert!(Danger::of(&r, kind("4p")) < Danger::of(&r, kind("5p")));
    }

    #[test]
    fn honour_with_three_visible_is_safe() {
        let r = read("111z", "");
        let fresh = read("", "");
        assert!(Danger::of(&r, kind("1z")) < 0.02);
        assert!(Danger::of(&r, kind("1z")) < Danger::of(&fresh, kind("1z")));
        let all = read("1111z", "");
        assert_eq!(Danger::of(&all, kind("1z")), 0.0);
    }

    #[test]
    fn poor_waits_weigh_more_late() {
        let early = read("", "");
        let late = TableRead { late: 1.0, ..early };
        // An honour (single and double-pair waits only) and a 1 (edge and pair waits besides
        // one two-sided wait) grow; the share of the two-sided wait does not.
        for k in ["1z", "1m", "5m"] {
            assert!(Danger::of(&late, kind(k)) > Danger::of(&early, kind(k)), "{k}");
        }
        let ratio = |k: &str| Danger::of(&late, kind(k)) / Danger::of(&early, kind(k));
        assert!(ratio("1z") > ratio("5m"));
    }

    #[test]
    fn an_all_simples_open_hand_hardly_wins_on_terminals() {
        let any = read("", "");
        let simples = TableRead { read: HandRead::Simples, ..any };
        assert!(Danger::of(&simples, kind("1m")) < Danger::of(&any, kind("1m")) / 4.0);
        assert!(Danger::of(&simples, kind("7z")) < Danger::of(&any, kind("7z")) / 4.0);
        assert_eq!(Danger::of(&simples, kind("5m")), Danger::of(&any, kind("5m")));
    }

    #[test]
    fn calls_of_simples_read_as_all_simples() {
        let rules = hupai_rules::Rules::preset("riichi").unwrap();
        let meld = |s: &str| {
            let tiles: Vec<hupai_engine::Pai> = s.split(' ').map(|p| p.parse().unwrap()).collect();
            let kinds: Vec<Kind> = tiles.iter().filter_map(|p| p.kind()).collect();
            let low = *kinds.iter().min().unwrap();
            let meld = if kinds.iter().all(|&k| k == low) {
                hupai_core::Meld::pon(low)
            } else {
                hupai_core::Meld::chi(low).unwrap()
            };
            hupai_engine::TableMeld::new(meld, &tiles)
        };
        let mut view = PlayerView::new(Seat::East, &rules);
        let sit = Situation::new(&view, &rules);
        assert_eq!(read_hand(&view, &sit, 1), HandRead::Any);
        view.melds[1] = vec![meld("3m 2m 4m"), meld("6p 6p 6p")];
        assert_eq!(read_hand(&view, &sit, 1), HandRead::Simples);
        view.melds[1].push(meld("P P P"));
        assert_eq!(read_hand(&view, &sit, 1), HandRead::Any);
        view.melds[1] = vec![meld("3m 1m 2m")];
        assert_eq!(read_hand(&view, &sit, 1), HandRead::Any);
    }

    fn kinds(s: &str) -> KindSet {
        let c: Counts = s.parse().unwrap();
        c.kind_set()
    }

    /// South's `safe_against` seen by East, under `preset`, after `edit` sets up the table.
    fn safe_for_south(preset: &str, edit: impl FnOnce(&mut PlayerView)) -> KindSet {
        let rules = hupai_rules::Rules::preset(preset).unwrap();
        let mut view = PlayerView::new(Seat::East, &rules);
        edit(&mut view);
        let sit = Situation::new(&view, &rules);
        safe_against(&view, &sit, 1)
    }

    #[test]
    fn under_pass_win_only_what_was_let_pass_since_the_draw_is_safe() {
        // Sichuan's 过水: South let 5m pass since its draw; its own discard 3p is no furiten.
        let safe = safe_for_south("sichuan", |v| {
            v.discarded[1] = kinds("3p");
            v.passed_since_draw[1] = kinds("5m");
        });
        assert_eq!(safe, kinds("5m"));
    }

    #[test]
    fn without_furiten_an_opponents_own_discards_are_not_safe() {
        for preset in ["guangdong", "hongkong"] {
            let safe = safe_for_south(preset, |v| {
                v.discarded[1] = kinds("3p5m");
                v.passed_since_draw[1] = kinds("5m7s");
            });
            assert_eq!(safe, KindSet::EMPTY, "{preset}");
        }
        // In riichi the same discards are genbutsu.
        let safe = safe_for_south("riichi", |v| v.discarded[1] = kinds("3p5m"));
        assert_eq!(safe, kinds("3p5m"));
    }

    #[test]
    fn the_void_suit_is_safe_against_the_seat_that_voids_it() {
        let pins = kinds("123456789p");
        let safe = safe_for_south("sichuan", |v| {
            v.voids = [Some(Suit::Man), Some(Suit::Pin), None, None];
            v.passed_since_draw[1] = kinds("5m");
        });
        assert_eq!(safe, pins.union(kinds("5m")));
        // Not before the suit is named.
        assert_eq!(safe_for_south("sichuan", |_| {}), KindSet::EMPTY);
        // Through the threats, the void suit costs nothing against South alone.
        let rules = hupai_rules::Rules::preset("sichuan").unwrap();
        let mut view = PlayerView::new(Seat::East, &rules);
        view.voids = [None, Some(Suit::Pin), None, None];
        let sit = Situation::new(&view, &rules);
        let th = threats(&view, &sit);
        assert_eq!(th[0].seat, 1);
        // Early in the hand nobody is ready; read South as half ready and the others not.
        let only_south = [
            Threat { ready: 0.5, ..th[0] },
            Threat { ready: 0.0, ..th[1] },
            Threat { ready: 0.0, ..th[2] },
        ];
        assert_eq!(expected_loss(&sit, &only_south, kind("5p")), 0.0);
        assert!(expected_loss(&sit, &only_south, kind("5s")) > 0.0);
    }

    #[test]
    fn kabe_removes_two_sided_waits() {
        // All four 8s visible: 9s can only be taken by single or double-pair waits.
        let r = read("8888s", "");
        assert!(Danger::of(&r, kind("9s")) < Danger::of(&read("", ""), kind("9s")));
        assert!(Danger::of(&r, kind("9s")) < 0.05);
    }
}
