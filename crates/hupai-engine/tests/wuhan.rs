//! Wuhan 红中赖子杠 (开口番), each test quoting the rule it checks (the rule sheet summed up in
//! `hupai_rules::wuhan`). The walls are stacked: the joker indicator is the wall's last tile
//! (9s here, so the joker is 1s) and a lone kong's replacement the tile before it.

#![cfg(test)]

use crate::common;

use common::{
    act, discard, discard_of, has, pass_all, play_checked, stack, stacked_game, tsumogiri, wins,
};
use hupai_core::Seat::{self, East, North, South, West};
use hupai_engine::replay::replay;
use hupai_engine::{play_match, Action, Agent, Event, Game, PlayError, Random, Setup};
use hupai_rules::Rules;

fn wuhan() -> Rules {
    Rules::preset("wuhan").expect("the wuhan preset")
}

fn kind(s: &str) -> hupai_core::Kind {
    s.parse().expect("a kind")
}

const WEST: &str = "1m3m8m1p3p8p3s8s2z3z4z5z6z";
const NORTH: &str = "2m6m9m2p6p9p2s6s9s2z3z4z6z";

/// A one-hand game: East and South as given, West and North with junk, the dealer's draw and
/// the next ones in `draws`, the replacement tiles then the indicator 9s at the back.
fn hand(east: &str, south: &str, draws: &str, back: &str) -> (Game, Vec<Event>) {
    game_with(&wuhan(), [east, south, WEST, NORTH], draws, back)
}

fn game_with(rules: &Rules, hands: [&str; 4], draws: &str, back: &str) -> (Game, Vec<Event>) {
    let wall = stack(rules, East, hands, draws, &format!("{back}9s"), "");
    let (game, log) = stacked_game(rules, None, wall);
    assert_eq!(game.joker(), Some(kind("1s")), "the indicator 9s makes 1s the joker");
    (game, log)
}

fn win(game: &mut Game, log: &mut Vec<Event>, seat: Seat, action: Action) {
    let total = game.total_points();
    assert!(has(game, seat, |a| *a == action), "{action:?}: {:?}", game.pending().options(seat));
    log.extend(act(game, seat, action));
    pass_all(game, log);
    game.check_invariants(total).expect("invariants");
}

/// "屁胡必须二五八做将" (a small hand needs a 2, 5 or 8 pair): East's dealt hand completes on
/// its first draw with a 4m pair and may not win; with a 5m pair it may.
#[test]
fn a_small_hand_needs_a_258_pair() {
    let east = "234m678p345s777s4m";
    let (game, _) = hand(east, "159m19p7s9s1234z", "4m", "");
    assert!(!has(&game, East, |a| *a == Action::Tsumo), "44m is no 将");
    let east = "234m678p345s777s5m";
    let (mut game, mut log) = hand(east, "159m19p7s9s1234z", "5m", "");
    win(&mut game, &mut log, East, Action::Tsumo);
    let w = wins(&log);
    assert_eq!(w[0].3, ["pi_hu", "ying_hu", "zi_mo"]);
    // 硬胡 + 自摸 = 2 doublings: each pays 1 x 2^2.
    assert_eq!(w[0].2, [12, -4, -4, -4]);
}

/// "开口: 必须有吃、碰或明杠才能接炮，自摸不限" (a win on a discard needs a call first; a
/// self-draw does not): South, closed and waiting on 5m, is not offered East's 5m, then wins
/// on its own draw of 5m. East played a 红中杠 before, so East pays one doubling more.
#[test]
fn a_closed_hand_wins_only_by_self_draw() {
    let (mut game, mut log) = hand("159m5m19p7s9s123z7z", "234m678p345s777s5m", "9p5m", "9m");
    let total = game.total_points();
    log.extend(act(&mut game, East, Action::LoneKong(kind("7z"))));
    assert!(matches!(log[log.len() - 2], Event::LoneKong { actor: East, .. }));
    assert!(matches!(log[log.len() - 1], Event::Tsumo { actor: East, .. }), "the replacement");
    let a = discard_of(&game, East, "5m");
    log.extend(act(&mut game, East, a));
    assert!(!has(&game, South, |a| *a == Action::Ron), "not open: no win on a discard");
    pass_all(&mut game, &mut log);
    game.check_invariants(total).expect("invariants");
    win(&mut game, &mut log, South, Action::Tsumo);
    let w = wins(&log);
    // South: 硬胡 + 自摸 = 2; East adds its 红中杠 (1): 2^3 = 8, the others 2^2 = 4.
    assert_eq!(w[0].2, [-8, 16, -4, -4]);
}

/// After a pon the hand is open ("开口"): South wins on East's 5m, and East pays 放冲 (one
/// doubling more) besides.
#[test]
fn an_open_hand_wins_on_a_discard_and_the_discarder_pays_more() {
    let (mut game, mut log) = hand("159m5m19p7s9s1234z", "234m678p345s77s5m9p", "9m8m8p", "");
    let a = discard_of(&game, East, "7s");
    log.extend(act(&mut game, East, a));
    let pon = common::pon_option(&game, South);
    log.extend(act(&mut game, South, pon));
    pass_all(&mut game, &mut log);
    discard(&mut game, &mut log, South, "9p");
    tsumogiri(&mut game, &mut log, West);
    tsumogiri(&mut game, &mut log, North);
    let a = discard_of(&game, East, "5m");
    log.extend(act(&mut game, East, a));
    win(&mut game, &mut log, South, Action::Ron);
    let w = wins(&log);
    assert_eq!(w[0].3, ["pi_hu", "kai_kou", "ying_hu", "fang_chong"]);
    // South: 开口 + 硬胡 = 2. East 2 + 放冲 = 3: 8; West and North 2^2 = 4.
    assert_eq!(w[0].2, [-8, 16, -4, -4]);
}

/// "武汉麻将没有过水" (no 过水): South lets West's 5m pass and is offered North's 5m at once.
#[test]
fn a_passed_win_may_win_on_the_next_discard() {
    let rules = wuhan();
    assert!(!rules.pass_win);
    let west = "5m3m8m1p3p8p3s8s2z3z4z5z6z";
    let north = "5m6m9m2p6p9p2s6s9s2z3z4z6z";
    let hands = ["159m19p7s9s1234z7s", "234m678p345s77s5m9p", west, north];
    let (mut game, mut log) = game_with(&rules, hands, "9m8m8p", "");
    let a = discard_of(&game, East, "7s");
    log.extend(act(&mut game, East, a));
    let pon = common::pon_option(&game, South);
    log.extend(act(&mut game, South, pon));
    pass_all(&mut game, &mut log);
    discard(&mut game, &mut log, South, "9p");
    let a = discard_of(&game, West, "5m");
    log.extend(act(&mut game, West, a));
    assert!(has(&game, South, |a| *a == Action::Ron));
    log.extend(act(&mut game, South, Action::Pass));
    pass_all(&mut game, &mut log);
    let a = discard_of(&game, North, "5m");
    log.extend(act(&mut game, North, a));
    win(&mut game, &mut log, South, Action::Ron);
    // North gave it: 2^(2 + 1) = 8.
    assert_eq!(wins(&log)[0].2, [-4, 16, -4, -8]);
}

/// "红中只能杠，不能打出；手中有红中不能胡" (a red dragon is only ever played as 红中杠, never
/// discarded, and a hand holding one cannot win); "杠上开花" after the lone kong: its
/// replacement completes East's hand, a big hand (base 10) with 红中杠 (1), 硬胡 and 自摸.
/// A refused action changes nothing and says why.
#[test]
fn a_red_dragon_is_a_lone_kong_and_its_replacement_may_win() {
    let (game, _) = hand("234m678p345s777s7z", "159m19p7s9s1234z", "7z", "");
    assert!(!has(&game, East, |a| *a == Action::Tsumo), "77z complete, but red is held");
    let (mut game, mut log) = hand("234m678p345s777s7z", "159m19p7s9s1234z", "5m", "5m");
    let total = game.total_points();
    let options = game.pending().options(East).to_vec();
    assert!(options.contains(&Action::LoneKong(kind("7z"))));
    assert!(!options.iter().any(|a| a.discarded().and_then(|p| p.kind()) == Some(kind("7z"))));
    let before = format!("{:?}", game.view(East));
    let red = Action::Discard { pai: "C".parse().unwrap(), tsumogiri: false };
    assert_eq!(game.apply(East, red), Err(PlayError::Illegal { seat: East, action: red }));
    let five = Action::LoneKong(kind("5m"));
    assert_eq!(game.apply(East, five), Err(PlayError::Illegal { seat: East, action: five }));
    assert_eq!(game.apply(South, Action::Pass), Err(PlayError::NotYourTurn(South)));
    assert_eq!(format!("{:?}", game.view(East)), before, "a refused action changes nothing");
    assert_eq!(game.pending().options(East), options);
    game.check_invariants(total).expect("invariants");
    log.extend(act(&mut game, East, Action::LoneKong(kind("7z"))));
    win(&mut game, &mut log, East, Action::Tsumo);
    let w = wins(&log);
    assert_eq!(w[0].3, ["gang_shang_kai_hua", "hong_zhong_gang", "ying_hu", "zi_mo"]);
    // 10 x 2^(1 + 1 + 1) = 80 from each.
    assert_eq!(w[0].2, [240, -80, -80, -80]);
}

/// "两个赖子不能胡屁胡，大胡不限" (with two jokers a small hand cannot win; a big hand has no
/// limit); "赖子只能杠" (a joker leaves the hand only as 赖子杠, x4).
#[test]
fn two_jokers_win_only_a_big_hand() {
    let (game, _) = hand("234m678p345s55m1s1s", "159m19p7s9s1234z", "9m", "");
    assert!(!has(&game, East, |a| *a == Action::Tsumo), "屁胡 with two jokers");
    assert!(has(&game, East, |a| *a == Action::LoneKong(kind("1s"))));
    assert!(!has(&game, East, |a| a.discarded().and_then(|p| p.kind()) == Some(kind("1s"))));
    let (mut game, mut log) = hand("123456789m55m1s1s", "19p7s9s1234z5z6z2s", "9m", "");
    win(&mut game, &mut log, East, Action::Tsumo);
    let w = wins(&log);
    assert_eq!(w[0].3, ["qing_yi_se", "zi_mo"]);
    // 清一色: 10 x 2^1 (自摸; the jokers are wild, so no 硬胡).
    assert_eq!(w[0].2, [60, -20, -20, -20]);
}

/// The joker's lone kong counts its 2 fans in the payments, and its replacement draw may win
/// (杠上开花): East sets a joker aside and draws 5m.
#[test]
fn a_joker_kong_counts_two_doublings() {
    let (mut game, mut log) = hand("234m678p345s777s1s", "159m19p7s9s1234z", "5m", "5m");
    log.extend(act(&mut game, East, Action::LoneKong(kind("1s"))));
    win(&mut game, &mut log, East, Action::Tsumo);
    let w = wins(&log);
    assert_eq!(w[0].3, ["gang_shang_kai_hua", "lai_zi_gang", "ying_hu", "zi_mo"]);
    // 10 x 2^(2 + 1 + 1) = 160, capped at 100 (封顶).
    assert_eq!(w[0].2, [300, -100, -100, -100]);
}

/// "将一色、风一色不论牌型" (all 2-5-8s, or all honours, win in any shape).
#[test]
fn all_258s_or_all_honours_win_in_any_shape() {
    let (mut game, mut log) = hand("258m258p258s2m5m8m2p", "19m19p7s9s1234z7m", "5p", "");
    win(&mut game, &mut log, East, Action::Tsumo);
    assert_eq!(wins(&log)[0].3, ["jiang_yi_se", "ying_hu", "zi_mo"]);
    let hands = [
        "1z1z1z2z2z3z3z4z4z5z5z6z6z",
        "1m3m8m1p3p8p3s8s2m2p2s4m4p",
        "6m9m6p9p6s9s7m7p4s5m5p5s6m",
        "7m7p2s3s4s5s6s7s8s1p2p3p4p",
    ];
    let (mut game, mut log) = game_with(&wuhan(), hands, "2z", "");
    win(&mut game, &mut log, East, Action::Tsumo);
    assert_eq!(wins(&log)[0].3, ["feng_yi_se", "ying_hu", "zi_mo"]);
}

/// "every preset plays, replays and keeps the invariants after every event": random wuhan
/// matches, checked after every action, and their logs replay exactly.
#[test]
fn random_wuhan_matches_keep_every_invariant_and_replay() {
    let rules = wuhan();
    let mut lone_kongs = 0;
    for seed in 0..6 {
        let (log, _) = play_checked(&rules, seed, 50_000);
        lone_kongs += log.iter().filter(|e| matches!(e, Event::LoneKong { .. })).count();
        let mut agents: Vec<Box<dyn Agent>> =
            (0..4).map(|i| Box::new(Random::new(seed * 4 + i)) as Box<dyn Agent>).collect();
        let log = play_match(Setup::new(rules.clone(), seed), &mut agents).expect("plays");
        let text: String = log.iter().map(|e| e.to_json() + "\n").collect();
        assert_eq!(replay(&text, Some(rules.clone())), Ok(log.len()), "seed {seed}");
    }
    assert!(lone_kongs > 0, "random play sets lone kongs aside");
}

/// The wire form of the new action.
#[test]
fn the_lone_kong_on_the_wire() {
    let a = Action::LoneKong(kind("7z"));
    assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"type":"lone_kong","pai":"C"}"#);
    let e = Event::LoneKong { actor: East, pai: "C".parse().unwrap() };
    assert_eq!(e.to_json(), r#"{"type":"lone_kong","actor":0,"pai":"C"}"#);
}

/// "碰牌后可以杠红中再打牌" (a lone kong may follow a call, before the discard): South pons,
/// sets its red dragon aside, draws the replacement and discards; its 红中杠 then doubles
/// what everyone pays for its win.
#[test]
fn a_lone_kong_right_after_a_call() {
    let (mut game, mut log) = hand("159m5m19p7s9s1234z", "234m678p345s77s5m7z", "9m8m8p", "9p");
    let a = discard_of(&game, East, "7s");
    log.extend(act(&mut game, East, a));
    let pon = common::pon_option(&game, South);
    log.extend(act(&mut game, South, pon));
    pass_all(&mut game, &mut log);
    let options = game.pending().options(South);
    assert!(options.contains(&Action::LoneKong(kind("7z"))), "{options:?}");
    assert!(!options.iter().any(|a| a.discarded().and_then(|p| p.kind()) == Some(kind("7z"))));
    log.extend(act(&mut game, South, Action::LoneKong(kind("7z"))));
    assert!(matches!(log.last(), Some(Event::Tsumo { actor: South, .. })), "the replacement");
    discard(&mut game, &mut log, South, "9p");
    tsumogiri(&mut game, &mut log, West);
    tsumogiri(&mut game, &mut log, North);
    let a = discard_of(&game, East, "5m");
    log.extend(act(&mut game, East, a));
    win(&mut game, &mut log, South, Action::Ron);
    // South: 开口 + 红中杠 + 硬胡 = 3; East 3 + 放冲 = 4: 16; West and North 8.
    assert_eq!(wins(&log)[0].2, [-16, 32, -8, -8]);
}

/// The switches as settings: 痞子杠 (`indicator_kong`), no cap, no joker limit, and the 2-5-8
/// pair with 开口 under another Chinese table (Guangdong's) all play with the invariants kept.
#[test]
fn the_wuhan_switches_play_in_other_rule_files() {
    let files = [
        "extends = \"wuhan\"\nindicator_kong = 1\npayment_cap = 0\njoker_limit = 0\n",
        "extends = \"wuhan\"\nred_dragon_kong = 0\njoker_kong = 0\n",
        "extends = \"guangdong\"\npair_258 = true\nopen_to_win = true\n",
        "extends = \"laizi\"\npair_258 = true\njoker_limit = 1\n",
    ];
    for text in files {
        let rules = Rules::from_toml_str(text, "t.toml").expect(text);
        for seed in 0..3 {
            let (log, _) = play_checked(&rules, seed, 50_000);
            assert!(log.iter().any(|e| matches!(e, Event::EndKyoku)), "{text}");
        }
    }
}

/// "抢杠胡" (robbing an added kong, a big hand) needs 开口 like a win on a discard: South,
/// open by a chi, lets West's 5p pass (East pons it) and robs East's added 5p. The robbed
/// kong never stood: East pays for a pon (开口 1) and 放冲, not for a kong.
#[test]
fn robbing_a_kong_is_a_big_hand_and_the_robbed_player_pays_for_a_pon() {
    let rules = Rules::from_toml_str("extends = \"wuhan\"\npayment_cap = 0\n", "t").unwrap();
    let hands =
        ["5p5p3s1m9m1p9p2z3z4z5z6z8s", "234m678m45s46p55s9m", "5p3m8m1p3p8p3s8s2z3z4z5z6z", NORTH];
    let (mut game, mut log) = game_with(&rules, hands, "2m3m1z7m7p5p", "");
    let a = discard_of(&game, East, "3s");
    log.extend(act(&mut game, East, a));
    let chi = *game.pending().options(South).iter().find(|a| matches!(a, Action::Chi(_))).unwrap();
    log.extend(act(&mut game, South, chi));
    pass_all(&mut game, &mut log);
    discard(&mut game, &mut log, South, "9m");
    let a = discard_of(&game, West, "5p");
    log.extend(act(&mut game, West, a));
    assert!(has(&game, South, |a| *a == Action::Ron), "open by the chi");
    log.extend(act(&mut game, South, Action::Pass));
    let pon = common::pon_option(&game, East);
    log.extend(act(&mut game, East, pon));
    pass_all(&mut game, &mut log);
    discard(&mut game, &mut log, East, "8s");
    tsumogiri(&mut game, &mut log, South);
    tsumogiri(&mut game, &mut log, West);
    tsumogiri(&mut game, &mut log, North);
    log.extend(act(&mut game, East, Action::AddedKan(kind("5p"))));
    win(&mut game, &mut log, South, Action::Ron);
    let w = wins(&log);
    assert_eq!(w[0].3, ["qiang_gang_hu", "kai_kou", "ying_hu", "fang_chong"]);
    // Base 10, South 开口 + 硬胡 = 2; East 2 + its pon 1 + 放冲 1 = 4: 160; the others 40.
    assert_eq!(w[0].2, [-160, 240, -40, -40]);
}
