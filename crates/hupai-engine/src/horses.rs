//! Guangdong 买马: the horses turned up after a win, and which of them name the winner.

use crate::{Game, Horses};
use hupai_core::{Kind, Seat};

/// The seat a horse names, counted from the dealer in turn order: 1 5 9 东 中 the dealer,
/// 2 6 南 发 the next seat, 3 7 西 白 across, 4 8 北 the previous one.
pub fn named_seat(horse: Kind, dealer: Seat) -> Seat {
    let n = usize::from(horse.number());
    let step = if !horse.is_honor() || horse.is_wind() {
        (n - 1) % 4
    } else {
        // 5z 白, 6z 发, 7z 中.
        7 - n
    };
    dealer.add(step)
}

impl Game {
    /// The horses `winner` buys (none unless the rules play 买马): the next tiles of the live
    /// wall, which stay in it.
    pub(crate) fn horses_for(&self, winner: Seat) -> Option<Horses> {
        let n = usize::from(self.rules.horses);
        if n == 0 {
            return None;
        }
        let tiles = self.wall.next_live(n);
        let hits = tiles
            .iter()
            .filter_map(|t| t.kind())
            .filter(|&k| named_seat(k, self.dealer) == winner)
            .count();
        Some(Horses { pai: tiles.iter().map(|&t| self.pai(t)).collect(), hits: hits as u8 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_horse_names_a_seat_from_the_dealer() {
        let kind = |s: &str| s.parse::<Kind>().unwrap();
        let dealer = Seat::South;
        for (horse, seat) in [
            ("1m", Seat::South),
            ("5p", Seat::South),
            ("9s", Seat::South),
            ("1z", Seat::South),
            ("7z", Seat::South),
            ("2m", Seat::West),
            ("6s", Seat::West),
            ("2z", Seat::West),
            ("6z", Seat::West),
            ("3p", Seat::North),
            ("7m", Seat::North),
            ("3z", Seat::North),
            ("5z", Seat::North),
            ("4s", Seat::East),
            ("8p", Seat::East),
            ("4z", Seat::East),
        ] {
            assert_eq!(named_seat(kind(horse), dealer), seat, "{horse}");
        }
    }
}
