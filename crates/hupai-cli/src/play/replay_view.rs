//! `hupai replay FILE --ui`: a saved game in the play screen, every hand revealed, stepping
//! forward and back (right/left one event, n/p one hand, Home/End, q to leave).

use crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use hupai_engine::Event;
use hupai_rules::{Rules, RulesError};

use super::narrate::narrate;
use super::render::{draw, Screen};
use super::summary::Summary;
use super::table::{Table, Views};

/// A log and where the viewer is in it.
#[derive(Debug)]
pub struct Viewer {
    events: Vec<Event>,
    /// The rules the views read the log with.
    rules: Rules,
    /// The index of the last event shown.
    pub at: usize,
    /// Help shown.
    pub help: bool,
    /// A note on the log (does not replay, ...).
    pub note: Option<String>,
}

impl Viewer {
    /// A viewer over `events` (parsed log lines) with the rules to replay them (by default the
    /// log's own: the rule file it carries, or the rule set it names).
    pub fn new(log: &[(usize, Event)], rules: Option<Rules>) -> Result<Viewer, RulesError> {
        let events: Vec<Event> = log.iter().map(|(_, e)| e.clone()).collect();
        let named = crate::log_rules::rules_of(log).ok();
        let read = match rules.clone().or(named) {
            Some(r) => r,
            None => Rules::preset("riichi")?,
        };
        let result = hupai_engine::replay::replay_events(log, rules, |_, _| {});
        let note = result.err().map(|e| format!("this log does not replay to the end: {e}"));
        Ok(Viewer { events, rules: read, at: 0, help: false, note })
    }

    /// The events up to the current one.
    fn shown(&self) -> &[Event] {
        &self.events[..(self.at + 1).min(self.events.len())]
    }

    /// The views of the log, every hand shown where the log shows it.
    fn views(&self) -> Views {
        Views::for_record(&self.events, &self.rules)
    }

    /// The table after the current event.
    pub fn table(&self) -> Table {
        let mut views = self.views();
        for e in self.shown() {
            // An event that does not follow changes nothing (the note says the log is broken).
            let _ = views.update(e);
        }
        views.table()
    }

    /// Steps by `delta` events.
    pub fn step(&mut self, delta: isize) {
        let last = self.events.len().saturating_sub(1) as isize;
        self.at = (self.at as isize + delta).clamp(0, last) as usize;
    }

    /// Jumps to the start of the next (or previous) hand.
    pub fn hand(&mut self, forward: bool) {
        let is_start = |e: &Event| matches!(e, Event::StartKyoku { .. });
        if forward {
            if let Some(i) = self.events.iter().skip(self.at + 1).position(is_start) {
                self.at += i + 1;
            } else {
                self.at = self.events.len().saturating_sub(1);
            }
        } else {
            let before = self.events[..self.at.min(self.events.len())]
                .iter()
                .rposition(is_start)
                .unwrap_or(0);
            self.at = before;
        }
    }

    /// The hand summary when the current event ends a hand.
    pub fn summary(&self, table: &Table) -> Option<Vec<String>> {
        let e = self.events.get(self.at)?;
        if !matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. } | Event::EndGame { .. }) {
            return None;
        }
        let start =
            self.shown().iter().rposition(|e| matches!(e, Event::StartKyoku { .. })).unwrap_or(0);
        let mut s = Summary { table: table.clone(), ..Summary::default() };
        for e in self.shown().get(start..).unwrap_or(&[]) {
            s.absorb(e);
        }
        Some(s.lines(self.rules.variant, None))
    }

    /// What one frame shows.
    pub fn screen<'a>(&self, table: &'a Table) -> Screen<'a> {
        let from = self.at.saturating_sub(40);
        let mut messages: Vec<String> = Vec::new();
        let mut views = self.views();
        for (i, e) in self.shown().iter().enumerate() {
            let _ = views.update(e);
            if i >= from {
                if let Some(line) = narrate(&views.table(), e, None) {
                    messages.extend(line.lines().map(String::from));
                }
            }
        }
        if let Some(n) = &self.note {
            messages.push(n.clone());
        }
        let overlay = if self.help {
            Some(("help".to_string(), replay_help()))
        } else {
            self.summary(table).map(|l| ("end of the hand".to_string(), l))
        };
        Screen {
            table: Some(table),
            // Player 0 at the bottom, wherever the seats rotated to (MCR).
            me: table.seat_of_player(0),
            reveal: true,
            messages,
            overlay,
            title: format!("hupai replay {}/{}", self.at + 1, self.events.len()),
            status: " ←/→ step · n/p next/previous hand · Home/End · ? help · q quit".into(),
            ..Screen::default()
        }
    }
}

fn replay_help() -> Vec<String> {
    [
        "right / space   one event forward      left / Backspace  one event back",
        "n / PageDown    next hand              p / PageUp        previous hand",
        "Home / End      start / end            q / Esc           leave",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Shows the log full-screen until the viewer leaves.
pub fn run(log: &[(usize, Event)], rules: Option<Rules>) -> std::io::Result<()> {
    let mut viewer = Viewer::new(log, rules).map_err(std::io::Error::other)?;
    let mut terminal = ratatui::init();
    let result = (|| -> std::io::Result<()> {
        loop {
            let table = viewer.table();
            terminal.draw(|f| draw(f, &viewer.screen(&table)))?;
            let TermEvent::Key(key) = event::read()? else { continue };
            if key.kind == KeyEventKind::Release {
                continue;
            }
            if viewer.help {
                viewer.help = false;
                continue;
            }
            match key.code {
                KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                    return Ok(())
                }
                KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                KeyCode::Right | KeyCode::Char(' ') | KeyCode::Enter => viewer.step(1),
                KeyCode::Left | KeyCode::Backspace => viewer.step(-1),
                KeyCode::Char('n') | KeyCode::PageDown => viewer.hand(true),
                KeyCode::Char('p') | KeyCode::PageUp => viewer.hand(false),
                KeyCode::Home => viewer.at = 0,
                KeyCode::End => viewer.step(isize::MAX / 2),
                KeyCode::Char('?') => viewer.help = true,
                _ => {}
            }
        }
    })();
    ratatui::restore();
    result
}
