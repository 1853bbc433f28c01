//! Labelled reads from self-play. The engine knows every hand, so at each decision of a seat
//! on its turn it records, for each opponent, what the seat can see ([`super::features`]) and
//! what the seat would like to know, from the opponent's own view: whether it is ready, which
//! kinds it would win on if the seat discarded them now (the engine's own offer of a win:
//! not furiten, the win scores), and what that win would cost the seat (ura dora from the
//! wall included). Over the go-around that follows it records whether a seat not ready
//! became ready and whether a ready seat won (not on the seat's discard), and, for the seat's
//! own ready hand, whether the others discarded one of its waits. A seat not ready is also
//! followed over every go-around left, to the one in which it became ready
//! ([`OpponentSample::ready_in`]): what the search asks of a read far ahead.
//!
//! ```
//! use hupai_ai::reads::samples::{collect, Collect};
//! use hupai_rules::Rules;
//! let how = Collect::new(Rules::preset("riichi").unwrap(), 2, 7);
//! let samples = collect(&how).unwrap();
//! assert!(samples.opponents.len() > 20);
//! assert!(samples.opponents.iter().any(|o| o.ready));
//! ```

use hupai_core::{Kind, Seat, Tile};
use hupai_engine::{
    legal_options, win_context, win_hand, Action, Agent, Decision, Driver, Event, Pai, PlayError,
    PlayerView, RoundState, Setup, SplitMix64, WinOn,
};
use hupai_rules::Rules;

use super::features::{Opponent, Table};
use crate::danger::{threats, Danger, TableRead};
use crate::{AgentSpec, BuildOptions};

/// How to collect.
#[derive(Clone, Debug)]
pub struct Collect {
    /// The rules played.
    pub rules: Rules,
    /// The four agents (player order).
    pub agents: [AgentSpec; 4],
    /// Hands to play.
    pub hands: u32,
    /// The seed of the first hand's wall, the round and dealer of each hand, the sampling.
    pub seed: u64,
    /// The chance that a decision is recorded.
    pub sample: f32,
    /// The chance that a kind an opponent does not win on is kept (with weight 1/this).
    pub negatives: f32,
    /// Also record the kinds the seat holds against opponents that are not ready (none of
    /// them wins), to measure the chance to deal in itself.
    pub every_opponent: bool,
}

impl Collect {
    /// Four `defensive(reads=written)` agents, every decision and every kind. The shipped
    /// models were fitted on (and calibrated against) the play of `defensive` with the
    /// hand-written reads; pinning them keeps the fit commands reproducing the shipped files
    /// now that `defensive` reads with those models in riichi.
    pub fn new(rules: Rules, hands: u32, seed: u64) -> Collect {
        let defensive: AgentSpec =
            "defensive(reads=written)".parse().unwrap_or_else(|_| unreachable!());
        Collect {
            rules,
            agents: std::array::from_fn(|_| defensive.clone()),
            hands,
            seed,
            sample: 1.0,
            negatives: 1.0,
            every_opponent: false,
        }
    }
}

/// Rows of features, all in one pool.
#[derive(Clone, Debug, Default)]
pub struct Pool(Vec<u16>);

/// Where a row's features are in its [`Pool`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Span {
    start: u32,
    len: u16,
}

impl Pool {
    /// Stores `features`.
    fn put(&mut self, features: &[u16]) -> Span {
        let start = self.0.len() as u32;
        self.0.extend_from_slice(features);
        Span { start, len: features.len() as u16 }
    }

    /// The features at `span`.
    pub fn get(&self, span: Span) -> &[u16] {
        &self.0[span.start as usize..span.start as usize + span.len as usize]
    }
}

/// One opponent as one seat saw it at one decision, labelled.
#[derive(Clone, Debug)]
pub struct OpponentSample {
    /// Its features ([`super::OPPONENT`]).
    pub features: Span,
    /// The hand (0..hands) it comes from.
    pub hand: u32,
    /// The turn (draws over four).
    pub turn: u8,
    /// Whether it had declared riichi.
    pub riichi: bool,
    /// Whether it was ready (shanten 0).
    pub ready: bool,
    /// The mean cost to the seat of its wins on the kinds it would win on, if any.
    pub cost: Option<f32>,
    /// Over the go-around that followed: for a ready seat, whether it won (not on the
    /// seat's discard); otherwise whether it became ready. A go-around the wall ends counts
    /// as it went. `None` when it was cut short otherwise (another seat won, the seat dealt
    /// in or called) or the decision was not a plain turn.
    pub next: Option<bool>,
    /// For an opponent not ready at a plain turn, followed over the go-arounds after it:
    /// `(g, true)` when it became ready during go-around `g` (0 is the go-around after the
    /// decision), `(g, false)` when it was seen not ready through `g` whole go-arounds and then
    /// lost from sight (the hand ended, or the seat left it by winning). `None` otherwise.
    pub ready_in: Option<(u8, bool)>,
    /// The hand-written model's readiness.
    pub written_ready: f32,
    /// The hand-written model's cost.
    pub written_cost: f32,
}

/// One kind against one ready opponent, labelled.
#[derive(Clone, Debug)]
pub struct KindSample {
    /// The opponent ([`Samples::opponents`]).
    pub opponent: u32,
    /// The kind's features ([`super::KIND`]).
    pub features: Span,
    /// The kind.
    pub kind: u8,
    /// Whether the seat holds one.
    pub held: bool,
    /// Whether the opponent would win on it.
    pub wins: bool,
    /// The row's weight (kept negatives stand for the dropped ones).
    pub weight: f32,
    /// The hand-written danger (the chance to deal in if the opponent is ready).
    pub written: f32,
}

/// One go-around of the seat's own ready hand (not furiten).
#[derive(Clone, Copy, Debug)]
pub struct RonSample {
    /// Whether the seat had declared riichi.
    pub riichi: bool,
    /// The sum over its waits of ln(1 − unseen copies / unseen tiles), times the share of
    /// the seat's opponents still in the hand (under 血战到底 fewer seats discard once some
    /// have won): the rate fitted from these is the rate with every opponent in.
    pub log_miss: f32,
    /// Whether another seat discarded one of its waits.
    pub hit: bool,
}

/// Everything collected.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// The feature pool.
    pub pool: Pool,
    /// Opponents at decisions.
    pub opponents: Vec<OpponentSample>,
    /// Kinds against ready opponents.
    pub kinds: Vec<KindSample>,
    /// The seats' own ready go-arounds.
    pub rons: Vec<RonSample>,
    /// Hands played.
    pub hands: u32,
    /// How often an opponent would have won on a kind read as safe against it (its furiten,
    /// its void suit): 0 unless the reads' hard zeros disagree with the rules.
    pub safe_wins: u32,
}

/// What one seat waits for over its go-around.
#[derive(Clone, Debug, Default)]
struct Watch {
    /// Opponent rows to label: (row, opponent seat, was ready).
    rows: Vec<(usize, Seat, bool)>,
    /// The seat's own ready hand: waits, riichi, ln-miss, hit so far.
    ron: Option<(hupai_core::KindSet, bool, f32, bool)>,
    /// The seat called since: the go-around is not a plain one.
    called: bool,
}

/// An opponent not ready, followed from one of the seat's plain turns.
#[derive(Clone, Copy, Debug)]
struct Follow {
    /// Its row in [`Samples::opponents`].
    row: usize,
    /// The opponent.
    opp: Seat,
    /// Go-arounds seen whole since the decision (the one under way has this index).
    seen: u8,
}

/// Labels every followed row of `follows` that `done` picks: ready now, or lost from sight
/// after `seen` go-arounds (plus the one under way, if `whole`); keeps the others.
fn settle(
    follows: &mut Vec<Follow>,
    out: &mut Samples,
    ready_now: impl Fn(Seat) -> bool,
    done: impl Fn(&Follow) -> bool,
    whole: bool,
) {
    follows.retain(|f| {
        if !done(f) {
            return true;
        }
        out.opponents[f.row].ready_in = Some(if ready_now(f.opp) {
            (f.seen, true)
        } else {
            (f.seen.saturating_add(u8::from(whole)), false)
        });
        false
    });
}

/// Why a collection stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum CollectError {
    /// An agent could not be built.
    Agent(crate::SpecError),
    /// The engine refused a move (a bug: agents answer with legal options).
    Play(PlayError),
}

impl std::fmt::Display for CollectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CollectError::Agent(e) => write!(f, "cannot build an agent: {e}"),
            CollectError::Play(e) => write!(f, "self-play stopped: {e}"),
        }
    }
}

impl std::error::Error for CollectError {}

/// Plays `how.hands` hands and records them.
pub fn collect(how: &Collect) -> Result<Samples, CollectError> {
    let mut out = Samples { hands: how.hands, ..Samples::default() };
    let mut rng = SplitMix64::new(how.seed ^ 0x5eed_0ff0_77e5);
    for hand in 0..how.hands {
        let hand_seed = how.seed.wrapping_mul(1_000_003).wrapping_add(hand as u64);
        let mut setup = Setup::new(how.rules.clone(), hand_seed);
        setup.single_hand = true;
        setup.round = RoundState {
            round: (rng.next_u64() % 2) as u8,
            dealer: Seat::ALL[(rng.next_u64() % 4) as usize],
            honba: 0,
            sticks: 0,
        };
        play_hand(how, setup, hand, &mut rng, &mut out)?;
    }
    Ok(out)
}

fn play_hand(
    how: &Collect,
    setup: Setup,
    hand: u32,
    rng: &mut SplitMix64,
    out: &mut Samples,
) -> Result<(), CollectError> {
    let seed = setup.seed;
    let mut driver = Driver::new(setup);
    let mut agents: Vec<Option<Box<dyn Agent>>> = Vec::with_capacity(4);
    for (player, spec) in how.agents.iter().enumerate() {
        let agent = spec
            .build(&how.rules, seed.wrapping_add(player as u64), player, &BuildOptions::default())
            .map_err(CollectError::Agent)?;
        agents.push(Some(agent));
    }
    let mut watches: [Watch; 4] = Default::default();
    let mut follows: [Vec<Follow>; 4] = Default::default();
    let mut kind_buf = Vec::with_capacity(32);
    while !driver.is_over() {
        let next = driver.prompts().next().map(|p| (p.seat, p.view.decision()));
        if let Some((seat, Decision::Turn { after_call, replacement })) = next {
            let game = driver.game();
            let me = seat.index();
            if !game.view(seat).has_left(seat) {
                let w = &mut watches[me];
                if after_call {
                    w.called = true;
                }
                let ready_now = |opp: Seat| {
                    let v = game.view(opp);
                    v.shanten() <= 0 && !v.has_left(opp)
                };
                if !after_call && !replacement {
                    close_watch(
                        w,
                        |row, opp, ready| {
                            out.opponents[row].next = Some(!ready && ready_now(opp));
                        },
                        &mut out.rons,
                    );
                    // A go-around ends at each of the seat's draws.
                    settle(&mut follows[me], out, ready_now, |f| ready_now(f.opp), false);
                    for f in &mut follows[me] {
                        f.seen = f.seen.saturating_add(1);
                    }
                }
                if rng_chance(rng, how.sample) {
                    let rows = record(how, &driver, seat, hand, rng, &mut kind_buf, out);
                    if !after_call && !replacement {
                        follows[me].extend(
                            rows.iter().filter(|r| !r.2).map(|&(row, opp, _)| Follow {
                                row,
                                opp,
                                seen: 0,
                            }),
                        );
                        watches[me].rows = rows;
                    }
                }
            }
        }
        let Some(step) = driver.step(&mut agents).map_err(CollectError::Play)? else { break };
        for seq in step.events.clone() {
            let Some(event) = driver.record().get(seq) else { continue };
            observe(&driver, event, &mut watches, out);
            follow(&driver, event, &mut follows, out);
        }
    }
    Ok(())
}

fn rng_chance(rng: &mut SplitMix64, p: f32) -> bool {
    p >= 1.0 || (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 <= p
}

/// Ends a go-around at the seat's next plain turn: labels every row with `label`.
fn close_watch(w: &mut Watch, mut label: impl FnMut(usize, Seat, bool), rons: &mut Vec<RonSample>) {
    if !w.called {
        for &(row, opp, ready) in &w.rows {
            label(row, opp, ready);
        }
        if let Some((_, riichi, log_miss, hit)) = w.ron {
            rons.push(RonSample { riichi, log_miss, hit });
        }
    }
    *w = Watch::default();
}

/// Follows one event for the opponents followed over the go-arounds left: a win shows the
/// winner ready; the end of the hand, or the seat leaving it, ends what the seat sees.
fn follow(driver: &Driver, event: &Event, follows: &mut [Vec<Follow>; 4], out: &mut Samples) {
    let game = driver.game();
    let ready_now = |opp: Seat| game.view(opp).shanten() <= 0;
    match event {
        Event::Hora { actor, .. } => {
            let ends = game.rules().after_win == hupai_rules::AfterWin::End;
            for (me, fs) in follows.iter_mut().enumerate() {
                // The winner was ready; where the hand goes on and the seat is not the
                // winner, the others are followed on.
                settle(fs, out, |_| true, |f| f.opp == *actor, false);
                if ends || me == actor.index() {
                    settle(fs, out, ready_now, |_| true, false);
                }
            }
        }
        // The wall ran out within the go-around: it counts as it went.
        Event::Ryukyoku { .. } => {
            for fs in follows.iter_mut() {
                settle(fs, out, ready_now, |_| true, true);
            }
        }
        Event::EndKyoku => {
            for fs in follows.iter_mut() {
                settle(fs, out, |_| false, |_| true, false);
            }
        }
        _ => {}
    }
}

/// Follows one event for every seat's go-around.
fn observe(driver: &Driver, event: &Event, watches: &mut [Watch; 4], out: &mut Samples) {
    match event {
        Event::Dahai { actor, pai, .. } | Event::Kakan { actor, pai, .. } => {
            let discard = matches!(event, Event::Dahai { .. });
            let kind = pai.kind();
            for (me, w) in watches.iter_mut().enumerate() {
                if me == actor.index() {
                    if discard {
                        // The seat's own discard: its ready hand starts waiting.
                        w.ron = own_ready(driver.game().view(*actor));
                    }
                    continue;
                }
                if let (Some((waits, _, _, hit)), Some(k)) = (w.ron.as_mut(), kind) {
                    *hit |= waits.contains(k);
                }
            }
        }
        Event::Chi { actor, .. } | Event::Pon { actor, .. } | Event::Daiminkan { actor, .. } => {
            watches[actor.index()].called = true;
        }
        Event::Hora { actor, target, .. } => {
            let ends = driver.game().rules().after_win == hupai_rules::AfterWin::End;
            for (me, w) in watches.iter_mut().enumerate() {
                let mut keep = Vec::new();
                for &(row, opp, ready) in &w.rows {
                    if opp == *actor {
                        // It won: on the seat's own discard that is a deal-in, not a
                        // go-around's win.
                        if target.index() != me {
                            out.opponents[row].next = Some(true);
                        }
                        let _ = ready;
                    } else if !ends && me != actor.index() {
                        keep.push((row, opp, ready));
                    }
                }
                w.rows = keep;
                if me == actor.index() && *target != *actor {
                    if let Some((_, riichi, log_miss, _)) = w.ron {
                        out.rons.push(RonSample { riichi, log_miss, hit: true });
                    }
                    w.ron = None;
                } else if let Some((_, riichi, log_miss, true)) = w.ron {
                    out.rons.push(RonSample { riichi, log_miss, hit: true });
                    w.ron = None;
                } else if ends {
                    w.ron = None;
                }
            }
        }
        Event::Ryukyoku { .. } => {
            // The wall ran out (or the hand was aborted) within the go-around: a ready seat
            // did not win in it; a seat not ready is labelled by its hand now.
            for w in watches.iter_mut() {
                for &(row, opp, ready) in &w.rows {
                    let now = driver.game().view(opp).shanten() <= 0;
                    out.opponents[row].next = Some(!ready && now);
                }
                if let Some((_, riichi, log_miss, true)) = w.ron {
                    out.rons.push(RonSample { riichi, log_miss, hit: true });
                }
                *w = Watch::default();
            }
        }
        Event::EndKyoku => {
            for w in watches.iter_mut() {
                if let Some((_, riichi, log_miss, true)) = w.ron {
                    out.rons.push(RonSample { riichi, log_miss, hit: true });
                }
                *w = Watch::default();
            }
        }
        _ => {}
    }
}

/// The seat's ready hand after its discard, if it may win on a discard: its waits, whether
/// it declared riichi, and the sum of ln(1 − p) over its waits.
fn own_ready(view: &PlayerView) -> Option<(hupai_core::KindSet, bool, f32, bool)> {
    let waits = view.waits();
    if view.shanten() > 0 || waits.is_empty() || view.is_furiten() {
        return None;
    }
    let sit = crate::Situation::new(view, view.rules());
    let total = sit.unseen_total() as f32;
    let opponents = view.seats.count().saturating_sub(1).max(1) as f32;
    let still_in = view.in_hand_seats().filter(|&s| s != view.seat).count() as f32;
    let log_miss: f32 = waits
        .iter()
        .map(|k| sit.unseen(k) as f32 / total)
        .filter(|&p| p > 0.0)
        .map(|p| (1.0 - p).max(1e-6).ln())
        .sum::<f32>()
        * (still_in / opponents);
    if log_miss == 0.0 {
        return None;
    }
    Some((waits, view.riichi[view.seat.index()], log_miss, false))
}

/// Records the opponents of `seat` at its decision now; returns the rows to label over the
/// go-around.
fn record(
    how: &Collect,
    driver: &Driver,
    seat: Seat,
    hand: u32,
    rng: &mut SplitMix64,
    kind_buf: &mut Vec<u16>,
    out: &mut Samples,
) -> Vec<(usize, Seat, bool)> {
    let game = driver.game();
    let view = game.view(seat);
    let table = Table::new(view, &how.rules);
    let written = threats(view, &table.sit);
    let late = table.sit.late();
    let mut rows = Vec::new();
    for (i, threat) in written.iter().enumerate() {
        let Some(opp) = Seat::from_index(threat.seat) else { continue };
        let theirs = game.view(opp);
        if view.has_left(opp) {
            continue;
        }
        let o = Opponent::new(&table, opp.index());
        let ready = theirs.shanten() <= 0;
        let row = out.opponents.len();
        let features = out.pool.put(&o.features);
        let mut sample = OpponentSample {
            features,
            hand,
            turn: table.turn as u8,
            riichi: o.riichi,
            ready,
            cost: None,
            next: None,
            ready_in: None,
            written_ready: threat.ready,
            written_cost: threat.cost,
        };
        let wins = if ready { winning_kinds(game, theirs, seat) } else { Vec::new() };
        let costs: Vec<f32> = wins.iter().filter_map(|w| w.1).collect();
        if !costs.is_empty() {
            sample.cost = Some(costs.iter().sum::<f32>() / costs.len() as f32);
        }
        if ready || how.every_opponent {
            let read = TableRead {
                seen: table.seen,
                genbutsu: written[i].genbutsu,
                read: written[i].read,
                late,
            };
            out.safe_wins += wins.iter().filter(|w| o.safe.contains(w.0)).count() as u32;
            for k in Kind::all() {
                let held = table.sit.counts[k] > 0;
                if o.safe.contains(k) || table.sit.visible[k] >= 4 || !(ready || held) {
                    continue;
                }
                let win = wins.iter().any(|w| w.0 == k);
                let mut weight = 1.0;
                if !win && how.negatives < 1.0 {
                    if !rng_chance(rng, how.negatives) {
                        continue;
                    }
                    weight = 1.0 / how.negatives;
                }
                o.kind_features(&table, k, kind_buf);
                let features = out.pool.put(kind_buf);
                out.kinds.push(KindSample {
                    opponent: row as u32,
                    features,
                    kind: k.index() as u8,
                    held,
                    wins: win,
                    weight,
                    written: Danger::of(&read, k),
                });
            }
        }
        out.opponents.push(sample);
        rows.push((row, opp, ready));
    }
    rows
}

/// The kinds `theirs` would win on if `discarder` discarded one now, with what that win
/// would cost the discarder (ura dora from the wall included).
fn winning_kinds(
    game: &hupai_engine::Game,
    theirs: &PlayerView,
    discarder: Seat,
) -> Vec<(Kind, Option<f32>)> {
    let candidates: Vec<Kind> = if theirs.jokers() == 0 && theirs.joker.is_none() {
        theirs.waits().iter().collect()
    } else {
        Kind::all().filter(|&k| Some(k) != theirs.joker).collect()
    };
    let mut out = Vec::new();
    for k in candidates {
        let pai = Pai::kind_of(k);
        let mut after = theirs.clone();
        let discard = Event::Dahai { actor: discarder, pai, tsumogiri: false };
        if after.update(&discard).is_err() || !legal_options(&after).contains(&Action::Ron) {
            continue;
        }
        out.push((k, ron_cost(game, &after, k, discarder)));
    }
    out
}

/// What a win on `k` by the seat of `after` (in its claim window) costs `discarder`.
fn ron_cost(
    game: &hupai_engine::Game,
    after: &PlayerView,
    k: Kind,
    discarder: Seat,
) -> Option<f32> {
    let mut ctx = win_context(after, k, WinOn::Discard);
    if ctx.riichi {
        let dora = game.dora_indicators().count();
        ctx.ura_indicators =
            (0..dora).filter_map(|j| game.wall().ura_indicator(j)).filter_map(Tile::kind).collect();
    }
    let hand = win_hand(after, Some(Pai::kind_of(k)))?;
    let score = hupai_rules::score(game.rules(), &hand, &ctx).ok()?;
    let pay = score.payments;
    let d = after.seat.distance_to(discarder).saturating_sub(1).min(2);
    let cost = match pay.by_payer {
        Some(by) => by[d],
        None => pay.ron.unwrap_or(0),
    };
    Some(cost as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_opponent_wins_on_a_kind_read_as_safe() {
        for (preset, hands) in [("riichi", 6), ("sichuan", 4), ("hongkong", 3)] {
            let rules = Rules::preset(preset).unwrap();
            let samples = collect(&Collect::new(rules, hands, 5)).unwrap();
            assert_eq!(samples.safe_wins, 0, "{preset}");
            assert!(samples.kinds.iter().any(|k| k.wins), "{preset}: no win at all");
        }
    }

    #[test]
    fn labels_are_consistent() {
        let rules = Rules::preset("riichi").unwrap();
        let how = Collect { every_opponent: true, ..Collect::new(rules, 6, 9) };
        let samples = collect(&how).unwrap();
        for k in &samples.kinds {
            let o = &samples.opponents[k.opponent as usize];
            // Only a ready opponent wins; one that declared riichi is ready.
            assert!(!k.wins || o.ready);
            assert!(!o.riichi || o.ready);
            assert!(o.ready || k.held);
            assert!((0.0..=1.0).contains(&k.written));
        }
        for o in &samples.opponents {
            assert!(o.cost.is_none() || o.ready);
            assert!(o.cost.is_none_or(|c| c > 0.0));
        }
        assert!(samples.opponents.iter().any(|o| o.next == Some(true)));
        assert!(samples.rons.iter().all(|r| r.log_miss < 0.0));
        // Followed over the go-arounds left: only a seat not ready, and the first go-around
        // agrees with the one-go-around label wherever both were seen.
        for o in &samples.opponents {
            assert!(o.ready_in.is_none() || !o.ready, "{o:?}");
            match (o.next, o.ready_in) {
                (Some(true), Some(r)) => assert_eq!(r, (0, true), "{o:?}"),
                (Some(false), Some(r)) if !o.ready => assert_ne!(r, (0, true), "{o:?}"),
                _ => {}
            }
        }
        let later = |g: u8| samples.opponents.iter().any(|o| o.ready_in == Some((g, true)));
        assert!(later(0) && later(3), "becoming ready later is followed");
        assert!(samples.opponents.iter().any(|o| o.ready_in.is_some_and(|(g, b)| !b && g > 3)));
    }
}
