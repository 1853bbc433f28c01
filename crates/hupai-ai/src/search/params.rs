//! `search`'s parameters, set in its spec: `search(budget_ms=10)`, `search(depth=1)`.

use std::fmt;

use hupai_rules::{AfterWin, Rules, Variant};

/// Whether a win leaves the hand to play on (血战到底, where the winner leaves, and 血流成河,
/// where it stays), not ending it.
fn hand_plays_on(rules: &Rules) -> bool {
    rules.after_win != AfterWin::End
}

/// Every parameter: its name and what it does.
pub const SEARCH_PARAMS: [(&str, &str); 8] = [
    (
        "budget_ms",
        "the work a decision may take, in milliseconds of this machine's time (5 by default); \
         counted in hands searched and shape answers, so a seed replays whatever the machine",
    ),
    (
        "depth",
        "how many tiles from ready the recursion is exact (0 to 3; 2 by default): hands further \
         away are estimated",
    ),
    (
        "reach",
        "how many tiles from ready a hand may be for the search to decide (0 to 3; by \
         default 1 where a win does not end the hand (血战到底, 血流成河), 0 elsewhere: \
         ready hands only, and one tile from ready late in the hand, see `late`); further out \
         it plays `defensive`'s choice (see RESULTS.md: at 1 it plays worse in riichi and MCR)",
    ),
    (
        "late",
        "with at most this many tiles left in the live wall the search decides one tile from \
         ready too (0 to 136; 24 by default, the last six go-arounds; 0: never), where few \
         draws are left and its values measured better than `defensive`'s choice",
    ),
    (
        "margin",
        "the points its best option must expect over `defensive`'s choice before the search \
         plays another (0 to 10000; by default 0.5 where a win does not end the hand, 2 in \
         MCR, 0 elsewhere)",
    ),
    (
        "placement",
        "riichi: in the last hand of a match and this many before it, outcomes are valued by \
         their worth to the match score (rank, uma, oka) instead of raw points (-1 to 16; 3 \
         by default, the south round of an east-south match; -1: raw points always)",
    ),
    (
        "single",
        "1: every hand is a whole match, so placement \
         values each as the match's last; 0 by default",
    ),
    (
        "far",
        "1: the discards of a hand too far from ready for the recursion (see `reach`) are \
         valued by playing the hand out over sampled walls; 0 by default: `defensive`'s \
         choice there",
    ),
];

/// Hands the recursion searches per millisecond of budget (measured on the project's
/// 2-core machine; see RESULTS.md).
pub const HANDS_PER_MS: f32 = 100.0;

/// Work units (shanten answers toward one plan; a scored hand counts ten) per millisecond
/// of budget, measured on the project's machine: a riichi decision at a ready hand takes
/// about 30,000 (median) to 220,000 (largest of 40 hands), an MCR one 175,000 to 5,000,000.
pub const WORK_PER_MS: f32 = 10_000.0;

/// Play-outs a decision makes per millisecond of budget: one takes about 4 µs on the
/// project's machine (an exchange of 7.4 options over 148 walls each, 4.4 ms), so the
/// play-outs take about half the budget, leaving the rest to a loaded machine.
pub const PLAYOUTS_PER_MS: f32 = 110.0;

/// The parameters of `search`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// The budget of one decision, in milliseconds.
    pub budget_ms: f32,
    /// Shanten up to which the recursion is exact.
    pub depth: i8,
    /// Shanten up to which the search decides (`None`: the family's default, see
    /// [`SearchParams::reach_in`]).
    pub reach: Option<i8>,
    /// Live-wall tiles at or below which the search decides one tile from ready too.
    pub late: u8,
    /// Points the best option must expect over `defensive`'s choice (`None`: the family's
    /// default, see [`SearchParams::margin_in`]).
    pub margin: Option<f32>,
    /// Hands before a match's last in which outcomes are valued by placement (-1: never).
    pub placement: i8,
    /// Every hand is a whole match.
    pub single: bool,
    /// Hands too far from ready for the recursion are played out over sampled walls.
    pub far: bool,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            budget_ms: 5.0,
            depth: 2,
            reach: None,
            late: 24,
            margin: None,
            placement: 3,
            single: false,
            far: false,
        }
    }
}

impl SearchParams {
    /// How many tiles from ready the search decides under `rules`: as set, else 1 where a
    /// win does not end the hand (Sichuan's 血战到底 and 血流成河) and 0 elsewhere. There the
    /// search's one-tile-from-ready departures from `defensive` gain where its values say they
    /// gain more than half a point (RESULTS.md); elsewhere they lose (riichi, MCR).
    pub fn reach_in(&self, rules: &Rules) -> i8 {
        self.reach.unwrap_or(if hand_plays_on(rules) { 1 } else { 0 })
    }

    /// The margin under `rules`: as set, else half a point where a win does not end the hand
    /// and 2 points in MCR (below them the search's departures there were near ties that
    /// lost; RESULTS.md) and 0 elsewhere.
    pub fn margin_in(&self, rules: &Rules) -> f32 {
        self.margin.unwrap_or(if hand_plays_on(rules) {
            0.5
        } else if rules.variant == Variant::Mcr {
            2.0
        } else {
            0.0
        })
    }

    /// Hands one recursion may search.
    pub fn node_budget(&self) -> usize {
        (self.budget_ms * HANDS_PER_MS).max(1.0) as usize
    }

    /// Walls each of `options` is played out over (换三张, 定缺, `far` discards): the
    /// budget's play-outs shared among them, at least 16 each.
    pub fn playout_walls(&self, options: usize) -> usize {
        ((self.budget_ms * PLAYOUTS_PER_MS) as usize / options.max(1)).max(16)
    }

    /// Work one recursion may do (see [`super::futures::Futures::work`]).
    pub fn work_budget(&self) -> usize {
        (self.budget_ms * WORK_PER_MS).max(1.0) as usize
    }

    /// Sets parameter `key` from text; the error names the parameter and the range.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number: f32 =
            value.parse().map_err(|_| format!("{key}={value}: '{value}' is not a number"))?;
        match key {
            "budget_ms" if number > 0.0 && number <= 60_000.0 => self.budget_ms = number,
            "budget_ms" => {
                return Err(format!("budget_ms={value}: use a number above 0, at most 60000"))
            }
            "depth" if (0.0..=3.0).contains(&number) && number.fract() == 0.0 => {
                self.depth = number as i8
            }
            "depth" => return Err(format!("depth={value}: use a whole number from 0 to 3")),
            "reach" if (0.0..=3.0).contains(&number) && number.fract() == 0.0 => {
                self.reach = Some(number as i8)
            }
            "reach" => return Err(format!("reach={value}: use a whole number from 0 to 3")),
            "late" if (0.0..=136.0).contains(&number) && number.fract() == 0.0 => {
                self.late = number as u8
            }
            "late" => return Err(format!("late={value}: use a whole number from 0 to 136")),
            "margin" if (0.0..=10_000.0).contains(&number) => self.margin = Some(number),
            "margin" => return Err(format!("margin={value}: use a number from 0 to 10000")),
            "placement" if (-1.0..=16.0).contains(&number) && number.fract() == 0.0 => {
                self.placement = number as i8
            }
            "placement" => {
                return Err(format!("placement={value}: use a whole number from -1 to 16"))
            }
            "single" if number == 0.0 || number == 1.0 => self.single = number == 1.0,
            "single" => return Err(format!("single={value}: use 0 or 1")),
            "far" if number == 0.0 || number == 1.0 => self.far = number == 1.0,
            "far" => return Err(format!("far={value}: use 0 or 1")),
            _ => {
                let names: Vec<&str> = SEARCH_PARAMS.iter().map(|p| p.0).collect();
                return Err(format!("unknown parameter '{key}': use {}", names.join(", ")));
            }
        }
        Ok(())
    }
}

impl fmt::Display for SearchParams {
    /// The parameters that differ from the defaults, as `key=value` pairs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = SearchParams::default();
        let mut parts = Vec::new();
        if self.budget_ms != d.budget_ms {
            parts.push(format!("budget_ms={}", self.budget_ms));
        }
        if self.depth != d.depth {
            parts.push(format!("depth={}", self.depth));
        }
        if let Some(reach) = self.reach {
            parts.push(format!("reach={reach}"));
        }
        if self.late != d.late {
            parts.push(format!("late={}", self.late));
        }
        if let Some(margin) = self.margin {
            parts.push(format!("margin={margin}"));
        }
        if self.placement != d.placement {
            parts.push(format!("placement={}", self.placement));
        }
        if self.single != d.single {
            parts.push(format!("single={}", u8::from(self.single)));
        }
        if self.far != d.far {
            parts.push(format!("far={}", u8::from(self.far)));
        }
        f.write_str(&parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_checked_and_named() {
        let mut p = SearchParams::default();
        p.set("budget_ms", "10").unwrap();
        assert_eq!(p.to_string(), "budget_ms=10");
        assert!(p.set("budget_ms", "0").unwrap_err().contains("budget_ms"));
        assert!(p.set("budget_ms", "x").unwrap_err().contains("not a number"));
        assert!(p.set("depth", "4").unwrap_err().contains("depth"));
        assert!(p.set("depth", "1.5").is_err());
        assert!(p
            .set("width", "1")
            .unwrap_err()
            .contains("budget_ms, depth, reach, late, margin, placement, single, far"));
        assert!(p.set("late", "137").unwrap_err().contains("late=137"));
        assert!(p.set("late", "8.5").is_err());
        assert!(p.set("placement", "-2").unwrap_err().contains("placement=-2"));
        assert!(p.set("single", "2").unwrap_err().contains("use 0 or 1"));
        assert!(p.set("far", "0.5").unwrap_err().contains("far=0.5"));
        assert!(p.set("reach", "-1").is_err());
        p.set("margin", "200").unwrap();
        assert_eq!(p.to_string(), "budget_ms=10,margin=200");
        p.set("placement", "-1").unwrap();
        p.set("single", "1").unwrap();
        p.set("late", "0").unwrap();
        p.set("far", "1").unwrap();
        assert_eq!(p.to_string(), "budget_ms=10,late=0,margin=200,placement=-1,single=1,far=1");
    }

    #[test]
    fn reach_and_margin_default_by_the_family() {
        let rules = |name: &str| Rules::preset(name).unwrap();
        let d = SearchParams::default();
        for (preset, reach, margin) in [
            ("sichuan", 1, 0.5),
            ("sichuan-exchange", 1, 0.5),
            ("sichuan-xueliu", 1, 0.5),
            ("riichi", 0, 0.0),
            ("mcr", 0, 2.0),
            ("chinese", 0, 0.0),
            ("guangdong", 0, 0.0),
        ] {
            assert_eq!(d.reach_in(&rules(preset)), reach, "{preset}");
            assert_eq!(d.margin_in(&rules(preset)), margin, "{preset}");
        }
        // Set, they hold in every family, and the name says so.
        let mut p = SearchParams::default();
        p.set("reach", "0").unwrap();
        p.set("margin", "0").unwrap();
        assert_eq!(p.reach_in(&rules("sichuan")), 0);
        assert_eq!(p.margin_in(&rules("sichuan")), 0.0);
        assert_eq!(p.to_string(), "reach=0,margin=0");
        assert_eq!(d.to_string(), "");
    }
}
