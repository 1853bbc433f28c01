//! The observation encodings: a seat's view as binary planes over the 34 kinds and a vector
//! of scalars, computed from the `PlayerView` alone (what the seat was shown), so they never
//! carry another seat's concealed tiles. [`Encoding`] names them; the Python environments
//! and the Rust model agent (`model:FILE.onnx`) both call [`Encoding::encode`], and a model
//! file names the encoding it was trained on, so training and play cannot drift apart.
//!
//! - `hupai-v4` ([`Encoding::V4`], the default): what the seat sees, as below. It is cheap
//!   (about a microsecond), for environments that step millions of decisions.
//! - `hupai-v5` ([`Encoding::V5`]): `hupai-v4` plus what a player works out from it, the way
//!   Suphx's look-ahead features do: what each discard and each call does to the hand
//!   (planes 73-82, scalars 89-96) and how dangerous each kind is against each opponent by
//!   the learned reads of [`crate::reads`] (planes 83-94, scalars 83-88). It costs a few
//!   microseconds more.
//! - `hupai-v6` ([`Encoding::V6`]): `hupai-v5` plus the option `defensive` would choose here
//!   (planes 95-98, scalars 97-112), so a network learns where to depart from the one-step
//!   rules rather than relearning them (a residual policy). It costs a `defensive` decision
//!   more (about 5-20 µs). A model learned `defensive` as it played then: a test pins a digest
//!   of its choices, so a change to `defensive`'s play cannot reach `hupai-v6` models unseen.
//! - `hupai-v7` ([`Encoding::V7`]): `hupai-v6` plus what each ready hand a discard leaves
//!   would score (planes 99-110): its win on a discard, dama and declared, as hupai-rules
//!   scores it over its waits, and whether a wait is in the seat's own river. These are what
//!   `search`'s departures from `defensive` turn on (riichi or dama, which wait to keep); it
//!   costs a few scorings at ready hands (about 3 µs each), nothing elsewhere.
//!
//! ```
//! use hupai_ai::encoding::{Encoding, WIDTH};
//! use hupai_engine::{Game, Setup};
//! use hupai_core::Seat;
//! use hupai_rules::Rules;
//! let (game, _events) = Game::new(Setup::new(Rules::preset("riichi").unwrap(), 1));
//! let view = game.view(Seat::East);
//! let enc = Encoding::V5;
//! let (mut planes, mut scalars) = (vec![0u8; enc.planes() * WIDTH], vec![0f32; enc.scalars()]);
//! enc.encode(&view, &mut planes, &mut scalars);
//! // The dealer holds 14 tiles: the "≥1" plane counts its kinds.
//! assert!(planes[..WIDTH].iter().any(|&b| b == 1));
//! assert_eq!(scalars[4], 1.0); // seat wind east
//! // Some discard keeps the hand at its best shanten.
//! assert!(planes[73 * WIDTH..74 * WIDTH].iter().any(|&b| b == 1));
//! ```
//!
//! Seats are relative: 0 the seat itself, 1 the next seat (shimocha, on its right), 2 across,
//! 3 the seat before it (kamicha, on its left); at three players 2 is the seat before it and
//! slot 3 stays empty. A "≥n" plane has a 1 at each kind with at least n such tiles. Norths
//! set aside (kita, three players) count as seen tiles and, with flowers, in the bonus-tile
//! scalars ("flowers seat r").
//!
//! Planes (uint8 0/1, shape `(planes, 34)`):
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
//! | `hupai-v5` only: | at a discard (the seat's turn, the hand 3n+2; zeros otherwise) |
//! | 73 | discarding this kind keeps the hand at its best shanten |
//! | 74-81 | among those, the copies of the effective tiles left after the discard that the seat has not seen are ≥2, ≥4, ≥8, ≥12, ≥16, ≥20, ≥28, ≥36 |
//! | 82 | among those, the discard with the most |
//! | `hupai-v5` only: | in a hand, for opponent r = 1..3 (the learned reads) |
//! | 83 + 4(r−1) + 0-3 | the chance of dealing in to r with this kind (r ready × r waits on it) ≥0.5%, ≥2%, ≥5%, ≥12% |
//! | `hupai-v6` only: | the option `defensive` (default parameters) chooses at this decision |
//! | 95 | it discards this kind from the hand (riichi or not) |
//! | 96 | it discards the drawn tile, of this kind (riichi or not) |
//! | 97 | it makes a closed kan (or a lone kong) of this kind |
//! | 98 | it makes an added kan of this kind |
//! | `hupai-v7` only: | at a discard, for each kind whose discard leaves the hand ready |
//! | 99 | discarding this kind leaves the hand ready |
//! | 100-104 | the win on a discard then, by the unseen copies of its waits: its mean value ≥ 1, 2, 3.9, 7.7, 12 units (1,000 points in riichi, the base points elsewhere) |
//! | 105-109 | the same with riichi declared (riichi family, a closed hand; the expected ura dora counted) |
//! | 110 | one of its waits is in the seat's own river (furiten in riichi) |
//!
//! Scalars (float32): see [`Encoding::scalar_names`]. `hupai-v2` is `hupai-v1` with the
//! Sichuan scalars appended (the void decision, each seat's void suit and win, the own tiles
//! of the void suit); the first 52 scalars and every plane keep their meaning. `hupai-v3`
//! appends scalar 70, the exchange decision (换三张); the rest is `hupai-v2`. `hupai-v4`
//! appends scalars 71-82, each seat's Wuhan lone kongs (红中杠, 赖子杠, 痞子杠), and counts the
//! lone kongs' tiles in planes 13-16 (they lie face up); outside Wuhan it is `hupai-v3` with
//! twelve zeros appended. `hupai-v5` is `hupai-v4` with planes 73-94 and scalars 83-96
//! (each opponent's chance to be ready and the cost of its win; the best shanten after a
//! discard; after a pon or the best chi and its best discard, the shanten and the unseen
//! effective tiles) appended. `hupai-v6` is `hupai-v5` with planes 95-98 and scalars 97-112
//! (`defensive`'s choice) appended.

use std::cmp::Reverse;

use hupai_core::{discard_analysis, Kind, MeldKind, Suit};
use hupai_engine::{Action, Decision, Pai, PlayerView};
use hupai_rules::Variant;

use crate::brain::{think, Style};
use crate::reads::{Reads, Table};
use crate::Situation;

/// An observation encoding, by its name (`hupai-v4`, `hupai-v5`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// `hupai-v4`: what the seat sees.
    #[default]
    V4,
    /// `hupai-v5`: `hupai-v4` plus the look-ahead of each discard and the learned reads.
    V5,
    /// `hupai-v6`: `hupai-v5` plus the option `defensive` chooses.
    V6,
    /// `hupai-v7`: `hupai-v6` plus what each ready hand a discard leaves would score.
    V7,
}

/// Plane width: the 34 kinds.
pub const WIDTH: usize = 34;

/// `hupai-v4`'s planes.
const V4_PLANES: usize = 73;
/// `hupai-v4`'s scalars.
const V4_SCALARS: usize = 83;
/// The unseen copies of the effective tiles after a discard that planes 74-81 step at.
const LOOKAHEAD_STEPS: [u32; 8] = [2, 4, 8, 12, 16, 20, 28, 36];
/// The first look-ahead plane (`hupai-v5`).
const LOOKAHEAD: usize = V4_PLANES;
/// The first danger plane (`hupai-v5`).
const DANGER: usize = LOOKAHEAD + 2 + LOOKAHEAD_STEPS.len();
/// The chances of dealing in that the danger planes step at.
const DANGER_STEPS: [f32; 4] = [0.005, 0.02, 0.05, 0.12];
/// `hupai-v5`'s planes.
const V5_PLANES: usize = DANGER + DANGER_STEPS.len() * 3;
/// `hupai-v5`'s scalars.
const V5_SCALARS: usize = V4_SCALARS + 14;
/// The first plane of `defensive`'s choice (`hupai-v6`).
const HINT: usize = V5_PLANES;
/// The first ready-value plane (`hupai-v7`).
const VALUES: usize = HINT + 4;
/// The values, in the family's units, that the ready-value planes step at.
const VALUE_STEPS: [f32; 5] = [1.0, 2.0, 3.9, 7.7, 12.0];

impl Encoding {
    /// Every encoding, oldest first.
    pub const ALL: [Encoding; 4] = [Encoding::V4, Encoding::V5, Encoding::V6, Encoding::V7];

    /// The encoding's name; a name changes whenever a plane or scalar changes meaning.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::V4 => "hupai-v4",
            Encoding::V5 => "hupai-v5",
            Encoding::V6 => "hupai-v6",
            Encoding::V7 => "hupai-v7",
        }
    }

    /// The encoding called `name`, if this hupai has it.
    pub fn from_name(name: &str) -> Option<Encoding> {
        Encoding::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Planes per observation (each [`WIDTH`] wide).
    pub fn planes(self) -> usize {
        match self {
            Encoding::V4 => V4_PLANES,
            Encoding::V5 => V5_PLANES,
            Encoding::V6 => VALUES,
            Encoding::V7 => VALUES + 2 + 2 * VALUE_STEPS.len(),
        }
    }

    /// Scalars per observation.
    pub fn scalars(self) -> usize {
        self.scalar_names().len()
    }

    /// What each scalar is, in order.
    pub fn scalar_names(self) -> &'static [&'static str] {
        match self {
            Encoding::V4 => &SCALAR_NAMES[..V4_SCALARS],
            Encoding::V5 => &SCALAR_NAMES[..V5_SCALARS],
            Encoding::V6 | Encoding::V7 => &SCALAR_NAMES,
        }
    }

    /// Writes `view`'s observation into `planes` (`self.planes() * WIDTH`) and `scalars`
    /// (`self.scalars()`), which must be all zeros (fresh buffers are).
    pub fn encode(self, view: &PlayerView, planes: &mut [u8], scalars: &mut [f32]) {
        encode_v4(view, planes, scalars);
        if self != Encoding::V4 {
            let sit = Situation::new(view, view.rules());
            lookahead(view, &sit, planes, scalars);
            claim_lookahead(view, &sit, scalars);
            if self == Encoding::V7 {
                ready_values(view, &sit, planes);
            }
            danger(view, sit, planes, scalars);
        }
        if matches!(self, Encoding::V6 | Encoding::V7) {
            defensive_choice(view, planes, scalars);
        }
    }
}

impl std::fmt::Display for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What each scalar of `hupai-v6` is, in order (`hupai-v4`'s are the first 83, `hupai-v5`'s
/// the first 97).
const SCALAR_NAMES: [&str; V6_SCALARS] = [
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
    "ready seat 1 (learned read)",
    "ready seat 2 (learned read)",
    "ready seat 3 (learned read)",
    "cost of seat 1's win / scale (learned read)",
    "cost of seat 2's win / scale (learned read)",
    "cost of seat 3's win / scale (learned read)",
    "at a discard: the best shanten after a discard / 8",
    "at a discard: the best discard leaves the hand ready",
    "at a claim: a pon is offered",
    "at a claim: shanten after the pon and the best discard / 8",
    "at a claim: unseen effective tiles after the pon and the best discard / 36",
    "at a claim: a chi is offered",
    "at a claim: shanten after the best chi and its best discard / 8",
    "at a claim: unseen effective tiles after that chi and discard / 36",
    "defensive's choice: riichi",
    "defensive's choice: a red five",
    "defensive's choice: chi, the called tile lowest",
    "defensive's choice: chi, the called tile in the middle",
    "defensive's choice: chi, the called tile highest",
    "defensive's choice: pon",
    "defensive's choice: open kan",
    "defensive's choice: pass",
    "defensive's choice: ron",
    "defensive's choice: tsumo",
    "defensive's choice: nine terminals",
    "defensive's choice: kita",
    "defensive's choice: void man",
    "defensive's choice: void pin",
    "defensive's choice: void sou",
    "defensive's choice: exchange three tiles",
];
/// `hupai-v6`'s scalars.
const V6_SCALARS: usize = V5_SCALARS + 16;
/// The first of `hupai-v6`'s scalars (`defensive`'s choice).
const HINT_SCALARS: usize = V5_SCALARS;
/// The first of `hupai-v5`'s look-ahead scalars.
const LOOKAHEAD_SCALARS: usize = V4_SCALARS + 6;

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

/// Writes `hupai-v4`: the first 73 planes and 83 scalars of every encoding.
fn encode_v4(view: &PlayerView, planes: &mut [u8], scalars: &mut [f32]) {
    let me = view.seat;
    let rules = view.rules();
    let mut visible = [0u8; 34];
    // Own hand.
    let mut own = [0u8; 34];
    own.copy_from_slice(&view.counts().0);
    thermometer(planes, 0, &own);
    for p in &view.hand() {
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
        let scale = score_scale(rules);
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

/// What the scores (and the learned costs) are divided by: the starting points, or 100 where
/// a match starts at zero.
fn score_scale(rules: &hupai_rules::Rules) -> f32 {
    if rules.starting_points > 0 {
        rules.starting_points as f32
    } else {
        100.0
    }
}

/// Planes 73-82 and scalars 89-90 at a discard: which discards keep the best shanten, how many
/// unseen copies of the effective tiles each leaves (in steps), the one that leaves the most,
/// and what the best shanten is.
fn lookahead(view: &PlayerView, sit: &Situation, planes: &mut [u8], scalars: &mut [f32]) {
    let discard = matches!(view.decision(), Decision::Turn { .. } | Decision::RiichiDiscard);
    if !discard || view.hand_len() % 3 != 2 {
        return;
    }
    let melds = sit.melds.len() as u8;
    let table = discard_analysis(&sit.counts, sit.jokers, melds, sit.forms, &sit.visible);
    let options = table.as_slice();
    let Some(best) = options.first() else { return };
    scalars[LOOKAHEAD_SCALARS] = f32::from(best.shanten.clamp(0, 8)) / 8.0;
    scalars[LOOKAHEAD_SCALARS + 1] = f32::from(u8::from(best.shanten <= 0));
    for o in options.iter().take_while(|o| o.shanten == best.shanten) {
        let Some(k) = o.discard else { continue };
        set(planes, LOOKAHEAD, k);
        for (j, &step) in LOOKAHEAD_STEPS.iter().enumerate() {
            if o.count >= step {
                set(planes, LOOKAHEAD + 1 + j, k);
            }
        }
        if o.count == best.count {
            set(planes, LOOKAHEAD + 1 + LOOKAHEAD_STEPS.len(), k);
        }
    }
}

/// Scalars 91-96 at a claim: for the pon and the best chi offered, the shanten and the unseen
/// effective tiles after the call and its best discard.
fn claim_lookahead(view: &PlayerView, sit: &Situation, scalars: &mut [f32]) {
    if !matches!(view.decision(), Decision::Claim { .. }) {
        return;
    }
    let melds = sit.melds.len() as u8 + 1;
    // (shanten, unseen) after calling with `tiles` and the best discard, lowest shanten first.
    let after = |tiles: [hupai_engine::Pai; 2]| {
        let mut counts = sit.counts;
        for k in tiles.map(|p| p.kind()) {
            let k = k?;
            counts[k] = counts[k].checked_sub(1)?;
        }
        let table = discard_analysis(&counts, sit.jokers, melds, sit.forms, &sit.visible);
        table.as_slice().first().map(|o| (o.shanten, o.count))
    };
    let options = hupai_engine::legal_options(view);
    let best = |call: fn(&Action) -> Option<[hupai_engine::Pai; 2]>| {
        options.iter().filter_map(call).filter_map(after).min_by_key(|&(s, c)| (s, Reverse(c)))
    };
    let pon = best(|a| if let Action::Pon(t) = a { Some(*t) } else { None });
    let chi = best(|a| if let Action::Chi(t) = a { Some(*t) } else { None });
    for (first, call) in [(LOOKAHEAD_SCALARS + 2, pon), (LOOKAHEAD_SCALARS + 5, chi)] {
        if let Some((shanten, count)) = call {
            scalars[first] = 1.0;
            scalars[first + 1] = f32::from(shanten.clamp(0, 8)) / 8.0;
            scalars[first + 2] = count as f32 / 36.0;
        }
    }
}

/// Planes 83-94 and scalars 83-88 in a hand: each opponent's chance to be ready, the cost of
/// its win, and the chance of dealing in to it with each kind, by the learned reads.
fn danger(view: &PlayerView, sit: Situation, planes: &mut [u8], scalars: &mut [f32]) {
    if !view.in_hand || view.game_over {
        return;
    }
    let rules = view.rules();
    let Some(reads) = Reads::for_rules(rules) else { return };
    let scale = score_scale(rules);
    let table = Table::with_situation(view, sit);
    for r in 1..view.seats.count() {
        let seat = view.seats.add(view.seat, r);
        let read = reads.read(&table, seat.index());
        scalars[V4_SCALARS + r - 1] = read.ready;
        scalars[V4_SCALARS + 3 + r - 1] = read.cost / scale;
        for (k, &d) in read.danger.iter().enumerate() {
            let chance = read.ready * d;
            for (j, &step) in DANGER_STEPS.iter().enumerate() {
                if chance >= step {
                    planes[(DANGER + DANGER_STEPS.len() * (r - 1) + j) * WIDTH + k] = 1;
                }
            }
        }
    }
}

/// Planes 99-110 at a discard: for each kind whose discard leaves the hand ready, what its
/// win on a discard would score (dama, and declared where the family declares riichi and the
/// hand is closed), the mean over its waits weighted by their unseen copies, in steps of the
/// family's unit, and whether a wait is in the seat's own river.
fn ready_values(view: &PlayerView, sit: &Situation, planes: &mut [u8]) {
    use crate::search::{placement::Placement, values};
    let discard = matches!(view.decision(), Decision::Turn { .. } | Decision::RiichiDiscard);
    if !discard || view.hand_len() % 3 != 2 {
        return;
    }
    let rules = view.rules();
    let riichi_family = rules.variant == Variant::Riichi;
    let unit = if riichi_family { 1000.0 } else { rules.base_points.max(1) as f32 };
    let unseen: [u8; 34] = std::array::from_fn(|i| Kind::new(i as u8).map_or(0, |k| sit.unseen(k)));
    let melds: Vec<hupai_core::Meld> = view.own_melds().iter().map(|m| m.meld).collect();
    let placement = Placement::new(view, rules, None);
    let mut scorer = values::Scorer::new(view, melds, values::red_fives(view), unseen, placement);
    let declare = riichi_family && sit.closed && !sit.in_riichi;
    let meld_count = sit.melds.len().min(4) as u8;
    for k in sit.counts.kinds() {
        let mut after = sit.counts;
        after[k] -= 1;
        if hupai_core::shanten_with_jokers(&after, sit.jokers, meld_count, sit.forms) != 0 {
            continue;
        }
        set(planes, VALUES, k);
        let waits = hupai_core::ukeire_with_jokers(&after, sit.jokers, meld_count, sit.forms);
        let (mut dama, mut declared, mut weight) = (0.0f32, 0.0f32, 0.0f32);
        for w in waits.iter() {
            if sit.own_discards.contains(w) {
                set(planes, VALUES + 11, k);
            }
            let copies = f32::from(unseen[w.index()]);
            if copies == 0.0 || after[w] >= 4 {
                continue;
            }
            let mut full = after;
            full.add(w);
            dama += copies * scorer.value(&full, w, false, sit.in_riichi);
            if declare {
                declared += copies * scorer.value(&full, w, false, true);
            }
            weight += copies;
        }
        if weight == 0.0 {
            continue;
        }
        for (j, &step) in VALUE_STEPS.iter().enumerate() {
            if dama / weight >= step * unit {
                set(planes, VALUES + 1 + j, k);
            }
            if declared / weight >= step * unit {
                set(planes, VALUES + 1 + VALUE_STEPS.len() + j, k);
            }
        }
    }
}

/// Planes 95-98 and scalars 97-112 at a decision with a choice: the option `defensive` (its
/// default parameters, as the `defensive` agent and `search`'s one-step rules play) takes.
fn defensive_choice(view: &PlayerView, planes: &mut [u8], scalars: &mut [f32]) {
    use crate::action_space as ids;
    let options = hupai_engine::legal_options(view);
    if options.is_empty() {
        return;
    }
    let params = crate::Params::default();
    let (action, _) = think(view.rules(), Style::Defensive, &params, view, &options, false);
    let Some(id) = ids::action_id(action, ids::claimed_kind(view)) else { return };
    // A discard's or a kan's kind, and whether a discard is a red five.
    let tile = |first: u16| {
        let pai = ids::pai37(id - first);
        (pai.and_then(Pai::kind), pai.is_some_and(Pai::is_red))
    };
    let mark = |planes: &mut [u8], scalars: &mut [f32], plane: usize, first: u16| {
        let (kind, red) = tile(first);
        if let Some(k) = kind {
            set(planes, plane, k);
        }
        scalars[HINT_SCALARS + 1] = f32::from(u8::from(red));
    };
    let s = HINT_SCALARS;
    match id {
        _ if id < ids::TSUMOGIRI => mark(planes, scalars, HINT, ids::DISCARD),
        _ if id < ids::RIICHI => mark(planes, scalars, HINT + 1, ids::TSUMOGIRI),
        _ if id < ids::RIICHI_TSUMOGIRI => {
            mark(planes, scalars, HINT, ids::RIICHI);
            scalars[s] = 1.0;
        }
        _ if id < ids::CHI => {
            mark(planes, scalars, HINT + 1, ids::RIICHI_TSUMOGIRI);
            scalars[s] = 1.0;
        }
        _ if action == Action::Kita => scalars[s + 11] = 1.0,
        _ if id < ids::PON => {
            let t = usize::from(id - ids::CHI);
            scalars[s + 2 + t / 2] = 1.0;
            scalars[s + 1] = (t % 2) as f32;
        }
        _ if id < ids::OPEN_KAN => {
            scalars[s + 5] = 1.0;
            scalars[s + 1] = f32::from(u8::from(id > ids::PON));
        }
        ids::OPEN_KAN => scalars[s + 6] = 1.0,
        _ if id < ids::ADDED_KAN => mark(planes, scalars, HINT + 2, ids::CLOSED_KAN),
        _ if id < ids::TSUMO => mark(planes, scalars, HINT + 3, ids::ADDED_KAN),
        ids::TSUMO => scalars[s + 9] = 1.0,
        ids::RON => scalars[s + 8] = 1.0,
        ids::NINE_TERMINALS => scalars[s + 10] = 1.0,
        ids::PASS => scalars[s + 7] = 1.0,
        _ if id < ids::EXCHANGE => scalars[s + 12 + usize::from(id - ids::VOID)] = 1.0,
        _ => scalars[s + 15] = 1.0,
    }
}

/// Adds `bonus` to `logits` (`ACTIONS`) at the action id of `defensive`'s choice that a
/// `hupai-v6` observation names (planes 95-98, scalars 97-112; `planes` flat, kind by kind):
/// the prior of `hupai.train.prior`, which an exported model holds in its graph. It computes
/// what that graph computes, the same products of the hint's values for any input (on an
/// observation [`encode`] made, a 1 at the choice's id, none for an exchange), so the direct
/// evaluation of an MLP ([`crate::mlp`]) gives the graph's logits. `riichi` is added on top
/// where the choice declares riichi (`hupai.prior.riichi`).
pub(crate) fn add_choice_bonus(
    planes: &[u8],
    scalars: &[f32],
    bonus: f32,
    riichi_bonus: f32,
    logits: &mut [f32],
) {
    use crate::action_space as ids;
    let plane = |p: usize, k: usize| f32::from(planes[(HINT + p) * WIDTH + k]);
    let flag = |i: usize| scalars[HINT_SCALARS + i];
    let (riichi, red) = (flag(0), flag(1));
    // The graph adds the prior, then the riichi prior: two sums, as here.
    let mut add_with = |id: u16, w: f32, x: f32| logits[usize::from(id)] += w * x;
    // The kinds of the red fives, as the action space names its ids 34-36.
    let fives =
        [34, 35, 36].map(|t| ids::pai37(t).and_then(Pai::kind).map_or(usize::MAX, Kind::index));
    // A discard's 37 ids (the kinds, then the red fives), from the hand (plane 0) or drawn.
    let tile37 = |p: usize, t: usize| match t {
        34.. => plane(p, fives[t - 34]) * red,
        _ if fives.contains(&t) => plane(p, t) * (1.0 - red),
        _ => plane(p, t),
    };
    for t in 0..37 {
        let (hand, drawn) = (tile37(0, t), tile37(1, t));
        let t = t as u16;
        add_with(ids::DISCARD + t, bonus, hand * (1.0 - riichi));
        add_with(ids::TSUMOGIRI + t, bonus, drawn * (1.0 - riichi));
        add_with(ids::RIICHI + t, bonus, hand * riichi);
        add_with(ids::RIICHI_TSUMOGIRI + t, bonus, drawn * riichi);
        if riichi_bonus != 0.0 {
            add_with(ids::RIICHI + t, riichi_bonus, hand * riichi);
            add_with(ids::RIICHI_TSUMOGIRI + t, riichi_bonus, drawn * riichi);
        }
    }
    let mut add = |id: u16, x: f32| add_with(id, bonus, x);
    for t in 0..3u16 {
        let chi = flag(2 + usize::from(t));
        add(ids::CHI + 2 * t, chi * (1.0 - red));
        add(ids::CHI + 2 * t + 1, chi * red);
    }
    add(ids::KITA, flag(11));
    add(ids::PON, flag(5) * (1.0 - red));
    add(ids::PON + 1, flag(5) * red);
    add(ids::OPEN_KAN, flag(6));
    for k in 0..34 {
        add(ids::CLOSED_KAN + k as u16, plane(2, k));
        add(ids::ADDED_KAN + k as u16, plane(3, k));
    }
    add(ids::TSUMO, flag(9));
    add(ids::RON, flag(8));
    add(ids::NINE_TERMINALS, flag(10));
    add(ids::PASS, flag(7));
    for v in 0..3u16 {
        add(ids::VOID + v, flag(12 + usize::from(v)));
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
    use hupai_engine::{Game, Pai, Setup};
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
            let enc = Encoding::V4;
            let (mut planes, mut scalars) =
                (vec![0u8; enc.planes() * WIDTH], vec![0f32; enc.scalars()]);
            enc.encode(view, &mut planes, &mut scalars);
            for (r, seat) in order.iter().enumerate() {
                let size = view.hand_sizes[seat.index()] as f32 / 13.0;
                assert_eq!(scalars[19 + r], size, "{me:?} slot {r}");
                assert_eq!(scalars[11 + r], view.scores[seat.index()] as f32 / 35_000.0);
            }
            assert_eq!((scalars[14], scalars[22]), (0.0, 0.0), "{me:?}: the fourth slot is empty");
        }
    }

    /// Plays a hand of four `defensive` under every preset and calls `check` at every prompt.
    fn every_prompt(check: &mut dyn FnMut(&str, &PlayerView)) {
        for preset in Rules::preset_names() {
            prompts_of(preset, 31, check);
        }
    }

    /// Every prompt of one hand of `preset` from `seed`, four `defensive` playing.
    fn prompts_of(preset: &str, seed: u64, check: &mut dyn FnMut(&str, &PlayerView)) {
        use hupai_engine::Driver;
        let rules = Rules::preset(preset).unwrap();
        let mut setup = Setup::new(rules.clone(), seed);
        setup.single_hand = true;
        let mut driver = Driver::new(setup);
        let mut agents: Vec<Option<crate::Defensive>> =
            (0..rules.players()).map(|_| Some(crate::Defensive::new(&rules))).collect();
        while !driver.is_over() {
            for p in driver.prompts() {
                check(preset, p.view);
            }
            if driver.step(&mut agents).unwrap().is_none() {
                break;
            }
        }
    }

    fn encoded(enc: Encoding, view: &PlayerView) -> (Vec<u8>, Vec<f32>) {
        let (mut planes, mut scalars) =
            (vec![0u8; enc.planes() * WIDTH], vec![0f32; enc.scalars()]);
        enc.encode(view, &mut planes, &mut scalars);
        (planes, scalars)
    }

    #[test]
    fn names_and_shapes() {
        assert_eq!(Encoding::default(), Encoding::V4);
        assert_eq!((Encoding::V4.planes(), Encoding::V4.scalars()), (73, 83));
        assert_eq!((Encoding::V5.planes(), Encoding::V5.scalars()), (95, 97));
        assert_eq!((Encoding::V6.planes(), Encoding::V6.scalars()), (99, 113));
        assert_eq!((Encoding::V7.planes(), Encoding::V7.scalars()), (111, 113));
        for e in Encoding::ALL {
            assert_eq!(Encoding::from_name(e.name()), Some(e));
        }
        assert_eq!(Encoding::from_name("hupai-v3"), None);
    }

    /// `hupai-v5` begins with `hupai-v4`, byte for byte, under every preset.
    #[test]
    fn v5_extends_v4() {
        let mut rows = 0;
        every_prompt(&mut |preset, view| {
            let (p4, s4) = encoded(Encoding::V4, view);
            let (p5, s5) = encoded(Encoding::V5, view);
            assert_eq!(p4, p5[..p4.len()], "{preset}");
            assert_eq!(s4, s5[..s4.len()], "{preset}");
            assert!(p5.iter().all(|&b| b <= 1), "{preset}");
            assert!(s5[83..86].iter().all(|x| (0.0..=1.0).contains(x)), "{preset}: {s5:?}");
            // The claim scalars say which calls are offered.
            let options = hupai_engine::legal_options(view);
            let pon = options.iter().any(|o| matches!(o, Action::Pon(_)));
            let chi = options.iter().any(|o| matches!(o, Action::Chi(_)));
            let claim = matches!(view.decision(), Decision::Claim { .. });
            assert_eq!(s5[91] == 1.0, claim && pon, "{preset}: pon");
            assert_eq!(s5[94] == 1.0, claim && chi, "{preset}: chi");
            rows += 1;
        });
        assert!(rows > 500, "{rows}");
    }

    /// The look-ahead planes agree with a slow count: remove each held kind, take the shanten
    /// over the rules' forms, count the unseen copies of every kind that lowers it.
    #[test]
    fn lookahead_planes_match_a_slow_count() {
        use hupai_core::{shanten_with_jokers, Counts};
        let mut discards = 0;
        every_prompt(&mut |preset, view| {
            let (planes, _) = encoded(Encoding::V5, view);
            let plane = |p: usize, k: usize| planes[p * WIDTH + k] == 1;
            let turn = matches!(view.decision(), Decision::Turn { .. } | Decision::RiichiDiscard);
            if !turn || view.hand_len() % 3 != 2 {
                assert!((73..83).all(|p| (0..34).all(|k| !plane(p, k))), "{preset}");
                return;
            }
            let sit = Situation::new(view, view.rules());
            let melds = sit.melds.len() as u8;
            let forms = sit.forms;
            let after = |k: usize| {
                let mut c: Counts = sit.counts;
                c.0[k] -= 1;
                c
            };
            let held: Vec<usize> = (0..34).filter(|&k| sit.counts.0[k] > 0).collect();
            let shanten = |c: &Counts| shanten_with_jokers(c, sit.jokers, melds, forms);
            let best = held.iter().map(|&k| shanten(&after(k))).min().unwrap();
            let unseen = |k: usize| {
                let mut out = 0u32;
                let c = after(k);
                for t in 0..34 {
                    if c.0[t] >= 4 {
                        continue;
                    }
                    let mut d = c;
                    d.0[t] += 1;
                    if shanten(&d) < best {
                        out += u32::from(4u8.saturating_sub(sit.counts.0[t] + sit.visible.0[t]));
                    }
                }
                out
            };
            let keeps: Vec<usize> =
                held.iter().copied().filter(|&k| shanten(&after(k)) == best).collect();
            let most = keeps.iter().map(|&k| unseen(k)).max().unwrap_or(0);
            let (_, scalars) = encoded(Encoding::V5, view);
            assert_eq!(scalars[89], f32::from(best.clamp(0, 8)) / 8.0, "{preset}");
            assert_eq!(scalars[90] == 1.0, best <= 0, "{preset}");
            for k in 0..34 {
                let keep = keeps.contains(&k);
                assert_eq!(plane(73, k), keep, "{preset} kind {k}");
                let n = if keep { unseen(k) } else { 0 };
                for (j, &step) in LOOKAHEAD_STEPS.iter().enumerate() {
                    assert_eq!(plane(74 + j, k), keep && n >= step, "{preset} kind {k} ≥{step}");
                }
                assert_eq!(plane(82, k), keep && n == most, "{preset} kind {k}: most");
            }
            discards += 1;
        });
        assert!(discards > 100, "{discards}");
    }

    /// `hupai-v7` is `hupai-v6` and the ready-value planes, which agree with a slow count:
    /// each held kind whose discard leaves a hand one of whose 34 draws completes, and, for
    /// riichi, its win on a discard scored straight by hupai-rules over those draws, weighted
    /// by their unseen copies; declaring riichi never lowers a closed hand's steps.
    #[test]
    fn v7_adds_ready_values_that_match_a_slow_count() {
        use hupai_core::{is_agari_with_jokers, Counts, Hand};
        use hupai_engine::{win_context, WinOn};
        let (mut ready, mut valued) = (0, 0);
        let mut check = |preset: &str, view: &PlayerView| {
            let (p6, s6) = encoded(Encoding::V6, view);
            let (p7, s7) = encoded(Encoding::V7, view);
            assert_eq!(p6, p7[..p6.len()], "{preset}");
            assert_eq!(s6, s7, "{preset}");
            let plane = |p: usize, k: usize| p7[p * WIDTH + k] == 1;
            let turn = matches!(view.decision(), Decision::Turn { .. } | Decision::RiichiDiscard);
            if !turn || view.hand_len() % 3 != 2 {
                assert!(p7[p6.len()..].iter().all(|&b| b == 0), "{preset}");
                return;
            }
            let rules = view.rules();
            let sit = Situation::new(view, rules);
            let melds = sit.melds.len() as u8;
            for k in 0..34 {
                let mut after: Counts = sit.counts;
                if after.0[k] == 0 {
                    assert!((99..111).all(|p| !plane(p, k)), "{preset}: {k} not held");
                    continue;
                }
                after.0[k] -= 1;
                let waits: Vec<usize> = (0..34)
                    .filter(|&w| {
                        let mut full = after;
                        full.0[w] += 1;
                        after.0[w] < 4 && is_agari_with_jokers(&full, sit.jokers, melds, sit.forms)
                    })
                    .collect();
                assert_eq!(plane(99, k), !waits.is_empty(), "{preset}: discard {k}");
                for first in [100, 105] {
                    for p in first + 1..first + 5 {
                        assert!(!plane(p, k) || plane(p - 1, k), "{preset}: plane {p} steps");
                    }
                }
                if waits.is_empty() {
                    continue;
                }
                ready += 1;
                let closed_riichi = rules.variant == Variant::Riichi && sit.closed;
                if closed_riichi && !sit.in_riichi {
                    for j in 0..5 {
                        assert!(!plane(100 + j, k) || plane(105 + j, k), "{preset}: riichi lowers");
                    }
                }
                if rules.variant != Variant::Riichi || !sit.melds.is_empty() || sit.in_riichi {
                    continue;
                }
                // Dama, on a discard, scored straight by the rules (red fives as held).
                let (mut sum, mut weight) = (0.0f32, 0.0f32);
                for &w in &waits {
                    let copies = f32::from(sit.unseen(Kind::new(w as u8).unwrap()));
                    if copies == 0.0 {
                        continue;
                    }
                    let mut full = after;
                    full.0[w] += 1;
                    let win = Kind::new(w as u8).unwrap();
                    let mut red = crate::search::values::red_fives(view);
                    for (s, r) in red.iter_mut().enumerate() {
                        *r = (*r).min(full.0[s * 9 + 4]);
                    }
                    let hand = Hand::with_extras(full, &[], 0, red).unwrap();
                    let mut ctx = win_context(view, win, WinOn::Discard);
                    ctx.win_tile = win;
                    ctx.self_drawn = false;
                    (ctx.first_turn, ctx.last_tile, ctx.ippatsu) = (false, false, false);
                    (ctx.fourth_tile, ctx.kong_discard, ctx.replacement) = (false, false, false);
                    (ctx.robbing_kong, ctx.dealer_discard) = (false, false);
                    let points = match hupai_rules::score(rules, &hand, &ctx) {
                        Ok(s) if s.meets_minimum => s.payments.total as f32,
                        _ => 0.0,
                    };
                    sum += copies * points;
                    weight += copies;
                }
                if weight == 0.0 {
                    continue;
                }
                for (j, &step) in VALUE_STEPS.iter().enumerate() {
                    let want = sum / weight >= step * 1000.0;
                    assert_eq!(plane(100 + j, k), want, "{preset}: discard {k}, ≥{step}");
                }
                valued += 1;
            }
        };
        every_prompt(&mut check);
        for seed in 1..=20 {
            prompts_of("riichi", seed, &mut check);
        }
        assert!(ready > 50 && valued > 20, "{ready} ready discards, {valued} valued");
    }

    /// Against a declared riichi the danger planes mark some kinds and never the riichi
    /// seat's own discards (furiten: it cannot win on them).
    #[test]
    fn danger_planes_spare_a_riichi_seats_discards() {
        let mut checked = 0;
        every_prompt(&mut |preset, view| {
            if view.rules().variant != Variant::Riichi || !view.in_hand {
                return;
            }
            let (planes, scalars) = encoded(Encoding::V5, view);
            for r in 1..view.seats.count() {
                let seat = view.seats.add(view.seat, r);
                if !view.riichi[seat.index()] {
                    continue;
                }
                assert_eq!(scalars[83 + r - 1], 1.0, "{preset}: a riichi seat is ready");
                let first = (83 + 4 * (r - 1)) * WIDTH;
                assert!(planes[first..first + WIDTH].contains(&1), "{preset}");
                for k in view.discarded[seat.index()].iter() {
                    assert_eq!(planes[first + k.index()], 0, "{preset}: {k} is safe");
                }
                checked += 1;
            }
        });
        assert!(checked > 0, "no riichi in the hands played");
    }

    /// `hupai-v6` begins with `hupai-v5`, byte for byte, and its last planes and scalars name
    /// exactly the option the `defensive` agent takes at the decision, under every preset.
    #[test]
    fn v6_extends_v5_with_the_choice_of_defensive() {
        use hupai_engine::Agent;
        let mut kinds = std::collections::HashSet::new();
        every_prompt(&mut |preset, view| {
            let (p5, s5) = encoded(Encoding::V5, view);
            let (p6, s6) = encoded(Encoding::V6, view);
            assert_eq!(p5, p6[..p5.len()], "{preset}");
            assert_eq!(s5, s6[..s5.len()], "{preset}");
            let options = hupai_engine::legal_options(view);
            let chosen = crate::Defensive::new(view.rules()).decide(view, &options);
            let marked: Vec<(usize, usize)> = (95..99)
                .flat_map(|p| (0..WIDTH).map(move |k| (p, k)))
                .filter(|&(p, k)| p6[p * WIDTH + k] == 1)
                .collect();
            let flags: Vec<usize> = (97..113).filter(|&i| s6[i] == 1.0).collect();
            let kind_of = |pai: Pai| pai.kind().map(Kind::index);
            let (plane, kind, flag, riichi, red) = match chosen {
                Action::Discard { pai, tsumogiri } | Action::Riichi { pai, tsumogiri } => (
                    Some(95 + usize::from(tsumogiri)),
                    kind_of(pai),
                    None,
                    matches!(chosen, Action::Riichi { .. }),
                    pai.is_red(),
                ),
                Action::ClosedKan(k) | Action::LoneKong(k) => {
                    (Some(97), Some(k.index()), None, false, false)
                }
                Action::AddedKan(k) => (Some(98), Some(k.index()), None, false, false),
                Action::Chi(t) => {
                    let position = crate::action_space::action_id(
                        chosen,
                        crate::action_space::claimed_kind(view),
                    )
                    .map(|id| usize::from(id - crate::action_space::CHI) / 2);
                    (None, None, position.map(|p| 99 + p), false, t.iter().any(|p| p.is_red()))
                }
                Action::Pon(t) => (None, None, Some(102), false, t.iter().any(|p| p.is_red())),
                Action::OpenKan => (None, None, Some(103), false, false),
                Action::Pass => (None, None, Some(104), false, false),
                Action::Ron => (None, None, Some(105), false, false),
                Action::Tsumo => (None, None, Some(106), false, false),
                Action::NineTerminals => (None, None, Some(107), false, false),
                Action::Kita => (None, None, Some(108), false, false),
                Action::Void(suit) => (None, None, Some(109 + suit.index()), false, false),
                Action::Exchange(_) => (None, None, Some(112), false, false),
            };
            match plane {
                Some(p) => assert_eq!(marked, vec![(p, kind.unwrap())], "{preset}: {chosen:?}"),
                None => assert!(marked.is_empty(), "{preset}: {chosen:?}"),
            }
            let mut want: Vec<usize> = flag.into_iter().collect();
            want.extend(riichi.then_some(97));
            want.extend(red.then_some(98));
            want.sort();
            assert_eq!(flags, want, "{preset}: {chosen:?}");
            kinds.insert(std::mem::discriminant(&chosen));
        });
        assert!(kinds.len() >= 6, "too few kinds of choice seen: {}", kinds.len());
    }

    /// The prior's bonus lands on the id of the option `defensive` takes, at every prompt of
    /// every preset (one id, bonus 1; none for an exchange, whose tiles the hint does not
    /// name; a pon's two red fives read as one); the riichi prior adds to it where the
    /// choice declares riichi, and nowhere else.
    #[test]
    fn the_choice_bonus_marks_the_id_of_defensives_choice() {
        use crate::action_space::{action_id, claimed_kind, ACTIONS, PON};
        use hupai_engine::Agent;
        let riichi_seen = std::cell::Cell::new(false);
        every_prompt(&mut |preset, view| {
            let (planes, scalars) = encoded(Encoding::V6, view);
            let options = hupai_engine::legal_options(view);
            let chosen = crate::Defensive::new(view.rules()).decide(view, &options);
            let mut logits = vec![0.0; ACTIONS];
            add_choice_bonus(&planes, &scalars, 1.0, 0.0, &mut logits);
            let marked: Vec<usize> = (0..ACTIONS).filter(|&i| logits[i] != 0.0).collect();
            let want = match (chosen, action_id(chosen, claimed_kind(view))) {
                (Action::Exchange(_), _) => vec![],
                (Action::Pon(_), Some(id)) if id > PON => vec![usize::from(PON) + 1],
                (_, id) => vec![usize::from(id.expect("an id"))],
            };
            assert_eq!(marked, want, "{preset}: {chosen:?}");
            assert!(marked.iter().all(|&i| logits[i] == 1.0), "{preset}: {chosen:?}");
            // The riichi prior adds to the same id, and only where the choice declares.
            let mut with_riichi = vec![0.0; ACTIONS];
            add_choice_bonus(&planes, &scalars, 1.0, 2.0, &mut with_riichi);
            let declares = matches!(chosen, Action::Riichi { .. });
            for i in 0..ACTIONS {
                let want = if declares { logits[i] * 3.0 } else { logits[i] };
                assert_eq!(with_riichi[i], want, "{preset}: {chosen:?}, id {i}");
            }
            if declares {
                riichi_seen.set(true);
            }
        });
        assert!(riichi_seen.get(), "no riichi among the choices");
    }

    /// `hupai-v6` carries `defensive`'s choices, so a model trained on it learned those
    /// choices as they are now: this digest of them, over every prompt of a hand of four
    /// `defensive` under every preset, fails when `defensive` plays differently. Then the
    /// shipped `hupai-v6` models see other inputs than they learned from: retrain them, or
    /// keep the old rules under this encoding's name and give the new ones a new name. (It
    /// fails too when the hands themselves change, the engine's or the rules' doing; then a
    /// new digest is all it takes.)
    #[test]
    fn the_choices_of_defensive_that_hupai_v6_carries_are_pinned() {
        let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                digest = (digest ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
            }
        };
        every_prompt(&mut |preset, view| {
            let (planes, scalars) = encoded(Encoding::V6, view);
            eat(preset.as_bytes());
            eat(&planes[HINT * WIDTH..]);
            for x in &scalars[HINT_SCALARS..] {
                eat(&x.to_le_bytes());
            }
        });
        assert_eq!(
            digest, 8_323_910_763_609_406_338,
            "defensive's choices or the hands changed (see this test's comment)"
        );
    }
}
