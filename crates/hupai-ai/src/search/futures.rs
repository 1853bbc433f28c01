//! The hand's own futures: for hands of 3n+1 tiles, the expected result over the go-arounds
//! left, by exact recursion over the unseen copies.
//!
//! The hands reachable from the ones asked about form a graph. From a hand at shanten `s`,
//! each draw of a kind that lowers `s` (toward one of the hand's plans) leads to the best of
//! the discards that keep the lower shanten; a ready hand wins on its waits (self-drawn or
//! on the others' discards, for what hupai-rules scores it) or trades a tile for a wait with
//! more live tiles; every other draw is let go. Each go-around the others may end the hand,
//! each discard may deal in, and the hand may fold instead: at every hand and go-around the
//! better of pushing and folding is taken. The graph is valued go-around by go-around from
//! the wall's end back to now. Hands further than the exact depth from ready, or beyond the
//! budget, are valued by an [`abstract_future`].
//!
//! ```
//! // Used through the search agent; see `hupai_ai::search`.
//! ```

use super::key::{key, Memo};

use hupai_core::{Counts, Kind, KindSet};

use std::collections::VecDeque;

use super::abstract_future::{abstract_future, WinValues};
pub use super::future::Future;
use super::outlook::Outlook;
pub use super::shape::Shape;
use super::values::{RoughWorth, Scorer};

/// The work of scoring one hand, in shape answers (a full scoring with every yaku or fan
/// costs about as much as ten shanten answers).
pub const SCORE_WORK: usize = 10;

/// A draw that leads to a choice: its chance and the hands it may leave.
#[derive(Clone, Debug)]
struct Move {
    p: f32,
    children: Vec<usize>,
}

/// What a hand does on its draws.
#[derive(Clone, Debug)]
enum Body {
    /// Ready: wins on its waits, may trade for a better wait.
    Ready { p_tsumo: f32, v_tsumo: f32, p_ron: f32, ron_value: f32, moves: Vec<Move> },
    /// Not ready: draws that lower shanten.
    Improve { moves: Vec<Move> },
    /// Valued by an abstract future.
    Estimate,
    /// Not yet expanded: waits its turn in the breadth-first order.
    Pending { counts: Counts, furiten: bool },
}

#[derive(Clone, Debug)]
struct Node {
    body: Body,
    riichi: bool,
    /// From the others' turns of each go-around.
    after: Future,
    /// From the seat's draw of each go-around (go-around 0 has none).
    draw: Future,
}

/// The settings of one recursion.
#[derive(Clone, Debug)]
pub struct Setting {
    /// Unseen copies of each kind.
    pub unseen: [u8; 34],
    /// Kinds the seat has discarded (a wait among them is furiten).
    pub furiten: KindSet,
    /// Whether riichi may be declared on the way.
    pub can_riichi: bool,
    /// Whether the hand is already in riichi.
    pub in_riichi: bool,
    /// Whether the seat may fold.
    pub can_fold: bool,
    /// What declaring costs (the riichi stick).
    pub riichi_cost: f32,
    /// Rough values of hands beyond the exact depth.
    pub worth: RoughWorth,
    /// Hands further from ready than this are estimated, not searched.
    pub exact_depth: i8,
    /// Most hands to search exactly.
    pub budget: usize,
    /// Most work (shape answers, and [`SCORE_WORK`] for each hand scored) before the search
    /// stops adding hands and trades.
    pub work_budget: usize,
}

/// The graph of a seat's hands and their futures.
#[derive(Debug)]
pub struct Futures<'a> {
    shape: Shape,
    outlook: &'a Outlook,
    scorer: Scorer,
    setting: Setting,
    draw: [f32; 34],
    unseen_total: f32,
    nodes: Vec<Node>,
    memo: Memo<usize>,
    /// Hands added but not yet expanded, in the order they were reached.
    pending: VecDeque<usize>,
    /// Whether every node's values are current.
    valued: bool,
}

impl<'a> Futures<'a> {
    /// A graph over `shape`'s hands, scored by `scorer`, in `outlook`'s table.
    pub fn new(shape: Shape, outlook: &'a Outlook, scorer: Scorer, setting: Setting) -> Self {
        let unseen_total = setting.unseen.iter().map(|&u| u as f32).sum::<f32>().max(1.0);
        let draw = setting.unseen.map(|u| u as f32 / unseen_total);
        Futures {
            shape,
            outlook,
            scorer,
            setting,
            draw,
            unseen_total,
            nodes: Vec::new(),
            memo: Memo::default(),
            pending: VecDeque::new(),
            valued: true,
        }
    }

    /// The shape searched.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Hands in the graph.
    pub fn searched(&self) -> usize {
        self.nodes.len()
    }

    /// Work done so far: shape answers, and [`SCORE_WORK`] for each hand scored.
    pub fn work(&self) -> usize {
        self.shape.work() + SCORE_WORK * self.scorer.scored as usize
    }

    /// Whether the budget is spent (the graph grows no further).
    fn spent(&self) -> bool {
        self.nodes.len() >= self.setting.budget || self.work() >= self.setting.work_budget
    }

    /// Adds the 3n+1 tiles `counts` left by discarding `discarded` (declaring riichi with it
    /// when `riichi`) to the graph; its future is read with [`Futures::future`] once every
    /// hand of interest is added. A ready hand that discarded one of its own waits is
    /// furiten.
    pub fn add(&mut self, counts: &Counts, riichi: bool, discarded: Option<Kind>) -> usize {
        let riichi = riichi || self.setting.in_riichi;
        let furiten = discarded.is_some_and(|x| self.discards_wait(counts, x));
        self.node(counts, riichi, furiten)
    }

    /// The future of a hand added with [`Futures::add`].
    pub fn future(&mut self, id: usize) -> &Future {
        self.expand();
        if !self.valued {
            self.value_all();
        }
        &self.nodes[id].after
    }

    /// What winning with the complete `full` on `win` is worth now.
    pub fn win_now(&mut self, full: &Counts, win: Kind, self_drawn: bool) -> f32 {
        self.scorer.value(full, win, self_drawn, self.setting.in_riichi)
    }

    /// The node of `counts`, added to the graph (and to the hands waiting to be expanded)
    /// if it is new.
    fn node(&mut self, counts: &Counts, riichi: bool, furiten: bool) -> usize {
        let key = key(counts, u32::from(riichi) | u32::from(furiten) << 1);
        if let Some(&id) = self.memo.get(&key) {
            return id;
        }
        self.valued = false;
        let s = self.shape.shanten(counts);
        let d = self.outlook.draws;
        let id = self.nodes.len();
        self.nodes.push(Node {
            body: Body::Pending { counts: *counts, furiten },
            riichi,
            after: Future::zero(d, s),
            draw: Future::zero(d, s),
        });
        self.memo.insert(key, id);
        self.pending.push_back(id);
        id
    }

    /// Expands the waiting hands breadth first, so that every option asked about is searched
    /// to the same distance before the budget runs out; hands left when it is spent are
    /// estimated.
    fn expand(&mut self) {
        while let Some(id) = self.pending.pop_front() {
            let Body::Pending { counts, furiten } = self.nodes[id].body else { continue };
            let riichi = self.nodes[id].riichi;
            let s = self.nodes[id].after.shanten;
            // A ready hand's waits are always scored; only its trades wait for the budget.
            let body = if s == 0 {
                self.ready(&counts, riichi, furiten)
            } else if s == i8::MAX || s > self.setting.exact_depth || self.spent() {
                self.nodes[id].after = self.estimate(&counts, s);
                Body::Estimate
            } else {
                self.improve(&counts, s)
            };
            self.nodes[id].body = body;
        }
    }

    /// Whether the ready `counts` would win on `discarded` (a wait thrown away: furiten).
    fn discards_wait(&self, counts: &Counts, discarded: Kind) -> bool {
        let mut c = *counts;
        c[discarded] < 4 && {
            c.add(discarded);
            self.shape.complete(&c)
        }
    }

    /// Live winning tiles of the ready `counts` (for comparing waits).
    fn live_waits(&self, counts: &Counts) -> f32 {
        Kind::all()
            .filter(|&k| counts[k] < 4 && self.draw[k.index()] > 0.0)
            .filter(|&k| {
                let mut c = *counts;
                c.add(k);
                self.shape.complete(&c)
            })
            .map(|k| self.draw[k.index()])
            .sum()
    }

    /// A ready hand: its waits' chances and values, and trades for a wait with more live
    /// tiles.
    fn ready(&mut self, counts: &Counts, riichi: bool, forced_furiten: bool) -> Body {
        let o = self.outlook;
        let ron_draws = if riichi { o.ron_draws_riichi } else { o.ron_draws };
        let furiten = forced_furiten
            || self.setting.furiten.iter().any(|k| {
                let mut c = *counts;
                c[k] < 4 && {
                    c.add(k);
                    self.shape.complete(&c)
                }
            });
        let (mut p_tsumo, mut v_tsumo, mut p_ron, mut v_ron) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
        let mut live = 0.0f32;
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
            live += p;
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
        // Trades: a draw that is no win, for a discard that keeps the hand ready on more live
        // tiles (a locked riichi hand cannot).
        let mut moves = Vec::new();
        if !riichi && !self.setting.in_riichi {
            for k in Kind::all() {
                if self.spent() {
                    break;
                }
                let p = self.draw[k.index()];
                if p <= 0.0 || counts[k] >= 4 {
                    continue;
                }
                let mut full = *counts;
                full.add(k);
                if self.shape.complete(&full) {
                    continue;
                }
                let mut children = Vec::new();
                for x in full.kinds() {
                    if x == k {
                        continue;
                    }
                    let mut after = full;
                    after[x] -= 1;
                    if self.shape.shanten(&after) != 0 || self.live_waits(&after) <= live + 1e-6 {
                        continue;
                    }
                    let furiten_after = self.discards_wait(&after, x);
                    children.push(self.node(&after, false, furiten_after));
                    if self.setting.can_riichi {
                        children.push(self.node(&after, true, furiten_after));
                    }
                }
                if !children.is_empty() {
                    moves.push(Move { p, children });
                }
            }
        }
        Body::Ready { p_tsumo, v_tsumo, p_ron, ron_value, moves }
    }

    /// A hand one or more tiles from ready: the draws that lower shanten, each followed by
    /// the discards that keep the lower shanten.
    fn improve(&mut self, counts: &Counts, s: i8) -> Body {
        let eff = self.shape.effective(counts, s);
        let mut moves = Vec::new();
        for k in eff.iter() {
            let p = self.draw[k.index()];
            if p <= 0.0 || counts[k] >= 4 {
                continue;
            }
            let mut full = *counts;
            full.add(k);
            let mut children = Vec::new();
            for x in full.kinds() {
                let mut after = full;
                after[x] -= 1;
                if self.shape.shanten(&after) != s - 1 {
                    continue;
                }
                let furiten = s == 1 && self.discards_wait(&after, x);
                children.push(self.node(&after, false, furiten));
                if s == 1 && self.setting.can_riichi && !self.setting.in_riichi {
                    children.push(self.node(&after, true, furiten));
                }
            }
            if !children.is_empty() {
                moves.push(Move { p, children });
            }
        }
        Body::Improve { moves }
    }

    /// A hand beyond the exact depth or the budget.
    fn estimate(&mut self, counts: &Counts, s: i8) -> Future {
        let o = self.outlook;
        if s == i8::MAX {
            let mut f = Future::zero(o.draws, s);
            f.value = o.ends(false).fold.clone();
            return f;
        }
        let eff = self.shape.effective(counts, s);
        let count: f32 = eff.iter().map(|k| self.draw[k.index()] * self.unseen_total).sum();
        let (ron, tsumo) = self.setting.worth.of(counts, self.scorer.mean_wins());
        let value = WinValues {
            ron: o.placement.win(ron, false, 0.0),
            tsumo: o.placement.win(tsumo, true, 0.0),
        };
        let fold = self.setting.can_fold && !self.setting.in_riichi;
        abstract_future(o, s, count, value, self.unseen_total, fold)
    }

    /// The node's result from the others' turns of go-around `t` (from its draw of `t + 1`),
    /// pushing or folding, whichever is worth more. `None` for an estimated node, whose
    /// future is already set.
    fn others_turns(&self, i: usize, t: usize) -> Option<(f32, f32, f32)> {
        let o = self.outlook;
        let node = &self.nodes[i];
        let (p_ron, ron_value, ready) = match node.body {
            Body::Estimate | Body::Pending { .. } => return None,
            Body::Ready { p_ron, ron_value, .. } => (p_ron, ron_value, true),
            Body::Improve { .. } => (0.0, 0.0, false),
        };
        let in_riichi = self.setting.in_riichi;
        // A riichi declared on the way has paid its stick.
        let e = o.ends(node.riichi && !in_riichi);
        let next = if t == o.draws {
            let end = if ready { e.ready_at_draw } else { e.not_ready_at_draw };
            (end, 0.0, 0.0)
        } else {
            node.draw.at(t + 1)
        };
        let p_ron = o.ron_at(p_ron, t);
        let hz = o.hazard[t].min(1.0 - p_ron);
        let go_on = 1.0 - p_ron - hz;
        let push = (
            p_ron * ron_value + hz * e.other_win[t] + go_on * (e.drain[t] + next.0),
            p_ron + go_on * next.1,
            go_on * next.2,
        );
        let fold = e.fold[t];
        let fold_allowed = self.setting.can_fold && !in_riichi;
        Some(if fold_allowed && !node.riichi && fold > push.0 {
            (fold, 0.0, e.fold_deal[t])
        } else {
            push
        })
    }

    /// Values every node, go-around by go-around from the wall's end back to now: first the
    /// others' turns of `t` for every node (from its own draw of `t + 1`), then every node's
    /// draw of `t` (from its choices' others' turns of `t`).
    fn value_all(&mut self) {
        let o = self.outlook;
        let d = o.draws;
        let stick = self.setting.riichi_cost;
        let in_riichi = self.setting.in_riichi;
        for t in (0..=d).rev() {
            for i in 0..self.nodes.len() {
                if let Some(v) = self.others_turns(i, t) {
                    self.nodes[i].after.set(t, v);
                }
            }
            if t == 0 {
                break;
            }
            let pi = o.push_deal[t];
            for i in 0..self.nodes.len() {
                let node = &self.nodes[i];
                let cost = o.ends(node.riichi && !in_riichi).deal_cost[t];
                let stay = node.after.at(t);
                let (win_p, win_v, moves) = match &node.body {
                    Body::Estimate | Body::Pending { .. } => continue,
                    Body::Ready { p_tsumo, v_tsumo, moves, .. } => (*p_tsumo, *v_tsumo, moves),
                    Body::Improve { moves } => (0.0, 0.0, moves),
                };
                let (mut mv, mut mw, mut md, mut p_moves) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
                for m in moves {
                    let mut best = stay;
                    for &c in &m.children {
                        let child = &self.nodes[c];
                        let mut v = child.after.at(t);
                        if child.riichi && !node.riichi {
                            v.0 -= stick;
                        }
                        if v.0 > best.0 {
                            best = v;
                        }
                    }
                    mv += m.p * best.0;
                    mw += m.p * best.1;
                    md += m.p * best.2;
                    p_moves += m.p;
                }
                let rest = (1.0 - win_p - p_moves).max(0.0);
                let v = mv + rest * stay.0;
                let w = mw + rest * stay.1;
                let dl = md + rest * stay.2;
                let discard_share = 1.0 - win_p;
                let value = win_v + (-pi * cost) * discard_share + (1.0 - pi) * v;
                let win = win_p + (1.0 - pi) * w;
                let deal = pi * discard_share + (1.0 - pi) * dl;
                self.nodes[i].draw.set(t, (value, win, deal));
            }
        }
        self.valued = true;
    }
}
