//! Hong Kong old style (香港麻雀), each test quoting the rule it checks (the books named in
//! `hupai_rules::hongkong`).

#![cfg(test)]

use crate::common;

use common::{act, discard_of, has, pass_all, stack, stacked_game, tsumogiri, wins};
use hupai_core::Seat::{self, East, North, South, West};
use hupai_engine::{win_context, Action, Event, Game, WinOn};
use hupai_rules::Rules;

fn preset() -> Rules {
    Rules::preset("hongkong").expect("preset")
}

/// The seat to move discards `kind` and everyone passes; `pon` seats pon instead.
fn turn(game: &mut Game, log: &mut Vec<Event>, seat: Seat, kind: &str) {
    let a = discard_of(game, seat, kind);
    log.extend(act(game, seat, a));
    pass_all(game, log);
}

/// `seat` pons the discard on the table (the first pon offered).
fn pon(game: &mut Game, log: &mut Vec<Event>, seat: Seat) {
    let a = *game
        .pending()
        .options(seat)
        .iter()
        .find(|a| matches!(a, Action::Pon(_)))
        .unwrap_or_else(|| panic!("{seat:?} may pon: {:?}", game.pending().options(seat)));
    log.extend(act(game, seat, a));
    pass_all(game, log);
}

/// "三番起糊": a hand must score three fans, the flower fans not counted, to win. South's
/// closed all-chow hand on a discard is 平糊 + 門前清 (+ 無花): two, no win; self-drawn it has
/// 自摸 too, three, and wins. (Everyone first throws away a draw: a win in the first go-around
/// would be 地糊.)
#[test]
fn three_fans_to_win() {
    let rules = preset();
    let hands = ["4s19m19p1s9s1234z5z6z", "123m456p789s23s55p", "", ""];
    let wall = stack(&rules, East, hands, "7z7z2m8m9p1s", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    for seat in [East, South, West, North] {
        tsumogiri(&mut game, &mut log, seat);
    }
    let a = discard_of(&game, East, "4s");
    log.extend(act(&mut game, East, a));
    assert!(!has(&game, South, |a| *a == Action::Ron), "two fans do not win on a discard");
    pass_all(&mut game, &mut log);
    assert!(has(&game, South, |a| *a == Action::Tsumo), "三番: 平糊, 門前清, 自摸");
    log.extend(act(&mut game, South, Action::Tsumo));
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert_eq!(w[0].3, ["ping_wu", "zi_mo", "mun_cin_cing", "mou_faa"]);
    // Four fans, 半辣 16: a self-draw is a double share (32) from each of the three.
    assert_eq!(w[0].2, [-32, 96, -32, -32]);
}

/// "地糊: 閒家食莊家第一張打出嘅牌" (a non-dealer wins on the dealer's first discard, 13 fans,
/// 爆棚): South's two-fan hand may win on East's first discard, and the discarder pays for all
/// three (4 x the 半辣 384 of 13 fans).
#[test]
fn a_win_on_the_dealers_first_discard_is_the_earthly_hand() {
    let rules = preset();
    let hands = ["4s19m19p1s9s1234z5z6z", "123m456p789s23s55p", "", ""];
    let wall = stack(&rules, East, hands, "7z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    let a = discard_of(&game, East, "4s");
    log.extend(act(&mut game, East, a));
    assert!(has(&game, South, |a| *a == Action::Ron), "地糊 reaches the minimum");
    log.extend(act(&mut game, South, Action::Ron));
    pass_all(&mut game, &mut log);
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert_eq!(w[0].3, ["dei_wu", "ping_wu", "mun_cin_cing", "mou_faa"]);
    assert_eq!(w[0].2, [-1536, 1536, 0, 0]);
}

/// "正花": a flower of the winner's own seat is a fan; the engine tells the scorer which
/// flowers a seat set aside (plum and spring are East's).
#[test]
fn the_seats_own_flowers_are_known() {
    let rules = preset();
    // East is dealt the plum (the first flower) and gets its replacement from the back.
    let hands = ["0z123m456p789s11z2z", "", "", ""];
    let wall = stack(&rules, East, hands, "2z", "3m", "");
    let (game, log) = stacked_game(&rules, None, wall);
    assert!(log.iter().any(|e| matches!(e, Event::Flower { actor: East, .. })));
    let ctx =
        win_context(game.view(East), "2z".parse().unwrap(), WinOn::Draw { replacement: false });
    assert_eq!((ctx.flowers, ctx.flower_mask), (1, 1), "East holds plum, its own");
}

/// Hands for the liability scenarios: East discards what South pons, West and North throw
/// away what they draw.
const EAST: &str = "567z1m9m1p9p1s9s2p8p2s8s";

/// "包大三元": "the player whose discard is called for the third dragon pung pays the whole of
/// that player's 大三元". South pons East's 5z, 6z and 7z, then self-draws: East pays what the
/// three would have paid, the others nothing.
#[test]
fn the_feeder_of_the_third_dragon_pays_for_great_dragons() {
    let rules = preset();
    let hands = [EAST, "556677z123m99m4m5m", "234m678m234m678m9m", "345p345p678p678p7s"];
    let wall = stack(&rules, East, hands, "1z2z3z4z1z2z3z4z1z2z4m", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    for (dragon, south_discard) in [("5z", "4m"), ("6z", "5m"), ("7z", "1m")] {
        let a = discard_of(&game, East, dragon);
        log.extend(act(&mut game, East, a));
        pon(&mut game, &mut log, South);
        turn(&mut game, &mut log, South, south_discard);
        if dragon != "7z" {
            tsumogiri(&mut game, &mut log, West);
            tsumogiri(&mut game, &mut log, North);
        }
        game.check_invariants(total).expect("invariants");
    }
    let liable = game.player(South).liability.expect("a liability");
    assert_eq!(liable.seat, East);
    tsumogiri(&mut game, &mut log, West);
    tsumogiri(&mut game, &mut log, North);
    tsumogiri(&mut game, &mut log, East);
    assert!(has(&game, South, |a| *a == Action::Tsumo));
    log.extend(act(&mut game, South, Action::Tsumo));
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert!(w[0].3.contains(&"daai_saam_jyun".to_string()), "{:?}", w[0].3);
    let [e, s, wst, n] = w[0].2;
    assert!(s > 0 && e == -s && wst == 0 && n == 0, "East pays alone: {:?}", w[0].2);
}

/// "包自摸" (十二張落地): "a player whose discard lets another expose a fourth meld pays alone
/// when that player then wins by self-draw". Without the setting the three pay as usual.
#[test]
fn the_feeder_of_the_fourth_exposed_meld_pays_a_self_draw() {
    for liability in [true, false] {
        let text = format!("extends = \"hongkong\"\nliability = {liability}\n");
        let rules = Rules::from_toml_str(&text, "t.toml").unwrap();
        let east = "1234p1m9m1s2z3z4z5z6z7z";
        let hands = [east, "11223344p67899s", "234m678m234m678m9m", "11m5555m56789p6p8p"];
        let wall = stack(&rules, East, hands, "1z1z1z2z2z2z3z3z3z4z4z4z5z9s", "", "");
        let (mut game, mut log) = stacked_game(&rules, None, wall);
        let total = game.total_points();
        for (p, south_discard) in [("1p", "6s"), ("2p", "7s"), ("3p", "8s"), ("4p", "9s")] {
            let a = discard_of(&game, East, p);
            log.extend(act(&mut game, East, a));
            pon(&mut game, &mut log, South);
            turn(&mut game, &mut log, South, south_discard);
            tsumogiri(&mut game, &mut log, West);
            tsumogiri(&mut game, &mut log, North);
            game.check_invariants(total).expect("invariants");
        }
        // East's draws so far were winds it kept; it throws this one away.
        tsumogiri(&mut game, &mut log, East);
        assert!(has(&game, South, |a| *a == Action::Tsumo), "{:?}", game.pending().options(South));
        log.extend(act(&mut game, South, Action::Tsumo));
        game.check_invariants(total).expect("invariants");
        let w = wins(&log);
        let d = w[0].2;
        assert!(w[0].3.contains(&"deoi_deoi_wu".to_string()));
        if liability {
            assert!(d[1] > 0 && d[0] == -d[1] && d[2] == 0 && d[3] == 0, "{d:?}");
        } else {
            assert!(d[0] == d[2] && d[2] == d[3] && d[0] < 0, "{d:?}");
        }
    }
}

/// "the player sitting closest to the discarder in turn order is given the tile": one winner
/// on a discard (no 一炮多響).
#[test]
fn one_winner_on_a_discard() {
    let rules = preset();
    assert!(!rules.double_ron);
    assert!(rules.flowers && rules.chi && rules.min_fan == 3);
}
