//! `min_fan` in the variants whose presets have no minimum above one: a win below it is not
//! offered. Riichi counts the han of the yaku, dora not counted (riichi.wiki, "Ryanhan
//! shibari": "dora do not count for the han minimum"); Sichuan counts every fan but
//! 自摸加番's.

#![cfg(test)]

use crate::common;

use common::{act, discard_of, has, stack, stacked_game, tsumogiri};
use hupai_core::Seat::{self, East, North, South, West};
use hupai_core::Suit;
use hupai_engine::{Action, Event, Game};
use hupai_rules::Rules;

fn rules(text: &str) -> Rules {
    Rules::from_toml_str(text, "t.toml").expect("rules")
}

/// South holds 222m 345p 456s 678s 5p, all simples and nothing else (a pung: no pinfu), and
/// waits on 2p or 5p; the dora indicator is 4p, so each 5p is a dora. After one go-around of
/// thrown-away draws, East discards 5p, or (with `south_draws`) South draws 2p.
fn tanyao_wait(rules: &Rules, south_draws: bool) -> (Game, Vec<Event>) {
    let hands = ["5p19m19s12345677z", "222m345p456s678s5p", "", ""];
    let draws = if south_draws { "6z6z9p9p1s2p" } else { "6z6z9p9p1s" };
    let wall = stack(rules, East, hands, draws, "", "3s3s3s3s4p");
    let (mut game, mut log) = stacked_game(rules, None, wall);
    for seat in [East, South, West, North] {
        tsumogiri(&mut game, &mut log, seat);
    }
    if !south_draws {
        let a = discard_of(&game, East, "5p");
        log.extend(act(&mut game, East, a));
    } else {
        tsumogiri(&mut game, &mut log, East);
    }
    (game, log)
}

/// "In this rule, the minimum hand value is two han instead of one. In addition, dora do not
/// count for the han minimum" (リャンシバ): all simples with its dora (three han, one of them
/// from a yaku) wins under the Tenhou preset, not under `min_fan = 2`; all simples and menzen
/// tsumo, two han of yaku, wins there.
#[test]
fn riichi_two_han_minimum_refuses_a_one_han_win() {
    let tenhou = Rules::preset("riichi").unwrap();
    let (game, _) = tanyao_wait(&tenhou, false);
    assert!(has(&game, South, |a| *a == Action::Ron), "one han wins under the preset");
    let two = rules("extends = \"riichi\"\nmin_fan = 2\n");
    let (game, _) = tanyao_wait(&two, false);
    assert!(!has(&game, South, |a| *a == Action::Ron), "one han of yaku is below two");
    let (game, _) = tanyao_wait(&two, true);
    assert!(has(&game, South, |a| *a == Action::Tsumo), "tanyao and menzen tsumo: two han");
}

/// Every seat names its void suit (定缺).
fn voids(game: &mut Game, log: &mut Vec<Event>, suit: Suit) {
    for s in Seat::ALL {
        log.extend(act(game, s, Action::Void(suit)));
    }
}

/// Sichuan with `min_fan = 1`: South's 平胡 (no fan) on East's 5p is not offered, West's
/// 对对胡 (one fan) on the same tile is.
#[test]
fn sichuan_minimum_refuses_a_plain_hand() {
    let hands =
        ["5p234p678p444m99m1p", "123m456m789m11p46p", "111m222m333m55p66p", "777m88m99p33p1p"];
    for (text, south_may) in
        [("extends = \"sichuan\"\n", true), ("extends = \"sichuan\"\nmin_fan = 1\n", false)]
    {
        let rules = rules(text);
        let wall = stack(&rules, East, hands, "9p", "", "");
        let (mut game, mut log) = stacked_game(&rules, None, wall);
        voids(&mut game, &mut log, Suit::Sou);
        let a = discard_of(&game, East, "5p");
        log.extend(act(&mut game, East, a));
        assert_eq!(has(&game, South, |a| *a == Action::Ron), south_may, "{text}: 平胡");
        assert!(has(&game, West, |a| *a == Action::Ron), "{text}: 对对胡");
    }
}
