//! The Wuhan table against the worked examples computed by hand
//! (`tests/data/wuhan_examples.toml`, the arithmetic in each example's comment): every item,
//! the winner's doublings, what each payer pays, or the rule that refuses the win. Each
//! example is a `hupai score` line.

#![cfg(test)]

use hupai_rules::{RulesCache, ScoreError, ScoreLine};
use serde::Deserialize;

#[derive(Deserialize)]
struct Examples {
    example: Vec<Example>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Example {
    line: String,
    #[serde(default)]
    items: Vec<String>,
    #[serde(default)]
    total: u32,
    #[serde(default)]
    by_payer: Option<[u32; 3]>,
    #[serde(default)]
    refused: Option<String>,
}

#[test]
fn worked_examples() {
    let text = include_str!("data/wuhan_examples.toml");
    let examples: Examples = toml::from_str(text).expect("the examples parse");
    let mut rules = RulesCache::default();
    for ex in &examples.example {
        let line: ScoreLine = serde_json::from_str(&ex.line).expect(&ex.line);
        let scored = line.score(&mut rules);
        if let Some(why) = &ex.refused {
            match scored {
                Err(hupai_rules::LineError::Score(ScoreError::Refused(r))) => {
                    assert_eq!(&format!("{r:?}"), why, "{}", ex.line)
                }
                other => panic!("{}: want refused {why}, got {other:?}", ex.line),
            }
            continue;
        }
        let s = scored.unwrap_or_else(|e| panic!("{}: {e}", ex.line));
        let items: Vec<String> = s
            .items
            .iter()
            .map(|i| match i.count {
                1 => i.id.to_string(),
                n => format!("{} x{n}", i.id),
            })
            .collect();
        assert_eq!(items, ex.items, "{}", ex.line);
        assert_eq!(s.total, ex.total, "{}", ex.line);
        assert_eq!(s.payments.by_payer, ex.by_payer, "{}", ex.line);
        let sum: u32 = ex.by_payer.iter().flatten().sum();
        assert_eq!(s.payments.total, sum, "{}", ex.line);
    }
    assert!(examples.example.len() >= 15);
}
