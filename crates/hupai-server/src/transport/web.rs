//! The web client, embedded in the binary, and the HTTP the client needs beside the game
//! API: the rule facts and score names it displays, and the review (复盘) of finished games.
//!
//! The client is plain ES modules, CSS and an SVG sprite under `crates/hupai-server/web/`,
//! with no build step: the files served are the files in the repository, compressed once
//! when the router is built. Every page (`/`, `/t/{id}`, `/replay`) is the same `index.html`;
//! the client reads the address.
//!
//! ```
//! let assets = hupai_server::transport::web::assets();
//! assert!(assets.iter().any(|a| a.path == "js/app.js"));
//! assert!(assets.iter().all(|a| !a.body.is_empty()));
//! ```

use std::io::Write;
use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::extract::{Path, Query, State as Shared};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use hupai_engine::Wall;
use hupai_rules::Rules;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use super::reply::refuse;
use crate::analysis::review::{review, ReviewError};
use crate::state::State;

/// One file of the client.
#[derive(Debug)]
pub struct Asset {
    /// Its path under `/assets/` (`js/app.js`).
    pub path: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
}

macro_rules! assets {
    ($($path:literal),* $(,)?) => {
        &[$(Asset { path: $path, body: include_bytes!(concat!("../../web/", $path)) }),*]
    };
}

/// Every file the client is made of (a test checks the list against `web/`).
static ASSETS: &[Asset] = assets![
    "index.html",
    "app.css",
    "tiles.svg",
    "js/announce.js",
    "js/app.js",
    "js/i18n.js",
    "js/lobby.js",
    "js/net.js",
    "js/options.js",
    "js/prefs.js",
    "js/render.js",
    "js/replay.js",
    "js/result.js",
    "js/sound.js",
    "js/state.js",
    "js/table.js",
    "js/tiles.js",
];

/// The client's files.
pub fn assets() -> &'static [Asset] {
    ASSETS
}

/// A file ready to serve: its type, its tag, and its gzip form.
struct Served {
    path: &'static str,
    body: &'static [u8],
    gzip: Vec<u8>,
    etag: String,
    content_type: &'static str,
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

/// The files, compressed once (the first request, or the router's construction).
fn served() -> &'static [Served] {
    static SERVED: OnceLock<Vec<Served>> = OnceLock::new();
    SERVED.get_or_init(|| {
        ASSETS
            .iter()
            .map(|a| {
                let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                let gzip = gz.write_all(a.body).and_then(|_| gz.finish()).unwrap_or_default();
                let digest = Sha256::digest(a.body);
                let etag = format!(
                    "\"{}\"",
                    digest.iter().take(10).map(|b| format!("{b:02x}")).collect::<String>()
                );
                Served {
                    path: a.path,
                    body: a.body,
                    gzip,
                    etag,
                    content_type: content_type(a.path),
                }
            })
            .collect()
    })
}

/// Reviews running at once (each is a whole game of AI decisions); more wait their turn.
static REVIEWS: Semaphore = Semaphore::const_new(2);

/// The largest uploaded log reviewed.
const MAX_LOG: usize = 8 * 1024 * 1024;

/// The client's routes, to merge into [`super::router`].
pub fn router() -> Router<Arc<State>> {
    served();
    Router::new()
        .route("/", get(page))
        .route("/t/{id}", get(page))
        .route("/replay", get(page))
        .route("/assets/{*path}", get(asset))
        .route("/api/rules/{name}", get(preset_facts))
        .route("/api/rules", post(toml_facts))
        .route("/api/games/{id}/review", get(review_stored))
        .route(
            "/api/review",
            post(review_uploaded).layer(axum::extract::DefaultBodyLimit::max(MAX_LOG)),
        )
}

fn serve(file: &Served, headers: &HeaderMap) -> Response {
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == file.etag));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let gzip = headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("gzip")))
            && !file.gzip.is_empty();
        let mut r = if gzip {
            Response::new(Body::from(file.gzip.clone()))
        } else {
            Response::new(Body::from(file.body))
        };
        if gzip {
            r.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(file.content_type));
        r
    };
    let h = response.headers_mut();
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    if let Ok(tag) = HeaderValue::from_str(&file.etag) {
        h.insert(header::ETAG, tag);
    }
    if file.path == "index.html" {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                 img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'",
            ),
        );
    }
    response
}

async fn page(headers: HeaderMap) -> Response {
    match served().iter().find(|f| f.path == "index.html") {
        Some(f) => serve(f, &headers),
        None => refuse(StatusCode::NOT_FOUND, "no client in this build"),
    }
}

async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    match served().iter().find(|f| f.path == path && f.path != "index.html") {
        Some(f) => serve(f, &headers),
        None => refuse(StatusCode::NOT_FOUND, format!("no asset '{path}'")),
    }
}

/// What the client displays of a rule set: the rules, the live wall before the deal, and the
/// names of every yaku or fan in English, Chinese and Japanese.
pub fn facts(rules: &Rules) -> Value {
    let mut names = Map::new();
    // Only the rule set's own table: two tables may use one id for different items (Hong
    // Kong's and Sichuan's zi_mo).
    for id in rules.variant.items() {
        let n = crate::names::item(id);
        names.insert(id.as_str().to_string(), json!({ "en": n.en, "zh": n.zh, "ja": n.ja }));
    }
    json!({
        "rules": rules,
        "live_before_deal": Wall::live_before_deal(rules),
        "names": names,
    })
}

async fn preset_facts(Path(name): Path<String>) -> Response {
    if Rules::preset_names().all(|n| n != name) {
        let names: Vec<&str> = Rules::preset_names().collect();
        return refuse(
            StatusCode::NOT_FOUND,
            format!("no preset '{name}': the presets are {}", names.join(", ")),
        );
    }
    match Rules::preset(&name) {
        Ok(r) => Json(facts(&r)).into_response(),
        Err(e) => refuse(StatusCode::NOT_FOUND, e.to_string()),
    }
}

async fn toml_facts(body: String) -> Response {
    if body.len() > 16 * 1024 {
        return refuse(StatusCode::PAYLOAD_TOO_LARGE, "a rule file: at most 16 KiB");
    }
    match Rules::from_toml_str(&body, "the rule set") {
        Ok(r) => Json(facts(&r)).into_response(),
        Err(e) => refuse(StatusCode::BAD_REQUEST, e.to_string()),
    }
}

/// `?player=P`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Whose {
    player: usize,
}

fn whose(
    query: Result<Query<Whose>, axum::extract::rejection::QueryRejection>,
) -> Result<usize, String> {
    match query {
        Ok(Query(w)) if w.player < 4 => Ok(w.player),
        Ok(Query(w)) => Err(format!("player {}: players are 0..=3", w.player)),
        Err(e) => Err(format!("?player=0..3: {e}")),
    }
}

async fn run_review(log: String, player: usize) -> Response {
    let Ok(_permit) = REVIEWS.acquire().await else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "reviews are closed");
    };
    match tokio::task::spawn_blocking(move || review(&log, player)).await {
        Ok(Ok(r)) => Json(r).into_response(),
        Ok(Err(e @ ReviewError::TooLong(_))) => {
            refuse(StatusCode::PAYLOAD_TOO_LARGE, e.to_string())
        }
        Ok(Err(e)) => refuse(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()),
        Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, format!("the review failed: {e}")),
    }
}

async fn review_stored(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
    query: Result<Query<Whose>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let player = match whose(query) {
        Ok(p) => p,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, why),
    };
    match state.store.log(&id).await {
        Ok(Some(log)) => run_review(log, player).await,
        Ok(None) => match state.store.table_state(&id).await {
            Ok(Some(_)) => refuse(
                StatusCode::CONFLICT,
                "the game is still being played: it is reviewed once it is over",
            ),
            Ok(None) => refuse(StatusCode::NOT_FOUND, format!("no game '{id}'")),
            Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
        },
        Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    }
}

async fn review_uploaded(
    query: Result<Query<Whose>, axum::extract::rejection::QueryRejection>,
    body: String,
) -> Response {
    let player = match whose(query) {
        Ok(p) => p,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, why),
    };
    if body.len() > MAX_LOG {
        return refuse(StatusCode::PAYLOAD_TOO_LARGE, "a log: at most 8 MiB");
    }
    run_review(body, player).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// The client's files on disk (what `web/` ships: not the generators, tests or npm files).
    fn on_disk() -> Vec<String> {
        fn walk(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<String>) {
            let Ok(entries) = std::fs::read_dir(dir) else { return };
            for e in entries.flatten() {
                let path = e.path();
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                if path.is_dir() {
                    if !["tools", "test", "tests", "node_modules"].contains(&rel.as_str()) {
                        walk(&path, root, out);
                    }
                } else if !rel.starts_with("package") && !rel.starts_with('.') && rel != "ci.sh" {
                    out.push(rel);
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
        let mut out = Vec::new();
        walk(&root, &root, &mut out);
        out.sort();
        out
    }

    #[test]
    fn every_client_file_is_embedded() {
        let mut embedded: Vec<String> = ASSETS.iter().map(|a| a.path.to_string()).collect();
        embedded.sort();
        assert_eq!(embedded, on_disk());
    }

    #[test]
    fn every_module_the_client_imports_is_served() {
        // A relative import of a file that is not in the list would load nowhere.
        for a in ASSETS.iter().filter(|a| a.path.ends_with(".js")) {
            let text = std::str::from_utf8(a.body).unwrap();
            for line in text.lines().filter(|l| l.starts_with("import ")) {
                let Some(from) = line.split("from '").nth(1) else { continue };
                let name = from.trim_end_matches("';");
                if let Some(file) = name.strip_prefix("./") {
                    let path = format!("js/{file}");
                    assert!(ASSETS.iter().any(|x| x.path == path), "{} imports {name}", a.path);
                }
            }
        }
    }

    #[test]
    fn files_are_served_compressed_tagged_and_revalidated() {
        let file = served().iter().find(|f| f.path == "js/table.js").unwrap();
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&file.gzip[..]).read_to_end(&mut plain).unwrap();
        assert_eq!(plain, file.body);
        assert!(file.gzip.len() < file.body.len() / 2);

        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static("br, gzip"));
        let r = serve(file, &headers);
        assert_eq!(r.status(), StatusCode::OK);
        assert_eq!(r.headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(r.headers()[header::CONTENT_TYPE], "text/javascript; charset=utf-8");
        let tag = r.headers()[header::ETAG].clone();

        headers.insert(header::IF_NONE_MATCH, tag);
        assert_eq!(serve(file, &headers).status(), StatusCode::NOT_MODIFIED);

        let r = serve(file, &HeaderMap::new());
        assert!(r.headers().get(header::CONTENT_ENCODING).is_none());
    }

    #[test]
    fn the_page_forbids_inline_scripts_and_framing() {
        let page = served().iter().find(|f| f.path == "index.html").unwrap();
        let r = serve(page, &HeaderMap::new());
        let csp = r.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"));
        let html = std::str::from_utf8(page.body).unwrap();
        assert!(!html.contains("<script>"), "no inline script");
    }

    #[test]
    fn facts_name_every_yaku_and_fan_in_three_languages() {
        for name in Rules::preset_names() {
            let rules = Rules::preset(name).unwrap();
            let f = facts(&rules);
            assert_eq!(f["live_before_deal"], Wall::live_before_deal(&rules), "{name}");
            let names = f["names"].as_object().unwrap();
            assert!(names.len() > 10, "{name}");
            for (id, n) in names {
                for lang in ["en", "zh", "ja"] {
                    assert!(n[lang].as_str().is_some_and(|s| !s.is_empty()), "{name} {id} {lang}");
                }
            }
            // Every id a `hora` event of the variant may carry (its score items' ids) is named.
            let ids: Vec<&str> = rules.variant.items().iter().map(|i| i.as_str()).collect();
            for id in ids {
                assert!(names.contains_key(id), "{name}: no name for {id}");
            }
        }
        // The Chinese page names riichi yaku in Chinese, not in their Japanese spelling.
        let riichi = facts(&Rules::preset("riichi").unwrap());
        assert_eq!(riichi["names"]["ittsu"]["zh"], "一气通贯");
        assert_eq!(riichi["names"]["ittsu"]["ja"], "一気通貫");
        assert_eq!(riichi["names"]["tanyao"]["en"], "All Simples (Tanyao)");
        // One table's names only: Hong Kong's zi_mo is not Sichuan's.
        let hk = facts(&Rules::preset("hongkong").unwrap());
        let sc = facts(&Rules::preset("sichuan").unwrap());
        assert_ne!(hk["names"]["zi_mo"]["zh"], sc["names"]["zi_mo"]["zh"]);
        assert_eq!(sc["names"]["declared_ready"]["zh"], "报听");
    }

    #[test]
    fn a_review_names_a_player_in_range() {
        assert_eq!(whose(Ok(Query(Whose { player: 3 }))).ok(), Some(3));
        assert!(whose(Ok(Query(Whose { player: 4 }))).is_err());
    }
}
