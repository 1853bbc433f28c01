//! The web client's HTTP side over loopback: the page and its assets, the rule facts, the
//! review of finished games (stored and uploaded), and help for a seat over the WebSocket,
//! computed from the seat's own view.

#![cfg(test)]

use crate::common;

use hupai_server::client::{create_table, http};
use hupai_server::protocol::ServerMessage;
use serde_json::Value;

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[tokio::test]
async fn the_page_its_assets_and_the_rule_facts_are_served() {
    let server = common::start(common::db("web-assets").to_str().unwrap()).await;
    let base = format!("http://{}", server.addr);
    for page in ["/", "/t/ABC", "/replay"] {
        let (status, body) = http(&base, "GET", page, None).await.unwrap();
        assert_eq!(status, 200, "{page}");
        assert!(body.contains("/assets/js/app.js"), "{page}");
    }
    let (status, body) = http(&base, "GET", "/assets/tiles.svg", None).await.unwrap();
    assert_eq!(status, 200);
    assert!(body.contains("id=\"t-0m\"") && body.contains("id=\"t-back\""));
    let (status, body) = http(&base, "GET", "/assets/../Cargo.toml", None).await.unwrap();
    assert_eq!(status, 404, "{body}");
    let (status, body) = http(&base, "GET", "/assets/js/nope.js", None).await.unwrap();
    assert_eq!(status, 404);
    assert!(json(&body)["error"].as_str().unwrap().contains("nope.js"));

    let (status, body) = http(&base, "GET", "/api/rules/riichi", None).await.unwrap();
    assert_eq!(status, 200);
    let facts = json(&body);
    assert_eq!(facts["live_before_deal"], 122);
    assert_eq!(facts["names"]["riichi"]["en"], "Riichi");
    let (status, body) = http(&base, "GET", "/api/rules/nope", None).await.unwrap();
    assert_eq!(status, 404);
    assert!(json(&body)["error"].as_str().unwrap().contains("riichi"));
    let (status, _) = http(&base, "POST", "/api/rules", Some("extends = \"mcr\"\njokers = true\n"))
        .await
        .unwrap();
    assert!(status == 200 || status == 400);
    let (status, body) = http(&base, "POST", "/api/rules", Some("nonsense = 3")).await.unwrap();
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn finished_games_are_reviewed_running_ones_are_not() {
    let server = common::start(common::db("web-review").to_str().unwrap()).await;
    let base = format!("http://{}", server.addr);
    let bots = r#"{"rules":"riichi","length":"hand","seed":7,
        "seats":["bot:efficiency","bot:defensive","bot:defensive","bot:defensive"]}"#;
    let table = create_table(&base, bots).await.unwrap();
    let id = table["table"].as_str().unwrap().to_string();
    let mut log = None;
    for _ in 0..200 {
        let (status, body) =
            http(&base, "GET", &format!("/api/games/{id}/log"), None).await.unwrap();
        if status == 200 {
            log = Some(body);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let log = log.expect("the bots finish");
    let (status, body) =
        http(&base, "GET", &format!("/api/games/{id}/review?player=0"), None).await.unwrap();
    assert_eq!(status, 200, "{body}");
    let stored = json(&body);
    assert!(stored["total"].as_u64().unwrap() > 5);
    assert!(stored["agreed"].as_u64() <= stored["total"].as_u64());
    for d in stored["decisions"].as_array().unwrap() {
        let n = d["numbers"].as_array().map_or(0, Vec::len);
        assert_eq!(d["differs"].as_bool().unwrap(), n == 2, "{d}");
    }
    // The same log uploaded gets the same review.
    let (status, body) = http(&base, "POST", "/api/review?player=0", Some(&log)).await.unwrap();
    assert_eq!(status, 200);
    assert_eq!(json(&body), stored);
    // Refusals say why.
    let (status, _) =
        http(&base, "GET", &format!("/api/games/{id}/review?player=4"), None).await.unwrap();
    assert_eq!(status, 400);
    let (status, _) = http(&base, "GET", &format!("/api/games/{id}/review"), None).await.unwrap();
    assert_eq!(status, 400);
    let (status, _) = http(&base, "GET", "/api/games/nope/review?player=0", None).await.unwrap();
    assert_eq!(status, 404);
    let (status, body) =
        http(&base, "POST", "/api/review?player=0", Some("not a log")).await.unwrap();
    assert_eq!(status, 422);
    assert!(json(&body)["error"].as_str().unwrap().contains("not a game log"));
    // A running game is not reviewed (its full log is never out while it runs).
    let running = r#"{"rules":"riichi","length":"hand","seed":8,
        "seats":["human","bot:defensive","bot:defensive","bot:defensive"]}"#;
    let t = create_table(&base, running).await.unwrap();
    let rid = t["table"].as_str().unwrap();
    let (status, body) =
        http(&base, "GET", &format!("/api/games/{rid}/review?player=0"), None).await.unwrap();
    assert_eq!(status, 409, "{body}");
}

/// A raw WebSocket, so the test reads the frames exactly as a browser gets them.
struct Raw(
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
);

impl Raw {
    async fn open(base: &str, hello: Value) -> Raw {
        use futures_util::SinkExt;
        let url = format!("ws://{}/ws", base.trim_start_matches("http://"));
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.expect("connects");
        socket
            .send(tokio_tungstenite::tungstenite::Message::text(hello.to_string()))
            .await
            .unwrap();
        Raw(socket)
    }

    async fn send(&mut self, v: Value) {
        use futures_util::SinkExt;
        self.0.send(tokio_tungstenite::tungstenite::Message::text(v.to_string())).await.unwrap();
    }

    /// The next message, or none within 10 s.
    async fn next(&mut self) -> Option<Value> {
        use futures_util::StreamExt;
        loop {
            let m = tokio::time::timeout(std::time::Duration::from_secs(10), self.0.next())
                .await
                .ok()??
                .ok()?;
            if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
                return Some(json(t.as_str()));
            }
        }
    }
}

#[tokio::test]
async fn help_is_for_the_seat_that_asks_from_its_own_view() {
    let server = common::start(common::db("web-hint").to_str().unwrap()).await;
    let base = format!("http://{}", server.addr);
    let t = create_table(
        &base,
        r#"{"rules":"riichi","length":"hand","seed":9,"time":{"bot_delay_ms":0,"claim_hold_ms":0},
            "seats":["human","bot:defensive","bot:defensive","bot:defensive"]}"#,
    )
    .await
    .unwrap();
    let id = t["table"].as_str().unwrap().to_string();
    let token = t["seats"][0]["token"].as_str().unwrap().to_string();
    let mut me =
        Raw::open(&base, serde_json::json!({"type": "hello", "table": id, "token": token})).await;
    let prompt = loop {
        let m = me.next().await.expect("a prompt");
        if m["type"] == "prompt" {
            break m;
        }
    };
    me.send(serde_json::json!({"type": "hint"})).await;
    let hint = loop {
        let m = me.next().await.expect("the hint");
        match m["type"].as_str() {
            Some("hint") => break m,
            Some("event" | "accepted" | "prompt") => continue,
            _ => panic!("{m}"),
        }
    };
    // It decodes as the protocol's message, and answers the open decision.
    let decoded: ServerMessage = serde_json::from_value(hint.clone()).expect("a hint message");
    let ServerMessage::Hint { decision, hint } = decoded else { panic!("{hint}") };
    assert_eq!(decision, prompt["decision"].as_u64());
    let s = hint.suggestion.expect("a suggestion for an open decision");
    let options: Vec<hupai_engine::Action> =
        serde_json::from_value(prompt["options"].clone()).unwrap();
    assert!(options.contains(&s.action));
    assert!(!s.reason.is_empty());
    assert_eq!(hint.threats.len(), 3);
    assert!(!hint.discards.is_empty());
    // A spectator gets no help with a hand.
    let mut watcher =
        Raw::open(&base, serde_json::json!({"type": "hello", "table": id, "spectate": true})).await;
    watcher.send(serde_json::json!({"type": "hint"})).await;
    loop {
        let m = watcher.next().await.expect("an answer");
        match m["type"].as_str() {
            Some("error") => {
                assert_eq!(m["code"], "not_your_turn");
                break;
            }
            Some("hint") => panic!("a spectator got help"),
            _ => continue,
        }
    }
}
