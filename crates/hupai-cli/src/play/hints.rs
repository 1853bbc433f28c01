//! The `--hints` panel: the hint hupai-ai computes from the player's view ([`Hint`]: shanten,
//! waits or effective tiles with the copies still unseen, the best discards, the adviser's
//! suggestion), rendered as lines of text.

use hupai_ai::hint::Hint;

use super::tiles::{kind_name, pai_name};

/// The panel's lines for `hint` (the suggestion apart: the caller places it).
pub fn lines(hint: &Hint) -> Vec<String> {
    let mut out = vec![match hint.shanten {
        i8::MIN..=-1 => "complete hand".to_string(),
        0 => "ready (tenpai)".to_string(),
        n => format!("shanten {n}"),
    }];
    if !hint.waits.is_empty() {
        let total: u32 = hint.waits.iter().map(|w| w.left).sum();
        let label = if hint.shanten == 0 { "waits" } else { "effective" };
        out.push(format!("{label}: {total} tiles"));
        let tiles: Vec<String> = hint
            .waits
            .iter()
            .map(|w| {
                format!("{}x{}", w.pai.kind().map_or_else(|| pai_name(w.pai), kind_name), w.left)
            })
            .collect();
        for chunk in tiles.chunks(5) {
            out.push(format!("  {}", chunk.join(" ")));
        }
    }
    if !hint.discards.is_empty() {
        out.push("best discards:".into());
        for d in hint.discards.iter().take(5) {
            let name = d.pai.and_then(|p| p.kind()).map_or("joker".to_string(), kind_name);
            out.push(format!("  {name:<3} shanten {}, {} tiles", d.shanten, d.count));
        }
    }
    out
}
