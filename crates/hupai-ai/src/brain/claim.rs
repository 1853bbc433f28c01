//! A decision on another seat's discard: call it or pass.

use hupai_core::{ukeire_with_jokers, Counts, Kind};
use hupai_engine::{Action, Candidate, Explanation, Pai, PlayerView};
use hupai_rules::{Rules, Variant};

use super::kong::open_kan_keeps;
use super::style::Style;
use super::threshold::threshold;
use crate::danger::{threats, Threat};
use crate::evaluate::evaluate_state;
use crate::params::Params;
use crate::plan::{best_shanten, plans_for};
use crate::situation::{MeldShape, Situation};

/// A decision on another seat's discard: call or pass (wins were taken already).
pub(super) fn claim(
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
            let reason = "the open kan keeps shanten and nearly all effective tiles";
            return style.decide(Action::OpenKan, reason, explain);
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
            let reason = "the discard is not an effective tile: pass";
            return style.decide(Action::Pass, reason, explain);
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
        if rules.variant == Variant::Riichi && shape_is_pointless(sit, shape) {
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
pub(super) fn shape_is_pointless(_sit: &Situation, _shape: MeldShape) -> bool {
    false
}

/// The counts without two tiles (`None` when one is not held or is a joker).
pub(super) fn remove_tiles(
    counts: &Counts,
    tiles: &[Pai; 2],
    joker: Option<Kind>,
) -> Option<Counts> {
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
