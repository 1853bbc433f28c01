//! The end of a match: final points to final ranks and match scores (uma and oka).
//!
//! In riichi the match score of a player is its final points less the return points
//! (返し点), plus the uma of its rank (順位ウマ), plus the oka for first place: what every
//! player owes back beyond the starting points, all of it to first place. Ties go to the
//! seat nearer the first dealer (Tenhou's 同点は起家に近い方が上位). The Chinese families keep
//! no uma: their match score is the points a player won or lost.
//!
//! ```
//! use hupai_rules::Rules;
//! let tenhou = Rules::preset("riichi").unwrap();
//! // Final points by player, the first dealer first.
//! let standings = tenhou.settle(&[35600, 29400, 20000, 15000]).unwrap();
//! assert_eq!(standings[0].rank, 1);
//! assert_eq!(standings[0].score, 46000); // +6 (36 - 30) + 20 uma + 20 oka: Tenhou's "+46.0"
//! assert_eq!(standings[3].score, -35000); // -15 - 20
//! ```

use std::fmt;

use crate::settings::FinalRounding;
use crate::Rules;

/// One player's result at the end of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Final rank, 1 for first.
    pub rank: u8,
    /// Match score in points: the final points less the return points, rounded as the
    /// rules say, plus uma and oka (Tenhou's "+46.0" is 46,000).
    pub score: i32,
}

/// Why final points cannot be settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettleError {
    /// Not one score per player.
    Players {
        /// Players at the table.
        expected: usize,
        /// Scores given.
        given: usize,
    },
}

impl fmt::Display for SettleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettleError::Players { expected, given } => {
                write!(f, "{given} final scores for {expected} players")
            }
        }
    }
}

impl std::error::Error for SettleError {}

impl Rules {
    /// The points each player owes back at the end of a match (the starting points when the
    /// rules set none).
    pub fn return_points(&self) -> i32 {
        if self.return_points == 0 {
            self.starting_points
        } else {
            self.return_points
        }
    }

    /// The oka: what first place takes from all at the end of a match (players x (return
    /// points - starting points)).
    pub fn oka(&self) -> i32 {
        i32::from(self.players) * (self.return_points() - self.starting_points)
    }

    /// What final rank `rank` (1 for first) adds to a match score: its uma, and the oka for
    /// first place; 0 for a rank the rules give nothing.
    pub fn rank_bonus(&self, rank: u8) -> i32 {
        let uma =
            usize::from(rank).checked_sub(1).and_then(|i| self.uma.get(i)).copied().unwrap_or(0);
        uma + if rank == 1 { self.oka() } else { 0 }
    }

    /// Final ranks of `points` (by player, the first dealer first): the higher points first,
    /// ties to the player nearer the first dealer.
    pub fn final_ranks(points: &[i32]) -> Vec<u8> {
        let mut order: Vec<usize> = (0..points.len()).collect();
        // A stable sort keeps tied players in seat order from the first dealer.
        order.sort_by_key(|&i| std::cmp::Reverse(points[i]));
        let mut ranks = vec![0u8; points.len()];
        for (r, &i) in order.iter().enumerate() {
            ranks[i] = r as u8 + 1;
        }
        ranks
    }

    /// Settles a match: final `points` by player (the first dealer first, after the sticks
    /// left on the table went to first place) to each player's rank and match score.
    pub fn settle(&self, points: &[i32]) -> Result<Vec<Standing>, SettleError> {
        let players = usize::from(self.players);
        if points.len() != players {
            return Err(SettleError::Players { expected: players, given: points.len() });
        }
        let ranks = Rules::final_ranks(points);
        let back = self.return_points();
        let exact: Vec<i32> =
            points.iter().zip(&ranks).map(|(&p, &r)| p - back + self.rank_bonus(r)).collect();
        let mut scores = exact.clone();
        if self.final_rounding == FinalRounding::Thousands {
            let first = ranks.iter().position(|&r| r == 1).unwrap_or(0);
            for (i, s) in scores.iter_mut().enumerate() {
                if i != first {
                    *s = round_thousands(points[i]) - back + self.rank_bonus(ranks[i]);
                }
            }
            let rest: i32 = (0..players).filter(|&i| i != first).map(|i| scores[i]).sum();
            scores[first] = exact.iter().sum::<i32>() - rest;
        }
        Ok(ranks.into_iter().zip(scores).map(|(rank, score)| Standing { rank, score }).collect())
    }
}

/// `points` to the nearest 1,000, 500 away from zero (四捨五入 of the part under 1,000).
fn round_thousands(points: i32) -> i32 {
    let magnitude = (points.unsigned_abs() + 500) / 1000 * 1000;
    if points < 0 {
        -(magnitude as i32)
    } else {
        magnitude as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(rules: &Rules, points: &[i32]) -> Vec<(u8, i32)> {
        rules.settle(points).unwrap().iter().map(|s| (s.rank, s.score)).collect()
    }

    #[test]
    fn tenhou_returns_30000_pays_10_20_and_rounds_to_thousands() {
        // "25000点開始の30000点返し", "ウマ10-20", "終了時の得点は1000点未満を四捨五入"
        // (tenhou.net/man, translated on riichi.wiki "Tenhou.net rules").
        let tenhou = Rules::preset("riichi").unwrap();
        assert_eq!(tenhou.oka(), 20000);
        assert_eq!(tenhou.rank_bonus(1), 40000);
        assert_eq!(tenhou.rank_bonus(4), -20000);
        // 29,400 rounds to 29 (-1 + 10), 20,500 up to 21 (-9 - 10), 14,500 up to 15 (-15 -
        // 20); first place takes what is left: +45 for its 35,600.
        let got = scores(&tenhou, &[35600, 29400, 20500, 14500]);
        assert_eq!(got, vec![(1, 45000), (2, 9000), (3, -19000), (4, -35000)]);
        assert_eq!(got.iter().map(|s| s.1).sum::<i32>(), 0);
        // Below zero rounds by its size: -1,500 is -2,000.
        assert_eq!(round_thousands(-1500), -2000);
        assert_eq!(round_thousands(-1400), -1000);
        assert_eq!(round_thousands(30499), 30000);
    }

    #[test]
    fn ties_go_to_the_player_nearer_the_first_dealer() {
        // "同点の場合は起家に近い方が上位" (Tenhou); the first dealer is player 0.
        let tenhou = Rules::preset("riichi").unwrap();
        let got = scores(&tenhou, &[20000, 30000, 30000, 20000]);
        assert_eq!(got.iter().map(|s| s.0).collect::<Vec<_>>(), vec![3, 1, 2, 4]);
        assert_eq!(got[1].1, 40000, "first: 0 + 20 + 20");
        assert_eq!(got[2].1, 10000, "second on the same points: 0 + 10");
        assert_eq!(Rules::final_ranks(&[25000; 4]), vec![1, 2, 3, 4]);
    }

    #[test]
    fn mahjong_soul_has_no_oka_and_keeps_hundreds() {
        // 雀魂 玉の間四人南: スコア = (持ち点 - 25000) / 1000 + ウマ, ウマ +15, +5, -5, -15
        // (mahjongsoul.club 対戦結果計算例: 75,900 / 20,500 / 4,800 / -1,200 settle
        // +65.9 / +0.5 / -25.2 / -41.2).
        let soul = Rules::preset("riichi-majsoul").unwrap();
        assert_eq!(soul.oka(), 0);
        let got = scores(&soul, &[20500, 75900, -1200, 4800]);
        assert_eq!(got, vec![(2, 500), (1, 65900), (4, -41200), (3, -25200)]);
    }

    #[test]
    fn the_chinese_families_keep_the_points() {
        let mcr = Rules::preset("mcr").unwrap();
        assert_eq!(scores(&mcr, &[12, -4, -4, -4]), vec![(1, 12), (2, -4), (3, -4), (4, -4)]);
        let e = mcr.settle(&[1, 2, 3]).unwrap_err();
        assert_eq!(e.to_string(), "3 final scores for 4 players");
    }
}
