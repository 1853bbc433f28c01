//! Where `search` departs from `defensive`, is the departure worth what the search says?
//! `departure_audit RULES HANDS SEED [ROLLOUTS] [AGENT] [ANCHOR]`.
//!
//! Plays single hands with AGENT in seat 0 (the dealer; with `AUDIT_SEATS=all` each of the
//! four seats in turn) and three `defensive`, as the arena does. AGENT is
//! an agent spec (`search(reach=1)`, `model:models/riichi-clone-search.onnx`) or the
//! parameters of a search alone (`reach=1,margin=0.5`); `search` by default. At every
//! decision of seat 0 where its choice is not `defensive`'s, the
//! position is played out ROLLOUTS times (16 by default) from as many orders of the unseen
//! live wall, each order once with the search's choice and once with `defensive`'s, both
//! seats playing on as before (seat 0 the agent, the others `defensive`). The difference
//! of seat 0's points to the hand's end, order by order, is what the departure gained there:
//! the same walls on both sides, so the noise of the draws mostly cancels. The table groups
//! the departures by what they do and sets the agent's own predicted gain beside the gain
//! measured: a search's value of its choice less its value of `defensive`'s, a model's logit
//! of its choice less the logit of `defensive`'s (NaN where the agent gives no such number).
//!
//! ANCHOR is `defensive` (the default) or another agent, spec or search parameters as AGENT:
//! then the table measures AGENT against it, decision by decision, the anchor's choice played
//! where the two differ and AGENT on from there in both. `AUDIT_ONLY=opening` plays out only
//! the departures at 换三张 and 定缺 (Sichuan's opening choices), `AUDIT_ONLY=far` only those
//! at turns two or more tiles from ready.
//!
//! The rollouts know the opponents' hands (they play the real position); the search itself
//! never does. This is a measuring program: the departures' mean gain is an estimate of how
//! much the departures add over `defensive`, decision by decision.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use hupai_ai::arena::wall_seed;
use hupai_ai::search::{same_option, SearchParams};
use hupai_ai::{AgentSpec, BuildOptions, Defensive};
use hupai_core::Seat;
use hupai_engine::{Action, Agent, Decision, Event, Game, Setup, SplitMix64};
use hupai_rules::Rules;

/// Seat 0's points from this position to the hand's end, the hand played on by the agents;
/// as the arena counts them, the scores of the hand's last win or draw (sticks left on the
/// table are lost, not handed to the leader as at a match's end).
fn play_out(mut game: Game, me_seat: Seat, audited: &Audited, defensive: &Defensive) -> (f64, f64) {
    let start = game.scores()[me_seat];
    let mut end = game.scores();
    let mut me = audited.agent();
    let mut others = defensive.clone();
    while let Some(seat) = game.next_seat() {
        let options = game.pending().options(seat).to_vec();
        let action = if seat == me_seat {
            me.decide(game.view(seat), &options)
        } else {
            others.decide(game.view(seat), &options)
        };
        for e in game.apply(seat, action).expect("a legal option") {
            if let Event::Hora { scores: Some(s), .. } | Event::Ryukyoku { scores: Some(s), .. } = e
            {
                end = s;
            }
        }
    }
    // A tie goes to the seat nearer the dealer (East), as the arena ranks.
    let mine = end[me_seat];
    let rank = 1 + Seat::ALL
        .iter()
        .filter(|&&s| end[s] > mine || (end[s] == mine && s.index() < me_seat.index()))
        .count();
    (f64::from(mine - start), rank as f64)
}

/// Seat 0's shanten after `action` (its own view, the next time it has 3n + 1 tiles).
fn shanten_after(game: &Game, me_seat: Seat, action: Action) -> i8 {
    let mut g = game.clone();
    g.apply(me_seat, action).expect("a legal option");
    g.view(me_seat).shanten()
}

/// What a departure does, in a few words.
fn kind_of(game: &Game, me_seat: Seat, chosen: Action, anchor: Action) -> String {
    let view = game.view(me_seat);
    let now = view.shanten();
    let late = if view.live_tiles() <= 24 { " late" } else { "" };
    let name = |a: Action| match a {
        Action::Discard { .. } => "discard",
        Action::Riichi { .. } => "riichi",
        Action::Pass => "pass",
        Action::Ron => "ron",
        Action::Chi(_) => "chi",
        Action::Pon(_) => "pon",
        Action::OpenKan | Action::ClosedKan(_) | Action::AddedKan(_) => "kan",
        _ => "other",
    };
    match view.decision() {
        Decision::Exchange => format!("exchange (换三张) sh{now}"),
        Decision::Void => format!("void (定缺) sh{now}"),
        Decision::Claim { .. } => {
            format!("claim sh{now}: {} over {}{late}", name(chosen), name(anchor))
        }
        _ => {
            let discards = |a: Action| matches!(a, Action::Discard { .. } | Action::Riichi { .. });
            if discards(chosen) && discards(anchor) {
                let same_kind = chosen.discarded().and_then(|p| p.kind())
                    == anchor.discarded().and_then(|p| p.kind());
                if same_kind {
                    return format!("turn sh{now}: {} over {}{late}", name(chosen), name(anchor));
                }
                let (a, b) =
                    (shanten_after(game, me_seat, chosen), shanten_after(game, me_seat, anchor));
                let tag = |s: i8| if s > now { "breaks" } else { "keeps" };
                format!(
                    "turn sh{now}: {} {} / defensive {} {}{late}",
                    name(chosen),
                    tag(a),
                    name(anchor),
                    tag(b)
                )
            } else {
                format!("turn sh{now}: {} over {}{late}", name(chosen), name(anchor))
            }
        }
    }
}

/// The agent in seat 0 (or an anchor), built afresh for every hand and every play-out.
struct Audited {
    spec: AgentSpec,
    rules: Rules,
}

impl Audited {
    /// An agent spec, or a search's parameters alone (`reach=1,margin=0.5`).
    fn parse(text: &str, rules: &Rules) -> Audited {
        let spec = match text.parse::<AgentSpec>() {
            Ok(spec) => spec,
            Err(_) if text.contains('=') => {
                let mut p = SearchParams::default();
                for pair in text.split(',').filter(|p| !p.is_empty()) {
                    let (k, v) = pair.split_once('=').expect("parameters as key=value,...");
                    p.set(k.trim(), v.trim()).unwrap();
                }
                format!("search({p})").parse().unwrap()
            }
            Err(e) => panic!("{text}: {e}"),
        };
        Audited { spec, rules: rules.clone() }
    }

    fn agent(&self) -> Box<dyn Agent> {
        self.spec.build(&self.rules, 0, 0, &BuildOptions::default()).unwrap()
    }
}

/// The agent's own number for `action` at this decision: a search's `ev`, a model's `logit`.
fn own_value(
    agent: &mut dyn Agent,
    view: &hupai_engine::PlayerView,
    options: &[Action],
) -> impl Fn(Action) -> Option<f64> {
    let candidates = agent.explain(view, options).candidates;
    move |a: Action| {
        let c = candidates.iter().find(|c| same_option(c.action, a))?;
        c.numbers.iter().find(|(name, _)| matches!(*name, "ev" | "logit")).map(|n| n.1)
    }
}

#[derive(Default)]
struct Group {
    /// Each departure's predicted gain, its measured mean gain in points and in rank.
    departures: Vec<(f64, f64, f64)>,
}

impl Group {
    fn line(&self, name: &str) -> String {
        let n = self.departures.len() as f64;
        let pred = self.departures.iter().map(|d| d.0).sum::<f64>() / n;
        let mean = self.departures.iter().map(|d| d.1).sum::<f64>() / n;
        let var =
            self.departures.iter().map(|d| (d.1 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let ci = 1.96 * (var / n).sqrt();
        let rank = self.departures.iter().map(|d| d.2).sum::<f64>() / n;
        let rvar =
            self.departures.iter().map(|d| (d.2 - rank).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let rci = 1.96 * (rvar / n).sqrt();
        format!(
            "| {name} | {} | {pred:+.3} | {mean:+.3} ± {ci:.3} | {:+.2} | {rank:+.3} ± {rci:.3} |",
            self.departures.len(),
            mean * n
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = args.get(1).map_or("riichi", String::as_str);
    let hands: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let rollouts: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(16);
    let rules = Rules::preset(preset).expect("preset");
    let audited = Audited::parse(args.get(5).map_or("search", String::as_str), &rules);
    let defensive = Defensive::new(&rules);
    let anchor_text = args.get(6).map_or("defensive", String::as_str);
    let anchored = Audited::parse(anchor_text, &rules);
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    // AUDIT_TSV=FILE: every departure as a line (kind, predicted, points, rank), to bin by
    // the predicted gain (what `margin` would keep).
    let mut tsv = std::env::var_os("AUDIT_TSV").map(|p| std::fs::File::create(p).unwrap());
    let mut decisions = 0u64;
    // AUDIT_SEATS=all seats the agent at East, South, West and North in turn (hand by hand),
    // as the arena's duplicate rotation does; by default it deals every hand.
    let every_seat = std::env::var("AUDIT_SEATS").is_ok_and(|v| v == "all");
    // AUDIT_ONLY=opening plays out only the departures at 换三张 and 定缺; AUDIT_ONLY=far
    // only those at turns two or more tiles from ready.
    let only = std::env::var("AUDIT_ONLY").unwrap_or_default();
    for hand in 0..hands {
        let me_seat = if every_seat { Seat::ALL[(hand % 4) as usize] } else { Seat::East };
        let mut setup = Setup::new(rules.clone(), wall_seed(seed, hand));
        setup.single_hand = true;
        let (mut game, _) = Game::new(setup);
        let mut me = audited.agent();
        let mut anchor_agent = anchored.agent();
        let mut others = defensive.clone();
        let mut at = 0u64;
        while let Some(seat) = game.next_seat() {
            let options = game.pending().options(seat).to_vec();
            if seat != me_seat {
                let action = others.decide(game.view(seat), &options);
                game.apply(seat, action).expect("a legal option");
                continue;
            }
            let view = game.view(seat);
            let chosen = me.decide(view, &options);
            if options.len() > 1 {
                decisions += 1;
            }
            let anchor = anchor_agent.decide(view, &options);
            let audited_here = match only.as_str() {
                "opening" => matches!(view.decision(), Decision::Exchange | Decision::Void),
                "far" => matches!(view.decision(), Decision::Turn { .. }) && view.shanten() >= 2,
                _ => true,
            };
            if options.len() > 1 && !same_option(chosen, anchor) && audited_here {
                let ev = own_value(me.as_mut(), view, &options);
                let predicted = match (ev(chosen), ev(anchor)) {
                    (Some(c), Some(a)) => c - a,
                    _ => f64::NAN,
                };
                let name = kind_of(&game, me_seat, chosen, anchor);
                let (mut gain, mut rank) = (0.0, 0.0);
                for r in 0..rollouts {
                    let mut rng = SplitMix64::new(wall_seed(seed ^ 0xA0D1, hand * 1000 + at) ^ r);
                    let mut base = game.clone();
                    base.shuffle_live_wall(&mut rng);
                    let mut with = base.clone();
                    with.apply(seat, chosen).expect("legal");
                    let mut without = base;
                    without.apply(seat, anchor).expect("legal");
                    let (a, b) = (
                        play_out(with, me_seat, &audited, &defensive),
                        play_out(without, me_seat, &audited, &defensive),
                    );
                    gain += a.0 - b.0;
                    rank += a.1 - b.1;
                }
                let n = rollouts as f64;
                if let Some(f) = tsv.as_mut() {
                    use std::io::Write;
                    writeln!(f, "{name}\t{predicted}\t{}\t{}", gain / n, rank / n).unwrap();
                }
                groups.entry(name).or_default().departures.push((predicted, gain / n, rank / n));
                at += 1;
            }
            game.apply(seat, chosen).expect("a legal option");
        }
        if (hand + 1) % 100 == 0 {
            eprintln!("{} hands, {decisions} decisions with a choice", hand + 1);
        }
    }
    println!(
        "{preset}, {hands} hands, seed {seed}, {rollouts} rollouts a departure, {} against {}",
        audited.spec, anchored.spec
    );
    println!(
        "decisions of seat 0 with a choice: {decisions}; departures: {}\n",
        groups.values().map(|g| g.departures.len()).sum::<usize>()
    );
    println!(
        "| departure | count | predicted gain | measured gain in points (95%) | sum | rank change (95%) |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    let mut all = Group::default();
    for (name, g) in &groups {
        println!("{}", g.line(name));
        all.departures.extend(g.departures.iter().copied());
    }
    println!("{}", all.line("all"));
    println!(
        "\n(sum / hands = what the departures add a hand: {:+.4})",
        all.departures.iter().map(|d| d.1).sum::<f64>() / hands as f64
    );
}
