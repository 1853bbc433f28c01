//! A little HTTP over TCP for the server's API (plain `http://` only): tables made, joined and
//! shown, finished games' logs.

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::error::ClientError;

/// `host:port` of an `http://host:port[/]` base.
pub(super) fn authority(base: &str) -> Result<&str, ClientError> {
    base.strip_prefix("http://")
        .map(|a| a.trim_end_matches('/'))
        .filter(|a| !a.is_empty() && !a.contains('/'))
        .ok_or_else(|| ClientError::Address(base.to_string()))
}

/// One HTTP request: the status and the body.
pub async fn http(
    base: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), ClientError> {
    let host = authority(base)?;
    let mut stream = TcpStream::connect(host).await?;
    let body = body.unwrap_or("");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response);
    let (head, rest) =
        text.split_once("\r\n\r\n").ok_or_else(|| ClientError::Server("no HTTP head".into()))?;
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| ClientError::Server("no HTTP status".into()))?;
    let chunked =
        head.lines().any(|l| l.to_ascii_lowercase().starts_with("transfer-encoding: chunked"));
    Ok((status, if chunked { unchunk(rest) } else { rest.to_string() }))
}

/// The body of a chunked HTTP response.
fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else { break };
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

/// The JSON answer of a request that succeeds with `want`; any other status is
/// [`ClientError::Http`] with the server's `error`.
async fn json_request(
    base: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
    want: u16,
) -> Result<Value, ClientError> {
    let (status, text) = http(base, method, path, body).await?;
    let value: Result<Value, _> = serde_json::from_str(&text);
    if status != want {
        let message = match &value {
            Ok(v) => v["error"].as_str().unwrap_or(text.trim()).to_string(),
            Err(_) => text.trim().to_string(),
        };
        return Err(ClientError::Http { status, message });
    }
    value.map_err(|e| {
        let shown: String = text.chars().take(200).collect();
        ClientError::Server(format!("{e}: {shown}"))
    })
}

/// `POST /api/tables`: the server's answer (`table`, `seats` with tokens).
pub async fn create_table(base: &str, request: &str) -> Result<Value, ClientError> {
    json_request(base, "POST", "/api/tables", Some(request), 201).await
}

/// `POST /api/tables/{id}/join`: takes the first open seat (`seat`, `token`, `join_url`).
pub async fn join_table(base: &str, table: &str) -> Result<Value, ClientError> {
    check_table_id(table)?;
    json_request(base, "POST", &format!("/api/tables/{table}/join"), None, 200).await
}

/// `GET /api/tables/{id}`: the table as the lobby shows it (`seats` as `[KIND, TAKEN]`).
pub async fn table_info(base: &str, table: &str) -> Result<Value, ClientError> {
    check_table_id(table)?;
    json_request(base, "GET", &format!("/api/tables/{table}"), None, 200).await
}

/// `GET /api/games/{id}/log`: a finished game's full log (one JSON event per line);
/// [`ClientError::Http`] with status 409 while it is still played.
pub async fn game_log(base: &str, table: &str) -> Result<String, ClientError> {
    check_table_id(table)?;
    let (status, text) = http(base, "GET", &format!("/api/games/{table}/log"), None).await?;
    if status != 200 {
        let message = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v["error"].as_str().map(String::from))
            .unwrap_or_else(|| text.trim().to_string());
        return Err(ClientError::Http { status, message });
    }
    Ok(text)
}

/// A table id goes into paths: only the characters the server uses (base64url).
pub(super) fn check_table_id(table: &str) -> Result<(), ClientError> {
    let fine = !table.is_empty()
        && table.len() <= 64
        && table.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fine {
        Ok(())
    } else {
        Err(ClientError::Link { link: table.to_string(), why: "not a table id" })
    }
}
