//! Match schedules: which player sits where in each wind round.
//!
//! MCR (Chinese Official rules, 1998 rule book): players A B C D start at East South West
//! North. After the East round East and South swap, and West and North swap; the seats by
//! round are `A B C D`, `B A D C`, `C D B A`, `D C A B` (East, South, West, North). Riichi and
//! the general Chinese rules keep the seats for the whole match.
//!
//! ```
//! assert_eq!(hupai_engine::schedule::mcr_players(1), [1, 0, 3, 2]);
//! ```

/// The player at each seat (East, South, West, North) in wind round `round` (MCR).
pub fn mcr_players(round: u8) -> [u8; 4] {
    match round % 4 {
        0 => [0, 1, 2, 3],
        1 => [1, 0, 3, 2],
        2 => [2, 3, 1, 0],
        _ => [3, 2, 0, 1],
    }
}
