//! Guangdong 推倒胡, each test quoting the rule it checks (the room rules named in
//! `hupai_rules::guangdong`).

#![cfg(test)]

use crate::common;

use common::{act, discard_of, has, pass_all, play_checked, stack, stacked_game, tsumogiri, wins};
use hupai_core::Seat::{East, North, South, West};
use hupai_engine::{Action, Event, Game};
use hupai_rules::Rules;

fn rules_with(extra: &str) -> Rules {
    Rules::from_toml_str(&format!("extends = \"guangdong\"\n{extra}"), "t.toml").expect("rules")
}

/// South waits on 1s or 4s with a plain hand; everyone throws away a first draw (a win on a
/// first-turn discard would be 地胡), then East discards 4s.
fn plain_wait(rules: &Rules) -> (Game, Vec<Event>) {
    let hands = ["4s19m19p1s9s1234z5z6z", "123m456p789s23s55z", "", ""];
    let wall = stack(rules, East, hands, "7z7z2m8m9p", "", "");
    let (mut game, mut log) = stacked_game(rules, None, wall);
    for seat in [East, South, West, North] {
        tsumogiri(&mut game, &mut log, seat);
    }
    let a = discard_of(&game, East, "4s");
    log.extend(act(&mut game, East, a));
    (game, log)
}

/// "推倒胡: 只要胡牌即可，鸡胡也能胡" (any complete hand wins, a chicken hand included): South
/// wins on the discard, paid 1 by the discarder alone; "不能吃" (no chi) either.
#[test]
fn a_chicken_hand_wins_and_there_is_no_chi() {
    let rules = Rules::preset("guangdong").unwrap();
    let (mut game, mut log) = plain_wait(&rules);
    let total = game.total_points();
    assert!(!has(&game, South, |a| matches!(a, Action::Chi(_))), "no chi");
    assert!(has(&game, South, |a| *a == Action::Ron));
    log.extend(act(&mut game, South, Action::Ron));
    pass_all(&mut game, &mut log);
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert_eq!(w[0].3, ["ji_hu"]);
    assert_eq!(w[0].2, [-1, 1, 0, 0]);
}

/// "买马: 胡牌后从牌墙翻出马牌，1、5、9、东、中为庄家，2、6、南、发为庄家下家，3、7、西、白为对家，
/// 4、8、北为上家；每中一马，输家多付一倍" (after a win the next wall tiles are turned up; each names a
/// seat counted from the dealer, and each that names the winner makes the payer pay once more):
/// with East dealing, 2m and 6s name South, the winner; 1m names East and 4z North.
#[test]
fn each_horse_that_names_the_winner_is_paid_once_more() {
    let rules = rules_with("horses = 4\n");
    let hands = ["4s19m19p1s9s1234z5z6z", "123m456p789s23s55z", "", ""];
    let wall = stack(&rules, East, hands, "7z7z2m8m9p2m6s1m4z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    for seat in [East, South, West, North] {
        tsumogiri(&mut game, &mut log, seat);
    }
    let a = discard_of(&game, East, "4s");
    log.extend(act(&mut game, East, a));
    let total = game.total_points();
    log.extend(act(&mut game, South, Action::Ron));
    pass_all(&mut game, &mut log);
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert_eq!(w[0].2, [-3, 3, 0, 0], "the chicken hand's 1, and 1 more for each of 2 horses");
    let horses = log.iter().find_map(|e| match e {
        Event::Hora { horses, .. } => horses.clone(),
        _ => None,
    });
    let horses = horses.expect("the horses are logged");
    assert_eq!(horses.hits, 2);
    let names: Vec<String> = horses.pai.iter().map(|p| p.to_string()).collect();
    assert_eq!(names, ["2m", "6s", "1m", "N"]);
    let json = log.iter().find(|e| matches!(e, Event::Hora { .. })).unwrap().to_json();
    assert!(json.contains(r#""horses":{"pai":["2m","6s","1m","N"],"hits":2}"#), "{json}");
}

/// "鸡胡不能胡" (the room option, `min_fan = 1`): the same hand is not offered the win.
#[test]
fn without_chicken_hands_the_plain_hand_does_not_win() {
    let rules = rules_with("min_fan = 1\n");
    let (game, _) = plain_wait(&rules);
    assert!(!has(&game, South, |a| *a == Action::Ron));
}

/// "抢杠胡，被抢杠者全包" (a win robbing an added kong is paid by the robbed player alone, for
/// all three): East pons West's 5p, later adds the fourth; South, waiting on 5p, robs it.
#[test]
fn the_robbed_player_pays_for_all_three() {
    let rules = Rules::preset("guangdong").unwrap();
    let east = "55p1s9s2m8m1p9p2s8s3s7s6s";
    let hands = [east, "123m456m789m46p11z", "5p22m33m44m66m77m8m9m", ""];
    let wall = stack(&rules, East, hands, "5z2z3z4z6z7z5p", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    tsumogiri(&mut game, &mut log, East);
    tsumogiri(&mut game, &mut log, South);
    common::rob_an_added_five_pin(&mut game, &mut log, "1s");
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert_eq!(w[0].3, ["qiang_gang_hu"]);
    // 抢杠胡 x2: 2 from each of three, all paid by East.
    assert_eq!(w[0].2, [-6, 6, 0, 0]);
}

/// "翻鬼": with jokers on, a tile turned up after the deal makes the next kind wild; and with
/// 买马 every win turns up its horses; matches play through with every invariant holding after
/// every action (points conserved with the horses' payments).
#[test]
fn with_jokers_and_horses_matches_play_and_keep_the_invariants() {
    let rules = rules_with("jokers = true\nhorses = 6\n");
    let (mut wins, mut horses) = (0, 0);
    for seed in 0..6 {
        let (log, _) = play_checked(&rules, seed, 20_000);
        assert!(log.iter().any(|e| matches!(e, Event::StartKyoku { joker_marker: Some(_), .. })));
        for e in &log {
            if let Event::Hora { horses: h, .. } = e {
                wins += 1;
                horses += h.as_ref().expect("every win buys its horses").pai.len();
            }
        }
    }
    assert!(wins > 0, "random players win now and then");
    assert!(horses > 0, "and turn up horses");
}
