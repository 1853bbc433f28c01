//! Whatever a client sends the server: each line is a WebSocket message from one of four
//! players or a spectator, decoded as the server decodes frames and given to a table. Nothing
//! panics, and an answer the table refuses changes nothing (the count of answers stays put).
//! A line starting with `!` makes the prompted players answer legally (option chosen by the
//! next byte), so the fuzzer reaches every part of a game.
#![no_main]

use hupai_server::protocol::{decode, ClientMessage};
use hupai_server::spec::{NewTable, StoredSpec};
use hupai_server::table::{How, Table, Who};
use libfuzzer_sys::fuzz_target;
use tokio::sync::mpsc;
use tokio::time::{Duration, Instant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let seed = data.first().copied().unwrap_or(0) as u64;
    let new: NewTable = serde_json::from_str(
        r#"{"rules":"riichi","length":"hand","seats":["human","human","human","human"],
            "time":{"turn_ms":5000,"call_ms":3000,"bank_ms":10000,"claim_hold_ms":0,"bot_delay_ms":0,"away_ms":60000,"timeouts_for_takeover":2}}"#,
    )
    .expect("a table");
    let spec = StoredSpec::new(&new.check().expect("checks"), seed, 1);
    let mut now = Instant::now();
    let Ok(mut table) = Table::new("fuzz".into(), spec, now) else { return };
    let mut inboxes = Vec::new();
    for conn in 0..5u64 {
        let (sink, inbox) = mpsc::channel(1 << 16);
        inboxes.push(inbox);
        let who = if conn < 4 { Who::Player(conn as usize) } else { Who::Spectator };
        table.connect(conn, who, None, sink, now);
    }
    table.advance(now);
    for line in text.lines().take(400) {
        let mut chars = line.chars();
        let Some(first) = chars.next() else { continue };
        if first == '!' {
            let pick = chars.next().map_or(0, |c| c as usize);
            let prompts: Vec<(usize, usize, hupai_engine::Action)> = table
                .driver()
                .prompts()
                .map(|p| (p.player, p.decision, p.options[pick % p.options.len()]))
                .collect();
            for (player, decision, action) in prompts {
                let _ = table.act(player as u64, decision as u64, action, How::Player, now);
            }
        } else {
            let conn = (first as u64) % 6; // 5: a connection that never said hello
            let before = table.answers();
            match decode(chars.as_str()) {
                Ok(ClientMessage::Act { decision, action }) => {
                    if table.act(conn, decision, action, How::Player, now).is_err() {
                        assert_eq!(table.answers(), before, "a refused answer changed the game");
                    }
                }
                Ok(ClientMessage::Back {}) => {
                    let _ = table.come_back(conn, now);
                }
                Ok(ClientMessage::Hello { .. } | ClientMessage::Ping {}) => {}
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
        now += Duration::from_millis(700);
        table.advance(now);
        let _ = table.take_records();
        let _ = table.take_outbox();
        for inbox in &mut inboxes {
            while inbox.try_recv().is_ok() {}
        }
    }
});
