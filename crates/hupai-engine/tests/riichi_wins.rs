//! Riichi wins, furiten and calls, each with the rule it checks (Tenhou ranked rules, the
//! `riichi` preset).

#![cfg(test)]

use crate::common;

use common::{act, declare_riichi, discard, discard_of, has, kinds, pass_all, stack, stacked_game};
use hupai_core::Seat::{East, North, South, West};
use hupai_engine::{Action, Event, Game, RoundState, Setup};
use hupai_rules::Rules;

fn riichi() -> Rules {
    Rules::preset("riichi").expect("preset")
}

fn wins(log: &[Event]) -> Vec<(u8, [i32; 4], Vec<String>)> {
    log.iter()
        .filter_map(|e| match e {
            Event::Hora { actor, deltas, yaku, .. } => {
                let names = yaku.iter().map(|y| y.name.clone()).collect();
                Some((actor.index() as u8, deltas.into_array(), names))
            }
            _ => None,
        })
        .collect()
}

fn draw_event(log: &[Event]) -> Option<(String, [i32; 4])> {
    log.iter().find_map(|e| match e {
        Event::Ryukyoku { reason, deltas, .. } => {
            Some((reason.map_or("", |r| r.name()).to_string(), deltas.into_array()))
        }
        _ => None,
    })
}

/// Three seven-pairs hands waiting on 5z, and a dealer who discards it.
fn three_waiting(rules: &Rules, honba: u32, sticks: u32) -> (Game, Vec<Event>) {
    let hands =
        ["5z369m258p147s67z1z", "1122m3344p5566s5z", "1122m3344p0566s5z", "7788m7788p7799s5z"];
    let wall = stack(rules, East, hands, "2z", "", "");
    let mut setup = Setup::new(rules.clone(), 0);
    setup.single_hand = true;
    setup.stacked_walls = vec![wall];
    setup.round = RoundState { honba, sticks, ..RoundState::default() };
    setup.scores = Some([25000, 25000, 25000, 25000 - 1000 * sticks as i32]);
    let (mut game, mut log) = Game::new(setup);
    let a = discard_of(&game, East, "5z");
    log.extend(act(&mut game, East, a));
    (game, log)
}

/// "Three players winning on one discard abort the hand (sanchahou)."
#[test]
fn triple_ron_aborts() {
    let rules = riichi();
    let (mut game, mut log) = three_waiting(&rules, 0, 0);
    for s in [South, West, North] {
        assert!(has(&game, s, |a| *a == Action::Ron), "{s:?} may win");
        log.extend(act(&mut game, s, Action::Ron));
    }
    assert!(wins(&log).is_empty());
    assert_eq!(draw_event(&log), Some(("triple_ron".to_string(), [0; 4])));
}

/// "Two players may win on one discard (double ron); the honba and the riichi sticks go to
/// the first winner in turn order from the discarder."
#[test]
fn double_ron() {
    let rules = riichi();
    let play = |honba, sticks| {
        let (mut game, mut log) = three_waiting(&rules, honba, sticks);
        log.extend(act(&mut game, South, Action::Ron));
        log.extend(act(&mut game, North, Action::Pass));
        log.extend(act(&mut game, West, Action::Ron));
        assert_eq!(game.total_points(), 100_000);
        wins(&log)
    };
    let plain = play(0, 0);
    let w = play(2, 1);
    assert_eq!(w.iter().map(|x| x.0).collect::<Vec<_>>(), vec![1, 2]);
    assert!(w.iter().all(|x| x.2.contains(&"chiitoitsu".to_string())));
    // The head: 600 more from the discarder for two honba, and the 1,000 stick.
    assert_eq!(w[0].1[0], plain[0].1[0] - 600);
    assert_eq!(w[0].1[1], plain[0].1[1] + 600 + 1000);
    // The second winner: neither.
    assert_eq!(w[1].1, plain[1].1);
}

/// "Without double ron, the first player in turn order from the discarder takes the win
/// (head bump, atamahane)."
#[test]
fn head_bump() {
    let rules = Rules::from_toml_str("extends = \"riichi\"\ndouble_ron = false\n", "t.toml")
        .expect("rules");
    let (mut game, mut log) = three_waiting(&rules, 0, 0);
    log.extend(act(&mut game, North, Action::Ron));
    log.extend(act(&mut game, West, Action::Ron));
    log.extend(act(&mut game, South, Action::Pass));
    let w = wins(&log);
    assert_eq!(w.iter().map(|x| x.0).collect::<Vec<_>>(), vec![2]);
}

/// "A player may win on the tile another player adds to a pon (robbing the kong, chankan);
/// chankan is itself a yaku." South has no yaku to win on the same tile as a discard.
#[test]
fn robbing_the_kong() {
    let rules = riichi();
    let hands = ["05p159m26s37s4z5z6z7z", "123m789m46p789s11z", "5p2468m19p248s234z", ""];
    let wall = stack(&rules, East, hands, "6z7z2z3z4z5z5p", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    discard(&mut game, &mut log, East, "6z");
    discard(&mut game, &mut log, South, "7z");
    let a = discard_of(&game, West, "5p");
    log.extend(act(&mut game, West, a));
    assert!(!has(&game, South, |a| *a == Action::Ron), "no yaku on a discard");
    let pon = common::pon_option(&game, East);
    log.extend(act(&mut game, East, pon));
    pass_all(&mut game, &mut log);
    assert!(game.view(South).is_furiten(), "South let its winning tile pass");
    discard(&mut game, &mut log, East, "1m");
    discard(&mut game, &mut log, South, "3z");
    assert!(!game.view(South).is_furiten(), "cleared by South's own discard");
    discard(&mut game, &mut log, West, "4z");
    discard(&mut game, &mut log, North, "5z");
    let kan = *game
        .pending()
        .options(East)
        .iter()
        .find(|a| matches!(a, Action::AddedKan(_)))
        .expect("kakan");
    log.extend(act(&mut game, East, kan));
    assert!(has(&game, South, |a| *a == Action::Ron));
    log.extend(act(&mut game, South, Action::Ron));
    let w = wins(&log);
    assert_eq!(w.len(), 1);
    assert!(w[0].2.contains(&"chankan".to_string()), "{:?}", w[0].2);
}

/// "Thirteen orphans may rob a closed kan (a switch: `kokushi_robs_closed_kan`)."
#[test]
fn thirteen_orphans_robs_a_closed_kan() {
    for allowed in [true, false] {
        let text = format!("extends = \"riichi\"\nkokushi_robs_closed_kan = {allowed}\n");
        let rules = Rules::from_toml_str(&text, "t.toml").expect("rules");
        let wall = stack(&rules, East, ["111m", "99m19p19s1234567z", "", ""], "1m", "", "");
        let (mut game, mut log) = stacked_game(&rules, None, wall);
        log.extend(act(&mut game, East, Action::ClosedKan(kinds("1m")[0].0)));
        assert_eq!(has(&game, South, |a| *a == Action::Ron), allowed);
        if allowed {
            log.extend(act(&mut game, South, Action::Ron));
            let w = wins(&log);
            assert_eq!(w[0].1[1], 32000, "a non-dealer yakuman on the dealer's tile");
        } else {
            assert!(log.iter().any(|e| matches!(e, Event::Dora { .. })), "kan dora at once");
        }
    }
}

/// "A win on the replacement tile after a kan is rinshan kaihou; a closed kan's dora is
/// revealed before the replacement draw."
#[test]
fn replacement_tile_win() {
    let rules = riichi();
    let wall = stack(&rules, East, ["1111m234p567p99s5s", "", "", ""], "6s", "", "7s");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    log.extend(act(&mut game, East, Action::ClosedKan(kinds("1m")[0].0)));
    assert!(matches!(log[log.len() - 2], Event::Dora { .. }), "dora before the draw");
    assert!(has(&game, East, |a| *a == Action::Tsumo));
    log.extend(act(&mut game, East, Action::Tsumo));
    assert!(wins(&log)[0].2.contains(&"rinshan_kaihou".to_string()));
}

/// Everyone discards what it draws and passes every claim until `stop` says so.
fn tsumogiri_until(game: &mut Game, log: &mut Vec<Event>, stop: impl Fn(&Game) -> bool) {
    while !game.is_over() && !stop(game) {
        let seat = game.next_seat().expect("a seat decides");
        if game.pending().options(seat).contains(&Action::Pass) {
            pass_all(game, log);
            continue;
        }
        let a = *game
            .pending()
            .options(seat)
            .iter()
            .find(|a| matches!(a, Action::Discard { .. }))
            .expect("discard");
        log.extend(act(game, seat, a));
    }
}

/// "Winning on the last tile of the wall is haitei raoyue."
#[test]
fn last_tile_self_drawn() {
    let rules = riichi();
    let wall = stack(&rules, East, ["1z1z", "123456789m123p1z", "", ""], "", "1z", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    tsumogiri_until(&mut game, &mut log, |g| g.wall().live() == 0);
    assert_eq!(game.next_seat(), Some(South));
    log.extend(act(&mut game, South, Action::Tsumo));
    assert!(wins(&log)[0].2.contains(&"haitei_raoyue".to_string()));
}

/// "Winning on the last discard is houtei raoyui; no call may be made on it."
#[test]
fn last_discard_won() {
    let rules = riichi();
    let wall = stack(&rules, East, ["1z1z", "", "123456789p123s1z", ""], "", "1z", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    tsumogiri_until(&mut game, &mut log, |g| g.wall().live() == 0);
    let a = discard_of(&game, South, "1z");
    log.extend(act(&mut game, South, a));
    assert!(!has(&game, East, |a| matches!(a, Action::Pon(_))), "no call on the last discard");
    log.extend(act(&mut game, West, Action::Ron));
    assert!(wins(&log)[0].2.contains(&"houtei_raoyui".to_string()));
}

/// A tanyao hand waiting on 4s and 7s.
const TANYAO: &str = "234567m234p56s88s";

/// "A player whose waits include a tile in their own discards is furiten and may not win on
/// a discard."
#[test]
fn furiten_by_own_discard() {
    let rules = riichi();
    let wall = stack(&rules, East, ["", TANYAO, "4s", ""], "1z7s2z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    discard(&mut game, &mut log, East, "1z");
    discard(&mut game, &mut log, South, "7s");
    let a = discard_of(&game, West, "4s");
    log.extend(act(&mut game, West, a));
    assert!(!has(&game, South, |a| *a == Action::Ron));
    assert!(game.view(South).is_furiten());
}

/// "A player who lets a winning tile pass may not win on a discard until their own next
/// discard (temporary furiten)."
#[test]
fn furiten_after_a_pass_until_the_next_discard() {
    let rules = riichi();
    let wall = stack(&rules, East, ["4s", TANYAO, "47s", "7s"], "1z2z3z3z1z2z5z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    discard(&mut game, &mut log, East, "1z");
    discard(&mut game, &mut log, South, "2z");
    let a = discard_of(&game, West, "4s");
    log.extend(act(&mut game, West, a));
    assert!(has(&game, South, |a| *a == Action::Ron));
    pass_all(&mut game, &mut log);
    let a = discard_of(&game, North, "7s");
    log.extend(act(&mut game, North, a));
    assert!(!has(&game, South, |a| *a == Action::Ron), "temporary furiten");
    pass_all(&mut game, &mut log);
    let a = discard_of(&game, East, "4s");
    log.extend(act(&mut game, East, a));
    assert!(!has(&game, South, |a| *a == Action::Ron), "still before South's discard");
    pass_all(&mut game, &mut log);
    discard(&mut game, &mut log, South, "2z");
    let a = discard_of(&game, West, "7s");
    log.extend(act(&mut game, West, a));
    assert!(has(&game, South, |a| *a == Action::Ron), "furiten ends with South's discard");
}

/// "After riichi, letting a winning tile pass makes the player furiten for the rest of the
/// hand."
#[test]
fn furiten_after_riichi_is_permanent() {
    let rules = riichi();
    let wall = stack(&rules, East, ["", TANYAO, "47s", ""], "1z2z3z3z1z5z6z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    discard(&mut game, &mut log, East, "1z");
    declare_riichi(&mut game, &mut log, South);
    let a = discard_of(&game, West, "4s");
    log.extend(act(&mut game, West, a));
    assert!(has(&game, South, |a| *a == Action::Ron));
    pass_all(&mut game, &mut log);
    discard(&mut game, &mut log, North, "3z");
    discard(&mut game, &mut log, East, "1z");
    assert_eq!(game.pending().options(South).len(), 1, "after riichi only the drawn tile goes");
    discard(&mut game, &mut log, South, "5z");
    let a = discard_of(&game, West, "7s");
    log.extend(act(&mut game, West, a));
    assert!(!has(&game, South, |a| *a == Action::Ron), "furiten for good");
}

/// "After a call, the called tile and (for a chi) the tile at the sequence's other end may
/// not be discarded (no swap-calling, kuikae)."
#[test]
fn no_swap_calling() {
    let rules = riichi();
    let wall = stack(&rules, East, ["1m", "1234m", "", ""], "1z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let a = discard_of(&game, East, "1m");
    log.extend(act(&mut game, East, a));
    let chi = *game
        .pending()
        .options(South)
        .iter()
        .find(|a| matches!(a, Action::Chi([x, y]) if x.kind() == Some(kinds("2m")[0].0) && y.kind() == Some(kinds("3m")[0].0)))
        .expect("chi with 23m");
    log.extend(act(&mut game, South, chi));
    pass_all(&mut game, &mut log);
    let opts = game.pending().options(South);
    assert!(!opts.is_empty());
    for k in ["1m", "4m"] {
        let kind = kinds(k)[0].0;
        assert!(
            !opts
                .iter()
                .any(|a| matches!(a, Action::Discard { pai, .. } if pai.kind() == Some(kind))),
            "{k}"
        );
    }
}

/// A wall where East draws only terminals and honours; South holds 9m9m.
fn orphan_wall(rules: &Rules) -> Vec<hupai_core::Tile> {
    let orphans = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"];
    let simples: Vec<String> =
        (2..=8).flat_map(|n| ["m", "p", "s"].map(|s| format!("{n}{s}"))).collect();
    let mut draws = String::new();
    let (mut o, mut s) = (0, 0);
    for i in 0..70 {
        if i % 4 == 0 {
            draws += orphans[o % 13];
            o += 1;
        } else {
            draws += &simples[s % simples.len()];
            s += 1;
        }
    }
    stack(rules, East, ["", "9m9m", "", ""], &draws, "", "")
}

/// "Nagashi mangan: at an exhaustive draw, a player whose discards are all terminals and
/// honours, none of them called, is paid a mangan as if self-drawn."
#[test]
fn nagashi_mangan() {
    let rules = riichi();
    let (mut game, mut log) = stacked_game(&rules, None, orphan_wall(&rules));
    tsumogiri_until(&mut game, &mut log, |_| false);
    assert_eq!(draw_event(&log), Some(("exhaustive".to_string(), [12000, -4000, -4000, -4000])));
}

/// "Nagashi mangan is lost when one of the player's discards is called."
#[test]
fn nagashi_mangan_lost_to_a_call() {
    let rules = riichi();
    let (mut game, mut log) = stacked_game(&rules, None, orphan_wall(&rules));
    tsumogiri_until(&mut game, &mut log, |g| has(g, South, |a| matches!(a, Action::Pon(_))));
    let pon = common::pon_option(&game, South);
    log.extend(act(&mut game, South, pon));
    pass_all(&mut game, &mut log);
    tsumogiri_until(&mut game, &mut log, |_| false);
    let (reason, deltas) = draw_event(&log).expect("a draw");
    assert_eq!(reason, "exhaustive");
    assert!(deltas.iter().all(|&d| d.abs() <= 3000), "{deltas:?}");
}

/// "A riichi declared on the first uninterrupted turn is a double riichi; a win within one
/// go-around of the riichi, with no call in between, is ippatsu."
#[test]
fn double_riichi_and_ippatsu() {
    let rules = riichi();
    let wall = stack(&rules, East, ["", TANYAO, "4s", ""], "1z2z3z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    discard(&mut game, &mut log, East, "1z");
    declare_riichi(&mut game, &mut log, South);
    assert_eq!(game.sticks(), 1);
    let a = discard_of(&game, West, "4s");
    log.extend(act(&mut game, West, a));
    log.extend(act(&mut game, South, Action::Ron));
    pass_all(&mut game, &mut log);
    let y = &wins(&log)[0].2;
    for name in ["double_riichi", "ippatsu", "tanyao"] {
        assert!(y.contains(&name.to_string()), "{name} in {y:?}");
    }
}

/// "The dora indicator for an open kan is revealed when the kan player discards (a closed
/// kan's at once)." Logged as Mortal's simulator orders it: the `dora` line just before the
/// `dahai` it belongs to, so the discard that can be called comes after the new indicator.
#[test]
fn open_kan_dora_comes_with_the_discard() {
    let rules = riichi();
    let wall = stack(&rules, East, ["5z", "5z5z5z", "", ""], "1z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let a = discard_of(&game, East, "5z");
    log.extend(act(&mut game, East, a));
    assert!(has(&game, South, |a| *a == Action::OpenKan));
    let events = act(&mut game, South, Action::OpenKan);
    pass_all(&mut game, &mut log);
    assert!(matches!(events[0], Event::Daiminkan { .. }));
    assert!(!events.iter().any(|e| matches!(e, Event::Dora { .. })), "{events:?}");
    let a = *game
        .pending()
        .options(South)
        .iter()
        .find(|a| matches!(a, Action::Discard { .. }))
        .expect("discard");
    let events = act(&mut game, South, a);
    assert!(matches!(events[0], Event::Dora { .. }), "{events:?}");
    assert!(matches!(events[1], Event::Dahai { .. }));
    assert_eq!(game.view(West).dora_markers.len(), 2, "the new indicator counts for a ron");
}
