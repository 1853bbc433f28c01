//! What the rest of the table means for one decision: for every go-around left, how likely
//! another seat's win ends the hand and what that costs, how likely a discard deals in and
//! what that costs, what folding is worth, and what the exhaustive draw pays.
//!
//! The opponents are read by an [`OpponentModel`](super::opponents::OpponentModel): each
//! one's chance to be ready now, its chance to win on each kind if ready, and the cost of its
//! win. Over the go-arounds left, a seat not yet ready becomes ready and a ready seat wins
//! at the rates the model gives for each go-around.

use hupai_core::{Kind, Seat};
use hupai_engine::PlayerView;
use hupai_rules::{AfterWin, Rules, Variant};

use super::opponents::{OpponentModel, Read};
use super::placement::Placement;
use crate::situation::Situation;

/// What the ways the hand may end are worth to the seat, go-around by go-around: raw points,
/// or their worth to the match score ([`Placement`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Ends {
    /// `other_win[t]`: the seat's expected result when another seat's win ends the hand in
    /// go-around `t` (a share of a self-draw, the 8 every player pays in MCR, ...), negative.
    pub other_win: Vec<f32>,
    /// `deal_cost[t]`: what a deal-in in go-around `t` costs (positive).
    pub deal_cost: Vec<f32>,
    /// `drain[t]`: where another seat's win does not end the hand (血战到底), what the others'
    /// wins during go-around `t` cost the seat while it is still in (their self-draws'
    /// shares), negative; zero where every win ends the hand.
    pub drain: Vec<f32>,
    /// `fold[t]`: the expected result of folding from the others' turns of go-around `t`.
    pub fold: Vec<f32>,
    /// `fold_deal[t]`: the chance to deal in after all while folding from go-around `t`.
    pub fold_deal: Vec<f32>,
    /// What a ready hand collects at the exhaustive draw (tenpai payments, 查叫).
    pub ready_at_draw: f32,
    /// What a hand not ready pays there (negative).
    pub not_ready_at_draw: f32,
}

/// The rest of the table, go-around by go-around, as one seat sees it at one decision.
///
/// Go-arounds are numbered `t = 0..=draws`: go-around 0 is the others' turns right after the
/// decision; go-around `t ≥ 1` starts with the seat's own `t`-th draw from now.
#[derive(Clone, Debug)]
pub struct Outlook {
    /// The seat's own draws left.
    pub draws: usize,
    /// The opponents as read now.
    pub reads: Vec<Read>,
    /// `hazard[t]`: chance that another seat's win (not on the seat's discard) ends the hand
    /// during the others' turns of go-around `t`.
    pub hazard: Vec<f32>,
    /// `push_deal[t]`: chance that a discard made while pushing in go-around `t` deals in.
    pub push_deal: Vec<f32>,
    /// `fold_deal[t0][t]`: the chance that the discard of go-around `t` deals in while
    /// folding from go-around `t0` (the held tiles go safest first, so a fold that lasts
    /// runs out of safe tiles).
    pub fold_deal: Vec<Vec<f32>>,
    /// What the ends are worth: `ends[0]` as the seat stands, `ends[1]` with its own riichi
    /// stick paid on the way (the same in raw points; under placement the stick may cost a
    /// rank).
    pub ends: [Ends; 2],
    /// How outcomes are valued (raw points, or placement in a match's closing hands).
    pub placement: Placement,
    /// Others' discards per go-around a ready hand may win on, without a declared riichi,
    /// with every opponent in the hand.
    pub ron_draws: f32,
    /// The same after a declared riichi (the others fold more).
    pub ron_draws_riichi: f32,
    /// Whether another seat's win ends the seat's hand (not under 血战到底).
    pub ends_on_win: bool,
    /// `discarders[t]`: the share of the seat's opponents expected to be still in the hand,
    /// and so discarding, in go-around `t` (1 unless winners leave: 血战到底).
    pub discarders: Vec<f32>,
}

impl Outlook {
    /// Reads the table of `view` with `model`, valuing outcomes as `placement` says.
    pub fn new(
        view: &PlayerView,
        rules: &Rules,
        sit: &Situation,
        model: &OpponentModel,
        placement: Placement,
    ) -> Outlook {
        let reads = model.read_all(view, sit);
        let rates = model.rates(rules);
        let ends_on_win = rules.after_win == AfterWin::End;
        let winners_leave = rules.after_win == AfterWin::Leave;
        let draws = if winners_leave {
            draws_as_others_leave(view.live_tiles() as usize, &reads)
        } else {
            own_draws_left(view)
        };
        // `states[i][t]`: opponent `i` not ready and ready at go-around `t`, as it stands
        // while the seat's hand is still on.
        let states: Vec<Vec<(f32, f32)>> =
            reads.iter().map(|r| r.states(draws, rules.after_win)).collect();
        let opponents = view.seats.count().saturating_sub(1).max(1) as f32;
        let mut discarders = Vec::with_capacity(draws + 1);
        let me = view.seat;
        let mut hazard = Vec::with_capacity(draws + 1);
        let mut push_deal = Vec::with_capacity(draws + 1);
        let mut raw = Ends {
            other_win: Vec::with_capacity(draws + 1),
            deal_cost: Vec::with_capacity(draws + 1),
            drain: Vec::with_capacity(draws + 1),
            fold: Vec::new(),
            fold_deal: Vec::new(),
            ready_at_draw: 0.0,
            not_ready_at_draw: 0.0,
        };
        for t in 0..=draws {
            // Under 血战到底 each opponent wins at most once and leaves.
            discarders.push(if winners_leave {
                states.iter().map(|s| s[t].0 + s[t].1).sum::<f32>() / opponents
            } else {
                1.0
            });
            let (mut none_wins, mut loss_weight, mut loss) = (1.0f32, 0.0f32, 0.0f32);
            let mut drain = 0.0f32;
            let (mut no_deal, mut cost_weight, mut cost) = (1.0f32, 0.0f32, 0.0f32);
            for (r, state) in reads.iter().zip(&states) {
                let ready = state[t].1;
                let wins = ready * r.wins_at(t);
                none_wins *= 1.0 - wins;
                let share = other_win_share(rules, me, r.seat, view.dealer, r.cost);
                loss_weight += wins;
                loss += wins * share;
                drain -= wins * share;
                no_deal *= 1.0 - ready * r.mean_danger;
                cost_weight += ready * r.mean_danger;
                cost += ready * r.mean_danger * r.cost;
            }
            let h = if ends_on_win { 1.0 - none_wins } else { 0.0 };
            hazard.push(h);
            raw.drain.push(if ends_on_win { 0.0 } else { drain });
            raw.other_win.push(if loss_weight > 0.0 { -loss / loss_weight } else { 0.0 });
            push_deal.push(1.0 - no_deal);
            let mean_cost = reads.iter().map(|r| r.cost).sum::<f32>() / reads.len().max(1) as f32;
            raw.deal_cost.push(if cost_weight > 0.0 { cost / cost_weight } else { mean_cost });
        }
        (raw.ready_at_draw, raw.not_ready_at_draw) = exhaustive(rules, &reads, &states, draws);
        let fold_deal = fold_deals(&reads, &states, &fold_order(sit, &reads, &states), draws);
        (raw.fold, raw.fold_deal) = folds(&raw, &hazard, &fold_deal, draws);
        let ends = if placement.is_active() {
            let placed = |paid: f32| {
                let mut e = placed_ends(&placement, rules, &reads, &states, draws, paid);
                (e.fold, e.fold_deal) = folds(&e, &hazard, &fold_deal, draws);
                e
            };
            [placed(0.0), placed(1000.0)]
        } else {
            [raw.clone(), raw]
        };
        Outlook {
            draws,
            reads,
            hazard,
            push_deal,
            fold_deal,
            ends,
            placement,
            ron_draws: rates.ron_draws,
            ron_draws_riichi: rates.ron_draws_riichi,
            ends_on_win,
            discarders,
        }
    }

    /// The chance that the others' discards of go-around `t` give a ready hand its win, for
    /// a hand that wins on them with `p_ron` when every opponent is in: the same where nobody
    /// leaves, less as seats are expected to have won and left.
    pub fn ron_at(&self, p_ron: f32, t: usize) -> f32 {
        let share = self.discarders.get(t).copied().unwrap_or(1.0);
        if share >= 1.0 {
            p_ron
        } else {
            1.0 - (1.0 - p_ron).powf(share)
        }
    }

    /// The ends as a hand with (`paid`) or without its own new riichi stick sees them.
    pub fn ends(&self, paid: bool) -> &Ends {
        &self.ends[usize::from(paid)]
    }

    /// The chance that discarding `kind` now deals in, and what it then costs (a riichi
    /// declared with the discard is void when it deals in: no stick is paid).
    pub fn discard_risk(&self, kind: Kind) -> (f32, f32) {
        let (mut safe, mut weight, mut cost) = (1.0f32, 0.0f32, 0.0f32);
        for r in &self.reads {
            let p = r.ready * r.danger[kind.index()];
            safe *= 1.0 - p;
            weight += p;
            cost += p * if self.placement.is_active() {
                -self.placement.deal_in(r.seat, r.cost, 0.0)
            } else {
                r.cost
            };
        }
        let p = 1.0 - safe;
        (p, if weight > 0.0 { cost / weight } else { 0.0 })
    }

    /// The largest readiness among the opponents (for explanations).
    pub fn top_threat(&self) -> Option<&Read> {
        self.reads.iter().max_by(|a, b| a.ready.total_cmp(&b.ready))
    }
}

/// The value of folding from each go-around, and the chance to deal in all the same: the
/// others' wins still cost their share; each discard is the safest tile left, and the hand
/// ends not ready.
fn folds(e: &Ends, hazard: &[f32], fold_deal: &[Vec<f32>], draws: usize) -> (Vec<f32>, Vec<f32>) {
    let mut fold = vec![0.0f32; draws + 1];
    let mut dealt = vec![0.0f32; draws + 1];
    for t0 in 0..=draws {
        // Backward from the wall's end to `t0`, with the discards of a fold begun at `t0`.
        let (mut value, mut deal) = (0.0f32, 0.0f32);
        for t in (t0..=draws).rev() {
            let (next, next_deal) = if t == draws {
                (e.not_ready_at_draw, 0.0)
            } else {
                let p = fold_deal[t0][t + 1];
                (-p * e.deal_cost[t + 1] + (1.0 - p) * value, p + (1.0 - p) * deal)
            };
            value = hazard[t] * e.other_win[t] + (1.0 - hazard[t]) * (e.drain[t] + next);
            deal = (1.0 - hazard[t]) * next_deal;
        }
        fold[t0] = value;
        dealt[t0] = deal;
    }
    (fold, dealt)
}

/// The order a fold gives up the held tiles: each copy by its danger to the opponents as
/// read for the next go-around (ready by then, `states`), safest first, as each one's danger
/// to every opponent. A held tile more dangerous than a tile drawn at random is never a
/// fold's discard (the drawn tile goes instead), so the order stops there.
fn fold_order(sit: &Situation, reads: &[Read], states: &[Vec<(f32, f32)>]) -> Vec<Vec<f32>> {
    let next = |s: &Vec<(f32, f32)>| s.get(1).or(s.last()).map_or(0.0, |x| x.1);
    let combined = |d: &dyn Fn(&Read) -> f32| {
        reads.iter().zip(states).map(|(r, s)| next(s) * d(r)).sum::<f32>()
    };
    let drawn = combined(&|r| r.mean_danger);
    let mut held: Vec<(f32, Kind)> = Vec::new();
    for k in sit.counts.kinds() {
        let c = combined(&|r| r.danger[k.index()]);
        if c < drawn {
            held.extend(std::iter::repeat_n((c, k), usize::from(sit.counts[k])));
        }
    }
    held.sort_by(|a, b| a.0.total_cmp(&b.0));
    held.into_iter().map(|(_, k)| reads.iter().map(|r| r.danger[k.index()]).collect()).collect()
}

/// `fold_deal[t0][t]`: the chance that the fold's discard of go-around `t` deals in when the
/// fold began at `t0`: its `t - t0`-th tile in `order`, then tiles drawn at random.
fn fold_deals(
    reads: &[Read],
    states: &[Vec<(f32, f32)>],
    order: &[Vec<f32>],
    draws: usize,
) -> Vec<Vec<f32>> {
    let ready: Vec<Vec<f32>> =
        (0..=draws).map(|t| states.iter().map(|s| s[t].1).collect()).collect();
    (0..=draws)
        .map(|t0| {
            (0..=draws)
                .map(|t| {
                    if t <= t0 {
                        return 0.0;
                    }
                    let tile = order.get(t - t0 - 1);
                    let safe = reads.iter().enumerate().fold(1.0f32, |q, (i, r)| {
                        let d = tile.map_or(r.mean_danger, |danger| danger[i]);
                        q * (1.0 - ready[t][i] * d)
                    });
                    1.0 - safe
                })
                .collect()
        })
        .collect()
}

/// The ends valued by `placement` (riichi), with the seat's own stick `paid` or not: each
/// opponent's win, deal-in and the exhaustive draw's payments by what they do to the order.
fn placed_ends(
    placement: &Placement,
    rules: &Rules,
    reads: &[Read],
    states: &[Vec<(f32, f32)>],
    draws: usize,
    paid: f32,
) -> Ends {
    let mut e = Ends {
        other_win: Vec::with_capacity(draws + 1),
        deal_cost: Vec::with_capacity(draws + 1),
        // Placement is riichi's, where every win ends the hand.
        drain: vec![0.0; draws + 1],
        fold: Vec::new(),
        fold_deal: Vec::new(),
        ready_at_draw: 0.0,
        not_ready_at_draw: 0.0,
    };
    let deal_in: Vec<f32> = reads.iter().map(|r| placement.deal_in(r.seat, r.cost, paid)).collect();
    let other: Vec<f32> = reads.iter().map(|r| placement.other_win(r.seat, r.cost, paid)).collect();
    let mean_deal = -deal_in.iter().sum::<f32>() / deal_in.len().max(1) as f32;
    for t in 0..=draws {
        let (mut loss_weight, mut loss, mut cost_weight, mut cost) = (0.0f32, 0.0f32, 0.0, 0.0);
        for (((r, state), other), deal_in) in reads.iter().zip(states).zip(&other).zip(&deal_in) {
            let ready = state[t].1;
            let wins = ready * r.wins_at(t);
            loss_weight += wins;
            loss += wins * other;
            cost_weight += ready * r.mean_danger;
            cost -= ready * r.mean_danger * deal_in;
        }
        e.other_win.push(if loss_weight > 0.0 { loss / loss_weight } else { 0.0 });
        e.deal_cost.push(if cost_weight > 0.0 { cost / cost_weight } else { mean_deal });
    }
    // The exhaustive draw: every combination of the others being ready at the end.
    let ready_end: Vec<f32> = states.iter().map(|s| s[draws].1).collect();
    let pool = rules.noten_penalty as f32;
    let me = placement.seat();
    for mask in 0u32..(1 << ready_end.len()) {
        let mut p = 1.0f32;
        let mut ready = [false; 4];
        for (i, q) in ready_end.iter().enumerate() {
            let on = mask & (1 << i) != 0;
            p *= if on { *q } else { 1.0 - q };
            ready[reads[i].seat % 4] = on;
        }
        ready[me] = true;
        e.ready_at_draw += p * placement.exhaustive(&ready, pool, paid);
        ready[me] = false;
        e.not_ready_at_draw += p * placement.exhaustive(&ready, pool, paid);
    }
    e
}

/// The seat's own draws left: a quarter of the live wall, rounded by its place in the order.
pub fn own_draws_left(view: &PlayerView) -> usize {
    let live = view.live_tiles() as usize;
    let players = view.in_hand_seats().count().max(1);
    live / players
}

/// The seat's own draws left where a winner leaves the hand and the others play on (血战到底,
/// `after_win = "leave"`):
/// the live wall shared go-around by go-around among the seat and the opponents expected to be
/// still in, each leaving at the chance `reads` give it to be ready and win. At the start of a
/// Sichuan hand that is a quarter to a third more draws than a share of the wall among the
/// seats in now (the search's win chances early in the hand were that much too low).
pub fn draws_as_others_leave(live: usize, reads: &[Read]) -> usize {
    let states: Vec<Vec<(f32, f32)>> =
        reads.iter().map(|r| r.states(live + 1, AfterWin::Leave)).collect();
    let mut left = live as f32;
    let mut draws = 0;
    // Go-around `t`'s others' turns come before the seat's own draw `t + 1`; an opponent
    // that wins in them has drawn in them.
    for t in 0..=live {
        left -= states.iter().map(|s| s[t].0 + s[t].1).sum::<f32>();
        if left < 1.0 - 1e-4 {
            break;
        }
        left -= 1.0;
        draws += 1;
    }
    draws
}

/// What `me` pays, on average, when `winner` wins not on `me`'s discard, for a win that costs
/// its discarder `cost`.
fn other_win_share(rules: &Rules, me: Seat, winner: usize, dealer: Seat, cost: f32) -> f32 {
    // How often the others' wins are self-drawn rather than on a third seat's discard.
    const SELF_DRAWN: f32 = 0.45;
    match rules.variant {
        Variant::Riichi => {
            let share = if winner == dealer.index() {
                1.0 / 3.0
            } else if me == dealer {
                0.5
            } else {
                0.25
            };
            SELF_DRAWN * share * cost
        }
        // MCR: every player pays 8, the discarder (or each, self-drawn) the fans besides.
        Variant::Mcr => SELF_DRAWN * cost + (1.0 - SELF_DRAWN) * 8.0,
        // Hong Kong 半銃 and the self-draw shares: about a third each.
        Variant::Chinese
        | Variant::Sichuan
        | Variant::HongKong
        | Variant::Guangdong
        | Variant::Wuhan => SELF_DRAWN * cost,
    }
}

/// What the exhaustive draw pays a ready hand, and what a hand not ready pays.
fn exhaustive(
    rules: &Rules,
    reads: &[Read],
    states: &[Vec<(f32, f32)>],
    draws: usize,
) -> (f32, f32) {
    let ready_end: Vec<f32> = states.iter().map(|s| s[draws].1).collect();
    let not_ready_end: Vec<f32> = states.iter().map(|s| s[draws].0).collect();
    match rules.variant {
        Variant::Riichi => {
            // 3,000 points from the hands not ready to the ready ones.
            let (mut ready, mut not_ready) = (0.0f32, 0.0f32);
            for mask in 0u32..(1 << ready_end.len()) {
                let mut p = 1.0f32;
                for (i, q) in ready_end.iter().enumerate() {
                    p *= if mask & (1 << i) != 0 { *q } else { 1.0 - q };
                }
                let others_ready = mask.count_ones() as f32;
                let players = reads.len() as f32 + 1.0;
                if others_ready + 1.0 < players {
                    ready += p * 3000.0 / (others_ready + 1.0);
                }
                if others_ready > 0.0 {
                    not_ready -= p * 3000.0 / (players - others_ready);
                }
            }
            (ready, not_ready)
        }
        _ if rules.not_ready_pays => {
            let mean_cost = reads.iter().map(|r| r.cost).sum::<f32>() / reads.len().max(1) as f32;
            // The seats still in and not ready pay a ready hand; the ready ones collect.
            let ready: f32 = not_ready_end.iter().map(|q| q * mean_cost).sum();
            let not_ready: f32 = reads.iter().zip(&ready_end).map(|(r, q)| -q * r.cost).sum();
            (ready, not_ready)
        }
        _ => (0.0, 0.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::opponents::HORIZON;
    use hupai_engine::{Driver, Setup};

    /// The first decision of a match, the seats' points set to `scores` around the seat
    /// deciding (its own first), read raw and as the match's last hand.
    fn outlooks(scores: [i32; 4]) -> (Outlook, Outlook) {
        let rules = Rules::preset("riichi").unwrap();
        let driver = Driver::new(Setup::new(rules.clone(), 3));
        let mut view = driver.prompts().next().unwrap().view.clone();
        let me = view.seat.index();
        view.scores = std::array::from_fn(|s| scores[(s + 4 - me) % 4]);
        let sit = Situation::new(&view, &rules);
        let model = OpponentModel::for_rules(&rules);
        let raw = Outlook::new(&view, &rules, &sit, &model, Placement::raw());
        let last =
            Outlook::new(&view, &rules, &sit, &model, Placement::new(&view, &rules, Some(0)));
        (raw, last)
    }

    #[test]
    fn a_narrow_leader_fears_a_deal_in_more_than_its_points() {
        // 2,000 ahead in the last hand: any deal-in hands first place to its winner.
        let (raw, last) = outlooks([27000, 25000, 24000, 24000]);
        for t in 0..=raw.draws {
            let (r, l) = (raw.ends(false).deal_cost[t], last.ends(false).deal_cost[t]);
            assert!(l > r + 20000.0, "go-around {t}: {l} against {r}");
        }
        // Folding loses value too (a narrow lead rarely survives a draw not ready), but less
        // than a deal-in's cost rises.
        let fold_loss = raw.ends(false).fold[0] - last.ends(false).fold[0];
        let deal_rise = last.ends(false).deal_cost[0] - raw.ends(false).deal_cost[0];
        assert!(fold_loss < deal_rise, "fold -{fold_loss}, deal-in +{deal_rise}");
        // Ready at the draw never costs a rank; the stick paid for a riichi may.
        assert!(last.ends(false).ready_at_draw >= raw.ends(false).ready_at_draw - 1e-3);
        assert!(last.ends(true).not_ready_at_draw < last.ends(false).not_ready_at_draw);
        assert_eq!(raw.ends(true), raw.ends(false));
    }

    #[test]
    fn last_place_far_behind_pays_a_deal_in_in_points_only() {
        // 8,000 behind third: no deal-in can lower its rank.
        let (raw, last) = outlooks([16000, 28000, 24000, 32000]);
        for t in 0..=raw.draws {
            let (r, l) = (raw.ends(false).deal_cost[t], last.ends(false).deal_cost[t]);
            assert!((l - r).abs() < 1.0, "go-around {t}: {l} against {r}");
        }
    }

    /// A fold spends the held safe tiles first, then deals in at a drawn tile's chance: two
    /// copies safe against a riichi keep two discards safe, not the rest of the hand.
    #[test]
    fn a_fold_runs_out_of_safe_tiles() {
        let rules = Rules::preset("riichi").unwrap();
        let driver = Driver::new(Setup::new(rules.clone(), 3));
        let view = driver.prompts().next().unwrap().view.clone();
        let mut sit = Situation::new(&view, &rules);
        sit.counts = "1m9p234567s22233z".parse().unwrap();
        let safe: Vec<usize> =
            ["1m", "9p"].iter().map(|k| k.parse::<Kind>().unwrap().index()).collect();
        let mut danger = [0.1f32; 34];
        for &k in &safe {
            danger[k] = 0.0;
        }
        let riichi = Read {
            seat: 1,
            ready: 1.0,
            cost: 8000.0,
            danger,
            mean_danger: 0.1,
            becomes: [0.0; super::super::opponents::HORIZON],
            wins: [0.1; super::super::opponents::HORIZON],
        };
        let reads = vec![riichi];
        let states: Vec<_> = reads.iter().map(|r| r.states(6, AfterWin::End)).collect();
        let order = fold_order(&sit, &reads, &states);
        assert_eq!(order, vec![vec![0.0], vec![0.0]], "the two safe copies, nothing no safer");
        let deals = fold_deals(&reads, &states, &order, 6);
        for (t0, row) in deals.iter().enumerate() {
            for (t, deal) in row.iter().enumerate() {
                let expected = if t <= t0 + 2 { 0.0 } else { 0.1 };
                assert!((deal - expected).abs() < 1e-6, "from {t0} at {t}: {deal}");
            }
        }
        // Folding from now deals in on the third discard on, unless the hand ends first.
        let e = Ends {
            other_win: vec![-1000.0; 7],
            deal_cost: vec![8000.0; 7],
            drain: vec![0.0; 7],
            fold: Vec::new(),
            fold_deal: Vec::new(),
            ready_at_draw: 1000.0,
            not_ready_at_draw: -1000.0,
        };
        let (fold, dealt) = folds(&e, &[0.0; 7], &deals, 6);
        let in_4 = 1.0 - 0.9f32.powi(4);
        assert!((dealt[0] - in_4).abs() < 1e-5, "{} against {in_4}", dealt[0]);
        assert!(dealt[4] == 0.0 && dealt[5] == 0.0 && dealt[6] == 0.0);
        assert!((fold[0] - (-8000.0 * in_4 - 1000.0 * (1.0 - in_4))).abs() < 1e-2, "{}", fold[0]);
    }

    /// The outlook of the first decision of a match under `preset`, in raw points, and its view.
    fn first_outlook(preset: &str) -> (Outlook, PlayerView) {
        let rules = Rules::preset(preset).unwrap();
        let driver = Driver::new(Setup::new(rules.clone(), 3));
        let view = driver.prompts().next().unwrap().view.clone();
        let sit = Situation::new(&view, &rules);
        let model = OpponentModel::for_rules(&rules);
        (Outlook::new(&view, &rules, &sit, &model, Placement::raw()), view)
    }

    /// An opponent read as ready now, winning `wins` of the go-arounds it is ready in.
    fn ready_read(seat: usize, wins: f32) -> Read {
        Read {
            seat,
            ready: 1.0,
            cost: 1.0,
            danger: [0.0; 34],
            mean_danger: 0.0,
            becomes: [0.0; HORIZON],
            wins: [wins; HORIZON],
        }
    }

    #[test]
    fn winners_leaving_leave_the_seat_more_draws_and_fewer_discards_to_win_on() {
        // Nobody wins: the wall is shared go-around by go-around, a quarter each.
        for live in 0..60 {
            let never: Vec<Read> = (1..4).map(|s| ready_read(s, 0.0)).collect();
            assert_eq!(draws_as_others_leave(live, &never), live / 4, "{live} tiles");
            assert_eq!(draws_as_others_leave(live, &[]), live, "{live} tiles, alone");
        }
        // Opponents that win and leave: more draws, the more the surer they win.
        let some: Vec<Read> = (1..4).map(|s| ready_read(s, 0.2)).collect();
        let sure: Vec<Read> = (1..4).map(|s| ready_read(s, 1.0)).collect();
        assert!(draws_as_others_leave(40, &some) > 10);
        assert!(draws_as_others_leave(40, &sure) > draws_as_others_leave(40, &some));
        // Each opponent leaves at its first win: three sure winners take three tiles once.
        assert_eq!(draws_as_others_leave(40, &sure), 37);

        // At a hand's first decision the reads expect a fifth of the opponents to have won
        // by the wall's end (they read slow hands as staying slow).
        let (sichuan, view) = first_outlook("sichuan");
        assert!(sichuan.draws >= own_draws_left(&view), "{} draws", sichuan.draws);
        // The discarders thin out go-around by go-around, and a ready hand's chance on
        // their discards with them.
        assert_eq!(sichuan.discarders[0], 1.0);
        assert!(sichuan.discarders.windows(2).all(|w| w[1] <= w[0]));
        let last = sichuan.draws;
        assert!(sichuan.discarders[last] < 0.9, "{:?}", sichuan.discarders);
        assert!(sichuan.ron_at(0.3, last) < 0.3 && sichuan.ron_at(0.3, last) > 0.0);
        // Where nobody leaves (a win ends the hand; 血流成河's winners stay), nothing changes.
        for preset in ["riichi", "mcr", "sichuan-xueliu"] {
            let (o, view) = first_outlook(preset);
            assert_eq!(o.draws, own_draws_left(&view), "{preset}");
            assert!(o.discarders.iter().all(|&d| d == 1.0), "{preset}");
            assert_eq!(o.ron_at(0.3, o.draws), 0.3, "{preset}");
        }
    }

    #[test]
    fn the_others_wins_drain_a_seat_only_where_they_do_not_end_the_hand() {
        let outlook = |preset: &str| first_outlook(preset).0;
        // 血战到底: no win ends the hand, and each costs a seat still in its share.
        let sichuan = outlook("sichuan");
        assert!(sichuan.hazard.iter().all(|&h| h == 0.0));
        let e = sichuan.ends(false);
        assert!(e.drain.iter().all(|&d| d <= 0.0));
        assert!(e.drain.iter().sum::<f32>() < 0.0, "{:?}", e.drain);
        // Folding pays the drain too: in the last go-around, the drain and the draw not ready.
        let d = sichuan.draws;
        assert!((e.fold[d] - (e.drain[d] + e.not_ready_at_draw)).abs() < 1e-4);
        // Where a win ends the hand, its cost is in the hazard, not drained.
        for preset in ["riichi", "guangdong", "mcr"] {
            let o = outlook(preset);
            assert!(o.ends(false).drain.iter().all(|&d| d == 0.0), "{preset}");
            assert!(o.hazard.iter().any(|&h| h > 0.0), "{preset}");
        }
    }
}
