//! Play-outs: a hand's own futures over sampled walls, for the decisions too far from ready
//! for the exact recursion ([`super::futures`]): Sichuan's opening choices, which three tiles
//! to pass (换三张) and which suit to void (定缺), and, with `far=1`, the discards of a hand
//! two or more tiles from ready.
//!
//! Each option is played out over the same sampled orders of the unseen tiles (common random
//! numbers: the options differ by what they choose, not by their luck): the seat draws,
//! discards its void suit first and otherwise the tile that leaves the fewest tiles to ready
//! (the loosest on a tie), and may win on its own draw or on each of the other players'
//! discards, which are the next unseen tiles in the order. What it wins is scored by
//! hupai-rules ([`Scorer`]); the option's value is the mean over the walls, its win chance
//! the share of walls won. An exchange also receives three tiles of one suit, drawn from the
//! unseen copies of a suit picked at random, and then voids the suit
//! [`crate::void::void_suit`] names. The play-outs do not call, and the other players only
//! discard: what the opponents threaten is the [`super::outlook`]'s part.

use hupai_core::{Counts, FormSet, HandState, Kind, Suit};
use hupai_engine::{Action, PlayerView, SplitMix64};

use super::values::Scorer;
use super::Valued;
use crate::void::looseness;

/// The exchanges of each suit played out: the loosest few by `void::exchange`'s measure.
const EXCHANGES_PER_SUIT: usize = 3;

/// The sampled walls and what a hand played out over them is asked.
#[derive(Debug)]
pub struct Playouts<'s> {
    /// The unseen tiles, one entry per copy.
    pool: Vec<Kind>,
    /// The suits an exchange may bring: those with three unseen copies or more.
    exchange_suits: Vec<Suit>,
    /// The seat's draws left (its share of the live wall).
    draws: u32,
    /// Discards by the other players still in the hand between two of the seat's draws.
    others: u32,
    /// Declared melds.
    melds: u8,
    /// Whether a win counts a riichi declared on the way (a closed riichi hand).
    riichi: bool,
    forms: FormSet,
    scorer: &'s mut Scorer,
    /// Walls per option.
    walls: usize,
    seed: u64,
    /// The walls: each a sampled order of the pool and the generator after it (the same for
    /// every option), made at the first play-out.
    orders: Vec<(Vec<Kind>, SplitMix64)>,
}

impl<'s> Playouts<'s> {
    /// Play-outs for the seat of `view` holding `melds` declared melds, `walls` sampled
    /// orders per option of the `unseen` copies, seeded by `seed`.
    pub fn new(
        view: &PlayerView,
        unseen: &[u8; 34],
        melds: u8,
        forms: FormSet,
        scorer: &'s mut Scorer,
        walls: usize,
        seed: u64,
    ) -> Playouts<'s> {
        let pool: Vec<Kind> = Kind::all()
            .flat_map(|k| std::iter::repeat_n(k, usize::from(unseen[k.index()])))
            .collect();
        let playing = view.seats.iter().filter(|&s| !view.has_left(s)).count().max(1) as u32;
        let exchange_suits = [Suit::Man, Suit::Pin, Suit::Sou]
            .into_iter()
            .filter(|&s| pool.iter().filter(|k| k.suit() == s).count() >= 3)
            .collect();
        Playouts {
            pool,
            exchange_suits,
            draws: view.live_tiles() / playing,
            others: playing - 1,
            melds,
            riichi: view.rules().variant == hupai_rules::Variant::Riichi && melds == 0,
            forms,
            scorer,
            walls: walls.max(1),
            seed,
            orders: Vec::new(),
        }
    }

    /// Values each 定缺 option among `options` for the concealed `counts`.
    pub fn voids(&mut self, counts: &Counts, options: &[Action]) -> Vec<Valued> {
        options
            .iter()
            .filter_map(|&a| match a {
                Action::Void(suit) => Some((a, suit)),
                _ => None,
            })
            .map(|(action, suit)| self.played_out(action, |_, _| (*counts, Some(suit))))
            .collect()
    }

    /// Values each exchange of `exchanges` (the option and the kinds it passes) for the
    /// concealed `counts`.
    pub fn exchanges(&mut self, counts: &Counts, exchanges: &[(Action, [Kind; 3])]) -> Vec<Valued> {
        exchanges
            .iter()
            .map(|&(action, given)| {
                let mut kept = *counts;
                for k in given {
                    kept[k] -= 1;
                }
                let suits = std::mem::take(&mut self.exchange_suits);
                let valued = self.played_out(action, |wall, rng| {
                    let mut after = kept;
                    for k in received(wall, &suits, rng) {
                        after.add(k);
                    }
                    (after, Some(crate::void::void_suit(&after)))
                });
                self.exchange_suits = suits;
                valued
            })
            .collect()
    }

    /// Values each distinct discard kind among `options` for the concealed `counts` (3n + 2
    /// tiles), voiding `void`: the play-out from the hand after it.
    pub fn discards(
        &mut self,
        counts: &Counts,
        options: &[(Action, Kind)],
        void: Option<Suit>,
    ) -> Vec<Valued> {
        options
            .iter()
            .filter(|&&(_, k)| counts[k] > 0)
            .map(|&(action, k)| {
                let mut after = *counts;
                after[k] -= 1;
                self.played_out(action, move |_, _| (after, void))
            })
            .collect()
    }

    /// The value of `action` over the walls: `start` gives, for each wall (the pool in its
    /// sampled order, the tiles it takes marked), the concealed tiles to play out and the
    /// void suit.
    fn played_out(
        &mut self,
        action: Action,
        mut start: impl FnMut(&mut Wall<'_>, &mut SplitMix64) -> (Counts, Option<Suit>),
    ) -> Valued {
        if self.orders.is_empty() {
            self.orders = (0..self.walls)
                .map(|w| {
                    let mut rng =
                        SplitMix64::new(self.seed ^ (w as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                    let mut order = self.pool.clone();
                    rng.shuffle(&mut order);
                    (order, rng)
                })
                .collect();
        }
        let (mut total, mut won) = (0.0f32, 0u32);
        let orders = std::mem::take(&mut self.orders);
        for (order, rng) in &orders {
            let mut rng = *rng;
            let mut wall = Wall { order, taken: Vec::new() };
            let (counts, void) = start(&mut wall, &mut rng);
            if let Some(v) = self.play(&counts, void, &wall) {
                total += v;
                won += 1;
            }
        }
        self.orders = orders;
        let n = self.walls as f32;
        Valued { action, ev: total / n, win: won as f32 / n, deal: 0.0 }
    }

    /// Plays the concealed `counts` out over `wall` voiding `void`: the value of its win, or
    /// `None` when the wall ends first.
    fn play(&mut self, counts: &Counts, void: Option<Suit>, wall: &Wall<'_>) -> Option<f32> {
        let mut hand = HandState::new(counts, self.melds, self.forms).ok()?;
        let mut tiles = wall.order.iter().enumerate().filter(|(i, _)| !wall.taken.contains(i));
        let mut draws = self.draws;
        let mut drawn: Option<Kind> = None;
        loop {
            if hand.tiles() % 3 == 2 {
                if let Some(k) = drawn.filter(|_| hand.shanten() == -1 && voided(&hand, void)) {
                    let v = self.scorer.value(hand.counts(), k, true, self.riichi);
                    if v > 0.0 {
                        return Some(v);
                    }
                }
                let x = discard(&hand, void);
                hand.remove(x).ok()?;
            }
            for _ in 0..self.others {
                let (_, &k) = tiles.next()?;
                if voided(&hand, void) && hand.counts()[k] < 4 {
                    let mut full = hand;
                    full.add(k).ok()?;
                    if full.shanten() == -1 {
                        let v = self.scorer.value(full.counts(), k, false, self.riichi);
                        if v > 0.0 {
                            return Some(v);
                        }
                    }
                }
            }
            if draws == 0 {
                return None;
            }
            let (_, &k) = tiles.next()?;
            draws -= 1;
            if hand.add(k).is_err() {
                // A fifth copy cannot be drawn; the pool holds at most the unseen ones.
                return None;
            }
            drawn = Some(k);
        }
    }
}

/// A sampled order of the unseen tiles and the positions already taken (the tiles an
/// exchange received).
#[derive(Debug)]
struct Wall<'w> {
    order: &'w [Kind],
    taken: Vec<usize>,
}

/// Three tiles of one suit, picked at random among `suits` (those with three unseen), taken
/// from the wall's order (the first three of that suit in it).
fn received(wall: &mut Wall<'_>, suits: &[Suit], rng: &mut SplitMix64) -> Vec<Kind> {
    let Some(&suit) = suits.get(rng.below(suits.len())) else { return Vec::new() };
    let at: Vec<usize> =
        (0..wall.order.len()).filter(|&i| wall.order[i].suit() == suit).take(3).collect();
    let kinds = at.iter().map(|&i| wall.order[i]).collect();
    wall.taken.extend(at);
    kinds
}

/// The exchanges worth playing out: the loosest few of each suit among `options` by
/// `void::exchange`'s measure, and `anchor` (the one-step rules' choice), with the kinds each
/// passes.
pub fn loosest_exchanges(
    counts: &Counts,
    options: &[Action],
    anchor: Action,
) -> Vec<(Action, [Kind; 3])> {
    let mut chosen: Vec<(Action, [Kind; 3])> = Vec::new();
    for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
        let mut of_suit: Vec<(u32, Action, [Kind; 3])> = options
            .iter()
            .filter_map(|&a| exchanged(a).map(|k| (a, k)))
            .filter(|(_, k)| k[0].suit() == suit)
            .map(|(a, k)| (k.iter().map(|&x| looseness(counts, x)).sum(), a, k))
            .collect();
        of_suit.sort_by_key(|&(cost, a, _)| (cost, a.to_string()));
        chosen.extend(of_suit.into_iter().take(EXCHANGES_PER_SUIT).map(|(_, a, k)| (a, k)));
    }
    if let Some(k) = exchanged(anchor).filter(|_| !chosen.iter().any(|c| c.0 == anchor)) {
        chosen.push((anchor, k));
    }
    chosen
}

/// The three kinds an exchange passes.
fn exchanged(action: Action) -> Option<[Kind; 3]> {
    match action {
        Action::Exchange(tiles) => {
            let [a, b, c] = tiles.map(|p| p.kind());
            Some([a?, b?, c?])
        }
        _ => None,
    }
}

/// Whether the hand holds no tile of the void suit (it may win).
fn voided(hand: &HandState, void: Option<Suit>) -> bool {
    void.is_none_or(|v| hand.counts().0[v.index() * 9..v.index() * 9 + 9].iter().all(|&c| c == 0))
}

/// The play-out's discard: a tile of the void suit while one is held, otherwise the tile
/// whose discard leaves the lowest shanten, the loosest of those.
fn discard(hand: &HandState, void: Option<Suit>) -> Kind {
    let counts = hand.counts();
    if let Some(k) = void.and_then(|v| counts.kinds().find(|k| k.suit() == v)) {
        return k;
    }
    let after = hand.shanten_after_each_discard();
    let least = after.best().unwrap_or(i8::MAX);
    after
        .iter()
        .filter(|&(_, s)| s == least)
        .min_by_key(|&(k, _)| (looseness(counts, k), k.index()))
        .map_or_else(|| counts.kinds().next().unwrap_or(Kind::EAST), |(k, _)| k)
}
