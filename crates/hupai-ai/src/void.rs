//! 定缺 (Sichuan): which suit to void. The suit with the fewest tiles goes, since each of its
//! tiles must be discarded before the hand can win; on a tie, the one whose tiles form fewer
//! pairs and neighbours (the weaker shapes). 换三张 gives up three tiles of the suit that
//! would be voided among those with three or more, its loosest tiles first.
//!
//! ```
//! use hupai_ai::void::void_suit;
//! use hupai_core::{Counts, Suit};
//! let counts: Counts = "1234567m2345p19s".parse().unwrap();
//! assert_eq!(void_suit(&counts), Suit::Sou);
//! ```

use hupai_core::{Counts, Kind, Suit};
use hupai_engine::Action;

/// The suit to void for a hand of `counts`.
pub fn void_suit(counts: &Counts) -> Suit {
    weakest_suit(counts, 0)
}

/// The exchange (换三张) among `options` for a hand of `counts`: three tiles of the suit
/// [`void_suit`] would choose among the suits holding at least three, its loosest tiles
/// (singles without neighbours) first. `None` when `options` has no exchange.
///
/// ```
/// use hupai_ai::void::exchange;
/// use hupai_core::Counts;
/// use hupai_engine::{Action, Pai};
/// let counts: Counts = "1234567m2345p159s".parse().unwrap();
/// let p = |s: &str| s.parse::<Pai>().unwrap();
/// let options = [Action::Exchange([p("1m"), p("2m"), p("3m")]), Action::Exchange([p("1s"), p("5s"), p("9s")])];
/// assert_eq!(exchange(&counts, &options), Some(options[1]));
/// ```
pub fn exchange(counts: &Counts, options: &[Action]) -> Option<Action> {
    let suit = weakest_suit(counts, 3);
    options
        .iter()
        .filter_map(|&a| match a {
            Action::Exchange(tiles) => Some((a, tiles)),
            _ => None,
        })
        .min_by_key(|(_, tiles)| {
            let kinds = tiles.map(|p| p.kind());
            let other_suit = kinds.iter().any(|k| k.map(Kind::suit) != Some(suit));
            let cost: u32 = kinds.iter().flatten().map(|&k| looseness(counts, k)).sum();
            (other_suit, cost)
        })
        .map(|(a, _)| a)
}

/// How tied in to the hand's shapes a tile of `kind` is: its copies held and its neighbours
/// within two in its suit (the loosest tiles are passed and discarded first).
pub fn looseness(counts: &Counts, kind: Kind) -> u32 {
    let near = |d: i8| {
        kind.offset(d).filter(|n| n.suit() == kind.suit()).map_or(0, |n| u32::from(counts[n]))
    };
    3 * u32::from(counts[kind]) + 2 * (near(-1) + near(1)) + near(-2) + near(2)
}

/// The weakest suit among those holding at least `at_least` tiles (any suit if none does).
fn weakest_suit(counts: &Counts, at_least: u32) -> Suit {
    let tiles = |suit: Suit| -> u32 {
        Kind::all().filter(|k| k.suit() == suit).map(|k| u32::from(counts[k])).sum()
    };
    let cost = |suit: Suit| {
        let kinds: Vec<Kind> = Kind::all().filter(|k| k.suit() == suit).collect();
        let tiles: u32 = kinds.iter().map(|&k| u32::from(counts[k])).sum();
        let pairs = kinds.iter().filter(|&&k| counts[k] >= 2).count() as u32;
        let links = kinds
            .iter()
            .filter(|&&k| {
                counts[k] > 0 && k.offset(1).is_some_and(|n| n.suit() == suit && counts[n] > 0)
            })
            .count() as u32;
        10 * tiles + 3 * pairs + 2 * links
    };
    let suits = [Suit::Man, Suit::Pin, Suit::Sou];
    suits
        .into_iter()
        .filter(|&s| tiles(s) >= at_least)
        .min_by_key(|&s| cost(s))
        .or_else(|| suits.into_iter().min_by_key(|&s| cost(s)))
        .unwrap_or(Suit::Man)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_suit_goes_and_shapes_break_ties() {
        let c: Counts = "123m456m7p8p99p1s5s9s".parse().unwrap();
        assert_eq!(void_suit(&c), Suit::Sou, "the three loose s tiles go");
        let c: Counts = "1234m5678p159s".parse().unwrap();
        assert_eq!(void_suit(&c), Suit::Sou);
    }

    #[test]
    fn the_exchange_gives_up_the_weakest_suit_of_three_or_more_and_keeps_its_shapes() {
        let p = |s: &str| s.parse::<hupai_engine::Pai>().unwrap();
        let x = |a: &str, b: &str, c: &str| Action::Exchange([p(a), p(b), p(c)]);
        // Two sou are too few to pass: the pin suit (four tiles) goes, its pair kept.
        let c: Counts = "1234567m2258p19s".parse().unwrap();
        let options = [x("2p", "2p", "5p"), x("2p", "5p", "8p"), x("1m", "2m", "3m")];
        assert_eq!(exchange(&c, &options), Some(options[1]));
        assert_eq!(exchange(&c, &[Action::Pass]), None);
    }
}
