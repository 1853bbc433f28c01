//! Rendering tests: seeded positions drawn on ratatui's `TestBackend`, compared cell by cell
//! (text and colours) with the files in `tests/snapshots/`. `UPDATE_SNAPSHOTS=1 cargo test`
//! rewrites them after an intended change.

use hupai_engine::Action;
use hupai_rules::Rules;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;

use super::app::App;
use super::local::Config;
use super::render::draw;
use super::tui::{screen, UiState};

fn app(rules: &str, seed: u64) -> App {
    let rules = Rules::preset(rules).unwrap();
    let others = usize::from(rules.players()) - 1;
    App::local(
        Config {
            rules,
            seed,
            opponents: ["defensive", "efficiency", "defensive"][..others]
                .iter()
                .map(|s| s.parse().unwrap())
                .collect(),
            explain: true,
            single_hand: false,
        },
        std::time::Duration::ZERO,
    )
    .unwrap()
}

/// Plays (the human following the adviser) until `stop` holds before the human's move.
fn play_until(app: &mut App, ui: &mut UiState, mut stop: impl FnMut(&App) -> bool) {
    for _ in 0..5000 {
        for line in app.take_feed() {
            ui.messages.extend(line.lines().map(String::from));
        }
        if stop(app) {
            return;
        }
        assert!(!app.is_over(), "the match ended before the position");
        if app.summary.is_some() {
            app.dismiss_summary();
            continue;
        }
        if app.poll(std::time::Duration::ZERO).unwrap() {
            continue;
        }
        let action = app.suggestion().map(|e| e.action).unwrap();
        app.act(action).unwrap();
    }
    panic!("position not reached");
}

fn colour_code(c: Color) -> char {
    match c {
        Color::Reset => '.',
        Color::Red => 'r',
        Color::Green => 'g',
        Color::Cyan => 'c',
        Color::Yellow => 'y',
        Color::White => 'w',
        Color::Magenta => 'm',
        Color::DarkGray => 'd',
        _ => '?',
    }
}

fn serialise(buf: &Buffer) -> String {
    let area = buf.area;
    let mut text = String::new();
    let mut styles = String::new();
    for y in 0..area.height {
        for x in 0..area.width {
            let cell = &buf[(x, y)];
            text.push_str(cell.symbol());
            let mut c = colour_code(cell.fg);
            if cell.modifier.contains(Modifier::REVERSED) {
                c = c.to_ascii_uppercase();
                if c == '.' {
                    c = '#';
                }
            }
            styles.push(c);
        }
        text.push('\n');
        styles.push('\n');
    }
    format!("{}-- colours (r red, c cyan, g green, y yellow, w white, m magenta, d grey; capitals reversed) --\n{}", text.trim_end_matches('\n').to_string() + "\n", styles)
}

fn check(name: &str, app: &mut App, ui: &UiState, width: u16, height: u16) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| draw(f, &screen(app, ui))).unwrap();
    compare(name, serialise(terminal.backend().buffer()));
}

fn compare(name: &str, got: String) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!("missing snapshot {}; run with UPDATE_SNAPSHOTS=1", path.display())
    });
    if want != got {
        panic!("snapshot {name} changed; got:\n{got}");
    }
}

fn ui() -> UiState {
    UiState::default()
}

#[test]
fn your_turn() {
    let mut app = app("chinese", 7);
    let mut ui = ui();
    play_until(&mut app, &mut ui, |a| {
        a.table.seats.iter().map(|s| s.river.len()).sum::<usize>() >= 12
            && a.human_options().iter().any(|o| matches!(o, Action::Discard { .. }))
    });
    ui.selected = 4;
    check("your_turn", &mut app, &ui, 80, 24);
}

#[test]
fn your_turn_with_hints() {
    let mut app = app("chinese", 7);
    let mut ui = ui();
    ui.hints = true;
    play_until(&mut app, &mut ui, |a| {
        a.table.seats.iter().map(|s| s.river.len()).sum::<usize>() >= 12
            && a.human_options().iter().any(|o| matches!(o, Action::Discard { .. }))
    });
    check("your_turn_hints", &mut app, &ui, 120, 32);
}

#[test]
fn claim_prompt() {
    let mut app = app("chinese", 11);
    let mut ui = ui();
    play_until(&mut app, &mut ui, |a| {
        let o = a.human_options();
        o.contains(&Action::Pass) && o.iter().any(|x| matches!(x, Action::Pon(_) | Action::Chi(_)))
    });
    check("claim_prompt", &mut app, &ui, 80, 24);
}

#[test]
fn end_of_hand_summary() {
    let mut app = app("chinese", 3);
    let mut ui = ui();
    play_until(&mut app, &mut ui, |a| a.summary.as_ref().is_some_and(|s| !s.wins.is_empty()));
    check("end_of_hand", &mut app, &ui, 100, 30);
}

#[test]
fn riichi() {
    let mut app = app("riichi", 5);
    let mut ui = ui();
    play_until(&mut app, &mut ui, |a| {
        a.table.seats.iter().any(|s| s.river.iter().any(|c| c.riichi))
            && a.human_options().iter().any(|o| matches!(o, Action::Discard { .. }))
    });
    check("riichi", &mut app, &ui, 100, 30);
}

#[test]
fn mcr_with_flowers() {
    let mut app = app("mcr", 2);
    let mut ui = ui();
    play_until(&mut app, &mut ui, |a| {
        a.table.seats.iter().any(|s| !s.flowers.is_empty())
            && a.human_options().iter().any(|o| matches!(o, Action::Discard { .. }))
    });
    check("mcr_flowers", &mut app, &ui, 80, 24);
}

#[test]
fn sanma_three_seats_with_kita() {
    // Three-player riichi: two opponents (left, the seat before yours; right, the seat after),
    // no North side, the Norths set aside beside the melds.
    let mut app = app("sanma", 4);
    let mut ui = ui();
    play_until(&mut app, &mut ui, |a| {
        a.table.seats.iter().any(|s| s.kita > 0)
            && a.human_options().iter().any(|o| matches!(o, Action::Discard { .. }))
    });
    assert_eq!(app.table.seating.count(), 3);
    check("sanma_kita", &mut app, &ui, 100, 30);
}

#[test]
fn sanma_end_of_hand_has_three_rows() {
    let mut app = app("sanma", 6);
    let mut ui = ui();
    play_until(&mut app, &mut ui, |a| a.summary.is_some());
    check("sanma_end_of_hand", &mut app, &ui, 100, 32);
}

#[test]
fn too_small() {
    let mut app = app("chinese", 1);
    check("too_small", &mut app, &ui(), 60, 20);
}

#[test]
fn replay_reveals_every_hand_and_steps_both_ways() {
    use super::replay_view::Viewer;
    let mut app = app("riichi", 5);
    let mut ui = ui();
    play_until(&mut app, &mut ui, |a| a.summary.is_some());
    let text: String = app.record().iter().map(|e| e.to_json() + "\n").collect();
    let log = hupai_engine::replay::parse_log(&text).unwrap();
    let mut viewer = Viewer::new(&log, None).unwrap();
    let end = log.iter().position(|(_, e)| matches!(e, hupai_engine::Event::EndKyoku)).unwrap();
    viewer.step(end as isize - 1);
    let table = viewer.table();
    assert!(table.seats.iter().all(|s| s.hand.iter().all(|p| !p.is_hidden())));
    assert!(viewer.summary(&table).is_some(), "the settlement shows its summary");
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal.draw(|f| draw(f, &viewer.screen(&table))).unwrap();
    compare("replay_end_of_hand", serialise(terminal.backend().buffer()));
    viewer.step(-3);
    let earlier = viewer.table();
    viewer.step(3);
    assert_eq!(viewer.table(), table, "stepping back and forth gives the same table");
    assert_ne!(earlier, table);
    viewer.hand(false);
    assert_eq!(viewer.at, 1, "back to the first start_kyoku");
}
