//! The observation encoding `hupai-v4`: a seat's view as binary planes over the 34 kinds and
//! a vector of scalars, computed from the `PlayerView` alone (what the seat was shown), so it
//! never carries another seat's concealed tiles. It is the one encoding of hupai: the Python
//! environments and the Rust model agent (`model:FILE.onnx`) both call [`encode`], and a
//! model file carries [`VERSION`], so training and play cannot drift apart.
//!
//! ```
//! use hupai_ai::encoding::{encode, PLANES, SCALARS, WIDTH};
//! use hupai_engine::{Game, Setup};
//! use hupai_core::Seat;
//! use hupai_rules::Rules;
//! let (game, _events) = Game::new(Setup::new(Rules::preset("riichi").unwrap(), 1));
//! let view = game.view(Seat::East);
//! let (mut planes, mut scalars) = (vec![0u8; PLANES * WIDTH], vec![0f32; SCALARS]);
//! encode(&view, &mut planes, &mut scalars);
//! // The dealer holds 14 tiles: the "≥1" plane counts its kinds.
//! assert!(planes[..WIDTH].iter().any(|&b| b == 1));
//! assert_eq!(scalars[4], 1.0); // seat wind east
//! ```
//!
//! Seats are relative: 0 the seat itself, 1 the next seat (shimocha, on its right), 2 across,
//! 3 the seat before it (kamicha, on its left); at three players 2 is the seat before it and
//! slot 3 stays empty. A "≥n" plane has a 1 at each kind with at least n such tiles. Norths
//! set aside (kita, three players) count as seen tiles and, with flowers, in the bonus-tile
//! scalars ("flowers seat r").
//!
//! Planes (uint8 0/1, shape `(PLANES, 34)`):
//!
//! | planes | content |
//! | --- | --- |
//! | 0-3 | own concealed tiles ≥1..≥4 (jokers not counted, the drawn tile counted) |
//! | 4 | the drawn tile |
//! | 5 | red fives held (at the five's kind) |
//! | 6 | the joker kind (laizi) |
//! | 7 | waits of the hand before the draw |
//! | 8 | kinds that may not be discarded now (swap-calling ban) |
//! | 9 | the tile on offer (a discard to claim, a kan to rob) |
//! | 10-11 | dora indicators ≥1, ≥2 |
//! | 12 | dora kinds (riichi) |
//! | 13-16 | tiles the seat can see anywhere (own hand, rivers, melds, lone kongs, indicators) ≥1..≥4 |
//! | 17 + 14r + 0-3 | seat r's river ≥1..≥4 (called tiles leave the river) |
//! | 17 + 14r + 4 | kinds seat r discarded this hand, called or not |
//! | 17 + 14r + 5 | seat r's river tiles discarded straight from the draw |
//! | 17 + 14r + 6 | seat r's riichi tile |
//! | 17 + 14r + 7-10 | seat r's declared meld tiles ≥1..≥4 (closed kans included) |
//! | 17 + 14r + 11 | seat r's closed kan kinds |
//! | 17 + 14r + 12 | kinds discarded by anyone since seat r's riichi |
//! | 17 + 14r + 13 | seat r's last discard still in its river |
//!
//! Scalars (float32, shape `(SCALARS,)`): see [`SCALAR_NAMES`]. `hupai-v2` is `hupai-v1` with
//! the Sichuan scalars appended (the void decision, each seat's void suit and win, the own
//! tiles of the void suit); the first 52 scalars and every plane keep their meaning.
//! `hupai-v3` appends scalar 70, the exchange decision (换三张); the rest is `hupai-v2`.
//! `hupai-v4` appends scalars 71-82, each seat's Wuhan lone kongs (红中杠, 赖子杠, 痞子杠),
//! and counts the lone kongs' tiles in planes 13-16 (they lie face up); outside Wuhan it is
//! `hupai-v3` with twelve zeros appended.

use hupai_core::{Kind, MeldKind, Suit};
use hupai_engine::{Decision, PlayerView};
use hupai_rules::Variant;

/// The encoding's name; it changes whenever a plane or scalar changes meaning.
pub const VERSION: &str = "hupai-v4";
/// Planes per observation.
pub const PLANES: usize = 73;
/// Plane width: the 34 kinds.
pub const WIDTH: usize = 34;
/// Scalars per observation.
pub const SCALARS: usize = 83;

/// What each scalar is, in order.
pub const SCALAR_NAMES: [&str; SCALARS] = [
    "round wind east",
    "round wind south",
    "round wind west",
    "round wind north",
    "seat wind east",
    "seat wind south",
    "seat wind west",
    "seat wind north",
    "honba / 8",
    "riichi sticks / 4",
    "live wall tiles / 100",
    "score seat 0 / scale",
    "score seat 1 / scale",
    "score seat 2 / scale",
    "score seat 3 / scale",
    "riichi seat 0",
    "riichi seat 1",
    "riichi seat 2",
    "riichi seat 3",
    "concealed tiles seat 0 / 13",
    "concealed tiles seat 1 / 13",
    "concealed tiles seat 2 / 13",
    "concealed tiles seat 3 / 13",
    "flowers seat 0 / 8",
    "flowers seat 1 / 8",
    "flowers seat 2 / 8",
    "flowers seat 3 / 8",
    "melds seat 0 / 4",
    "melds seat 1 / 4",
    "melds seat 2 / 4",
    "melds seat 3 / 4",
    "shanten before the draw / 8",
    "jokers held / 4",
    "own draws / 30",
    "no call yet this hand",
    "kans this hand / 4",
    "decision: own turn",
    "decision: right after a call",
    "decision: after a kan's replacement draw",
    "decision: the discard after riichi",
    "decision: claim a discard",
    "decision: rob a kan",
    "furiten",
    "ippatsu",
    "in a hand",
    "match over",
    "family riichi",
    "family mcr",
    "family chinese",
    "offered by seat 1",
    "offered by seat 2",
    "offered by seat 3",
    "decision: name the void suit",
    "void man seat 0",
    "void pin seat 0",
    "void sou seat 0",
    "void man seat 1",
    "void pin seat 1",
    "void sou seat 1",
    "void man seat 2",
    "void pin seat 2",
    "void sou seat 2",
    "void man seat 3",
    "void pin seat 3",
    "void sou seat 3",
    "won this hand seat 0",
    "won this hand seat 1",
    "won this hand seat 2",
    "won this hand seat 3",
    "own tiles of the void suit / 13",
    "decision: choose three tiles to pass (exchange)",
    "red dragon lone kongs seat 0 / 4",
    "joker lone kongs seat 0 / 4",
    "indicator lone kongs seat 0 / 4",
    "red dragon lone kongs seat 1 / 4",
    "joker lone kongs seat 1 / 4",
    "indicator lone kongs seat 1 / 4",
    "red dragon lone kongs seat 2 / 4",
    "joker lone kongs seat 2 / 4",
    "indicator lone kongs seat 2 / 4",
    "red dragon lone kongs seat 3 / 4",
    "joker lone kongs seat 3 / 4",
    "indicator lone kongs seat 3 / 4",
];

fn set(planes: &mut [u8], plane: usize, kind: Kind) {
    planes[plane * WIDTH + kind.index()] = 1;
}

/// Writes planes `first..first + 4` as the ≥1..≥4 thermometer of `counts` (every byte of
/// the four planes, without branches).
fn thermometer(planes: &mut [u8], first: usize, counts: &[u8; 34]) {
    let rows = &mut planes[first * WIDTH..(first + 4) * WIDTH];
    let (p1, rest) = rows.split_at_mut(WIDTH);
    let (p2, rest) = rest.split_at_mut(WIDTH);
    let (p3, p4) = rest.split_at_mut(WIDTH);
    for (k, &c) in counts.iter().enumerate() {
        p1[k] = u8::from(c >= 1);
        p2[k] = u8::from(c >= 2);
        p3[k] = u8::from(c >= 3);
        p4[k] = u8::from(c >= 4);
    }
}

/// Sets the kinds of `set` in `plane`.
fn set_kinds(planes: &mut [u8], plane: usize, set: hupai_core::KindSet) {
    let mut bits = set.bits();
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        if k < WIDTH {
            planes[plane * WIDTH + k] = 1;
        }
        bits &= bits - 1;
    }
}

/// Writes `view`'s encoding into `planes` (`PLANES * 34`) and `scalars` (`SCALARS`), which
/// must be all zeros (fresh buffers are).
pub fn encode(view: &PlayerView, planes: &mut [u8], scalars: &mut [f32]) {
    let me = view.seat;
    let rules = view.rules();
    let mut visible = [0u8; 34];
    // Own hand.
    let mut own = [0u8; 34];
    own.copy_from_slice(&view.counts().0);
    thermometer(planes, 0, &own);
    for p in &view.hand {
        if let Some(k) = p.kind() {
            visible[k.index()] += 1;
            if p.is_red() {
                set(planes, 5, k);
            }
        }
    }
    if let Some(k) = view.drawn.and_then(|p| p.kind()) {
        set(planes, 4, k);
    }
    if let Some(k) = view.joker {
        set(planes, 6, k);
    }
    set_kinds(planes, 7, view.waits());
    set_kinds(planes, 8, view.kuikae());
    let mut offered_by = None;
    match view.decision() {
        Decision::Claim { from, pai }
        | Decision::Robbing { from, pai, .. }
        | Decision::Kita { from, pai } => {
            if let Some(k) = pai.kind() {
                set(planes, 9, k);
            }
            offered_by = Some(view.seats.distance(me, from));
        }
        _ => {}
    }
    let mut indicators = [0u8; 34];
    for k in view.dora_markers.iter().filter_map(|p| p.kind()) {
        indicators[k.index()] += 1;
        visible[k.index()] += 1;
        if rules.variant == Variant::Riichi {
            set(planes, 12, k.successor());
        }
    }
    for (k, &c) in indicators.iter().enumerate() {
        for n in 0..(c.min(2) as usize) {
            planes[(10 + n) * WIDTH + k] = 1;
        }
    }
    // Seats, in turn order from the own seat (at three players the last slot stays empty).
    for r in 0..view.seats.count() {
        let seat = view.seats.add(me, r);
        let s = seat.index();
        let base = 17 + 14 * r;
        let mut river = [0u8; 34];
        for e in view.river(seat) {
            let Some(k) = e.pai.kind() else { continue };
            river[k.index()] += 1;
            visible[k.index()] += 1;
            if e.tsumogiri {
                set(planes, base + 5, k);
            }
            if e.riichi {
                set(planes, base + 6, k);
            }
        }
        thermometer(planes, base, &river);
        set_kinds(planes, base + 4, view.discarded[s]);
        let mut melds = [0u8; 34];
        for m in &view.melds[s] {
            for k in m.tiles().iter().filter_map(|p| p.kind()) {
                melds[k.index()] += 1;
                visible[k.index()] += 1;
            }
            if m.meld.kind() == MeldKind::ClosedKan {
                set(planes, base + 11, m.meld.first());
            }
        }
        thermometer(planes, base + 7, &melds);
        for k in view.lone_kongs[s].iter().filter_map(|p| p.kind()) {
            visible[k.index()] += 1;
        }
        visible[Kind::NORTH.index()] += view.kita[s];
        let lone = view.lone_kong_counts(seat);
        scalars[71 + 3 * r] = f32::from(lone.red_dragon) / 4.0;
        scalars[72 + 3 * r] = f32::from(lone.joker) / 4.0;
        scalars[73 + 3 * r] = f32::from(lone.indicator) / 4.0;
        set_kinds(planes, base + 12, view.passed_since_riichi[s]);
        if let Some(k) = view.river(seat).last().and_then(|e| e.pai.kind()) {
            set(planes, base + 13, k);
        }
        // Scalars by seat.
        let scale = if rules.starting_points > 0 { rules.starting_points as f32 } else { 100.0 };
        scalars[11 + r] = view.scores[s] as f32 / scale;
        scalars[15 + r] = f32::from(u8::from(view.riichi[s]));
        scalars[19 + r] = view.hand_sizes[s] as f32 / 13.0;
        // Bonus tiles set aside: flowers, or Norths (kita) at three players.
        let bonus = view.flowers[s].len() + usize::from(view.kita[s]);
        scalars[23 + r] = bonus as f32 / 8.0;
        scalars[27 + r] = view.melds[s].len() as f32 / 4.0;
        if let Some(suit) = view.voids[s].filter(|&suit| suit != Suit::Honor) {
            scalars[53 + 3 * r + suit.index()] = 1.0;
        }
        scalars[65 + r] = f32::from(u8::from(view.has_won(seat)));
    }
    thermometer(planes, 13, &visible);
    // Scalars.
    scalars[view.round_wind.index()] = 1.0;
    scalars[4 + view.seat_wind(me).index()] = 1.0;
    scalars[8] = view.honba as f32 / 8.0;
    scalars[9] = view.sticks as f32 / 4.0;
    scalars[10] = view.live_tiles() as f32 / 100.0;
    let shanten = view.shanten().min(8);
    scalars[31] = f32::from(shanten) / 8.0;
    scalars[32] = f32::from(view.jokers()) / 4.0;
    scalars[33] = view.own_draws() as f32 / 30.0;
    scalars[34] = f32::from(u8::from(view.no_calls));
    scalars[35] = f32::from(view.kans) / 4.0;
    match view.decision() {
        Decision::None => {}
        Decision::Turn { after_call, replacement } => {
            scalars[36] = 1.0;
            scalars[37] = f32::from(u8::from(after_call));
            scalars[38] = f32::from(u8::from(replacement));
        }
        Decision::RiichiDiscard => scalars[39] = 1.0,
        Decision::Claim { .. } => scalars[40] = 1.0,
        // A win on a North set aside is offered as a robbing window is.
        Decision::Robbing { .. } | Decision::Kita { .. } => scalars[41] = 1.0,
        Decision::Void => scalars[52] = 1.0,
        Decision::Exchange => scalars[70] = 1.0,
    }
    scalars[42] = f32::from(u8::from(view.is_furiten()));
    scalars[43] = f32::from(u8::from(view.ippatsu()));
    scalars[44] = f32::from(u8::from(view.in_hand));
    scalars[45] = f32::from(u8::from(view.game_over));
    scalars[46 + family_index(rules.variant)] = 1.0;
    scalars[69] = f32::from(view.void_tiles()) / 13.0;
    if let Some(d) = offered_by.filter(|&d| (1..4).contains(&d)) {
        scalars[48 + d] = 1.0;
    }
}

/// The family one-hot's slot: riichi, MCR, or one of the Chinese home variants.
fn family_index(v: Variant) -> usize {
    match v {
        Variant::Riichi => 0,
        Variant::Mcr => 1,
        Variant::Chinese
        | Variant::Sichuan
        | Variant::HongKong
        | Variant::Guangdong
        | Variant::Wuhan => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Seat;
    use hupai_engine::{Game, Setup};
    use hupai_rules::Rules;

    /// At three players the relative slots are the seat, the next and the one before it; the
    /// fourth slot stays empty.
    #[test]
    fn three_players_fill_three_seat_slots_in_turn_order() {
        let (game, _) = Game::new(Setup::new(Rules::preset("sanma").unwrap(), 3));
        for (me, order) in [
            (Seat::East, [Seat::East, Seat::South, Seat::West]),
            (Seat::South, [Seat::South, Seat::West, Seat::East]),
            (Seat::West, [Seat::West, Seat::East, Seat::South]),
        ] {
            let view = game.view(me);
            let (mut planes, mut scalars) = (vec![0u8; PLANES * WIDTH], vec![0f32; SCALARS]);
            encode(view, &mut planes, &mut scalars);
            for (r, seat) in order.iter().enumerate() {
                let size = view.hand_sizes[seat.index()] as f32 / 13.0;
                assert_eq!(scalars[19 + r], size, "{me:?} slot {r}");
                assert_eq!(scalars[11 + r], view.scores[seat.index()] as f32 / 35_000.0);
            }
            assert_eq!((scalars[14], scalars[22]), (0.0, 0.0), "{me:?}: the fourth slot is empty");
        }
    }
}
