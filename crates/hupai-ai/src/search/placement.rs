//! Placement: what an outcome of the hand is worth to the match score, not in raw points.
//!
//! In riichi a match is settled by final rank ([`Rules::settle`]): the uma of each rank, and
//! the oka for first place. In the closing hands of a match the search values every outcome
//! (a win, a deal-in, another seat's win, the exhaustive draw) by the expected change of the
//! seat's match score: its points plus the expected rank bonus. Where the hand ends the match
//! the final order is the scores after it (ties to the player nearer the first dealer);
//! with hands still to come each player's points move on by a normal spread per hand, so the
//! chance to finish ahead of each opponent is smooth in the point gap and the rank bonus is
//! expected over the resulting order. A leader then folds sooner (a deal-in costs a rank, a
//! win adds little), and last place values a win by whether it is big enough to pass.
//!
//! The Chinese families keep raw points: their match score is the points sum, so a
//! placement value there equals the points ([`Placement::raw`]).
//!
//! ```
//! use hupai_ai::search::placement::Placement;
//! use hupai_engine::PlayerView;
//! use hupai_core::Seat;
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let mut view = PlayerView::new(Seat::South, &rules);
//! view.scores = [33000, 25000, 22000, 20000];
//! // The hand ends the match: a 5,200 ron from East takes South from second to first (30,000
//! // more of uma and oka), from another seat it does not; the discarder is one of three.
//! let p = Placement::new(&view, &rules, Some(0));
//! assert_eq!(p.win(5200.0, false, 0.0), 5200.0 + 30000.0 / 3.0);
//! assert_eq!(Placement::raw().win(5200.0, false, 0.0), 5200.0);
//! ```

use hupai_engine::PlayerView;
use hupai_rules::{Rules, Variant};

/// Spread (standard deviation) of one player's points over one hand: about what hupai's
/// riichi agents win and lose a hand (20% wins of about 6,500, 12% deal-ins of about 5,500,
/// the self-draw shares and draw payments besides).
pub const HAND_SPREAD: f32 = 4000.0;

/// Share of another seat's wins that are self-drawn (the rest: on a third seat's discard),
/// as the raw outlook counts them.
const SELF_DRAWN: f32 = 0.45;

/// How the outcomes of one hand move one seat's match score.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// Whether placement counts at all (else every value is the seat's raw points).
    active: bool,
    /// The seat valued.
    me: usize,
    /// Seats at the table.
    seats: usize,
    /// Points by seat now.
    scores: [f32; 4],
    /// Tie order by seat: the player's number from the first dealer (lower ranks higher).
    priority: [u8; 4],
    /// What each final rank adds (uma, and the oka for first), in points.
    bonus: [f32; 4],
    /// Spread of one player's points over the rest of the match after this hand (0: the
    /// hand ends it).
    spread: f32,
    /// Riichi sticks on the table now, in points.
    sticks: f32,
    /// The dealer's seat.
    dealer: usize,
    /// Whether a player below zero ends the match.
    bust: bool,
    /// The expected rank bonus now (so that a value is a change).
    baseline: f32,
}

impl Placement {
    /// Raw points: every outcome is worth the seat's points change.
    pub fn raw() -> Placement {
        Placement {
            active: false,
            me: 0,
            seats: 4,
            scores: [0.0; 4],
            priority: [0, 1, 2, 3],
            bonus: [0.0; 4],
            spread: 0.0,
            sticks: 0.0,
            dealer: 0,
            bust: false,
            baseline: 0.0,
        }
    }

    /// Placement for the seat of `view` under `rules` with `hands_left` hands after this one
    /// (`None`: raw points, as far from the match's end or in the Chinese families).
    pub fn new(view: &PlayerView, rules: &Rules, hands_left: Option<u32>) -> Placement {
        let Some(left) = hands_left.filter(|_| rules.variant == Variant::Riichi) else {
            return Placement::raw();
        };
        let seats = usize::from(rules.players()).clamp(2, 4);
        let mut p = Placement {
            active: true,
            me: view.seat.index(),
            seats,
            scores: view.scores.map(|s| s as f32),
            priority: view.players,
            bonus: std::array::from_fn(|r| rules.rank_bonus(r as u8 + 1) as f32),
            spread: HAND_SPREAD * (left as f32).sqrt(),
            sticks: 1000.0 * view.sticks as f32,
            dealer: view.dealer.index(),
            bust: rules.bust_ends_game,
            baseline: 0.0,
        };
        p.baseline = p.expected_bonus(&p.scores, 0.0).0;
        p
    }

    /// The hands a match has left after the one `view` shows, by its schedule (a dealer's
    /// repeat or an extension not foreseen; 0 in an extension).
    pub fn hands_left(view: &PlayerView, rules: &Rules) -> u32 {
        let per_round = u32::from(rules.players()).max(1);
        let total = u32::from(rules.rounds) * per_round;
        let round = view.round_wind.index() as u32;
        let index = round * per_round + u32::from(view.kyoku.max(1)) - 1;
        total.saturating_sub(index + 1)
    }

    /// The seat valued.
    pub fn seat(&self) -> usize {
        self.me
    }

    /// Whether placement counts (else values are raw points).
    pub fn is_active(&self) -> bool {
        self.active
    }

    /// The expected rank bonus of the seat with final points `f` (the seat's own already
    /// less what it paid), and its points gain from `leftover` sticks when the match ends
    /// with them on the table (they go to first place).
    fn expected_bonus(&self, f: &[f32; 4], leftover: f32) -> (f32, f32) {
        let n = self.seats;
        let ends = self.spread <= 0.0 || (self.bust && f[..n].iter().any(|&x| x < 0.0));
        if ends {
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by(|&a, &b| {
                f[b].total_cmp(&f[a]).then(self.priority[a].cmp(&self.priority[b]))
            });
            let gain = if order[0] == self.me { leftover } else { 0.0 };
            let rank = order.iter().position(|&s| s == self.me).unwrap_or(n - 1);
            return (self.bonus[rank], gain);
        }
        // Chance to finish below each opponent; the number above the seat is their sum.
        let gap = self.spread * std::f32::consts::SQRT_2;
        let mut above = [0.0f32; 4];
        above[0] = 1.0;
        let mut count = 0;
        for s in (0..n).filter(|&s| s != self.me) {
            let q = normal_cdf((f[s] - f[self.me]) / gap);
            count += 1;
            for k in (0..=count).rev() {
                let stay = above[k] * (1.0 - q);
                let rise = if k > 0 { above[k - 1] * q } else { 0.0 };
                above[k] = stay + rise;
            }
        }
        let bonus = (0..n).map(|r| above[r] * self.bonus[r]).sum();
        (bonus, 0.0)
    }

    /// The value of an outcome that moves the seats' points by `deltas`, with the seat's
    /// own riichi stick `paid` (its deposit is part of its points already, so it is not in
    /// `deltas[me]`) and `leftover` sticks on the table if the match ends: the seat's points
    /// change plus the change of its expected rank bonus.
    pub fn value(&self, deltas: &[f32; 4], paid: f32, leftover: f32) -> f32 {
        if !self.active {
            return deltas[self.me];
        }
        let mut f = self.scores;
        for (x, d) in f.iter_mut().zip(deltas) {
            *x += d;
        }
        f[self.me] -= paid;
        let (bonus, gain) = self.expected_bonus(&f, leftover);
        deltas[self.me] + gain + bonus - self.baseline
    }

    /// The seats other than the valued one.
    fn others(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.seats).filter(move |&s| s != self.me)
    }

    /// What a scored win of `points` is worth, as [`Placement::win`], but never less than a
    /// point: a win never moves the seat down the order, so it stays worth more than nothing.
    pub fn scored_win(&self, points: f32, self_drawn: bool, paid: f32) -> f32 {
        if points > 0.0 && self.active {
            self.win(points, self_drawn, paid).max(1.0)
        } else {
            points
        }
    }

    /// The seat's own win collecting `points` (the table's sticks, its own stick if `paid`,
    /// and the honba included), self-drawn or on a discard (of an opponent taken at random).
    pub fn win(&self, points: f32, self_drawn: bool, paid: f32) -> f32 {
        if !self.active || points <= 0.0 {
            return points;
        }
        let pay = (points - self.sticks - paid).max(0.0);
        let mut deltas = [0.0f32; 4];
        deltas[self.me] = points;
        if self_drawn {
            for s in self.others() {
                deltas[s] = -pay * self.tsumo_share(self.me, s);
            }
            return self.value(&deltas, paid, 0.0);
        }
        let (mut sum, mut n) = (0.0f32, 0.0f32);
        for s in self.others() {
            let mut d = deltas;
            d[s] = -pay;
            sum += self.value(&d, paid, 0.0);
            n += 1.0;
        }
        sum / n.max(1.0)
    }

    /// The seat dealing in to `winner` for `cost` (the winner takes the sticks as well).
    pub fn deal_in(&self, winner: usize, cost: f32, paid: f32) -> f32 {
        if !self.active {
            return -cost;
        }
        let mut deltas = [0.0f32; 4];
        deltas[self.me] = -cost;
        deltas[winner % 4] += cost + self.sticks + paid;
        self.value(&deltas, paid, 0.0)
    }

    /// Another seat, `winner`, winning `cost` not on the seat's discard: self-drawn (the seat
    /// pays its share) or on a third seat's discard, as often as the raw outlook counts them.
    pub fn other_win(&self, winner: usize, cost: f32, paid: f32) -> f32 {
        let w = winner % 4;
        if !self.active {
            return -SELF_DRAWN * self.tsumo_share(w, self.me) * cost;
        }
        let mut tsumo = [0.0f32; 4];
        tsumo[w] = cost + self.sticks + paid;
        for s in (0..self.seats).filter(|&s| s != w) {
            tsumo[s] = -cost * self.tsumo_share(w, s);
        }
        let mut value = SELF_DRAWN * self.value(&tsumo, paid, 0.0);
        let thirds: Vec<usize> = self.others().filter(|&s| s != w).collect();
        for &x in &thirds {
            let mut ron = [0.0f32; 4];
            ron[w] = cost + self.sticks + paid;
            ron[x] = -cost;
            value += (1.0 - SELF_DRAWN) / thirds.len() as f32 * self.value(&ron, paid, 0.0);
        }
        value
    }

    /// The exhaustive draw with `ready` seats: `pool` points (riichi's 3,000) from those not
    /// ready to those ready; the sticks stay on the table (to first place if the match ends).
    pub fn exhaustive(&self, ready: &[bool; 4], pool: f32, paid: f32) -> f32 {
        let n_ready = ready[..self.seats].iter().filter(|&&r| r).count() as f32;
        let n_not = self.seats as f32 - n_ready;
        let mut deltas = [0.0f32; 4];
        if n_ready > 0.0 && n_not > 0.0 {
            for (s, d) in deltas.iter_mut().enumerate().take(self.seats) {
                *d = if ready[s] { pool / n_ready } else { -pool / n_not };
            }
        }
        self.value(&deltas, paid, self.sticks + paid)
    }

    /// The part of a self-drawn win by `winner` that `payer` pays (riichi: the dealer
    /// doubles).
    fn tsumo_share(&self, winner: usize, payer: usize) -> f32 {
        if winner == self.dealer {
            1.0 / (self.seats as f32 - 1.0)
        } else if payer == self.dealer {
            0.5
        } else {
            0.25
        }
    }
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26, error below
/// 1.5e-7).
fn normal_cdf(x: f32) -> f32 {
    let z = x.abs() / std::f32::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_6
            + t * (-0.284_496_7 + t * (1.421_413_8 + t * (-1.453_152 + t * 1.061_405_4))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::Seat;

    fn view(seat: Seat, scores: [i32; 4]) -> PlayerView {
        let rules = Rules::preset("riichi").unwrap();
        let mut v = PlayerView::new(seat, &rules);
        v.scores = scores;
        v
    }

    #[test]
    fn the_normal_distribution_is_right() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-6);
        assert!((normal_cdf(1.0) - 0.841_344_7).abs() < 1e-5);
        assert!((normal_cdf(-1.96) - 0.024_997_9).abs() < 1e-5);
    }

    #[test]
    fn a_leader_in_the_last_hand_loses_more_by_a_deal_in_than_it_gains_by_a_win() {
        let rules = Rules::preset("riichi").unwrap();
        // East leads by 6,000 in the hand that ends the match.
        let p = Placement::new(&view(Seat::East, [31000, 25000, 23000, 21000]), &rules, Some(0));
        let win = p.win(2000.0, false, 0.0);
        let loss = p.deal_in(1, 8000.0, 0.0);
        // A win keeps first: worth its points only. A mangan to second costs first place:
        // 8,000 and 30,000 of rank bonus (40,000 for first, 10,000 for second).
        assert_eq!(win, 2000.0);
        assert_eq!(loss, -8000.0 - 30000.0);
        // Raw points see 2,000 against 8,000.
        let raw = Placement::raw();
        assert_eq!((raw.win(2000.0, false, 0.0), raw.deal_in(1, 8000.0, 0.0)), (2000.0, -8000.0));
    }

    #[test]
    fn last_place_values_a_win_by_whether_it_passes() {
        let rules = Rules::preset("riichi").unwrap();
        // North is 5,000 behind West: a 3,900 ron from West (West 20,100, North 22,900) is
        // enough; from another it is not. A 5,200 self-draw (1,300 / 1,300 / 2,600 from the
        // dealer) leaves North at 24,200 against West's 22,700: third.
        let p = Placement::new(&view(Seat::North, [35000, 27000, 24000, 19000]), &rules, Some(0));
        let small = p.win(3900.0, false, 0.0);
        assert!(small > 3900.0 && small < 3900.0 + 10000.0, "{small}");
        assert_eq!(p.win(5200.0, true, 0.0), 5200.0 + 10000.0);
        // Far from the end the same outcomes are worth about their points (the bonus is
        // smooth in the gap), never less than raw for a win.
        let far = Placement::new(&view(Seat::North, [35000, 27000, 24000, 19000]), &rules, Some(7));
        let w = far.win(3900.0, false, 0.0);
        assert!(w > 3900.0 && w < 3900.0 + 10000.0, "{w}");
    }

    #[test]
    fn a_riichi_stick_can_cost_a_rank_at_the_draw() {
        let rules = Rules::preset("riichi").unwrap();
        // All level, the match ends at this draw: East (first in the tie order) is first.
        let p = Placement::new(&view(Seat::East, [25000; 4]), &rules, Some(0));
        let none = [false; 4];
        assert_eq!(p.exhaustive(&none, 3000.0, 0.0), 0.0);
        // With its stick paid and nobody ready East ends on 24,000, last (the stick goes to
        // first place, South; the 1,000 itself is the caller's to count).
        assert_eq!(p.exhaustive(&none, 3000.0, 1000.0), -20000.0 - 40000.0);
        // Ready alone: +3,000, first, and it keeps its stick (first place takes the sticks).
        let alone = [true, false, false, false];
        assert_eq!(p.exhaustive(&alone, 3000.0, 1000.0), 3000.0 + 1000.0);
    }

    #[test]
    fn the_schedule_says_how_many_hands_are_left() {
        let rules = Rules::preset("riichi").unwrap();
        let mut v = view(Seat::East, [25000; 4]);
        v.round_wind = Seat::East;
        v.kyoku = 1;
        assert_eq!(Placement::hands_left(&v, &rules), 7);
        v.round_wind = Seat::South;
        v.kyoku = 4;
        assert_eq!(Placement::hands_left(&v, &rules), 0);
        v.round_wind = Seat::West;
        v.kyoku = 2;
        assert_eq!(Placement::hands_left(&v, &rules), 0);
        let mcr = Rules::preset("mcr").unwrap();
        assert!(!Placement::new(&v, &mcr, Some(0)).is_active());
    }
}
