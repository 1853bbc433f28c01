//! The arena's human-readable outputs: a text table, and a Markdown report with three SVG
//! plots (rank distribution, points per hand with 95% intervals, shanten by turn) written next
//! to it. The SVG is written by hand: a few rectangles, lines and labels.
//!
//! ```
//! use hupai_ai::arena::{run_arena, ArenaConfig, Length};
//! use hupai_rules::Rules;
//! let mut config = ArenaConfig::from_specs(Rules::preset("riichi").unwrap(), ["efficiency"; 4], 1).unwrap();
//! config.length = Length::Hands(4);
//! let result = run_arena(&config, &|_| {}).unwrap();
//! assert!(hupai_ai::report::table(&result).contains("efficiency"));
//! assert!(hupai_ai::report::points_svg(&result).starts_with("<svg"));
//! ```

use std::fmt::Write as _;
use std::path::Path;

use crate::stats::ArenaResult;

const COLORS: [&str; 6] = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"];

/// Decimals that show a points interval of half-width `ci95` to two significant digits: one
/// for riichi's hundreds of points, three for a Chinese family's hundredths of its units.
pub fn points_decimals(ci95: f64) -> usize {
    if ci95 > 0.0 && ci95.is_finite() {
        (1.0 - ci95.log10().floor()).clamp(1.0, 4.0) as usize
    } else {
        1
    }
}

/// The decimals of the points column of `r`: enough for its narrowest interval.
fn points_column(r: &ArenaResult) -> usize {
    let narrowest = r
        .agents
        .iter()
        .map(|a| a.points_per_hand_ci95)
        .filter(|&c| c > 0.0)
        .fold(f64::INFINITY, f64::min);
    points_decimals(narrowest)
}

/// The per-agent table as text.
pub fn table(r: &ArenaResult) -> String {
    let mut s = String::new();
    let p = points_column(r);
    let _ = writeln!(
        s,
        "{} {} hands, {} games in {:.1} s ({:.0} hands/s){}",
        r.rules,
        r.hands,
        r.games,
        r.elapsed_s,
        r.hands_per_s,
        if r.duplicate { ", duplicate" } else { "" }
    );
    let _ = writeln!(
        s,
        "{:<12} {:>14} {:>18} {:>15} {:>14} {:>14} {:>9} {:>7} {:>7} {:>6} {:>8} {:>8}",
        "agent",
        "avg rank",
        "points/hand",
        "match score",
        "win",
        "deal-in",
        "tenpai@d",
        "calls",
        "riichi",
        "value",
        "p50 µs",
        "p99 µs"
    );
    for a in &r.agents {
        let _ = writeln!(
            s,
            "{:<12} {:>7.3} ±{:<5.3} {:>9.*} ±{:<7.*} {:>+8.2} ±{:<5.2} {:>6.1}% ±{:<4.1} {:>6.1}% ±{:<4.1} {:>8.1}% {:>6.1}% {:>6.1}% {:>6.2} {:>8.1} {:>8.1}",
            a.name,
            a.avg_rank,
            a.avg_rank_ci95,
            p,
            a.points_per_hand,
            p,
            a.points_per_hand_ci95,
            a.match_score,
            a.match_score_ci95,
            a.win_rate * 100.0,
            a.win_rate_ci95 * 100.0,
            a.deal_in_rate * 100.0,
            a.deal_in_rate_ci95 * 100.0,
            a.tenpai_at_draw * 100.0,
            a.call_rate * 100.0,
            a.riichi_rate * 100.0,
            a.avg_win_value,
            a.decision_us_p50,
            a.decision_us_p99,
        );
    }
    let _ = writeln!(
        s,
        "hands won {:.1}%, exhaustive draws {:.1}%",
        r.win_hand_rate * 100.0,
        r.exhaustive_draw_rate * 100.0
    );
    if r.not_ready_hand_rate > 0.0 || r.flower_pig_hand_rate > 0.0 {
        let _ = writeln!(
            s,
            "hands with a not-ready payment (查叫) {:.1}%, with a flower pig (查花猪) {:.1}%",
            r.not_ready_hand_rate * 100.0,
            r.flower_pig_hand_rate * 100.0
        );
    }
    if let Some(v) = r.variance_removed {
        let _ = writeln!(
            s,
            "duplicate play removed {:.0}% of the variance of points per hand",
            v * 100.0
        );
    }
    s
}

fn svg_open(w: u32, h: u32, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n<text x=\"{}\" y=\"18\" text-anchor=\"middle\" font-size=\"14\">{}</text>\n",
        w / 2,
        escape(title)
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Rank distribution: grouped bars of the share of each rank per agent.
pub fn ranks_svg(r: &ArenaResult) -> String {
    let (w, h, left, top, bottom) = (560.0, 320.0, 50.0, 30.0, 40.0);
    let mut s = svg_open(w as u32, h as u32, "rank distribution");
    let plot_h = h - top - bottom;
    let n = r.agents.len().max(1) as f64;
    let group = (w - left - 20.0) / 4.0;
    let bar = group * 0.8 / n;
    for pct in [0.0, 0.25, 0.5] {
        let y = top + plot_h * (1.0 - pct / 0.5);
        let _ = writeln!(s, "<line x1=\"{left}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{:.0}%</text>", w - 20.0, left - 4.0, y + 4.0, pct * 100.0);
    }
    for rank in 0..4 {
        let x0 = left + group * rank as f64 + group * 0.1;
        for (i, a) in r.agents.iter().enumerate() {
            let share = a.rank_shares.get(rank).copied().unwrap_or(0.0).min(0.5);
            let bh = plot_h * share / 0.5;
            let _ = writeln!(
                s,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"/>",
                x0 + bar * i as f64,
                top + plot_h - bh,
                bar * 0.95,
                bh,
                COLORS[i % COLORS.len()]
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">rank {}</text>",
            x0 + group * 0.4,
            h - bottom + 16.0,
            rank + 1
        );
    }
    legend(&mut s, r, left, h - 8.0);
    s.push_str("</svg>\n");
    s
}

fn legend(s: &mut String, r: &ArenaResult, x: f64, y: f64) {
    for (i, a) in r.agents.iter().enumerate() {
        let lx = x + 130.0 * i as f64;
        let _ = writeln!(
            s,
            "<rect x=\"{lx:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{y:.1}\">{}</text>",
            y - 9.0,
            COLORS[i % COLORS.len()],
            lx + 14.0,
            escape(&a.name)
        );
    }
}

/// Points per hand with 95% intervals, one bar per agent.
pub fn points_svg(r: &ArenaResult) -> String {
    let (w, h, left, top, bottom) = (560.0, 320.0, 70.0, 30.0, 40.0);
    let mut s = svg_open(w as u32, h as u32, "points per hand (95% interval)");
    let plot_h = h - top - bottom;
    let span = r
        .agents
        .iter()
        .map(|a| a.points_per_hand.abs() + a.points_per_hand_ci95)
        .fold(1.0f64, f64::max)
        * 1.15;
    let y_of = |v: f64| top + plot_h * (0.5 - v / (2.0 * span));
    for v in [-span, -span / 2.0, 0.0, span / 2.0, span] {
        let y = y_of(v);
        let _ = writeln!(s, "<line x1=\"{left}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"{}\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v:.0}</text>", w - 20.0, if v == 0.0 { "#888" } else { "#eee" }, left - 4.0, y + 4.0);
    }
    let n = r.agents.len().max(1) as f64;
    let slot = (w - left - 20.0) / n;
    for (i, a) in r.agents.iter().enumerate() {
        let cx = left + slot * (i as f64 + 0.5);
        let (y0, y1) = (y_of(0.0), y_of(a.points_per_hand));
        let _ = writeln!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"/>",
            cx - slot * 0.3,
            y0.min(y1),
            slot * 0.6,
            (y0 - y1).abs(),
            COLORS[i % COLORS.len()]
        );
        let (lo, hi) = (
            y_of(a.points_per_hand - a.points_per_hand_ci95),
            y_of(a.points_per_hand + a.points_per_hand_ci95),
        );
        let _ = writeln!(s, "<line x1=\"{cx:.1}\" x2=\"{cx:.1}\" y1=\"{lo:.1}\" y2=\"{hi:.1}\" stroke=\"black\" stroke-width=\"2\"/><line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{lo:.1}\" y2=\"{lo:.1}\" stroke=\"black\"/><line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{hi:.1}\" y2=\"{hi:.1}\" stroke=\"black\"/>", cx - 6.0, cx + 6.0, cx - 6.0, cx + 6.0);
        let _ = writeln!(
            s,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{} ({:.0})</text>",
            h - bottom + 16.0,
            escape(&a.name),
            a.points_per_hand
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Average shanten after each own discard, by turn, one line per agent.
pub fn shanten_svg(r: &ArenaResult) -> String {
    let (w, h, left, top, bottom) = (560.0, 320.0, 50.0, 30.0, 45.0);
    let mut s = svg_open(w as u32, h as u32, "average shanten by turn");
    let plot_h = h - top - bottom;
    let plot_w = w - left - 20.0;
    let max = 4.0;
    let y_of = |v: f64| top + plot_h * (1.0 - v.clamp(0.0, max) / max);
    for v in 0..=4 {
        let y = y_of(v as f64);
        let _ = writeln!(s, "<line x1=\"{left}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#eee\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>", w - 20.0, left - 4.0, y + 4.0);
    }
    for (i, a) in r.agents.iter().enumerate() {
        let turns = a.shanten_by_turn.len().max(2) as f64;
        let points: Vec<String> = a
            .shanten_by_turn
            .iter()
            .enumerate()
            .filter(|(_, v)| **v >= 0.0)
            .map(|(t, v)| {
                format!("{:.1},{:.1}", left + plot_w * t as f64 / (turns - 1.0), y_of(*v))
            })
            .collect();
        let _ = writeln!(
            s,
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>",
            COLORS[i % COLORS.len()],
            points.join(" ")
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">turn (own discards)</text>",
        left + plot_w / 2.0,
        h - bottom + 18.0
    );
    legend(&mut s, r, left, h - 6.0);
    s.push_str("</svg>\n");
    s
}

/// Writes the Markdown report to `path` and the three SVG plots next to it.
pub fn write_report(r: &ArenaResult, path: &Path, command: &str) -> std::io::Result<()> {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("report").to_string();
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let plots = [("ranks", ranks_svg(r)), ("points", points_svg(r)), ("shanten", shanten_svg(r))];
    for (name, svg) in &plots {
        std::fs::write(dir.join(format!("{stem}-{name}.svg")), svg)?;
    }
    let mut md = String::new();
    let p = points_column(r);
    let _ = writeln!(md, "# Arena report\n\n```\n{command}\n```\n");
    let _ = writeln!(
        md,
        "{} — {} hands in {} games, {:.1} s, {:.0} hands/s{}. Hands won: {:.1}%; exhaustive draws: {:.1}%.\n",
        r.rules,
        r.hands,
        r.games,
        r.elapsed_s,
        r.hands_per_s,
        if r.duplicate { ", duplicate (every wall four times, agents rotated)" } else { "" },
        r.win_hand_rate * 100.0,
        r.exhaustive_draw_rate * 100.0
    );
    if let Some(v) = r.variance_removed {
        let _ = writeln!(md, "Duplicate play removed {:.0}% of the variance of the points-per-hand estimate (per-wall averages against independent hands).\n", v * 100.0);
    }
    let _ = writeln!(md, "| agent | hands | avg rank | points/hand | match score | win | deal-in | tenpai at draw | calls | riichi | win value | decision p50 / p99 µs |");
    let _ = writeln!(
        md,
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for a in &r.agents {
        let _ = writeln!(
            md,
            "| {} | {} | {:.3} ± {:.3} | {:.*} ± {:.*} | {:+.2} ± {:.2} | {:.1}% ± {:.1} | {:.1}% ± {:.1} | {:.1}% ± {:.1} | {:.1}% ± {:.1} | {:.1}% ± {:.1} | {:.2} (min {}) | {:.1} / {:.1} |",
            a.name,
            a.hands,
            a.avg_rank,
            a.avg_rank_ci95,
            p,
            a.points_per_hand,
            p,
            a.points_per_hand_ci95,
            a.match_score,
            a.match_score_ci95,
            a.win_rate * 100.0,
            a.win_rate_ci95 * 100.0,
            a.deal_in_rate * 100.0,
            a.deal_in_rate_ci95 * 100.0,
            a.tenpai_at_draw * 100.0,
            a.tenpai_at_draw_ci95 * 100.0,
            a.call_rate * 100.0,
            a.call_rate_ci95 * 100.0,
            a.riichi_rate * 100.0,
            a.riichi_rate_ci95 * 100.0,
            a.avg_win_value,
            a.min_win_value,
            a.decision_us_p50,
            a.decision_us_p99
        );
    }
    md.push('\n');
    for (name, _) in &plots {
        let _ = writeln!(md, "![{name}]({stem}-{name}.svg)\n");
    }
    std::fs::write(path, md)
}

#[cfg(test)]
mod tests {
    use super::points_decimals;

    #[test]
    fn points_show_their_interval_to_two_digits() {
        // Riichi's hundreds of points, MCR's tenths, Guangdong's hundredths.
        assert_eq!(points_decimals(42.4), 1);
        assert_eq!(points_decimals(2.5), 1);
        assert_eq!(points_decimals(0.233), 2);
        assert_eq!(points_decimals(0.027), 3);
        assert_eq!(points_decimals(1e-9), 4);
        assert_eq!(points_decimals(0.0), 1);
        assert_eq!(points_decimals(f64::NAN), 1);
        assert_eq!(format!("{:.*}", points_decimals(0.027), 0.0316), "0.032");
    }
}
