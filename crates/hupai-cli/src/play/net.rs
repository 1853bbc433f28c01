//! A seat (or a spectator's chair) at a `hupai serve` table, as a [`Session`]. A thread of
//! its own runs the connection ([`hupai_server::client::Resuming`]: it reconnects after a
//! drop with the last event it saw, and sends an answer again if the server asks anew); this
//! side builds the player's [`PlayerView`] from the stream alone, keeps the open prompt with
//! its clock, and turns what the server says besides events (takeovers, refusals, drops)
//! into notices.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use hupai_engine::{legal_options, Action, Event, PlayerView};
use hupai_rules::Rules;
use hupai_server::client::{Patience, Resuming, Update as Wire};
use hupai_server::protocol::{ServerMessage, PROTOCOL};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use super::session::{ActError, Clock, OpenPrompt, Session, SessionError, Update};

/// Where to sit: the server, the table, and the seat's token (none to watch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// `http://HOST:PORT`.
    pub base: String,
    /// The table.
    pub table: String,
    /// The seat's token; none to watch.
    pub token: Option<String>,
}

/// What the connection thread passes on.
#[derive(Debug)]
enum Incoming {
    /// An update, with when it came (the clock of a prompt starts then).
    Wire(Wire, Instant),
    /// The connection ended for good.
    Fatal(String),
    /// The server closed the connection after the end of the match.
    Closed,
}

/// What the UI asks the connection thread.
#[derive(Debug)]
enum Outgoing {
    Act(u64, Action),
    Back,
    Leave,
}

/// A seat at a server's table.
pub struct NetSession {
    at: Place,
    rules: Rules,
    player: Option<usize>,
    view: Option<PlayerView>,
    prompt: Option<OpenPrompt>,
    /// The decision answered, until it passes.
    answered: Option<u64>,
    /// An AI plays the seat now.
    takeover: bool,
    /// The connection is down: why, and when it tries again (only the first drop of a run
    /// of failed tries is told as a notice).
    offline: Option<(String, Instant)>,
    /// The stream so far.
    stream: Vec<Event>,
    /// Updates read before the session was handed over (the opening).
    early: Vec<Update>,
    over: bool,
    closed: bool,
    incoming: Receiver<Incoming>,
    outgoing: UnboundedSender<Outgoing>,
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for NetSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NetSession")
            .field("table", &self.at.table)
            .field("player", &self.player)
            .field("events", &self.stream.len())
            .finish()
    }
}

/// How long the first connection may take to be welcomed.
const WELCOME_WITHIN: Duration = Duration::from_secs(20);

/// Joining a match under way: the pause that ends the burst of its past, and the longest
/// the burst is waited for.
const CATCH_UP_PAUSE: Duration = Duration::from_millis(150);
const CATCH_UP_WITHIN: Duration = Duration::from_secs(2);

impl NetSession {
    /// Connects and waits until the match has started (every seat taken); `waiting` is
    /// called once when it has not started after a second, with what the table waits for.
    pub fn open(
        at: Place,
        patience: Patience,
        mut waiting: impl FnMut(&str),
    ) -> Result<NetSession, SessionError> {
        let (to_ui, incoming) = mpsc::channel();
        let (outgoing, from_ui) = unbounded_channel();
        let thread = {
            let at = at.clone();
            std::thread::Builder::new()
                .name("hupai-connection".into())
                .spawn(move || connection(at, patience, to_ui, from_ui))
                .map_err(|e| SessionError::Connection(e.to_string()))?
        };
        // The welcome.
        let started = Instant::now();
        let player = loop {
            let left = WELCOME_WITHIN.saturating_sub(started.elapsed());
            match incoming.recv_timeout(left) {
                Ok(Incoming::Wire(
                    Wire::Message(ServerMessage::Welcome { player, protocol, .. }),
                    _,
                )) => {
                    if protocol != PROTOCOL {
                        return Err(SessionError::Connection(format!(
                            "the server speaks protocol {protocol}, this client {PROTOCOL}"
                        )));
                    }
                    break player;
                }
                Ok(Incoming::Wire(Wire::Lost { why, .. }, _)) => {
                    return Err(SessionError::Connection(why));
                }
                Ok(Incoming::Fatal(e)) => return Err(SessionError::Connection(e)),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(SessionError::Connection("no welcome from the server".into()))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(SessionError::Connection("the connection thread stopped".into()))
                }
            }
        };
        // The match's first event says its rules.
        let mut told = false;
        let mut before = Vec::new();
        let rules = loop {
            let message = match incoming.recv_timeout(Duration::from_secs(1)) {
                Ok(m) => m,
                Err(RecvTimeoutError::Timeout) => {
                    if !told {
                        waiting("waiting for the match to start: every seat must be taken");
                        told = true;
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(SessionError::Connection("the connection thread stopped".into()))
                }
            };
            match &message {
                Incoming::Wire(Wire::Message(ServerMessage::Event { event, .. }), _) => {
                    let Event::StartGame { rules, rule_set, .. } = &**event else {
                        return Err(SessionError::Stream(format!(
                            "it opens with {}, not start_game",
                            event.type_name()
                        )));
                    };
                    let rules = table_rules(rules, rule_set.as_deref())?;
                    before.push(message);
                    break rules;
                }
                Incoming::Fatal(e) => return Err(SessionError::Connection(e.clone())),
                _ => before.push(message),
            }
        };
        // A match joined late comes as a burst of what happened so far: take it all in
        // before the screen shows anything (up to the open question, or a pause).
        let until = Instant::now() + CATCH_UP_WITHIN;
        while let Ok(message) = incoming.recv_timeout(CATCH_UP_PAUSE) {
            let asked =
                matches!(message, Incoming::Wire(Wire::Message(ServerMessage::Prompt { .. }), _));
            before.push(message);
            if asked || Instant::now() >= until {
                break;
            }
        }
        let mut session = NetSession::with(at, rules, player, incoming, outgoing);
        session.thread = Some(thread);
        let mut early = Vec::new();
        for m in before {
            session.take(m, &mut early)?;
        }
        session.early = early;
        Ok(session)
    }

    /// A session over these channels, before its first event.
    fn with(
        at: Place,
        rules: Rules,
        player: Option<usize>,
        incoming: Receiver<Incoming>,
        outgoing: UnboundedSender<Outgoing>,
    ) -> NetSession {
        let view = player.map(|p| PlayerView::for_player(p, std::sync::Arc::new(rules.clone())));
        NetSession {
            at,
            rules,
            player,
            view,
            prompt: None,
            answered: None,
            takeover: false,
            offline: None,
            stream: Vec::new(),
            early: Vec::new(),
            over: false,
            closed: false,
            incoming,
            outgoing,
            thread: None,
        }
    }

    /// Takes in one message from the connection thread.
    fn take(&mut self, message: Incoming, out: &mut Vec<Update>) -> Result<(), SessionError> {
        let (wire, at) = match message {
            Incoming::Wire(w, at) => (w, at),
            Incoming::Fatal(e) => return Err(SessionError::Connection(e)),
            Incoming::Closed => {
                self.closed = true;
                if !self.over {
                    return Err(SessionError::Connection(
                        "the server closed the connection before the end".into(),
                    ));
                }
                return Ok(());
            }
        };
        let message = match wire {
            Wire::Message(m) => m,
            Wire::Lost { why, retry_in } => {
                if self.offline.is_none() {
                    let when = if retry_in.is_zero() {
                        "at once".to_string()
                    } else {
                        format!("in {:.1} s", retry_in.as_secs_f64())
                    };
                    out.push(Update::Notice(format!(
                        "connection lost ({why}): reconnecting {when}"
                    )));
                }
                self.offline = Some((why, at + retry_in));
                return Ok(());
            }
            Wire::Resumed { after } => {
                self.offline = None;
                let from =
                    after.map_or("from the start".to_string(), |s| format!("after event {s}"));
                out.push(Update::Notice(format!("reconnected: the game goes on {from}")));
                return Ok(());
            }
        };
        match message {
            ServerMessage::Welcome { player, .. } => {
                if player != self.player {
                    return Err(SessionError::Stream(format!(
                        "the server now seats this token as player {player:?}, not {:?}",
                        self.player
                    )));
                }
            }
            ServerMessage::Event { seq, event } => self.event(seq, *event, out)?,
            ServerMessage::Prompt { decision, options, deadline_ms, bank_ms } => {
                if let Some(view) = &self.view {
                    if legal_options(view) != options {
                        out.push(Update::Notice(format!(
                            "(the server's options for decision {decision} differ from this \
                             client's: playing the server's)"
                        )));
                    }
                }
                let clock = Some(Clock { since: at, deadline_ms, bank_ms });
                self.prompt = Some(OpenPrompt { decision, options, clock });
                if self.answered != Some(decision) {
                    self.answered = None;
                }
            }
            ServerMessage::Accepted { .. } | ServerMessage::Pong => {}
            // The web client's help and the ready hands after a draw: this screen does not
            // ask for help, and shows hands from its own view.
            ServerMessage::Hint { .. } | ServerMessage::ShowHands { .. } => {}
            ServerMessage::Takeover { active, .. } => {
                if active == self.takeover {
                    // Told again (after a reconnection, or a rebuilt table): no news.
                    return Ok(());
                }
                self.takeover = active;
                // The AI answers from now on: an open question is gone (the server takes
                // over after a timeout, before the events the default move caused).
                if let Some(p) = self.prompt.take_if(|_| active) {
                    if self.answered != Some(p.decision) {
                        out.push(Update::Notice(
                            "time is up: the table played your default move".to_string(),
                        ));
                    }
                    self.answered = None;
                }
                out.push(Update::Notice(if active {
                    "an AI plays your seat now (time ran out, or you were away): b takes it back"
                        .to_string()
                } else {
                    "you play your seat again".to_string()
                }));
            }
            ServerMessage::Reveal { events } => out.push(Update::Reveal(events)),
            ServerMessage::Error { code, message } => {
                if code.refuses_answer() {
                    // The answer was not taken: ask again if the decision is still open.
                    self.answered = None;
                }
                out.push(Update::Notice(format!("! the server refused ({code}): {message}")));
            }
        }
        Ok(())
    }

    /// Takes in event `seq` of the stream.
    fn event(&mut self, seq: u64, event: Event, out: &mut Vec<Update>) -> Result<(), SessionError> {
        if seq != self.stream.len() as u64 {
            return Err(SessionError::Stream(format!(
                "event {seq} came after event {}",
                self.stream.len() as i64 - 1
            )));
        }
        if let (Some(view), Some(p)) = (self.view.as_mut(), self.player) {
            // The view follows its player when players change seats (MCR).
            if matches!(event, Event::StartKyoku { players: Some(_), .. })
                && event.seat_of_player(p).is_none()
            {
                return Err(SessionError::Stream(format!("event {seq}: player {p} has no seat")));
            }
            view.update(&event).map_err(|e| {
                SessionError::Stream(format!("event {seq} ({}): {e}", event.type_name()))
            })?;
        }
        if let Some(prompt) = self.prompt.take_if(|p| p.decision <= seq) {
            if self.answered != Some(prompt.decision) && !self.takeover {
                out.push(Update::Notice(
                    "time is up: the table played your default move".to_string(),
                ));
            }
            self.answered = None;
        }
        if matches!(event, Event::EndGame { .. }) {
            self.over = true;
        }
        match out.last_mut() {
            Some(Update::Events { first, events, why: None })
                if *first + events.len() as u64 == seq =>
            {
                events.push(event.clone())
            }
            _ => out.push(Update::Events { first: seq, events: vec![event.clone()], why: None }),
        }
        self.stream.push(event);
        Ok(())
    }
}

/// The rules of a table from its `start_game`: the rule file it carries, else the preset it
/// names (never a path on this machine).
fn table_rules(name: &str, rule_set: Option<&str>) -> Result<Rules, SessionError> {
    match rule_set {
        Some(text) => Rules::from_toml_str(text, "the table's rules")
            .map_err(|e| SessionError::Stream(e.to_string())),
        None => Rules::preset(name).map_err(|e| {
            SessionError::Stream(format!("the table plays rules '{name}', unknown here: {e}"))
        }),
    }
}

impl Session for NetSession {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn player(&self) -> Option<usize> {
        self.player
    }

    fn view(&self) -> Option<&PlayerView> {
        self.view.as_ref()
    }

    fn prompt(&self) -> Option<&OpenPrompt> {
        self.prompt.as_ref().filter(|p| self.answered != Some(p.decision))
    }

    fn poll(&mut self, wait: Duration) -> Result<Vec<Update>, SessionError> {
        let mut out = std::mem::take(&mut self.early);
        if self.closed {
            return Ok(out);
        }
        let first = if wait.is_zero() || !out.is_empty() {
            match self.incoming.try_recv() {
                Ok(m) => Some(m),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(Incoming::Closed),
            }
        } else {
            match self.incoming.recv_timeout(wait) {
                Ok(m) => Some(m),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Incoming::Closed),
            }
        };
        let Some(first) = first else { return Ok(out) };
        self.take(first, &mut out)?;
        // Whatever else has come.
        while !self.closed {
            match self.incoming.try_recv() {
                Ok(m) => self.take(m, &mut out)?,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.take(Incoming::Closed, &mut out)?,
            }
        }
        Ok(out)
    }

    fn wake_in(&self) -> Option<Duration> {
        None
    }

    fn is_live(&self) -> bool {
        true
    }

    fn act(&mut self, action: Action) -> Result<Vec<Update>, ActError> {
        let prompt = self.prompt().ok_or(ActError::NotOpen)?;
        if !prompt.options.contains(&action) {
            return Err(ActError::NotAnOption(action));
        }
        let decision = prompt.decision;
        self.outgoing
            .send(Outgoing::Act(decision, action))
            .map_err(|_| ActError::Refused("the connection is closed".into()))?;
        self.answered = Some(decision);
        Ok(Vec::new())
    }

    fn is_over(&self) -> bool {
        self.over
    }

    fn taken_over(&self) -> bool {
        self.takeover
    }

    fn back(&mut self) {
        if self.takeover {
            let _ = self.outgoing.send(Outgoing::Back);
        }
    }

    fn connection_note(&self) -> Option<String> {
        let (why, retry_at) = self.offline.as_ref()?;
        let wait = retry_at.saturating_duration_since(Instant::now());
        Some(if wait.is_zero() {
            format!("offline ({why}): reconnecting...")
        } else {
            format!("offline ({why}): reconnecting in {} s", wait.as_secs() + 1)
        })
    }

    fn record(&self) -> &[Event] {
        &self.stream
    }

    fn rejoin(&self) -> Option<String> {
        let Place { base, table, token } = &self.at;
        Some(match token {
            Some(token) => format!("hupai play --server '{base}/t/{table}#token={token}'"),
            None => format!("hupai play --server {base} --watch {table}"),
        })
    }

    fn leave(&mut self) {
        let _ = self.outgoing.send(Outgoing::Leave);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for NetSession {
    fn drop(&mut self) {
        self.leave();
    }
}

/// The connection thread: the socket and its reconnections, until the UI leaves.
fn connection(
    at: Place,
    patience: Patience,
    to_ui: Sender<Incoming>,
    mut from_ui: UnboundedReceiver<Outgoing>,
) {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            let _ = to_ui.send(Incoming::Fatal(format!("cannot start the network runtime: {e}")));
            return;
        }
    };
    runtime.block_on(async move {
        let opened = Resuming::open(&at.base, &at.table, at.token.as_deref(), patience).await;
        let mut conn = match opened {
            Ok(c) => c,
            Err(e) => {
                let _ = to_ui.send(Incoming::Fatal(e.to_string()));
                return;
            }
        };
        loop {
            tokio::select! {
                update = conn.next() => match update {
                    Ok(Some(u)) => {
                        if to_ui.send(Incoming::Wire(u, Instant::now())).is_err() {
                            break;
                        }
                    }
                    Ok(None) => {
                        let _ = to_ui.send(Incoming::Closed);
                        // Wait for the UI to leave.
                        while let Some(Outgoing::Act(..) | Outgoing::Back) = from_ui.recv().await {}
                        break;
                    }
                    Err(e) => {
                        let _ = to_ui.send(Incoming::Fatal(e.to_string()));
                        break;
                    }
                },
                asked = from_ui.recv() => match asked {
                    Some(Outgoing::Act(decision, action)) => conn.act(decision, action).await,
                    Some(Outgoing::Back) => conn.back().await,
                    Some(Outgoing::Leave) | None => break,
                },
            }
        }
        conn.close().await;
    });
}

#[cfg(test)]
mod tests {
    use hupai_engine::{Driver, Random, Setup};
    use hupai_server::protocol::ErrorCode;

    use super::*;

    /// A session fed by the test instead of a connection thread.
    fn session(
        rules: &Rules,
        player: Option<usize>,
    ) -> (NetSession, Sender<Incoming>, UnboundedReceiver<Outgoing>) {
        let (to_ui, incoming) = mpsc::channel();
        let (outgoing, from_ui) = unbounded_channel();
        let at = Place { base: "http://h:1".into(), table: "t".into(), token: Some("k".into()) };
        (NetSession::with(at, rules.clone(), player, incoming, outgoing), to_ui, from_ui)
    }

    fn wire(m: ServerMessage) -> Incoming {
        Incoming::Wire(Wire::Message(m), Instant::now())
    }

    fn notices(updates: &[Update]) -> Vec<&str> {
        updates
            .iter()
            .filter_map(|u| match u {
                Update::Notice(n) => Some(n.as_str()),
                _ => None,
            })
            .collect()
    }

    /// A match played by a driver standing in for the server: player 2 is the session,
    /// answering its first option; the others random. The view the session builds from
    /// the stream equals the driver's all along, MCR seat changes included.
    #[test]
    fn the_view_is_built_from_the_stream_and_answers_go_out_as_options() {
        for preset in ["riichi", "mcr"] {
            let rules = Rules::preset(preset).unwrap();
            let mut setup = Setup::new(rules.clone(), 3);
            setup.single_hand = preset == "riichi";
            let mut driver = Driver::new(setup);
            let (mut s, tx, mut rx) = session(&rules, Some(2));
            let mut others: Vec<Random> = (0..4).map(Random::new).collect();
            let mut sent = 0;
            let mut answers = 0;
            while !driver.is_over() {
                for seq in sent..driver.record().len() {
                    let event = driver.event_for(2, seq).unwrap().into_owned();
                    tx.send(wire(ServerMessage::Event { seq: seq as u64, event: Box::new(event) }))
                        .unwrap();
                }
                sent = driver.record().len();
                let prompt =
                    driver.prompts().next().map(|p| (p.player, p.decision, p.options.to_vec()));
                let Some((player, decision, options)) = prompt else { break };
                if player == 2 {
                    tx.send(wire(ServerMessage::Prompt {
                        decision: decision as u64,
                        options: options.clone(),
                        deadline_ms: 5000,
                        bank_ms: 0,
                    }))
                    .unwrap();
                }
                let updates = s.poll(Duration::ZERO).unwrap();
                assert!(notices(&updates).is_empty(), "{preset}: {updates:?}");
                assert_eq!(s.view(), Some(driver.view_of(2)), "{preset} at {sent}");
                if player == 2 {
                    let open = s.prompt().expect("the prompt is open");
                    assert_eq!(open.options, options);
                    s.act(options[0]).unwrap();
                    assert!(s.prompt().is_none(), "answered");
                    assert_eq!(s.act(options[0]), Err(ActError::NotOpen));
                    let Ok(Outgoing::Act(d, a)) = rx.try_recv() else { panic!("no answer sent") };
                    assert_eq!((d, a), (decision as u64, options[0]));
                    driver.answer(2, decision, a).unwrap();
                    answers += 1;
                } else {
                    let p = driver.prompts().next().unwrap();
                    let a = hupai_engine::Agent::decide(&mut others[player], p.view, p.options);
                    driver.answer(player, decision, a).unwrap();
                }
            }
            for seq in sent..driver.record().len() {
                let event = driver.event_for(2, seq).unwrap().into_owned();
                tx.send(wire(ServerMessage::Event { seq: seq as u64, event: Box::new(event) }))
                    .unwrap();
            }
            s.poll(Duration::ZERO).unwrap();
            assert!(s.is_over() && answers > 5, "{preset}: {answers} answers");
            assert_eq!(s.record().len(), driver.record().len());
        }
    }

    /// A spectator's wall count, from the draws it sees, equals a seat's all along.
    #[test]
    fn a_spectator_counts_the_wall_as_a_seat_does() {
        use crate::play::app::App;
        for preset in ["riichi", "chinese"] {
            let rules = Rules::preset(preset).unwrap();
            let mut setup = Setup::new(rules.clone(), 5);
            setup.single_hand = true;
            let mut driver = Driver::new(setup);
            let (watcher, tx, _rx) = session(&rules, None);
            let mut agents: Vec<Random> = (0..4).map(Random::new).collect();
            let mut sent = 0;
            tx.send(wire(ServerMessage::Event {
                seq: 0,
                event: Box::new(driver.record()[0].for_spectator()),
            }))
            .unwrap();
            sent += 1;
            let mut app = App::new(Box::new(watcher), 1).unwrap();
            while !driver.is_over() {
                for seq in sent..driver.record().len() {
                    let event = driver.record()[seq].for_spectator();
                    tx.send(wire(ServerMessage::Event { seq: seq as u64, event: Box::new(event) }))
                        .unwrap();
                }
                sent = driver.record().len();
                app.poll(Duration::ZERO).unwrap();
                let want = driver.view_of(0).live_tiles() as usize;
                assert_eq!(app.table.wall_left, Some(want), "{preset} at {sent}");
                let Some(p) = driver.prompts().next() else { break };
                let (player, decision) = (p.player, p.decision);
                let a = hupai_engine::Agent::decide(&mut agents[player], p.view, p.options);
                driver.answer(player, decision, a).unwrap();
            }
        }
    }

    /// The full screen over a seat at a table: the server's options with the clock, then the
    /// AI playing the seat, then the connection down.
    #[test]
    fn the_screen_shows_the_clock_the_takeover_and_the_drop() {
        use ratatui::backend::TestBackend;
        use ratatui::Terminal;

        use crate::play::app::App;
        use crate::play::render::draw;
        use crate::play::tui::{screen, UiState};

        let rules = Rules::preset("riichi").unwrap();
        let mut setup = Setup::new(rules.clone(), 1);
        setup.single_hand = true;
        let driver = Driver::new(setup);
        let (s, tx, _rx) = session(&rules, Some(0));
        let n = driver.record().len();
        for seq in 0..n {
            let event = driver.event_for(0, seq).unwrap().into_owned();
            tx.send(wire(ServerMessage::Event { seq: seq as u64, event: Box::new(event) }))
                .unwrap();
        }
        let options = driver.prompt(0).unwrap().options.to_vec();
        tx.send(wire(ServerMessage::Prompt {
            decision: n as u64,
            options,
            deadline_ms: 25_000,
            bank_ms: 20_000,
        }))
        .unwrap();
        let mut app = App::new(Box::new(s), 1).unwrap();
        let ui = UiState::default();
        let text = |app: &mut App| {
            let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
            terminal.draw(|f| draw(f, &screen(app, &ui))).unwrap();
            let buffer = terminal.backend().buffer().clone();
            let width = buffer.area.width as usize;
            let cells: Vec<&str> = buffer.content.iter().map(|c| c.symbol()).collect();
            cells.chunks(width).map(|row| row.concat()).collect::<Vec<_>>().join("\n")
        };
        let shown = text(&mut app);
        assert!(shown.contains(" [5 s + 20 s bank] options: Enter discard"), "{shown}");
        tx.send(wire(ServerMessage::Takeover { player: 0, active: true })).unwrap();
        app.poll(Duration::ZERO).unwrap();
        let shown = text(&mut app);
        assert!(shown.contains(" an AI plays your seat: b or Enter takes it back"), "{shown}");
        assert!(!shown.contains("[5 s"), "no clock once the question is gone: {shown}");
        tx.send(Incoming::Wire(
            Wire::Lost { why: "reset".into(), retry_in: Duration::from_secs(4) },
            Instant::now(),
        ))
        .unwrap();
        app.poll(Duration::ZERO).unwrap();
        let shown = text(&mut app);
        assert!(shown.contains(" offline (reset): reconnecting in "), "{shown}");
        let feed = app.take_feed();
        assert!(feed.contains(&"connection lost (reset): reconnecting in 4.0 s".to_string()));
    }

    #[test]
    fn refusals_takeovers_timeouts_and_drops_are_told() {
        let rules = Rules::preset("riichi").unwrap();
        let mut setup = Setup::new(rules.clone(), 1);
        setup.single_hand = true;
        let driver = Driver::new(setup);
        let (mut s, tx, mut rx) = session(&rules, Some(0));
        let n = driver.record().len();
        for seq in 0..n {
            let event = driver.event_for(0, seq).unwrap().into_owned();
            tx.send(wire(ServerMessage::Event { seq: seq as u64, event: Box::new(event) }))
                .unwrap();
        }
        let options = driver.prompt(0).unwrap().options.to_vec();
        tx.send(wire(ServerMessage::Prompt {
            decision: n as u64,
            options: options.clone(),
            deadline_ms: 25_000,
            bank_ms: 20_000,
        }))
        .unwrap();
        s.poll(Duration::ZERO).unwrap();
        let clock = s.prompt().and_then(|p| p.clock).expect("a clock");
        assert_eq!(clock.text(clock.since), "5 s + 20 s bank");
        assert!(matches!(s.act(Action::Pass), Err(ActError::NotAnOption(_))));
        s.act(options[0]).unwrap();
        // Refused: asked again.
        tx.send(wire(ServerMessage::error(ErrorCode::Stale, "decision 3 is not open"))).unwrap();
        let updates = s.poll(Duration::ZERO).unwrap();
        assert_eq!(notices(&updates), ["! the server refused (stale): decision 3 is not open"]);
        assert!(s.prompt().is_some(), "a refused answer opens the prompt again");
        // The decision passes without an answer: the server's clock ran out.
        let mut d = driver.clone();
        let send = |d: &Driver, events: std::ops::Range<usize>| {
            for seq in events {
                let event = d.event_for(0, seq).unwrap().into_owned();
                tx.send(wire(ServerMessage::Event { seq: seq as u64, event: Box::new(event) }))
                    .unwrap();
            }
        };
        let events = d.answer(0, n, options[0]).unwrap();
        send(&d, events);
        let updates = s.poll(Duration::ZERO).unwrap();
        assert_eq!(notices(&updates), ["time is up: the table played your default move"]);
        assert!(s.prompt().is_none());
        // The next question runs out too, and an AI takes the seat over: the server says so
        // before it sends what the default move caused.
        while d.prompt(0).is_none() {
            let (p, decision, a) = {
                let p = d.prompts().next().expect("someone decides");
                (p.player, p.decision, p.options[0])
            };
            let events = d.answer(p, decision, a).unwrap();
            send(&d, events);
        }
        let p = d.prompt(0).unwrap();
        tx.send(wire(ServerMessage::Prompt {
            decision: p.decision as u64,
            options: p.options.to_vec(),
            deadline_ms: 5_000,
            bank_ms: 0,
        }))
        .unwrap();
        assert!(notices(&s.poll(Duration::ZERO).unwrap()).is_empty());
        assert!(s.prompt().is_some() && !s.taken_over());
        tx.send(wire(ServerMessage::Takeover { player: 0, active: true })).unwrap();
        tx.send(Incoming::Wire(
            Wire::Lost { why: "reset by peer".into(), retry_in: Duration::from_millis(400) },
            Instant::now(),
        ))
        .unwrap();
        // Failed tries after the drop are not told one by one: the note says it.
        tx.send(Incoming::Wire(
            Wire::Lost {
                why: "cannot reconnect: refused".into(),
                retry_in: Duration::from_secs(3),
            },
            Instant::now(),
        ))
        .unwrap();
        let mut updates = s.poll(Duration::ZERO).unwrap();
        let note = s.connection_note().expect("offline");
        assert!(
            note.starts_with("offline (cannot reconnect: refused): reconnecting in "),
            "{note}"
        );
        tx.send(Incoming::Wire(Wire::Resumed { after: Some(n as u64 - 1) }, Instant::now()))
            .unwrap();
        // Told again that the AI plays: no news.
        tx.send(wire(ServerMessage::Takeover { player: 0, active: true })).unwrap();
        updates.extend(s.poll(Duration::ZERO).unwrap());
        assert_eq!(s.connection_note(), None);
        assert_eq!(
            notices(&updates),
            [
                "time is up: the table played your default move",
                "an AI plays your seat now (time ran out, or you were away): b takes it back",
                "connection lost (reset by peer): reconnecting in 0.4 s",
                &format!("reconnected: the game goes on after event {}", n - 1),
            ]
        );
        assert!(s.prompt().is_none() && s.taken_over());
        while rx.try_recv().is_ok() {} // the answer given above
        s.back();
        assert!(matches!(rx.try_recv(), Ok(Outgoing::Back)), "back goes out");
        tx.send(wire(ServerMessage::Takeover { player: 0, active: false })).unwrap();
        assert_eq!(notices(&s.poll(Duration::ZERO).unwrap()), ["you play your seat again"]);
        assert!(!s.taken_over());
        s.back();
        assert!(rx.try_recv().is_err(), "no back when the seat is played");
        // A gap, or an event that does not fit, ends the session with a clear error.
        let far = ServerMessage::Event { seq: 999, event: Box::new(Event::EndKyoku) };
        tx.send(wire(far)).unwrap();
        let e = s.poll(Duration::ZERO).unwrap_err().to_string();
        assert!(e.contains("event 999 came after event"), "{e}");
        let (mut s, tx, _rx) = session(&rules, Some(0));
        let wrong = driver.event_for(1, 0).unwrap().into_owned();
        tx.send(wire(ServerMessage::Event { seq: 0, event: Box::new(wrong) })).unwrap();
        let deal = driver.event_for(1, 1).unwrap().into_owned();
        tx.send(wire(ServerMessage::Event { seq: 1, event: Box::new(deal) })).unwrap();
        let e = s.poll(Duration::ZERO).unwrap_err().to_string();
        assert!(e.contains("event 1 (start_kyoku)"), "another seat's deal: {e}");
        drop(tx);
        let (mut s, tx, _rx) = session(&rules, Some(0));
        drop(tx);
        let e = s.poll(Duration::ZERO).unwrap_err().to_string();
        assert!(e.contains("closed the connection before the end"), "{e}");
    }
}
