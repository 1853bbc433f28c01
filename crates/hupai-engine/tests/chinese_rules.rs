//! MCR, general Chinese and laizi rules, each with the rule it checks.

#![cfg(test)]

use crate::common;

use common::{act, discard_of, has, pass_all, play_checked, stack, stacked_game};
use hupai_core::Seat::{East, North, South, West};
use hupai_engine::{Action, Event};
use hupai_rules::Rules;

fn preset(name: &str) -> Rules {
    Rules::preset(name).expect("preset")
}

/// A 7-fan hand waiting on 9m (concealed hand 2, all chows 2, mixed double chow 1, short
/// straight 1, single wait 1), and a dealer who discards 9m.
fn seven_fans(rules: &Rules) -> hupai_engine::Game {
    let wall = stack(rules, East, ["9m", "123m123p456s789s9m", "", ""], "1z", "", "");
    let (mut game, _) = stacked_game(rules, None, wall);
    let a = discard_of(&game, East, "9m");
    act(&mut game, East, a);
    game
}

/// MCR 1998 rule book: "a hand must score at least 8 fans, flowers not counted, to win."
#[test]
fn mcr_refuses_a_seven_fan_win() {
    let game = seven_fans(&preset("mcr"));
    assert!(!has(&game, South, |a| *a == Action::Ron));
}

/// General Chinese rules: "any complete hand may win."
#[test]
fn chinese_accepts_the_same_hand() {
    let game = seven_fans(&preset("chinese"));
    assert!(has(&game, South, |a| *a == Action::Ron));
}

/// MCR: "when several players win on one discard, the first in turn order after the
/// discarder wins"; "on a discard the discarder pays 8 + fans, the other two 8 each."
#[test]
fn mcr_head_bump_and_payments() {
    let rules = preset("mcr");
    let hands =
        ["5z369m258p147s67z1z", "1122m3344p5566s5z", "1122m3344p5566s5z", "7788m7788p7799s5z"];
    let wall = stack(&rules, East, hands, "2z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let a = discard_of(&game, East, "5z");
    log.extend(act(&mut game, East, a));
    for s in [North, West, South] {
        assert!(has(&game, s, |a| *a == Action::Ron), "{s:?}");
        log.extend(act(&mut game, s, Action::Ron));
    }
    let wins: Vec<(u8, [i32; 4], u32)> = log
        .iter()
        .filter_map(|e| match e {
            Event::Hora { actor, deltas, han, .. } => {
                Some((actor.index() as u8, deltas.into_array(), *han))
            }
            _ => None,
        })
        .collect();
    assert_eq!(wins.len(), 1);
    let (actor, deltas, fans) = wins[0];
    assert_eq!(actor, 1, "South is first after East");
    let f = fans as i32;
    assert_eq!(deltas, [-(8 + f), 24 + f, -8, -8]);
}

/// MCR: "flowers are set aside and replaced from the back of the wall, at the deal and when
/// drawn."
#[test]
fn flowers_are_set_aside_and_replaced() {
    let rules = preset("mcr");
    let wall = stack(&rules, East, ["0z123m456p789s123z", "", "", ""], "0z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    game.check_invariants(total).expect("invariants");
    let flowers = log.iter().filter(|e| matches!(e, Event::Flower { actor: East, .. })).count();
    assert!(flowers >= 2, "{flowers} flowers");
    assert!(game.player(East).flowers.len() >= 2);
    assert_eq!(game.player(East).hand.len(), 14);
    pass_all(&mut game, &mut log);
}

/// MCR: "16 hands, four wind rounds; after each round the players change seats: East and
/// South swap, West and North swap after the first, ..." (seats A B C D, B A D C, C D B A,
/// D C A B).
#[test]
fn mcr_match_has_sixteen_hands_and_rotates_seats() {
    let (log, _) = play_checked(&preset("mcr"), 5, usize::MAX);
    let starts: Vec<[u8; 4]> = log
        .iter()
        .filter_map(|e| match e {
            Event::StartKyoku { players, .. } => *players,
            _ => None,
        })
        .collect();
    assert_eq!(starts.len(), 16);
    let want = [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 1, 0], [3, 2, 0, 1]];
    for (i, p) in starts.iter().enumerate() {
        assert_eq!(*p, want[i / 4], "hand {i}");
    }
}

/// Laizi: "after the deal a tile is turned up; the next kind in its suit is the joker";
/// "jokers cannot be called."
#[test]
fn laizi_turns_up_a_joker_that_cannot_be_called() {
    let rules = preset("laizi");
    // The joker indicator is the last tile of the wall: 4m, so 5m is wild.
    let wall = stack(&rules, East, ["5m", "55m", "", ""], "1z", "4m", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    assert_eq!(game.joker().map(|k| k.to_string()), Some("5m".into()));
    assert!(
        matches!(&log[1], Event::StartKyoku { joker_marker: Some(p), .. } if p.to_string() == "4m")
    );
    assert_eq!(game.view(South).jokers(), 2);
    let a = discard_of(&game, East, "5m");
    log.extend(act(&mut game, East, a));
    assert!(!has(&game, South, |a| matches!(a, Action::Pon(_) | Action::Chi(_) | Action::Ron)));
}

/// Chinese rules: "a win pays its fans: on a discard the discarder pays."
#[test]
fn chinese_discarder_pays_the_fans() {
    let rules = preset("chinese");
    let wall = stack(&rules, East, ["9m", "123m123p456s789s9m", "", ""], "1z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let a = discard_of(&game, East, "9m");
    log.extend(act(&mut game, East, a));
    log.extend(act(&mut game, South, Action::Ron));
    pass_all(&mut game, &mut log);
    let (deltas, fans) = log
        .iter()
        .find_map(|e| match e {
            Event::Hora { deltas, han, .. } => Some((*deltas, *han as i32)),
            _ => None,
        })
        .expect("a win");
    assert_eq!(deltas, [-fans, fans, 0, 0]);
}

/// 报听 rules: East is dealt `123m456p789s111z5z`, draws 6z, 1z for South, then West, North,
/// and 5z for East. Returns the game at East's first turn.
fn ready_to_declare(required: bool) -> (hupai_engine::Game, Vec<Event>) {
    let mode = if required { "required" } else { "optional" };
    let text =
        format!("extends = \"chinese\"\ndeclare_ready = \"{mode}\"\ndeclare_ready_fan = 1\n");
    let rules = Rules::from_toml_str(&text, "baoting.toml").expect("rules");
    let wall = stack(&rules, East, ["123m456p789s111z5z", "", "", ""], "6z1z2m2p5z", "", "");
    stacked_game(&rules, None, wall)
}

fn drawn_discard(game: &hupai_engine::Game, seat: hupai_core::Seat) -> Action {
    *game
        .pending()
        .options(seat)
        .iter()
        .find(|a| matches!(a, Action::Discard { tsumogiri: true, .. }))
        .expect("the drawn tile can go")
}

/// Each of South, West and North discards the tile it draws; every claim passes.
fn others_discard_their_draws(game: &mut hupai_engine::Game, log: &mut Vec<Event>, locked: bool) {
    for s in [South, West, North] {
        let a = drawn_discard(game, s);
        log.extend(act(game, s, a));
        if s == South && locked {
            assert!(!has(game, East, |a| matches!(a, Action::Pon(_) | Action::OpenKan)), "locked");
        }
        pass_all(game, log);
    }
}

/// 报听 (northern home rules): "听牌后可以报听；报听后不能再换牌，摸什么打什么，不能吃碰；报听胡牌
/// 加番" (a ready player may declare; after it the hand is locked: each drawn tile is discarded
/// unless it wins, no more calls; a declared win counts more). No stick is paid.
#[test]
fn a_declared_ready_hand_is_locked_and_its_win_counts_more() {
    let (mut game, mut log) = ready_to_declare(false);
    let total = game.total_points();
    let declare: Vec<Action> = game
        .pending()
        .options(East)
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Riichi { .. }))
        .collect();
    let names: Vec<String> =
        declare.iter().filter_map(|a| a.discarded()).map(|p| p.to_string()).collect();
    assert_eq!(names, ["F", "P"], "6z or 5z, each discard that leaves the hand ready: {declare:?}");
    log.extend(act(&mut game, East, declare[0]));
    pass_all(&mut game, &mut log);
    let accepted = log.iter().find_map(|e| match e {
        Event::ReachAccepted { deltas, .. } => Some(deltas.map(|d| d.into_array())),
        _ => None,
    });
    assert_eq!(accepted, Some(Some([0; 4])), "报听 costs no stick");
    assert_eq!(game.sticks(), 0);
    game.check_invariants(total).expect("invariants");
    others_discard_their_draws(&mut game, &mut log, true);
    let options = game.pending().options(East).to_vec();
    assert!(options.contains(&Action::Tsumo), "{options:?}");
    assert!(
        options
            .iter()
            .all(|a| matches!(a, Action::Tsumo | Action::Discard { tsumogiri: true, .. })),
        "locked: win or discard the drawn tile: {options:?}"
    );
    log.extend(act(&mut game, East, Action::Tsumo));
    let yaku = log.iter().find_map(|e| match e {
        Event::Hora { yaku, .. } => Some(yaku.clone()),
        _ => None,
    });
    let yaku = yaku.expect("a win");
    assert!(yaku.iter().any(|y| y.name == "declared_ready" && y.value == 1), "{yaku:?}");
}

/// 报听 required (山西/河北 推倒胡): "不报听不能胡" (a hand that has not declared cannot win).
#[test]
fn where_the_declaration_is_required_an_undeclared_hand_cannot_win() {
    let (mut game, mut log) = ready_to_declare(true);
    let plain = discard_of(&game, East, "6z");
    log.extend(act(&mut game, East, plain));
    pass_all(&mut game, &mut log);
    others_discard_their_draws(&mut game, &mut log, false);
    assert!(!has(&game, East, |a| *a == Action::Tsumo), "not declared: no win");
    let (mut game, mut log) = ready_to_declare(true);
    common::declare_riichi(&mut game, &mut log, East);
    others_discard_their_draws(&mut game, &mut log, true);
    assert!(has(&game, East, |a| *a == Action::Tsumo), "declared: the win is offered");
}

/// Random play keeps every invariant with 报听 in the general Chinese and Sichuan rules.
#[test]
fn declared_ready_hands_keep_every_invariant() {
    for base in ["chinese", "sichuan"] {
        let text =
            format!("extends = \"{base}\"\ndeclare_ready = \"optional\"\ndeclare_ready_fan = 1\n");
        let rules = Rules::from_toml_str(&text, "t.toml").expect("rules");
        for seed in 0..3 {
            let (log, _) = play_checked(&rules, seed, 20_000);
            let text: String = log.iter().map(|e| e.to_json() + "\n").collect();
            hupai_engine::replay(&text, None).unwrap_or_else(|e| panic!("{base} {seed}: {e}"));
        }
    }
}

/// MCR 和绝张 (Last Tile, 4): "winning on the last tile of its kind, the other three shown on
/// the table" (rivers and exposed melds, not the winner's hand). South waits on 3s (edge): three
/// 3s are thrown and let pass, the fourth wins with 和绝张. South waiting on 9m with one 9m in
/// hand wins on a 9m with two on the table, without 和绝张 (a discard's own tile is not one of
/// the three).
#[test]
fn last_tile_counts_the_three_on_the_table_besides_the_win_tile() {
    let rules = preset("chinese");
    let fans_of_win = |hand: &str, draws: &str, throws: usize| {
        let wall = stack(&rules, East, ["", hand, "", ""], draws, "", "");
        let (mut game, mut log) = stacked_game(&rules, None, wall);
        let mut seat = East;
        for _ in 0..throws {
            common::tsumogiri(&mut game, &mut log, seat);
            seat = seat.next();
        }
        let a = *game
            .pending()
            .options(seat)
            .iter()
            .find(|a| matches!(a, Action::Discard { tsumogiri: true, .. }))
            .expect("a discard");
        log.extend(act(&mut game, seat, a));
        assert!(has(&game, South, |a| *a == Action::Ron), "{hand}: the win is offered");
        log.extend(act(&mut game, South, Action::Ron));
        pass_all(&mut game, &mut log);
        common::wins(&log).remove(0).3
    };
    let edge = fans_of_win("123m123p456s99m12s", "1z2z3s3s3s4z3s", 6);
    assert!(edge.iter().any(|f| f == "last_tile"), "{edge:?}");
    let single = fans_of_win("123m123p456s789s9m", "1z2z3z9m9m5z6z7z9m", 8);
    assert!(!single.iter().any(|f| f == "last_tile"), "{single:?}");
}
