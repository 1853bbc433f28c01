//! A decision after a draw (or a call): which tile to discard, and riichi (报听) or not.

use hupai_core::Kind;
use hupai_engine::{Action, Candidate, Explanation, PlayerView};
use hupai_rules::{Rules, Variant};

use super::kong::kan_choice;
use super::style::Style;
use super::threshold::{read_threats, threshold};
use crate::danger::expected_loss;
use crate::evaluate::{evaluate_state, DiscardEval};
use crate::params::Params;
use crate::push_fold::{discard_ev, Stance};
use crate::situation::{MeldShape, Situation};

/// The option discarding `kind` (`None`: a joker), riichi if asked and offered; prefers a
/// plain copy over a red five and the drawn tile over a held one.
pub(super) fn discard_action(
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

pub(super) fn label(kind: Option<Kind>) -> String {
    kind.map_or_else(|| "joker".to_string(), |k| k.to_string())
}

pub(super) fn eval_numbers(e: &DiscardEval) -> Vec<(&'static str, f64)> {
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
pub(super) fn turn(
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
        return style.decide(kan, "the kan keeps shanten and nearly all effective tiles", explain);
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
pub(super) fn priced_waits(rules: &Rules) -> bool {
    match rules.variant {
        Variant::Sichuan | Variant::Guangdong | Variant::HongKong => true,
        Variant::Riichi | Variant::Mcr | Variant::Chinese | Variant::Wuhan => false,
    }
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
pub(super) fn price_waits(view: &PlayerView, sit: &Situation, evals: &mut [DiscardEval]) {
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
pub(super) fn four_winds_kind(view: &PlayerView, sit: &Situation) -> Option<Kind> {
    if sit.variant != Variant::Riichi || !view.rivers[sit.me].is_empty() {
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

/// Candidates ranked with their numbers, for explanations.
pub(super) type Ranked = Vec<(usize, Vec<(&'static str, f64)>)>;

/// The defensive pick: efficiency with the safer tile on ties when nobody threatens,
/// push/fold expected value otherwise.
pub(super) fn defensive_choice(
    params: &Params,
    view: &PlayerView,
    sit: &Situation,
    evals: &[DiscardEval],
    explain: bool,
) -> (usize, String, Ranked) {
    let th = read_threats(params, view, sit);
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
pub(super) fn stay_dama(
    rules: &Rules,
    view: &PlayerView,
    sit: &Situation,
    kind: Option<Kind>,
) -> bool {
    if rules.variant != Variant::Riichi {
        return false;
    }
    let Some(k) = kind else { return false };
    let mut ready = sit.counts;
    if ready[k] == 0 {
        return false;
    }
    ready[k] -= 1;
    let mut red = [0u8; 3];
    for p in view.hand().iter().filter(|p| p.is_red()) {
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
