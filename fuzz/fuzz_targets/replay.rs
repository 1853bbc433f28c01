//! Any text given to the log replay is replayed or refused with a line number; never a panic.
//! Each player's stream of a log that replays also reads back into that player's view.
#![no_main]

use hupai_engine::replay::parse_log;
use hupai_engine::{player_stream, replay, Event, PlayerView};
use hupai_rules::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Err(e) = replay(text, None) {
        assert!(e.line >= 1, "{e}");
        return;
    }
    let Ok(log) = parse_log(text) else { panic!("a log that replays parses") };
    let record: Vec<Event> = log.into_iter().map(|(_, e)| e).collect();
    let Some(Event::StartGame { rules, .. }) = record.first() else { return };
    let Ok(rules) = Rules::load(rules) else { return };
    for p in 0..4 {
        let mut view = PlayerView::new(hupai_core::Seat::ALL[p], &rules);
        for e in player_stream(&record, p) {
            if let Event::StartKyoku { players: Some(players), .. } = &*e {
                if let Some(at) = players.iter().position(|&x| x as usize == p) {
                    view = PlayerView::new(hupai_core::Seat::ALL[at], &rules);
                }
            }
            view.update(&e).expect("a replayed log's stream fits the view");
        }
    }
});
