//! `search`: the agent that looks ahead. For every option (each discard, riichi or not, each
//! call or pass, each kan) it estimates the hand's expected result over the go-arounds left:
//! the chance to win before the wall ends times what hupai-rules scores the win, less the
//! chance to deal in times its cost, plus what the exhaustive draw pays, with the option to
//! fold at every step. Its own hand's futures come from exact recursion over the unseen
//! copies near ready ([`futures`]); the others come from a model of the opponents
//! ([`opponents`], [`outlook`]). Sichuan's opening choices (换三张, 定缺), four or five tiles
//! from ready, are valued by playing the hand out over sampled walls ([`playout`]).
//!
//! ```
//! use hupai_ai::search::Search;
//! use hupai_engine::{Agent, Driver, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 7));
//! let prompt = driver.prompts().next().unwrap();
//! let explained = Search::new(&rules, 7).explain(prompt.view, prompt.options);
//! assert!(explained.to_string().starts_with("search: discard"));
//! assert!(prompt.options.contains(&explained.action));
//! ```

mod abstract_future;
mod future;
pub mod futures;
mod key;
pub mod opponents;
pub mod outlook;
mod params;
pub mod placement;
pub mod playout;
mod shape;
pub mod values;

use hupai_core::{Counts, Kind, Meld};
use hupai_engine::{
    legal_options, Action, Agent, Candidate, Decision, Event, Explanation, Pai, PlayerView,
};
use hupai_rules::{Rules, Variant};

use crate::brain::{think, Style};
use crate::plan::plans_for;
use crate::situation::Situation;
use futures::{Futures, Setting, Shape};
use opponents::OpponentModel;
use outlook::Outlook;
pub use params::SearchParams;
use placement::Placement;
use values::Scorer;

/// The search agent.
#[derive(Clone, Debug)]
pub struct Search {
    rules: Rules,
    params: SearchParams,
    model: OpponentModel,
    name: String,
    /// The seed of the play-outs (with the hand's own tiles and the table's state).
    seed: u64,
    /// Hands searched over the agent's decisions (for the arena's figures).
    pub searched: u64,
}

/// One option as the search valued it.
#[derive(Clone, Debug, PartialEq)]
pub struct Valued {
    /// The option.
    pub action: Action,
    /// Its expected result (the family's points).
    pub ev: f32,
    /// The chance to win the hand after it.
    pub win: f32,
    /// The chance to deal in after it (this discard and later ones).
    pub deal: f32,
}

impl Search {
    /// A search agent for `rules` with the default parameters, seeded with `seed`.
    pub fn new(rules: &Rules, seed: u64) -> Search {
        Search::with_params(rules, SearchParams::default(), seed)
    }

    /// A search agent for `rules` with `params`.
    pub fn with_params(rules: &Rules, params: SearchParams, seed: u64) -> Search {
        let name = if params == SearchParams::default() {
            "search".to_string()
        } else {
            format!("search({params})")
        };
        Search {
            rules: rules.clone(),
            params,
            model: OpponentModel::for_rules(rules),
            name,
            seed,
            searched: 0,
        }
    }

    /// Values every option the search weighs at this decision, best first; empty when the
    /// decision is one it leaves to the one-step rules (self-drawn wins, wins on a discard
    /// where declining one costs more than that win, in riichi).
    pub fn value_options(&mut self, view: &PlayerView, options: &[Action]) -> Vec<Valued> {
        let opening = matches!(view.decision(), Decision::Void | Decision::Exchange);
        if !opening && self.delegated(view, options) {
            return Vec::new();
        }
        let mut valued = match view.decision() {
            Decision::Claim { from, pai } => self.claims(view, options, from, pai),
            Decision::Void | Decision::Exchange => self.opening(view, options),
            _ if self.too_far(view) => self.far_discards(view, options),
            _ => self.turn(view, options),
        };
        valued.sort_by(|a, b| b.ev.total_cmp(&a.ev));
        valued
    }

    /// Whether the hand is too far from ready for the exact recursion (`reach`, `late`).
    fn too_far(&self, view: &PlayerView) -> bool {
        // `late=0` is never, even at the last discard (no tile left to draw).
        let late = self.params.late > 0
            && view.shanten() <= 1
            && view.live_tiles() <= u32::from(self.params.late);
        view.shanten() > self.params.reach_in(&self.rules) && !late
    }

    /// Whether this decision is left to `defensive`'s rules.
    fn delegated(&self, view: &PlayerView, options: &[Action]) -> bool {
        if options.len() <= 1 || view.riichi[view.seat.index()] || view.void_tiles() > 0 {
            return true;
        }
        if self.too_far(view)
            && !(self.params.far && matches!(view.decision(), Decision::Turn { .. }))
        {
            return true;
        }
        if view.jokers() > 0 || view.joker.is_some() {
            // Joker hands: the recursion keeps the joker count fixed; a joker discard is
            // left to the one-step rules.
            if options.iter().any(|a| a.discarded().and_then(Pai::kind) == view.joker) {
                return true;
            }
        }
        let declinable =
            self.may_decline_ron() && matches!(view.decision(), Decision::Claim { .. });
        options.iter().any(|a| {
            (*a == Action::Ron && !declinable)
                || matches!(
                    a,
                    Action::Tsumo
                        | Action::Void(_)
                        | Action::Exchange(_)
                        | Action::LoneKong(_)
                        | Action::Kita
                        | Action::NineTerminals
                )
        }) || !matches!(view.decision(), Decision::Turn { .. } | Decision::Claim { .. })
    }

    /// Whether the search weighs declining a win on a discard against playing on (in
    /// Guangdong a self-draw pays six times a win on a discard): where a declined win costs
    /// that win alone. Not in riichi (furiten) nor under 过水 (`pass_win`: no win on a discard
    /// until the seat's next draw), where declining measured far worse in Sichuan (win 51.5%
    /// against 63.8% over 8,000 hands: under 血战到底 the others' wins do not end the hand,
    /// and the values of playing on miss what staying in costs).
    fn may_decline_ron(&self) -> bool {
        self.rules.variant != Variant::Riichi && !self.rules.pass_win
    }

    /// How outcomes are valued at this decision: by placement in a riichi match's closing
    /// hands (every hand, when each is a whole match), in raw points otherwise.
    pub fn placement(&self, view: &PlayerView) -> Placement {
        let left = if self.params.single { 0 } else { Placement::hands_left(view, &self.rules) };
        let closing = i64::from(left) <= i64::from(self.params.placement);
        Placement::new(view, &self.rules, closing.then_some(left))
    }

    /// The table as `view` shows it, its outcomes valued as [`Search::placement`] says.
    fn outlook(&self, view: &PlayerView, sit: &Situation) -> Outlook {
        Outlook::new(view, &self.rules, sit, &self.model, self.placement(view))
    }

    /// What declaring riichi costs under the rules (the stick).
    fn riichi_cost(&self) -> f32 {
        if self.rules.variant == Variant::Riichi {
            1000.0
        } else {
            0.0
        }
    }

    /// A recursion for the seat's hand as `view` shows it.
    fn futures<'o>(&self, view: &PlayerView, sit: &Situation, outlook: &'o Outlook) -> Futures<'o> {
        let shape = Shape::new(
            plans_for(sit, &sit.melds, &sit.counts, sit.closed),
            sit.melds.clone(),
            sit.jokers,
            sit.forms,
        );
        let unseen: [u8; 34] =
            std::array::from_fn(|i| Kind::new(i as u8).map_or(0, |k| sit.unseen(k)));
        let melds: Vec<Meld> = view.own_melds().iter().map(|m| m.meld).collect();
        let scorer =
            Scorer::new(view, melds, values::red_fives(view), unseen, outlook.placement.clone());
        let riichi_family = self.rules.variant == Variant::Riichi;
        let declare = riichi_family || self.rules.declare_ready != hupai_rules::DeclareReady::Off;
        let can_riichi = declare
            && sit.closed
            && view.scores[view.seat.index()] >= if riichi_family { 1000 } else { 0 };
        let setting = Setting {
            unseen,
            furiten: if riichi_family { sit.own_discards } else { Default::default() },
            can_riichi,
            in_riichi: sit.in_riichi,
            can_fold: true,
            riichi_cost: if riichi_family { 1000.0 } else { 0.0 },
            worth: values::RoughWorth::new(view, sit),
            exact_depth: self.params.depth,
            budget: self.params.node_budget(),
            work_budget: self.params.work_budget(),
        };
        Futures::new(shape, outlook, scorer, setting)
    }

    /// Values the 定缺 or 换三张 options by playing the hand out over sampled walls
    /// ([`playout`]).
    fn opening(&mut self, view: &PlayerView, options: &[Action]) -> Vec<Valued> {
        let sit = Situation::new(view, &self.rules);
        let (mut scorer, unseen) = self.playout_scorer(view, &sit);
        let counts = view.counts();
        // The exchanges played out: `defensive`'s and the loosest of each suit.
        let exchanges = crate::void::exchange(counts, options)
            .map(|anchor| playout::loosest_exchanges(counts, options, anchor));
        let walls = self.params.playout_walls(exchanges.as_ref().map_or(3, Vec::len));
        let seed = hand_seed(self.seed, view);
        let mut playouts =
            playout::Playouts::new(view, &unseen, 0, sit.forms, &mut scorer, walls, seed);
        let valued = match exchanges {
            Some(exchanges) => playouts.exchanges(counts, &exchanges),
            None => playouts.voids(counts, options),
        };
        self.searched += (walls * valued.len()) as u64;
        valued
    }

    /// Values the discards of a hand too far from ready for the recursion (`far=1`) by
    /// playing the hand out over sampled walls ([`playout`]), each discard's own danger as
    /// the outlook reads it.
    fn far_discards(&mut self, view: &PlayerView, options: &[Action]) -> Vec<Valued> {
        let sit = Situation::new(view, &self.rules);
        let outlook = self.outlook(view, &sit);
        let (mut scorer, unseen) = self.playout_scorer(view, &sit);
        let kinds: Vec<(Action, Kind)> = distinct_discards(options)
            .into_iter()
            .filter_map(|(a, k, riichi)| k.filter(|_| !riichi).map(|k| (a, k)))
            .collect();
        let walls = self.params.playout_walls(kinds.len());
        let seed = hand_seed(self.seed, view);
        let melds = view.own_melds().len().min(4) as u8;
        let mut playouts =
            playout::Playouts::new(view, &unseen, melds, sit.forms, &mut scorer, walls, seed);
        let valued = playouts.discards(&sit.counts, &kinds, sit.void);
        self.searched += (walls * valued.len()) as u64;
        valued
            .into_iter()
            .map(|v| {
                let kind = v.action.discarded().and_then(Pai::kind);
                let (p, cost) = kind.map_or((0.0, 0.0), |k| outlook.discard_risk(k));
                Valued { ev: -p * cost + (1.0 - p) * v.ev, win: (1.0 - p) * v.win, deal: p, ..v }
            })
            .collect()
    }

    /// The scorer of the play-outs' wins and the unseen copies they draw from (the void
    /// suit's included: a play-out discards them as it draws them).
    fn playout_scorer(&self, view: &PlayerView, sit: &Situation) -> (Scorer, [u8; 34]) {
        let unseen: [u8; 34] = std::array::from_fn(|i| {
            Kind::new(i as u8).map_or(0, |k| 4u8.saturating_sub(sit.counts[k] + sit.visible[k]))
        });
        let melds: Vec<Meld> = view.own_melds().iter().map(|m| m.meld).collect();
        let scorer =
            Scorer::new(view, melds, values::red_fives(view), unseen, self.placement(view));
        (scorer, unseen)
    }

    /// Values the discards (riichi or not) and kans of the seat's turn.
    fn turn(&mut self, view: &PlayerView, options: &[Action]) -> Vec<Valued> {
        let sit = Situation::new(view, &self.rules);
        let outlook = self.outlook(view, &sit);
        let mut fut = self.futures(view, &sit, &outlook);
        let mut out = value_discards(&sit, &outlook, &mut fut, options, self.riichi_cost());
        self.searched += fut.searched() as u64;
        for &o in options {
            if let Action::ClosedKan(_) | Action::AddedKan(_) = o {
                if let Some(v) = self.kan(view, o) {
                    out.push(v);
                }
            }
        }
        out
    }

    /// Values a closed or added kan: its replacement draw, then the best discard.
    fn kan(&mut self, view: &PlayerView, kan: Action) -> Option<Valued> {
        let me = view.seat;
        let event = match kan {
            Action::ClosedKan(k) => {
                let consumed: Vec<Pai> =
                    view.hand().iter().copied().filter(|p| p.kind() == Some(k)).collect();
                Event::Ankan { actor: me, consumed }
            }
            Action::AddedKan(k) => {
                let pai = *view.hand().iter().find(|p| p.kind() == Some(k))?;
                let meld = view.own_melds().iter().find(|m| m.meld.first() == k)?;
                Event::Kakan { actor: me, pai, consumed: meld.tiles().to_vec() }
            }
            _ => return None,
        };
        let mut after = view.clone();
        after.update(&event).ok()?;
        let paid = kong_payment(&self.rules, view, kan);
        self.after_kan(&after, kan).map(|v| Valued { ev: v.ev + paid, ..v })
    }

    /// Values passing and each call on `pai`, discarded by `from`.
    fn claims(
        &mut self,
        view: &PlayerView,
        options: &[Action],
        from: hupai_core::Seat,
        pai: Pai,
    ) -> Vec<Valued> {
        let sit = Situation::new(view, &self.rules);
        let outlook = self.outlook(view, &sit);
        let mut fut = self.futures(view, &sit, &outlook);
        let id = fut.add(&sit.counts, false, None);
        let pass = fut.future(id).clone();
        let now = pass.shanten;
        self.searched += fut.searched() as u64;
        let mut out = vec![Valued {
            action: Action::Pass,
            ev: pass.value[0],
            win: pass.win[0],
            deal: pass.deal[0],
        }];
        if options.contains(&Action::Ron) {
            // The win ends the hand for what the rules score it now.
            let points = hupai_engine::win_score(view, pai, hupai_engine::WinOn::Discard)
                .map_or(0.0, |s| s.payments.total as f32);
            let ev = outlook.placement.scored_win(points, false, 0.0);
            out.push(Valued { action: Action::Ron, ev, win: 1.0, deal: 0.0 });
        }
        for &o in options {
            let event = match o {
                Action::Pon(t) => {
                    Event::Pon { actor: view.seat, target: from, pai, consumed: t.to_vec() }
                }
                Action::Chi(t) => {
                    Event::Chi { actor: view.seat, target: from, pai, consumed: t.to_vec() }
                }
                Action::OpenKan => {
                    let consumed: Vec<Pai> =
                        view.hand().iter().copied().filter(|p| p.kind() == pai.kind()).collect();
                    Event::Daiminkan { actor: view.seat, target: from, pai, consumed }
                }
                _ => continue,
            };
            // A call that cannot lower shanten is not searched.
            if !call_may_help(&sit, &fut, pai, now) {
                continue;
            }
            let mut after = view.clone();
            if after.update(&event).is_err() {
                continue;
            }
            let valued = if o == Action::OpenKan {
                let paid = kong_payment(&self.rules, view, o);
                self.after_kan(&after, o).map(|v| Valued { ev: v.ev + paid, ..v })
            } else {
                let sit2 = Situation::new(&after, &self.rules);
                let outlook2 = self.outlook(&after, &sit2);
                let mut fut2 = self.futures(&after, &sit2, &outlook2);
                let opts = legal_options(&after);
                let best = value_discards(&sit2, &outlook2, &mut fut2, &opts, 0.0)
                    .into_iter()
                    .max_by(|a, b| a.ev.total_cmp(&b.ev));
                self.searched += fut2.searched() as u64;
                best.map(|b| Valued { action: o, ..b })
            };
            if let Some(v) = valued {
                out.push(v);
            }
        }
        out
    }

    /// A kan made (`after` is the view once it stands): its replacement draw, each unseen
    /// kind by its chance, then the best discard.
    fn after_kan(&mut self, after: &PlayerView, kan: Action) -> Option<Valued> {
        let sit = Situation::new(after, &self.rules);
        let outlook = self.outlook(after, &sit);
        let mut fut = self.futures(after, &sit, &outlook);
        let unseen: f32 = sit.unseen_total() as f32;
        let mut draws: Vec<KanDraw> = Vec::new();
        for k in Kind::all() {
            let p = sit.unseen(k) as f32 / unseen;
            if p <= 0.0 || sit.counts[k] >= 4 {
                continue;
            }
            let mut full = sit.counts;
            full.add(k);
            if fut.shape().complete(&full) {
                let v = fut.win_now(&full, k, true);
                if v > 0.0 {
                    draws.push((p, Some(v), Vec::new()));
                    continue;
                }
            }
            let discards: Vec<(Kind, usize)> = full
                .kinds()
                .map(|x| {
                    let mut rest = full;
                    rest[x] -= 1;
                    (x, fut.add(&rest, false, Some(x)))
                })
                .collect();
            draws.push((p, None, discards));
        }
        let (mut ev, mut win, mut deal, mut weight) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
        for (p, won, discards) in draws {
            weight += p;
            if let Some(v) = won {
                ev += p * v;
                win += p;
                continue;
            }
            let mut best: Option<(f32, f32, f32)> = None;
            for (x, id) in discards {
                let (pd, cost) = outlook.discard_risk(x);
                let f = fut.future(id);
                let v = -pd * cost + (1.0 - pd) * f.value[0];
                if best.is_none_or(|b| v > b.0) {
                    best = Some((v, (1.0 - pd) * f.win[0], pd + (1.0 - pd) * f.deal[0]));
                }
            }
            if let Some(b) = best {
                ev += p * b.0;
                win += p * b.1;
                deal += p * b.2;
            }
        }
        self.searched += fut.searched() as u64;
        let w = weight.max(1e-6);
        Some(Valued { action: kan, ev: ev / w, win: win / w, deal: deal / w })
    }

    /// `defensive`'s choice at this decision, and its explanation when asked.
    fn anchor(
        &self,
        view: &PlayerView,
        options: &[Action],
        explain: bool,
    ) -> (Action, Option<Explanation>) {
        let (action, ex) =
            think(&self.rules, Style::Defensive, &crate::Params::default(), view, options, explain);
        let ex = ex.map(|mut e| {
            e.agent = self.name.clone();
            e
        });
        (action, ex)
    }

    /// The search's choice: its best option where it gains more than the margin over
    /// `defensive`'s choice, which it plays otherwise (and wherever it does not search).
    fn choose(
        &mut self,
        view: &PlayerView,
        options: &[Action],
        explain: bool,
    ) -> (Action, Option<Explanation>) {
        let valued = self.value_options(view, options);
        let (anchor, anchor_ex) = self.anchor(view, options, explain && valued.is_empty());
        let Some(best) = valued.first().cloned() else {
            return (anchor, anchor_ex);
        };
        let anchored = valued.iter().find(|v| same_option(v.action, anchor));
        let chosen = match anchored {
            Some(a) if best.ev - a.ev <= self.params.margin_in(&self.rules) => a.action,
            Some(_) => best.action,
            // An option the search did not value (a kind it does not discard, a call it did
            // not weigh): it cannot compare, so `defensive`'s choice stands.
            None => anchor,
        };
        let action = if same_option(chosen, anchor) { anchor } else { chosen };
        // The play-outs of 换三张 and 定缺 do not deal in (nobody threatens yet).
        let deals = !matches!(view.decision(), Decision::Void | Decision::Exchange);
        let margin = self.params.margin_in(&self.rules);
        let ex = explain.then(|| Explanation {
            agent: self.name.clone(),
            action,
            reason: reason(action, anchor, anchored, &valued, margin, deals),
            candidates: valued
                .iter()
                .map(|v| Candidate {
                    action: v.action,
                    label: label(v.action),
                    numbers: [("ev", v.ev), ("win", v.win), ("deal", v.deal)]
                        .into_iter()
                        .filter(|n| deals || n.0 != "deal")
                        .map(|(name, x)| (name, f64::from(x)))
                        .collect(),
                })
                .collect(),
        });
        (action, ex)
    }
}

/// What the seat collects at once for the kan `kan` (刮风下雨, `kong_payments`): an open kan
/// from its discarder, an added or closed one from every other player still in the hand.
fn kong_payment(rules: &Rules, view: &PlayerView, kan: Action) -> f32 {
    let [open, added, closed] = rules.kong_payments;
    let each = match kan {
        Action::OpenKan => return (open * rules.base_points) as f32,
        Action::AddedKan(_) => added,
        Action::ClosedKan(_) => closed,
        _ => return 0.0,
    };
    // As the engine charges it: every other player not gone after its win.
    let payers = view.seats.after(view.seat).filter(|&s| !view.has_left(s)).count();
    (each * rules.base_points) as f32 * payers as f32
}

/// The play-outs' seed at this decision: the agent's seed with the seat's tiles and the
/// table's state, so the same position is played out over the same walls.
fn hand_seed(seed: u64, view: &PlayerView) -> u64 {
    let mut rng = hupai_engine::SplitMix64::new(seed ^ view.seat.index() as u64);
    let mut h = rng.next_u64();
    let table = [u64::from(view.kyoku), u64::from(view.honba), u64::from(view.live_tiles())];
    for x in view.counts().0.iter().map(|&c| u64::from(c)).chain(table) {
        h = hupai_engine::SplitMix64::new(h ^ x).next_u64();
    }
    h
}

/// A replacement draw after a kan: its chance, the win's value if it completes the hand, and
/// the discards it allows (each with its hand in the graph).
type KanDraw = (f32, Option<f32>, Vec<(Kind, usize)>);

/// Whether `a` and `b` are the same option up to which copy of a kind is discarded.
pub fn same_option(a: Action, b: Action) -> bool {
    match (a, b) {
        (Action::Discard { pai: x, .. }, Action::Discard { pai: y, .. })
        | (Action::Riichi { pai: x, .. }, Action::Riichi { pai: y, .. }) => x.kind() == y.kind(),
        _ => a == b,
    }
}

impl Agent for Search {
    fn name(&self) -> &str {
        &self.name
    }

    fn decide(&mut self, view: &PlayerView, options: &[Action]) -> Action {
        self.choose(view, options, false).0
    }

    fn explain(&mut self, view: &PlayerView, options: &[Action]) -> Explanation {
        let (action, ex) = self.choose(view, options, true);
        ex.unwrap_or_else(|| Explanation {
            agent: self.name.clone(),
            action,
            reason: String::new(),
            candidates: Vec::new(),
        })
    }
}

/// Values each distinct discard among `options` (riichi or not) with the recursion.
fn value_discards(
    sit: &Situation,
    outlook: &Outlook,
    fut: &mut Futures<'_>,
    options: &[Action],
    riichi_cost: f32,
) -> Vec<Valued> {
    let mut added = Vec::new();
    for (action, kind, riichi) in distinct_discards(options) {
        let Some(kind) = kind else { continue };
        if sit.counts[kind] == 0 {
            continue;
        }
        let mut after: Counts = sit.counts;
        after[kind] -= 1;
        added.push((action, kind, riichi, fut.add(&after, riichi, Some(kind))));
    }
    added
        .into_iter()
        .map(|(action, kind, riichi, id)| {
            let (p, cost) = outlook.discard_risk(kind);
            let f = fut.future(id);
            let stick = if riichi { riichi_cost } else { 0.0 };
            Valued {
                action,
                ev: -p * cost + (1.0 - p) * (f.value[0] - stick),
                win: (1.0 - p) * f.win[0],
                deal: p + (1.0 - p) * f.deal[0],
            }
        })
        .collect()
}

/// One option per discarded kind and riichi flag: a plain copy before a red five, the drawn
/// tile before a held one.
fn distinct_discards(options: &[Action]) -> Vec<(Action, Option<Kind>, bool)> {
    let mut best: Vec<(Action, Option<Kind>, bool, u8)> = Vec::new();
    for &o in options {
        let (pai, tsumogiri, riichi) = match o {
            Action::Discard { pai, tsumogiri } => (pai, tsumogiri, false),
            Action::Riichi { pai, tsumogiri } => (pai, tsumogiri, true),
            _ => continue,
        };
        let rank = 2 * u8::from(pai.is_red()) + u8::from(!tsumogiri);
        let kind = pai.kind();
        match best.iter_mut().find(|b| b.1 == kind && b.2 == riichi) {
            Some(b) if rank < b.3 => *b = (o, kind, riichi, rank),
            Some(_) => {}
            None => best.push((o, kind, riichi, rank)),
        }
    }
    best.into_iter().map(|(a, k, r, _)| (a, k, r)).collect()
}

/// Whether calling `pai` may lower the hand's shanten (`now`): it must be one of the hand's
/// effective kinds.
fn call_may_help(sit: &Situation, fut: &Futures<'_>, pai: Pai, now: i8) -> bool {
    let Some(k) = pai.kind() else { return false };
    let _ = sit;
    fut.shape().effective(&sit.counts, now).contains(k)
}

fn label(action: Action) -> String {
    match action {
        Action::Discard { pai, .. } => pai.to_string(),
        Action::Riichi { pai, .. } => format!("riichi {pai}"),
        other => other.to_string(),
    }
}

/// The reason in one line: what the chosen option expects, and how it stands against
/// `defensive`'s choice.
fn reason(
    action: Action,
    anchor: Action,
    anchored: Option<&Valued>,
    valued: &[Valued],
    margin: f32,
    deals: bool,
) -> String {
    let Some(chosen) = valued.iter().find(|v| same_option(v.action, action)) else {
        return format!("{}: defensive's choice; the search did not value it", label(anchor));
    };
    let mut s = format!("ev {}, win {:.0}%", points(chosen.ev), chosen.win * 100.0);
    if deals {
        s.push_str(&format!(", deal-in {:.0}%", chosen.deal * 100.0));
    }
    match anchored {
        Some(a) if !same_option(a.action, action) => {
            s.push_str(&format!("; over defensive's {} (ev {})", label(a.action), points(a.ev)))
        }
        Some(_) => {
            if let Some(best) = valued.first().filter(|b| !same_option(b.action, action)) {
                s.push_str(&format!(
                    "; defensive's choice kept: {} would expect {} more, within the margin of {}",
                    label(best.action),
                    points(best.ev - chosen.ev),
                    points(margin)
                ));
            }
        }
        None => {}
    }
    s
}

/// Points as the explanation shows them: whole above 100 (riichi), to a tenth below (the
/// Chinese families' points, a few units a hand).
fn points(x: f32) -> String {
    if x.abs() >= 100.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}
