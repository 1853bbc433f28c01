//! Reading input lines from files, arguments or standard input.

use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::Context;

/// The lines of `file`, or of standard input when there is none.
pub fn lines(
    file: Option<&Path>,
) -> anyhow::Result<Box<dyn Iterator<Item = std::io::Result<String>>>> {
    Ok(match file {
        Some(path) => {
            let f = std::fs::File::open(path)
                .with_context(|| format!("cannot open {}", path.display()))?;
            Box::new(BufReader::new(f).lines())
        }
        None => Box::new(std::io::stdin().lock().lines()),
    })
}
