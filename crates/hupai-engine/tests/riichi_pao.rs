//! Liability (pao): South calls the third dragon from West's discard, so West pays for
//! South's big three dragons: the whole hand under Tenhou rules (`riichi`), the yakuman's
//! part under Mahjong Soul rules (`riichi-majsoul`). Figures as in Tenhou and Mahjong Soul
//! logs: a ron splits the hand between the discarder and the liable player, who also pays
//! the honba.

#![cfg(test)]

use crate::common;

use common::{act, discard, discard_of, pass_all, stack};
use hupai_core::Seat::{self, East, North, South, West};
use hupai_engine::{Action, Event, Game, Liability, RoundState, Setup};
use hupai_rules::{Pao, Rules};

/// South (non-dealer) holds two of each dragon, `south_rest` besides, and calls 5z from East,
/// 6z and 7z from West, discarding 9p, 1s and 2s; `draws` follow West's third draw.
fn three_dragons(rules: Rules, south_rest: &str, draws: &str, honba: u32) -> (Game, Vec<Event>) {
    let liable = rules.pao != Pao::Off;
    let south = format!("{south_rest}9p12s556677z");
    let hands = ["258m1369p24578s5z", &south, "1369m2478p369s67z", "479m58p1467s3344z"];
    let wall = stack(&rules, East, hands, &format!("8p9s5s{draws}"), "", "");
    let mut setup = Setup::new(rules, 0);
    setup.single_hand = true;
    setup.stacked_walls = vec![wall];
    setup.round = RoundState { honba, ..RoundState::default() };
    let (mut game, mut log) = Game::new(setup);
    for (from, dragon, drop) in [(East, "5z", "9p"), (West, "6z", "1s"), (West, "7z", "2s")] {
        let a = discard_of(&game, from, dragon);
        log.extend(act(&mut game, from, a));
        let pon = common::pon_option(&game, South);
        pass_all_but(&mut game, &mut log, South);
        log.extend(act(&mut game, South, pon));
        discard(&mut game, &mut log, South, drop);
    }
    let expected = liable.then_some(Liability { seat: West, yaku: "daisangen" });
    assert_eq!(game.player(South).liability, expected, "the third dragon came from West");
    (game, log)
}

/// Every seat but `keep` passes its claims.
fn pass_all_but(game: &mut Game, log: &mut Vec<Event>, keep: Seat) {
    let seats: Vec<Seat> = game.pending().seats().filter(|&s| s != keep).collect();
    for s in seats {
        if game.pending().options(s).contains(&Action::Pass) {
            log.extend(act(game, s, Action::Pass));
        }
    }
}

fn win_deltas(log: &[Event]) -> [i32; 4] {
    log.iter()
        .find_map(|e| match e {
            Event::Hora { deltas, .. } => Some(deltas.into_array()),
            _ => None,
        })
        .expect("a win")
}

fn preset(name: &str) -> Rules {
    Rules::preset(name).expect("preset")
}

/// North deals in 4m; South wins big three dragons (32,000) with one honba.
fn ron_by_north(rules: Rules) -> [i32; 4] {
    let (mut game, mut log) = three_dragons(rules, "1234m", "7p3s", 1);
    discard(&mut game, &mut log, West, "7p");
    let a = discard_of(&game, North, "4m");
    log.extend(act(&mut game, North, a));
    log.extend(act(&mut game, South, Action::Ron));
    pass_all(&mut game, &mut log);
    win_deltas(&log)
}

#[test]
fn a_ron_is_split_with_the_liable_player_who_pays_the_honba() {
    for preset in ["riichi", "riichi-majsoul"] {
        // [East, South, West, North]: North 16,000, West 16,000 + 300.
        assert_eq!(ron_by_north(self::preset(preset)), [0, 32_300, -16_300, -16_000], "{preset}");
    }
}

#[test]
fn a_ron_on_the_liable_players_discard_is_paid_as_usual() {
    let (mut game, mut log) = three_dragons(preset("riichi"), "1234m", "4m", 0);
    let a = discard_of(&game, West, "4m");
    log.extend(act(&mut game, West, a));
    log.extend(act(&mut game, South, Action::Ron));
    pass_all(&mut game, &mut log);
    assert_eq!(win_deltas(&log), [0, 32_000, -32_000, 0]);
}

/// South draws its winning 2z after three dragon pons and 111z: big three dragons and all
/// honours, two yakuman (64,000), self-drawn.
fn self_drawn_double(rules: Rules) -> [i32; 4] {
    let (mut game, mut log) = three_dragons(rules, "1112z", "7p3s2m2z", 0);
    discard(&mut game, &mut log, West, "7p");
    discard(&mut game, &mut log, North, "3s");
    discard(&mut game, &mut log, East, "2m");
    log.extend(act(&mut game, South, Action::Tsumo));
    win_deltas(&log)
}

#[test]
fn self_drawn_tenhou_the_liable_player_pays_everything() {
    assert_eq!(self_drawn_double(preset("riichi")), [0, 64_000, -64_000, 0]);
}

#[test]
fn self_drawn_majsoul_the_liable_player_pays_the_yakuman_and_a_share_of_the_rest() {
    // Big three dragons (32,000) from West; all honours as usual: East 16,000, the others
    // 8,000 each.
    assert_eq!(self_drawn_double(preset("riichi-majsoul")), [-16_000, 64_000, -40_000, -8_000]);
}

#[test]
fn without_the_rule_the_discarder_pays() {
    let text = "extends = \"riichi\"\npao = \"off\"\n";
    let rules = Rules::from_toml_str(text, "no-pao.toml").expect("rules");
    assert_eq!(ron_by_north(rules), [0, 32_300, 0, -32_300]);
}
