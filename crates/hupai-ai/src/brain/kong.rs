//! Kongs: a closed, added or open kan when it keeps the hand's shanten and effective
//! tiles (the Chinese variants, where a kong scores).

use hupai_core::Kind;
use hupai_engine::{Action, PlayerView};
use hupai_rules::{Rules, Variant};

use super::style::Style;
use super::threshold::threshold;
use crate::danger::threats;
use crate::evaluate::DiscardEval;
use crate::params::Params;
use crate::plan::{best_shanten, plans_for};
use crate::situation::{MeldShape, Situation};

/// A closed or added kan that keeps the best shanten and at least [`KONG_KEEP`] of the
/// effective tiles of the best discard (not against a threat when defending; `defensive`
/// takes any that raises shanten by at most [`PAID_KONG_SLACK`] where a kong pays at once,
/// [`PAID_KONG_KEEP`]). Chinese families only (kongs
/// score fans there); under riichi rules a kan before riichi also turns a dora for the
/// others, and allowing it measured no better (seed 7777: +40 against +54 points per hand).
pub(super) fn kan_choice(
    rules: &Rules,
    style: Style,
    params: &Params,
    view: &PlayerView,
    sit: &Situation,
    options: &[Action],
    best: &DiscardEval,
) -> Option<Action> {
    if sit.variant == Variant::Riichi {
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
pub(super) fn open_kan_keeps(
    rules: &Rules,
    style: Style,
    params: &Params,
    view: &PlayerView,
    sit: &Situation,
    kind: Kind,
) -> bool {
    if sit.variant == Variant::Riichi || sit.counts[kind] < 3 {
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
pub(super) fn kong_slack(rules: &Rules, style: Style) -> i8 {
    if style == Style::Defensive && rules.kong_payments != [0; 3] {
        PAID_KONG_SLACK
    } else {
        0
    }
}

/// The share of the effective tiles a kong must keep under `rules`.
pub(super) fn kong_keep_share(rules: &Rules, style: Style) -> f32 {
    if style == Style::Defensive && rules.kong_payments != [0; 3] {
        PAID_KONG_KEEP
    } else {
        KONG_KEEP
    }
}
