//! The web client keeps a fold of its own (`web/js/state.js`); this file writes what the
//! engine's fold ([`PlayerView`]) says each table looks like after every event of about 200
//! logs of every preset, and `web/test/fold.test.mjs` folds the same streams in JavaScript and
//! must agree at every event. The logs are played by `defensive` agents and chosen to hold
//! Sichuan wins on discards that the hand plays on after, robbed kongs and MCR's re-seating.
//!
//! The fixture, `crates/hupai-server/web/test/data/folds.jsonl.gz`, is one JSON object a log:
//! - `name`: preset and seed; `record`: the full record, one event an entry;
//! - `shown`: for each viewer (`"0"`..`"3"` the players, `"spectator"`), the events its stream
//!   shows differently from the record (other seats' tiles hidden), by index;
//! - `tables`: after each event, the table every viewer sees, as [`table`] writes it;
//! - `hands`: for each player, after each event, its own concealed tiles in tile order.
//!
//! Before the first `start_kyoku` the page shows no table, and `tables` starts there too
//! (entries before it are empty strings).
//!
//! `cargo test -p hupai-ai --test integration -- --ignored web_fold::` plays the games and writes the file
//! anew; the test that always runs folds the committed records again and checks that the
//! expectations are still the engine's.

#![cfg(test)]

use std::collections::BTreeMap;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;

use hupai_ai::Defensive;
use hupai_core::{MeldKind, Seat};
use hupai_engine::{player_stream, Driver, Event, PlayerView, Setup};
use hupai_rules::Rules;
use serde::{Deserialize, Serialize};

/// One log of the fixture.
#[derive(Debug, Serialize, Deserialize)]
struct Fold {
    name: String,
    record: Vec<Event>,
    shown: BTreeMap<String, BTreeMap<usize, Event>>,
    tables: Vec<String>,
    hands: Vec<Vec<String>>,
}

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../hupai-server/web/test/data/folds.jsonl.gz")
}

/// A seat's table as the page shows it, one line: `scores|sticks|dora` then, for each seat,
/// `;river|melds|concealed|riichi|won|flowers|void`:
/// - a river entry is the tile, `~` when it was the drawn tile, `*` when it declared riichi,
///   `'` when another seat called it (entries separated by `,`);
/// - a meld is `type:tiles:from`, the type `chi`, `pon`, `daiminkan`, `kakan` or `ankan`, its
///   tiles the called one first (an added kan's own tile last) joined by `+`, `from` the seat
///   it was called from (`-` for a closed kan);
/// - concealed is the number of concealed tiles, riichi `1` or `0`, won the tiles the seat
///   won on, flowers its flowers then its lone kongs, void the suit it voids or `-`.
fn table(v: &PlayerView) -> String {
    let names = |ps: &mut dyn Iterator<Item = String>| ps.collect::<Vec<_>>().join(",");
    let mut out = format!(
        "{}|{}|{}",
        names(&mut v.scores.iter().map(|s| s.to_string())),
        v.sticks,
        names(&mut v.dora_markers.iter().map(|p| p.to_string()))
    );
    for s in Seat::ALL {
        let i = s.index();
        let river = v.rivers[i].iter().map(|r| {
            let mut e = r.pai.to_string();
            for (flag, mark) in [(r.tsumogiri, '~'), (r.riichi, '*'), (r.called, '\'')] {
                if flag {
                    e.push(mark);
                }
            }
            e
        });
        let melds = v.melds[i].iter().map(|m| {
            let kind = match m.meld.kind() {
                MeldKind::Chi => "chi",
                MeldKind::Pon => "pon",
                MeldKind::Kan => "daiminkan",
                MeldKind::AddedKan => "kakan",
                MeldKind::ClosedKan => "ankan",
            };
            let tiles: Vec<String> = m.tiles().iter().map(|p| p.to_string()).collect();
            let from = m.meld.from().map_or("-".to_string(), |f| f.index().to_string());
            format!("{kind}:{}:{from}", tiles.join("+"))
        });
        let flowers = v.flowers[i].iter().chain(&v.lone_kongs[i]).map(|p| p.to_string());
        let void = v.voids[i].map_or("-".to_string(), |s| s.letter().to_string());
        out += &format!(
            ";{}|{}|{}|{}|{}|{}|{void}",
            names(&mut river.into_iter()),
            names(&mut melds.into_iter()),
            v.hand_sizes[i],
            u8::from(v.riichi[i]),
            names(&mut v.won[i].iter().map(|p| p.to_string())),
            names(&mut flowers.into_iter()),
        );
    }
    out
}

/// A player's own concealed tiles, in tile order.
fn hand(v: &PlayerView) -> String {
    v.hand.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")
}

/// The rules a record was played under.
fn rules_of(record: &[Event]) -> Rules {
    match record.first() {
        Some(Event::StartGame { rule_set: Some(text), .. }) => {
            Rules::from_toml_str(text, "the record's rule set").expect("rules")
        }
        Some(Event::StartGame { rules, .. }) => Rules::preset(rules).expect("preset"),
        _ => panic!("a record opens with start_game"),
    }
}

/// Folds `record` with the engine: the events each viewer is shown where they differ from the
/// record, and after each event the table and each player's own tiles. Every viewer's table
/// is the same at every event.
fn fold(name: &str, record: Vec<Event>) -> Fold {
    let rules = Arc::new(rules_of(&record));
    let mut players: Vec<PlayerView> =
        (0..4).map(|p| PlayerView::for_player(p, Arc::clone(&rules))).collect();
    let mut spectator = PlayerView::spectator(Arc::clone(&rules));
    let mut shown: BTreeMap<String, BTreeMap<usize, Event>> = BTreeMap::new();
    let streams: Vec<Vec<Event>> =
        (0..4).map(|p| player_stream(&record, p).map(|e| e.into_owned()).collect()).collect();
    let (mut tables, mut hands) = (Vec::new(), vec![Vec::new(); 4]);
    let mut dealt = false;
    for (i, e) in record.iter().enumerate() {
        for (p, view) in players.iter_mut().enumerate() {
            let seen = &streams[p][i];
            if seen != e {
                shown.entry(p.to_string()).or_default().insert(i, seen.clone());
            }
            view.update(seen).unwrap_or_else(|err| panic!("{name} player {p} event {i}: {err}"));
            hands[p].push(hand(view));
        }
        let watched = e.for_spectator();
        if watched != *e && e.has_hidden_tiles() {
            shown.entry("spectator".into()).or_default().insert(i, watched.clone());
        }
        spectator.update(&watched).unwrap_or_else(|err| panic!("{name} spectator {i}: {err}"));
        dealt |= matches!(e, Event::StartKyoku { .. });
        let t = if dealt { table(&spectator) } else { String::new() };
        for (p, view) in players.iter().enumerate().filter(|_| dealt) {
            assert_eq!(table(view), t, "{name} player {p} event {i}");
        }
        tables.push(t);
    }
    Fold { name: name.to_string(), record, shown, tables, hands }
}

fn read_fixture() -> Vec<Fold> {
    let file = std::fs::File::open(fixture()).expect("the fixture is committed");
    let mut text = String::new();
    flate2::read::GzDecoder::new(file).read_to_string(&mut text).expect("gzip");
    text.lines().map(|l| serde_json::from_str(l).expect("a fold")).collect()
}

#[test]
fn the_web_fold_fixture_is_the_engines_fold() {
    let folds = read_fixture();
    assert!(folds.len() >= 200, "{} logs", folds.len());
    let mut presets = std::collections::BTreeSet::new();
    let (mut robbed, mut ron_on, mut reseated) = (0, 0, 0);
    for f in &folds {
        let again = fold(&f.name, f.record.clone());
        assert_eq!(again.shown, f.shown, "{}: the streams", f.name);
        assert_eq!(again.tables, f.tables, "{}: the tables", f.name);
        assert_eq!(again.hands, f.hands, "{}: the hands", f.name);
        presets.insert(rules_of(&f.record).name);
        robbed += robbed_kongs(&f.record);
        ron_on += rons_played_on(&f.record);
        reseated += usize::from(reseats(&f.record));
    }
    let all: std::collections::BTreeSet<String> = Rules::preset_names().map(String::from).collect();
    assert_eq!(presets, all, "every preset");
    assert!(robbed >= 10 && ron_on >= 50 && reseated >= 3, "{robbed} {ron_on} {reseated}");
}

/// Wins by robbing a kong.
fn robbed_kongs(record: &[Event]) -> usize {
    let mut n = 0;
    let mut last = None;
    for e in record {
        match e {
            Event::Hora { actor, target, .. } if actor != target && last.is_some() => n += 1,
            Event::Kakan { .. } => last = Some(()),
            Event::Hora { .. } | Event::Dora { .. } => {}
            _ => last = None,
        }
    }
    n
}

/// Wins on a discard after which the hand plays on (Sichuan).
fn rons_played_on(record: &[Event]) -> usize {
    record
        .iter()
        .enumerate()
        .filter(|(i, e)| {
            matches!(e, Event::Hora { actor, target, .. } if actor != target)
                && record[i + 1..]
                    .iter()
                    .take_while(|e| !matches!(e, Event::EndKyoku))
                    .any(|e| matches!(e, Event::Tsumo { .. }))
        })
        .count()
}

/// Whether a player changes seats within the record.
fn reseats(record: &[Event]) -> bool {
    let seatings: Vec<[u8; 4]> = record
        .iter()
        .filter_map(|e| match e {
            Event::StartKyoku { players, .. } => Some(players.unwrap_or([0, 1, 2, 3])),
            _ => None,
        })
        .collect();
    seatings.windows(2).any(|w| w[0] != w[1])
        || seatings.first().is_some_and(|s| *s != [0, 1, 2, 3])
}

/// A game played by four `defensive` agents.
fn play(setup: Setup) -> Vec<Event> {
    let rules = setup.rules.clone();
    let mut driver = Driver::new(setup);
    let mut agents: Vec<Defensive> = (0..4).map(|_| Defensive::new(&rules)).collect();
    driver.run(&mut agents).expect("plays");
    driver.into_record()
}

/// Plays the games and writes the fixture: for each preset its first single hands and then
/// hands with robbed kongs or wins the hand plays on after; MCR also from later rounds (the
/// players re-seated from the start) and across a change of round (re-seated mid-record).
#[test]
#[ignore]
fn write_the_web_fold_fixture() {
    let mut folds = Vec::new();
    for name in Rules::preset_names() {
        let rules = Rules::preset(name).expect("preset");
        let sichuan = rules.after_win != hupai_rules::AfterWin::End;
        let (mut plain, mut featured) = (0, 0);
        for seed in 0..3000u64 {
            if plain == 16 && featured == 6 {
                break;
            }
            let mut setup = Setup::new(rules.clone(), seed);
            setup.single_hand = true;
            let record = play(setup);
            let feature = robbed_kongs(&record) > 0 || (sichuan && rons_played_on(&record) > 0);
            if feature && featured < 6 {
                featured += 1;
            } else if plain < 16 {
                plain += 1;
            } else {
                continue;
            }
            folds.push(fold(&format!("{name} seed {seed}"), record));
        }
        eprintln!("{name}: {plain} hands and {featured} with a robbed kong or a win played on");
    }
    let mcr = Rules::preset("mcr").expect("preset");
    for (round, dealer, rounds) in [(1, Seat::East, 4), (3, Seat::South, 4), (0, Seat::North, 2)] {
        for seed in [5u64, 6] {
            let mut rules = mcr.clone();
            rules.rounds = rounds;
            let mut setup = Setup::new(rules, seed);
            setup.round.round = round;
            setup.round.dealer = dealer;
            setup.single_hand = rounds == 4;
            let name = format!("mcr round {round} dealer {dealer:?} seed {seed}");
            folds.push(fold(&name, play(setup)));
        }
    }
    let mut out = flate2::write::GzEncoder::new(
        std::fs::File::create(fixture()).expect("create the fixture"),
        flate2::Compression::best(),
    );
    for f in &folds {
        writeln!(out, "{}", serde_json::to_string(f).expect("json")).expect("write");
    }
    out.finish().expect("gzip");
    // Read back: the file is what the check reads.
    let lines = flate2::read::GzDecoder::new(std::fs::File::open(fixture()).expect("open"));
    assert_eq!(std::io::BufReader::new(lines).lines().count(), folds.len());
    let records = folds.iter().map(|f| &f.record[..]);
    let robbed: usize = records.clone().map(robbed_kongs).sum();
    let ron_on: usize = records.clone().map(rons_played_on).sum();
    let reseated = records.filter(|r| reseats(r)).count();
    eprintln!(
        "{} logs: {robbed} robbed kongs, {ron_on} wins played on, {reseated} re-seated",
        folds.len()
    );
}
