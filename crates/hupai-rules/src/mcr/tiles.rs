//! Tile codes in the reference's order, used inside the MCR scorer.
//!
//! The reference orders suits characters, bamboo, dots (m, s, p) and honours East, South, West,
//! North, Red, Green, White, and several of its choices (which three chows are looked at first,
//! which decomposition wins a tie) follow that order. The scorer therefore works on a code
//! `suit * 16 + rank`: m = 0x11..0x19, s = 0x21..0x29, p = 0x31..0x39, honours 0x41..0x47. The
//! gaps keep `code + 1` and `code + 3` inside a suit.

use hupai_core::{Kind, Suit};

/// A tile code (see the module docs).
pub(crate) type Code = u8;

/// Counts indexed by code.
pub(crate) type Table = [u8; TABLE_LEN];

/// Length of a [`Table`].
pub(crate) const TABLE_LEN: usize = 0x48;

/// East wind.
pub(crate) const EAST: Code = 0x41;
/// Red dragon (中).
pub(crate) const RED: Code = 0x45;
/// Green dragon (发).
pub(crate) const GREEN: Code = 0x46;
/// White dragon (白).
pub(crate) const WHITE: Code = 0x47;

/// All 34 codes in the reference's order.
pub(crate) const ALL: [Code; 34] = [
    0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, //
    0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, //
    0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, //
    0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
];

/// The 13 terminal and honour codes.
pub(crate) const ORPHANS: [Code; 13] =
    [0x11, 0x19, 0x21, 0x29, 0x31, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47];

/// The code of a kind.
pub(crate) const fn code(kind: Kind) -> Code {
    let i = kind.index() as u8;
    match kind.suit() {
        Suit::Man => 0x11 + i,
        Suit::Pin => 0x31 + (i - 9),
        Suit::Sou => 0x21 + (i - 18),
        Suit::Honor => match i - 27 {
            0..=3 => EAST + (i - 27),
            4 => WHITE,
            5 => GREEN,
            _ => RED,
        },
    }
}

/// The code of each kind, by kind index.
pub(crate) const KIND_CODE: [Code; 34] = {
    let mut out = [0u8; 34];
    let mut i = 0;
    while i < 34 {
        out[i] = match Kind::new(i as u8) {
            Some(k) => code(k),
            None => 0,
        };
        i += 1;
    }
    out
};

/// Suit part of a code: 1 m, 2 s, 3 p, 4 honours.
#[inline]
pub(crate) const fn suit(c: Code) -> u8 {
    c >> 4
}

/// Rank part of a code: 1..9 (honours 1..7).
#[inline]
pub(crate) const fn rank(c: Code) -> u8 {
    c & 0xF
}

#[inline]
pub(crate) const fn is_numbered(c: Code) -> bool {
    c < 0x40
}

#[inline]
pub(crate) const fn is_honor(c: Code) -> bool {
    c >= 0x40
}

#[inline]
pub(crate) const fn is_wind(c: Code) -> bool {
    c >= 0x41 && c <= 0x44
}

#[inline]
pub(crate) const fn is_dragon(c: Code) -> bool {
    c >= 0x45 && c <= 0x47
}

#[inline]
pub(crate) const fn is_terminal(c: Code) -> bool {
    is_numbered(c) && (rank(c) == 1 || rank(c) == 9)
}

#[inline]
pub(crate) const fn is_terminal_or_honor(c: Code) -> bool {
    is_terminal(c) || is_honor(c)
}

/// All Green tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon.
#[inline]
pub(crate) const fn is_green(c: Code) -> bool {
    matches!(c, 0x22 | 0x23 | 0x24 | 0x26 | 0x28 | GREEN)
}

/// Reversible tiles: 1234589 of dots, 245689 of bamboo, the white dragon.
#[inline]
pub(crate) const fn is_reversible(c: Code) -> bool {
    matches!(
        c,
        0x31 | 0x32
            | 0x33
            | 0x34
            | 0x35
            | 0x38
            | 0x39
            | 0x22
            | 0x24
            | 0x25
            | 0x26
            | 0x28
            | 0x29
            | WHITE
    )
}

/// The six knitted straights (147, 258, 369 in three different suits), in the reference's order.
pub(crate) const KNITTED: [[Code; 9]; 6] = [
    [0x11, 0x14, 0x17, 0x22, 0x25, 0x28, 0x33, 0x36, 0x39],
    [0x11, 0x14, 0x17, 0x23, 0x26, 0x29, 0x32, 0x35, 0x38],
    [0x12, 0x15, 0x18, 0x21, 0x24, 0x27, 0x33, 0x36, 0x39],
    [0x12, 0x15, 0x18, 0x23, 0x26, 0x29, 0x31, 0x34, 0x37],
    [0x13, 0x16, 0x19, 0x21, 0x24, 0x27, 0x32, 0x35, 0x38],
    [0x13, 0x16, 0x19, 0x22, 0x25, 0x28, 0x31, 0x34, 0x37],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_cover_every_kind_once() {
        let mut seen: Vec<Code> = Kind::all().map(code).collect();
        seen.sort_unstable();
        assert_eq!(seen, ALL.to_vec());
        assert_eq!(code("5z".parse().unwrap()), WHITE);
        assert_eq!(code("7z".parse().unwrap()), RED);
        assert_eq!(code("3p".parse().unwrap()), 0x33);
        assert_eq!(code("3s".parse().unwrap()), 0x23);
    }
}
