//! What the server's advice costs: a hint (`hint` over the WebSocket) at every decision of
//! one player, and the review (复盘) of that player's whole match, with the server's adviser
//! (`search`) and, for comparison in the same run, with `defensive`.
//!
//! ```text
//! cargo run --release -p hupai-server --example advice -- [PRESET] [MATCHES]
//! ```
//!
//! plays MATCHES (3) matches of PRESET (`riichi`: East and South) with four `defensive`
//! agents, then for player 0 of each: every decision's hint timed with each adviser (p50, p99
//! and the slowest, in ms), and the review of the whole match timed (seconds).

use std::time::{Duration, Instant};

use hupai_ai::hint::Hint;
use hupai_ai::Defensive;
use hupai_engine::replay::parse_log;
use hupai_engine::taken::for_each_decision;
use hupai_engine::{play_match, Agent, Setup};
use hupai_rules::Rules;
use hupai_server::analysis::hints::adviser;
use hupai_server::analysis::review::review;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset = args.first().map_or("riichi", String::as_str);
    let matches: u64 = args.get(1).map_or(Ok(3), |a| a.parse())?;
    let rules = Rules::preset(preset)?;
    let mut hints: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut reviews = Vec::new();
    let mut decisions = 0;
    for seed in 0..matches {
        let mut agents: Vec<Box<dyn Agent>> =
            (0..4).map(|_| Box::new(Defensive::new(&rules)) as Box<dyn Agent>).collect();
        let record = play_match(Setup::new(rules.clone(), seed), &mut agents)?;
        let text: String = record.iter().map(|e| e.to_json() + "\n").collect();
        let log = parse_log(&text)?;
        let mut search = adviser(&rules);
        let mut defensive = Defensive::new(&rules);
        for_each_decision(&log, 0, &rules, |d| {
            let advisers: [&mut dyn Agent; 2] = [&mut *search, &mut defensive];
            for (times, a) in hints.iter_mut().zip(advisers) {
                let t = Instant::now();
                std::hint::black_box(Hint::with_adviser(d.view, d.options, a));
                times.push(t.elapsed());
            }
        })?;
        let t = Instant::now();
        let r = review(&text, 0)?;
        reviews.push(t.elapsed());
        decisions += r.total;
        println!(
            "{preset} match {seed}: {} events, {} decisions reviewed in {:.2} s ({} agreed)",
            record.len(),
            r.total,
            reviews[reviews.len() - 1].as_secs_f64(),
            r.agreed
        );
    }
    for (name, times) in ["search", "defensive"].iter().zip(&mut hints) {
        times.sort();
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
        println!(
            "hint with {name}: {} hints, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
    let total: f64 = reviews.iter().map(Duration::as_secs_f64).sum();
    println!(
        "review with search: {} matches, {decisions} decisions, {:.2} s a match on average, slowest {:.2} s",
        reviews.len(),
        total / reviews.len() as f64,
        reviews.iter().max().map_or(0.0, Duration::as_secs_f64)
    );
    Ok(())
}
