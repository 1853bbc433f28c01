//! Reading input lines from files or standard input, and writing answers in step with them.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;

use anyhow::Context;

/// Calls `each` with every line of `file` (standard input when there is none) and a buffered
/// standard output. The output is flushed whenever the input has nothing more buffered, so a
/// program that writes a line and waits for the answer gets it, while a large batch is
/// written in large blocks; and at the end.
pub fn stream(
    file: Option<&Path>,
    mut each: impl FnMut(&str, &mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let source: Box<dyn Read> = match file {
        Some(path) => Box::new(
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
        ),
        None => Box::new(std::io::stdin()),
    };
    let mut reader = BufReader::with_capacity(1 << 16, source);
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut line = String::new();
    loop {
        if reader.buffer().is_empty() {
            out.flush()?;
        }
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            break;
        }
        each(line.trim_end_matches(['\n', '\r']), &mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// Calls `each` with every item of `items` and a buffered standard output, flushed at the end.
pub fn each_item<T>(
    items: impl IntoIterator<Item = T>,
    mut each: impl FnMut(T, &mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    for item in items {
        each(item, &mut out)?;
    }
    out.flush()?;
    Ok(())
}
