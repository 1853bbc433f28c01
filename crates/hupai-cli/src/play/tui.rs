//! The full-screen loop: draws the [`App`], reads keys without blocking, lets the session
//! move on (a local match paces its AI moves, `--speed`; online, the table's messages are read
//! as they come and the clock shown), and restores the terminal on every way out (quit,
//! Ctrl-C, a panic: the panic hook of `ratatui::init` restores it).

use std::time::{Duration, Instant};

use crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind};
use hupai_engine::Action;
use ratatui::DefaultTerminal;

use super::app::App;
use super::commands::{self, Command, CommandError};
use super::keys::{help_lines, intent, Intent};
use super::render::{draw, Screen};

/// What the UI holds besides the game.
#[derive(Debug, Default)]
pub struct UiState {
    /// Selected tile of the hand.
    pub selected: usize,
    /// The command line, while typing.
    pub prompt: Option<String>,
    /// Help shown.
    pub help: bool,
    /// Asking whether to quit.
    pub confirm_quit: bool,
    /// A choice between several calls (chi shapes, kans), picked with 1-9.
    pub choosing: Option<Vec<Action>>,
    /// The message lines.
    pub messages: Vec<String>,
    /// Show the hint panel.
    pub hints: bool,
    /// Draw glyphs.
    pub glyphs: bool,
    /// The title bar's text (default `hupai play`).
    pub title: Option<String>,
    /// The decision the UI last saw open (a choice being made ends with it).
    pub decision: Option<u64>,
}

/// Builds the frame's contents from the app and the UI state.
pub fn screen<'a>(app: &'a mut App, ui: &UiState) -> Screen<'a> {
    let me = app.human_seat();
    let options = app.human_options().to_vec();
    let mut options_line = if let Some(choice) = &ui.choosing {
        choice
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{} {}", i + 1, commands::label(a)))
            .collect::<Vec<_>>()
            .join("  ")
            + "  (Esc: back)"
    } else {
        commands::choices(&options).join("  ")
    };
    if let Some(claim) = app.claim_text().filter(|_| ui.choosing.is_none()) {
        options_line = format!("{claim}:  {options_line}");
    }
    if options.iter().any(|a| matches!(a, Action::Discard { .. })) {
        options_line = if options_line.is_empty() {
            "Enter discard".into()
        } else {
            format!("Enter discard  {options_line}")
        };
    }
    let hints = (ui.hints && app.summary.is_none() && !app.watching()).then(|| {
        let hint = app.hint();
        let mut lines = hint.as_ref().map(super::hints::lines).unwrap_or_default();
        if let Some(s) = hint.and_then(|h| h.suggestion) {
            lines.push(String::new());
            lines.push(format!("AI: {}", commands::label(&s.action)));
            lines.push(format!("  {}", s.reason));
        }
        lines
    });
    let now = Instant::now();
    let clock = app.clock().map(|c| (c.text(now), c.urgent(now)));
    let overlay = if ui.confirm_quit {
        let mut lines = vec!["Quit this match? y / n".to_string()];
        if app.is_live() && !app.watching() && !app.is_over() {
            lines.push("(an AI plays your seat while you are away;".into());
            lines.push(" the same link brings you back)".into());
        }
        Some(("quit?".to_string(), lines))
    } else if ui.help {
        Some(("help".to_string(), help_lines()))
    } else {
        app.summary.as_ref().map(|s| {
            let mut lines = s.lines(app.rules.variant, app.me());
            lines.push(String::new());
            if let Some((left, _)) = &clock {
                lines.push(format!("The table waits for you: {left} left."));
            }
            lines.push(
                if app.is_over() {
                    "Enter: leave"
                } else if app.is_live() {
                    "Enter: back to the table"
                } else {
                    "Enter: next hand"
                }
                .into(),
            );
            (if app.is_over() { "end of the match" } else { "end of the hand" }.to_string(), lines)
        })
    };
    // While the summary shows, the table stays as the hand ended (watching: with every
    // hand shown once the server reveals them).
    let (table, me) = match &app.summary {
        Some(s) => (&s.table, s.table.seat_of_player(app.player().unwrap_or(0) as u8)),
        None => (&app.table, me),
    };
    let options = if app.summary.is_some() { Vec::new() } else { options };
    let options_line = if app.summary.is_some() { String::new() } else { options_line };
    let tiles = table.seats[me.index()].concealed();
    Screen {
        table: Some(table),
        me,
        reveal: app.watching() && app.summary.is_some(),
        watching: app.watching(),
        clock: if app.summary.is_some() { None } else { clock },
        selected: (!options.is_empty()
            && options.iter().any(|a| matches!(a, Action::Discard { .. })))
        .then_some(ui.selected.min(tiles.saturating_sub(1))),
        options: options_line,
        status_note: match (app.connection_note(), app.taken_over()) {
            (Some(note), _) => Some(note),
            (None, true) => Some("an AI plays your seat: b or Enter takes it back".into()),
            (None, false) => None,
        },
        messages: ui.messages.clone(),
        hints,
        overlay,
        prompt: ui.prompt.clone(),
        glyphs: ui.glyphs,
        title: ui.title.clone().unwrap_or_else(|| "hupai play".into()),
        status: if app.watching() {
            " watching · Enter next · ? help · q quit".into()
        } else {
            // n (kita) only where Norths are set aside, at a three-player table.
            let keys = if app.table.seating.count() == 3 { "p k h r n" } else { "p c k h r" };
            format!(
                " ←/→ 1-9 a-e select · Enter discard · {keys} space · : command · ? help · q quit"
            )
        },
    }
}

/// Runs the full-screen game until the match ends or the player quits.
pub fn run(app: &mut App, ui: &mut UiState) -> anyhow::Result<()> {
    let mut terminal = ratatui::init();
    let result = event_loop(&mut terminal, app, ui);
    ratatui::restore();
    result
}

/// How often an online game looks at the table and redraws its clock.
const TICK: Duration = Duration::from_millis(100);

fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    ui: &mut UiState,
) -> anyhow::Result<()> {
    loop {
        pull_feed(app, ui);
        terminal.draw(|f| draw(f, &screen(app, ui)))?;
        // A local match waits while an overlay is up; an online one goes on.
        let blocked = app.summary.is_some() || ui.confirm_quit || ui.help;
        let moving = !blocked || app.is_live();
        let wait = match (app.is_live(), moving) {
            (true, _) => TICK,
            (false, true) => app.wake_in().unwrap_or(Duration::from_millis(250)),
            (false, false) => Duration::from_millis(250),
        };
        if event::poll(wait)? {
            match event::read()? {
                TermEvent::Key(key)
                    if key.kind != KeyEventKind::Release && handle_key(app, ui, key) =>
                {
                    return Ok(());
                }
                _ => {}
            }
            continue;
        }
        if moving {
            app.poll(Duration::ZERO)?;
        }
        if !blocked {
            // A forced move (after riichi: the drawn tile goes) is played for the player.
            let options = app.human_options().to_vec();
            if let [only @ Action::Discard { .. }] = options.as_slice() {
                if let Err(e) = app.act(*only) {
                    ui.messages.push(format!("! {e}"));
                }
            }
        }
    }
}

fn pull_feed(app: &mut App, ui: &mut UiState) {
    if app.decision() != ui.decision {
        ui.decision = app.decision();
        ui.choosing = None;
    }
    let feed = app.take_feed();
    for line in feed {
        if line.starts_with("you draw ") {
            // The drawn tile is selected: Enter discards it.
            let me = app.human_seat().index();
            ui.selected = app.table.seats[me].concealed().saturating_sub(1);
        }
        for l in line.lines() {
            ui.messages.push(l.to_string());
        }
    }
    let n = ui.messages.len();
    if n > 50 {
        ui.messages.drain(..n - 50);
    }
}

fn play(app: &mut App, ui: &mut UiState, result: Result<Action, CommandError>) {
    let action = match result {
        Ok(a) => a,
        Err(CommandError::Which(_)) => return,
        Err(e) => {
            ui.messages.push(format!("! {e}"));
            return;
        }
    };
    ui.choosing = None;
    if let Err(e) = app.act(action) {
        ui.messages.push(format!("! {e}"));
    }
}

/// Handles a key; true when the UI should close.
pub fn handle_key(app: &mut App, ui: &mut UiState, key: crossterm::event::KeyEvent) -> bool {
    if let Some(p) = ui.prompt.as_mut() {
        match key.code {
            KeyCode::Enter => {
                let line = ui.prompt.take().unwrap_or_default();
                match commands::parse(&line) {
                    Ok(Command::Help) => ui.help = true,
                    Ok(Command::Quit) => ui.confirm_quit = true,
                    Ok(Command::Back) if app.taken_over() => {
                        app.back();
                        ui.messages.push("you say you are back".into());
                    }
                    Ok(Command::Back) => ui.messages.push("! you play your seat already".into()),
                    Ok(cmd) => {
                        let options = app.human_options().to_vec();
                        let r = commands::resolve(&cmd, &options);
                        if let Err(CommandError::Which(w)) = &r {
                            ui.messages.push(format!("which one? {w}"));
                        }
                        play(app, ui, r);
                    }
                    Err(e) => ui.messages.push(format!("! {e}")),
                }
            }
            KeyCode::Esc => ui.prompt = None,
            KeyCode::Backspace => {
                p.pop();
            }
            KeyCode::Char('c')
                if key.modifiers.contains(crossterm::event::KeyModifiers::CONTROL) =>
            {
                return true
            }
            KeyCode::Char(c) => p.push(c),
            _ => {}
        }
        return false;
    }
    let options = app.human_options().to_vec();
    let claiming = options.contains(&Action::Pass);
    let it = intent(key, claiming);
    if it == Intent::Interrupt {
        return true;
    }
    if ui.confirm_quit {
        match key.code {
            KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Enter => return true,
            _ => ui.confirm_quit = false,
        }
        return false;
    }
    if ui.help {
        ui.help = false;
        return false;
    }
    if app.summary.is_some() {
        match it {
            Intent::Confirm | Intent::Pass | Intent::Cancel => {
                app.dismiss_summary();
                return app.is_over();
            }
            Intent::Quit => ui.confirm_quit = true,
            _ => {}
        }
        return false;
    }
    if app.taken_over() && matches!(key.code, KeyCode::Enter | KeyCode::Char('b')) {
        app.back();
        ui.messages.push("you say you are back".into());
        return false;
    }
    if let Some(choice) = ui.choosing.clone() {
        match it {
            Intent::Pick(i) if i < choice.len() => play(app, ui, Ok(choice[i])),
            Intent::Cancel => ui.choosing = None,
            _ => {}
        }
        return false;
    }
    let me = app.human_seat().index();
    let tiles: Vec<_> = {
        let s = &app.table.seats[me];
        s.hand.iter().copied().chain(s.drawn).collect()
    };
    let selected_tile = tiles.get(ui.selected.min(tiles.len().saturating_sub(1))).copied();
    let tile_cmd = |wrap: fn(hupai_core::Kind, bool) -> Command| {
        selected_tile.and_then(|p| p.kind().map(|k| wrap(k, p.is_red())))
    };
    match it {
        Intent::Left => ui.selected = ui.selected.saturating_sub(1),
        Intent::Right => ui.selected = (ui.selected + 1).min(tiles.len().saturating_sub(1)),
        Intent::Pick(i) if i < tiles.len() => ui.selected = i,
        Intent::Confirm => {
            if let Some(cmd) = tile_cmd(Command::Discard) {
                let r = commands::resolve(&cmd, &options);
                play(app, ui, r);
            }
        }
        Intent::Letter(c) => {
            let cmd = match c {
                'p' | 'P' => Command::Pon,
                'c' => Command::Chi(None),
                'k' => Command::Kan(None),
                'h' => Command::Win,
                'n' | 'N' => Command::Kita,
                'r' => match tile_cmd(|k, red| Command::Riichi(Some((k, red)))) {
                    Some(c) => c,
                    None => return false,
                },
                _ => return false,
            };
            let r = commands::resolve(&cmd, &options);
            if let Err(CommandError::Which(_)) = r {
                let fits: Vec<Action> = options
                    .iter()
                    .copied()
                    .filter(|a| match cmd {
                        Command::Chi(_) => matches!(a, Action::Chi(_)),
                        _ => matches!(
                            a,
                            Action::OpenKan | Action::ClosedKan(_) | Action::AddedKan(_)
                        ),
                    })
                    .collect();
                let mut seen = Vec::new();
                let mut distinct = Vec::new();
                for a in fits {
                    let l = commands::label(&a);
                    if !seen.contains(&l) {
                        seen.push(l);
                        distinct.push(a);
                    }
                }
                ui.choosing = Some(distinct);
                return false;
            }
            play(app, ui, r);
        }
        Intent::Pass if claiming => play(app, ui, Ok(Action::Pass)),
        Intent::Prompt => ui.prompt = Some(String::new()),
        Intent::Help => ui.help = true,
        Intent::Quit => ui.confirm_quit = true,
        _ => {}
    }
    false
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use hupai_rules::Rules;

    use super::*;
    use crate::play::local::Config;
    use crate::play::tiles::pai_name;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn new_app() -> App {
        App::local(
            Config {
                rules: Rules::preset("chinese").unwrap(),
                seed: 7,
                opponents: ["defensive"; 3].map(|s| s.parse().unwrap()).to_vec(),
                explain: false,
                single_hand: false,
            },
            std::time::Duration::ZERO,
        )
        .unwrap()
    }

    #[test]
    fn select_and_discard_type_a_command_and_quit_with_confirmation() {
        let mut app = new_app();
        let mut ui = UiState::default();
        let me = app.human_seat().index();
        let third = app.table.seats[me].hand[2];
        assert!(!handle_key(&mut app, &mut ui, key(KeyCode::Char('3'))));
        assert!(!handle_key(&mut app, &mut ui, key(KeyCode::Enter)));
        assert_eq!(app.table.seats[me].river.first().map(|c| c.pai), Some(third));
        while app.human_options().iter().all(|a| !matches!(a, Action::Discard { .. })) {
            if app.summary.is_some() {
                app.dismiss_summary();
            }
            if !app.poll(std::time::Duration::ZERO).unwrap() {
                handle_key(&mut app, &mut ui, key(KeyCode::Char(' ')));
            }
        }
        let first = pai_name(app.table.seats[me].hand[0]);
        let before = app.table.seats[me].river.len();
        handle_key(&mut app, &mut ui, key(KeyCode::Char(':')));
        for c in format!("d {first}").chars() {
            handle_key(&mut app, &mut ui, key(KeyCode::Char(c)));
        }
        handle_key(&mut app, &mut ui, key(KeyCode::Enter));
        assert_eq!(app.table.seats[me].river.len(), before + 1, "{:?}", ui.messages);
        assert!(!handle_key(&mut app, &mut ui, key(KeyCode::Char('q'))));
        assert!(ui.confirm_quit);
        assert!(!handle_key(&mut app, &mut ui, key(KeyCode::Char('n'))));
        assert!(!ui.confirm_quit);
        handle_key(&mut app, &mut ui, key(KeyCode::Char('q')));
        assert!(handle_key(&mut app, &mut ui, key(KeyCode::Char('y'))));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert!(handle_key(&mut app, &mut ui, ctrl_c));
    }

    #[test]
    fn n_sets_a_north_aside_at_a_three_player_table() {
        let mut app = App::local(
            Config {
                rules: Rules::preset("sanma").unwrap(),
                seed: 1,
                opponents: vec!["defensive".parse().unwrap(); 2],
                explain: false,
                single_hand: false,
            },
            std::time::Duration::ZERO,
        )
        .unwrap();
        let mut ui = UiState::default();
        let me = app.human_seat().index();
        // Play on (discarding the drawn tile, passing claims) until kita is offered.
        for _ in 0..20_000 {
            if app.human_options().contains(&Action::Kita) {
                break;
            }
            assert!(!app.is_over(), "no kita offered in a whole match");
            if app.summary.is_some() {
                app.dismiss_summary();
            } else if !app.poll(std::time::Duration::ZERO).unwrap() {
                let o = app.human_options();
                let act = o
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Discard { tsumogiri: true, .. }))
                    .or_else(|| o.iter().copied().find(|a| *a == Action::Pass))
                    .or_else(|| o.first().copied());
                if let Some(a) = act {
                    app.act(a).unwrap();
                }
            }
        }
        let before = app.table.seats[me].kita;
        assert!(!handle_key(&mut app, &mut ui, key(KeyCode::Char('n'))));
        assert_eq!(app.table.seats[me].kita, before + 1, "{:?}", ui.messages);
    }
}
