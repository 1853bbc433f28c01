//! What keeps one client from hurting the others: connections and failed token checks per
//! address, messages per second per connection.
//!
//! ```
//! use hupai_server::limits::Bucket;
//! use tokio::time::{Duration, Instant};
//! let t0 = Instant::now();
//! let mut b = Bucket::new(2.0, 3.0, t0);
//! assert!((0..3).all(|_| b.take(t0)));
//! assert!(!b.take(t0));
//! assert!(b.take(t0 + Duration::from_millis(600)));
//! ```

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use tokio::time::{Duration, Instant};

/// The limits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Open connections (WebSocket and mjai) from one address.
    pub connections_per_address: usize,
    /// Messages a connection may send per second, on average; faster ones are read later.
    pub messages_per_second: f64,
    /// And at once.
    pub message_burst: f64,
    /// Failed token checks per address per minute before it is refused for a minute.
    pub failed_tokens_per_minute: u32,
    /// How long a new connection has to say hello.
    pub hello_within: Duration,
    /// How long a connection may go with nothing either way (a ping keeps it) before it is
    /// closed.
    pub idle: Duration,
    /// Messages queued for a connection at once. A longer backlog (a late spectator's, a
    /// second tab's) is queued in runs as the connection's socket takes them.
    pub queue: usize,
    /// Events of live play (released since it connected) a connection may have waiting, its
    /// queue full, before it is cut off as too slow a reader.
    pub behind: usize,
    /// How long one send to a client may take.
    pub send_within: Duration,
    /// Tables one address may create per minute.
    pub tables_per_minute: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections_per_address: 32,
            messages_per_second: 20.0,
            message_burst: 60.0,
            failed_tokens_per_minute: 10,
            hello_within: Duration::from_secs(10),
            idle: Duration::from_secs(600),
            queue: 512,
            behind: 512,
            send_within: Duration::from_secs(10),
            tables_per_minute: 30,
        }
    }
}

/// A token bucket: `rate` tokens a second, at most `burst`.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64, now: Instant) -> Bucket {
        Bucket { rate, burst, tokens: burst, at: now }
    }

    /// How long until the next token.
    pub fn wait(&self) -> Duration {
        let missing = (1.0 - self.tokens).max(0.0);
        Duration::from_secs_f64(missing / self.rate.max(1e-6)).max(Duration::from_millis(1))
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Per-address counts.
#[derive(Debug, Default)]
pub struct Addresses {
    open: Mutex<HashMap<IpAddr, usize>>,
    failures: Mutex<HashMap<IpAddr, (Instant, u32)>>,
    creations: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

/// An open connection counted against its address; uncounted when dropped.
#[derive(Debug)]
pub struct Slot<'a> {
    addresses: &'a Addresses,
    ip: IpAddr,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        if let Ok(mut open) = self.addresses.open.lock() {
            if let Some(n) = open.get_mut(&self.ip) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    open.remove(&self.ip);
                }
            }
        }
    }
}

fn within_minute(map: &Mutex<HashMap<IpAddr, (Instant, u32)>>, ip: IpAddr, now: Instant) -> u32 {
    let Ok(mut m) = map.lock() else { return u32::MAX };
    let entry = m.entry(ip).or_insert((now, 0));
    if now.saturating_duration_since(entry.0) > Duration::from_secs(60) {
        *entry = (now, 0);
    }
    entry.1
}

impl Addresses {
    /// Counts a new connection from `ip`, unless it has too many.
    pub fn open(&self, ip: IpAddr, limit: usize) -> Option<Slot<'_>> {
        let mut open = self.open.lock().ok()?;
        let n = open.entry(ip).or_insert(0);
        if *n >= limit {
            return None;
        }
        *n += 1;
        Some(Slot { addresses: self, ip })
    }

    /// Whether `ip` failed too many token checks in the last minute.
    pub fn banned(&self, ip: IpAddr, limit: u32, now: Instant) -> bool {
        within_minute(&self.failures, ip, now) >= limit
    }

    /// Counts a failed token check.
    pub fn failed(&self, ip: IpAddr, now: Instant) {
        within_minute(&self.failures, ip, now);
        if let Ok(mut m) = self.failures.lock() {
            if let Some(e) = m.get_mut(&ip) {
                e.1 += 1;
            }
        }
    }

    /// Counts a table creation; false when `ip` made too many this minute.
    pub fn create(&self, ip: IpAddr, limit: u32, now: Instant) -> bool {
        if within_minute(&self.creations, ip, now) >= limit {
            return false;
        }
        if let Ok(mut m) = self.creations.lock() {
            if let Some(e) = m.get_mut(&ip) {
                e.1 += 1;
            }
        }
        true
    }
}
