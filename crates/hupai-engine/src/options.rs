//! The legal options of a seat, from what the seat knows: the one generator the engine uses
//! for [`crate::Game::pending`] and a bot uses on the events it was shown.
//!
//! The rules, in order of the options listed:
//! - On its turn after a draw: a self-drawn win when the hand is complete and scores (a yaku
//!   in riichi, the minimum fans in MCR); closed kans (in riichi only of the drawn kind, and
//!   only when the waits stay the same) and added kans, while the wall has tiles and fewer
//!   than four kans were made (riichi); the nine-terminals abortive draw (riichi, the first
//!   uninterrupted draw, nine kinds of terminals and honours); the discards, the drawn tile
//!   first (in riichi only that one); riichi with each discard that leaves the hand ready
//!   (closed, 1,000 points, four tiles left in the wall).
//! - Right after a chi or pon: the discards, without the called kind and, after a chi, the
//!   kind at its other end (riichi's swap-calling ban).
//! - On another seat's discard: a win when it completes the hand, scores and the seat is not
//!   furiten (riichi); unless in riichi or the wall is empty: pon, open kan, and chi from the
//!   seat on the left, each only if a discard would remain allowed; then pass. A joker
//!   discard cannot be claimed.
//! - On a kan: a win by robbing it (a closed kan only by thirteen orphans, where the rules
//!   allow), then pass.
//! - Sichuan: after the dealer's first draw every seat names its void suit (定缺: `m`, `p`,
//!   `s`); while it holds tiles of that suit it may discard only those, and a hand holding
//!   one never wins; no pon or kong of the void suit. A seat that won has left the hand
//!   (血战: no options) or is locked (血流: a win, or the drawn tile's discard). Under 过水
//!   (`pass_win`) a seat that let a win on a discard pass may not win on another until it
//!   draws ([`PlayerView::is_furiten`]).
//!
//! ```
//! use hupai_core::Seat;
//! use hupai_engine::{legal_options, Game, PlayerView, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let (game, events) = Game::new(Setup::new(rules.clone(), 3));
//! let seat = game.pending().seats().next().unwrap();
//! let mut view = PlayerView::new(seat, &rules);
//! for e in &events {
//!     view.update(&e.seen_by(seat)).unwrap();
//! }
//! assert_eq!(legal_options(&view), game.pending().options(seat));
//! ```

use hupai_core::{Counts, Hand, Kind, KindSet, Meld, MeldKind, Seat, Suit};
use hupai_rules::{DeclareReady, LoneKongTile, Score, Variant, WinContext};

use crate::view::Decision;
use crate::{Action, Pai, PlayerView};

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
}

/// The legal options of the seat whose view this is, for what it must decide now (empty when
/// it has nothing to decide).
pub fn legal_options(view: &PlayerView) -> Vec<Action> {
    let mut out = Vec::new();
    legal_options_into(view, &mut out);
    out
}

/// As [`legal_options`], into `out` (cleared first).
pub fn legal_options_into(view: &PlayerView, out: &mut Vec<Action>) {
    out.clear();
    match view.decision() {
        Decision::None => {}
        Decision::Turn { after_call, replacement } => turn(view, after_call, replacement, out),
        Decision::RiichiDiscard => riichi_discards(view, out),
        Decision::Claim { from, pai } => claim(view, from, pai, out),
        Decision::Robbing { pai, closed, .. } => robbing(view, pai, closed, out),
        Decision::Void => out.extend([Suit::Man, Suit::Pin, Suit::Sou].map(Action::Void)),
        Decision::Exchange => exchanges(view, out),
    }
}

/// 换三张: every choice of three tiles of one suit from the hand, as distinct [`Pai`]
/// multisets in [`Pai`] order.
fn exchanges(view: &PlayerView, out: &mut Vec<Action>) {
    // The hand is sorted: runs of one pai, with their counts.
    let mut runs: Vec<(Pai, usize)> = Vec::with_capacity(14);
    for &p in &view.hand {
        match runs.last_mut() {
            Some((q, n)) if *q == p => *n += 1,
            _ => runs.push((p, 1)),
        }
    }
    let suit = |p: Pai| p.kind().map(Kind::suit).filter(|s| *s != Suit::Honor);
    // Runs i <= j <= k of one suit, each used no more often than the hand holds it.
    for i in 0..runs.len() {
        let Some(s) = suit(runs[i].0) else { continue };
        for j in (i..runs.len()).filter(|&j| suit(runs[j].0) == Some(s)) {
            for k in (j..runs.len()).filter(|&k| suit(runs[k].0) == Some(s)) {
                let picks = [i, j, k];
                if picks.iter().all(|&x| picks.iter().filter(|&&y| y == x).count() <= runs[x].1) {
                    out.push(Action::Exchange(picks.map(|x| runs[x].0)));
                }
            }
        }
    }
}

/// Whether the seat may win on `pai`, discarded (or added to a kan) by another seat: the hand
/// completes, the win scores, and the seat is neither furiten (riichi) nor held by 过水, nor
/// out of the hand. The one rule for a win on another's tile, which the view also uses to
/// know when a win is let pass.
pub(crate) fn ron_offered(view: &PlayerView, pai: Pai, on: WinOn) -> bool {
    let Some(kind) = pai.kind() else { return false };
    Some(kind) != view.joker
        && !view.has_left(view.seat)
        && completes(view, Some(kind))
        && !view.is_furiten()
        && win_score(view, pai, on).is_some()
}

/// The best win the seat's ready hand could make on a discard, scored without the situation
/// (no last tile, no kong): what a player who is not ready pays it at an exhaustive draw
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
fn holds_void(view: &PlayerView, extra: Option<Kind>) -> bool {
    let Some(suit) = view.voids[view.seat.index()] else { return false };
    view.void_tiles() > 0
        || extra.is_some_and(|k| k.suit() == suit)
        || view.own_melds().iter().any(|m| m.meld.first().suit() == suit)
}

/// Whether `kind` is of the suit the seat voids.
fn is_void(view: &PlayerView, kind: Kind) -> bool {
    view.voids[view.seat.index()] == Some(kind.suit())
}

/// The score of a win by the view's seat on `pai` in the way `on`, if the hand is complete
/// and the win scores (ura dora are not known to the seat and not counted).
pub fn win_score(view: &PlayerView, pai: Pai, on: WinOn) -> Option<Score> {
    let kind = pai.kind()?;
    let extra = match on {
        WinOn::Draw { .. } => None,
        WinOn::Discard | WinOn::RobbedKan => Some(pai),
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
/// completes the hand exactly when it is one of the waits the view keeps. Under the wuhan
/// table a hand of 2-5-8s only or honours only is complete in any shape (将一色, 风一色).
fn completes(view: &PlayerView, extra: Option<Kind>) -> bool {
    if view.rules().variant == Variant::Wuhan && any_shape(view, extra) {
        return true;
    }
    let melds = view.own_melds().len() as u8;
    match extra {
        Some(k) if view.jokers() == 0 => view.waits().contains(k),
        Some(k) => {
            let mut c = *view.counts();
            if c[k] >= 4 {
                return false;
            }
            c.add(k);
            hupai_core::is_agari_with_jokers(&c, view.jokers(), melds, view.forms())
        }
        None => hupai_core::is_agari_with_jokers(view.counts(), view.jokers(), melds, view.forms()),
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
    for p in view.hand.iter().chain(extra.iter()) {
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
            ctx.kong_discard = view.last_discard_after_kong;
            ctx.dealer_discard = view.last_discard.is_some_and(|(s, _)| s == view.dealer);
        }
        WinOn::RobbedKan => {
            ctx.robbing_kong = true;
            ctx.first_turn = fresh && view.own_draws() == 0;
        }
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
        ctx.riichi_sticks = view.kyotaku;
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
        let o = me.add(i + 1);
        let robbed =
            |m: &Meld| on == WinOn::RobbedKan && Some(o) == from && m.kind() == MeldKind::AddedKan;
        // A robbed kong never stood: its player pays for the pon it was.
        let melds: Vec<Meld> = view.melds[o.index()]
            .iter()
            .map(|m| if robbed(&m.meld) { Meld::pon(m.meld.first()) } else { m.meld })
            .collect();
        *d = hupai_rules::wuhan::own_doublings(view.rules(), &melds, view.lone_kong_counts(o));
    }
    ctx.discarder = from.map(|f| me.distance_to(f) as u8);
}

/// The flowers the seat has set aside: how many, and which.
fn set_flowers(view: &PlayerView, ctx: &mut WinContext) {
    let own = &view.flowers[view.seat.index()];
    ctx.flowers = own.len() as u8;
    ctx.flower_mask = own.iter().filter_map(|p| p.flower_number()).fold(0, |m, n| m | 1 << n);
}

/// Copies of `kind` on the table: rivers and open melds.
fn visible(view: &PlayerView, kind: Kind) -> usize {
    let river = view.rivers.iter().flatten().filter(|r| r.pai.kind() == Some(kind)).count();
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

fn riichi_family(view: &PlayerView) -> bool {
    view.rules().variant == Variant::Riichi
}

fn turn(view: &PlayerView, after_call: bool, replacement: bool, out: &mut Vec<Action>) {
    let rules = view.rules();
    let me = view.seat.index();
    if view.has_left(view.seat) {
        return;
    }
    let locked = view.is_locked_by_win(view.seat);
    let in_riichi = view.riichi[me] || locked;
    if !after_call {
        if let Some(pai) = view.drawn {
            if win_score(view, pai, WinOn::Draw { replacement }).is_some() {
                out.push(Action::Tsumo);
            }
        }
        if !locked {
            kans(view, out);
        }
        let orphans = || Kind::ORPHANS.iter().filter(|&&k| view.counts()[k] > 0).count();
        if riichi_family(view)
            && rules.abortive_draws
            && view.no_calls
            && view.own_draws() == 1
            && !replacement
            && orphans() >= 9
        {
            out.push(Action::NineTerminals);
        }
    }
    if !locked {
        lone_kongs(view, out);
    }
    if in_riichi {
        if let Some(pai) = view.drawn {
            out.push(Action::Discard { pai, tsumogiri: true });
        }
        return;
    }
    let first = out.len();
    let mut banned = view.kuikae();
    // 红中杠, 赖子杠: a lone-kong red dragon or joker leaves the hand only as a lone kong.
    for k in [Some(Kind::RED), view.joker].into_iter().flatten() {
        let tile = view.lone_kong_tile(k);
        if matches!(tile, Some(LoneKongTile::RedDragon | LoneKongTile::Joker)) {
            banned.insert(k);
        }
    }
    if view.void_tiles() > 0 {
        // 定缺: the void suit goes first.
        for k in Kind::all().filter(|&k| !is_void(view, k)) {
            banned.insert(k);
        }
    }
    discards(view, banned, out);
    let melds = view.own_melds().len() as u8;
    // Riichi: closed, a stick to pay, four tiles left; 报听 (Chinese families): any ready
    // hand with a tile left to draw.
    let may_declare = if riichi_family(view) {
        !after_call && view.is_closed() && view.scores[me] >= 1000 && view.live_tiles() >= 4
    } else {
        rules.declare_ready != DeclareReady::Off && view.live_tiles() >= 1
    };
    let may_riichi = may_declare
        && view.shanten() <= 1
        && hupai_core::shanten(view.counts(), melds, view.forms()) <= 0;
    if may_riichi {
        for i in first..out.len() {
            let Action::Discard { pai, tsumogiri } = out[i] else { continue };
            if leaves_ready(view, pai) {
                out.push(Action::Riichi { pai, tsumogiri });
            }
        }
    }
}

/// Whether discarding `pai` leaves the seat ready.
fn leaves_ready(view: &PlayerView, pai: Pai) -> bool {
    let Some(k) = pai.kind() else { return false };
    let mut c = *view.counts();
    if c[k] == 0 {
        return false;
    }
    c.remove(k);
    !hupai_core::waits(&c, view.own_melds().len() as u8, view.forms()).is_empty()
}

/// The discards: the drawn tile first, then each other tile name once, in [`Pai`] order,
/// without the kinds in `banned`.
fn discards(view: &PlayerView, banned: KindSet, out: &mut Vec<Action>) {
    let hand = &view.hand;
    out.reserve(hand.len());
    let mut skip = Pai::HIDDEN;
    let allowed = |pai: Pai| banned.is_empty() || !pai.kind().is_some_and(|k| banned.contains(k));
    if let Some(pai) = view.drawn.filter(|&p| allowed(p)) {
        out.push(Action::Discard { pai, tsumogiri: true });
        skip = pai;
    }
    let mut last = Pai::HIDDEN;
    for &pai in hand {
        if pai == skip {
            skip = Pai::HIDDEN;
            continue;
        }
        if pai == last {
            continue;
        }
        if !banned.is_empty() && pai.kind().is_some_and(|k| banned.contains(k)) {
            continue;
        }
        last = pai;
        out.push(Action::Discard { pai, tsumogiri: false });
    }
}

/// After the seat's riichi declaration (mjai's two steps): the discards that keep it ready.
fn riichi_discards(view: &PlayerView, out: &mut Vec<Action>) {
    let mut all = Vec::new();
    discards(view, KindSet::EMPTY, &mut all);
    out.extend(all.into_iter().filter(|a| a.discarded().is_some_and(|p| leaves_ready(view, p))));
}

/// Lone kongs (Wuhan): one option per lone-kong kind the seat holds, at its own turn after
/// a draw or a call, while the wall has a tile or not (with none left the hand is drawn).
fn lone_kongs(view: &PlayerView, out: &mut Vec<Action>) {
    if !view.rules().has_lone_kongs() {
        return;
    }
    let indicator = view.joker_marker.and_then(Pai::kind);
    let kinds = [Some(Kind::RED), view.joker, indicator];
    for (i, k) in kinds.into_iter().enumerate() {
        let Some(k) = k else { continue };
        if kinds[..i].contains(&Some(k)) || view.lone_kong_tile(k).is_none() {
            continue;
        }
        let held = if Some(k) == view.joker { view.jokers() } else { view.counts()[k] };
        if held > 0 {
            out.push(Action::LoneKong(k));
        }
    }
}

/// Closed and added kans.
fn kans(view: &PlayerView, out: &mut Vec<Action>) {
    let rules = view.rules();
    let riichi = riichi_family(view);
    if !rules.kan || view.live_tiles() == 0 || (riichi && view.kans >= 4) {
        return;
    }
    let me = view.seat.index();
    let counts = view.counts();
    let melds = view.own_melds().len() as u8;
    if view.own_melds().is_empty() && !counts.0.contains(&4) {
        return;
    }
    let lone = |k: Kind| view.lone_kong_tile(k).is_some();
    for k in Kind::all().filter(|&k| counts[k] == 4 && !is_void(view, k) && !lone(k)) {
        if view.riichi[me] {
            if view.drawn.and_then(Pai::kind) != Some(k) {
                continue;
            }
            let mut c = *counts;
            c[k] = 0;
            let after = hupai_core::waits(&c, melds + 1, view.forms());
            if after != view.waits() || after.is_empty() {
                continue;
            }
        }
        out.push(Action::ClosedKan(k));
    }
    if view.riichi[me] {
        return;
    }
    for m in view.own_melds() {
        if m.meld.kind() == MeldKind::Pon && counts[m.meld.first()] > 0 {
            out.push(Action::AddedKan(m.meld.first()));
        }
    }
}

fn claim(view: &PlayerView, from: Seat, pai: Pai, out: &mut Vec<Action>) {
    let Some(kind) = pai.kind() else { return };
    if Some(kind) == view.joker {
        return;
    }
    let rules = view.rules();
    let me = view.seat;
    if ron_offered(view, pai, WinOn::Discard) {
        out.push(Action::Ron);
    }
    let counts = view.counts();
    let chi_possible = rules.chi && me == from.next() && !kind.is_honor();
    let may_call = !view.riichi[me.index()]
        && !view.has_won(me)
        && !is_void(view, kind)
        && view.live_tiles() > 0;
    if may_call && (counts[kind] >= 2 || chi_possible) {
        let of = |k: Kind| view.hand.iter().copied().filter(move |p| p.kind() == Some(k));
        if rules.pon && counts[kind] >= 2 {
            let mut same = [pai; 4];
            let mut n = 0;
            for p in of(kind).take(4) {
                same[n] = p;
                n += 1;
            }
            let same = &same[..n];
            for (i, &a) in same.iter().enumerate() {
                for &b in &same[i + 1..] {
                    let pair = [a, b];
                    if !out.contains(&Action::Pon(pair)) && leaves_discard(view, &pair, kind, None)
                    {
                        out.push(Action::Pon(pair));
                    }
                }
            }
        }
        if rules.kan && view.counts()[kind] >= 3 && !(riichi_family(view) && view.kans >= 4) {
            out.push(Action::OpenKan);
        }
        if chi_possible {
            for (a, b) in [(-2i8, -1i8), (-1, 1), (1, 2)] {
                let (Some(ka), Some(kb)) = (kind.offset(a), kind.offset(b)) else { continue };
                if counts[ka] == 0 || counts[kb] == 0 {
                    continue;
                }
                let other_end = match (a, b) {
                    (1, 2) => kind.offset(3),
                    (-2, -1) => kind.offset(-3),
                    _ => None,
                };
                for pa in of(ka) {
                    for pb in of(kb) {
                        let pair = [pa, pb];
                        if !out.contains(&Action::Chi(pair))
                            && leaves_discard(view, &pair, kind, other_end)
                        {
                            out.push(Action::Chi(pair));
                        }
                    }
                }
            }
        }
    }
    if !out.is_empty() {
        out.push(Action::Pass);
    }
}

/// Whether, after calling with `consumed`, a discard the swap-calling ban allows remains
/// (riichi rules; always true elsewhere).
fn leaves_discard(
    view: &PlayerView,
    consumed: &[Pai; 2],
    kind: Kind,
    other_end: Option<Kind>,
) -> bool {
    if !riichi_family(view) {
        return true;
    }
    let mut rest: Counts = *view.counts();
    for p in consumed {
        if let Some(k) = p.kind() {
            rest.remove(k);
        }
    }
    let banned = |k: Kind| k == kind || Some(k) == other_end;
    Kind::all().any(|k| rest[k] > 0 && !banned(k)) || view.jokers() > 0
}

fn robbing(view: &PlayerView, pai: Pai, closed: bool, out: &mut Vec<Action>) {
    let Some(kind) = pai.kind() else { return };
    if closed && !view.may_rob_closed_kan(kind) {
        return;
    }
    if ron_offered(view, pai, WinOn::RobbedKan) {
        out.push(Action::Ron);
        out.push(Action::Pass);
    }
}
