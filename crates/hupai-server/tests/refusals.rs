//! Bad input from strangers: every refusal is a typed error that says what is wrong, nothing
//! changes on a refused answer, nothing panics, and the limits hold.

#![cfg(test)]

use crate::common;

use common::{base, db, next_not_event, next_prompt, start, start_with, table, PATIENT};
use hupai_engine::Action;
use hupai_server::client::{http, Client};
use hupai_server::protocol::{ServerMessage, MAX_FRAME};
use serde_json::Value;
use tokio::time::{timeout, Duration};

/// The code as the wire writes it.
fn error_code(m: &ServerMessage) -> &'static str {
    match m {
        ServerMessage::Error { code, .. } => code.as_str(),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_4xx_with_a_reason() {
    let server = start(db("http").to_str().expect("utf-8")).await;
    let base = base(&server);
    let cases: &[(&str, u16, &str)] = &[
        ("not json", 400, "not a table"),
        (r#"{"seats":["human","human","human"]}"#, 400, "seat four players, not 3 seats"),
        (
            r#"{"rules":"nonesuch","seats":["human","human","human","human"]}"#,
            400,
            "unknown rules 'nonesuch'",
        ),
        (r#"{"seats":["human","bot:genius","human","human"]}"#, 400, "bot:genius"),
        (r#"{"seats":["human","bot:mjai:rm -rf /","human","human"]}"#, 400, "runs no commands"),
        (r#"{"seats":["human","human","human","human"],"colour":"red"}"#, 400, "colour"),
        (r#"{"seats":["human","human","human","human"],"length":"forever"}"#, 400, "forever"),
        (
            r#"{"rules":"riichi","rules_toml":"x","seats":["human","human","human","human"]}"#,
            400,
            "not both",
        ),
        (r#"{"rules_toml":"rounds = 3","seats":["human","human","human","human"]}"#, 400, "rounds"),
        (
            r#"{"rules_toml":"extends = \"sanma\"","seats":["human","human","human","human"]}"#,
            400,
            "seats: the rules 'sanma' seat three players, not 4 seats",
        ),
        (
            r#"{"rules":"sanma","seats":["human","human","human","human"]}"#,
            400,
            "seats: the rules 'sanma' seat three players, not 4 seats",
        ),
        (r#"{"seats":["human","human","human","human"],"names":["a","b","c",""]}"#, 400, "1 to 40"),
        (
            r#"{"seats":["human","human","human","human"],"time":{"call_ms":3000,"claim_hold_ms":800}}"#,
            400,
            "claim_hold_ms (800) is shorter than call_ms (3000)",
        ),
    ];
    for (body, status, says) in cases {
        let (got, text) = http(&base, "POST", "/api/tables", Some(body)).await.expect("http");
        assert_eq!(got, *status, "{body}: {text}");
        let v: Value = serde_json::from_str(&text).expect("a JSON error");
        let error = v["error"].as_str().expect("an error field");
        assert!(error.contains(says), "{body}: '{error}' should say '{says}'");
    }
    // Unknown things are 404s; a full table is a 409.
    let (s, _) = http(&base, "POST", "/api/tables/nope/join", None).await.expect("http");
    assert_eq!(s, 404);
    let (s, _) = http(&base, "GET", "/api/games/nope/log", None).await.expect("http");
    assert_eq!(s, 404);
    let (s, _) = http(&base, "GET", "/api/tables/nope", None).await.expect("http");
    assert_eq!(s, 404);
    let made =
        table(&base, &["human", "open", "bot:random", "bot:random"], "hand", 1, PATIENT).await;
    let id = made["table"].as_str().expect("id");
    let (s, joined) =
        http(&base, "POST", &format!("/api/tables/{id}/join"), None).await.expect("http");
    assert_eq!(s, 200, "{joined}");
    let (s, full) =
        http(&base, "POST", &format!("/api/tables/{id}/join"), None).await.expect("http");
    assert_eq!(s, 409, "{full}");
    // A server that draws its own seeds refuses a chosen one.
    let strict = start_with(db("strict").to_str().expect("utf-8"), |c| c.allow_seed = false).await;
    let (s, text) = http(
        &common::base(&strict),
        "POST",
        "/api/tables",
        Some(r#"{"seats":["human","human","human","human"],"seed":5}"#),
    )
    .await
    .expect("http");
    assert_eq!(s, 400);
    assert!(text.contains("draws its own seeds"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_answers_change_nothing() {
    let server = start(db("answers").to_str().expect("utf-8")).await;
    let base = base(&server);
    let made = table(
        &base,
        &["human", "bot:efficiency", "bot:efficiency", "bot:efficiency"],
        "hand",
        3,
        PATIENT,
    )
    .await;
    let id = made["table"].as_str().expect("id").to_string();
    let token = made["seats"][0]["token"].as_str().expect("token").to_string();
    let mut me = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    assert!(matches!(
        next_not_event(&mut me).await,
        ServerMessage::Welcome { seat: Some(0), player: Some(0), .. }
    ));
    let (decision, options) = next_prompt(&mut me).await;
    // Stale, illegal, malformed: each refused with its code, the prompt still open.
    me.act(decision + 1, options[0]).await.expect("sends");
    assert_eq!(error_code(&next_not_event(&mut me).await), "stale");
    me.act(decision, Action::Pon(["1m".parse().expect("tile"), "1m".parse().expect("tile")]))
        .await
        .expect("sends");
    assert_eq!(error_code(&next_not_event(&mut me).await), "illegal");
    me.send_text(r#"{"type":"act","decision":"seven"}"#).await.expect("sends");
    assert_eq!(error_code(&next_not_event(&mut me).await), "bad_message");
    me.send_text(&format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(MAX_FRAME)))
        .await
        .expect("sends");
    assert_eq!(error_code(&next_not_event(&mut me).await), "too_long");
    me.send_text(&format!(r#"{{"type":"hello","table":"{id}"}}"#)).await.expect("sends");
    assert_eq!(error_code(&next_not_event(&mut me).await), "bad_message");
    // A second connection of the same seat sees the same open prompt.
    let mut tab = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    let (again, same) = next_prompt(&mut tab).await;
    assert_eq!((again, &same), (decision, &options), "the refusals changed the decision");
    // One answer is taken; the same answer again (from either tab) is refused.
    me.act(decision, options[0]).await.expect("sends");
    assert_eq!(next_not_event(&mut me).await, ServerMessage::Accepted { decision });
    // (By then the bots may have played on to this seat's next decision: its prompt is skipped.)
    for c in [&mut tab, &mut me] {
        c.act(decision, options[0]).await.expect("sends");
        let code = loop {
            match next_not_event(c).await {
                ServerMessage::Prompt { decision: d, .. } => assert!(d > decision),
                m => break error_code(&m).to_string(),
            }
        };
        assert!(code == "not_your_turn" || code == "stale", "{code}");
    }
    // A spectator cannot play.
    let mut watcher = Client::connect(&base, &id, None, None).await.expect("connects");
    assert!(matches!(
        next_not_event(&mut watcher).await,
        ServerMessage::Welcome { seat: None, player: None, .. }
    ));
    watcher.act(decision, options[0]).await.expect("sends");
    assert_eq!(error_code(&next_not_event(&mut watcher).await), "not_your_turn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hellos_are_checked() {
    let server = start_with(db("hello").to_str().expect("utf-8"), |c| {
        c.limits.hello_within = Duration::from_millis(300);
        c.limits.failed_tokens_per_minute = 3;
    })
    .await;
    let base = base(&server);
    let made = table(&base, &["human", "human", "human", "human"], "hand", 1, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    // An unknown table.
    let mut c = Client::connect(&base, "nope", Some("x"), None).await.expect("connects");
    assert_eq!(error_code(&next_not_event(&mut c).await), "unknown_table");
    // Anything but hello first.
    let mut c = Client::open(&base).await.expect("connects");
    c.send_text(r#"{"type":"ping"}"#).await.expect("sends");
    assert_eq!(error_code(&next_not_event(&mut c).await), "no_hello");
    // Silence.
    let mut c = Client::open(&base).await.expect("connects");
    assert_eq!(error_code(&next_not_event(&mut c).await), "no_hello");
    // No token and not a spectator; then wrong tokens until the address is refused.
    let mut c = Client::open(&base).await.expect("connects");
    c.send_text(&format!(r#"{{"type":"hello","table":"{id}"}}"#)).await.expect("sends");
    assert_eq!(error_code(&next_not_event(&mut c).await), "bad_token");
    for _ in 0..3 {
        let mut c = Client::connect(&base, &id, Some("AAAAAAAAAAAAAAAAAAAAAA"), None)
            .await
            .expect("connects");
        assert_eq!(error_code(&next_not_event(&mut c).await), "bad_token");
    }
    let refused = Client::connect(&base, &id, Some("AAAAAAAAAAAAAAAAAAAAAA"), None).await;
    assert!(refused.is_err(), "an address that guesses tokens is refused for a while");
    // A web page from another site may not open the socket.
    let request = tokio_tungstenite::tungstenite::handshake::client::Request::builder()
        .uri(format!("ws://{}/ws", server.addr))
        .header("Host", server.addr.to_string())
        .header("Origin", "http://evil.example")
        .header("Connection", "Upgrade")
        .header("Upgrade", "websocket")
        .header("Sec-WebSocket-Version", "13")
        .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
        .body(())
        .expect("request");
    let other_site = tokio_tungstenite::connect_async(request).await;
    assert!(other_site.is_err(), "a foreign origin is refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_read_later_not_dropped() {
    let server = start_with(db("flood").to_str().expect("utf-8"), |c| {
        c.limits.messages_per_second = 100.0;
        c.limits.message_burst = 10.0;
    })
    .await;
    let base = base(&server);
    let made = table(&base, &["human", "human", "human", "human"], "hand", 1, PATIENT).await;
    let id = made["table"].as_str().expect("id").to_string();
    let token = made["seats"][1]["token"].as_str().expect("token").to_string();
    let mut c = Client::connect(&base, &id, Some(&token), None).await.expect("connects");
    let started = std::time::Instant::now();
    for _ in 0..60 {
        c.send_text(r#"{"type":"ping"}"#).await.expect("sends");
    }
    let mut pongs = 0;
    while pongs < 60 {
        let m = timeout(Duration::from_secs(10), next_not_event(&mut c)).await.expect("in time");
        if m == ServerMessage::Pong {
            pongs += 1;
        }
    }
    // 10 at once, then 100 a second: the last 50 take at least half a second.
    assert!(started.elapsed() >= Duration::from_millis(450), "{:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn model_bots_are_read_only_from_the_operators_directory() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let models = repo.join("models");
    let seat = |file: &str| {
        format!(r#"{{"seats":["human","bot:model:{file}","bot:defensive","bot:defensive"]}}"#)
    };
    let model = models.join("riichi-clone-search.onnx").display().to_string();
    let outside = [
        "/etc/passwd".to_string(),
        models.join("../Cargo.toml").display().to_string(),
        models.join("missing.onnx").display().to_string(),
        models.display().to_string(),
    ];
    // Without a model directory, no model bot.
    let server = start(db("models-none").to_str().expect("utf-8")).await;
    for file in outside.iter().chain([&model]) {
        let (status, text) =
            http(&base(&server), "POST", "/api/tables", Some(&seat(file))).await.expect("http");
        assert_eq!(status, 400, "{file}: {text}");
        assert!(text.contains("this server seats no model bots"), "{file}: {text}");
    }
    let (status, text) = http(&base(&server), "GET", "/api/models", None).await.expect("http");
    assert_eq!((status, text.as_str()), (200, r#"{"models":[]}"#));
    // With one, only the files in it.
    let server = start_with(db("models-dir").to_str().expect("utf-8"), |c| {
        c.models = Some(models.clone());
    })
    .await;
    for file in &outside {
        let (status, text) =
            http(&base(&server), "POST", "/api/tables", Some(&seat(file))).await.expect("http");
        assert_eq!(status, 400, "{file}: {text}");
        assert!(text.contains("not one of this server's models"), "{file}: {text}");
    }
    let (status, text) =
        http(&base(&server), "POST", "/api/tables", Some(&seat(&model))).await.expect("http");
    assert_eq!(status, 201, "{text}");
    // The lobby learns the models and the presets each is offered for; the spec it lists
    // is the one a seat names.
    let (status, text) = http(&base(&server), "GET", "/api/models", None).await.expect("http");
    assert_eq!(status, 200, "{text}");
    let listed: Value = serde_json::from_str(&text).expect("json");
    let served = listed["models"].as_array().expect("a list");
    assert_eq!(served.len(), 1, "{text}");
    assert_eq!(served[0]["spec"], format!("model:{model}"));
    assert_eq!(served[0]["name"], "riichi-clone-search");
    assert_eq!(served[0]["presets"], serde_json::json!(["riichi", "riichi-majsoul"]));
    let spec = served[0]["spec"].as_str().expect("a spec");
    let (status, text) =
        http(&base(&server), "POST", "/api/tables", Some(&seat(&spec[6..]))).await.expect("http");
    assert_eq!(status, 201, "{text}");
    // A model directory that is not one stops the server from starting.
    let not_a_dir = hupai_server::Server::start(common::config(
        db("models-file").to_str().expect("utf-8"),
        |c| c.models = Some(models.join("riichi-clone-search.json")),
    ))
    .await;
    assert!(not_a_dir.is_err(), "a file as the model directory");
}
