//! The `--hints` panel: shanten, waits, effective tiles with the copies still unseen, and the
//! best discards, from hupai-core's analysis of the human's view.

use hupai_core::{discard_analysis, shanten_with_jokers, ukeire_with_jokers, Counts, Kind};
use hupai_engine::PlayerView;
use hupai_rules::Rules;

use super::tiles::kind_name;

/// What the hint panel shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// Shanten of the hand (-1 complete, 0 ready).
    pub shanten: i8,
    /// With 3n + 1 tiles: the effective tiles (waits when ready) and unseen copies.
    pub effective: Vec<(Kind, u32)>,
    /// With 3n + 2 tiles: the best discards (tile, shanten after, unseen effective copies).
    pub discards: Vec<(Option<Kind>, i8, u32)>,
}

impl Hints {
    /// Analyses `view`'s hand under `rules`.
    pub fn of(view: &PlayerView, rules: &Rules) -> Hints {
        let counts = *view.counts();
        let jokers = view.jokers();
        let melds = view.own_melds().len() as u8;
        let forms = rules.form_set();
        let mut visible = Counts::EMPTY;
        let rivers = view.rivers.iter().flatten().map(|r| r.pai);
        let melded = view.melds.iter().flatten().flat_map(|m| m.tiles().iter().copied());
        let seen = rivers.chain(melded).chain(view.dora_markers.iter().copied());
        for k in seen.filter_map(|p| p.kind()) {
            if visible.get(k) < 4 {
                visible.add(k);
            }
        }
        let unseen = |k: Kind| 4u32.saturating_sub(counts.get(k) as u32 + visible.get(k) as u32);
        let shanten = shanten_with_jokers(&counts, jokers, melds, forms);
        let mut hints = Hints { shanten, ..Hints::default() };
        if view.hand.len() % 3 == 2 {
            let table = discard_analysis(&counts, jokers, melds, forms, &visible);
            hints.discards =
                table.as_slice().iter().take(5).map(|o| (o.discard, o.shanten, o.count)).collect();
        } else {
            let eff = ukeire_with_jokers(&counts, jokers, melds, forms);
            hints.effective = eff.iter().map(|k| (k, unseen(k))).collect();
        }
        hints
    }

    /// The panel as lines of text.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![match self.shanten {
            i8::MIN..=-1 => "complete hand".to_string(),
            0 => "ready (tenpai)".to_string(),
            n => format!("shanten {n}"),
        }];
        if !self.effective.is_empty() {
            let total: u32 = self.effective.iter().map(|e| e.1).sum();
            let label = if self.shanten == 0 { "waits" } else { "effective" };
            out.push(format!("{label}: {total} tiles"));
            let tiles: Vec<String> =
                self.effective.iter().map(|(k, n)| format!("{}x{n}", kind_name(*k))).collect();
            for chunk in tiles.chunks(5) {
                out.push(format!("  {}", chunk.join(" ")));
            }
        }
        if !self.discards.is_empty() {
            out.push("best discards:".into());
            for (k, sh, n) in &self.discards {
                let name = k.map_or("joker".to_string(), kind_name);
                out.push(format!("  {name:<3} shanten {sh}, {n} tiles"));
            }
        }
        out
    }
}
