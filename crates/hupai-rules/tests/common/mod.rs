//! Helpers shared by the MCR data tests: reading fixture lines, comparing fans with the
//! reference's.

#![allow(dead_code)]

use hupai_core::{Hand, Kind, Seat};
use hupai_rules::{score, Rules, Score, ScoreError, WinContext};

/// One fixture hand with the reference's fans.
#[derive(Debug, Clone)]
pub struct Case {
    /// The fixture line.
    pub line: String,
    /// The hand (win tile among the concealed tiles).
    pub hand: Hand,
    /// The situation.
    pub ctx: WinContext,
    /// The reference's fans: Chinese name and count, in its order (flowers included).
    pub fans: Vec<(String, u32)>,
}

fn seat(s: &str) -> Seat {
    Seat::from_index(s.parse().expect("wind index")).expect("wind 0..3")
}

/// Parses a fixture line (see `tests/data/mcr_fixture.py`).
pub fn parse_line(line: &str) -> Case {
    let f: Vec<&str> = line.split('\t').collect();
    assert_eq!(f.len(), 7, "bad fixture line: {line}");
    let hand: Hand = f[0].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
    let win: Kind = f[1].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
    let flags = f[2];
    let self_drawn = flags.contains('s');
    let mut ctx = WinContext::new(win, self_drawn);
    ctx.fourth_tile = flags.contains('4');
    if flags.contains('k') {
        if self_drawn {
            ctx.replacement = true;
        } else {
            ctx.robbing_kong = true;
        }
    }
    ctx.last_tile = flags.contains('l');
    ctx.seat_wind = seat(f[3]);
    ctx.round_wind = seat(f[4]);
    ctx.flowers = f[5].parse().expect("flowers");
    let fans = f[6]
        .split(',')
        .map(|item| {
            let (name, count) = item.split_once('*').expect("name*count");
            (name.to_string(), count.parse().expect("count"))
        })
        .collect();
    Case { line: line.to_string(), hand, ctx, fans }
}

/// The fans of a score as (Chinese name, count).
pub fn fans_of(score: &Score) -> Vec<(String, u32)> {
    score.items.iter().map(|i| (i.local_name().to_string(), i.count)).collect()
}

/// Scores `case` under MCR and compares with the reference; returns a message on mismatch.
pub fn check(rules: &Rules, case: &Case) -> Result<(), String> {
    let result: Result<Score, ScoreError> = score(rules, &case.hand, &case.ctx);
    match result {
        Ok(s) => {
            let got = fans_of(&s);
            if got != case.fans {
                return Err(format!(
                    "{}\n  got      {:?}\n  expected {:?}",
                    case.line, got, case.fans
                ));
            }
            let expected_total: u32 = s.items.iter().map(|i| i.value * i.count).sum();
            if s.total != expected_total {
                return Err(format!("{}: total {} != {}", case.line, s.total, expected_total));
            }
            Ok(())
        }
        Err(e) => Err(format!("{}: error {e}", case.line)),
    }
}
