//! `--plain`: the game as lines of text, no screen control. Every line the game prints is
//! deterministic for a seed and the commands typed; a question to the player starts with `?`,
//! the command read is echoed after `>`, a refusal starts with `!`. For screen readers,
//! scripts and tests.

use std::io::{BufRead, Write};

use hupai_engine::Action;

use super::app::{explanation_line, App};
use super::commands::{self, Command};
use super::tiles::{names, pai_name};

const PLAIN_HELP: &str = "\
commands: d 5m discard | r 5m riichi discarding 5m | h win | p pon | c 34m chi with 3m 4m
          k kan (k 5m when several) | pass | 9 nine terminals | ? help | q quit
tiles: 1m-9m 1p-9p 1s-9s, 0m 0p 0s red fives, E S W N winds, Wh Gr Rd dragons (1z-7z too)";

fn flush(app: &mut App, out: &mut impl Write) -> std::io::Result<()> {
    for line in app.take_feed() {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Plays until the match ends, the input ends, or the player quits.
pub fn run(
    app: &mut App,
    input: impl BufRead,
    out: &mut impl Write,
    hints: bool,
) -> anyhow::Result<()> {
    let mut lines = input.lines();
    loop {
        flush(app, out)?;
        if let Some(summary) = app.summary.take() {
            let me = app.human_seat();
            for l in summary.lines(app.rules.family, Some(me)) {
                writeln!(out, "{l}")?;
            }
            writeln!(out)?;
            continue;
        }
        if app.is_over() {
            break;
        }
        if app.step_ai()? {
            continue;
        }
        let options = app.human_options().to_vec();
        if options.is_empty() {
            anyhow::bail!("nobody has anything to decide, but the match is not over");
        }
        if let [only @ Action::Discard { .. }] = options.as_slice() {
            writeln!(out, "(the only move: {})", commands::label(only))?;
            app.act(*only)?;
            continue;
        }
        let me = app.human_seat().index();
        let seat = &app.table.seats[me];
        let drawn = seat.drawn.map(|d| format!(" | drawn {}", pai_name(d))).unwrap_or_default();
        writeln!(out, "your hand: {}{drawn}", names(&seat.hand))?;
        if hints {
            for l in app.hints().lines() {
                writeln!(out, "hint: {l}")?;
            }
            if let Some(ex) = app.suggestion() {
                writeln!(
                    out,
                    "hint: AI would play {} ({})",
                    commands::label(&ex.action),
                    explanation_line(&ex)
                )?;
            }
        }
        let mut choices = commands::choices(&options);
        if options.iter().any(|a| matches!(a, Action::Discard { .. })) {
            choices.insert(0, "d TILE discard".into());
        }
        match app.claim_text() {
            Some(claim) => writeln!(out, "? {claim}: {}", choices.join(" | "))?,
            None => writeln!(out, "? {}", choices.join(" | "))?,
        }
        out.flush()?;
        loop {
            let Some(line) = lines.next() else {
                writeln!(out, "end of input: leaving the match")?;
                return Ok(());
            };
            let line = line?;
            writeln!(out, "> {}", line.trim())?;
            match commands::parse(&line) {
                Ok(Command::Help) => {
                    for l in PLAIN_HELP.lines() {
                        writeln!(out, "{l}")?;
                    }
                }
                Ok(Command::Quit) => {
                    writeln!(out, "you leave the match")?;
                    return Ok(());
                }
                Ok(cmd) => match commands::resolve(&cmd, &options) {
                    Ok(action) => {
                        app.act(action)?;
                        break;
                    }
                    Err(e) => writeln!(out, "! {e}")?,
                },
                Err(e) => writeln!(out, "! {e}")?,
            }
            out.flush()?;
        }
    }
    flush(app, out)?;
    out.flush()?;
    Ok(())
}
