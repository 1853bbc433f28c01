//! Shared helpers for the engine tests.
#![allow(dead_code)]

use hupai_core::Seat;
use hupai_engine::{Action, Agent, Event, Game, PlayerView, Random, Setup};
use hupai_rules::Rules;

/// Plays with random agents, checking every invariant after every action; returns the log
/// and the number of actions.
pub fn play_checked(rules: &Rules, seed: u64, max_actions: usize) -> (Vec<Event>, usize) {
    let (mut game, mut log) = Game::new(Setup::new(rules.clone(), seed));
    let total = game.total_points();
    game.check_invariants(total).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let mut agents: Vec<Random> = (0..4).map(|i| Random::new(seed * 4 + i)).collect();
    let view = PlayerView::new(Seat::East, rules);
    let mut actions = 0;
    while !game.is_over() && actions < max_actions {
        let seat = game.pending().seats().next().expect("someone decides");
        let options = game.pending().options(seat);
        assert!(!options.is_empty());
        let action = agents[seat.index()].decide(&view, options);
        let before = game.clone();
        let events = game.apply(seat, action).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        actions += 1;
        if let Err(e) = game.check_invariants(total) {
            panic!("seed {seed} after {action:?} by {seat:?}: {e}\nbefore: {before:?}\nevents: {events:?}");
        }
        log.extend(events);
    }
    (log, actions)
}

/// Every preset, the three-player ones included.
pub fn presets() -> Vec<Rules> {
    Rules::preset_names().map(|n| Rules::preset(n).expect("preset")).collect()
}

/// Applies an action and unwraps, for scenario tests.
pub fn act(game: &mut Game, seat: Seat, action: Action) -> Vec<Event> {
    game.apply(seat, action).unwrap_or_else(|e| panic!("{action:?} by {seat:?}: {e}"))
}

use hupai_core::{Kind, Tile};

/// Parses MPSZ text (`0` for a red five; `0z` stands for a flower in [`stack`]) into kinds
/// with a red flag.
pub fn kinds(text: &str) -> Vec<(Kind, bool)> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in text.chars() {
        match c {
            '0'..='9' => digits.push(c as u8 - b'0'),
            'm' | 'p' | 's' | 'z' => {
                let suit = "mpsz".find(c).expect("suit") as u8;
                for d in digits.drain(..) {
                    let n = if d == 0 { 5 } else { d };
                    out.push((Kind::new(suit * 9 + n - 1).expect("kind"), d == 0));
                }
            }
            _ => {}
        }
    }
    out
}

/// Builds a wall: the four hands (by seat, 13 tiles each, shorter ones completed) dealt from `dealer`, then `draws`,
/// then unused tiles, then `tail` (the last live tiles), then (riichi) the dead wall: `dead`
/// in dead-wall order (four replacement tiles, five dora, five ura indicators) completed
/// with unused tiles. Red fives are copy 0 (`0m`); a plain five is never a red copy.
pub fn stack(
    rules: &Rules,
    dealer: Seat,
    hands: [&str; 4],
    draws: &str,
    tail: &str,
    dead: &str,
) -> Vec<Tile> {
    let mut used = [false; 144];
    let reds = rules.red_fives;
    let mut flowers = (0..8).filter_map(Tile::flower).filter(|_| rules.flowers);
    let mut take = |(kind, red): (Kind, bool)| -> Tile {
        if red && kind.is_honor() {
            // `0z` in test text: the next flower.
            let f = flowers.next().expect("a flower left");
            used[f.index()] = true;
            return f;
        }
        for copy in 0..4 {
            let t = Tile::new(kind, copy);
            if !used[t.index()] && t.is_red_five(reds) == red {
                used[t.index()] = true;
                return t;
            }
        }
        panic!("no copy of {kind} left (red {red})");
    };
    let mut hands: Vec<Vec<Tile>> =
        hands.iter().map(|h| kinds(h).into_iter().map(&mut take).collect()).collect();
    let draws: Vec<Tile> = kinds(draws).into_iter().map(&mut take).collect();
    let tail: Vec<Tile> = kinds(tail).into_iter().map(&mut take).collect();
    let mut dead_tiles: Vec<Tile> = kinds(dead).into_iter().map(&mut take).collect();
    let mut all = Vec::new();
    hupai_engine::Wall::fill(rules, &mut all);
    let mut rest: Vec<Tile> = all.into_iter().filter(|t| !used[t.index()]).collect();
    hupai_engine::SplitMix64::new(99).shuffle(&mut rest);
    for h in hands.iter_mut().take(rules.seats().count()) {
        // Short hands are completed with unused tiles in a fixed shuffled order.
        while h.len() < 13 {
            h.push(rest.pop().expect("tiles to fill a hand"));
        }
        assert_eq!(h.len(), 13, "a hand needs 13 tiles");
    }
    let mut front = Vec::new();
    let seats = rules.seats();
    for block in 0..4 {
        for i in 0..seats.count() {
            let s = seats.add(dealer, i).index();
            let range = if block < 3 { block * 4..block * 4 + 4 } else { 12..13 };
            front.extend(&hands[s][range]);
        }
    }
    front.extend(draws);
    let riichi = rules.variant == hupai_rules::Variant::Riichi;
    if riichi {
        while dead_tiles.len() < 14 {
            dead_tiles.push(rest.pop().expect("tiles for the dead wall"));
        }
    }
    front.extend(rest);
    front.extend(tail);
    front.extend(dead_tiles);
    front
}

/// A one-hand game on a stacked wall.
pub fn stacked_game(
    rules: &Rules,
    scores: Option<[i32; 4]>,
    wall: Vec<Tile>,
) -> (Game, Vec<Event>) {
    let mut setup = Setup::new(rules.clone(), 0);
    setup.single_hand = true;
    setup.scores = scores;
    setup.stacked_walls = vec![wall];
    Game::new(setup)
}

/// `seat` throws away the tile it drew, then every claim passes.
pub fn tsumogiri(game: &mut Game, log: &mut Vec<Event>, seat: Seat) {
    let a = *game
        .pending()
        .options(seat)
        .iter()
        .find(|a| matches!(a, Action::Discard { tsumogiri: true, .. }))
        .expect("the drawn tile");
    log.extend(act(game, seat, a));
    pass_all(game, log);
}

/// Every seat that may claim passes (checking invariants).
pub fn pass_all(game: &mut Game, log: &mut Vec<Event>) {
    let total = game.total_points();
    let seats: Vec<Seat> = game.pending().seats().collect();
    for s in seats {
        if game.pending().options(s).contains(&Action::Pass) {
            log.extend(act(game, s, Action::Pass));
            game.check_invariants(total).expect("invariants");
        }
    }
}

/// The option of `seat` that discards a tile of `kind` (the drawn one when `drawn`).
pub fn discard_of(game: &Game, seat: Seat, kind: &str) -> Action {
    let k = kinds(kind)[0].0;
    *game
        .pending()
        .options(seat)
        .iter()
        .find(|a| matches!(a, Action::Discard { pai, .. } if pai.kind() == Some(k)))
        .unwrap_or_else(|| {
            panic!("seat {seat:?} cannot discard {kind}: {:?}", game.pending().options(seat))
        })
}

/// Seat `seat` discards `kind`, then every claim is passed.
pub fn discard(game: &mut Game, log: &mut Vec<Event>, seat: Seat, kind: &str) {
    let a = discard_of(game, seat, kind);
    log.extend(act(game, seat, a));
    pass_all(game, log);
}

/// 抢杠: West discards 5p, which South (waiting on it) lets pass and East pons; East
/// discards `east_discard`, South, West and North draw and discard, and East adds the fourth
/// 5p to its pon, which South robs. Every step is checked to be offered.
pub fn rob_an_added_five_pin(game: &mut Game, log: &mut Vec<Event>, east_discard: &str) {
    let a = discard_of(game, Seat::West, "5p");
    log.extend(act(game, Seat::West, a));
    assert!(has(game, Seat::South, |a| *a == Action::Ron), "South could win on the 5p");
    log.extend(act(game, Seat::South, Action::Pass));
    let pon = pon_option(game, Seat::East);
    log.extend(act(game, Seat::East, pon));
    pass_all(game, log);
    let a = discard_of(game, Seat::East, east_discard);
    log.extend(act(game, Seat::East, a));
    pass_all(game, log);
    for seat in [Seat::South, Seat::West, Seat::North] {
        tsumogiri(game, log, seat);
    }
    let kong = Action::AddedKan("5p".parse().expect("a tile"));
    assert!(has(game, Seat::East, |a| *a == kong), "{:?}", game.pending().options(Seat::East));
    log.extend(act(game, Seat::East, kong));
    assert!(has(game, Seat::South, |a| *a == Action::Ron), "South may rob the kong");
    log.extend(act(game, Seat::South, Action::Ron));
}

/// The pon `seat` is offered now; fails when there is none.
pub fn pon_option(game: &Game, seat: Seat) -> Action {
    *game
        .pending()
        .options(seat)
        .iter()
        .find(|a| matches!(a, Action::Pon(_)))
        .unwrap_or_else(|| panic!("{seat:?} may pon: {:?}", game.pending().options(seat)))
}

/// Whether `seat` has an option matching `f`.
pub fn has(game: &Game, seat: Seat, f: impl Fn(&Action) -> bool) -> bool {
    game.pending().options(seat).iter().any(f)
}

/// `seat` declares riichi with the first riichi option offered, then every claim passes.
pub fn declare_riichi(game: &mut Game, log: &mut Vec<Event>, seat: Seat) {
    let riichi = *game
        .pending()
        .options(seat)
        .iter()
        .find(|a| matches!(a, Action::Riichi { .. }))
        .expect("riichi is offered");
    log.extend(act(game, seat, riichi));
    pass_all(game, log);
}

/// The wins of a log: winner, from whom, the score changes and the yaku or fan ids.
pub fn wins(log: &[Event]) -> Vec<(Seat, Seat, [i32; 4], Vec<String>)> {
    log.iter()
        .filter_map(|e| match e {
            Event::Hora { actor, target, deltas, yaku, .. } => {
                let deltas = deltas.into_array();
                Some((*actor, *target, deltas, yaku.iter().map(|y| y.name.clone()).collect()))
            }
            _ => None,
        })
        .collect()
}
