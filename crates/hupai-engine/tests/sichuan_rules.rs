//! Sichuan 血战到底 and 血流成河, each test quoting the rule it checks (the Chengdu room rules
//! as the rule sheets state them; see `hupai_rules::sichuan`).

#![cfg(test)]

use crate::common;

use common::{act, discard_of, has, pass_all, stack, stacked_game, wins};
use hupai_core::Seat::{self, East, North, South, West};
use hupai_core::Suit;
use hupai_engine::{default_action, Action, Event, Game, PaymentReason};
use hupai_rules::Rules;

fn preset(name: &str) -> Rules {
    Rules::preset(name).expect("preset")
}

/// Every seat names its void suit (定缺), checking that each was asked.
fn voids(game: &mut Game, log: &mut Vec<Event>, suits: [Suit; 4]) {
    let total = game.total_points();
    for (s, suit) in Seat::ALL.into_iter().zip(suits) {
        let options = game.pending().options(s);
        assert_eq!(options.len(), 3, "{s:?} names one of three suits: {options:?}");
        log.extend(act(game, s, Action::Void(suit)));
        game.check_invariants(total).expect("invariants");
    }
}

fn payments(log: &[Event], reason: PaymentReason) -> Vec<(Seat, [i32; 4])> {
    log.iter()
        .filter_map(|e| match e {
            Event::Payment { reason: r, actor, deltas, .. } if *r == reason => {
                Some((*actor, deltas.into_array()))
            }
            _ => None,
        })
        .collect()
}

/// "定缺: each player names a suit at the start and must discard it first"; "可以碰、杠，不可以
/// 吃" (pon and kong, no chi); a hand holding its void suit cannot win.
#[test]
fn the_void_suit_goes_first_and_there_is_no_chi() {
    let rules = preset("sichuan");
    let hands = ["19m12345678p11s2s", "23m45m", "", ""];
    let wall = stack(&rules, East, hands, "5s", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    assert!(game.pending().seats().count() == 4, "every seat names its void at once");
    voids(&mut game, &mut log, [Suit::Man, Suit::Sou, Suit::Sou, Suit::Sou]);
    let kinds: Vec<String> = game
        .pending()
        .options(East)
        .iter()
        .filter_map(|a| a.discarded())
        .map(|p| p.to_string())
        .collect();
    assert_eq!(kinds, ["1m", "9m"], "only the void suit may be discarded");
    assert!(log.iter().any(|e| matches!(e, Event::Void { actor: East, suit: Suit::Man })));
    let a = discard_of(&game, East, "1m");
    log.extend(act(&mut game, East, a));
    assert!(!has(&game, South, |a| matches!(a, Action::Chi(_))), "no chi");
}

/// Hands of the two-winner deal: South and West both wait on 5p, which East discards.
fn two_winners(rules: &Rules) -> (Game, Vec<Event>) {
    two_winners_then(rules, "5p")
}

/// As [`two_winners`], with `draws` after East's first draw.
fn two_winners_then(rules: &Rules, draws: &str) -> (Game, Vec<Event>) {
    let hands =
        ["5p234p678p444m99m1p", "123m456m789m11p46p", "111m222m333m55p46p", "666m777m88m99p33p1p"];
    let wall = stack(rules, East, hands, &format!("9p{draws}"), "", "");
    let (mut game, mut log) = stacked_game(rules, None, wall);
    voids(&mut game, &mut log, [Suit::Sou; 4]);
    let a = discard_of(&game, East, "5p");
    log.extend(act(&mut game, East, a));
    (game, log)
}

/// "一炮多响: 点炮后可多个玩家和牌，点炮者与每个被点炮者单独结算" (several win on one discard,
/// each settled with the discarder); "血战到底: a winner leaves, the others play on", the next
/// draw going to the player after the last winner.
#[test]
fn two_win_on_one_discard_and_leave_the_hand() {
    let rules = preset("sichuan");
    let (mut game, mut log) = two_winners(&rules);
    let total = game.total_points();
    log.extend(act(&mut game, South, Action::Ron));
    log.extend(act(&mut game, West, Action::Ron));
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert_eq!(w.len(), 2);
    assert_eq!((w[0].0, w[0].1, w[0].2), (South, East, [-1, 1, 0, 0]));
    assert_eq!((w[1].0, w[1].1, w[1].2), (West, East, [-1, 0, 1, 0]));
    assert!(!game.is_over(), "the hand goes on");
    assert_eq!(game.pending().seats().collect::<Vec<_>>(), [North], "North draws next");
    assert!(game.view(East).has_left(South) && game.view(East).has_left(West));
    assert_eq!(game.player(South).won.len() + game.player(West).won.len(), 1);
    // East and North play on; South and West are never asked again.
    let mut guard = 0;
    while !game.is_over() && guard < 400 {
        let seat = game.pending().seats().next().expect("someone decides");
        assert!(seat == East || seat == North, "{seat:?} left the hand");
        let action = default_action(game.pending().options(seat));
        log.extend(act(&mut game, seat, action));
        game.check_invariants(total).expect("invariants");
        guard += 1;
    }
    assert!(log.iter().any(|e| matches!(e, Event::Ryukyoku { .. })), "the wall ran out");
}

/// 过水: "a player who passes a win may not win on another discard until its next draw".
#[test]
fn a_passed_win_waits_for_the_next_draw() {
    let rules = preset("sichuan");
    let (mut game, mut log) = two_winners(&rules);
    log.extend(act(&mut game, South, Action::Pass));
    log.extend(act(&mut game, West, Action::Pass));
    assert!(game.view(West).is_furiten(), "West let a win pass");
    // South let it pass too, but draws at once (5p, which it may take by self-draw).
    assert!(!game.view(South).is_furiten());
    assert!(has(&game, South, |a| *a == Action::Tsumo));
    let off = Rules::from_toml_str("extends = \"sichuan\"\npass_win = false\n", "t").unwrap();
    let (mut game, _) = two_winners(&off);
    act(&mut game, South, Action::Pass);
    act(&mut game, West, Action::Pass);
    assert!(!game.view(West).is_furiten(), "without 过水 nothing holds West");
}

/// 过水 holds the hand that let a win pass: after a call the hand is another, so what passed
/// before it says nothing about what the caller may win on now (`passed_since_draw` is
/// cleared by the call as by a draw).
#[test]
fn a_call_clears_what_passed_since_the_draw() {
    let rules = preset("sichuan");
    let mut calls = 0;
    for seed in 0..40 {
        let mut setup = hupai_engine::Setup::new(rules.clone(), seed);
        setup.single_hand = true;
        let (mut game, _) = Game::new(setup);
        let mut guard = 0;
        while !game.is_over() && guard < 400 {
            guard += 1;
            let seat = game.pending().seats().next().expect("someone decides");
            let options = game.pending().options(seat);
            let pon = options.iter().find(|a| matches!(a, Action::Pon(_))).copied();
            let action = pon.unwrap_or_else(|| default_action(options));
            let events = act(&mut game, seat, action);
            // The pon is the last event until the caller discards.
            if let Some(Event::Pon { actor, .. }) = events.last() {
                calls += 1;
                for viewer in Seat::ALL {
                    let passed = game.view(viewer).passed_since_draw[actor.index()];
                    assert!(passed.is_empty(), "seed {seed}: {viewer:?} still sees {passed:?}");
                }
            }
        }
    }
    assert!(calls > 5, "only {calls} pons");
}

/// 血流成河: "和牌后可以再次胡" (a winner may win again), its hand locked: it discards the tile it
/// draws.
#[test]
fn in_xueliu_a_winner_stays_and_wins_again() {
    let rules = preset("sichuan-xueliu");
    let (mut game, mut log) = two_winners_then(&rules, "1s2s3s5p");
    let total = game.total_points();
    log.extend(act(&mut game, South, Action::Ron));
    log.extend(act(&mut game, West, Action::Pass));
    game.check_invariants(total).expect("invariants");
    // South stays: West draws next (after the winner), then North, East, and South draws 5p.
    for _ in 0..3 {
        let seat = game.pending().seats().next().unwrap();
        let a = default_action(game.pending().options(seat));
        log.extend(act(&mut game, seat, a));
        pass_all(&mut game, &mut log);
    }
    let options = game.pending().options(South);
    assert!(options.contains(&Action::Tsumo), "{options:?}");
    assert!(options
        .iter()
        .all(|a| matches!(a, Action::Tsumo | Action::Discard { tsumogiri: true, .. })));
    log.extend(act(&mut game, South, Action::Tsumo));
    let w = wins(&log);
    assert_eq!(w.len(), 2, "South won twice");
    // Self-drawn: 平胡, 1 + 1 (自摸加底) from each of the three others.
    assert_eq!(w[1].2, [-2, 6, -2, -2]);
    game.check_invariants(total).expect("invariants");
}

/// "刮风下雨: 直杠收取引杠者2倍，补杠收取其他玩家1倍，暗杠收取其他玩家2倍" (an open kong 2 from the
/// discarder, an added kong 1 and a closed kong 2 from every player still in); "呼叫转移: 玩家杠
/// 牌后杠上炮，需将杠牌所得转给被点炮的玩家" (a win on the kong's discard takes its payment); 杠上炮
/// is one fan.
#[test]
fn kongs_pay_at_once_and_a_win_on_the_kong_discard_takes_the_payment() {
    let rules = preset("sichuan");
    let hands =
        ["2222p789p88p66p5m9m", "999m123m567m88m4m3p", "1112345678999s", "345m678m111p45p22m"];
    let wall = stack(&rules, East, hands, "7p", "3s1m", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    voids(&mut game, &mut log, [Suit::Sou, Suit::Pin, Suit::Man, Suit::Sou]);
    let kind = |s: &str| common::kinds(s)[0].0;
    log.extend(act(&mut game, East, Action::ClosedKan(kind("2p"))));
    assert_eq!(payments(&log, PaymentReason::Kong), [(East, [6, -2, -2, -2])]);
    let a = discard_of(&game, East, "9m");
    log.extend(act(&mut game, East, a));
    log.extend(act(&mut game, South, Action::OpenKan));
    pass_all(&mut game, &mut log);
    assert_eq!(payments(&log, PaymentReason::Kong)[1], (South, [-2, 2, 0, 0]));
    // South must discard its void suit first: 3p, on which North wins.
    let a = discard_of(&game, South, "3p");
    log.extend(act(&mut game, South, a));
    assert!(has(&game, North, |a| *a == Action::Ron));
    log.extend(act(&mut game, North, Action::Ron));
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert_eq!(w[0].3, ["ping_hu", "gang_shang_pao"]);
    assert_eq!(w[0].2, [0, -2, 0, 2], "杠上炮: one fan, 2 from South");
    assert_eq!(payments(&log, PaymentReason::KongTransfer), [(South, [0, -2, 0, 2])]);
    assert_eq!(game.scores(), [4, -4, -2, 2]);
}

/// At the wall's end: "退税: 未听牌，则退回全部刮风下雨所得" (a player not ready returns its kong
/// payments); "查花猪: 手牌有三种花色的玩家为花猪，花猪赔给非花猪玩家封顶倍数" (a player still
/// holding its void suit pays the cap to each other player in the hand); "查大叫: 未听牌玩家
/// （花猪不用）赔给听牌玩家最大可能倍数" (a player not ready pays each ready one the most its
/// hand could win).
#[test]
fn the_wall_ends_with_refunds_flower_pigs_and_the_ready_check() {
    let rules = preset("sichuan");
    let hands = [
        "123m456m789m11p3p1s",  // East voids s and keeps drawing it: a flower pig
        "5555s13579m2468s",     // South voids p, declares a kong, never gets ready
        "123p456p789p11s23s",   // West voids m, ready on 1s 4s (平胡, 1)
        "22p55p88p33s66s99s7s", // North voids m, ready on 7s (七对, 2 fans: 4)
    ];
    // East draws only s tiles; the others draw what is left.
    let mut left: Vec<(hupai_core::Kind, bool)> = Vec::new();
    let mut used = [0u8; 34];
    for h in hands {
        for (k, _) in common::kinds(h) {
            used[k.index()] += 1;
        }
    }
    for k in hupai_core::Kind::all().filter(|k| !k.is_honor()) {
        for _ in used[k.index()]..4 {
            left.push((k, false));
        }
    }
    let (mut sou, mut rest): (Vec<_>, Vec<_>) =
        left.into_iter().partition(|(k, _)| k.suit() == Suit::Sou);
    let mut draws = String::new();
    let name = |k: hupai_core::Kind| format!("{}{}", k.number(), k.suit().letter());
    // 55 front draws (South's kong takes one from the back): E S W N ...
    let replacement = rest.pop().expect("a tile");
    for i in 0..55 {
        let pool = if i % 4 == 0 || rest.is_empty() { &mut sou } else { &mut rest };
        draws += &name(pool.pop().expect("tiles").0);
    }
    let wall = stack(&rules, East, hands, &draws, &name(replacement.0), "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    voids(&mut game, &mut log, [Suit::Sou, Suit::Pin, Suit::Man, Suit::Man]);
    let mut kong_done = false;
    while !game.is_over() {
        let seat = game.pending().seats().next().expect("someone decides");
        let options = game.pending().options(seat);
        let kong = Action::ClosedKan(common::kinds("5s")[0].0);
        let action = if seat == South && !kong_done && options.contains(&kong) {
            kong_done = true;
            kong
        } else {
            default_action(options)
        };
        log.extend(act(&mut game, seat, action));
        game.check_invariants(total).expect("invariants");
    }
    assert!(kong_done);
    assert!(wins(&log).is_empty());
    assert_eq!(payments(&log, PaymentReason::Kong), [(South, [-2, 6, -2, -2])]);
    assert_eq!(payments(&log, PaymentReason::KongRefund), [(South, [2, -6, 2, 2])]);
    assert_eq!(payments(&log, PaymentReason::FlowerPig), [(East, [-48, 16, 16, 16])]);
    assert_eq!(payments(&log, PaymentReason::NotReady), [(South, [0, -5, 1, 4])]);
    let Some(Event::Ryukyoku { tenpai, deltas, .. }) =
        log.iter().find(|e| matches!(e, Event::Ryukyoku { .. }))
    else {
        panic!("no draw")
    };
    assert_eq!((tenpai.into_array(), deltas.into_array()), ([false, false, true, true], [0; 4]));
    assert_eq!(game.scores(), [-48, 11, 17, 20]);
}

/// The three tiles `seat` passes, as an option.
fn exchange_of(game: &Game, seat: Seat, tiles: &str) -> Action {
    let want: Vec<_> = common::kinds(tiles).into_iter().map(|k| Some(k.0)).collect();
    *game
        .pending()
        .options(seat)
        .iter()
        .find(|a| matches!(a, Action::Exchange(p) if p.map(|p| p.kind()).to_vec() == want))
        .unwrap_or_else(|| panic!("{seat:?} may not pass {tiles}"))
}

/// "换三张：起牌后每家选出三张同一花色的牌，扣下交换（方向由骰子决定：顺时针、逆时针或对家），
/// 换牌后再定缺" (after the deal every player picks three tiles of one suit and passes them face
/// down, all at once, in the direction the dice name; the void is named after the exchange).
#[test]
fn three_tiles_of_a_suit_pass_at_once_then_the_void_is_named() {
    let text = "extends = \"sichuan\"\nexchange_three = true\nexchange_direction = \"next\"\n";
    let rules = Rules::from_toml_str(text, "swap.toml").expect("rules");
    let hands = ["111m2345p678p99s1s", "123m456m789m14p23s", "", ""];
    let wall = stack(&rules, East, hands, "5s", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    assert_eq!(game.pending().seats().count(), 4, "every seat chooses at once");
    for s in Seat::ALL {
        for a in game.pending().options(s) {
            let Action::Exchange(tiles) = a else { panic!("{s:?} is offered {a:?}") };
            let suits: Vec<_> = tiles.iter().map(|p| p.kind().map(|k| k.suit())).collect();
            assert!(suits.iter().all(|x| *x == suits[0]), "one suit: {a:?}");
        }
    }
    // South holds two pins and two sou: only man tiles can go, three of them.
    assert!(game.pending().options(South).iter().all(|a| match a {
        Action::Exchange(t) => t.iter().all(|p| p.kind().is_some_and(|k| k.suit() == Suit::Man)),
        _ => false,
    }));
    // Tiles of two suits, or tiles not held, are refused, and nothing changes.
    let p = |s: &str| s.parse::<hupai_engine::Pai>().unwrap();
    let before = format!("{game:?}");
    for bad in [[p("1m"), p("1m"), p("2p")], [p("9m"), p("9m"), p("9m")]] {
        assert!(game.apply(East, Action::Exchange(bad)).is_err(), "{bad:?}");
    }
    assert_eq!(format!("{game:?}"), before, "a refused exchange changes nothing");
    let east = exchange_of(&game, East, "111m");
    log.extend(act(&mut game, East, east));
    assert!(game.apply(East, east).is_err(), "one exchange each");
    let south = exchange_of(&game, South, "789m");
    log.extend(act(&mut game, South, south));
    for s in [West, North] {
        let first = game.pending().options(s)[0];
        log.extend(act(&mut game, s, first));
        game.check_invariants(total).expect("invariants");
    }
    let passes: Vec<(Seat, Seat, Vec<String>)> = log
        .iter()
        .filter_map(|e| match e {
            Event::Exchange { actor, target, pai } => {
                Some((*actor, *target, pai.iter().map(|p| p.to_string()).collect()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(passes.len(), 4);
    assert_eq!(passes[0], (East, South, vec!["1m".into(), "1m".into(), "1m".into()]));
    assert_eq!(passes[1], (South, West, vec!["7m".into(), "8m".into(), "9m".into()]));
    assert!(passes.iter().all(|(a, t, _)| *t == a.add(1)), "to the next seat: {passes:?}");
    // South holds East's three 1m now, East what North passed.
    let south_view = game.view(South);
    assert_eq!(south_view.hand().iter().filter(|p| p.to_string() == "1m").count(), 4);
    assert!(south_view.hand().iter().all(|p| !["7m", "8m", "9m"].contains(&&*p.to_string())));
    // Only the two seats of a pass see its tiles.
    let first = log.iter().find(|e| matches!(e, Event::Exchange { .. })).unwrap();
    for s in Seat::ALL {
        let Event::Exchange { pai, .. } = first.seen_by(s) else { unreachable!() };
        assert_eq!(pai.iter().all(|p| p.is_hidden()), !matches!(s, East | South), "{s:?}");
    }
    assert!(matches!(first.for_spectator(), Event::Exchange { pai, .. } if pai[0].is_hidden()));
    // Then 定缺, then the dealer plays.
    voids(&mut game, &mut log, [Suit::Sou, Suit::Sou, Suit::Sou, Suit::Sou]);
    game.check_invariants(total).expect("invariants");
    assert!(has(&game, East, |a| matches!(a, Action::Discard { .. })));
}

/// The dice choose one direction for the whole table, every hand; whole matches play, replay
/// from their log, and keep every invariant after every action.
#[test]
fn the_dice_choose_the_exchange_direction_and_matches_replay() {
    let rules = preset("sichuan-exchange");
    let mut directions = std::collections::BTreeSet::new();
    for seed in 0..6 {
        let (log, _) = common::play_checked(&rules, seed, usize::MAX);
        let mut hand: Vec<(Seat, Seat)> = Vec::new();
        for e in &log {
            match e {
                Event::StartKyoku { .. } => hand.clear(),
                Event::Exchange { actor, target, .. } => {
                    hand.push((*actor, *target));
                    if hand.len() == 4 {
                        let step = (hand[0].1.index() + 4 - hand[0].0.index()) % 4;
                        assert!((1..4).contains(&step));
                        for (a, t) in &hand {
                            assert_eq!(*t, a.add(step), "one direction for the table");
                        }
                        directions.insert(step);
                    }
                }
                _ => {}
            }
        }
        let text: String = log.iter().map(|e| e.to_json() + "\n").collect();
        hupai_engine::replay(&text, None).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    assert_eq!(directions.len(), 3, "all three directions come up: {directions:?}");
}

/// The ids of the fans of each win in `log`.
fn fan_ids(log: &[Event]) -> Vec<Vec<String>> {
    wins(log).into_iter().map(|w| w.3).collect()
}

/// hupai's Sichuan table (`hupai_rules::sichuan`): "5 | 天胡, 地胡", 天胡 the dealer's
/// self-drawn win on the deal, before any call; the preset caps at 4 fans (封顶) and adds a
/// base point to each payment of a self-draw (自摸加底): 16 + 1 from each of the three.
#[test]
fn the_dealer_wins_on_the_deal() {
    let rules = preset("sichuan");
    let wall = stack(&rules, East, ["123m456m789m234p5p", "", "", ""], "5p", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    voids(&mut game, &mut log, [Suit::Sou; 4]);
    assert!(has(&game, East, |a| *a == Action::Tsumo), "{:?}", game.pending().options(East));
    log.extend(act(&mut game, East, Action::Tsumo));
    game.check_invariants(total).expect("invariants");
    assert_eq!(fan_ids(&log), [["tian_hu", "ping_hu"]]);
    assert_eq!(wins(&log)[0].2, [51, -17, -17, -17]);
}

/// East is dealt `east` and draws `east_draw`, South waits on 5p with a plain hand and draws
/// `south_draw`; everyone voids sou (North, holding only sou, man).
fn first_turn_wall(
    rules: &Rules,
    east: &str,
    east_draw: &str,
    south_draw: &str,
) -> (Game, Vec<Event>) {
    let hands = [east, "123m456m789m234p5p", "", "1122334455667s"];
    let wall = stack(rules, East, hands, &format!("{east_draw}{south_draw}"), "", "");
    let (mut game, mut log) = stacked_game(rules, None, wall);
    voids(&mut game, &mut log, [Suit::Sou, Suit::Sou, Suit::Sou, Suit::Man]);
    (game, log)
}

/// 地胡 as hupai's Sichuan table counts it (`hupai_rules::sichuan`, `first_turn && self_drawn
/// && !dealer`): a non-dealer's self-drawn win on its first draw, no call before it, 5 fans.
/// The other reading some sheets give, a win on the dealer's first discard, is not 地胡 here:
/// South's win on East's first discard is a plain 平胡 paid 1 by East.
#[test]
fn a_non_dealer_wins_on_its_first_draw() {
    let rules = preset("sichuan");
    let (mut game, mut log) = first_turn_wall(&rules, "111m222m333m99p7p1s", "8p", "5p");
    let total = game.total_points();
    let a = discard_of(&game, East, "1s");
    log.extend(act(&mut game, East, a));
    pass_all(&mut game, &mut log);
    assert!(has(&game, South, |a| *a == Action::Tsumo));
    log.extend(act(&mut game, South, Action::Tsumo));
    game.check_invariants(total).expect("invariants");
    assert_eq!(fan_ids(&log), [["di_hu", "ping_hu"]]);
    assert_eq!(wins(&log)[0].2, [-17, 51, -17, -17], "capped at 4 fans, 16 + 1 each");

    let (mut game, mut log) = first_turn_wall(&rules, "111m222m333m99p7p5p", "8p", "1s");
    let a = discard_of(&game, East, "5p");
    log.extend(act(&mut game, East, a));
    assert!(has(&game, South, |a| *a == Action::Ron));
    log.extend(act(&mut game, South, Action::Ron));
    pass_all(&mut game, &mut log);
    game.check_invariants(total).expect("invariants");
    assert_eq!(fan_ids(&log), [["ping_hu"]], "no 地胡 on a discard");
    assert_eq!(wins(&log)[0].2, [-1, 1, 0, 0]);
}

/// 抢杠胡 (hupai's Sichuan table: "1 | ... 抢杠胡", won on the tile another player adds to its
/// pon): the robber is paid by the robbed player, as on a discard. The preset's 刮风下雨 pays a
/// kong "at once" when it stands; a robbed kong never stands (the engine settles the win
/// instead of `finish_kan`), so it collects nothing and is a pon again. The rules file says
/// nothing more on robbing. East pons West's 5p (South, waiting on it, lets it pass), later
/// adds the fourth; South robs it.
#[test]
fn robbing_an_added_kong_pays_one_fan_and_the_kong_nothing() {
    let rules = preset("sichuan");
    let hands =
        ["55p123m456m789m9p1p", "123m456m789m11p46p", "5p222p333p777p88p9p", "1122334455667s"];
    // East's 14th, then South, West, South, West, North and East (the fourth 5p).
    let wall = stack(&rules, East, hands, "8s8s9m8s9s9s5p", "", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    voids(&mut game, &mut log, [Suit::Sou, Suit::Sou, Suit::Sou, Suit::Man]);
    common::tsumogiri(&mut game, &mut log, East);
    common::tsumogiri(&mut game, &mut log, South);
    common::rob_an_added_five_pin(&mut game, &mut log, "9p");
    game.check_invariants(total).expect("invariants");
    assert_eq!(fan_ids(&log), [["ping_hu", "qiang_gang_hu"]]);
    assert_eq!(wins(&log)[0].2, [-2, 2, 0, 0], "one fan, 2 from East alone");
    assert_eq!(payments(&log, PaymentReason::Kong), [], "the robbed kong collects nothing");
    let melds: Vec<_> = game.player(East).melds.iter().map(|m| m.meld.kind()).collect();
    assert_eq!(melds, [hupai_core::MeldKind::Pon], "the robbed kong is a pon again");
    assert_eq!(game.scores(), [-2, 2, 0, 0]);
    assert_eq!(game.pending().seats().collect::<Vec<_>>(), [West], "West draws next");
}

/// East discards 9m, which South (999m, 123m 456m 78p 55p) kongs; the replacement, 6p, wins.
fn kong_flower(rules: &Rules) -> (Game, Vec<Event>) {
    let hands = ["9m111p222p333p444p", "999m123m456m78p55p", "1122334455667s", ""];
    let wall = stack(rules, East, hands, "6m", "6p", "");
    let (mut game, mut log) = stacked_game(rules, None, wall);
    voids(&mut game, &mut log, [Suit::Sou, Suit::Sou, Suit::Man, Suit::Sou]);
    let a = discard_of(&game, East, "9m");
    log.extend(act(&mut game, East, a));
    log.extend(act(&mut game, South, Action::OpenKan));
    pass_all(&mut game, &mut log);
    assert!(has(&game, South, |a| *a == Action::Tsumo), "{:?}", game.pending().options(South));
    log.extend(act(&mut game, South, Action::Tsumo));
    (game, log)
}

/// 点杠花, the rules' `kong_flower_self_drawn`: "a win on the replacement tile of an open kong
/// is paid as a self-draw (true) or by the kong's discarder alone, as a discard (false)". The
/// win is 根 + 杠上花, 2 fans: 4 a payer; a self-draw adds a base point (自摸加底), a discard
/// does not.
#[test]
fn a_win_on_an_open_kong_s_replacement_is_paid_by_the_preset_s_choice() {
    let rules = preset("sichuan");
    let (game, log) = kong_flower(&rules);
    assert_eq!(payments(&log, PaymentReason::Kong), [(South, [-2, 2, 0, 0])]);
    assert_eq!(fan_ids(&log), [["ping_hu", "gen", "gang_shang_hua"]]);
    assert_eq!(wins(&log)[0].2, [-5, 15, -5, -5], "the preset: as a self-draw, 4 + 1 each");
    assert_eq!(game.scores(), [-7, 17, -5, -5]);

    let text = "extends = \"sichuan\"\nkong_flower_self_drawn = false\n";
    let rules = Rules::from_toml_str(text, "dian_gang_hua.toml").expect("rules");
    let (game, log) = kong_flower(&rules);
    let total = game.total_points();
    assert_eq!(fan_ids(&log), [["ping_hu", "gen", "gang_shang_hua"]]);
    assert_eq!(wins(&log)[0].2, [-4, 4, 0, 0], "East, who fed the kong, pays alone, as a discard");
    assert_eq!(game.scores(), [-6, 6, 0, 0]);
    game.check_invariants(total).expect("invariants");
    assert!(!game.is_over(), "the hand goes on");
}

/// "一炮多响: 点炮后可多个玩家和牌，点炮者与每个被点炮者单独结算" with "呼叫转移: 玩家杠牌后杠上炮，
/// 需将杠牌所得转给被点炮的玩家" (the kong's takings go to the player the discard wins for). The
/// rule sheets name one such player; with two, hupai gives the kong's takings to the first
/// winner in turn order from the discarder (as the first winner takes the honba and sticks
/// elsewhere), see `after_win.rs`. East declares a closed kong (2 from each), then discards
/// 5p, on which South and West both win 杠上炮 (1 fan, 2 each from East).
#[test]
fn two_win_on_a_kong_discard_and_the_first_takes_the_kong() {
    let rules = preset("sichuan");
    let hands =
        ["5p234p678p999p1p7m8m", "123m456m789m11p46p", "111m222m333m55p46p", "1122334455667s"];
    let wall = stack(&rules, East, hands, "9p", "9m", "");
    let (mut game, mut log) = stacked_game(&rules, None, wall);
    let total = game.total_points();
    voids(&mut game, &mut log, [Suit::Sou, Suit::Sou, Suit::Sou, Suit::Man]);
    log.extend(act(&mut game, East, Action::ClosedKan(common::kinds("9p")[0].0)));
    assert_eq!(payments(&log, PaymentReason::Kong), [(East, [6, -2, -2, -2])]);
    let a = discard_of(&game, East, "5p");
    log.extend(act(&mut game, East, a));
    log.extend(act(&mut game, South, Action::Ron));
    log.extend(act(&mut game, West, Action::Ron));
    game.check_invariants(total).expect("invariants");
    let w = wins(&log);
    assert_eq!(fan_ids(&log), [["ping_hu", "gang_shang_pao"], ["ping_hu", "gang_shang_pao"]]);
    assert_eq!((w[0].0, w[0].2), (South, [-2, 2, 0, 0]));
    assert_eq!((w[1].0, w[1].2), (West, [-2, 0, 2, 0]));
    assert_eq!(
        payments(&log, PaymentReason::KongTransfer),
        [(East, [-6, 6, 0, 0])],
        "the whole kong to South, the first after East; nothing to West"
    );
    assert_eq!(game.scores(), [-4, 6, 0, -2]);
}
