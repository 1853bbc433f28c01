//! Reads of the opponents learned from hupai's own games: for each opponent, the chance it
//! is ready, the chance it wins on each kind if it is, what its win costs, and how fast it
//! becomes ready and wins over the go-arounds to come.
//!
//! Self-play labels them exactly ([`samples`]: the engine knows every hand); the models are
//! linear in one-hot features a seat can see ([`features`]), fitted on CPU ([`regression`],
//! [`fit`]) and shipped as data, one file per rule family, `crates/hupai-ai/data/
//! opponents-<family>.json`, with the command that reproduces it. [`calibration`] measures
//! them on games not fitted on, against the hand-written [`crate::danger`] model.
//!
//! ```
//! use hupai_ai::reads::{Reads, Table};
//! use hupai_engine::{Driver, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let reads = Reads::for_rules(&rules).unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 3));
//! let table = Table::new(driver.view_of(0), &rules);
//! let south = table.opponent(1);
//! let ready = reads.ready(&south);
//! assert!(ready > 0.0 && ready < 0.05, "{ready}");
//! ```

pub mod calibration;
pub mod features;
pub mod fit;
pub mod regression;
pub mod samples;

use std::fmt;
use std::sync::{Arc, OnceLock};

use hupai_core::Kind;
use hupai_rules::{Rules, Variant};
use serde::{Deserialize, Serialize};

pub use features::{Opponent, Schema, Table, KIND, OPPONENT};
use regression::{sigmoid, sum, Loss};

/// The version of the data files' shape and of the features they were fitted on.
pub const VERSION: u32 = 1;

/// The learned reads of one rule family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reads {
    /// [`VERSION`] when written.
    pub version: u32,
    /// The family ([`family_key`]).
    pub family: String,
    /// The command that wrote the file.
    pub command: String,
    /// What the fit saw (rows per model, hands).
    pub fitted_on: String,
    /// The names of the opponent features, as [`OPPONENT`] names them.
    pub opponent_features: Vec<String>,
    /// The names of the kind features, as [`KIND`] names them.
    pub kind_features: Vec<String>,
    /// Readiness (logistic, opponent features), for an opponent that has not declared.
    pub ready: Vec<f32>,
    /// The wait model's opponent part (logistic with `wait_kind`).
    pub wait_opponent: Vec<f32>,
    /// The wait model's kind part: the chance a ready opponent wins on a kind.
    pub wait_kind: Vec<f32>,
    /// The cost of the opponent's win to the discarder (log link, opponent features).
    pub cost: Vec<f32>,
    /// The chance an opponent not ready becomes ready within a go-around (logistic; a
    /// go-around `t` ahead reads the turn `t` later, plus `becomes_ready_ahead`).
    pub becomes_ready: Vec<f32>,
    /// What reading `t` go-arounds ahead adds to `becomes_ready`'s sum, by the turn of the
    /// decision and `t` ([`ahead_feature`]): a hand improves over the go-arounds ahead in ways
    /// the features seen now do not show. Empty in a model fitted before it (nothing added).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub becomes_ready_ahead: Vec<f32>,
    /// The chance a ready opponent wins within a go-around, not on the seat's discard.
    pub ready_wins: Vec<f32>,
    /// Others' discards per go-around a ready hand may win on, without riichi, with every
    /// opponent still in the hand (under 血战到底 the rate falls as seats leave).
    pub ron_draws: f32,
    /// The same after a declared riichi.
    pub ron_draws_riichi: f32,
}

/// Why a data file is not a model this build can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadsError {
    /// Not the JSON of a model.
    Json(String),
    /// Written for other features than this build's.
    Schema(String),
}

impl fmt::Display for ReadsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadsError::Json(e) => write!(f, "not an opponent model: {e}"),
            ReadsError::Schema(e) => write!(f, "opponent model for other features: {e}"),
        }
    }
}

impl std::error::Error for ReadsError {}

/// The shipped models, by [`family_key`].
const SHIPPED: &[(&str, &str)] = &[
    ("riichi", include_str!("../../data/opponents-riichi.json")),
    ("mcr", include_str!("../../data/opponents-mcr.json")),
    ("chinese", include_str!("../../data/opponents-chinese.json")),
    ("laizi", include_str!("../../data/opponents-laizi.json")),
    ("sichuan", include_str!("../../data/opponents-sichuan.json")),
    ("guangdong", include_str!("../../data/opponents-guangdong.json")),
    ("hongkong", include_str!("../../data/opponents-hongkong.json")),
    ("wuhan", include_str!("../../data/opponents-wuhan.json")),
];

/// The family a rule set's opponents are read with: `riichi`, `mcr`, `chinese`, `laizi`,
/// `sichuan`, `guangdong`, `hongkong` or `wuhan`.
pub fn family_key(rules: &Rules) -> &'static str {
    match rules.variant {
        Variant::Riichi => "riichi",
        Variant::Mcr => "mcr",
        Variant::Sichuan => "sichuan",
        Variant::Guangdong => "guangdong",
        Variant::HongKong => "hongkong",
        Variant::Wuhan => "wuhan",
        Variant::Chinese if rules.jokers => "laizi",
        Variant::Chinese => "chinese",
    }
}

/// The shipped models, parsed on first use (each agent that reads the opponents asks for
/// one; parsing once keeps building agents cheap).
fn shipped() -> &'static [(&'static str, Arc<Reads>)] {
    static PARSED: OnceLock<Vec<(&'static str, Arc<Reads>)>> = OnceLock::new();
    PARSED.get_or_init(|| {
        SHIPPED
            .iter()
            .filter_map(|&(key, text)| Some((key, Arc::new(Reads::from_json(text).ok()?))))
            .collect()
    })
}

impl Reads {
    /// The shipped model for `rules`' family, if there is one.
    pub fn for_rules(rules: &Rules) -> Option<Arc<Reads>> {
        let key = family_key(rules);
        shipped().iter().find(|(k, _)| *k == key).map(|(_, r)| Arc::clone(r))
    }

    /// Reads a model from its JSON and checks it against this build's features.
    pub fn from_json(text: &str) -> Result<Reads, ReadsError> {
        let reads: Reads =
            serde_json::from_str(text).map_err(|e| ReadsError::Json(e.to_string()))?;
        reads.check()?;
        Ok(reads)
    }

    /// The model as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Whether the model fits this build's features.
    fn check(&self) -> Result<(), ReadsError> {
        let bad = |m: String| Err(ReadsError::Schema(m));
        if self.version != VERSION {
            return bad(format!("version {} (this build reads {VERSION})", self.version));
        }
        if self.opponent_features != OPPONENT.names() {
            return bad("the opponent features differ".into());
        }
        if self.kind_features != KIND.names() {
            return bad("the kind features differ".into());
        }
        let n = OPPONENT.len();
        for (name, w, len) in [
            ("ready", &self.ready, n),
            ("wait_opponent", &self.wait_opponent, n),
            ("wait_kind", &self.wait_kind, KIND.len()),
            ("cost", &self.cost, n),
            ("becomes_ready", &self.becomes_ready, n),
            ("ready_wins", &self.ready_wins, n),
            (
                "becomes_ready_ahead",
                &self.becomes_ready_ahead,
                if self.becomes_ready_ahead.is_empty() { 0 } else { AHEAD_FEATURES },
            ),
        ] {
            if w.len() != len {
                return bad(format!("{name} has {} weights, not {len}", w.len()));
            }
            if w.iter().any(|x| !x.is_finite()) {
                return bad(format!("{name} has a weight that is not a number"));
            }
        }
        Ok(())
    }

    /// The chance `o` is ready now (1 once it declared riichi).
    pub fn ready(&self, o: &Opponent) -> f32 {
        if o.riichi {
            1.0
        } else {
            sigmoid(sum(&self.ready, &o.features))
        }
    }

    /// The chance a ready `o` wins on `kind` (0 for a kind it cannot win on).
    pub fn danger(&self, table: &Table<'_>, o: &Opponent, kind: Kind, buf: &mut Vec<u16>) -> f32 {
        self.danger_from(sum(&self.wait_opponent, &o.features), table, o, kind, buf)
    }

    /// [`Reads::danger`] with the opponent's part of the sum given.
    pub fn danger_from(
        &self,
        opponent: f32,
        table: &Table<'_>,
        o: &Opponent,
        kind: Kind,
        buf: &mut Vec<u16>,
    ) -> f32 {
        if o.safe.contains(kind) {
            return 0.0;
        }
        o.kind_features(table, kind, buf);
        sigmoid(opponent + sum(&self.wait_kind, buf))
    }

    /// The wait model's sum over `o`'s own features (see [`Reads::danger_from`]).
    pub fn danger_base(&self, o: &Opponent) -> f32 {
        sum(&self.wait_opponent, &o.features)
    }

    /// The expected cost of `o`'s win to the discarder who deals in.
    pub fn cost(&self, o: &Opponent) -> f32 {
        Loss::Gamma.predict(sum(&self.cost, &o.features))
    }

    /// For go-arounds `t = 0, 1, ...` from now: the chance that `o`, not ready, becomes
    /// ready in go-around `t` (`becomes`), and the chance that it wins in go-around `t` if it
    /// is ready, not on the seat's discard (`wins`). Later go-arounds read the turn later.
    pub fn rates(&self, table: &Table<'_>, o: &Opponent, becomes: &mut [f32], wins: &mut [f32]) {
        let turn = table.turn;
        let (b, w) = (sum(&self.becomes_ready, &o.features), sum(&self.ready_wins, &o.features));
        for (t, x) in becomes.iter_mut().enumerate() {
            *x = sigmoid(self.becomes_ahead(b, turn, t));
        }
        for (t, x) in wins.iter_mut().enumerate() {
            *x = sigmoid(w + turn_shift(&self.ready_wins, turn, t));
        }
    }

    /// The logistic sum for an opponent with `features`, read at turn `turn`, becoming
    /// ready during the go-around `t` from now if it is not ready by then: the turn read `t`
    /// later, and what reading that far ahead adds.
    pub fn becomes_sum(&self, features: &[u16], turn: usize, t: usize) -> f32 {
        self.becomes_ahead(sum(&self.becomes_ready, features), turn, t)
    }

    /// [`Reads::becomes_sum`] from the sum `now` over the features as they are.
    fn becomes_ahead(&self, now: f32, turn: usize, t: usize) -> f32 {
        let ahead = self.becomes_ready_ahead.get(ahead_feature(turn, t)).copied().unwrap_or(0.0);
        now + turn_shift(&self.becomes_ready, turn, t) + ahead
    }
}

/// What reading the turn `t` go-arounds after `turn` changes in a sum over `weights`.
fn turn_shift(weights: &[f32], turn: usize, t: usize) -> f32 {
    let at = |turn: usize| weights.get(turn_feature(turn)).copied().unwrap_or(0.0);
    at(turn + t) - at(turn)
}

/// One opponent read whole: its features, readiness, cost and every kind's danger.
#[derive(Clone, Debug)]
pub struct OpponentRead {
    /// The opponent as the seat sees it.
    pub opponent: Opponent,
    /// The chance it is ready now (0 once it left the hand).
    pub ready: f32,
    /// The expected cost of its win to the discarder.
    pub cost: f32,
    /// For each kind, the chance it wins on it if it is ready.
    pub danger: [f32; 34],
}

impl Reads {
    /// Reads opponent `seat` of `table` whole.
    pub fn read(&self, table: &Table<'_>, seat: usize) -> OpponentRead {
        let o = table.opponent(seat);
        let gone = hupai_core::Seat::from_index(seat).is_some_and(|s| table.view.has_left(s));
        let base = self.danger_base(&o);
        let mut buf = Vec::with_capacity(32);
        let danger = std::array::from_fn(|k| {
            Kind::new(k as u8).map_or(0.0, |k| self.danger_from(base, table, &o, k, &mut buf))
        });
        OpponentRead {
            ready: if gone { 0.0 } else { self.ready(&o) },
            cost: self.cost(&o),
            danger,
            opponent: o,
        }
    }
}

/// The three opponents of `view`'s seat as [`crate::danger::Threat`]s read by `reads` (for
/// `defensive(reads=learned)`).
pub fn threats(
    reads: &Reads,
    view: &hupai_engine::PlayerView,
    sit: &crate::Situation,
) -> [crate::danger::Threat; 3] {
    let table = Table::with_situation(view, sit.clone());
    std::array::from_fn(|i| {
        let seat = (sit.me + 1 + i) % 4;
        let r = reads.read(&table, seat);
        crate::danger::Threat {
            seat,
            ready: if crate::danger::in_hand(view, seat) { r.ready } else { 0.0 },
            cost: r.cost,
            genbutsu: r.opponent.safe,
            read: crate::danger::read_hand(view, sit, seat),
            danger: Some(r.danger),
        }
    })
}

/// The index of the turn feature `turn` in [`OPPONENT`] (the group after the bias).
pub(crate) fn turn_feature(turn: usize) -> usize {
    1 + turn.min(18)
}

/// The number of [`Reads::becomes_ready_ahead`] weights.
pub const AHEAD_FEATURES: usize = 24;

/// The index in [`Reads::becomes_ready_ahead`] of reading `t` go-arounds ahead at a decision
/// of turn `turn`: the turn in four groups (0-3, 4-7, 8-11, 12 on) by `t` in six (0, 1, 2-3,
/// 4-6, 7-10, 11 on).
pub fn ahead_feature(turn: usize, t: usize) -> usize {
    let by_turn = (turn / 4).min(3);
    let by_t = match t {
        0 => 0,
        1 => 1,
        2..=3 => 2,
        4..=6 => 3,
        7..=10 => 4,
        _ => 5,
    };
    by_turn * 6 + by_t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_model_loads() {
        for (key, text) in SHIPPED {
            let reads = Reads::from_json(text).unwrap_or_else(|e| panic!("{key}: {e}"));
            assert_eq!(reads.family, *key);
            assert_eq!(reads.becomes_ready_ahead.len(), AHEAD_FEATURES, "{key} reads ahead");
        }
        assert_eq!(shipped().len(), SHIPPED.len());
    }

    #[test]
    fn the_turn_feature_is_the_turn_group() {
        let names = OPPONENT.names();
        assert_eq!(names[turn_feature(0)], "turn=0");
        assert_eq!(names[turn_feature(18)], "turn=18");
    }

    #[test]
    fn every_family_reads_probabilities_through_a_hand() {
        use hupai_engine::{Decision, Driver, Setup};
        for preset in Rules::preset_names() {
            let rules = Rules::preset(preset).unwrap();
            let reads = Reads::for_rules(&rules).unwrap_or_else(|| panic!("{preset}: no model"));
            let mut setup = Setup::new(rules.clone(), 23);
            setup.single_hand = true;
            let mut driver = Driver::new(setup);
            let mut agents: Vec<Option<crate::Defensive>> =
                (0..rules.players()).map(|_| Some(crate::Defensive::new(&rules))).collect();
            let unit = |x: f32| (0.0..=1.0).contains(&x);
            let mut checked = 0;
            while !driver.is_over() {
                if let Some(p) = driver.prompts().next() {
                    if matches!(p.view.decision(), Decision::Turn { .. }) {
                        let table = Table::new(p.view, &rules);
                        for seat in (0..4).filter(|&s| s != p.view.seat.index()) {
                            let r = reads.read(&table, seat);
                            assert!(unit(r.ready), "{preset}: ready {}", r.ready);
                            assert!(r.danger.iter().all(|&d| unit(d)), "{preset}: {r:?}");
                            assert!(r.cost > 0.0 && r.cost.is_finite(), "{preset}: {r:?}");
                            let (mut becomes, mut wins) = ([0.0; 6], [0.0; 6]);
                            reads.rates(&table, &r.opponent, &mut becomes, &mut wins);
                            assert!(becomes.iter().chain(&wins).all(|&x| unit(x)), "{preset}");
                            checked += 1;
                        }
                    }
                }
                if driver.step(&mut agents).unwrap().is_none() {
                    break;
                }
            }
            assert!(checked > 30, "{preset}: {checked} reads");
        }
    }

    /// On games it was not fitted on, the riichi readiness model tells ready opponents from
    /// the others (area under the ROC curve) and is better calibrated than the hand-written
    /// model (log-loss), as `results/opponents-riichi.md` reports on 2,000 hands.
    #[test]
    fn the_riichi_readiness_sorts_ready_opponents_first_on_held_out_games() {
        use samples::{collect, Collect};
        let rules = Rules::preset("riichi").unwrap();
        let reads = Reads::for_rules(&rules).unwrap();
        let how = Collect { every_opponent: true, ..Collect::new(rules, 8, 4711) };
        let samples = collect(&how).unwrap();
        let mut rows: Vec<(f32, f32, bool)> = samples
            .opponents
            .iter()
            .filter(|o| !o.riichi)
            .map(|o| {
                let p = sigmoid(sum(&reads.ready, samples.pool.get(o.features)));
                (p, o.written_ready, o.ready)
            })
            .collect();
        let ready = rows.iter().filter(|r| r.2).count();
        assert!(ready > 20 && rows.len() - ready > 200, "{ready} of {}", rows.len());
        let log_loss = |pick: fn(&(f32, f32, bool)) -> f32| {
            let sum: f64 = rows
                .iter()
                .map(|r| {
                    let p = f64::from(pick(r)).clamp(1e-6, 1.0 - 1e-6);
                    -(if r.2 { p.ln() } else { (1.0 - p).ln() })
                })
                .sum();
            sum / rows.len() as f64
        };
        let (learned, written) = (log_loss(|r| r.0), log_loss(|r| r.1));
        assert!(learned < written, "log-loss: learned {learned}, hand-written {written}");
        rows.sort_by(|a, b| a.0.total_cmp(&b.0));
        // Mann-Whitney: the chance a ready opponent reads above one that is not.
        let (mut below, mut pairs) = (0u64, 0u64);
        for r in &rows {
            if r.2 {
                pairs += below;
            } else {
                below += 1;
            }
        }
        let auc = pairs as f64 / (ready as f64 * (rows.len() - ready) as f64);
        assert!(auc > 0.85, "area under the curve {auc}");
    }

    /// Read early in the hand, the shipped models expect the others to become ready over
    /// the go-arounds far ahead about as often as they do on games they were not fitted on;
    /// the same sums without the reading ahead (the turn moved on alone, as before it) expect
    /// far too few.
    #[test]
    fn reading_far_ahead_early_in_the_hand_matches_held_out_games() {
        use samples::{collect, Collect};
        for preset in ["riichi", "sichuan"] {
            let rules = Rules::preset(preset).unwrap();
            let reads = Reads::for_rules(&rules).unwrap();
            assert_eq!(reads.becomes_ready_ahead.len(), AHEAD_FEATURES, "{preset}");
            let samples = collect(&Collect::new(rules, 60, 4712)).unwrap();
            let (mut with, mut without, mut seen, mut rows) = (0.0f64, 0.0f64, 0u32, 0u32);
            for o in samples.opponents.iter().filter(|o| o.turn < 4) {
                let Some((g, became)) = o.ready_in else { continue };
                let (f, turn) = (samples.pool.get(o.features), usize::from(o.turn));
                for t in 4..g + u8::from(became) {
                    let t = usize::from(t);
                    let s = reads.becomes_sum(f, turn, t);
                    let ahead = reads.becomes_ready_ahead[ahead_feature(turn, t)];
                    with += f64::from(sigmoid(s));
                    without += f64::from(sigmoid(s - ahead));
                    seen += u32::from(became && usize::from(g) == t);
                    rows += 1;
                }
            }
            let seen = f64::from(seen);
            assert!(rows > 2000 && seen > 50.0, "{preset}: {seen} of {rows}");
            assert!((with / seen - 1.0).abs() < 0.25, "{preset}: expected {with}, seen {seen}");
            assert!(with > without, "{preset}: {with} with the reading ahead, {without} without");
        }
    }

    #[test]
    fn a_model_for_other_features_is_refused() {
        let text = SHIPPED[0].1;
        let mut reads = Reads::from_json(text).unwrap();
        reads.kind_features.pop();
        assert!(matches!(Reads::from_json(&reads.to_json()), Err(ReadsError::Schema(_))));
        assert!(matches!(Reads::from_json("{"), Err(ReadsError::Json(_))));
    }
}
