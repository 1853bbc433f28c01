//! The win questions a seat asks of its own view: whether a tile completes its hand, what a
//! win on it would score, the situation of that win as far as the seat knows it, and whether
//! it may win on another seat's tile at all (furiten, 过水, a void suit, having left the hand).
//! [`crate::legal_options`] offers a win exactly when these say so; a bot asks the same.
//!
//! ```
//! use hupai_core::Seat;
//! use hupai_engine::{win_score, Pai, PlayerView, WinOn};
//! use hupai_rules::Rules;
//! let tiles: Vec<Pai> = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S".split(' ').map(|p| p.parse().unwrap()).collect();
//! let rules = Rules::preset("riichi").unwrap();
//! let view = PlayerView::dealt(&rules, Seat::East, Seat::East, &tiles, "S".parse().ok()).unwrap();
//! let score = win_score(&view, "S".parse().unwrap(), WinOn::Draw { replacement: false }).unwrap();
//! assert!(score.meets_minimum);
//! ```

use hupai_core::{Form, Hand, Kind, Meld, MeldKind, Seat};
use hupai_rules::{DeclareReady, Score, Variant, WinContext};

use crate::view::{Decision, PlayerView};
use crate::Pai;

/// How a win comes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinOn {
    /// On the seat's own draw (a kan's replacement tile when `replacement`).
    Draw {
        /// After a kan.
        replacement: bool,
    },
    /// On another seat's discard.
    Discard,
    /// By robbing another seat's kan.
    RobbedKan,
    /// On a North another seat set aside (三人麻雀 抜きドラ, where the rules allow it): a win
    /// on another's tile, neither a discard (no houtei) nor a robbed kan (no chankan).
    Kita,
}

/// Whether the seat may win on `pai`, discarded (or added to a kan) by another seat: the hand
/// completes, the win scores, and the seat is neither furiten (riichi) nor held by 过水, nor
/// out of the hand. The one rule for a win on another's tile, which the view also uses to
/// know when a win is let pass.
#[inline]
pub(crate) fn ron_offered(view: &PlayerView, pai: Pai, on: WinOn) -> bool {
    let Some(kind) = pai.kind() else { return false };
    Some(kind) != view.joker
        && completes(view, Some(kind))
        && !view.has_left(view.seat)
        && !view.is_furiten()
        && win_score(view, pai, on).is_some()
}

/// The best win the seat's ready hand could make on a discard, scored without the situation
/// (no last tile, no kan): what a player who is not ready pays it at an exhaustive draw
/// (查叫 / 查大叫). `None` when the seat is not ready or no wait can win.
pub fn ready_score(view: &PlayerView) -> Option<Score> {
    let mut best: Option<Score> = None;
    for kind in view.waits().iter() {
        let pai = Pai::kind_of(kind);
        if holds_void(view, Some(kind)) {
            continue;
        }
        let Some(hand) = win_hand(view, Some(pai)) else { continue };
        let mut ctx = WinContext::new(kind, false);
        ctx.riichi = view.rules().declare_ready != DeclareReady::Off
            && view.riichi_accepted[view.seat.index()];
        ctx.seat_wind = view.seat_wind(view.seat);
        ctx.round_wind = view.round_wind;
        set_flowers(view, &mut ctx);
        let Ok(score) = hupai_rules::score(view.rules(), &hand, &ctx) else { continue };
        if !score.meets_minimum {
            continue;
        }
        if best.as_ref().is_none_or(|b| score.payments.total > b.payments.total) {
            best = Some(score);
        }
    }
    best
}

/// Whether the seat's tiles (with `extra`) hold a tile of the suit it voids (定缺): such a hand
/// cannot win.
pub(crate) fn holds_void(view: &PlayerView, extra: Option<Kind>) -> bool {
    let Some(suit) = view.voids[view.seat.index()] else { return false };
    view.void_tiles() > 0
        || extra.is_some_and(|k| k.suit() == suit)
        || view.own_melds().iter().any(|m| m.meld.first().suit() == suit)
}

/// Whether `kind` is of the suit the seat voids.
pub(crate) fn is_void(view: &PlayerView, kind: Kind) -> bool {
    view.voids[view.seat.index()] == Some(kind.suit())
}

/// The score of a win by the view's seat on `pai` in the way `on`, if the hand is complete
/// and the win scores (ura dora are not known to the seat and not counted).
pub fn win_score(view: &PlayerView, pai: Pai, on: WinOn) -> Option<Score> {
    let kind = pai.kind()?;
    let extra = match on {
        WinOn::Draw { .. } => None,
        WinOn::Discard | WinOn::RobbedKan | WinOn::Kita => Some(pai),
    };
    if !completes(view, extra.and(Some(kind))) || holds_void(view, extra.and(Some(kind))) {
        return None;
    }
    if view.rules().declare_ready == DeclareReady::Required
        && !view.riichi_accepted[view.seat.index()]
    {
        // 报听 required: only a declared hand wins.
        return None;
    }
    let hand = win_hand(view, extra)?;
    let ctx = win_context(view, kind, on);
    hupai_rules::score(view.rules(), &hand, &ctx).ok().filter(|s| s.meets_minimum)
}

/// Whether the seat's hand, with `extra` added, is complete. Without jokers a claimed tile
/// completes the hand exactly when it is one of the waits the view keeps, and so does the
/// drawn tile (the waits are those of the hand before the draw). Under the wuhan
/// table a hand of 2-5-8s only or honours only is complete in any shape (将一色, 风一色).
#[inline]
fn completes(view: &PlayerView, extra: Option<Kind>) -> bool {
    if view.rules().variant == Variant::Wuhan && any_shape(view, extra) {
        return true;
    }
    match extra {
        Some(k) if view.jokers() == 0 => view.waits().contains(k),
        _ => completes_by_search(view, extra),
    }
}

/// [`completes`] where the waits do not answer: with jokers, or the drawn tile's hand.
#[inline(never)]
fn completes_by_search(view: &PlayerView, extra: Option<Kind>) -> bool {
    let melds = view.own_melds().len() as u8;
    match extra {
        Some(k) => {
            let mut c = *view.counts();
            if c[k] >= 4 {
                return false;
            }
            c.add(k);
            hupai_core::is_agari_with_jokers(&c, view.jokers(), melds, view.forms())
        }
        None => match view.drawn.and_then(Pai::kind) {
            Some(k) if view.jokers() == 0 && view.own.waits_before_draw => view.waits().contains(k),
            _ => {
                hupai_core::is_agari_with_jokers(view.counts(), view.jokers(), melds, view.forms())
            }
        },
    }
}

/// 将一色 / 风一色 in any shape: every tile, melds included, a 2-5-8 of a suit or every one an
/// honour (jokers stand for any of them), 14 tiles with `extra`.
fn any_shape(view: &PlayerView, extra: Option<Kind>) -> bool {
    let held = view.counts().total() as usize + usize::from(view.jokers()) + extra.iter().count();
    if held + 3 * view.own_melds().len() != 14 {
        return false;
    }
    let kinds = || {
        view.counts()
            .kinds()
            .chain(extra)
            .chain(view.own_melds().iter().flat_map(|m| m.tiles().iter().filter_map(|p| p.kind())))
    };
    let two_five_eight = |k: Kind| !k.is_honor() && matches!(k.number(), 2 | 5 | 8);
    kinds().all(two_five_eight) || kinds().all(Kind::is_honor)
}

/// The seat's hand as scoring sees it, with `extra` (a claimed tile) added.
pub fn win_hand(view: &PlayerView, extra: Option<Pai>) -> Option<Hand> {
    let mut counts = *view.counts();
    let mut red = [0u8; 3];
    for p in view.held.iter().chain(extra) {
        if let (true, Some(k)) = (p.is_red(), p.kind()) {
            red[k.suit().index().min(2)] += 1;
        }
    }
    if let Some(k) = extra.and_then(Pai::kind) {
        if counts[k] >= 4 {
            return None;
        }
        counts.add(k);
    }
    let melds: Vec<Meld> = view.own_melds().iter().map(|m| m.meld).collect();
    Hand::with_extras(counts, &melds, view.jokers(), red).ok()
}

/// The situation of a win by the view's seat on `kind` in the way `on`, as far as the seat
/// knows it (no ura dora).
pub fn win_context(view: &PlayerView, kind: Kind, on: WinOn) -> WinContext {
    let me = view.seat;
    let mut ctx = WinContext::new(kind, matches!(on, WinOn::Draw { .. }));
    ctx.seat_wind = view.seat_wind(me);
    ctx.round_wind = view.round_wind;
    set_flowers(view, &mut ctx);
    let empty = view.live_tiles() == 0;
    // A first-turn win is the seat's first win of the hand (血流: not a later one).
    let fresh = view.no_calls && !view.has_won(me);
    match on {
        WinOn::Draw { replacement } => {
            ctx.replacement = replacement;
            ctx.last_tile = !replacement && empty;
            ctx.first_turn = !replacement && fresh && view.own_draws() == 1;
        }
        WinOn::Discard => {
            ctx.last_tile = empty;
            ctx.first_turn = fresh && view.own_draws() == 0;
            ctx.kong_discard = view.last_discard_after_kan;
            ctx.dealer_discard = view.last_discard.is_some_and(|(s, _)| s == view.dealer);
        }
        WinOn::RobbedKan => {
            ctx.robbing_kong = true;
            ctx.first_turn = fresh && view.own_draws() == 0;
        }
        WinOn::Kita => ctx.first_turn = fresh && view.own_draws() == 0,
    }
    if view.rules().declare_ready != DeclareReady::Off {
        ctx.riichi = view.riichi_accepted[me.index()];
    }
    if view.rules().variant == Variant::Riichi {
        ctx.riichi = view.riichi_accepted[me.index()];
        ctx.double_riichi = ctx.riichi && view.double_riichi();
        ctx.ippatsu = ctx.riichi && view.ippatsu();
        ctx.dora_indicators = view.dora_markers.iter().filter_map(|p| p.kind()).collect();
        ctx.honba = view.honba;
        ctx.riichi_sticks = view.sticks;
        ctx.kita = view.kita[me.index()];
    }
    // 和绝张: three copies on the table besides the win tile, which a discard has put in the
    // river already.
    let win_tile_shown = usize::from(on == WinOn::Discard);
    ctx.fourth_tile = visible(view, kind) == 3 + win_tile_shown;
    if view.rules().variant == Variant::Wuhan {
        wuhan_context(view, on, &mut ctx);
    }
    ctx
}

/// Wuhan 开口番: the joker, the winner's lone kongs, each other player's own doublings (in
/// turn order after the winner) and who gave the tile.
fn wuhan_context(view: &PlayerView, on: WinOn, ctx: &mut WinContext) {
    let me = view.seat;
    ctx.joker = view.joker;
    ctx.lone_kongs = view.lone_kong_counts(me);
    let from = match (on, view.decision()) {
        (WinOn::Draw { .. }, _) => None,
        (WinOn::RobbedKan, Decision::Robbing { from, .. }) => Some(from),
        _ => view.last_discard.map(|(s, _)| s),
    };
    for (i, d) in ctx.payer_doublings.iter_mut().enumerate() {
        let o = view.seats.add(me, i + 1);
        let robbed =
            |m: &Meld| on == WinOn::RobbedKan && Some(o) == from && m.kind() == MeldKind::AddedKan;
        // A robbed kan never stood: its player pays for the pon it was.
        let melds: Vec<Meld> = view.melds[o.index()]
            .iter()
            .map(|m| if robbed(&m.meld) { Meld::pon(m.meld.first()) } else { m.meld })
            .collect();
        *d = hupai_rules::wuhan::own_doublings(view.rules(), &melds, view.lone_kong_counts(o));
    }
    ctx.discarder = from.map(|f| view.seats.distance(me, f) as u8);
}

/// The flowers the seat has set aside: how many, and which.
fn set_flowers(view: &PlayerView, ctx: &mut WinContext) {
    let own = &view.flowers[view.seat.index()];
    ctx.flowers = own.len() as u8;
    ctx.flower_mask = own.iter().filter_map(|p| p.flower_number()).fold(0, |m, n| m | 1 << n);
}

/// Copies of `kind` on the table: rivers and open melds.
fn visible(view: &PlayerView, kind: Kind) -> usize {
    let river = Seat::ALL
        .iter()
        .flat_map(|&s| view.river(s))
        .filter(|r| r.pai.kind() == Some(kind))
        .count();
    let melds = view
        .melds
        .iter()
        .flatten()
        .filter(|m| m.meld.is_open())
        .flat_map(|m| m.tiles().iter())
        .filter(|p| p.kind() == Some(kind))
        .count();
    river + melds
}

/// Whether the rules let the view's seat rob a closed kan of `kind` (thirteen orphans, ready
/// on it).
pub(crate) fn may_rob_closed_kan(view: &PlayerView, kind: Kind) -> bool {
    let rules = view.rules();
    if rules.variant != Variant::Riichi || !rules.kokushi_robs_closed_kan {
        return false;
    }
    let melds = view.own_melds().len() as u8;
    let mut c = *view.counts();
    if c[kind] >= 4 {
        return false;
    }
    c.add(kind);
    hupai_core::form_shanten(&c, melds, Form::ThirteenOrphans, view.forms()) == Some(-1)
}
