//! The load generator's core (`examples/load/generator.rs`) against an in-process server: a
//! few tables for a few seconds, at a brisk pace and at once, so that the generator cannot rot.
//! No timing is asserted; the heavy runs are the example's (`cargo run --release -p
//! hupai-server --example load`).

#![cfg(test)]

use crate::common;
// The example reads every field; this test only some.
#[allow(dead_code)]
#[path = "../examples/load/generator.rs"]
mod generator;

use std::time::Duration;

use generator::{Options, Window};

async fn run(pace: Duration, mjai: bool, name: &str) -> generator::Report {
    let db = common::db(name);
    let server = common::start_with(&db.display().to_string(), |c| {
        c.limits.connections_per_address = 1000;
        c.limits.tables_per_minute = 1000;
    })
    .await;
    let options = Options {
        tables: 5,
        pace,
        warmup: Duration::from_millis(200),
        duration: Duration::from_secs(2),
        length: "hand".into(),
        mjai,
        ..Options::default()
    };
    let mut edges = Vec::new();
    let report = generator::drive(&common::base(&server), &options, &mut |w| edges.push(w))
        .await
        .expect("the load runs");
    assert_eq!(edges, [Window::Start, Window::End]);
    report
}

#[tokio::test]
async fn a_few_tables_at_a_brisk_pace_play_without_errors() {
    let r = run(Duration::from_millis(50), false, "load-paced").await;
    assert_eq!(r.errors(), 0, "{:?}", r.messages);
    assert!(r.tables_made >= 5);
    assert!(r.acts > 20, "{} acts", r.acts);
    assert!(!r.latencies_us.is_empty());
    assert!(r.percentile_ms(0.5) <= r.percentile_ms(0.99));
}

#[tokio::test]
async fn instant_tables_finish_hands_and_are_replaced() {
    let r = run(Duration::ZERO, false, "load-instant").await;
    assert_eq!(r.errors(), 0, "{:?}", r.messages);
    assert_eq!(r.takeovers, 0);
    assert!(r.acts > 100, "{} acts", r.acts);
    assert!(r.matches_over > 0 && r.tables_made > 5, "{} matches over", r.matches_over);
}

#[tokio::test]
async fn instant_mjai_bots_over_tcp_play_without_errors() {
    let r = run(Duration::ZERO, true, "load-mjai").await;
    assert_eq!(r.errors(), 0, "{:?}", r.messages);
    assert!(r.acts > 100, "{} decisions", r.acts);
    assert!(r.prompts > r.acts, "every line is answered, the decisions are some of them");
    assert!(r.matches_over > 0, "{} matches over", r.matches_over);
}
