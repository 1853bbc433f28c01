//! `defensive`'s personality: the named numbers an agent spec may set, e.g.
//! `defensive(fold=2)` for a cautious player or `defensive(fold=0.5,threat=0.6)` for a bold
//! one. The arena can seat several personalities side by side to measure them.
//!
//! ```
//! use hupai_ai::Params;
//! let mut p = Params::default();
//! p.set("fold", "1.5").unwrap();
//! assert_eq!(p.fold, 1.5);
//! assert!(p.set("fold", "-1").is_err());
//! assert!(p.set("bravery", "1").unwrap_err().contains("fold, threat, reads"));
//! assert_eq!(p.to_string(), "fold=1.5");
//! ```

use std::fmt;

/// Every parameter: its name and what it does.
pub const PARAMS: [(&str, &str); 3] = [
    (
        "fold",
        "how readily it folds: the weight of a deal-in's expected loss against the hand's \
         chance to win (1 by default; 2 folds about twice as readily, 0.5 pushes)",
    ),
    (
        "threat",
        "how ready an opponent must look (0..1; a riichi is 1) before it weighs push against \
         fold at all (default in riichi 0.7 with the learned reads, 0.35 with the written \
         ones; 0.75 in the Chinese families)",
    ),
    (
        "reads",
        "how it reads the opponents: `learned`, the models fitted on self-play \
         (hupai_ai::reads; the default in riichi, where it folds from a threat of 0.7), or \
         `written`, the hand-written danger model (the default elsewhere)",
    ),
];

/// The parameters of `defensive`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Scales the fold weight (see [`PARAMS`]).
    pub fold: f32,
    /// The readiness above which push/fold decides; `None`: the family's default.
    pub threat: Option<f32>,
    /// Reads the opponents with the learned models (`Some(true)`) or the hand-written one;
    /// `None`: the family's default (see [`PARAMS`]).
    pub learned: Option<bool>,
}

impl Default for Params {
    fn default() -> Params {
        Params { fold: 1.0, threat: None, learned: None }
    }
}

impl Params {
    /// Sets parameter `key` from text; the error says what is wrong.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if key == "reads" {
            self.learned = match value {
                "learned" => Some(true),
                "written" => Some(false),
                _ => return Err(format!("reads={value}: use learned or written")),
            };
            return Ok(());
        }
        let number: f32 =
            value.parse().map_err(|_| format!("{key}={value}: '{value}' is not a number"))?;
        match key {
            "fold" if (0.0..=100.0).contains(&number) => self.fold = number,
            "fold" => return Err(format!("fold={value}: use a number from 0 to 100")),
            "threat" if (0.0..=1.0).contains(&number) => self.threat = Some(number),
            "threat" => return Err(format!("threat={value}: use a number from 0 to 1")),
            _ => {
                let names: Vec<&str> = PARAMS.iter().map(|p| p.0).collect();
                return Err(format!("unknown parameter '{key}': use {}", names.join(", ")));
            }
        }
        Ok(())
    }
}

impl fmt::Display for Params {
    /// The parameters that differ from the defaults, as `key=value` pairs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.fold != 1.0 {
            parts.push(format!("fold={}", self.fold));
        }
        if let Some(t) = self.threat {
            parts.push(format!("threat={t}"));
        }
        match self.learned {
            Some(true) => parts.push("reads=learned".to_string()),
            Some(false) => parts.push("reads=written".to_string()),
            None => {}
        }
        f.write_str(&parts.join(","))
    }
}
