//! Push/fold on constructed positions: fold a two-shanten hand against a riichi, push a
//! ready mangan.

#![cfg(test)]

use hupai_ai::{Defensive, Efficiency};
use hupai_core::{shanten, Counts, FormSet, Kind, KindSet, Seat};
use hupai_engine::{Action, Agent, Pai, PlayerView, RiverEntry};
use hupai_rules::Rules;

/// A view for East (dealer) holding `hand` (mjai names, the last one just drawn) with South
/// in riichi after discarding `south_river`; the seat's discard options (no riichi).
fn position(hand: &[&str], south_river: &[&str], dora_marker: &str) -> (PlayerView, Vec<Action>) {
    let rules = Rules::preset("riichi").unwrap();
    let tiles: Vec<Pai> = hand.iter().map(|p| p.parse::<Pai>().unwrap()).collect();
    let mut view =
        PlayerView::dealt(&rules, Seat::East, Seat::East, &tiles[..13], Some(tiles[13])).unwrap();
    view.dora_markers = vec![dora_marker.parse().unwrap()];
    let river = |tiles: &[&str]| -> Vec<RiverEntry> {
        tiles.iter().map(|p| RiverEntry::new(p.parse().unwrap())).collect()
    };
    view.rivers[1] = river(south_river);
    view.rivers[2] = river(&["N", "W", "1p", "9m", "S", "2s"]);
    view.rivers[3] = river(&["W", "N", "9s", "1m", "C", "8p"]);
    view.rivers[0] = river(&["S", "N", "9p", "1s", "P", "W"]);
    for s in 0..4 {
        for r in view.rivers[s].clone() {
            view.discarded[s].insert(r.pai.kind().unwrap());
        }
    }
    view.riichi[1] = true;
    view.passed_since_riichi[1] = KindSet::EMPTY;
    view.draws = 30;
    let options: Vec<Action> = hupai_engine::legal_options(&view)
        .into_iter()
        .filter(|a| matches!(a, Action::Discard { .. }))
        .collect();
    (view, options)
}

fn kind_of(action: Action) -> Kind {
    match action {
        Action::Discard { pai, .. } | Action::Riichi { pai, .. } => pai.kind().unwrap(),
        other => panic!("not a discard: {other}"),
    }
}

#[test]
fn folds_a_two_shanten_hand_against_riichi() {
    let hand = ["2m", "3m", "4m", "5m", "6m", "4p", "6p", "7p", "9p", "2s", "4s", "5s", "7s", "8s"];
    let counts: Counts = "23456m4679p24578s".parse().unwrap();
    assert!(shanten(&counts, 0, FormSet::RIICHI) >= 2);
    let (view, options) = position(&hand, &["6m", "4p", "E", "9s"], "E");
    let rules = Rules::preset("riichi").unwrap();
    let eff = Efficiency::new(&rules).explain(&view, &options);
    let def = Defensive::new(&rules).explain(&view, &options);
    let genbutsu: Vec<Kind> =
        ["6m", "4p"].iter().map(|p| p.parse::<Pai>().unwrap().kind().unwrap()).collect();
    assert!(!genbutsu.contains(&kind_of(eff.action)), "efficiency would not fold: {eff}");
    assert!(genbutsu.contains(&kind_of(def.action)), "defensive should fold: {def}");
    assert!(def.reason.contains("riichi"), "{def}");
}

#[test]
fn pushes_a_ready_mangan_against_riichi() {
    // 22m 234p 456p 789s 5s(red)6s + a fresh 5m: only 5m keeps the hand ready on 4s-7s.
    // Dora 2m twice, a red five, riichi or tsumo: a mangan in reach.
    let hand =
        ["2m", "2m", "2p", "3p", "4p", "4p", "5p", "6p", "7s", "8s", "9s", "5sr", "6s", "5m"];
    let (view, options) = position(&hand, &["1m", "9p", "E", "3s"], "1m");
    let rules = Rules::preset("riichi").unwrap();
    let def = Defensive::new(&rules).explain(&view, &options);
    assert_eq!(kind_of(def.action), "5m".parse::<Pai>().unwrap().kind().unwrap(), "{def}");
}

/// The options of `position` plus riichi with every tile.
fn with_riichi(options: Vec<Action>) -> Vec<Action> {
    let mut out = options.clone();
    out.extend(options.iter().filter_map(|a| match *a {
        Action::Discard { pai, tsumogiri } => Some(Action::Riichi { pai, tsumogiri }),
        _ => None,
    }));
    out
}

#[test]
fn riichi_on_a_cheap_hand_dama_on_a_mangan() {
    let rules = Rules::preset("riichi").unwrap();
    // Pinfu only after dropping East: riichi.
    let cheap = ["1m", "2m", "3m", "4m", "5m", "6m", "3s", "4s", "5s", "5p", "6p", "8s", "8s", "E"];
    let (view, options) = position(&cheap, &["E", "9p", "1s", "3s"], "W");
    let choice = Defensive::new(&rules).explain(&view, &with_riichi(options));
    assert!(matches!(choice.action, Action::Riichi { .. }), "{choice}");
    // All simples with five dora (2m and 8s): a haneman on either wait without riichi: dama.
    let rich = ["2m", "2m", "2m", "4m", "5m", "6m", "3s", "4s", "5s", "5p", "6p", "8s", "8s", "E"];
    let (mut view, options) = position(&rich, &["E", "9p", "1s", "3s"], "1m");
    view.dora_markers.push("7s".parse().unwrap());
    let choice = Defensive::new(&rules).explain(&view, &with_riichi(options));
    assert!(matches!(choice.action, Action::Discard { .. }), "{choice}");
    assert_eq!(kind_of(choice.action), "E".parse::<Pai>().unwrap().kind().unwrap());
}
