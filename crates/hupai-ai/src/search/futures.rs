//! The hand's own futures: for a hand of 3n+1 tiles, its expected result over the go-arounds
//! left, by exact recursion over the unseen copies.
//!
//! From a hand at shanten `s`, every draw of a kind that lowers `s` (toward one of the
//! hand's plans) leads to the best of the discards that keep the lower shanten, or to letting
//! the draw go; every other draw is let go. A ready hand wins on its waits, self-drawn or on
//! the others' discards, for what hupai-rules scores it. Each go-around the others may end
//! the hand, each discard may deal in, and the hand may fold instead: at every hand and
//! go-around the better of pushing and folding is taken. Hands further than the exact depth
//! from ready are valued by a closed-form estimate instead.

use std::collections::HashMap;

use hupai_core::{
    is_agari_with_jokers, shanten_with_jokers, ukeire_with_jokers, Counts, FormSet, Kind, KindSet,
};

use super::outlook::Outlook;
use super::values::{RoughWorth, Scorer};
use crate::plan::{best_shanten, effective, Plan, Plans};
use crate::situation::MeldShape;

/// How a hand may complete: its plans, declared melds and jokers.
#[derive(Clone, Debug)]
pub struct Shape {
    plans: Plans,
    any_only: bool,
    melds: Vec<MeldShape>,
    meld_count: u8,
    jokers: u8,
    forms: FormSet,
}

impl Shape {
    /// A shape with `plans` over `melds`.
    pub fn new(plans: Plans, melds: Vec<MeldShape>, jokers: u8, forms: FormSet) -> Shape {
        let any_only = plans.as_slice() == [Plan::Any];
        let meld_count = melds.len().min(4) as u8;
        Shape { plans, any_only, melds, meld_count, jokers, forms }
    }

    /// Shanten toward the best plan (`i8::MAX` when none is reachable).
    pub fn shanten(&self, counts: &Counts) -> i8 {
        if self.any_only {
            return shanten_with_jokers(counts, self.jokers, self.meld_count, self.forms);
        }
        best_shanten(self.plans.as_slice(), counts, self.jokers, &self.melds, self.forms)
            .map_or(i8::MAX, |(s, _)| s)
    }

    /// The kinds whose draw lowers shanten `s`.
    pub fn effective(&self, counts: &Counts, s: i8) -> KindSet {
        if self.any_only {
            return ukeire_with_jokers(counts, self.jokers, self.meld_count, self.forms);
        }
        effective(self.plans.as_slice(), counts, self.jokers, &self.melds, self.forms, s)
    }

    /// Whether the 3n+2 tiles `counts` are complete.
    pub fn complete(&self, counts: &Counts) -> bool {
        is_agari_with_jokers(counts, self.jokers, self.meld_count, self.forms)
    }
}

/// One hand's future: for each go-around `t`, the expected result from the others' turns of
/// `t` on (the hand just discarded), the chance to win, and the chance to deal in.
#[derive(Clone, Debug)]
pub struct Future {
    /// Expected result.
    pub value: Vec<f32>,
    /// Chance to win.
    pub win: Vec<f32>,
    /// Chance to deal in.
    pub deal: Vec<f32>,
    /// Shanten of the hand.
    pub shanten: i8,
}

/// What the recursion knows besides the hand.
#[derive(Debug)]
pub struct Futures<'a> {
    shape: Shape,
    outlook: &'a Outlook,
    scorer: Scorer,
    /// Chance of drawing each kind.
    draw: [f32; 34],
    unseen_total: f32,
    /// Kinds the seat has discarded (a wait among them is furiten: no win on a discard).
    furiten: KindSet,
    /// Whether the hand may declare riichi on the way (closed, riichi rules).
    can_riichi: bool,
    /// Whether the hand is locked in a declared riichi.
    in_riichi: bool,
    /// Whether the seat may fold.
    can_fold: bool,
    /// The cost of declaring (the riichi stick).
    riichi_cost: f32,
    /// Rough values of hands further than the exact depth.
    worth: RoughWorth,
    exact_depth: i8,
    budget: usize,
    nodes: Vec<Future>,
    memo: HashMap<(Counts, u8), usize>,
}

/// The settings of one recursion.
#[derive(Clone, Debug)]
pub struct Setting {
    /// Unseen copies of each kind.
    pub unseen: [u8; 34],
    /// Kinds the seat has discarded.
    pub furiten: KindSet,
    /// Whether riichi may be declared on the way.
    pub can_riichi: bool,
    /// Whether the hand is already in riichi.
    pub in_riichi: bool,
    /// Whether the seat may fold.
    pub can_fold: bool,
    /// What declaring costs.
    pub riichi_cost: f32,
    /// Rough values of hands beyond the exact depth.
    pub worth: RoughWorth,
    /// Hands further from ready than this are estimated, not searched.
    pub exact_depth: i8,
    /// Most hands to search exactly.
    pub budget: usize,
}

impl<'a> Futures<'a> {
    /// A recursion over `shape`'s hands, scored by `scorer`, in `outlook`'s table.
    pub fn new(shape: Shape, outlook: &'a Outlook, scorer: Scorer, setting: Setting) -> Self {
        let unseen_total = setting.unseen.iter().map(|&u| u as f32).sum::<f32>().max(1.0);
        let draw = setting.unseen.map(|u| u as f32 / unseen_total);
        Futures {
            shape,
            outlook,
            scorer,
            draw,
            unseen_total,
            furiten: setting.furiten,
            can_riichi: setting.can_riichi,
            in_riichi: setting.in_riichi,
            can_fold: setting.can_fold,
            riichi_cost: setting.riichi_cost,
            worth: setting.worth,
            exact_depth: setting.exact_depth,
            budget: setting.budget,
            nodes: Vec::new(),
            memo: HashMap::new(),
        }
    }

    /// The shape searched.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Hands searched so far.
    pub fn searched(&self) -> usize {
        self.nodes.len()
    }

    /// Hands scored so far.
    pub fn scored(&self) -> u32 {
        self.scorer.scored
    }

    /// The future of the 3n+1 tiles `counts` left by discarding `discarded`, declaring
    /// riichi with that discard when `riichi` (the stick's cost included). A ready hand that
    /// discarded one of its own waits is furiten.
    pub fn future(&mut self, counts: &Counts, riichi: bool, discarded: Option<Kind>) -> &Future {
        let riichi = riichi || self.in_riichi;
        let furiten = discarded.is_some_and(|x| {
            let mut c = *counts;
            c[x] < 4 && {
                c.add(x);
                self.shape.complete(&c)
            }
        });
        let id = if furiten {
            let key = (*counts, u8::from(riichi) | 2);
            match self.memo.get(&key) {
                Some(&id) => id,
                None => {
                    let f = self.ready(counts, riichi, true);
                    self.nodes.push(f);
                    self.memo.insert(key, self.nodes.len() - 1);
                    self.nodes.len() - 1
                }
            }
        } else {
            self.node(counts, riichi)
        };
        &self.nodes[id]
    }

    /// What winning with the complete `full` on `win` is worth now.
    pub fn win_now(&mut self, full: &Counts, win: Kind, self_drawn: bool) -> f32 {
        self.scorer.value(full, win, self_drawn, self.in_riichi)
    }

    fn node(&mut self, counts: &Counts, riichi: bool) -> usize {
        if let Some(&id) = self.memo.get(&(*counts, u8::from(riichi))) {
            return id;
        }
        let s = self.shape.shanten(counts);
        let future = if s == 0 {
            self.ready(counts, riichi, false)
        } else if s > self.exact_depth || self.nodes.len() >= self.budget || s == i8::MAX {
            self.estimate(counts, s)
        } else {
            self.improve(counts, s)
        };
        let id = self.nodes.len();
        self.nodes.push(future);
        self.memo.insert((*counts, u8::from(riichi)), id);
        id
    }

    /// A ready hand: wins on its waits, lets every other draw go.
    fn ready(&mut self, counts: &Counts, riichi: bool, forced_furiten: bool) -> Future {
        let o = self.outlook;
        let d = o.draws;
        let ron_draws = if riichi { o.ron_draws_riichi } else { o.ron_draws };
        let furiten = forced_furiten
            || self.furiten.iter().any(|k| {
                let mut c = *counts;
                c[k] < 4 && {
                    c.add(k);
                    self.shape.complete(&c)
                }
            });
        let (mut p_tsumo, mut v_tsumo, mut p_ron, mut v_ron) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
        for k in Kind::all() {
            let p = self.draw[k.index()];
            if p <= 0.0 || counts[k] >= 4 {
                continue;
            }
            let mut full = *counts;
            full.add(k);
            if !self.shape.complete(&full) {
                continue;
            }
            let t = self.scorer.value(&full, k, true, riichi);
            if t > 0.0 {
                p_tsumo += p;
                v_tsumo += p * t;
            }
            if !furiten {
                let r = self.scorer.value(&full, k, false, riichi);
                if r > 0.0 {
                    let q = 1.0 - (1.0 - p).powf(ron_draws);
                    p_ron += q;
                    v_ron += q * r;
                }
            }
        }
        let p_ron = p_ron.min(0.95);
        let ron_value = if p_ron > 0.0 { v_ron / p_ron } else { 0.0 };
        let stick = if riichi && !self.in_riichi { self.riichi_cost } else { 0.0 };
        let mut f = Future {
            value: vec![0.0; d + 1],
            win: vec![0.0; d + 1],
            deal: vec![0.0; d + 1],
            shanten: 0,
        };
        // Draw phase t (t ≥ 1), then the others' turns of t.
        let (mut e_value, mut e_win, mut e_deal) = (0.0f32, 0.0f32, 0.0f32);
        for t in (0..=d).rev() {
            let (n_value, n_win, n_deal) =
                if t == d { (o.ready_at_draw, 0.0, 0.0) } else { (e_value, e_win, e_deal) };
            let hz = o.hazard[t].min(1.0 - p_ron);
            let go_on = 1.0 - p_ron - hz;
            let push_value = p_ron * ron_value + hz * o.other_win[t] + go_on * n_value;
            let push_win = p_ron + go_on * n_win;
            let push_deal = go_on * n_deal;
            let fold = o.fold[t];
            if !riichi && self.can_fold && fold > push_value {
                f.value[t] = fold;
                f.win[t] = 0.0;
                f.deal[t] = o.fold_deal.get(t + 1).copied().unwrap_or(0.0);
            } else {
                f.value[t] = push_value;
                f.win[t] = push_win;
                f.deal[t] = push_deal;
            }
            if t >= 1 {
                let pi = o.push_deal[t];
                let c = o.deal_cost[t];
                let rest = 1.0 - p_tsumo;
                e_value = v_tsumo + rest * (-pi * c + (1.0 - pi) * f.value[t]);
                e_win = p_tsumo + rest * (1.0 - pi) * f.win[t];
                e_deal = rest * (pi + (1.0 - pi) * f.deal[t]);
            }
        }
        if stick > 0.0 {
            for v in &mut f.value {
                *v -= stick;
            }
        }
        f
    }

    /// A hand one or more tiles from ready: the draws that lower shanten, each followed by
    /// the best discard.
    fn improve(&mut self, counts: &Counts, s: i8) -> Future {
        let eff = self.shape.effective(counts, s);
        // Per effective kind: its chance and the futures it may lead to.
        let mut moves: Vec<(f32, Vec<usize>, Vec<usize>)> = Vec::new();
        for k in eff.iter() {
            let p = self.draw[k.index()];
            if p <= 0.0 || counts[k] >= 4 {
                continue;
            }
            let mut full = *counts;
            full.add(k);
            let mut plain = Vec::new();
            let mut declared = Vec::new();
            for x in Kind::all() {
                if full[x] == 0 {
                    continue;
                }
                let mut after = full;
                after[x] -= 1;
                if self.shape.shanten(&after) != s - 1 {
                    continue;
                }
                plain.push(self.node(&after, false));
                if s == 1 && self.can_riichi && !self.in_riichi {
                    declared.push(self.node(&after, true));
                }
            }
            if !plain.is_empty() {
                moves.push((p, plain, declared));
            }
        }
        let o = self.outlook;
        let d = o.draws;
        let p_move: f32 = moves.iter().map(|m| m.0).sum();
        let mut f = Future {
            value: vec![0.0; d + 1],
            win: vec![0.0; d + 1],
            deal: vec![0.0; d + 1],
            shanten: s,
        };
        let (mut e_value, mut e_win, mut e_deal) = (0.0f32, 0.0f32, 0.0f32);
        for t in (0..=d).rev() {
            let (n_value, n_win, n_deal) =
                if t == d { (o.not_ready_at_draw, 0.0, 0.0) } else { (e_value, e_win, e_deal) };
            let hz = o.hazard[t];
            let push_value = hz * o.other_win[t] + (1.0 - hz) * n_value;
            let fold = o.fold[t];
            if self.can_fold && !self.in_riichi && fold > push_value {
                f.value[t] = fold;
                f.win[t] = 0.0;
                f.deal[t] = o.fold_deal.get(t + 1).copied().unwrap_or(0.0);
            } else {
                f.value[t] = push_value;
                f.win[t] = (1.0 - hz) * n_win;
                f.deal[t] = (1.0 - hz) * n_deal;
            }
            if t >= 1 {
                let pi = o.push_deal[t];
                let c = o.deal_cost[t];
                let stay = (f.value[t], f.win[t], f.deal[t]);
                let (mut sv, mut sw, mut sd) = (0.0f32, 0.0f32, 0.0f32);
                for (p, plain, declared) in &moves {
                    let mut best = stay;
                    for &id in plain.iter().chain(declared.iter()) {
                        let n = &self.nodes[id];
                        if n.value[t] > best.0 {
                            best = (n.value[t], n.win[t], n.deal[t]);
                        }
                    }
                    sv += p * best.0;
                    sw += p * best.1;
                    sd += p * best.2;
                }
                let rest = 1.0 - p_move;
                let v = sv + rest * stay.0;
                let w = sw + rest * stay.1;
                let dl = sd + rest * stay.2;
                e_value = -pi * c + (1.0 - pi) * v;
                e_win = (1.0 - pi) * w;
                e_deal = pi + (1.0 - pi) * dl;
            }
        }
        f
    }

    /// A hand beyond the exact depth: the same recursion over abstract hands, each a shanten
    /// with a typical count of effective tiles (this hand's own count at its shanten), a
    /// typical wait when ready, and this hand's estimated value.
    fn estimate(&mut self, counts: &Counts, s: i8) -> Future {
        let o = self.outlook;
        if s == i8::MAX {
            let d = o.draws;
            return Future {
                value: o.fold.clone(),
                win: vec![0.0; d + 1],
                deal: vec![0.0; d + 1],
                shanten: s,
            };
        }
        let eff = self.shape.effective(counts, s);
        let count: f32 = eff.iter().map(|k| self.draw[k.index()] * self.unseen_total).sum();
        let value = self.worth.of(counts);
        abstract_future(o, s, count, value, self.unseen_total, self.can_fold && !self.in_riichi)
    }
}

/// Typical unseen effective tiles of a hand at each shanten (ready: its live waits).
const TYPICAL_COUNT: [f32; 7] = [5.5, 18.0, 30.0, 40.0, 48.0, 54.0, 58.0];

/// The future of an abstract hand at shanten `s` with `count` unseen effective tiles, worth
/// `value` when it wins: each draw of an effective tile lowers shanten (to a typical hand of
/// the next shanten), a ready hand wins on a typical wait.
pub fn abstract_future(
    o: &Outlook,
    s: i8,
    count: f32,
    value: f32,
    unseen: f32,
    can_fold: bool,
) -> Future {
    let d = o.draws;
    let blank = || Future {
        value: vec![0.0; d + 1],
        win: vec![0.0; d + 1],
        deal: vec![0.0; d + 1],
        shanten: 0,
    };
    let mut below: Option<Future> = None;
    for level in 0..=s.max(0) {
        let c = if level == s {
            count
        } else {
            TYPICAL_COUNT[(level as usize).min(TYPICAL_COUNT.len() - 1)]
        };
        let p = (c / unseen.max(1.0)).min(1.0);
        let mut f = blank();
        f.shanten = level;
        let (mut e_value, mut e_win, mut e_deal) = (0.0f32, 0.0f32, 0.0f32);
        let ready = level == 0;
        let p_ron = if ready { (1.0 - (1.0 - p).powf(o.ron_draws)).min(0.95) } else { 0.0 };
        for t in (0..=d).rev() {
            let (n_value, n_win, n_deal) = if t == d {
                (if ready { o.ready_at_draw } else { o.not_ready_at_draw }, 0.0, 0.0)
            } else {
                (e_value, e_win, e_deal)
            };
            let hz = o.hazard[t].min(1.0 - p_ron);
            let go_on = 1.0 - p_ron - hz;
            let push_value = p_ron * value + hz * o.other_win[t] + go_on * n_value;
            if can_fold && o.fold[t] > push_value {
                f.value[t] = o.fold[t];
                f.deal[t] = o.fold_deal.get(t + 1).copied().unwrap_or(0.0);
            } else {
                f.value[t] = push_value;
                f.win[t] = p_ron + go_on * n_win;
                f.deal[t] = go_on * n_deal;
            }
            if t >= 1 {
                let pi = o.push_deal[t];
                let cost = o.deal_cost[t];
                let stay = (f.value[t], f.win[t], f.deal[t]);
                let (v, w, dl) = if ready {
                    (
                        p * value + (1.0 - p) * stay.0 * (1.0 - pi) - (1.0 - p) * pi * cost,
                        p + (1.0 - p) * (1.0 - pi) * stay.1,
                        (1.0 - p) * (pi + (1.0 - pi) * stay.2),
                    )
                } else {
                    let next = below.as_ref().map_or(stay, |b| {
                        if b.value[t] > stay.0 {
                            (b.value[t], b.win[t], b.deal[t])
                        } else {
                            stay
                        }
                    });
                    let mv = p * next.0 + (1.0 - p) * stay.0;
                    let mw = p * next.1 + (1.0 - p) * stay.1;
                    let md = p * next.2 + (1.0 - p) * stay.2;
                    (-pi * cost + (1.0 - pi) * mv, (1.0 - pi) * mw, pi + (1.0 - pi) * md)
                };
                e_value = v;
                e_win = w;
                e_deal = dl;
            }
        }
        below = Some(f);
    }
    below.unwrap_or_else(blank)
}
