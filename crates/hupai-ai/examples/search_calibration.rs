//! How well `search`'s own numbers predict what happens: plays hands with `search` in seat 0
//! against three `defensive`, notes at each of its decisions the chosen option's chance to
//! win and to deal in, and compares with the hand's outcome (a reliability table, and the
//! same by the hand's shanten at the decision): `search_calibration RULES HANDS SEED
//! [PARAMS]`, PARAMS as in `search(PARAMS)`, e.g. `reach=1`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hupai_ai::search::{Search, SearchParams};
use hupai_engine::{Agent, Driver, Event, Setup};
use hupai_rules::Rules;

/// One decision: predicted win, predicted deal-in, turn, won, dealt in, shanten.
type Row = (f32, f32, u32, bool, bool, i8);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = args.get(1).map_or("riichi", String::as_str);
    let hands: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seed0: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let rules = Rules::preset(preset).expect("preset");
    let mut params = SearchParams::default();
    for pair in args.get(4).map_or("", String::as_str).split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').expect("PARAMS as key=value,...");
        params.set(key.trim(), value.trim()).unwrap();
    }
    let mut rows: Vec<Row> = Vec::new();
    let mut ev_rows: Vec<(f32, f32)> = Vec::new();
    for h in 0..hands {
        let seed = seed0 * 1_000_003 + h;
        let mut setup = Setup::new(rules.clone(), seed);
        setup.single_hand = true;
        let mut driver = Driver::new(setup);
        let mut me = Search::with_params(&rules, params, seed);
        let mut others: Vec<Box<dyn Agent>> =
            (1..4).map(|_| Box::new(hupai_ai::Defensive::new(&rules)) as Box<dyn Agent>).collect();
        // Each decision: predicted win, deal-in and ev, the turn, how far the record had
        // gone and the seat's points then (under 血战到底 the hand goes on after a deal-in,
        // so only what happens after the decision counts).
        let mut mine: Vec<(f32, f32, f32, u32, usize, i32, i8)> = Vec::new();
        while !driver.is_over() {
            let prompts: Vec<_> = driver
                .prompts()
                .map(|p| (p.player, p.decision, p.view.clone(), p.options.to_vec()))
                .collect();
            for (player, decision, view, options) in prompts {
                let action = if player == 0 {
                    let valued = me.value_options(&view, &options);
                    if let Some(best) = valued.first() {
                        let points = view.scores[view.seat.index()];
                        let at = driver.record().len();
                        let shanten = view.shanten();
                        mine.push((
                            best.win,
                            best.deal,
                            best.ev,
                            view.draws / 4,
                            at,
                            points,
                            shanten,
                        ));
                        best.action
                    } else {
                        me.decide(&view, &options)
                    }
                } else {
                    others[player - 1].decide(&view, &options)
                };
                let _ = driver.answer(player, decision, action);
            }
        }
        let seat = driver.view_of(0).seat;
        let end_points = driver.view_of(0).scores[seat.index()];
        let record = driver.record();
        for (win, deal, ev, turn, at, points, shanten) in mine {
            let (mut won, mut dealt) = (false, false);
            for e in &record[at..] {
                if let Event::Hora { actor, target, .. } = e {
                    won |= *actor == seat;
                    dealt |= *target == seat && *actor != seat;
                }
            }
            rows.push((win, deal, turn, won, dealt, shanten));
            ev_rows.push((ev, (end_points - points) as f32));
        }
    }
    let table = |name: &str, pick: &dyn Fn(&Row) -> (f32, bool)| {
        println!("{name}: predicted bucket -> observed (n)");
        for b in 0..10 {
            let lo = b as f32 / 10.0;
            let hi = lo + 0.1;
            let sel: Vec<(f32, bool)> =
                rows.iter().map(pick).filter(|(p, _)| *p >= lo && (*p < hi || b == 9)).collect();
            if sel.is_empty() {
                continue;
            }
            let mean_p = sel.iter().map(|s| s.0).sum::<f32>() / sel.len() as f32;
            let obs = sel.iter().filter(|s| s.1).count() as f32 / sel.len() as f32;
            println!("  {lo:.1}-{hi:.1}: predicted {mean_p:.3} observed {obs:.3} ({})", sel.len());
        }
    };
    table("win", &|r| (r.0, r.3));
    table("deal-in", &|r| (r.1, r.4));
    // The mean predictions against the share observed, over the rows `keep` picks.
    let summary = |label: String, keep: &dyn Fn(&Row) -> bool| {
        let sel: Vec<_> = rows.iter().filter(|r| keep(r)).collect();
        if sel.is_empty() {
            return;
        }
        let n = sel.len() as f32;
        println!(
            "{label}: win predicted {:.3} observed {:.3}; deal predicted {:.3} observed {:.3} ({})",
            sel.iter().map(|r| r.0).sum::<f32>() / n,
            sel.iter().filter(|r| r.3).count() as f32 / n,
            sel.iter().map(|r| r.1).sum::<f32>() / n,
            sel.iter().filter(|r| r.4).count() as f32 / n,
            sel.len()
        );
    };
    for (lo, hi) in [(0u32, 4u32), (4, 8), (8, 12), (12, 20)] {
        summary(format!("turns {lo}-{hi}"), &|r| r.2 >= lo && r.2 < hi);
    }
    for s in 0..=2i8 {
        summary(format!("shanten {s}"), &|r| r.5 == s);
    }
    let n = ev_rows.len() as f32;
    println!(
        "ev: predicted mean {:.0}, observed mean {:.0} ({} decisions)",
        ev_rows.iter().map(|r| r.0).sum::<f32>() / n,
        ev_rows.iter().map(|r| r.1).sum::<f32>() / n,
        ev_rows.len()
    );
}
