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
//!   one never wins; no pon or kan of the void suit. A seat that won has left the hand
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

use hupai_core::{Counts, Kind, KindSet, MeldKind, Seat, Suit};
use hupai_rules::{DeclareReady, LoneKongTile, Variant};

use crate::pai_counts::NameBits;
use crate::view::{Decision, PlayerView};
use crate::win::{is_void, may_rob_closed_kan, ron_offered, win_score, WinOn};
use crate::{Action, Pai};

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
        Decision::Kita { pai, .. } => {
            if ron_offered(view, pai, WinOn::Kita) {
                out.extend([Action::Ron, Action::Pass]);
            }
        }
        Decision::Void => out.extend([Suit::Man, Suit::Pin, Suit::Sou].map(Action::Void)),
        Decision::Exchange => exchanges(view, out),
    }
}

/// 换三张: every choice of three tiles of one suit from the hand, as distinct [`Pai`]
/// multisets in [`Pai`] order.
fn exchanges(view: &PlayerView, out: &mut Vec<Action>) {
    // Runs of one pai, with their counts, in order.
    let runs: Vec<(Pai, usize)> = view.held.runs().collect();
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
    if !after_call && may_kita(view) {
        out.push(Action::Kita);
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
    let allowed = |pai: Pai| !pai.kind().is_some_and(|k| banned.contains(k));
    // The names held, as bits in [`Pai`] order, less the banned kinds' (plain and red).
    let mut names = view.held.names();
    for k in banned.iter() {
        names &= !(0b11 << (2 * k.index()));
    }
    if let Some(pai) = view.drawn.filter(|&p| allowed(p)) {
        out.push(Action::Discard { pai, tsumogiri: true });
        // The drawn tile's name is listed again only if another tile of it is held.
        let once = u128::from(view.held.count(pai) == 1);
        names &= !(once << pai.byte());
    }
    out.extend(NameBits(names).map(|pai| Action::Discard { pai, tsumogiri: false }));
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

/// 抜きドラ (three-player riichi): a North may be set aside in the seat's own turn after a
/// draw, while the wall has a tile for the replacement draw; in riichi only the North just
/// drawn (the waits stay the same).
fn may_kita(view: &PlayerView) -> bool {
    if !view.rules().kita {
        return false;
    }
    let north = Pai::kind_of(Kind::NORTH);
    let held = if view.riichi[view.seat.index()] {
        view.drawn == Some(north)
    } else {
        view.counts()[Kind::NORTH] > 0
    };
    held && view.live_tiles() > 0 && !view.has_won(view.seat)
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
    // A kind held four times has the bit of 4 set (no count is higher).
    let quad = counts.0.iter().fold(0, |all, &c| all | c) & 4 != 0;
    if view.own_melds().is_empty() && !quad {
        return;
    }
    let lone = |k: Kind| view.lone_kong_tile(k).is_some();
    let quads = Kind::all().filter(|&k| quad && counts[k] == 4 && !is_void(view, k) && !lone(k));
    for k in quads {
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
    let chi_possible = rules.chi && me == view.seats.next(from) && !kind.is_honor();
    let may_call = !view.riichi[me.index()]
        && !view.has_won(me)
        && !is_void(view, kind)
        && view.live_tiles() > 0;
    if may_call && (counts[kind] >= 2 || chi_possible) {
        let of = |k: Kind| view.held.of_kind(k);
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
    if closed && !may_rob_closed_kan(view, kind) {
        return;
    }
    if ron_offered(view, pai, WinOn::RobbedKan) {
        out.push(Action::Ron);
        out.push(Action::Pass);
    }
}
