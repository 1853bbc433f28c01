//! Keys of the full-screen UI and what they mean.
//!
//! ```text
//! left/right, 1-9 a-e   select a tile        Enter   discard the selected tile
//! p pon   c chi   k kan   h win   r riichi with the selected tile   n kita   space pass
//! :       type a command (d 5m, c 34m, ...)  ?       help      q  quit (asks first)
//! ```

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Move the selection left.
    Left,
    /// Move the selection right.
    Right,
    /// Select the tile at this position (or pick this choice when choosing).
    Pick(usize),
    /// Enter: discard the selected tile, or confirm.
    Confirm,
    /// A call or a move by its command letter (`p`, `c`, `k`, `h`, `r`).
    Letter(char),
    /// Space: pass.
    Pass,
    /// `:` opens the command line.
    Prompt,
    /// `?` toggles the help.
    Help,
    /// `q` asks to quit.
    Quit,
    /// Ctrl-C: quit now.
    Interrupt,
    /// Escape: close whatever is open.
    Cancel,
    /// Replay: back one step / forward one step / previous or next hand.
    Back,
    /// Nothing.
    None,
}

/// The intent of a key outside the command line; while `claiming` (someone else's discard)
/// `c` means chi, on your own turn it selects the twelfth tile.
pub fn intent(key: KeyEvent, claiming: bool) -> Intent {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Intent::Interrupt;
    }
    match key.code {
        KeyCode::Left => Intent::Left,
        KeyCode::Right => Intent::Right,
        KeyCode::Backspace => Intent::Back,
        KeyCode::Enter => Intent::Confirm,
        KeyCode::Esc => Intent::Cancel,
        KeyCode::Char(' ') => Intent::Pass,
        KeyCode::Char(':') => Intent::Prompt,
        KeyCode::Char('?') => Intent::Help,
        KeyCode::Char('q') => Intent::Quit,
        KeyCode::Char('c') if claiming => Intent::Letter('c'),
        KeyCode::Char(c @ '1'..='9') => Intent::Pick(c as usize - '1' as usize),
        KeyCode::Char(c @ 'a'..='e') => Intent::Pick(c as usize - 'a' as usize + 9),
        KeyCode::Char(c @ ('p' | 'k' | 'h' | 'r' | 'n' | 'N' | 'P')) => Intent::Letter(c),
        KeyCode::Char('C') => Intent::Letter('c'),
        _ => Intent::None,
    }
}

/// The help overlay.
pub fn help_lines() -> Vec<String> {
    [
        "left/right or 1-9, a-e   select a tile",
        "Enter                    discard the selected tile",
        "r                        riichi, discarding the selected tile",
        "h                        win (tsumo or ron)",
        "p / c / k                pon / chi / kan (c is chi when you may claim)",
        "n                        kita: set a North aside (three-player riichi)",
        "space                    pass",
        ":                        type a command: d 5m, r 5m, h, p, c 34m, k, k 5m, kita, pass",
        "?                        this help        q  quit (asks first)",
        "b                        online, when an AI plays your seat: take it back",
        "",
        "tiles: 1m-9m characters, 1p-9p dots, 1s-9s bamboo, 0m/0p/0s red fives,",
        "E S W N winds, Wh Gr Rd dragons, f1-f8 flowers",
        "rivers: 5m* riichi discard, 5m' called by another seat;",
        "melds: [3m 4m 5m]<w  the first tile was called from West",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}
