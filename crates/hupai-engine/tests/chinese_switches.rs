//! The Chinese switches of Sichuan's rule book turned on in other Chinese rule sets: 过水
//! (`pass_win`) and 查叫 (`not_ready_pays`) extending `chinese` and `guangdong`, each test
//! quoting the rule text of `hupai_rules::Rules` it checks.

#![cfg(test)]

use crate::common;

use common::{act, discard_of, has, pass_all, stack, stacked_game, tsumogiri, wins};
use hupai_core::Seat::{East, North, South, West};
use hupai_engine::{default_action, Action, Event, Game, PaymentReason};
use hupai_rules::Rules;

const BASES: [&str; 2] = ["chinese", "guangdong"];

fn rules(base: &str, extra: &str) -> Rules {
    let text = format!("extends = \"{base}\"\n{extra}");
    Rules::from_toml_str(&text, "switches.toml").unwrap_or_else(|e| panic!("{base}: {e}"))
}

/// South waits on 9m alone (`123m123p456s789s9m`). Everyone throws away the honours it
/// draws; North draws and throws the first 9m, which South lets pass. Returns the game at
/// East's next turn, East holding a 9m.
fn a_win_let_pass(rules: &Rules) -> (Game, Vec<Event>) {
    let hands = ["9m", "123m123p456s789s9m", "", ""];
    // E S W N draw, North's is 9m; then E, and after East's 9m S W N, and E the last 9m.
    let wall = stack(rules, East, hands, "1z2z3z9m4z5z6z7z9m", "", "");
    let (mut game, mut log) = stacked_game(rules, None, wall);
    for seat in [East, South, West] {
        tsumogiri(&mut game, &mut log, seat);
    }
    let a = discard_of(&game, North, "9m");
    log.extend(act(&mut game, North, a));
    assert!(has(&game, South, |a| *a == Action::Ron), "South may win on North's 9m");
    pass_all(&mut game, &mut log);
    (game, log)
}

/// `pass_win` (过水): "a player who passes a win on a discard may not win on another discard
/// until its next draw". South lets North's 9m pass; East's 9m, before South draws again, is
/// not offered to it (the claim window does not wait for South, who draws at once); after
/// South's draw, East's next 9m wins. Without the switch East's first 9m is offered.
#[test]
fn a_passed_win_is_barred_until_the_next_draw() {
    for base in BASES {
        let on = rules(base, "pass_win = true\n");
        let (mut game, mut log) = a_win_let_pass(&on);
        let total = game.total_points();
        assert!(game.view(South).is_furiten(), "{base}: South let a win pass");
        let a = discard_of(&game, East, "9m");
        log.extend(act(&mut game, East, a));
        pass_all(&mut game, &mut log);
        assert!(wins(&log).is_empty(), "{base}");
        assert!(
            matches!(log.last(), Some(Event::Tsumo { actor: South, .. })),
            "{base}: barred, South draws: {:?}",
            log.last()
        );
        assert!(!game.view(South).is_furiten(), "{base}: South drew");
        for seat in [South, West, North] {
            tsumogiri(&mut game, &mut log, seat);
        }
        // East draws the last 9m and throws it.
        let a = discard_of(&game, East, "9m");
        log.extend(act(&mut game, East, a));
        assert!(has(&game, South, |a| *a == Action::Ron), "{base}: offered again");
        log.extend(act(&mut game, South, Action::Ron));
        pass_all(&mut game, &mut log);
        game.check_invariants(total).expect("invariants");
        let w = wins(&log);
        assert_eq!((w.len(), w[0].0, w[0].1), (1, South, East), "{base}");

        let (mut game, mut log) = a_win_let_pass(&Rules::preset(base).unwrap());
        assert!(!game.view(South).is_furiten(), "{base}: the preset has no 过水");
        let a = discard_of(&game, East, "9m");
        log.extend(act(&mut game, East, a));
        assert!(has(&game, South, |a| *a == Action::Ron), "{base}: offered at once");
    }
}

/// Plays the hand out: South ready on 9m, the three others not ready and throwing away what
/// they draw, every claim and win passed, to the wall's end. Returns the log.
fn played_to_the_wall_s_end(rules: &Rules) -> Vec<Event> {
    let hands = [
        "1m3m5m7m9m1p3p5p7p9p1s3s5s",
        "123m123p456s789s9m",
        "2m4m6m8m2p4p6p8p2s4s6s8s1z",
        "5m6m5p6p5s6s1z2z3z4z5z6z7z",
    ];
    let wall = stack(rules, East, hands, "", "", "");
    let (mut game, mut log) = stacked_game(rules, None, wall);
    let total = game.total_points();
    while !game.is_over() {
        let seat = game.pending().seats().next().expect("someone decides");
        let a = default_action(game.pending().options(seat));
        log.extend(act(&mut game, seat, a));
        game.check_invariants(total).expect("invariants");
    }
    log
}

fn not_ready_payments(log: &[Event]) -> Vec<(hupai_core::Seat, [i32; 4])> {
    log.iter()
        .filter_map(|e| match e {
            Event::Payment { reason: PaymentReason::NotReady, actor, deltas, .. } => {
                Some((*actor, deltas.into_array()))
            }
            _ => None,
        })
        .collect()
}

/// `not_ready_pays` (查叫): "at an exhaustive draw a player still in the hand who is not ready
/// pays each ready player the highest value its hand could win (as a win on a discard)". South's
/// best win on 9m, on a discard: 7 fans under `chinese` (concealed hand 2, all chows 2, mixed
/// double chow 1, short straight 1, single wait 1; the discarder pays the fans), 鸡胡 x1 under
/// `guangdong`; each of the three others pays South that. Without the switch the draw pays
/// nothing.
#[test]
fn at_the_wall_s_end_each_player_not_ready_pays_the_ready_one() {
    for (base, value) in [("chinese", 7), ("guangdong", 1)] {
        let log = played_to_the_wall_s_end(&rules(base, "not_ready_pays = true\n"));
        assert!(wins(&log).is_empty(), "{base}");
        let v = value;
        assert_eq!(
            not_ready_payments(&log),
            [(East, [-v, v, 0, 0]), (West, [0, v, -v, 0]), (North, [0, v, 0, -v])],
            "{base}"
        );
        let Some(Event::Ryukyoku { tenpai, deltas, scores, .. }) =
            log.iter().find(|e| matches!(e, Event::Ryukyoku { .. }))
        else {
            panic!("{base}: no draw")
        };
        let (tenpai, deltas) = (tenpai.into_array(), deltas.into_array());
        assert_eq!((tenpai, deltas), ([false, true, false, false], [0; 4]), "{base}");
        assert_eq!(scores.map(|s| s.into_array()), Some([-v, 3 * v, -v, -v]), "{base}");

        let log = played_to_the_wall_s_end(&Rules::preset(base).unwrap());
        assert_eq!(not_ready_payments(&log), [], "{base}: the preset has no 查叫");
        assert!(log.iter().all(|e| !matches!(e, Event::Payment { .. })), "{base}");
    }
}
