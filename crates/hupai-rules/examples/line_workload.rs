//! A fixed workload of score lines for instruction counts and profiles: every line of a file
//! of JSON score lines (`crates/hupai-py/bench_lines.py write DIR` makes `DIR/mcr.jsonl` and
//! `DIR/riichi.jsonl`) read where it starts and scored, `REPEATS` times (default 1), as
//! `hupai.score_batch` reads and scores a text of JSON lines (the results dropped).
//!
//! ```text
//! cargo build --release -p hupai-rules --example line_workload
//! valgrind --tool=callgrind target/release/examples/line_workload DIR/mcr.jsonl 3
//! ```
//!
//! The difference of two counts (3 and 1 repeats) over twice the lines is the cost a line.

// A measuring program, not library code: a failed setup should stop it at once.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;

use hupai_rules::{RulesCache, ScoreLineRef};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file of score lines");
    let repeats: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(&path).expect("readable");
    let mut cache = RulesCache::default();
    let (mut lines, mut scored) = (0, 0);
    for _ in 0..repeats {
        let mut at = 0;
        while at < text.len() {
            let (line, next) = ScoreLineRef::read_plain_json_line(&text, at).expect("plain line");
            lines += 1;
            scored += usize::from(black_box(line.score(&mut cache)).is_ok());
            at = next;
        }
    }
    println!("{lines} lines, {scored} scored");
}
