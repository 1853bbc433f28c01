//! Three-player riichi (三人麻雀, the `sanma` preset: Tenhou's three-player rules), each test
//! with the rule it checks. Sources are those the preset file names: Tenhou's rule page for
//! 三人打ち, riichi.wiki "Sanma", RiichiEnv 0.4.11's three-player state.

#![cfg(test)]

use crate::common;

use common::{act, has, pass_all, play_checked, stack, stacked_game, tsumogiri};
use hupai_core::Seat::{self, East, North, South, West};
use hupai_engine::{Action, Decision, DrawReason, Event, Pai, PlayerView, ViewError};
use hupai_rules::Rules;

fn sanma() -> Rules {
    Rules::preset("sanma").expect("preset")
}

fn pai(text: &str) -> Pai {
    text.parse().expect("a tile")
}

/// "Three seats, East, South and West, and 108 tiles: every event names one of the three,
/// every per-seat array has three values, the dealer goes round the three seats, and no chi
/// is ever made" (riichi.wiki "Sanma"). Random matches, invariants checked after every action.
#[test]
fn random_matches_seat_three_players() {
    for seed in 0..4 {
        let (log, _) = play_checked(&sanma(), seed, usize::MAX);
        let mut dealers = Vec::new();
        for e in &log {
            assert_ne!(e.actor(), Some(North), "seed {seed}: {}", e.to_json());
            let json: serde_json::Value = serde_json::from_str(&e.to_json()).expect("json");
            for key in ["scores", "deltas", "tehais", "tenpai", "names"] {
                if let Some(values) = json.get(key).and_then(|v| v.as_array()) {
                    assert_eq!(values.len(), 3, "seed {seed}: {key} in {}", e.to_json());
                }
            }
            match e {
                Event::StartKyoku { oya, kyoku, .. } => {
                    assert_eq!(kyoku, &(oya.index() as u8 + 1));
                    dealers.push(*oya);
                }
                Event::Chi { .. } => panic!("seed {seed}: a chi at three players"),
                Event::EndGame { scores, .. } => {
                    let total: i32 = scores.as_ref().expect("scores").iter().sum();
                    assert_eq!(total, 105_000, "seed {seed}: 35,000 each, no point lost");
                }
                _ => {}
            }
        }
        assert!(dealers.iter().all(|d| *d != North), "seed {seed}");
        assert!(dealers.contains(&West), "seed {seed}: the deal reaches West");
        assert!(log.iter().any(|e| matches!(e, Event::Kita { .. })), "seed {seed}: no kita");
    }
}

/// "A North may be set aside in one's own turn as a bonus dora (抜きドラ); a replacement tile
/// is drawn from the dead wall, which takes the last tile of the live wall."
#[test]
fn kita_sets_a_north_aside_with_a_replacement_draw() {
    let rules = sanma();
    let hands = ["123p456p789s11s9m4z", "", "", ""];
    let wall = stack(&rules, East, hands, "7z", "", "3s");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    assert!(has(&game, East, |a| *a == Action::Kita), "{:?}", game.pending().options(East));
    let live = game.wall().live();
    log.extend(act(&mut game, East, Action::Kita));
    let tail: Vec<&Event> = log.iter().rev().take(2).collect();
    assert!(matches!(tail[1], Event::Kita { actor: East, pai } if *pai == self::pai("N")));
    assert!(matches!(tail[0], Event::Tsumo { actor: East, pai } if *pai == self::pai("3s")));
    assert_eq!(game.wall().live(), live - 1, "the live wall gives a tile to the dead wall");
    let view = game.view(East);
    assert_eq!(view.kita[East.index()], 1);
    assert_eq!(game.view(South).kita[East.index()], 1, "every seat sees it");
    assert_eq!(view.decision(), Decision::Turn { after_call: false, replacement: true });
    let ctx = hupai_engine::win_context(view, pai("3s").kind().expect("kind"), on_draw(true));
    assert_eq!(ctx.kita, 1, "the North counts as a dora when East wins");
    // The North left the hand: no second kita without another North.
    assert!(!has(&game, East, |a| *a == Action::Kita));
}

fn on_draw(replacement: bool) -> hupai_engine::WinOn {
    hupai_engine::WinOn::Draw { replacement }
}

/// "Another player may win on a North set aside, as on a robbed kan, without the chankan
/// yaku" (the preset's `kita_ron`, per RiichiEnv); where the rules do not allow it, nobody is
/// asked.
#[test]
fn a_win_on_a_kita() {
    let rules = sanma();
    // South: a pin straight, East's triplet, waiting on North alone.
    let hands = ["1s2s3s7s8s9s1p1p9m9m6z6z4z", "123456789p1114z", "", ""];
    let wall = stack(&rules, East, hands, "5z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    log.extend(act(&mut game, East, Action::Kita));
    assert!(matches!(game.view(South).decision(), Decision::Kita { from: East, .. }));
    assert!(has(&game, South, |a| *a == Action::Ron), "{:?}", game.pending().options(South));
    log.extend(act(&mut game, South, Action::Ron));
    let Some(Event::Hora { actor, target, yaku, deltas, .. }) =
        log.iter().find(|e| matches!(e, Event::Hora { .. }))
    else {
        panic!("no win: {log:?}")
    };
    assert_eq!((*actor, *target), (South, East));
    assert!(yaku.iter().all(|y| y.name != "chankan"), "{yaku:?}");
    assert!(yaku.iter().any(|y| y.name == "ittsu"), "{yaku:?}");
    assert_eq!(deltas.len(), 3);
    assert!(deltas[East.index()] < 0 && deltas[West.index()] == 0, "{deltas:?}");

    let no_ron =
        Rules::from_toml_str("extends = \"sanma\"\nkita_ron = false\n", "t.toml").expect("rules");
    let wall = stack(&no_ron, East, hands, "5z", "", "");
    let (mut game, mut log) = stacked_game(&no_ron, None, wall);
    log.extend(act(&mut game, East, Action::Kita));
    assert_eq!(game.pending().seats().collect::<Vec<_>>(), [East], "East draws at once");
    assert!(matches!(log.last(), Some(Event::Tsumo { actor: East, .. })));
}

/// "No chi: only pon and kan are called" (riichi.wiki; RiichiEnv offers no chi in 3P).
#[test]
fn no_chi_is_offered() {
    let rules = sanma();
    let hands = ["3p", "1p2p4p4p", "", ""];
    let wall = stack(&rules, East, hands, "6z", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let three = *game
        .pending()
        .options(East)
        .iter()
        .find(|a| a.discarded() == Some(pai("3p")))
        .expect("East may discard 3p");
    log.extend(act(&mut game, East, three));
    assert!(!has(&game, South, |a| matches!(a, Action::Chi(_))), "no chi at three players");
    pass_all(&mut game, &mut log);
}

/// "ツモ損: a non-dealer's self-drawn win is paid by the dealer and the other player as in
/// four-player, the absent player's share is lost" (Tenhou; the preset's `tsumo_loss`). A
/// haneman by self-draw: 6,000 from the dealer, 3,000 from West, 9,000 in all (12,000 at
/// four players).
#[test]
fn tsumo_loss() {
    let rules = sanma();
    // South: closed pin straight, East triplet (the round wind), North alone: haneman
    // (menzen tsumo, ittsu, honitsu, East) on drawing North.
    let hands = ["1s2s3s7s8s9s1p1p9m9m6z6z7z", "123456789p1114z", "", ""];
    let dead = "6s6s6s6s9s";
    // One go-around first (a win on the first draw would be chiihou).
    let wall = stack(&rules, East, hands, "5z2s3s5z4z", "", dead);
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    for seat in [East, South, West, East] {
        tsumogiri(&mut game, &mut log, seat);
    }
    assert!(has(&game, South, |a| *a == Action::Tsumo));
    log.extend(act(&mut game, South, Action::Tsumo));
    let Some(Event::Hora { deltas, han, .. }) =
        log.iter().find(|e| matches!(e, Event::Hora { .. }))
    else {
        panic!("no win")
    };
    assert_eq!(*han, 7, "menzen tsumo 1, ittsu 2, honitsu 3, East 1");
    assert_eq!(deltas.as_ref(), [-6000, 9000, -3000]);
}

/// "不聴罰符: 2,000 in all at an exhaustive draw" (RiichiEnv's tenpai pool; Tenhou): one
/// ready player takes 1,000 from each of the two others.
#[test]
fn noten_payments_are_two_thousand() {
    let rules = sanma();
    // South waits on 4s alone and keeps its hand; East and West, far from ready, discard
    // every tile they draw.
    let hands =
        ["1p9p1s9s9m2z3z5z6z7z3p6s8p", "123456789p111z4s", "2p5p8p3s6s9s1m9m5z6z7z2z3z", ""];
    let wall = stack(&rules, East, hands, "", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    while !game.is_over() {
        let seat = game.pending().seats().next().expect("someone plays");
        if game.pending().options(seat).contains(&Action::Pass) {
            pass_all(&mut game, &mut log);
        } else {
            tsumogiri(&mut game, &mut log, seat);
        }
    }
    let Some(Event::Ryukyoku { reason, deltas, tenpai, .. }) =
        log.iter().find(|e| matches!(e, Event::Ryukyoku { .. }))
    else {
        panic!("no draw")
    };
    assert_eq!(*reason, Some(DrawReason::Exhaustive));
    assert_eq!(tenpai.as_ref(), [false, true, false]);
    assert_eq!(deltas.as_ref(), [-1000, 2000, -1000]);
}

/// "In riichi a North may be set aside only when it is the tile just drawn: the hand does not
/// change" (RiichiEnv: a legal kita after riichi extracts the drawn North).
#[test]
fn kita_in_riichi_only_of_the_drawn_north() {
    let rules = sanma();
    let hands = ["123p456p789s111s4z", "", "", ""];
    let wall = stack(&rules, East, hands, "9m", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    // East holds a North and is ready on it; it declares riichi discarding the 9m.
    let riichi = Action::Riichi { pai: pai("9m"), tsumogiri: true };
    assert!(has(&game, East, |a| *a == riichi), "{:?}", game.pending().options(East));
    log.extend(act(&mut game, East, riichi));
    pass_all(&mut game, &mut log);
    assert!(game.view(East).riichi[East.index()]);
    assert!(!game.view(East).kita.iter().any(|&k| k > 0));
    // The North in the hand is never offered for kita in riichi.
    for seat in [South, West] {
        tsumogiri(&mut game, &mut log, seat);
    }
    if game.pending().seats().next() == Some(East) {
        let drawn = game.view(East).drawn;
        let offered = has(&game, East, |a| *a == Action::Kita);
        assert_eq!(offered, drawn == Some(pai("N")), "drawn {drawn:?}");
    }
}

/// Bad input: a seat that is not at the table, or values for four seats, are refused and
/// change nothing.
#[test]
fn a_view_refuses_a_fourth_seat() {
    let rules = sanma();
    let tiles: Vec<Pai> = "1p 2p 3p 4p 5p 6p 7s 8s 9s E E S S".split(' ').map(pai).collect();
    let mut view = PlayerView::dealt(&rules, East, East, &tiles, None).expect("dealt");
    let before = view.clone();
    let north_draws = Event::Tsumo { actor: Seat::North, pai: Pai::HIDDEN };
    let e = view.update(&north_draws).expect_err("no North seat");
    assert_eq!(e, ViewError::NoSuchSeat { event: "tsumo", seat: North });
    assert!(e.to_string().contains("not at the table"), "{e}");
    let four: Event = serde_json::from_str(
        r#"{"type":"hora","actor":1,"target":0,"pai":"E","deltas":[-1000,1000,0,0],"scores":[34000,36000,35000,35000]}"#,
    )
    .expect("an event");
    let e = view.update(&four).expect_err("four values");
    assert!(matches!(e, ViewError::SeatCount { found: 4, seats: 3, .. }), "{e}");
    assert_eq!(view, before, "nothing changed");
}

/// A three-player log reads as the mjai tools write one (RiichiEnv's three-player log: three
/// values per array, `{"type":"kita","actor":0,"pai":"N"}`).
#[test]
fn a_riichienv_style_line_reads() {
    let kita: Event = serde_json::from_str(r#"{"actor": 0, "pai": "N", "type": "kita"}"#).unwrap();
    assert_eq!(kita, Event::Kita { actor: East, pai: pai("N") });
    assert_eq!(kita.to_json(), r#"{"type":"kita","actor":0,"pai":"N"}"#);
    let start: Event = serde_json::from_str(
        r#"{"bakaze":"E","dora_marker":"2p","honba":0,"kyoku":1,"kyotaku":0,"oya":0,"scores":[35000,35000,35000],"tehais":[["1p"],["2p"],["3p"]],"type":"start_kyoku"}"#,
    )
    .expect("three seats");
    let Event::StartKyoku { scores, tehais, .. } = &start else { panic!() };
    assert_eq!((scores.map(|s| s.len()), tehais.len()), (Some(3), 3));
    assert!(start.to_json().contains(r#""scores":[35000,35000,35000]"#));
}

/// "Turns go round the three seats": South's turn follows East's, West's follows South's,
/// East's follows West's.
#[test]
fn turns_go_round_three_seats() {
    let rules = sanma();
    let wall = stack(&rules, East, ["", "", "", ""], "", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    for expected in [East, South, West, East, South] {
        let seat = game.pending().seats().next().expect("a seat");
        assert_eq!(seat, expected);
        let a = *game
            .pending()
            .options(seat)
            .iter()
            .find(|a| matches!(a, Action::Discard { tsumogiri: true, .. }))
            .expect("tsumogiri");
        log.extend(act(&mut game, seat, a));
        pass_all(&mut game, &mut log);
    }
}

/// The release run: 1,000,000 random actions of three-player riichi, every invariant checked
/// after each (`cargo test --release -p hupai-engine --test integration -- --ignored
/// sanma::a_million`).
#[test]
#[ignore]
fn a_million_random_actions() {
    let (mut total, mut seed, mut kita) = (0, 5000, 0);
    while total < 1_000_000 {
        let (log, actions) = play_checked(&sanma(), seed, usize::MAX);
        kita += log.iter().filter(|e| matches!(e, Event::Kita { .. })).count();
        total += actions;
        seed += 1;
    }
    println!("{total} actions in {} matches, {kita} kita", seed - 5000);
}
