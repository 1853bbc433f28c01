//! Arena metrics per agent name (instances with the same name pooled), each rate with a 95%
//! confidence interval; with duplicate play the points interval comes from the per-wall
//! averages, and the result says how much variance that removed.
//!
//! ```
//! use hupai_ai::stats::mean_ci95;
//! let (mean, half) = mean_ci95(&[1.0, 2.0, 3.0, 4.0]);
//! assert_eq!(mean, 2.5);
//! assert!(half > 1.0 && half < 2.0);
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

use crate::records::{bucket_us, JobRecord, TIME_BUCKETS, TURNS};

/// Mean and the half-width of its 95% interval (normal approximation).
pub fn mean_ci95(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// A rate and the half-width of its 95% interval.
fn rate_ci95(hits: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let p = hits as f64 / n as f64;
    (p, 1.96 * (p * (1.0 - p) / n as f64).sqrt())
}

/// One agent's figures.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AgentStats {
    /// The agent's name.
    pub name: String,
    /// Average rank (per game, or per hand in hands mode).
    pub avg_rank: f64,
    /// Half-width of its 95% interval.
    pub avg_rank_ci95: f64,
    /// Average points per hand.
    pub points_per_hand: f64,
    /// Half-width of its 95% interval (per-wall averages when duplicate).
    pub points_per_hand_ci95: f64,
    /// Hands won.
    pub win_rate: f64,
    /// Hands dealt in.
    pub deal_in_rate: f64,
    /// Ready at exhaustive draws.
    pub tenpai_at_draw: f64,
    /// Hands with a call.
    pub call_rate: f64,
    /// Hands with riichi.
    pub riichi_rate: f64,
    /// Average han or fans of a win.
    pub avg_win_value: f64,
    /// Median decision time.
    pub decision_us_p50: f64,
    /// 99th percentile decision time.
    pub decision_us_p99: f64,
    /// Hands played by this name.
    pub hands: u64,
    /// Average points per game (games mode).
    pub points_per_game: Option<f64>,
    /// Average match score per game (in hands mode per hand: each is a game), in thousands as
    /// the platforms show it (Tenhou's "+46.0"): final points less the return points, plus
    /// uma and oka (`hupai_rules::Rules::settle`; the Chinese families: the points).
    pub match_score: f64,
    /// Half-width of its 95% interval (per-wall averages when duplicate).
    pub match_score_ci95: f64,
    /// Half-width of the points-per-hand interval treating hands as independent.
    pub points_per_hand_ci95_naive: f64,
    /// 95% half-widths of the rates: win, deal-in, tenpai at draw, call, riichi.
    pub win_rate_ci95: f64,
    /// See `win_rate_ci95`.
    pub deal_in_rate_ci95: f64,
    /// See `win_rate_ci95`.
    pub tenpai_at_draw_ci95: f64,
    /// See `win_rate_ci95`.
    pub call_rate_ci95: f64,
    /// See `win_rate_ci95`.
    pub riichi_rate_ci95: f64,
    /// The smallest winning value seen (0 without wins).
    pub min_win_value: u32,
    /// Rank distribution: shares of ranks 1..=4.
    pub rank_shares: [f64; 4],
    /// Average shanten after the own discard of turns 1..=18.
    pub shanten_by_turn: Vec<f64>,
    /// Decisions timed.
    pub decisions: u64,
    /// Answers that were not legal options (or not readable), replaced by the default.
    pub illegal: u64,
    /// Decisions not answered in time.
    pub timeouts: u64,
}

/// The arena's result.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ArenaResult {
    /// Games played (full matches; in hands mode, the single-hand games).
    pub games: u64,
    /// Hands played.
    pub hands: u64,
    /// Wall-clock seconds.
    pub elapsed_s: f64,
    /// Hands per second.
    pub hands_per_s: f64,
    /// Per agent name.
    pub agents: Vec<AgentStats>,
    /// The rule set.
    pub rules: String,
    /// Duplicate play.
    pub duplicate: bool,
    /// Share of hands that ended in an exhaustive draw.
    pub exhaustive_draw_rate: f64,
    /// Share of hands that ended in a win (in Sichuan: with at least one win).
    pub win_hand_rate: f64,
    /// Share of hands whose exhaustive draw made a player pay for not being ready (查叫).
    pub not_ready_hand_rate: f64,
    /// Share of hands whose exhaustive draw found a flower pig (查花猪).
    pub flower_pig_hand_rate: f64,
    /// With duplicate: how much of the variance of the points-per-hand estimate duplicate
    /// play removed, per agent (1 − duplicate variance / independent-hands variance).
    pub variance_removed: Option<f64>,
}

#[derive(Default)]
struct Acc {
    points: Vec<f64>,
    ranks: Vec<f64>,
    rank_counts: [u64; 4],
    game_points: Vec<f64>,
    match_scores: Vec<f64>,
    match_blocks: BTreeMap<u64, (f64, u64)>,
    wins: u64,
    deal_ins: u64,
    exhaustive: u64,
    tenpai: u64,
    calls: u64,
    riichi: u64,
    win_value: u64,
    min_win: Option<u32>,
    shanten: [(f64, u64); TURNS],
    times: Vec<u64>,
    blocks: BTreeMap<u64, (f64, u64)>,
    illegal: u64,
    timeouts: u64,
}

/// What was played, as the pooled result reports it.
#[derive(Clone, Copy, Debug)]
pub struct Played<'a> {
    /// The rule set's name.
    pub rules: &'a str,
    /// Duplicate play.
    pub duplicate: bool,
    /// Full games (else single hands).
    pub games: bool,
}

/// Pools the job records by agent name.
pub fn aggregate(played: Played<'_>, jobs: &[JobRecord], elapsed: f64) -> ArenaResult {
    let games_mode = played.games;
    let mut accs: BTreeMap<String, Acc> = BTreeMap::new();
    let mut hands = 0u64;
    let mut exhaustive = 0u64;
    let mut won = 0u64;
    let (mut not_ready, mut flower_pig) = (0u64, 0u64);
    for job in jobs {
        if let Some(p) = job.players.first() {
            hands += p.hands.len() as u64;
            exhaustive += p.hands.iter().filter(|h| h.exhaustive).count() as u64;
        }
        let n_hands = job.players.first().map_or(0, |p| p.hands.len());
        for i in 0..n_hands {
            let any = |f: fn(&crate::records::HandRecord) -> bool| {
                job.players.iter().any(|p| p.hands.get(i).is_some_and(f))
            };
            won += u64::from(any(|h| h.win));
            not_ready += u64::from(any(|h| h.not_ready_paid));
            flower_pig += u64::from(any(|h| h.flower_pig));
        }
        for p in &job.players {
            let a = accs.entry(p.name.clone()).or_default();
            if a.times.is_empty() {
                a.times = vec![0; TIME_BUCKETS];
            }
            for h in &p.hands {
                a.points.push(h.points as f64);
                if !games_mode {
                    a.ranks.push(h.rank as f64);
                    a.rank_counts[(h.rank.clamp(1, 4) - 1) as usize] += 1;
                }
                a.wins += h.win as u64;
                a.deal_ins += h.deal_in as u64;
                a.exhaustive += h.exhaustive as u64;
                a.tenpai += (h.exhaustive && h.tenpai) as u64;
                a.calls += h.call as u64;
                a.riichi += h.riichi as u64;
                if h.win {
                    a.win_value += h.win_value as u64;
                    a.min_win = Some(a.min_win.map_or(h.win_value, |m| m.min(h.win_value)));
                }
                let b = a.blocks.entry(job.wall).or_default();
                b.0 += h.points as f64;
                b.1 += 1;
            }
            if let Some(m) = p.match_score {
                let m = m as f64 / 1000.0;
                a.match_scores.push(m);
                let b = a.match_blocks.entry(job.wall).or_default();
                b.0 += m;
                b.1 += 1;
            }
            if let (Some(gp), Some(gr)) = (p.game_points, p.game_rank) {
                a.game_points.push(gp as f64);
                a.ranks.push(gr as f64);
                a.rank_counts[(gr.clamp(1, 4) - 1) as usize] += 1;
            }
            for (t, (s, c)) in p.shanten.iter().enumerate() {
                a.shanten[t].0 += s;
                a.shanten[t].1 += *c as u64;
            }
            for (b, c) in p.times.iter().enumerate() {
                if let Some(slot) = a.times.get_mut(b) {
                    *slot += *c as u64;
                }
            }
            a.illegal += p.illegal as u64;
            a.timeouts += p.timeouts as u64;
        }
    }
    let mut removed: Vec<f64> = Vec::new();
    let agents = accs
        .into_iter()
        .map(|(name, a)| {
            let n = a.points.len() as u64;
            let (pph, naive) = mean_ci95(&a.points);
            let blocks: Vec<f64> = a.blocks.values().map(|(s, c)| s / (*c).max(1) as f64).collect();
            let ci = if played.duplicate && blocks.len() > 1 {
                let (_, dup) = mean_ci95(&blocks);
                if naive > 0.0 {
                    removed.push(1.0 - (dup / naive).powi(2));
                }
                dup
            } else {
                naive
            };
            let (avg_rank, avg_rank_ci95) = mean_ci95(&a.ranks);
            let (match_score, match_naive) = mean_ci95(&a.match_scores);
            let match_walls: Vec<f64> =
                a.match_blocks.values().map(|(s, c)| s / (*c).max(1) as f64).collect();
            let match_score_ci95 = if played.duplicate && match_walls.len() > 1 {
                mean_ci95(&match_walls).1
            } else {
                match_naive
            };
            let total_ranks = a.rank_counts.iter().sum::<u64>().max(1) as f64;
            let (win_rate, win_rate_ci95) = rate_ci95(a.wins, n);
            let (deal_in_rate, deal_in_rate_ci95) = rate_ci95(a.deal_ins, n);
            let (tenpai_at_draw, tenpai_at_draw_ci95) = rate_ci95(a.tenpai, a.exhaustive);
            let (call_rate, call_rate_ci95) = rate_ci95(a.calls, n);
            let (riichi_rate, riichi_rate_ci95) = rate_ci95(a.riichi, n);
            let decisions: u64 = a.times.iter().sum();
            let pct = |q: f64| {
                let target = (decisions as f64 * q).ceil() as u64;
                let mut seen = 0;
                for (b, c) in a.times.iter().enumerate() {
                    seen += c;
                    if seen >= target.max(1) {
                        return (bucket_us(b) * 100.0).round() / 100.0;
                    }
                }
                0.0
            };
            AgentStats {
                avg_rank,
                avg_rank_ci95,
                points_per_hand: pph,
                points_per_hand_ci95: ci,
                win_rate,
                deal_in_rate,
                tenpai_at_draw,
                call_rate,
                riichi_rate,
                avg_win_value: if a.wins > 0 { a.win_value as f64 / a.wins as f64 } else { 0.0 },
                decision_us_p50: pct(0.5),
                decision_us_p99: pct(0.99),
                hands: n,
                points_per_game: (!a.game_points.is_empty()).then(|| mean_ci95(&a.game_points).0),
                match_score,
                match_score_ci95,
                points_per_hand_ci95_naive: naive,
                win_rate_ci95,
                deal_in_rate_ci95,
                tenpai_at_draw_ci95,
                call_rate_ci95,
                riichi_rate_ci95,
                min_win_value: a.min_win.unwrap_or(0),
                rank_shares: a.rank_counts.map(|c| c as f64 / total_ranks),
                shanten_by_turn: a
                    .shanten
                    .iter()
                    .map(|(s, c)| if *c > 0 { s / *c as f64 } else { f64::NAN })
                    .map(|v| if v.is_nan() { -1.0 } else { (v * 1000.0).round() / 1000.0 })
                    .collect(),
                decisions,
                illegal: a.illegal,
                timeouts: a.timeouts,
                name,
            }
        })
        .collect();
    ArenaResult {
        games: jobs.len() as u64,
        hands,
        elapsed_s: elapsed,
        hands_per_s: if elapsed > 0.0 { hands as f64 / elapsed } else { 0.0 },
        agents,
        rules: played.rules.to_string(),
        duplicate: played.duplicate,
        exhaustive_draw_rate: if hands > 0 { exhaustive as f64 / hands as f64 } else { 0.0 },
        win_hand_rate: if hands > 0 { won as f64 / hands as f64 } else { 0.0 },
        not_ready_hand_rate: if hands > 0 { not_ready as f64 / hands as f64 } else { 0.0 },
        flower_pig_hand_rate: if hands > 0 { flower_pig as f64 / hands as f64 } else { 0.0 },
        variance_removed: (!removed.is_empty())
            .then(|| removed.iter().sum::<f64>() / removed.len() as f64),
    }
}

impl ArenaResult {
    /// The result as one JSON object (the fields of the issue first, then extras).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
