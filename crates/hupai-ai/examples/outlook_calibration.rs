//! How well the search's outlook predicts the others' wins, go-around by go-around: plays
//! hands of four `defensive`, reads the table at each of seat 0's turns as `search` would
//! ([`Outlook`]), and compares, for every go-around ahead that seat 0 was still in, the
//! expected number of other seats' wins (not on seat 0's discard) with the wins that came:
//! `outlook_calibration RULES HANDS SEED [MODEL.json]` (the shipped reads without a file).

// A measuring program, not library code: a failed setup should stop it at once.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hupai_ai::reads::Reads;
use hupai_ai::search::opponents::OpponentModel;
use hupai_ai::search::outlook::Outlook;
use hupai_ai::search::placement::Placement;
use hupai_ai::Situation;
use hupai_engine::{Agent, Decision, Driver, Event, Setup};
use hupai_rules::Rules;

/// Turn groups at the decision and go-around groups ahead.
const TURNS: [(u32, u32); 4] = [(0, 4), (4, 8), (8, 12), (12, 30)];
const AHEAD: [(usize, usize); 4] = [(0, 3), (3, 6), (6, 10), (10, 40)];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = args.get(1).map_or("riichi", String::as_str);
    let hands: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seed0: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let rules = Rules::preset(preset).expect("preset");
    let model = match args.get(4) {
        Some(path) => OpponentModel::learned(
            Reads::from_json(&std::fs::read_to_string(path).expect("model file")).expect("model"),
        ),
        None => OpponentModel::for_rules(&rules),
    };
    // [turn group][ahead group]: (predicted wins, observed wins, go-arounds).
    let mut cells = [[(0.0f64, 0.0f64, 0u64); 4]; 4];
    // By turn group: expected other wins to the wall's end (as read) against those seen,
    // over decisions whose hand seat 0 did not leave by winning.
    let mut totals = [(0.0f64, 0.0f64, 0u64); 4];
    for h in 0..hands {
        let seed = seed0 * 1_000_003 + h;
        let mut setup = Setup::new(rules.clone(), seed);
        setup.single_hand = true;
        let mut driver = Driver::new(setup);
        let mut agents: Vec<Box<dyn Agent>> =
            (0..4).map(|_| Box::new(hupai_ai::Defensive::new(&rules)) as Box<dyn Agent>).collect();
        // Each of seat 0's turns: its turn, where the record stood, the expected wins per
        // go-around ahead.
        let mut mine: Vec<(u32, usize, Vec<f32>)> = Vec::new();
        while !driver.is_over() {
            let prompts: Vec<_> = driver
                .prompts()
                .map(|p| (p.player, p.decision, p.view.clone(), p.options.to_vec()))
                .collect();
            for (player, decision, view, options) in prompts {
                if player == 0 && matches!(view.decision(), Decision::Turn { .. }) {
                    let sit = Situation::new(&view, &rules);
                    let placement = Placement::new(&view, &rules, None);
                    let o = Outlook::new(&view, &rules, &sit, &model, placement);
                    let expected: Vec<f32> = if o.ends_on_win {
                        o.hazard.clone()
                    } else {
                        let states: Vec<_> =
                            o.reads.iter().map(|r| r.states(o.draws, rules.after_win)).collect();
                        (0..=o.draws)
                            .map(|t| {
                                o.reads
                                    .iter()
                                    .zip(&states)
                                    .map(|(r, s)| s[t].1 * r.wins_at(t))
                                    .sum()
                            })
                            .collect()
                    };
                    mine.push((view.draws / 4, driver.record().len(), expected));
                }
                let action = agents[player].decide(&view, &options);
                let _ = driver.answer(player, decision, action);
            }
        }
        let seat = driver.view_of(0).seat;
        let record = driver.record();
        for (turn, at, expected) in mine {
            let mut seen = vec![0u32; expected.len() + 40];
            let mut k = 0usize;
            // The last go-around seat 0 saw whole.
            let mut last = usize::MAX;
            let mut left = false;
            for e in &record[at..] {
                match e {
                    Event::Tsumo { actor, .. } if *actor == seat => k += 1,
                    Event::Hora { actor, target, .. } => {
                        if *actor == seat {
                            // Seat 0 won: it leaves (or the hand ends) in go-around k.
                            last = k.checked_sub(1).unwrap_or(usize::MAX);
                            left = true;
                            break;
                        }
                        if *target != seat {
                            seen[k] += 1;
                        }
                    }
                    Event::EndKyoku => {
                        last = k;
                        break;
                    }
                    _ => {}
                }
            }
            let tg = TURNS.iter().position(|&(lo, hi)| turn >= lo && turn < hi).unwrap_or(3);
            if last != usize::MAX {
                for (t, &p) in expected.iter().enumerate().take(last + 1) {
                    let ag = AHEAD.iter().position(|&(lo, hi)| t >= lo && t < hi).unwrap_or(3);
                    let c = &mut cells[tg][ag];
                    c.0 += f64::from(p);
                    c.1 += f64::from(seen[t]);
                    c.2 += 1;
                }
            }
            if !left {
                let c = &mut totals[tg];
                c.0 += expected.iter().map(|&p| f64::from(p)).sum::<f64>();
                c.1 += f64::from(seen.iter().sum::<u32>());
                c.2 += 1;
            }
        }
    }
    println!("{preset}, {hands} hands of four defensive, seed {seed0}: the others' wins per go-around ahead, expected / seen (go-arounds)");
    for (tg, &(lo, hi)) in TURNS.iter().enumerate() {
        let row: Vec<String> = cells[tg]
            .iter()
            .map(|c| {
                let n = c.2.max(1) as f64;
                format!("{:.3} / {:.3} ({})", c.0 / n, c.1 / n, c.2)
            })
            .collect();
        println!("  turns {lo:>2}-{hi:<2}: {}", row.join(" | "));
    }
    // Where a win ends the hand, the go-arounds' chances are each given the hand still on,
    // and their sum is no count.
    if rules.after_win == hupai_rules::AfterWin::End {
        return;
    }
    println!("the others' wins to the hand's end, seat 0 not winning: expected / seen (decisions)");
    for (tg, &(lo, hi)) in TURNS.iter().enumerate() {
        let c = totals[tg];
        let n = c.2.max(1) as f64;
        println!("  turns {lo:>2}-{hi:<2}: {:.3} / {:.3} ({})", c.0 / n, c.1 / n, c.2);
    }
}
