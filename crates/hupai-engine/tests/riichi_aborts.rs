//! Riichi abortive draws and riichi declaration limits, each with the rule it checks
//! (Tenhou ranked rules, the `riichi` preset).

#![cfg(test)]

use crate::common;

use common::{act, declare_riichi, discard, discard_of, has, pass_all, stack, stacked_game};
use hupai_core::Seat::{self, East, North, South, West};
use hupai_engine::{Action, Event};
use hupai_rules::Rules;

fn riichi() -> Rules {
    Rules::preset("riichi").expect("preset")
}

fn draw_reason(log: &[Event]) -> Option<&str> {
    log.iter().find_map(|e| match e {
        Event::Ryukyoku { reason, .. } => Some(reason.map_or("", |r| r.name())),
        _ => None,
    })
}

/// "Kyuushu kyuuhai: on a player's first draw, with no call made yet, a hand holding nine or
/// more different terminals and honours may declare an abortive draw."
#[test]
fn nine_terminals() {
    let rules = riichi();
    let wall = stack(&rules, East, ["19m19p19s1234z234m", "", "", ""], "5s", "", "");
    let (mut game, _) = stacked_game(&rules, None, wall);
    assert!(has(&game, East, |a| *a == Action::NineTerminals));
    let log = act(&mut game, East, Action::NineTerminals);
    assert_eq!(draw_reason(&log), Some("nine_terminals"));
}

/// Nine terminals is not offered after the first turn.
#[test]
fn nine_terminals_only_on_the_first_draw() {
    let rules = riichi();
    let wall = stack(&rules, East, ["19m19p19s1234z234m", "", "", ""], "5s6s7s8s2s", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    discard(&mut game, &mut log, East, "5s");
    for s in [South, West, North] {
        let a = discard_of(
            &game,
            s,
            match s {
                South => "6s",
                West => "7s",
                _ => "8s",
            },
        );
        log.extend(act(&mut game, s, a));
        pass_all(&mut game, &mut log);
    }
    assert!(!has(&game, East, |a| *a == Action::NineTerminals));
}

/// "Suufon renda: if all four players discard the same wind on their first discards, with no
/// call, the hand is aborted."
#[test]
fn four_winds() {
    let rules = riichi();
    let hands =
        ["1z234m567p234s569m", "1z345m678p345s129p", "1z456m789p456s127s", "1z678m123p789s346m"];
    let wall = stack(&rules, East, hands, "5z5z6z6z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    for s in Seat::ALL {
        discard(&mut game, &mut log, s, "1z");
    }
    assert_eq!(draw_reason(&log), Some("four_winds"));
}

/// Four tanki hands, each ready on its own honour.
fn four_ready() -> [&'static str; 4] {
    ["123456789m123p1z", "123456789m456p2z", "123456789m789p3z", "123406789m123s4z"]
}

/// "Suucha riichi: when all four players have declared riichi (and the fourth riichi
/// discard is not won on), the hand is aborted."
#[test]
fn four_riichi() {
    let rules = riichi();
    let wall = stack(&rules, East, four_ready(), "5z6z7z5z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    for s in Seat::ALL {
        declare_riichi(&mut game, &mut log, s);
    }
    assert_eq!(log.iter().filter(|e| matches!(e, Event::ReachAccepted { .. })).count(), 4);
    assert_eq!(draw_reason(&log), Some("four_riichi"));
}

/// "Riichi needs at least 1,000 points for the stick."
#[test]
fn riichi_refused_below_1000_points() {
    let rules = riichi();
    let wall = stack(&rules, East, four_ready(), "5z6z7z5z", "", "");
    let (game, _) = stacked_game(&rules, Some([900, 33000, 33100, 33000]), wall);
    assert!(!has(&game, East, |a| matches!(a, Action::Riichi { .. })));
    assert!(has(&game, East, |a| matches!(a, Action::Discard { .. })));
}

/// "Riichi needs at least four tiles left in the live wall (a draw still to come for
/// every player)." West draws with 7 and then 3 tiles left in its last two turns.
#[test]
fn riichi_refused_with_three_tiles_left() {
    let rules = riichi();
    let wall = stack(&rules, East, ["", "", "123456789m123p1z", ""], "", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let mut seen = Vec::new();
    while !game.is_over() {
        let seat = game.next_seat().expect("a seat decides");
        if game.pending().options(seat).contains(&Action::Pass) {
            pass_all(&mut game, &mut log);
            continue;
        }
        if seat == West {
            let ready = game.view(West).shanten() <= 0;
            let offered = has(&game, West, |a| matches!(a, Action::Riichi { .. }));
            let left = game.wall().live();
            assert_eq!(offered, ready && left >= 4, "{left} tiles left");
            seen.push(left);
        }
        // Everyone discards what it drew.
        let a = game
            .pending()
            .options(seat)
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Discard { .. }))
            .expect("discard");
        log.extend(act(&mut game, seat, a));
    }
    assert!(seen.contains(&3) && seen.contains(&7), "{seen:?}");
}

/// "Suukaikan: when four kans have been declared by more than one player, the hand is
/// aborted once the discard after the fourth kan is not won on."
#[test]
fn four_kans_by_two_players() {
    let rules = riichi();
    let wall = stack(&rules, East, ["111122223333m5z", "4444m", "", ""], "7z9p", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    for k in ["1m", "2m", "3m"] {
        let kind = common::kinds(k)[0].0;
        log.extend(act(&mut game, East, Action::ClosedKan(kind)));
        pass_all(&mut game, &mut log);
    }
    let a = discard_of(&game, East, "5z");
    log.extend(act(&mut game, East, a));
    pass_all(&mut game, &mut log);
    let kind = common::kinds("4m")[0].0;
    log.extend(act(&mut game, South, Action::ClosedKan(kind)));
    pass_all(&mut game, &mut log);
    assert_eq!(game.kans(), 4);
    let a = *game
        .pending()
        .options(South)
        .iter()
        .find(|a| matches!(a, Action::Discard { .. }))
        .expect("discard");
    log.extend(act(&mut game, South, a));
    pass_all(&mut game, &mut log);
    assert_eq!(draw_reason(&log), Some("four_kans"));
    assert_eq!(log.iter().filter(|e| matches!(e, Event::Dora { .. })).count(), 4);
}
