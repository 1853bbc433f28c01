//! Help for a seat's own decision, as the web client's help panel shows it: the hint of
//! [`hupai_ai::hint`] (shanten, the waits or effective tiles with the copies still unseen, what
//! each discard leaves, the AI's suggestion with its reason, the danger of each tile in the
//! hand and each opponent's threat), computed there and only sent from here, its fields as
//! `docs/protocol.md` describes them.
//!
//! The server's adviser, for the hint's suggestion and for the review ([`super::review`]), is
//! the strongest agent measured for the rules ([`adviser_spec`]): `search` in riichi, MCR,
//! Guangdong and Sichuan where winners leave, where it looks ahead at ready hands (and one
//! tile from ready late in the hand, or always where winners leave), bounded by a work budget
//! of about 5 ms a decision, and plays `defensive`'s choice elsewhere, so a hint costs at most
//! a few tens of milliseconds; `defensive` in the other families, where `search` has not
//! measured stronger (its figures are in `crates/hupai-ai/RESULTS.md`).
//!
//! ```
//! use hupai_engine::{Driver, Setup};
//! use hupai_rules::Rules;
//! use hupai_server::analysis::hints::{adviser, Hint};
//! let rules = Rules::preset("riichi").unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 7));
//! let prompt = driver.prompts().next().unwrap();
//! let hint = Hint::with_adviser(prompt.view, prompt.options, &mut *adviser(&rules));
//! assert!(!hint.discards.is_empty());
//! assert_eq!(hint.suggestion.unwrap().agent, "search");
//! ```

use hupai_ai::{AgentSpec, BuildOptions, Defensive};
use hupai_engine::Agent;
use hupai_rules::{AfterWin, Rules, Variant};

pub use hupai_ai::hint::{DiscardHint, Hint, Suggestion, ThreatHint, TileDanger, Unseen, Weighed};

/// The agent spec of the server's adviser (hints and the review) under `rules`: the agent that
/// measured strongest there (`crates/hupai-ai/RESULTS.md`). `search` leads three `defensive`
/// in riichi (points and rank, 40,000 duplicate hands on each of two seeds), Guangdong (+0.022
/// a hand over 32,000), Sichuan where winners leave (血战到底: +0.040 and +0.070 over 16,000
/// on each of two seeds) and MCR (+0.074 and +0.097 over 100,000 on each of two seeds); under
/// 血流成河 and in the other Chinese families it is level or not measured, so those tables are
/// advised by `defensive`.
pub fn adviser_spec(rules: &Rules) -> &'static str {
    match rules.variant {
        Variant::Riichi | Variant::Mcr | Variant::Guangdong => "search",
        Variant::Sichuan if rules.after_win == AfterWin::Leave => "search",
        Variant::Chinese | Variant::Sichuan | Variant::HongKong | Variant::Wuhan => "defensive",
    }
}

/// The server's adviser for a game under `rules`: [`adviser_spec`] from the registry. It is
/// deterministic (the search's budget is counted in work, not time), so a review of a log is
/// the same on every run and every machine.
pub fn adviser(rules: &Rules) -> Box<dyn Agent> {
    adviser_spec(rules)
        .parse::<AgentSpec>()
        .and_then(|spec| spec.build(rules, 0, 0, &BuildOptions::default()))
        // Both are built-in specs that take no file and start no process; a unit test checks
        // that they build, so this is never taken.
        .unwrap_or_else(|_| Box::new(Defensive::new(rules)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Seat;
    use hupai_engine::{Driver, Event, PlayerView, Setup};
    use std::sync::Arc;

    #[test]
    fn the_suggestion_is_the_advisers_decision_on_the_seats_own_view() {
        // A riichi hand played by `defensive`; at every decision the hint, computed from the
        // seat's stream read back from JSON (nothing from the game), suggests what the adviser
        // decides on the same view, one of the options, and names no tile the seat cannot see.
        let rules = Rules::preset("riichi").unwrap();
        let mut ai = Defensive::new(&rules);
        let (mut n, mut ready) = (0, 0);
        for seed in 0..20 {
            if ready > 0 {
                break;
            }
            let mut setup = Setup::new(rules.clone(), seed);
            setup.single_hand = true;
            let mut driver = Driver::new(setup);
            loop {
                let (p, d, action) = {
                    let Some(prompt) = driver.prompts().next() else { break };
                    (prompt.player, prompt.decision, ai.decide(prompt.view, prompt.options))
                };
                let mut view = PlayerView::for_player(p, Arc::new(rules.clone()));
                for e in driver.stream(p, 0) {
                    let read: Event = serde_json::from_str(&e.to_json()).unwrap();
                    view.update(&read).unwrap();
                }
                let options = hupai_engine::legal_options(&view);
                let hint = Hint::with_adviser(&view, &options, &mut *adviser(&rules));
                let s = hint.suggestion.as_ref().unwrap();
                assert!(options.contains(&s.action));
                assert_eq!(s.action, adviser(&rules).decide(driver.view_of(p), &options));
                assert_eq!(s.agent, "search");
                assert!(hint
                    .danger
                    .iter()
                    .all(|t| view.hand().iter().any(|h| h.kind() == t.pai.kind())));
                assert!(hint.threats.iter().all(|t| t.seat != view.seat.index()));
                assert_eq!(view.seat, Seat::ALL[p]);
                n += 1;
                // The search's own figures (its expected deal-in per option).
                ready += usize::from(
                    s.candidates.iter().any(|c| c.numbers.iter().any(|x| x.0 == "deal")),
                );
                driver.answer(p, d, action).unwrap();
            }
        }
        assert!(n > 20 && ready > 0, "{n} decisions, {ready} searched");
    }

    #[test]
    fn the_adviser_is_search_where_it_measured_strongest_and_defensive_elsewhere() {
        for preset in Rules::preset_names() {
            let rules = Rules::preset(preset).unwrap();
            let spec: AgentSpec = adviser_spec(&rules).parse().unwrap();
            assert!(spec.build(&rules, 0, 0, &BuildOptions::default()).is_ok(), "{preset}");
            let search =
                matches!(rules.variant, Variant::Riichi | Variant::Mcr | Variant::Guangdong)
                    || (rules.variant == Variant::Sichuan && rules.after_win == AfterWin::Leave);
            let want = if search { "search" } else { "defensive" };
            assert_eq!(
                search,
                ["mcr", "guangdong", "sichuan", "sichuan-exchange"].contains(&preset)
                    || rules.variant == Variant::Riichi,
                "{preset}"
            );
            assert_eq!(adviser(&rules).name(), want, "{preset}");
        }
    }
}
