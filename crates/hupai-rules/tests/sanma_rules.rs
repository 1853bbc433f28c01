//! Three-player riichi scoring rules, each quoted: the 108-tile set, the dora past the removed
//! kinds, North set aside (抜きドラ), the seats, and the payments with and without ツモ損.

#![cfg(test)]

use hupai_core::{Hand, Kind, Seat};
use hupai_rules::{score, Rules, ScoreError, WinContext};

fn k(s: &str) -> Kind {
    s.parse().unwrap()
}

fn ids(s: &hupai_rules::Score) -> Vec<(String, u32)> {
    s.items.iter().map(|i| (i.id.as_str().to_string(), i.count)).collect()
}

#[test]
fn a_one_of_characters_indicates_the_nine() {
    // "In sanma, 2m-8m are removed: a 1m indicator makes 9m the dora" (riichi.wiki Sanma;
    // `mahjong` plus_dora with is_three_player).
    let sanma = Rules::preset("sanma").unwrap();
    let hand: Hand = "999m123456p22s789s".parse().unwrap();
    let mut ctx = WinContext::new(k("9s"), false);
    ctx.riichi = true;
    ctx.seat_wind = Seat::South;
    ctx.dora_indicators = vec![k("1m")];
    let s = score(&sanma, &hand, &ctx).unwrap();
    assert_eq!(ids(&s), [("riichi".into(), 1), ("dora".into(), 3)]);
    let four = Rules::preset("riichi").unwrap();
    assert!(ids(&score(&four, &hand, &ctx).unwrap()).iter().all(|(id, _)| id != "dora"));
}

#[test]
fn each_north_set_aside_is_a_dora_and_a_north_for_the_indicators() {
    // 抜きドラ: each kita one han; a West indicator makes North the dora, so each kita counts
    // once more (both references count it so).
    let sanma = Rules::preset("sanma").unwrap();
    let hand: Hand = "111999m123456p55s".parse().unwrap();
    let mut ctx = WinContext::new(k("5s"), true);
    ctx.seat_wind = Seat::South;
    ctx.riichi = true;
    ctx.kita = 2;
    ctx.dora_indicators = vec![k("3z")];
    let s = score(&sanma, &hand, &ctx).unwrap();
    assert_eq!(
        ids(&s),
        [
            ("menzen_tsumo".into(), 1),
            ("riichi".into(), 1),
            ("dora".into(), 2),
            ("nuki_dora".into(), 2)
        ]
    );
    assert_eq!(s.total, 6);
    // 6 han is a haneman: 6000 from the dealer and 3000 from the other
    // (ツモ損: the absent player's 3000 is lost).
    assert_eq!((s.payments.tsumo_dealer, s.payments.tsumo_others), (Some(6000), Some(3000)));
    assert_eq!(s.payments.total, 9000);
    // A win on the tile drawn after a kita is rinshan kaihou (kita_rinshan), with no kan.
    ctx.replacement = true;
    let s = score(&sanma, &hand, &ctx).unwrap();
    assert!(ids(&s).iter().any(|(id, _)| id == "rinshan_kaihou"));
}

#[test]
fn a_kind_is_in_the_wall_exactly_when_the_wall_kinds_hold_it() {
    // Every preset: sanma's removed 2m..8m, and the sets without honours among them.
    let mut removed = 0;
    for name in Rules::preset_names() {
        let rules = Rules::preset(name).unwrap();
        let wall = rules.wall_kinds();
        for kind in Kind::all() {
            assert_eq!(rules.in_wall(kind), wall.contains(kind), "{name} {kind}");
            removed += usize::from(!wall.contains(kind));
        }
    }
    assert!(removed >= 2 * 7, "sanma and sanma-majsoul remove 2m..8m");
}

#[test]
fn what_the_three_player_wall_has_not_is_refused() {
    let sanma = Rules::preset("sanma").unwrap();
    let bad = |hand: &str, ctx: WinContext| {
        let hand: Hand = hand.parse().unwrap();
        match score(&sanma, &hand, &ctx) {
            Err(ScoreError::BadInput(m)) => m,
            other => panic!("{other:?}"),
        }
    };
    let ron = WinContext::new(k("9s"), false);
    assert_eq!(bad("234m123456p22s789s", ron.clone()), "2m: the rules' wall has no such tile");
    let mut north = ron.clone();
    north.seat_wind = Seat::North;
    assert!(bad("999m123456p22s789s", north).starts_with("North seat or round"));
    let mut five = ron.clone();
    five.dora_indicators = vec![k("5m")];
    assert!(bad("999m123456p22s789s", five).starts_with("dora indicator 5m"));
    let mut kitas = ron.clone();
    kitas.kita = 2;
    assert!(bad("999m123p22s789s444z", kitas).starts_with("kita: 2 Norths set aside and 3"));
    // Kita is a three-player rule: four-player riichi refuses it.
    let mut kita = WinContext::new(k("9s"), false);
    kita.kita = 1;
    kita.riichi = true;
    let hand: Hand = "999m123456p22s789s".parse().unwrap();
    let four = Rules::preset("riichi").unwrap();
    assert!(matches!(score(&four, &hand, &kita), Err(ScoreError::BadInput(_))));
}

#[test]
fn mahjong_soul_counts_double_yakuman() {
    let hand: Hand = "19m19p19s12345677z".parse().unwrap();
    let mut ctx = WinContext::new(k("7z"), false);
    ctx.seat_wind = Seat::West;
    let single = score(&Rules::preset("sanma").unwrap(), &hand, &ctx).unwrap();
    let double = score(&Rules::preset("sanma-majsoul").unwrap(), &hand, &ctx).unwrap();
    assert_eq!((single.payments.ron, double.payments.ron), (Some(32000), Some(64000)));
}

#[test]
fn a_score_line_names_the_norths_set_aside() {
    // What `hupai score` reads: `kita` beside the other fields of the situation.
    let line: hupai_rules::ScoreLine = serde_json::from_str(
        r#"{"rules": "sanma", "hand": "999m123456p22s789s", "win_tile": "9s", "seat_wind": "S", "riichi": true, "kita": 1}"#,
    )
    .unwrap();
    let s = line.score(&mut hupai_rules::RulesCache::default()).unwrap();
    assert_eq!(ids(&s), [("riichi".into(), 1), ("nuki_dora".into(), 1)]);
    let text = serde_json::to_string(&line).unwrap();
    assert!(text.contains(r#""kita":1"#), "{text}");
}
