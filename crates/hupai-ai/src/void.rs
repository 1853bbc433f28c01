//! 定缺 (Sichuan): which suit to void. The suit with the fewest tiles goes, since each of its
//! tiles must be discarded before the hand can win; on a tie, the one whose tiles form fewer
//! pairs and neighbours (the weaker shapes).
//!
//! ```
//! use hupai_ai::void::void_suit;
//! use hupai_core::{Counts, Suit};
//! let counts: Counts = "1234567m2345p19s".parse().unwrap();
//! assert_eq!(void_suit(&counts), Suit::Sou);
//! ```

use hupai_core::{Counts, Kind, Suit};

/// The suit to void for a hand of `counts`.
pub fn void_suit(counts: &Counts) -> Suit {
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
    [Suit::Man, Suit::Pin, Suit::Sou].into_iter().min_by_key(|&s| cost(s)).unwrap_or(Suit::Man)
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
}
