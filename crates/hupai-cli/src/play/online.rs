//! `hupai play --server`: where to sit at a `hupai serve` table. A seat link
//! (`http://HOST/t/ID?seat=P#token=TOKEN`) or `--table ID --token TOKEN` sits at that seat;
//! a table without a token takes its first open seat; `--new` makes a table (rules, length,
//! the other three seats, the time) and sits at seat 0, telling how the others join;
//! `--watch ID` (or a `?watch` link) watches.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{bail, Context};
use hupai_rules::Rules;
use hupai_server::client::{self, Link};
use hupai_server::spec::SeatKind;
use serde_json::{json, Value};

use super::net::Place;

/// How a new table is made (`--new`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewTable {
    /// A preset name or a rule file.
    pub rules: Option<String>,
    /// The other three seats (`bot:defensive,open,human`), one for all three or three.
    pub others: Option<String>,
    /// `hand`, `east`, `half` or `full`.
    pub length: Option<String>,
    /// Play one hand (the same as `--length hand`).
    pub one_hand: bool,
    /// The time control: `turn=5s,call=3s,bank=20s,hold=800ms,bot-delay=500ms,away=15s,takeover=2`.
    pub time: Option<String>,
    /// The creator's name.
    pub name: Option<String>,
    /// Reachable by link only.
    pub private: bool,
    /// The seed (only a server started with `--allow-seed` takes one).
    pub seed: Option<u64>,
}

/// What `--server` and its companions ask for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// `--server`: the server or a link.
    pub server: String,
    /// `--table`.
    pub table: Option<String>,
    /// `--token`.
    pub token: Option<String>,
    /// `--watch`.
    pub watch: Option<String>,
    /// `--new` and its settings.
    pub new: Option<NewTable>,
}

/// The other three seats of a new table: `human`, `open`, `mjai`, `bot:AGENT` or just an
/// agent (`defensive(fold=2)` is `bot:defensive(fold=2)`).
pub fn other_seats(text: &str, others: usize) -> anyhow::Result<Vec<String>> {
    let seats: Vec<String> = hupai_ai::registry::split_list(text)
        .into_iter()
        .map(|s| {
            let text = match s {
                "human" | "open" | "mjai" => s.to_string(),
                s if s.starts_with("bot:") => s.to_string(),
                s => format!("bot:{s}"),
            };
            SeatKind::parse(&text).map(|k| k.text()).map_err(anyhow::Error::from)
        })
        .collect::<anyhow::Result<_>>()?;
    match seats.len() {
        1 => Ok(vec![seats[0].clone(); others]),
        n if n == others => Ok(seats),
        _ => bail!(
            "--opponents takes one seat for all {others} others or {others} separated by commas"
        ),
    }
}

/// A duration of the time control: `5s`, `800ms`, `2m`.
fn millis(key: &str, value: &str) -> anyhow::Result<u64> {
    let split = value.find(|c: char| !c.is_ascii_digit()).unwrap_or(value.len());
    let (n, unit) = value.split_at(split);
    let n: u64 = n.parse().map_err(|_| {
        anyhow::anyhow!("--time {key}={value}: a number with ms, s or m (5s, 800ms)")
    })?;
    let scale = match unit {
        "ms" => 1,
        "s" => 1000,
        "m" | "min" => 60_000,
        _ => bail!("--time {key}={value}: say the unit, ms, s or m (5s, 800ms)"),
    };
    n.checked_mul(scale).ok_or_else(|| anyhow::anyhow!("--time {key}={value}: too long"))
}

/// The time control as the server takes it, from `turn=5s,call=3s,...`.
pub fn time_control(text: &str) -> anyhow::Result<Value> {
    let mut time = serde_json::Map::new();
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            bail!("--time '{pair}': use KEY=VALUE (turn=5s)");
        };
        let (field, value) = match key.trim() {
            "turn" => ("turn_ms", millis(key, value)?),
            "call" => ("call_ms", millis(key, value)?),
            "bank" => ("bank_ms", millis(key, value)?),
            "hold" => ("claim_hold_ms", millis(key, value)?),
            "bot-delay" | "bot_delay" => ("bot_delay_ms", millis(key, value)?),
            "away" => ("away_ms", millis(key, value)?),
            "takeover" => (
                "timeouts_for_takeover",
                value.parse().map_err(|_| {
                    anyhow::anyhow!("--time takeover={value}: a number of timeouts in a row")
                })?,
            ),
            other => bail!(
                "--time: unknown '{other}': use turn, call, bank, hold, bot-delay, away, takeover"
            ),
        };
        if time.insert(field.to_string(), json!(value)).is_some() {
            bail!("--time: {key} given twice");
        }
    }
    Ok(Value::Object(time))
}

impl NewTable {
    /// The body of `POST /api/tables`.
    pub fn body(&self) -> anyhow::Result<Value> {
        let rules = self.rules.as_deref().unwrap_or("chinese");
        let (players, rules_field) = if Rules::preset_names().any(|n| n == rules) {
            (Rules::preset(rules)?.players(), ("rules", json!(rules)))
        } else if Path::new(rules).is_file() {
            let text = std::fs::read_to_string(rules)
                .with_context(|| format!("cannot read the rule file {rules}"))?;
            // Checked here first, so a mistake is reported with its line.
            let parsed = Rules::from_toml_str(&text, rules)?;
            (parsed.players(), ("rules_toml", json!(text)))
        } else {
            let names: Vec<&str> = Rules::preset_names().collect();
            bail!("--rules '{rules}': neither a preset ({}) nor a rule file", names.join(", "));
        };
        let others = usize::from(players) - 1;
        let others = other_seats(self.others.as_deref().unwrap_or("bot:defensive"), others)?;
        let seats: Vec<&str> =
            std::iter::once("human").chain(others.iter().map(String::as_str)).collect();
        let mut body = json!({ "seats": &seats, "private": self.private });
        body[rules_field.0] = rules_field.1;
        let length = match (self.length.as_deref(), self.one_hand) {
            (Some(l), true) if l != "hand" => bail!("--one-hand and --length {l} disagree"),
            (_, true) => "hand",
            (None, false) => "full",
            (Some(l @ ("hand" | "east" | "half" | "full")), false) => l,
            (Some(l), false) => bail!("--length '{l}': use hand, east, half or full"),
        };
        body["length"] = json!(length);
        if let Some(name) = &self.name {
            let names: Vec<&str> =
                std::iter::once(name.as_str()).chain(seats[1..].iter().copied()).collect();
            body["names"] = json!(names);
        }
        if let Some(time) = &self.time {
            body["time"] = time_control(time)?;
        }
        if let Some(seed) = self.seed {
            body["seed"] = json!(seed);
        }
        Ok(body)
    }
}

/// Where to sit, and what to tell the player before the match starts (the links of a new
/// table, the seat taken).
pub fn place(request: &Request, say: &mut dyn FnMut(&str)) -> anyhow::Result<Place> {
    let link: Link = request.server.parse()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the network runtime")?;
    let named = |what: &str| {
        if link.table.is_some() {
            bail!("--server names a table already; {what} goes with a server address (http://HOST:PORT)")
        }
        Ok(())
    };
    let base = link.base.clone();
    if let Some(new) = &request.new {
        named("--new")?;
        let body = new.body()?;
        let made = runtime
            .block_on(client::create_table(&base, &body.to_string()))
            .context("cannot make the table")?;
        let table = made["table"].as_str().context("the server named no table")?.to_string();
        let token = made["seats"][0]["token"]
            .as_str()
            .context("the server gave no token for seat 0")?
            .to_string();
        say(&new_table_text(&base, &made));
        return Ok(Place { base, table, token: Some(token) });
    }
    if let Some(table) = &request.watch {
        named("--watch")?;
        return Ok(Place { base, table: table.clone(), token: None });
    }
    let (table, token) = match (&request.table, &link.table) {
        (Some(_), Some(_)) => bail!(
            "--server names a table already; --table goes with a server address (http://HOST:PORT)"
        ),
        (Some(t), None) => (t.clone(), request.token.clone()),
        (None, Some(t)) => {
            if request.token.is_some() && link.token.is_some() {
                bail!("the link carries a token already: leave out --token");
            }
            (t.clone(), link.token.clone().or_else(|| request.token.clone()))
        }
        (None, None) => bail!(
            "--server {}: say which table: a seat link (http://HOST/t/ID#token=TOKEN), \
             --table ID [--token TOKEN], --new, or --watch ID",
            request.server
        ),
    };
    if link.watch {
        return Ok(Place { base, table, token: None });
    }
    let token = match token {
        Some(t) => t,
        None => {
            let joined = runtime
                .block_on(client::join_table(&base, &table))
                .with_context(|| format!("cannot take a seat at table {table}"))?;
            let token = joined["token"].as_str().context("the server gave no token")?;
            let seat = joined["seat"].as_u64().unwrap_or(0);
            let url = joined["join_url"].as_str().unwrap_or("");
            say(&format!("you took seat {seat} at table {table}; to come back: {url}"));
            token.to_string()
        }
    };
    Ok(Place { base, table, token: Some(token) })
}

/// What to tell the creator of a new table: its id, how the other seats are taken, how to
/// watch, how to come back.
fn new_table_text(base: &str, made: &Value) -> String {
    let table = made["table"].as_str().unwrap_or("?");
    let mut text = format!("table {table} made at {base}");
    for seat in made["seats"].as_array().into_iter().flatten() {
        let p = seat["seat"].as_u64().unwrap_or(0);
        let kind = seat["kind"].as_str().unwrap_or("?");
        let _ = match (p, kind) {
            (0, _) => match seat["join_url"].as_str() {
                Some(url) => write!(text, "\n  seat 0: you; to come back: {url}"),
                None => write!(text, "\n  seat 0: you"),
            },
            (_, "human") => write!(
                text,
                "\n  seat {p}: a friend's; send them {}",
                seat["join_url"].as_str().unwrap_or("?")
            ),
            (_, "open") => write!(
                text,
                "\n  seat {p}: open; anyone takes it with: hupai play --server {base}/t/{table}"
            ),
            (_, "mjai") => match made["mjai"].as_str() {
                Some(addr) => write!(
                    text,
                    "\n  seat {p}: an mjai bot; it connects to {addr} with the room {}",
                    seat["ticket"].as_str().unwrap_or("?")
                ),
                None => write!(
                    text,
                    "\n  seat {p}: an mjai bot, but the server takes none (--mjai-addr)"
                ),
            },
            (_, kind) => write!(text, "\n  seat {p}: {kind}"),
        };
    }
    let _ = write!(text, "\n  to watch: hupai play --server {base} --watch {table}");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_times_and_bodies() {
        assert_eq!(other_seats("defensive", 3).unwrap(), ["bot:defensive"; 3].map(String::from));
        assert_eq!(other_seats("defensive", 2).unwrap(), ["bot:defensive"; 2].map(String::from));
        assert!(other_seats("human,human,human", 2).is_err());
        assert_eq!(
            other_seats("bot:defensive(fold=2,threat=0.5), open ,human", 3).unwrap(),
            ["bot:defensive(fold=2,threat=0.5)", "open", "human"].map(String::from)
        );
        assert!(other_seats("mjai:python bot.py", 3).is_err());
        assert!(other_seats("open,open", 3).is_err());
        assert!(other_seats("wizard", 3).is_err());
        let t = time_control("turn=10s,call=3s,bank=0s,hold=0ms,bot-delay=1m,takeover=3").unwrap();
        assert_eq!(
            t,
            json!({"turn_ms":10000,"call_ms":3000,"bank_ms":0,"claim_hold_ms":0,
                   "bot_delay_ms":60000,"timeouts_for_takeover":3})
        );
        for bad in ["turn=5", "turn", "turn=5h", "speed=1s", "turn=1s,turn=2s", "takeover=x"] {
            assert!(time_control(bad).is_err(), "{bad}");
        }
        let new = NewTable {
            rules: Some("riichi".into()),
            others: Some("bot:efficiency,open,human".into()),
            one_hand: true,
            seed: Some(4),
            name: Some("me".into()),
            ..NewTable::default()
        };
        assert_eq!(
            new.body().unwrap(),
            json!({"seats":["human","bot:efficiency","open","human"],"private":false,
                   "rules":"riichi","length":"hand","names":["me","bot:efficiency","open","human"],
                   "seed":4})
        );
        let sanma = NewTable { rules: Some("sanma".into()), ..NewTable::default() };
        assert_eq!(
            sanma.body().unwrap(),
            json!({"seats":["human","bot:defensive","bot:defensive"],"private":false,
                   "rules":"sanma","length":"full"})
        );
        let bad = NewTable { rules: Some("nope".into()), ..NewTable::default() };
        assert!(bad.body().unwrap_err().to_string().contains("neither a preset"));
        let bad = NewTable { length: Some("east".into()), one_hand: true, ..NewTable::default() };
        assert!(bad.body().is_err());
    }

    #[test]
    fn links_and_requests_say_what_is_missing() {
        let mut said = Vec::new();
        let mut say = |s: &str| said.push(s.to_string());
        let r = Request { server: "http://127.0.0.1:1".into(), ..Request::default() };
        assert!(place(&r, &mut say).unwrap_err().to_string().contains("say which table"));
        let r = Request {
            server: "http://h:1/t/abc#token=T".into(),
            table: Some("x".into()),
            ..Request::default()
        };
        assert!(place(&r, &mut say).unwrap_err().to_string().contains("names a table"));
        let r = Request { server: "http://h:1/t/abc#token=T".into(), ..Request::default() };
        let p = place(&r, &mut say).unwrap();
        assert_eq!(
            (p.base.as_str(), p.table.as_str(), p.token.as_deref()),
            ("http://h:1", "abc", Some("T"))
        );
        let r = Request { server: "http://h:1/t/abc?watch".into(), ..Request::default() };
        assert_eq!(place(&r, &mut say).unwrap().token, None);
        assert!(said.is_empty());
    }
}
