//! The decision procedure shared by `efficiency` and `defensive`: wins are taken, discards are
//! ranked (by efficiency, or by push/fold expected value), riichi is declared when ready and
//! closed, and calls are made only when they lower shanten and keep a plan that can win.

mod claim;
mod discard;
mod kong;
mod self_draw;
mod style;
mod threshold;

use hupai_engine::{Action, Explanation, PlayerView};
use hupai_rules::Rules;

pub use self::style::Style;
use crate::params::Params;
use crate::plan::{best_shanten, plans_for};
use crate::situation::Situation;

/// The shanten (best over every form, thirteen orphans included) from which a hand offered
/// the nine-terminals abortive draw takes it. At 3 nearly every such hand aborted (nine
/// kinds and a pair are three from thirteen orphans); at 4 only nine kinds without a pair
/// and no faster regular hand do. Four `defensive`, riichi, 60,000 hands, seed 101: win
/// 20.5% at 3, 20.6% at 4, 20.7% never aborting.
pub const NINE_TERMINALS_ABORT: i8 = 4;

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
    let simple = |action: Action, reason: &str| style.decide(action, reason, explain);
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
    if let Some((action, reason)) = crate::kita::choose(view, options) {
        return simple(action, reason);
    }
    if options.contains(&Action::Ron) {
        if style == Style::Defensive && options.contains(&Action::Pass) {
            let sit = Situation::new(view, rules);
            if self_draw::wait_for_self_draw(view, &sit) {
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
        return claim::claim(rules, style, params, view, &sit, options, explain);
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
    discard::turn(rules, style, params, view, &sit, options, explain)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::{Kind, Seat};
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
