//! Named riichi scoring cases: the rule switches, the double yakuman, first-turn wins, limits,
//! fu details, payments and the errors. (The bulk of the checking is the differential test
//! against the reference calculator in `riichi_reference.rs`.)

#![cfg(test)]

use hupai_core::{Hand, Kind, Seat};
use hupai_rules::{
    score, Inconsistency, KazoeLimit, Limit, Renhou, Rules, Score, ScoreError, WinContext,
};

fn tenhou() -> Rules {
    Rules::preset("riichi").unwrap()
}

fn majsoul() -> Rules {
    Rules::preset("riichi-majsoul").unwrap()
}

fn kind(s: &str) -> Kind {
    s.parse().unwrap()
}

/// A win on `win`, seat South (not the dealer) in the East round.
fn ctx(win: &str, tsumo: bool) -> WinContext {
    let mut c = WinContext::new(kind(win), tsumo);
    c.seat_wind = Seat::South;
    c
}

fn run(rules: &Rules, hand: &str, c: &WinContext) -> Result<Score, ScoreError> {
    let hand: Hand = hand.parse().unwrap();
    score(rules, &hand, c)
}

fn ok(rules: &Rules, hand: &str, c: &WinContext) -> Score {
    run(rules, hand, c).unwrap_or_else(|e| panic!("{hand}: {e}"))
}

fn ids(s: &Score) -> Vec<(&'static str, u32)> {
    s.items.iter().map(|i| (i.id.as_str(), i.value * i.count)).collect()
}

#[test]
fn double_yakuman_forms_count_double_only_where_the_rules_say() {
    // Thirteen-sided thirteen orphans.
    let c = ctx("7z", false);
    let t = ok(&tenhou(), "19m19p19s12345677z", &c);
    assert_eq!(ids(&t), [("kokushi_musou_13_wait", 13)]);
    assert_eq!((t.total, t.limit, t.payments.ron), (13, Some(Limit::Yakuman(1)), Some(32000)));
    let m = ok(&majsoul(), "19m19p19s12345677z", &c);
    assert_eq!((m.total, m.limit, m.payments.ron), (26, Some(Limit::Yakuman(2)), Some(64000)));
    // Single-wait four concealed triplets.
    let c = ctx("5z", false);
    assert_eq!(ids(&ok(&tenhou(), "111m222p333s444z55z", &c)), [("suuankou_tanki", 13)]);
    assert_eq!(ids(&ok(&majsoul(), "111m222p333s444z55z", &c)), [("suuankou_tanki", 26)]);
    // Four concealed triplets won on a discard that completes a triplet: only three count.
    let c = ctx("4z", false);
    let s = ok(&majsoul(), "111m222p333s444z55z", &c);
    assert_eq!(ids(&s), [("toitoi", 2), ("sanankou", 2)]);
    // ... and self-drawn it is the single yakuman.
    assert_eq!(ids(&ok(&majsoul(), "111m222p333s444z55z", &ctx("4z", true))), [("suuankou", 13)]);
    // True nine gates.
    let c = ctx("9m", true);
    assert_eq!(ids(&ok(&majsoul(), "11123456789999m", &c)), [("junsei_chuuren_poutou", 26)]);
    assert_eq!(ids(&ok(&tenhou(), "11123456789999m", &c)), [("junsei_chuuren_poutou", 13)]);
    let c = ctx("1m", true);
    assert_eq!(ids(&ok(&majsoul(), "11123455678999m", &c)), [("chuuren_poutou", 13)]);
}

#[test]
fn different_yakuman_stack() {
    // Big four winds and all honours.
    let c = ctx("5z", false);
    let hand = "444z55z pon:111z pon:222z pon:333z";
    let t = ok(&tenhou(), hand, &c);
    assert_eq!(ids(&t), [("tsuuiisou", 13), ("daisuushii", 13)]);
    assert_eq!((t.total, t.limit, t.payments.ron), (26, Some(Limit::Yakuman(2)), Some(64000)));
    let m = ok(&majsoul(), hand, &c);
    assert_eq!((m.total, m.limit, m.payments.ron), (39, Some(Limit::Yakuman(3)), Some(96000)));
    // Dora never count on a yakuman hand.
    let mut c = ctx("5z", false);
    c.dora_indicators = vec![kind("4z")];
    assert_eq!(ok(&tenhou(), hand, &c).total, 26);
}

#[test]
fn counted_yakuman_follow_the_kazoe_switch() {
    // Riichi, ippatsu, tsumo, pinfu, iipeikou, ittsu, chinitsu: 13 han.
    let mut c = ctx("4p", true);
    c.riichi = true;
    c.ippatsu = true;
    let hand = "11223345678955p";
    let s = ok(&tenhou(), hand, &c);
    assert_eq!((s.total, s.limit), (13, Some(Limit::KazoeYakuman)));
    assert_eq!((s.payments.tsumo_dealer, s.payments.tsumo_others), (Some(16000), Some(8000)));
    let mut capped = tenhou();
    capped.kazoe = KazoeLimit::Sanbaiman;
    let s = ok(&capped, hand, &c);
    assert_eq!((s.total, s.limit), (13, Some(Limit::Sanbaiman)));
    assert_eq!((s.payments.tsumo_dealer, s.payments.tsumo_others), (Some(12000), Some(6000)));
}

#[test]
fn first_turn_wins() {
    let hand = "123m456p789s11122z";
    let mut c = WinContext::new(kind("2z"), true);
    c.first_turn = true;
    let s = ok(&tenhou(), hand, &c);
    assert_eq!(ids(&s), [("tenhou", 13)]);
    assert_eq!((s.payments.tsumo_others, s.payments.total), (Some(16000), 48000));
    c.seat_wind = Seat::South;
    let s = ok(&tenhou(), hand, &c);
    assert_eq!(ids(&s), [("chiihou", 13)]);
    assert_eq!((s.payments.tsumo_dealer, s.payments.tsumo_others), (Some(16000), Some(8000)));
    // Renhou: a non-dealer's win on a discard before their first draw, per the switch.
    c.self_drawn = false;
    let mut rules = tenhou();
    assert_eq!(ids(&ok(&rules, hand, &c)), [("round_wind_east", 1)]);
    rules.renhou = Renhou::Mangan;
    let s = ok(&rules, hand, &c);
    assert_eq!(ids(&s), [("renhou", 5), ("round_wind_east", 1)]);
    assert_eq!(s.limit, Some(Limit::Haneman));
    rules.renhou = Renhou::Yakuman;
    assert_eq!(ids(&ok(&rules, hand, &c)), [("renhou_yakuman", 13)]);
    // Stacked with thirteen orphans.
    let mut c = WinContext::new(kind("1m"), true);
    c.first_turn = true;
    let s = ok(&tenhou(), "19m19p19s12345677z", &c);
    assert_eq!(ids(&s), [("kokushi_musou", 13), ("tenhou", 13)]);
    assert_eq!(s.limit, Some(Limit::Yakuman(2)));
}

#[test]
fn kiriage_rounds_up_to_mangan() {
    // Riichi, pinfu, tanyao and one dora: 4 han 30 fu.
    let mut c = ctx("2m", false);
    c.riichi = true;
    c.dora_indicators = vec![kind("1m")];
    let hand = "234m567p345s678s22p";
    let s = ok(&tenhou(), hand, &c);
    assert_eq!((s.total, s.fu, s.limit, s.payments.ron), (4, 30, None, Some(7700)));
    let mut rules = tenhou();
    rules.kiriage = true;
    let s = ok(&rules, hand, &c);
    assert_eq!((s.limit, s.payments.ron), (Some(Limit::Mangan), Some(8000)));
}

#[test]
fn fu_details() {
    // Double-wind pair: 30 + 8 (closed 999s) + 4 = 42 -> 50; with the 2-fu switch 40.
    let mut c = WinContext::new(kind("2m"), false);
    c.riichi = true;
    let hand = "234m567p999s678s11z";
    let s = ok(&tenhou(), hand, &c);
    assert_eq!((s.total, s.fu, s.payments.ron), (1, 50, Some(2400)));
    let mut rules = tenhou();
    rules.double_wind_pair_fu = 2;
    assert_eq!(ok(&rules, hand, &c).fu, 40);
    // Open pinfu shape on a discard: 30 fu; without open tanyao no yaku.
    let c = ctx("2m", false);
    let open = "234m567p55s chi:345s chi:678s";
    let s = ok(&tenhou(), open, &c);
    assert_eq!((ids(&s), s.fu, s.payments.ron), (vec![("tanyao", 1)], 30, Some(1000)));
    let mut rules = tenhou();
    rules.open_tanyao = false;
    assert_eq!(run(&rules, open, &c), Err(ScoreError::NoYaku));
    // Pinfu tsumo: 20 fu; seven pairs: 25.
    let mut c = ctx("6p", true);
    c.riichi = true;
    assert_eq!(ok(&tenhou(), "234789m1234566p6p", &c).fu, 20);
    let s = ok(&tenhou(), "1133m557799p2244s", &ctx("1m", false));
    assert_eq!((ids(&s), s.fu, s.payments.ron), (vec![("chiitoitsu", 2)], 25, Some(1600)));
    // Closed kan of terminals: 32 fu; closed kan of simples: 16; open: half.
    let s = ok(&tenhou(), "234m567p55s ankan:9999m ankan:2222s", &ctx("2m", true));
    assert_eq!(s.fu, 70); // 20 + 32 + 16 + 2 (tsumo) = 70
    let s = ok(&tenhou(), "234m567p55s kan:5555z kan:2222s", &ctx("2m", true));
    assert_eq!(ids(&s), [("yakuhai_haku", 1)]);
    assert_eq!(s.fu, 50); // 20 + 16 + 8 + 2 (tsumo) = 46 -> 50
}

#[test]
fn dora_red_fives_and_kan_dora() {
    let mut c = ctx("2m", false);
    c.dora_indicators = vec![kind("1p")];
    let s = ok(&tenhou(), "234m567p55s kan:2222p chi:340s", &c);
    assert_eq!(ids(&s), [("tanyao", 1), ("dora", 4), ("aka_dora", 1)]);
    assert_eq!((s.total, s.limit), (6, Some(Limit::Haneman)));
    // Ura dora only with riichi.
    let mut c = ctx("2m", false);
    c.riichi = true;
    c.dora_indicators = vec![kind("9s")];
    c.ura_indicators = vec![kind("1m")];
    let s = ok(&tenhou(), "234m567p345s678s22p", &c);
    assert_eq!(ids(&s), [("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("ura_dora", 1)]);
    // Absurd counters are bad input, not an overflow.
    let mut c = ctx("2m", false);
    c.honba = u32::MAX;
    let err = run(&tenhou(), "234m567p345s678s22p", &c).unwrap_err();
    assert!(matches!(err, ScoreError::BadInput(_)), "{err}");
    // Red fives beyond the rules' count are bad input.
    let mut rules = tenhou();
    rules.red_fives = [0, 0, 0];
    let err = run(&rules, "234m567p55s kan:2222p chi:340s", &ctx("2m", false)).unwrap_err();
    assert!(matches!(err, ScoreError::BadInput(_)), "{err}");
}

#[test]
fn honba_and_riichi_sticks() {
    let mut c = ctx("2m", false);
    c.honba = 3;
    c.riichi_sticks = 2;
    let s = ok(&tenhou(), "234m567p55s chi:345s chi:678s", &c);
    assert_eq!((s.payments.ron, s.payments.total), (Some(1900), 3900));
    let mut c = ctx("2m", true);
    c.honba = 2;
    c.riichi_sticks = 1;
    let s = ok(&tenhou(), "234m567p55s chi:345s chi:678s", &c);
    // 1 han 30 fu non-dealer tsumo: 500 / 300, plus 200 each.
    assert_eq!((s.payments.tsumo_dealer, s.payments.tsumo_others), (Some(700), Some(500)));
    assert_eq!(s.payments.total, 700 + 2 * 500 + 1000);
}

#[test]
fn the_highest_scoring_reading_wins() {
    // 111222333m: three concealed triplets (sanankou) beat three identical sequences.
    let s = ok(&tenhou(), "111222333m456p99s", &ctx("4p", true));
    assert_eq!(ids(&s), [("menzen_tsumo", 1), ("sanankou", 2)]);
    // Ryanpeikou beats seven pairs.
    let s = ok(&tenhou(), "223344m667788p55s", &ctx("5s", false));
    assert_eq!(ids(&s), [("tanyao", 1), ("ryanpeikou", 3)]);
}

#[test]
fn no_yaku_is_not_the_same_as_not_winning() {
    let mut c = ctx("1z", false);
    c.dora_indicators = vec![kind("8m"), kind("4z")];
    // Complete, open, no yaku: dora alone do not make a win.
    assert_eq!(run(&tenhou(), "123m456p789s11z pon:999m", &c), Err(ScoreError::NoYaku));
    assert_eq!(run(&tenhou(), "123m456p789s12345z", &c), Err(ScoreError::NotWinning));
}

#[test]
fn impossible_situations_are_errors() {
    let inconsistent = |hand: &str, c: &WinContext, want: Inconsistency| {
        assert_eq!(run(&tenhou(), hand, c), Err(ScoreError::Inconsistent(want)), "{hand}");
    };
    let closed = "234m567p345s678s22p";
    let open = "234m567p55s chi:345s chi:678s";
    let mut c = ctx("2m", false);
    c.riichi = true;
    inconsistent(open, &c, Inconsistency::RiichiOpenHand);
    let mut c = ctx("2m", false);
    c.ippatsu = true;
    inconsistent(closed, &c, Inconsistency::IppatsuWithoutRiichi);
    let mut c = ctx("2m", false);
    c.double_riichi = true;
    inconsistent(closed, &c, Inconsistency::DoubleRiichiWithoutRiichi);
    let mut c = ctx("2m", false);
    c.dora_indicators = vec![kind("1m")];
    c.ura_indicators = vec![kind("1m")];
    inconsistent(closed, &c, Inconsistency::UraWithoutRiichi);
    let mut c = ctx("2m", true);
    c.replacement = true;
    inconsistent(closed, &c, Inconsistency::ReplacementWithoutKan);
    let mut c = ctx("2m", true);
    c.replacement = true;
    c.riichi = true;
    c.ippatsu = true;
    inconsistent("234m567p55s ankan:9999m ankan:2222s", &c, Inconsistency::IppatsuAfterKan);
    let mut c = ctx("2m", false);
    c.robbing_kong = true;
    inconsistent("223m567p345s678s22p", &c, Inconsistency::FourthTileHeld);
    let mut c = ctx("2m", true);
    c.first_turn = true;
    inconsistent("234m567p55s ankan:9999m ankan:2222s", &c, Inconsistency::FirstTurnWithMelds);
    c.riichi = true;
    inconsistent(closed, &c, Inconsistency::FirstTurnWithRiichi);
    let mut c = WinContext::new(kind("2m"), false);
    c.first_turn = true;
    inconsistent(closed, &c, Inconsistency::FirstTurnDealerRon);
}

#[test]
fn the_issue_example() {
    // Riichi, menzen tsumo, pinfu; South seat, one honba: 3 han 20 fu, 1400 / 800, 3000 in all.
    let mut c = ctx("6p", true);
    c.riichi = true;
    c.dora_indicators = vec![kind("9s")];
    c.ura_indicators = vec![kind("5z")];
    c.honba = 1;
    let s = ok(&tenhou(), "234789m1234566p6p", &c);
    assert_eq!(ids(&s), [("menzen_tsumo", 1), ("riichi", 1), ("pinfu", 1)]);
    assert_eq!((s.total, s.fu, s.limit), (3, 20, None));
    assert_eq!(
        (s.payments.ron, s.payments.tsumo_dealer, s.payments.tsumo_others),
        (None, Some(1400), Some(800))
    );
    assert_eq!(s.payments.total, 3000);
    let names: Vec<_> = s.items.iter().map(|i| (i.name(), i.local_name())).collect();
    assert_eq!(names, [("Menzen Tsumo", "門前清自摸和"), ("Riichi", "立直"), ("Pinfu", "平和")]);
}
