//! The web client keeps a fold of its own (`web/js/state.js`); this file writes what the
//! engine's fold ([`PlayerView`]) says each table looks like after every event of about 250
//! logs of every preset, and `web/test/fold.test.mjs` folds the same streams in JavaScript and
//! must agree at every event. The logs are played by `defensive` agents (three of them under
//! the three-player presets) and chosen to hold Sichuan wins on discards that the hand plays on
//! after, robbed kongs, MCR's re-seating, and at three-player tables Norths set aside (kita),
//! wins on them and kans.
//!
//! The fixture, `crates/hupai-server/web/test/data/folds.jsonl.gz`, is one JSON object a log:
//! - `name`: preset and seed; `record`: the full record, one event an entry;
//! - `shown`: for each viewer (`"0"`..`"3"` the players, `"0"`..`"2"` at a three-player table,
//!   `"spectator"`), the events its stream shows differently from the record (other seats'
//!   tiles hidden), by index;
//! - `tables`: after each event, the table every viewer sees, as [`table`] writes it;
//! - `hands`: for each player (four, or three), after each event, its own concealed tiles in
//!   tile order.
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

/// A seat's table as the page shows it, one line: `scores|sticks|dora` then, for each seat at
/// the table (East, South and West at a three-player table: the page lists and draws only the
/// seats at the table, and its scores come from events of three values),
/// `;river|melds|concealed|riichi|won|flowers|void|kita`:
/// - a river entry is the tile, `~` when it was the drawn tile, `*` when it declared riichi,
///   `'` when another seat called it (entries separated by `,`);
/// - a meld is `type:tiles:from`, the type `chi`, `pon`, `daiminkan`, `kakan` or `ankan`, its
///   tiles the called one first (an added kan's own tile last) joined by `+`, `from` the seat
///   it was called from (`-` for a closed kan);
/// - concealed is the number of concealed tiles, riichi `1` or `0`, won the tiles the seat
///   won on, flowers its flowers then its lone kongs, void the suit it voids or `-`, kita
///   the number of Norths it has set aside (三人麻雀 抜きドラ; `0` where the rules have none).
fn table(v: &PlayerView) -> String {
    let names = |ps: &mut dyn Iterator<Item = String>| ps.collect::<Vec<_>>().join(",");
    let mut out = format!(
        "{}|{}|{}",
        names(&mut v.seats.iter().map(|s| v.scores[s.index()].to_string())),
        v.sticks,
        names(&mut v.dora_markers.iter().map(|p| p.to_string()))
    );
    for s in v.seats.iter() {
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
            ";{}|{}|{}|{}|{}|{}|{void}|{}",
            names(&mut river.into_iter()),
            names(&mut melds.into_iter()),
            v.hand_sizes[i],
            u8::from(v.riichi[i]),
            names(&mut v.won[i].iter().map(|p| p.to_string())),
            names(&mut flowers.into_iter()),
            v.kita[i],
        );
    }
    out
}

/// A player's own concealed tiles, in tile order.
fn hand(v: &PlayerView) -> String {
    v.hand().iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")
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
    let seated = rules.seats().count();
    let mut players: Vec<PlayerView> =
        (0..seated).map(|p| PlayerView::for_player(p, Arc::clone(&rules))).collect();
    let mut spectator = PlayerView::spectator(Arc::clone(&rules));
    let mut shown: BTreeMap<String, BTreeMap<usize, Event>> = BTreeMap::new();
    let streams: Vec<Vec<Event>> =
        (0..seated).map(|p| player_stream(&record, p).map(|e| e.into_owned()).collect()).collect();
    let (mut tables, mut hands) = (Vec::new(), vec![Vec::new(); seated]);
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
    let mut three = ThreePlayer::default();
    for f in &folds {
        let again = fold(&f.name, f.record.clone());
        assert_eq!(again.shown, f.shown, "{}: the streams", f.name);
        assert_eq!(again.tables, f.tables, "{}: the tables", f.name);
        assert_eq!(again.hands, f.hands, "{}: the hands", f.name);
        let rules = rules_of(&f.record);
        if rules.players() == 3 {
            three.count(&f.record);
        }
        presets.insert(rules.name);
        robbed += robbed_kongs(&f.record);
        ron_on += rons_played_on(&f.record);
        reseated += usize::from(reseats(&f.record));
    }
    let all: std::collections::BTreeSet<String> = Rules::preset_names().map(String::from).collect();
    assert_eq!(presets, all, "every preset, the three-player ones too");
    assert!(robbed >= 10 && ron_on >= 50 && reseated >= 3, "{robbed} {ron_on} {reseated}");
    assert!(three.holds_everything(), "three-player logs: {three:?}");
}

/// What the three-player logs hold: Norths set aside, wins on them, pons, kans, riichi, draws.
#[derive(Debug, Default)]
struct ThreePlayer {
    logs: usize,
    kitas: usize,
    wins_on_kita: usize,
    pons: usize,
    kans: usize,
    riichi: usize,
    draws: usize,
}

impl ThreePlayer {
    fn count(&mut self, record: &[Event]) {
        self.logs += 1;
        self.wins_on_kita += wins_on_kita(record);
        self.kans += kans(record);
        for e in record {
            match e {
                Event::Kita { .. } => self.kitas += 1,
                Event::Pon { .. } => self.pons += 1,
                Event::Reach { .. } => self.riichi += 1,
                Event::Ryukyoku { .. } => self.draws += 1,
                _ => {}
            }
        }
    }

    fn holds_everything(&self) -> bool {
        self.logs >= 40
            && self.kitas >= 20
            && self.wins_on_kita >= 2
            && self.pons >= 10
            && self.kans >= 2
            && self.riichi >= 10
            && self.draws >= 3
    }
}

/// Wins on a tile another seat offers in its turn, just after an event `offers` (skipping
/// other wins on it and a new dora indicator).
fn wins_after(record: &[Event], offers: fn(&Event) -> bool) -> usize {
    let mut n = 0;
    let mut offered = false;
    for e in record {
        match e {
            Event::Hora { actor, target, .. } if actor != target && offered => n += 1,
            Event::Hora { .. } | Event::Dora { .. } => {}
            e => offered = offers(e),
        }
    }
    n
}

/// Wins by robbing a kong.
fn robbed_kongs(record: &[Event]) -> usize {
    wins_after(record, |e| matches!(e, Event::Kakan { .. }))
}

/// Wins on a North set aside (三人麻雀).
fn wins_on_kita(record: &[Event]) -> usize {
    wins_after(record, |e| matches!(e, Event::Kita { .. }))
}

/// Kans declared, of every kind.
fn kans(record: &[Event]) -> usize {
    let kan = |e: &&Event| {
        matches!(e, Event::Ankan { .. } | Event::Kakan { .. } | Event::Daiminkan { .. })
    };
    record.iter().filter(kan).count()
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

/// A game played by `defensive` agents, one a seat.
fn play(setup: Setup) -> Vec<Event> {
    let rules = setup.rules.clone();
    let mut driver = Driver::new(setup);
    let mut agents: Vec<Defensive> = rules.seats().iter().map(|_| Defensive::new(&rules)).collect();
    driver.run(&mut agents).expect("plays");
    driver.into_record()
}

/// Plays the games and writes the fixture: for each preset its first single hands and then
/// hands with robbed kongs, wins the hand plays on after or (three players, each preset on
/// seeds of its own) wins on a North set aside and kans; MCR also from later rounds (the
/// players re-seated from the start) and across a change of round (re-seated mid-record).
#[test]
#[ignore]
fn write_the_web_fold_fixture() {
    let mut folds = Vec::new();
    let mut three_player_presets = 0;
    for name in Rules::preset_names() {
        let rules = Rules::preset(name).expect("preset");
        let sichuan = rules.after_win != hupai_rules::AfterWin::End;
        let three = rules.players() == 3;
        // The three-player presets differ only in scoring these hands rarely reach (double
        // yakuman, liability): each plays seeds of its own, not the same games again.
        let first = if three { 3000 * three_player_presets } else { 0 };
        three_player_presets += u64::from(three);
        let (mut plain, mut featured, mut won_on_kita) = (0, 0, 0);
        for seed in first..first + 3000 {
            if plain == 16 && featured == 6 {
                break;
            }
            let mut setup = Setup::new(rules.clone(), seed);
            setup.single_hand = true;
            let record = play(setup);
            // Three players: up to three hands with a win on a kita, the others with a kan.
            let on_kita = wins_on_kita(&record) > 0;
            let feature = if three {
                (on_kita && won_on_kita < 3) || (kans(&record) > 0 && featured - won_on_kita < 3)
            } else {
                robbed_kongs(&record) > 0 || (sichuan && rons_played_on(&record) > 0)
            };
            if feature && featured < 6 {
                featured += 1;
                won_on_kita += usize::from(on_kita);
            } else if plain < 16 {
                plain += 1;
            } else {
                continue;
            }
            folds.push(fold(&format!("{name} seed {seed}"), record));
        }
        eprintln!("{name}: {plain} hands and {featured} with a robbed kong, a win played on or (three players) a win on a kita or a kan");
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
    let reseated = records.clone().filter(|r| reseats(r)).count();
    let mut three = ThreePlayer::default();
    records.filter(|r| rules_of(r).players() == 3).for_each(|r| three.count(r));
    eprintln!(
        "{} logs: {robbed} robbed kongs, {ron_on} wins played on, {reseated} re-seated; {three:?}",
        folds.len()
    );
}
