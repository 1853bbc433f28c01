//! The decision procedure shared by `efficiency` and `defensive`: wins are taken, discards are
//! ranked (by efficiency, or by push/fold expected value), riichi is declared when ready and
//! closed, and calls are made only when they lower shanten and keep a plan that can win.

use hupai_core::{ukeire_with_jokers, Counts, Kind};
use hupai_engine::{Action, Candidate, Explanation, Pai, PlayerView};
use hupai_rules::{Family, Rules};

use crate::danger::{expected_loss, threats, Threat};
use crate::evaluate::{evaluate_state, DiscardEval};
use crate::params::Params;
use crate::plan::{best_shanten, plans_for};
use crate::push_fold::{discard_ev, Stance};
use crate::situation::{MeldShape, Situation};

/// The readiness of the most threatening opponent above which discards are weighed by
/// push/fold expected value rather than by efficiency (riichi; the Chinese families call so
/// much more that only a hand with three calls counts, see [`push_fold_threat`]).
pub const PUSH_FOLD_THREAT: f32 = 0.35;

/// The push/fold threshold of a rule family.
pub fn push_fold_threat(family: Family) -> f32 {
    match family {
        Family::Riichi => PUSH_FOLD_THREAT,
        Family::Mcr | Family::Chinese => 0.75,
    }
}

/// The push/fold threshold `params` set, else the family's. Sichuan never folds by default:
/// a hand not ready at the wall's end pays every ready one (查大叫), and a deal-in costs one
/// payer's share of a small win; in duplicate self-play folding at the Chinese threshold lost
/// 0.019 ± 0.007 points a hand against `efficiency` (seed 1, 20,000 hands).
///
/// The Hong Kong and Guangdong tables never fold by default either: in duplicate self-play
/// against `efficiency` (seed 2026, 4,000 hands) folding at the Chinese threshold lost 6.9 ±
/// 2.3 points a hand in Hong Kong (win 16.5% against 24.2%), and 0.004 ± 0.003 in Guangdong
/// (20,000 hands), where every hand is won within a few turns.
fn threshold(params: &Params, sit: &Situation) -> f32 {
    let never = sit.sichuan || sit.fan_table.doubles();
    let default = if never { SICHUAN_THREAT } else { push_fold_threat(sit.family) };
    params.threat.unwrap_or(default)
}

/// Sichuan: whether to let a win on a discard pass and wait for a self-draw, which every
/// player still in pays (with 自摸加底), while the wall is long and the waits are live; a
/// hand still ready at the wall's end collects 查大叫 anyway, and 过水 holds only until the
/// next draw.
fn wait_for_self_draw(view: &PlayerView, sit: &Situation) -> bool {
    if !sit.sichuan || view.is_locked_by_win(view.seat) {
        return false;
    }
    let others = view.in_hand_seats().filter(|&s| s != view.seat).count();
    let live: u32 = view.waits().iter().map(|k| sit.unseen(k) as u32).sum();
    // 血流成河: a win does not end the winner's hand, and waiting gained nothing (seed 1,
    // 20,000 hands: -0.004 ± 0.005 a hand with a wall of 44 and 7 live tiles).
    if view.rules().after_win == hupai_rules::AfterWin::Stay {
        return false;
    }
    others >= 3 && view.live_tiles() >= WAIT_WALL && live >= WAIT_LIVE
}

/// Tiles the wall must still hold to let a win pass for a self-draw (Sichuan).
pub const WAIT_WALL: u32 = 24;
/// Live winning tiles a hand must have to let a win pass for a self-draw (Sichuan).
pub const WAIT_LIVE: u32 = 5;

/// The Sichuan push/fold threshold: above any threat, so the hand never folds.
pub const SICHUAN_THREAT: f32 = 2.0;

/// The shanten (best over every form, thirteen orphans included) from which a hand offered
/// the nine-terminals abortive draw takes it. At 3 nearly every such hand aborted (nine
/// kinds and a pair are three from thirteen orphans); at 4 only nine kinds without a pair
/// and no faster regular hand do. Four `defensive`, riichi, 60,000 hands, seed 101: win
/// 20.5% at 3, 20.6% at 4, 20.7% never aborting.
pub const NINE_TERMINALS_ABORT: i8 = 4;

/// How the shared procedure weighs discards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Pure efficiency.
    Efficiency,
    /// Efficiency plus the danger model and push/fold.
    Defensive,
}

impl Style {
    fn name(self) -> &'static str {
        match self {
            Style::Efficiency => "efficiency",
            Style::Defensive => "defensive",
        }
    }
}

/// Decides, and explains when `explain` is set.
pub fn think(
    rules: &Rules,
    style: Style,
    params: &Params,
    view: &PlayerView,
    options: &[Action],
    explain: bool,
) -> (Action, Option<Explanation>) {
    let fallback = options.first().copied().unwrap_or(Action::Pass);
    let simple = |action: Action, reason: &str| {
        let ex = explain.then(|| Explanation {
            agent: style.name().into(),
            action,
            reason: reason.into(),
            candidates: Vec::new(),
        });
        (action, ex)
    };
    if let Some(action) = crate::void::exchange(view.counts(), options) {
        return simple(action, "pass three tiles of the weakest suit (换三张)");
    }
    if options.iter().any(|a| matches!(a, Action::Void(_))) {
        let suit = crate::void::void_suit(view.counts());
        let action = Action::Void(suit);
        if options.contains(&action) {
            return simple(action, "void the shortest suit (定缺)");
        }
    }
    if options.contains(&Action::Tsumo) {
        return simple(Action::Tsumo, "a complete hand: win");
    }
    if let Some((action, reason)) = crate::lone_kong::choose(view, options) {
        return simple(action, reason);
    }
    if options.contains(&Action::Ron) {
        if style == Style::Defensive && options.contains(&Action::Pass) {
            let sit = Situation::new(view, rules);
            if wait_for_self_draw(view, &sit) {
                return simple(
                    Action::Pass,
                    "Sichuan: early, many live waits: wait for a self-draw",
                );
            }
        }
        return simple(Action::Ron, "a complete hand: win");
    }
    if options.len() == 1 {
        return simple(fallback, "the only option");
    }
    let sit = Situation::new(view, rules);
    if options.contains(&Action::Pass) {
        return claim(rules, style, params, view, &sit, options, explain);
    }
    if options.contains(&Action::NineTerminals) {
        let (s, _) = best_shanten(
            plans_for(&sit, &sit.melds, &sit.counts, true).as_slice(),
            &sit.counts,
            sit.jokers,
            &sit.melds,
            sit.forms,
        )
        .unwrap_or((i8::MAX, crate::plan::Plan::Any));
        if s >= NINE_TERMINALS_ABORT {
            return simple(Action::NineTerminals, "nine terminals on a slow hand: abort");
        }
    }
    if sit.in_riichi {
        // The engine offers a closed kan in riichi only when it keeps the waits.
        if let Some(kan) = options.iter().copied().find(|a| matches!(a, Action::ClosedKan(_))) {
            return simple(kan, "in riichi: a closed kan that keeps the waits");
        }
        let drawn = options.iter().copied().find(|a| matches!(a, Action::Discard { .. }));
        return simple(drawn.unwrap_or(fallback), "in riichi: discard the draw");
    }
    turn(rules, style, params, view, &sit, options, explain)
}

/// The option discarding `kind` (`None`: a joker), riichi if asked and offered; prefers a
/// plain copy over a red five and the drawn tile over a held one.
fn discard_action(
    _rules: &Rules,
    sit: &Situation,
    options: &[Action],
    kind: Option<Kind>,
    riichi: bool,
) -> Option<Action> {
    let want = kind.or(sit.joker);
    let mut best: Option<(Action, u8)> = None;
    for &o in options {
        let (pai, tsumogiri, is_riichi) = match o {
            Action::Discard { pai, tsumogiri } => (pai, tsumogiri, false),
            Action::Riichi { pai, tsumogiri } => (pai, tsumogiri, true),
            _ => continue,
        };
        if pai.kind() != want || is_riichi != riichi {
            continue;
        }
        let rank = 2 * u8::from(pai.is_red()) + u8::from(!tsumogiri);
        if best.is_none_or(|(_, r)| rank < r) {
            best = Some((o, rank));
        }
    }
    best.map(|(a, _)| a)
}

fn label(kind: Option<Kind>) -> String {
    kind.map_or_else(|| "joker".to_string(), |k| k.to_string())
}

fn eval_numbers(e: &DiscardEval) -> Vec<(&'static str, f64)> {
    let mut numbers = vec![
        ("shanten", e.shanten as f64),
        ("ukeire", e.count as f64),
        ("kinds", e.ukeire.len() as f64),
        ("second", e.second as f64),
        ("value", e.value as f64),
    ];
    if e.shanten == 0 {
        numbers.push(("wait", e.quality as f64));
    }
    numbers
}

/// A decision after a draw (or after a call): which tile, and riichi or not.
fn turn(
    rules: &Rules,
    style: Style,
    params: &Params,
    view: &PlayerView,
    sit: &Situation,
    options: &[Action],
    explain: bool,
) -> (Action, Option<Explanation>) {
    let evals = evaluate_state(sit, &sit.counts, sit.jokers, &sit.melds, sit.closed, true);
    let evals: Vec<DiscardEval> = evals
        .as_slice()
        .iter()
        .copied()
        .filter(|e| discard_action(rules, sit, options, e.kind, false).is_some())
        .collect();
    // The fourth same wind of the first go-around ends the hand for nothing: keep it when
    // any other discard is possible.
    let evals = match four_winds_kind(view, sit) {
        Some(w) if evals.iter().any(|e| e.kind != Some(w)) => {
            evals.into_iter().filter(|e| e.kind != Some(w)).collect()
        }
        _ => evals,
    };
    let fallback = options
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Discard { .. }))
        .unwrap_or(Action::Pass);
    if evals.is_empty() {
        return (fallback, None);
    }
    let mut evals = evals;
    if style == Style::Defensive && priced_waits(rules) {
        price_waits(view, sit, &mut evals);
    }
    if let Some(kan) = kan_choice(rules, style, params, view, sit, options, &evals[0]) {
        let ex = explain.then(|| Explanation {
            agent: style.name().into(),
            action: kan,
            reason: "the kan keeps shanten and nearly all effective tiles".into(),
            candidates: Vec::new(),
        });
        return (kan, ex);
    }
    let (chosen, reason, ranked) = match style {
        Style::Efficiency => {
            let ranked = if explain {
                evals.iter().enumerate().take(5).map(|(i, e)| (i, eval_numbers(e))).collect()
            } else {
                Vec::new()
            };
            (0, "efficiency: lowest shanten, most effective tiles".to_string(), ranked)
        }
        Style::Defensive => defensive_choice(params, view, sit, &evals, explain),
    };
    let e = evals[chosen];
    // Never riichi on a wait with no live tile: dama keeps the hand free to change it.
    let riichi = discard_action(rules, sit, options, e.kind, true).is_some()
        && e.shanten == 0
        && e.count > 0
        && !stay_dama(rules, view, sit, e.kind);
    let action = if riichi { discard_action(rules, sit, options, e.kind, true) } else { None }
        .or_else(|| discard_action(rules, sit, options, e.kind, false))
        .unwrap_or(fallback);
    let ex = explain.then(|| Explanation {
        agent: style.name().into(),
        action,
        reason,
        candidates: ranked
            .into_iter()
            .filter_map(|(i, numbers)| {
                let ev = evals.get(i)?;
                Some(Candidate {
                    action: discard_action(rules, sit, options, ev.kind, false).unwrap_or(fallback),
                    label: label(ev.kind),
                    numbers,
                })
            })
            .collect(),
    });
    (action, ex)
}

/// Whether `defensive` prices its waits by the payments ([`crate::wait_value`]): the
/// regional tables where each fan doubles and the pricing was measured to gain (Wuhan is
/// not one, see [`price_waits`]).
fn priced_waits(rules: &Rules) -> bool {
    use hupai_rules::FanTable;
    rules.family == Family::Chinese
        && matches!(rules.fan_table, FanTable::Sichuan | FanTable::Guangdong | FanTable::HongKong)
}

/// When the best discard leaves the hand ready: the ready discard whose wait quality times
/// the mean payment of its waits is highest goes first. In duplicate self-play against
/// `efficiency` (20,000 hands, with the paying kongs), seed 2026 against without: hongkong
/// +1.31 ± 0.45 a hand instead of -0.05 ± 0.18, sichuan-xueliu +0.094 ± 0.035 instead of
/// +0.071 ± 0.032, guangdong +0.057 ± 0.010 instead of +0.054 ± 0.009, sichuan +0.169 ±
/// 0.024 instead of +0.151 ± 0.022; seed 7: hongkong +1.36 ± 0.41, sichuan-xueliu +0.051 ±
/// 0.037, guangdong +0.051 ± 0.010. Wuhan is not priced: since the planner knows 二五八将
/// both agents reach only winnable waits, and pricing them (a scorer call per ready wait)
/// gained nothing: -0.14 ± 0.23 a hand (seed 7: -0.08 ± 0.24), win 24.9% against 25.0%.
fn price_waits(view: &PlayerView, sit: &Situation, evals: &mut [DiscardEval]) {
    if evals.first().is_none_or(|e| e.shanten != 0) {
        return;
    }
    let mut best: Option<(usize, f32)> = None;
    for (i, e) in evals.iter().enumerate() {
        let Some(k) = e.kind.filter(|_| e.shanten == 0 && e.count > 0) else { continue };
        let mut counts = sit.counts;
        counts[k] -= 1;
        let worth = e.quality * crate::wait_value::mean_payment(view, sit, counts);
        if best.is_none_or(|(_, w)| worth > w) {
            best = Some((i, worth));
        }
    }
    if let Some((i, _)) = best {
        evals[..=i].rotate_right(1);
    }
}

/// The wind whose discard would end the hand in a four-winds abortive draw: the seat is the
/// last of the first go-around, nobody has called, and the three others discarded this wind.
fn four_winds_kind(view: &PlayerView, sit: &Situation) -> Option<Kind> {
    if sit.family != Family::Riichi || !view.rivers[sit.me].is_empty() {
        return None;
    }
    if view.melds.iter().any(|m| !m.is_empty()) {
        return None;
    }
    let mut wind = None;
    for seat in (0..4).filter(|&s| s != sit.me) {
        let [p] = view.rivers[seat].as_slice() else { return None };
        let k = p.pai.kind().filter(|k| k.is_wind())?;
        if wind.is_some_and(|w| w != k) {
            return None;
        }
        wind = Some(k);
    }
    wind
}

/// A closed or added kan that keeps the best shanten and at least [`KONG_KEEP`] of the
/// effective tiles of the best discard (not against a threat when defending; `defensive`
/// takes any that raises shanten by at most [`PAID_KONG_SLACK`] where a kong pays at once,
/// [`PAID_KONG_KEEP`]). Chinese families only (kongs
/// score fans there); under riichi rules a kan before riichi also turns a dora for the
/// others, and allowing it measured no better (seed 7777: +40 against +54 points per hand).
fn kan_choice(
    rules: &Rules,
    style: Style,
    params: &Params,
    view: &PlayerView,
    sit: &Situation,
    options: &[Action],
    best: &DiscardEval,
) -> Option<Action> {
    if sit.family == Family::Riichi {
        return None;
    }
    if style == Style::Defensive {
        let threat = threats(view, sit).iter().map(|t| t.ready).fold(0.0f32, f32::max);
        if threat >= threshold(params, sit) {
            return None;
        }
    }
    for &o in options {
        let (kind, take, closed) = match o {
            Action::ClosedKan(k) => (k, 4, sit.closed),
            Action::AddedKan(k) => (k, 1, false),
            _ => continue,
        };
        if sit.counts[kind] < take {
            continue;
        }
        let mut counts = sit.counts;
        counts[kind] -= take;
        let mut melds = sit.melds.clone();
        if take == 4 {
            melds.push(MeldShape::Pung(kind));
        }
        let plans = plans_for(sit, &melds, &counts, closed);
        let Some((s, _)) = best_shanten(plans.as_slice(), &counts, sit.jokers, &melds, sit.forms)
        else {
            continue;
        };
        if s > best.shanten + kong_slack(rules, style) {
            continue;
        }
        let eff =
            crate::plan::effective(plans.as_slice(), &counts, sit.jokers, &melds, sit.forms, s);
        let share = kong_keep_share(rules, style);
        if s < best.shanten || sit.unseen_of(eff) as f32 >= best.count as f32 * share {
            return Some(o);
        }
    }
    None
}

/// Whether to call an open kan on a discarded `kind` the hand holds three of: as for
/// [`kan_choice`], Chinese families only, not against a threat, and only when the hand after
/// the kan (before its replacement draw) keeps the best shanten and at least [`KONG_KEEP`]
/// of the effective tiles ([`PAID_KONG_KEEP`] for `defensive` where a kong pays at once). The kong is a fan and the replacement draw a free tile.
fn open_kan_keeps(
    rules: &Rules,
    style: Style,
    params: &Params,
    view: &PlayerView,
    sit: &Situation,
    kind: Kind,
) -> bool {
    if sit.family == Family::Riichi || sit.counts[kind] < 3 {
        return false;
    }
    if style == Style::Defensive {
        let threat = threats(view, sit).iter().map(|t| t.ready).fold(0.0f32, f32::max);
        if threat >= threshold(params, sit) {
            return false;
        }
    }
    let plans_now = plans_for(sit, &sit.melds, &sit.counts, sit.closed);
    let Some((now, _)) =
        best_shanten(plans_now.as_slice(), &sit.counts, sit.jokers, &sit.melds, sit.forms)
    else {
        return false;
    };
    let now_eff = crate::plan::effective(
        plans_now.as_slice(),
        &sit.counts,
        sit.jokers,
        &sit.melds,
        sit.forms,
        now,
    );
    let mut counts = sit.counts;
    counts[kind] -= 3;
    let mut melds = sit.melds.clone();
    melds.push(MeldShape::Pung(kind));
    let plans = plans_for(sit, &melds, &counts, false);
    let Some((s, _)) = best_shanten(plans.as_slice(), &counts, sit.jokers, &melds, sit.forms)
    else {
        return false;
    };
    if s > now + kong_slack(rules, style) {
        return false;
    }
    let eff = crate::plan::effective(plans.as_slice(), &counts, sit.jokers, &melds, sit.forms, s);
    let share = kong_keep_share(rules, style);
    s < now || sit.unseen_of(eff) as f32 >= sit.unseen_of(now_eff) as f32 * share
}

/// The share of the best discard's effective tiles a kong must keep.
pub const KONG_KEEP: f32 = 0.8;

/// The share a kong must keep for `defensive` where a kong pays at once (`kong_payments`:
/// Sichuan 刮风下雨, Guangdong 明杠 3 / 补杠 1 / 暗杠 2): none, any kong that keeps shanten. In
/// duplicate self-play against `efficiency` (seed 2026, 20,000 hands), against the 0.8 of
/// [`KONG_KEEP`]: sichuan-xueliu +0.044 ± 0.024 a hand (0.5: +0.031 ± 0.020), guangdong
/// +0.029 ± 0.007 (0.5: +0.025 ± 0.006), sichuan +0.105 ± 0.018 instead of +0.051 ± 0.012,
/// sichuan-exchange +0.134 ± 0.023 instead of +0.057 ± 0.017.
pub const PAID_KONG_KEEP: f32 = 0.0;

/// How much a kong may raise shanten for `defensive` where a kong pays at once: one. In
/// duplicate self-play against `efficiency` (seed 2026, 20,000 hands), against none:
/// sichuan-xueliu +0.071 ± 0.032 a hand instead of +0.044 ± 0.024, guangdong +0.054 ± 0.009
/// instead of +0.029 ± 0.007, sichuan +0.151 ± 0.022 instead of +0.105 ± 0.018; two measured
/// the same as one (+0.072, +0.054, +0.151).
pub const PAID_KONG_SLACK: i8 = 1;

/// How much a kong may raise shanten under `rules`.
fn kong_slack(rules: &Rules, style: Style) -> i8 {
    if style == Style::Defensive && rules.kong_payments != [0; 3] {
        PAID_KONG_SLACK
    } else {
        0
    }
}

/// The share of the effective tiles a kong must keep under `rules`.
fn kong_keep_share(rules: &Rules, style: Style) -> f32 {
    if style == Style::Defensive && rules.kong_payments != [0; 3] {
        PAID_KONG_KEEP
    } else {
        KONG_KEEP
    }
}

/// Candidates ranked with their numbers, for explanations.
type Ranked = Vec<(usize, Vec<(&'static str, f64)>)>;

/// The defensive pick: efficiency with the safer tile on ties when nobody threatens,
/// push/fold expected value otherwise.
fn defensive_choice(
    params: &Params,
    view: &PlayerView,
    sit: &Situation,
    evals: &[DiscardEval],
    explain: bool,
) -> (usize, String, Ranked) {
    let th = threats(view, sit);
    let stance = Stance::read(sit, &th, &evals[0]);
    if stance.threat < threshold(params, sit) {
        let best = evals[0];
        // Safer tile only among exact ties: any loss of efficiency cost more than it saved.
        let floor = best.count;
        let mut chosen = 0;
        let mut chosen_loss = f32::MAX;
        for (i, e) in evals.iter().enumerate() {
            if e.shanten != best.shanten || e.count < floor || e.second < best.second {
                continue;
            }
            let loss = e.kind.map_or(0.0, |k| expected_loss(sit, &th, k));
            if loss < chosen_loss - 1.0 {
                chosen = i;
                chosen_loss = loss;
            }
        }
        let mut ranked: Ranked = Vec::new();
        if explain {
            for (i, e) in evals.iter().enumerate().take(5) {
                let mut n = eval_numbers(e);
                n.push(("loss", e.kind.map_or(0.0, |k| expected_loss(sit, &th, k)) as f64));
                ranked.push((i, n));
            }
            if let Some(pos) = ranked.iter().position(|(i, _)| *i == chosen) {
                let item = ranked.remove(pos);
                ranked.insert(0, item);
            }
        }
        return (chosen, stance.describe(&th), ranked);
    }
    let mut scored: Vec<(usize, f32, f32, f32)> = evals
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let (win, loss, ev) = discard_ev(sit, &th, e, params.fold);
            (i, win, loss, ev)
        })
        .collect();
    scored.sort_by(|a, b| {
        b.3.partial_cmp(&a.3).unwrap_or(std::cmp::Ordering::Equal).then(a.0.cmp(&b.0))
    });
    let mut ranked: Ranked = Vec::new();
    if explain {
        for &(i, win, loss, ev) in scored.iter().take(5) {
            let mut n = eval_numbers(&evals[i]);
            n.push(("win", win as f64));
            n.push(("loss", loss as f64));
            n.push(("ev", ev as f64));
            ranked.push((i, n));
        }
    }
    (scored[0].0, stance.describe(&th), ranked)
}

/// Whether a ready closed hand after discarding `kind` should not declare riichi: every wait
/// already scores at least [`crate::dama::DAMA_HAN`] han without it. 报听 in the Chinese
/// families is always declared on a live wait: it costs nothing but the lock, adds its fans,
/// and where it is required a hand that does not declare cannot win.
fn stay_dama(rules: &Rules, view: &PlayerView, sit: &Situation, kind: Option<Kind>) -> bool {
    if rules.family != hupai_rules::Family::Riichi {
        return false;
    }
    let Some(k) = kind else { return false };
    let mut ready = sit.counts;
    if ready[k] == 0 {
        return false;
    }
    ready[k] -= 1;
    let mut red = [0u8; 3];
    for p in view.hand.iter().filter(|p| p.is_red()) {
        if let Some(kind) = p.kind() {
            red[kind.suit().index().min(2)] += 1;
        }
    }
    let melds: Vec<hupai_core::Meld> = sit
        .melds
        .iter()
        .map(|m| match m {
            MeldShape::Pung(k) => hupai_core::Meld::kan(hupai_core::MeldKind::ClosedKan, *k),
            MeldShape::Chow(k) => hupai_core::Meld::chi(*k).unwrap_or(hupai_core::Meld::pon(*k)),
        })
        .collect();
    let indicators: Vec<Kind> = view.dora_markers.iter().filter_map(|p| p.kind()).collect();
    let seat_wind = view.seat_wind(view.seat);
    crate::dama::dama_han(rules, &ready, &melds, red, seat_wind, view.round_wind, &indicators)
        .is_some_and(|h| h >= crate::dama::DAMA_HAN)
}

/// A decision on another seat's discard: call or pass (wins were taken already).
fn claim(
    rules: &Rules,
    style: Style,
    params: &Params,
    view: &PlayerView,
    sit: &Situation,
    options: &[Action],
    explain: bool,
) -> (Action, Option<Explanation>) {
    let called = view.last_discard.and_then(|(_, p)| p.kind());
    if let Some(kind) = called.filter(|_| options.contains(&Action::OpenKan)) {
        if open_kan_keeps(rules, style, params, view, sit, kind) {
            let ex = explain.then(|| Explanation {
                agent: style.name().into(),
                action: Action::OpenKan,
                reason: "the open kan keeps shanten and nearly all effective tiles".into(),
                candidates: Vec::new(),
            });
            return (Action::OpenKan, ex);
        }
    }
    let plans_now = plans_for(sit, &sit.melds, &sit.counts, sit.closed);
    let now = best_shanten(plans_now.as_slice(), &sit.counts, sit.jokers, &sit.melds, sit.forms)
        .map_or(i8::MAX, |(s, _)| s);
    // A call is a draw that fixes a meld: it can only lower shanten when the called tile is
    // an effective tile of the hand now (checked cheaply before any evaluation).
    if plans_now.as_slice() == [crate::plan::Plan::Any] {
        let useful = ukeire_with_jokers(&sit.counts, sit.jokers, sit.meld_count(), sit.forms);
        if called.is_none_or(|k| !useful.contains(k)) {
            let ex = explain.then(|| Explanation {
                agent: style.name().into(),
                action: Action::Pass,
                reason: "the discard is not an effective tile: pass".into(),
                candidates: Vec::new(),
            });
            return (Action::Pass, ex);
        }
    }
    let threat = if style == Style::Defensive {
        threats(view, sit).iter().map(|t: &Threat| t.ready).fold(0.0f32, f32::max)
    } else {
        0.0
    };
    let mut candidates = vec![Candidate {
        action: Action::Pass,
        label: "pass".into(),
        numbers: vec![("shanten", now as f64)],
    }];
    let mut best: Option<(Action, i8, u32)> = None;
    for &o in options {
        let (tiles, shape) = match (o, called) {
            (Action::Pon(t), Some(c)) => (t, MeldShape::Pung(c)),
            (Action::Chi(t), Some(c)) => {
                let low = [t[0].kind(), t[1].kind(), Some(c)]
                    .into_iter()
                    .flatten()
                    .min_by_key(|k| k.index())
                    .unwrap_or(c);
                (t, MeldShape::Chow(low))
            }
            _ => continue,
        };
        if rules.family == Family::Riichi && shape_is_pointless(sit, shape) {
            continue;
        }
        let Some(after) = remove_tiles(&sit.counts, &tiles, sit.joker) else { continue };
        let mut melds = sit.melds.clone();
        melds.push(shape);
        let evals = evaluate_state(sit, &after, sit.jokers, &melds, false, false);
        let Some(e) = evals.as_slice().first() else { continue };
        candidates.push(Candidate {
            action: o,
            label: format!("{o}"),
            numbers: vec![
                ("shanten", e.shanten as f64),
                ("ukeire", e.count as f64),
                ("value", e.value as f64),
            ],
        });
        let folding = threat >= threshold(params, sit) && e.shanten >= 1;
        if e.shanten < now
            && !folding
            && best.is_none_or(|(_, s, c)| {
                (e.shanten, std::cmp::Reverse(e.count)) < (s, std::cmp::Reverse(c))
            })
        {
            best = Some((o, e.shanten, e.count));
        }
    }
    let action = best.map_or(Action::Pass, |(a, _, _)| a);
    let reason = if action == Action::Pass {
        if threat >= threshold(params, sit) {
            "a call would not make the hand ready against a threat: pass".to_string()
        } else {
            "no call lowers shanten with a way to win: pass".to_string()
        }
    } else {
        "the call lowers shanten and keeps a way to win".to_string()
    };
    candidates.sort_by_key(|c| if c.action == action { 0 } else { 1 });
    candidates.truncate(5);
    let ex =
        explain.then(|| Explanation { agent: style.name().into(), action, reason, candidates });
    (action, ex)
}

/// Riichi: a call of nothing useful (never reached: plans decide); kept as a hook for rules.
fn shape_is_pointless(_sit: &Situation, _shape: MeldShape) -> bool {
    false
}

/// The counts without two tiles (`None` when one is not held or is a joker).
fn remove_tiles(counts: &Counts, tiles: &[Pai; 2], joker: Option<Kind>) -> Option<Counts> {
    let mut out = *counts;
    for t in tiles {
        let k = t.kind()?;
        if Some(k) == joker || out[k] == 0 {
            return None;
        }
        out[k] -= 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Seat;
    use hupai_engine::{legal_options, Event, Pai, RiverEntry};

    fn pais(text: &str) -> Vec<Pai> {
        text.split(' ').map(|p| p.parse().unwrap()).collect()
    }

    #[test]
    fn an_open_kan_of_a_held_pung_in_the_chinese_families_only() {
        let nine: Pai = "9p".parse().unwrap();
        for preset in ["chinese", "mcr", "riichi"] {
            let rules = Rules::preset(preset).unwrap();
            let tiles = pais("1m 2m 3m 4p 5p 6p 7s 8s 9s 9p 9p 9p E");
            let mut view =
                PlayerView::dealt(&rules, Seat::South, Seat::East, &tiles, None).unwrap();
            view.update(&Event::Tsumo { actor: Seat::East, pai: Pai::HIDDEN }).unwrap();
            view.update(&Event::Dahai { actor: Seat::East, pai: nine, tsumogiri: true }).unwrap();
            let options = legal_options(&view);
            assert!(options.contains(&Action::OpenKan), "{preset}: {options:?}");
            let (a, _) =
                think(&rules, Style::Defensive, &Params::default(), &view, &options, false);
            if preset == "riichi" {
                assert_ne!(a, Action::OpenKan);
            } else {
                assert_eq!(a, Action::OpenKan, "{preset}");
            }
        }
    }

    #[test]
    fn the_fourth_wind_of_the_first_go_around_is_kept() {
        let rules = Rules::preset("riichi").unwrap();
        let tiles = pais("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 5m 5m");
        let east: Pai = "E".parse().unwrap();
        let mut view =
            PlayerView::dealt(&rules, Seat::North, Seat::North, &tiles, Some(east)).unwrap();
        let discards = |a: Action| a.discarded().and_then(Pai::kind);
        // Alone, East is the tile to let go.
        let opts = legal_options(&view);
        let (free, _) = think(&rules, Style::Defensive, &Params::default(), &view, &opts, false);
        assert_eq!(discards(free), east.kind());
        // After three Easts in the first go-around it would end the hand: keep it.
        for seat in 0..3 {
            view.rivers[seat] = vec![RiverEntry::new(east)];
            view.discarded[seat].insert(Kind::EAST);
        }
        for style in [Style::Efficiency, Style::Defensive] {
            let (kept, _) = think(&rules, style, &Params::default(), &view, &opts, false);
            assert_ne!(discards(kept), east.kind(), "{style:?}");
        }
    }
}
