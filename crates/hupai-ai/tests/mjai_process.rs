//! External bots that misbehave never stop a game: unreadable or illegal replies, silence and
//! a process that dies all give the seat its default action, and each is counted.

#![cfg(test)]

use std::time::Duration;

use hupai_ai::arena::{run_arena, ArenaConfig, Entrant, Length};
use hupai_ai::mjai_process::Replies;
use hupai_ai::{AgentSpec, BuildOptions};
use hupai_rules::Rules;

fn arena(bot: &str, replies: Replies, timeout_ms: u64) -> hupai_ai::stats::ArenaResult {
    let options = BuildOptions { bot_timeout: Duration::from_millis(timeout_ms), replies };
    let spec: AgentSpec = bot.parse().expect("spec");
    let entrants = [
        Entrant::spec(spec, options),
        Entrant::spec("efficiency".parse().expect("spec"), options),
        Entrant::spec("efficiency".parse().expect("spec"), options),
        Entrant::spec("efficiency".parse().expect("spec"), options),
    ];
    let mut config = ArenaConfig::new(Rules::preset("riichi").expect("preset"), entrants, 3);
    config.length = Length::Hands(2);
    config.threads = 1;
    run_arena(&config, &|_| {}).expect("the games complete")
}

fn bot<'a>(r: &'a hupai_ai::stats::ArenaResult, prefix: &str) -> &'a hupai_ai::stats::AgentStats {
    r.agents.iter().find(|a| a.name.starts_with(prefix)).expect("the bot's figures")
}

#[test]
fn unreadable_replies_are_counted_as_illegal() {
    let r = arena("mjai:sh -c 'while read l; do echo garbage; done'", Replies::EveryEvent, 2000);
    let b = bot(&r, "mjai:");
    assert_eq!(r.hands, 2);
    assert!(b.illegal > 5, "{} illegal", b.illegal);
    assert_eq!(b.timeouts, 0);
}

#[test]
fn replies_for_another_seat_or_the_wrong_move_are_illegal() {
    // Always the same discard for seat 3: never legal for seat 0.
    let line = r#"{\"type\":\"dahai\",\"actor\":3,\"pai\":\"1m\",\"tsumogiri\":false}"#;
    let spec = format!("mjai:sh -c \"while read l; do echo '{line}'; done\"");
    let r = arena(&spec, Replies::EveryEvent, 2000);
    assert!(bot(&r, "mjai:").illegal > 5);
}

#[test]
fn silence_is_a_timeout() {
    let r = arena("mjai:sh -c 'while read l; do :; done'", Replies::WhenAble, 20);
    let b = bot(&r, "mjai:");
    assert!(b.timeouts > 5, "{} timeouts", b.timeouts);
    assert_eq!(b.illegal, 0);
}

#[test]
fn a_silent_classic_bot_costs_one_timeout_per_decision_not_per_event() {
    // The classic protocol owes a reply for every event, but the clock runs per decision: a
    // seat is shown dozens of events between two of its decisions.
    let start = std::time::Instant::now();
    let r = arena("mjai:sh -c 'while read l; do :; done'", Replies::EveryEvent, 100);
    let took = start.elapsed();
    let b = bot(&r, "mjai:");
    assert_eq!(r.hands, 2);
    assert!(b.timeouts > 5, "{} timeouts", b.timeouts);
    let waited = Duration::from_millis(100) * b.timeouts as u32;
    assert!(took < waited + Duration::from_secs(3), "{took:?} for {} timeouts", b.timeouts);
}

#[test]
fn a_bot_that_dies_is_replaced_for_the_rest_of_the_game() {
    let r = arena("mjai:sh -c 'read l; exit 0'", Replies::EveryEvent, 2000);
    assert_eq!(r.hands, 2);
    assert_eq!(bot(&r, "mjai:").illegal, 0);
}

#[test]
fn a_command_that_does_not_exist_is_an_error_that_names_it() {
    let spec: AgentSpec = "mjai:/nonexistent/bot --x".parse().expect("spec");
    let rules = Rules::preset("riichi").expect("preset");
    let Err(err) = spec.build(&rules, 0, 0, &BuildOptions::default()) else {
        panic!("no such program, yet it started")
    };
    assert!(err.to_string().contains("/nonexistent/bot"), "{err}");
}
