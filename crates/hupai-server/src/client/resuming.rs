//! A seat's connection that survives drops.

use std::collections::VecDeque;
use std::time::Duration;

use hupai_engine::{Action, Event};
use tokio::time::Instant;

use super::error::ClientError;
use super::http::check_table_id;
use super::socket::Client;
use crate::protocol::{ClientMessage, ErrorCode, ServerMessage};

/// What a [`Resuming`] connection reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// A message of the server: events in order, each once, with no gap.
    Message(ServerMessage),
    /// The connection dropped (or a reconnection failed); the next try is in `retry_in`.
    Lost {
        /// Why.
        why: String,
        /// When it tries again.
        retry_in: Duration,
    },
    /// A new connection took the stream up after event `after` (none: from the start).
    Resumed {
        /// The last event seen before.
        after: Option<u64>,
    },
}

/// How [`Resuming`] waits and retries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// With nothing received for this long, it pings the server.
    pub ping_after: Duration,
    /// With nothing received for this long (a ping unanswered), the connection counts as dead.
    pub dead_after: Duration,
    /// The first retry after a drop; each failure doubles it, up to `max_retry`.
    pub first_retry: Duration,
    /// The longest wait between tries.
    pub max_retry: Duration,
    /// How long it tries to reconnect before it gives up.
    pub give_up_after: Duration,
}

impl Default for Patience {
    fn default() -> Patience {
        Patience {
            ping_after: Duration::from_secs(30),
            dead_after: Duration::from_secs(45),
            first_retry: Duration::from_millis(200),
            max_retry: Duration::from_secs(5),
            give_up_after: Duration::from_secs(600),
        }
    }
}

/// A seat's (or a spectator's) connection that survives drops: when the socket closes, fails
/// or goes silent, it connects again with `last_seq` (the last event it passed on), so the
/// stream it gives goes on where it stopped, without repeats; a gap in the numbers makes it
/// resume from before the gap. An answer is kept until the server accepts it (or refuses it,
/// or the decision passes) and is sent again when the server asks the same decision anew
/// after a drop. A refusal that reconnecting cannot mend (`bad_token`, `unknown_table`, `over`)
/// ends it with [`ClientError::Refused`].
///
/// [`Resuming::next`] is cancel-safe enough for `tokio::select!`: dropped while it waits, it
/// starts again where it was (a connection being opened is opened again).
#[derive(Debug)]
pub struct Resuming {
    base: String,
    table: String,
    token: Option<String>,
    patience: Patience,
    client: Option<Client>,
    /// The last event passed on.
    last_seq: Option<u64>,
    /// The next event expected on this connection.
    expected: u64,
    /// Where the stream last had a gap: a second gap there is the server's fault, not the
    /// network's, and ends the connection.
    gap_at: Option<u64>,
    /// An answer not yet accepted: decision, action, and the connection it went out on.
    pending: Option<(u64, Action, Option<u64>)>,
    /// The connections opened so far (the current one's number).
    connections: u64,
    /// A decision whose answer was sent again because the server asked anew after a drop:
    /// if the first answer got through after all, the second is refused as stale, which is
    /// no news to pass on.
    resent: Option<u64>,
    /// The end of the match was passed on: a close is the end, not a drop.
    over: bool,
    /// Messages to pass on before reading more.
    queued: VecDeque<Update>,
    /// When the connection was lost (none while connected).
    lost_since: Option<Instant>,
    /// When to try again.
    retry_at: Instant,
    /// Failed tries since the last good connection.
    failures: u32,
    /// When the last message came.
    heard_at: Instant,
    /// Whether a ping is out.
    pinged: bool,
}

impl Resuming {
    /// Connects (with a token to play its seat, without one to watch) and waits for the
    /// welcome, which is the first update: a refusal is an error at once.
    pub async fn open(
        base: &str,
        table: &str,
        token: Option<&str>,
        patience: Patience,
    ) -> Result<Resuming, ClientError> {
        check_table_id(table)?;
        let now = Instant::now();
        let mut r = Resuming {
            base: base.to_string(),
            table: table.to_string(),
            token: token.map(String::from),
            patience,
            client: None,
            last_seq: None,
            expected: 0,
            gap_at: None,
            pending: None,
            connections: 0,
            resent: None,
            over: false,
            queued: VecDeque::new(),
            lost_since: None,
            retry_at: now,
            failures: 0,
            heard_at: now,
            pinged: false,
        };
        r.reconnect().await?;
        Ok(r)
    }

    /// The last event passed on.
    pub fn last_seq(&self) -> Option<u64> {
        self.last_seq
    }

    /// Whether a connection is open now.
    pub fn is_connected(&self) -> bool {
        self.client.is_some()
    }

    /// Opens a connection and reads its welcome (queued as an update).
    async fn reconnect(&mut self) -> Result<(), ClientError> {
        let mut client =
            Client::connect(&self.base, &self.table, self.token.as_deref(), self.last_seq).await?;
        let (welcome, next_seq) = match client.next().await? {
            Some(w @ ServerMessage::Welcome { next_seq, .. }) => (w, next_seq),
            Some(ServerMessage::Error { code, message }) => {
                return Err(ClientError::Refused { code, message })
            }
            Some(other) => {
                return Err(ClientError::Server(format!("{} before the welcome", other.to_json())))
            }
            None => return Err(ClientError::Socket("closed before the welcome".into())),
        };
        let want = self.last_seq.map_or(0, |s| s + 1);
        if next_seq > want {
            return Err(ClientError::Server(format!(
                "it resumes at event {next_seq}, but this client saw events up to {want}"
            )));
        }
        self.expected = next_seq;
        if self.lost_since.is_some() {
            self.queued.push_back(Update::Resumed { after: self.last_seq });
        }
        self.queued.push_back(Update::Message(welcome));
        self.client = Some(client);
        self.connections += 1;
        self.lost_since = None;
        self.failures = 0;
        self.heard_at = Instant::now();
        self.pinged = false;
        Ok(())
    }

    /// Notes a dropped connection and when to try again.
    fn lost(&mut self, why: String) -> Update {
        self.client = None;
        let now = Instant::now();
        self.lost_since.get_or_insert(now);
        let wait = self
            .patience
            .first_retry
            .saturating_mul(1 << self.failures.min(16))
            .min(self.patience.max_retry);
        self.failures += 1;
        self.retry_at = now + wait;
        Update::Lost { why, retry_in: wait }
    }

    /// The next update, or `None` once the match is over and the server closed.
    pub async fn next(&mut self) -> Result<Option<Update>, ClientError> {
        loop {
            if let Some(u) = self.queued.pop_front() {
                return Ok(Some(u));
            }
            let Some(client) = self.client.as_mut() else {
                if self.over {
                    return Ok(None);
                }
                tokio::time::sleep_until(self.retry_at).await;
                match self.reconnect().await {
                    Ok(()) => continue,
                    Err(ClientError::Refused { code, message }) if code.is_final() => {
                        return Err(ClientError::Refused { code, message })
                    }
                    Err(e @ ClientError::Server(_)) => return Err(e),
                    Err(e) => {
                        let since = self.lost_since.unwrap_or_else(Instant::now);
                        if since.elapsed() >= self.patience.give_up_after {
                            return Err(ClientError::GaveUp {
                                after: since.elapsed(),
                                why: e.to_string(),
                            });
                        }
                        return Ok(Some(self.lost(format!("cannot reconnect: {e}"))));
                    }
                }
            };
            // An answer given while no connection was open, or asked for again.
            if let Some((decision, action, None)) = self.pending {
                if let Err(e) = client.act(decision, action).await {
                    return Ok(Some(self.lost(e.to_string())));
                }
                if let Some(p) = self.pending.as_mut() {
                    p.2 = Some(self.connections);
                }
                continue;
            }
            let quiet =
                if self.pinged { self.patience.dead_after } else { self.patience.ping_after };
            let message = tokio::select! {
                m = client.next() => m,
                _ = tokio::time::sleep_until(self.heard_at + quiet) => {
                    if self.pinged {
                        return Ok(Some(self.lost("the server went silent".into())));
                    }
                    self.pinged = true;
                    if let Err(e) = client.send(&ClientMessage::Ping {}).await {
                        return Ok(Some(self.lost(e.to_string())));
                    }
                    continue;
                }
            };
            let message = match message {
                Ok(Some(m)) => m,
                // After the end of the match, however the socket ends, it is the end.
                Ok(None) | Err(_) if self.over => {
                    self.client = None;
                    return Ok(None);
                }
                // A server that says what this client cannot read will say it again.
                Err(e @ ClientError::Server(_)) => return Err(e),
                Ok(None) => {
                    let why = match client.closing() {
                        Some(c) => format!("the server closed the connection ({})", c.code),
                        None => "the server closed the connection".into(),
                    };
                    return Ok(Some(self.lost(why)));
                }
                Err(e) => return Ok(Some(self.lost(e.to_string()))),
            };
            self.heard_at = Instant::now();
            self.pinged = false;
            match &message {
                ServerMessage::Event { seq, event } => {
                    if *seq < self.expected {
                        continue; // seen already
                    }
                    if *seq > self.expected {
                        let why = format!("events {} to {} went missing", self.expected, seq - 1);
                        if self.gap_at.replace(self.expected) == Some(self.expected) {
                            return Err(ClientError::Server(format!("{why} again on resuming")));
                        }
                        self.retry_at = Instant::now();
                        self.client = None;
                        self.lost_since.get_or_insert(Instant::now());
                        return Ok(Some(Update::Lost { why, retry_in: Duration::ZERO }));
                    }
                    self.expected = seq + 1;
                    if self.last_seq.is_some_and(|l| *seq <= l) {
                        continue; // passed on before a drop (the server resumed early)
                    }
                    self.last_seq = Some(*seq);
                    self.gap_at = None;
                    if self.pending.is_some_and(|p| *seq >= p.0) {
                        self.pending = None;
                    }
                    if matches!(**event, Event::EndGame { .. }) {
                        self.over = true;
                    }
                }
                ServerMessage::Prompt { decision, .. } => {
                    if let Some(p) = self.pending.as_mut().filter(|p| p.0 == *decision) {
                        // Asked again on a new connection: the answer sent on an old one
                        // may not have arrived (or it is still on its way there, and the
                        // repeat will be refused as stale). One sent on this connection is
                        // being read.
                        if p.2 != Some(self.connections) {
                            if p.2.is_some() {
                                self.resent = Some(*decision);
                            }
                            p.2 = None;
                        }
                        continue;
                    }
                }
                ServerMessage::Accepted { decision } => {
                    if self.pending.is_some_and(|p| p.0 == *decision) {
                        self.pending = None;
                    }
                    if self.resent == Some(*decision) {
                        self.resent = None;
                    }
                }
                ServerMessage::Error { code, .. } if code.refuses_answer() => {
                    if *code == ErrorCode::Stale && self.resent.take().is_some() {
                        // The decision asked anew is not open any more: the first answer
                        // was taken after all (or the clock ran out, which the events
                        // say). The repeat's refusal is no news.
                        self.pending = None;
                        continue;
                    }
                    self.pending = None;
                }
                _ => {}
            }
            return Ok(Some(Update::Message(message)));
        }
    }

    /// Answers decision `decision` with `action` (one of its options, exactly as sent). The
    /// answer is kept until the server accepts or refuses it, and sent again on a new
    /// connection if the server asks again.
    pub async fn act(&mut self, decision: u64, action: Action) {
        self.pending = Some((decision, action, None));
        if let Some(client) = self.client.as_mut() {
            match client.act(decision, action).await {
                Ok(()) => {
                    if let Some(p) = self.pending.as_mut() {
                        p.2 = Some(self.connections);
                    }
                }
                Err(e) => {
                    let update = self.lost(e.to_string());
                    self.queued.push_back(update);
                }
            }
        }
    }

    /// Says the player is back (`back`): the AI that took over the seat stops. Without a
    /// connection nothing is sent: the reconnection itself takes the seat back.
    pub async fn back(&mut self) {
        if let Some(client) = self.client.as_mut() {
            if let Err(e) = client.send(&ClientMessage::Back {}).await {
                let update = self.lost(e.to_string());
                self.queued.push_back(update);
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        if let Some(client) = self.client.take() {
            client.close().await;
        }
    }
}
