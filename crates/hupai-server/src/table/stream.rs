//! A connection's stream: what the table has queued for one connection and what it holds back.
//!
//! Each connection gets a contiguous run of its events from where it resumed, with the hands
//! shown after a draw, a spectator's reveal after each hand and its player's open prompt, in
//! order. The table queues only as much as the connection's queue has room for and generates
//! the rest as the socket takes it ([`Inlet::wants_more`]), so a backlog of any length (a whole
//! match, for a late spectator, a second tab or a bot that rejoins) is paced by the socket,
//! never dropped for being long. Only a reader that falls more than its limit behind live play
//! (events released since it connected) is cut off: it is sent everything queued before, and
//! then closed with the reason, never with a gap.
//!
//! ```
//! use hupai_server::table::pipe;
//! let (outlet, mut inlet) = pipe(16, 64);
//! assert!(!inlet.wants_more());
//! drop(outlet);
//! assert!(inlet.try_recv().is_none());
//! ```

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use hupai_engine::{Action, Driver, Event};
use hupai_rules::Rules;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::{self, Receiver, Sender};

use crate::analysis::ready::ready_hands;
use crate::protocol::{ErrorCode, Frame, ServerMessage};

/// A connection's number, unique in the server.
pub type ConnId = u64;

/// Who a connection is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// It plays this player.
    Player(usize),
    /// It watches.
    Spectator,
}

/// What a table and a connection's socket task share besides the queue.
#[derive(Debug, Default)]
struct Shared {
    /// The table holds more for the connection than it queued.
    more: AtomicBool,
    /// Why the table closed the connection.
    closed: Mutex<Option<ErrorCode>>,
}

/// The two ends of a new connection's queue: `queue` messages at once, cut off when more than
/// `behind` events of live play wait for it.
pub fn pipe(queue: usize, behind: usize) -> (Outlet, Inlet) {
    let queue = queue.max(2);
    let (sink, messages) = mpsc::channel(queue);
    let shared = Arc::new(Shared::default());
    let outlet = Outlet { sink, shared: Arc::clone(&shared), queue, behind };
    (outlet, Inlet { messages, shared })
}

/// The table's end of a connection's queue.
#[derive(Debug)]
pub struct Outlet {
    sink: Sender<Arc<Frame>>,
    shared: Arc<Shared>,
    queue: usize,
    behind: usize,
}

impl Outlet {
    /// Room in the queue for events, keeping an eighth of it for the messages that are not
    /// (answers accepted, refusals, hints, takeovers) so that those never overflow it.
    fn room(&self, waiting: usize) -> usize {
        self.sink.capacity().saturating_sub(self.queue / 8 + waiting)
    }

    /// Tells the socket task that there is more than was queued.
    fn want_more(&self) {
        self.shared.more.store(true, Ordering::Release);
    }

    /// Closes the connection for `why` once what is queued is taken.
    fn close(self, why: ErrorCode) {
        if let Ok(mut closed) = self.shared.closed.lock() {
            *closed = Some(why);
        }
    }
}

/// A socket task's end of its connection's queue.
#[derive(Debug)]
pub struct Inlet {
    messages: Receiver<Arc<Frame>>,
    shared: Arc<Shared>,
}

impl Inlet {
    /// Waits for the next messages and takes every one queued, at most `max`, into `out`: how
    /// many; 0 once the table has closed the connection and everything it queued was taken.
    /// Cancel-safe.
    pub async fn recv_many(&mut self, out: &mut Vec<Arc<Frame>>, max: usize) -> usize {
        self.messages.recv_many(out, max.max(1)).await
    }

    /// A queued message, if there is one.
    pub fn try_recv(&mut self) -> Option<Arc<Frame>> {
        self.messages.try_recv().ok()
    }

    /// Whether the table holds more for this connection than it queued and the queue is empty:
    /// then the socket task asks the table for the rest. True once per time the table said so.
    pub fn wants_more(&self) -> bool {
        self.messages.is_empty() && self.shared.more.swap(false, Ordering::AcqRel)
    }

    /// Why the table closed the connection (none while it is open, or when the table simply
    /// stopped).
    pub fn closed_because(&self) -> Option<ErrorCode> {
        self.shared.closed.lock().ok().and_then(|c| *c)
    }
}

/// A player's open prompt, as its connections are shown it.
#[derive(Clone, Copy, Debug)]
pub(super) struct PromptShown<'a> {
    /// The decision.
    pub decision: usize,
    /// Its options.
    pub options: &'a [Action],
    /// Milliseconds left, the bank included.
    pub deadline_ms: u64,
    /// The bank.
    pub bank_ms: u64,
}

/// The frames of events shown alike to several connections, made once in a flush.
#[derive(Debug, Default)]
pub(super) struct Frames {
    /// Each public event's frame, by sequence number.
    events: Vec<(usize, Arc<Frame>)>,
}

impl Frames {
    /// The frame of public event `seq` (`event`), made the first time it is asked for.
    fn event(&mut self, seq: usize, event: &Event) -> Arc<Frame> {
        if let Some((_, f)) = self.events.iter().rev().find(|(s, _)| *s == seq) {
            return Arc::clone(f);
        }
        let frame =
            Frame::new(ServerMessage::Event { seq: seq as u64, event: Box::new(event.clone()) });
        self.events.push((seq, Arc::clone(&frame)));
        frame
    }
}

/// What the table shows its connections now.
pub(super) struct Source<'a> {
    /// The match.
    pub driver: &'a Driver,
    /// Its rules.
    pub rules: &'a Rules,
    /// Events the players may be sent.
    pub released: usize,
    /// Events the spectators may be sent (after their delay).
    pub ripe: usize,
    /// Each player's open prompt, when its connections are to be shown it (by player; none
    /// for the fourth at a three-player table).
    pub prompts: [Option<PromptShown<'a>>; 4],
}

impl Source<'_> {
    /// How far `who` may be sent.
    fn upto(&self, who: Who) -> usize {
        match who {
            Who::Player(_) => self.released,
            Who::Spectator => self.ripe,
        }
    }
}

/// A connection as the table knows it.
#[derive(Debug)]
pub(super) struct Connection {
    /// Who it is.
    pub who: Who,
    /// The next event to queue for it.
    pub next_seq: usize,
    /// Where play stood when it connected: the events before are its backlog, and only the
    /// events after count against its limit.
    live_from: usize,
    /// The decision its player was prompted for.
    pub prompted: Option<usize>,
    /// For a spectator: the first event of the current hand not yet revealed.
    revealed: usize,
    /// Messages for it, sent once the records are stored.
    outbox: Vec<Arc<Frame>>,
    /// Why it is cut off: it is sent what it has, then closed.
    cut: Option<ErrorCode>,
    outlet: Outlet,
}

/// What became of a connection's messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Delivered {
    /// Queued.
    Open,
    /// Its socket task is gone.
    Gone,
    /// Cut off, and closed.
    Cut,
}

impl Connection {
    /// A connection of `who` that resumes at event `next_seq` of `record`, where play stands
    /// at `upto` for it.
    pub fn new(who: Who, next_seq: usize, upto: usize, record: &[Event], outlet: Outlet) -> Self {
        // A spectator is revealed the whole hand it resumes in, from the deal.
        let revealed = record[..next_seq.min(record.len())]
            .iter()
            .rposition(|e| matches!(e, Event::EndKyoku))
            .map_or(0, |i| i + 1);
        Connection {
            who,
            next_seq,
            live_from: upto,
            prompted: None,
            revealed,
            outbox: Vec::new(),
            cut: None,
            outlet,
        }
    }

    /// Queues a message (sent once the records are stored).
    pub fn push(&mut self, msg: ServerMessage) {
        self.outbox.push(Frame::new(msg));
    }

    /// Queues the events it has not had, as far as its queue has room, and its player's open
    /// prompt once it has every event before it; cuts it off if it is too far behind.
    pub fn flush(&mut self, source: &Source<'_>, frames: &mut Frames) {
        if self.cut.is_some() {
            return;
        }
        let upto = source.upto(self.who);
        let record = source.driver.record();
        while self.next_seq < upto {
            if self.outlet.room(self.outbox.len()) == 0 {
                self.outlet.want_more();
                if upto - self.next_seq.max(self.live_from) > self.outlet.behind {
                    self.cut = Some(ErrorCode::SlowReader);
                }
                return;
            }
            let seq = self.next_seq;
            let event = match self.who {
                Who::Player(p) => source.driver.event_for(p, seq),
                Who::Spectator => source.driver.spectator_event(seq),
            };
            match event {
                Some(Cow::Borrowed(e)) => self.outbox.push(frames.event(seq, e)),
                Some(Cow::Owned(e)) => {
                    self.push(ServerMessage::Event { seq: seq as u64, event: Box::new(e) })
                }
                None => {}
            }
            if let Some(hands) = ready_hands(record, seq, source.rules) {
                self.push(ServerMessage::ShowHands { seq: seq as u64, hands });
            }
            // A spectator sees a hand's tiles once it is over.
            if self.who == Who::Spectator && matches!(record.get(seq), Some(Event::EndKyoku)) {
                let events: Vec<(u64, Event)> = (self.revealed..=seq)
                    .filter_map(|s| {
                        let e = record.get(s)?;
                        e.has_hidden_tiles().then(|| (s as u64, e.clone()))
                    })
                    .filter(|(_, e)| !matches!(e, Event::StartGame { .. }))
                    .collect();
                self.push(ServerMessage::Reveal { events });
                self.revealed = seq + 1;
            }
            self.next_seq = seq + 1;
        }
        let Who::Player(p) = self.who else { return };
        let Some(prompt) = source.prompts[p] else { return };
        if self.prompted != Some(prompt.decision) && self.next_seq >= prompt.decision {
            self.push(ServerMessage::Prompt {
                decision: prompt.decision as u64,
                options: prompt.options.to_vec(),
                deadline_ms: prompt.deadline_ms,
                bank_ms: prompt.bank_ms,
            });
            self.prompted = Some(prompt.decision);
        }
    }

    /// Sends what is queued for it (once the records are stored). A message that finds its
    /// queue full cuts it off (the queue keeps room for everything but events, so only a
    /// reader that stopped gets there): the messages after it are not sent, so its stream
    /// stops without a gap.
    pub fn deliver(&mut self) -> Delivered {
        for msg in self.outbox.drain(..) {
            match self.outlet.sink.try_send(msg) {
                Ok(()) => {}
                Err(TrySendError::Full(_)) => {
                    self.cut = Some(ErrorCode::SlowReader);
                    break;
                }
                Err(TrySendError::Closed(_)) => return Delivered::Gone,
            }
        }
        if self.cut.is_some() {
            Delivered::Cut
        } else {
            Delivered::Open
        }
    }

    /// Closes it, saying why (its socket task sends what was queued first).
    pub fn close(self, why: ErrorCode) {
        self.outlet.close(self.cut.unwrap_or(why));
    }
}
