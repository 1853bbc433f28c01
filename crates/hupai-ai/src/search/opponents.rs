//! Reads of the opponents: for each, the chance it is ready now, its chance to win on each
//! kind if it is, and what its win costs; and the rates at which it becomes ready and wins
//! over the go-arounds left.
//!
//! By default these come from the models learned from hupai's own games ([`crate::reads`]);
//! [`OpponentModel::hand_written`] keeps the hand-written model of [`crate::danger`] with
//! fixed rates per family, for comparison.

use std::sync::Arc;

use hupai_core::Kind;
use hupai_engine::PlayerView;
use hupai_rules::{AfterWin, Rules, Variant};

use crate::danger::{in_hand, threats, Danger, TableRead};
use crate::reads::{Reads, Table};
use crate::situation::Situation;

/// Go-arounds ahead that the per-go-around rates of a [`Read`] distinguish; later ones take
/// the last.
pub const HORIZON: usize = 20;

/// One opponent as read at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// Its actor number.
    pub seat: usize,
    /// The chance it is ready now.
    pub ready: f32,
    /// What its win costs the discarder who deals in (the family's points).
    pub cost: f32,
    /// For each kind, the chance that a discard of it deals in to this seat if it is ready.
    pub danger: [f32; 34],
    /// The danger of a discard while pushing: the mean over the unseen tiles.
    pub mean_danger: f32,
    /// `becomes[t]`: the chance that, not ready, it becomes ready during go-around `t`.
    pub becomes: [f32; HORIZON],
    /// `wins[t]`: the chance that, ready, it wins during go-around `t`, not on the seat's
    /// discard (self-drawn or on a third seat's discard).
    pub wins: [f32; HORIZON],
}

impl Read {
    /// Its chance to be ready `t` go-arounds from now.
    pub fn ready_after(&self, t: usize) -> f32 {
        let not_ready =
            (0..t).fold(1.0 - self.ready, |q, j| q * (1.0 - self.becomes[j.min(HORIZON - 1)]));
        1.0 - not_ready
    }

    /// Its chance to win during go-around `t` if it is ready then.
    pub fn wins_at(&self, t: usize) -> f32 {
        self.wins[t.min(HORIZON - 1)]
    }

    /// Where it stands at the start of each go-around `0..=until`: the chances `(not ready,
    /// ready)` that it is in the hand that way. A ready seat that wins is out of those
    /// chances, as `after_win` has it: where a win ends the hand, the two are its state given
    /// that it has not won yet (the hand still on), so they add up to one; where the winner
    /// leaves (血战到底), they are its chances to be still in, so the sum falls as it wins;
    /// where the winner stays and may win again (血流成河), a win leaves it ready.
    pub fn states(&self, until: usize, after_win: AfterWin) -> Vec<(f32, f32)> {
        let (mut not_ready, mut ready) = (1.0 - self.ready, self.ready);
        let mut out = Vec::with_capacity(until + 1);
        for t in 0..=until {
            out.push(match after_win {
                AfterWin::End => {
                    let still = (not_ready + ready).max(1e-9);
                    (not_ready / still, ready / still)
                }
                AfterWin::Leave | AfterWin::Stay => (not_ready, ready),
            });
            let won = if after_win == AfterWin::Stay { 0.0 } else { ready * self.wins_at(t) };
            let becomes = not_ready * self.becomes[t.min(HORIZON - 1)];
            ready += becomes - won;
            not_ready -= becomes;
        }
        out
    }
}

/// How the others' discards feed a ready hand, per go-around.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    /// Others' discards a ready hand may win on (no declared riichi): the number of draws
    /// from the unseen tiles that would give its waits the same chance.
    pub ron_draws: f32,
    /// The same after a declared riichi (the others fold more).
    pub ron_draws_riichi: f32,
}

/// The hand-written model's rates, which the calibration ([`crate::reads::calibration`])
/// compares the learned reads with.
#[derive(Clone, Copy, Debug)]
pub struct WrittenRates {
    /// A seat not ready becomes ready, per go-around.
    pub becomes_ready: f32,
    /// A ready seat wins, per go-around.
    pub ready_wins: f32,
    /// Others' discards a ready hand may win on, per go-around, without riichi.
    pub ron_draws: f32,
    /// The same after riichi.
    pub ron_draws_riichi: f32,
}

/// The model the search reads the opponents with.
#[derive(Clone, Debug, Default)]
pub struct OpponentModel {
    learned: Option<Arc<Reads>>,
}

/// The hand-written per-go-around rates of a family: (becomes ready, a ready seat wins).
fn written_rates(variant: Variant) -> (f32, f32) {
    match variant {
        Variant::Riichi => (0.07, 0.11),
        Variant::Mcr
        | Variant::Chinese
        | Variant::Sichuan
        | Variant::HongKong
        | Variant::Guangdong
        | Variant::Wuhan => (0.09, 0.13),
    }
}

impl OpponentModel {
    /// The hand-written model of [`crate::danger`].
    pub fn hand_written() -> OpponentModel {
        OpponentModel { learned: None }
    }

    /// The learned model of `rules`' family ([`Reads::for_rules`]), or the hand-written one
    /// where none is shipped.
    pub fn for_rules(rules: &Rules) -> OpponentModel {
        OpponentModel { learned: Reads::for_rules(rules) }
    }

    /// A model that reads with `reads`.
    pub fn learned(reads: Reads) -> OpponentModel {
        OpponentModel { learned: Some(Arc::new(reads)) }
    }

    /// Whether this is a learned model.
    pub fn is_learned(&self) -> bool {
        self.learned.is_some()
    }

    /// The hand-written model's rates of `rules`' family, as the calibration compares them.
    pub fn written_rates(rules: &Rules) -> WrittenRates {
        let (becomes_ready, ready_wins) = written_rates(rules.variant);
        let (ron_draws, ron_draws_riichi) = match rules.variant {
            Variant::Riichi => (1.2, 0.8),
            Variant::Mcr
            | Variant::Chinese
            | Variant::Sichuan
            | Variant::HongKong
            | Variant::Guangdong
            | Variant::Wuhan => (1.5, 1.2),
        };
        WrittenRates { becomes_ready, ready_wins, ron_draws, ron_draws_riichi }
    }

    /// How the others' discards feed a ready hand under `rules`.
    pub fn rates(&self, rules: &Rules) -> Rates {
        match &self.learned {
            Some(r) => Rates { ron_draws: r.ron_draws, ron_draws_riichi: r.ron_draws_riichi },
            None => {
                let w = OpponentModel::written_rates(rules);
                Rates { ron_draws: w.ron_draws, ron_draws_riichi: w.ron_draws_riichi }
            }
        }
    }

    /// Reads the opponents still in the hand.
    pub fn read_all(&self, view: &PlayerView, sit: &Situation) -> Vec<Read> {
        match &self.learned {
            Some(reads) => read_learned(reads, view, sit),
            None => read_written(view, sit),
        }
    }
}

/// The mean danger over the unseen tiles (of a tile drawn at random).
fn mean_danger(sit: &Situation, danger: &[f32; 34]) -> f32 {
    let unseen_total = sit.unseen_total().max(1) as f32;
    Kind::all().map(|k| danger[k.index()] * sit.unseen(k) as f32).sum::<f32>() / unseen_total
}

fn read_learned(reads: &Reads, view: &PlayerView, sit: &Situation) -> Vec<Read> {
    let table = Table::with_situation(view, sit.clone());
    // The seats at the table after this one (two at three players), those still in.
    (1..4)
        .map(|i| (sit.me + i) % 4)
        .filter(|&seat| in_hand(view, seat))
        .map(|seat| {
            let r = reads.read(&table, seat);
            let mean_danger = mean_danger(sit, &r.danger);
            let (mut becomes, mut wins) = ([0.0f32; HORIZON], [0.0f32; HORIZON]);
            reads.rates(&table, &r.opponent, &mut becomes, &mut wins);
            Read {
                seat,
                ready: r.ready,
                cost: r.cost,
                danger: r.danger,
                mean_danger,
                becomes,
                wins,
            }
        })
        .collect()
}

fn read_written(view: &PlayerView, sit: &Situation) -> Vec<Read> {
    let mut seen = sit.visible;
    for k in Kind::all() {
        seen[k] = (seen[k] + sit.counts[k]).min(4);
    }
    let late = sit.late();
    let (becomes, wins) = written_rates(sit.variant);
    threats(view, sit)
        .iter()
        .filter(|t| in_hand(view, t.seat))
        .map(|t| {
            let read = TableRead { seen, genbutsu: t.genbutsu, read: t.read, late };
            let danger: [f32; 34] =
                std::array::from_fn(|i| Kind::new(i as u8).map_or(0.0, |k| Danger::of(&read, k)));
            let mean_danger = mean_danger(sit, &danger);
            Read {
                seat: t.seat,
                ready: t.ready,
                cost: t.cost,
                danger,
                mean_danger,
                becomes: [becomes; HORIZON],
                wins: [wins; HORIZON],
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_core::{Counts, KindSet, Seat};
    use hupai_engine::{Agent, Decision, Driver, Pai, RiverEntry, Setup};

    fn kinds(s: &str) -> KindSet {
        let c: Counts = s.parse().unwrap();
        c.kind_set()
    }

    /// Three players: the empty fourth seat is no opponent, for the search's reads (learned
    /// or hand-written) and for `defensive`'s threats (`reads=learned` or not).
    #[test]
    fn the_empty_seat_at_three_players_is_read_as_no_one() {
        let rules = Rules::preset("sanma").unwrap();
        let driver = Driver::new(Setup::new(rules.clone(), 5));
        for prompt in driver.prompts() {
            let view = prompt.view;
            let sit = Situation::new(view, &rules);
            let at_table: Vec<usize> = view.seats.after(view.seat).map(|s| s.index()).collect();
            assert_eq!(at_table.len(), 2);
            for model in [OpponentModel::for_rules(&rules), OpponentModel::hand_written()] {
                let seats: Vec<usize> = model.read_all(view, &sit).iter().map(|r| r.seat).collect();
                assert_eq!(seats, at_table, "learned: {}", model.is_learned());
            }
            let reads = Reads::for_rules(&rules).unwrap();
            for threats in [threats(view, &sit), crate::reads::threats(&reads, view, &sit)] {
                let empty: Vec<_> =
                    threats.iter().filter(|t| !at_table.contains(&t.seat)).collect();
                assert_eq!(empty.len(), 1);
                assert_eq!(empty[0].ready, 0.0, "the empty seat {} read as ready", empty[0].seat);
            }
        }
    }

    /// A ready seat that wins is out of the chances as the rules have it: the states add up
    /// to one where a win ends the hand, fall as it wins where winners leave, and stay as
    /// the readiness alone says where winners stay; without wins all three are that.
    #[test]
    fn a_win_takes_the_winner_out_of_its_states_as_the_rules_say() {
        let read = |wins: f32| Read {
            seat: 1,
            ready: 0.2,
            cost: 1.0,
            danger: [0.0; 34],
            mean_danger: 0.0,
            becomes: [0.15; HORIZON],
            wins: [wins; HORIZON],
        };
        let close = |a: f32, b: f32| (a - b).abs() < 1e-5;
        let never = read(0.0);
        for after_win in [AfterWin::End, AfterWin::Leave, AfterWin::Stay] {
            for (t, &(n, r)) in never.states(12, after_win).iter().enumerate() {
                assert!(close(r, never.ready_after(t)) && close(n + r, 1.0), "{after_win:?} {t}");
            }
        }
        let often = read(0.3);
        let (end, leave) = (often.states(12, AfterWin::End), often.states(12, AfterWin::Leave));
        let stay = often.states(12, AfterWin::Stay);
        for t in 1..=12 {
            assert!(close(end[t].0 + end[t].1, 1.0), "{t}");
            // Given that it has not won, it is less likely ready than readiness alone says.
            assert!(end[t].1 < often.ready_after(t) && close(stay[t].1, often.ready_after(t)));
            let still_in = leave[t].0 + leave[t].1;
            assert!(still_in < leave[t - 1].0 + leave[t - 1].1, "{t}");
            assert!(close(leave[t].1 / still_in, end[t].1), "{t}");
        }
        // Each go-around: those not ready become ready, the ready win at their rate.
        let (n0, r0) = leave[0];
        assert!(close(leave[1].1, r0 * 0.7 + n0 * 0.15) && close(leave[1].0, n0 * 0.85));
    }

    #[test]
    fn a_learned_model_is_shipped_for_every_family() {
        for preset in Rules::preset_names() {
            let rules = Rules::preset(preset).unwrap();
            assert!(OpponentModel::for_rules(&rules).is_learned(), "{preset}");
        }
        assert!(!OpponentModel::hand_written().is_learned());
    }

    #[test]
    fn reads_are_probabilities_and_costs_are_positive() {
        for preset in ["riichi", "sichuan"] {
            let rules = Rules::preset(preset).unwrap();
            let models = [OpponentModel::for_rules(&rules), OpponentModel::hand_written()];
            let mut setup = Setup::new(rules.clone(), 17);
            setup.single_hand = true;
            let mut driver = Driver::new(setup);
            let mut agents: Vec<Option<crate::Defensive>> =
                (0..4).map(|_| Some(crate::Defensive::new(&rules))).collect();
            let mut checked = 0;
            while !driver.is_over() {
                if let Some(p) = driver.prompts().next() {
                    if matches!(p.view.decision(), Decision::Turn { .. }) {
                        let sit = Situation::new(p.view, &rules);
                        for model in &models {
                            for r in model.read_all(p.view, &sit) {
                                let unit = |x: f32| (0.0..=1.0).contains(&x);
                                assert!(unit(r.ready) && unit(r.mean_danger), "{r:?}");
                                assert!(r.danger.iter().all(|&d| unit(d)), "{r:?}");
                                assert!(r.becomes.iter().chain(&r.wins).all(|&x| unit(x)));
                                assert!(r.cost > 0.0 && r.cost.is_finite(), "{r:?}");
                                assert!(unit(r.ready_after(30)) && r.ready_after(5) >= r.ready);
                                checked += 1;
                            }
                        }
                    }
                }
                if driver.step(&mut agents).unwrap().is_none() {
                    break;
                }
            }
            assert!(checked > 100, "{preset}: {checked}");
            let _ = agents[0].as_mut().map(|a| a.name().to_string());
        }
    }

    #[test]
    fn a_riichi_reads_as_ready_and_its_genbutsu_as_safe() {
        let rules = Rules::preset("riichi").unwrap();
        let model = OpponentModel::for_rules(&rules);
        let mut view = PlayerView::new(Seat::East, &rules);
        let entry = |s: &str, riichi: bool| RiverEntry {
            pai: s.parse::<Pai>().unwrap(),
            tsumogiri: false,
            riichi,
            called: false,
        };
        view.rivers[1] = vec![entry("9m", false), entry("E", false), entry("5p", true)];
        view.discarded[1] = kinds("9m5p1z");
        view.passed_since_riichi[1] = kinds("3s");
        view.riichi[1] = true;
        view.draws = 30;
        let sit = Situation::new(&view, &rules);
        let reads = model.read_all(&view, &sit);
        let south = reads.iter().find(|r| r.seat == 1).unwrap();
        assert_eq!(south.ready, 1.0);
        for k in kinds("9m5p1z3s").iter() {
            assert_eq!(south.danger[k.index()], 0.0, "{k}");
        }
        // Everything else may deal in; the middle of the riichi's suit more than a terminal.
        let five_s = Kind::new(22).unwrap();
        assert!(south.danger[five_s.index()] > 0.0);
        let one_s = Kind::new(18).unwrap();
        assert!(south.danger[five_s.index()] > south.danger[one_s.index()]);
        // The others have not called or declared: hardly ready at turn 7.
        assert!(reads.iter().filter(|r| r.seat != 1).all(|r| r.ready < 0.3));
    }
}
