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

/// The counts of a hand by code: each suit's counts copied as one run (kinds are in MPSZ
/// order, codes in MSPZ order with the dragons reversed).
#[inline]
pub(crate) fn table_of(counts: &hupai_core::Counts) -> Table {
    let c = &counts.0;
    let mut t: Table = [0; TABLE_LEN];
    t[0x11..0x1A].copy_from_slice(&c[0..9]);
    t[0x31..0x3A].copy_from_slice(&c[9..18]);
    t[0x21..0x2A].copy_from_slice(&c[18..27]);
    t[0x41..0x45].copy_from_slice(&c[27..31]);
    t[WHITE as usize] = c[31];
    t[GREEN as usize] = c[32];
    t[RED as usize] = c[33];
    t
}

/// A set of kinds: bit `kind index` (0..34, MPSZ order) of a `u64`.
pub(crate) type Kinds = u64;

/// The kind bit of each code (0 for the codes between suits).
pub(crate) const CODE_KIND_BIT: [Kinds; TABLE_LEN] = {
    let mut out = [0u64; TABLE_LEN];
    let mut k = 0;
    while k < 34 {
        out[KIND_CODE[k] as usize] = 1 << k;
        k += 1;
    }
    out
};

/// The kinds of `codes`.
pub(crate) fn kinds_of(codes: &[Code]) -> Kinds {
    codes.iter().fold(0, |m, &c| m | CODE_KIND_BIT[c as usize])
}

/// The kinds whose code satisfies `pred` (a `const fn` cannot take one, so a macro).
macro_rules! kinds_where {
    ($pred:expr) => {{
        let mut m = 0u64;
        let mut k = 0;
        while k < 34 {
            if $pred(KIND_CODE[k]) {
                m |= 1 << k;
            }
            k += 1;
        }
        m
    }};
}

/// Honour kinds.
pub(crate) const HONOR_KINDS: Kinds = kinds_where!(is_honor);
/// Wind kinds.
pub(crate) const WIND_KINDS: Kinds = kinds_where!(is_wind);
/// Dragon kinds.
pub(crate) const DRAGON_KINDS: Kinds = kinds_where!(is_dragon);
/// Terminal kinds (1 and 9 of each suit).
pub(crate) const TERMINAL_KINDS: Kinds = kinds_where!(is_terminal);
/// All Green kinds.
pub(crate) const GREEN_KINDS: Kinds = kinds_where!(is_green);
/// Reversible kinds.
pub(crate) const REVERSIBLE_KINDS: Kinds = kinds_where!(is_reversible);
/// The kinds of each number suit by code suit (index 1 m, 2 s, 3 p; 0 and 4 unused).
pub(crate) const SUIT_KINDS: [Kinds; 5] = [0, 0x1FF, 0x1FF << 18, 0x1FF << 9, 0];

/// The kinds held, held four times and held an odd number of times, by kind bit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KindMasks {
    pub(crate) held: Kinds,
    pub(crate) fours: Kinds,
    pub(crate) odd: Kinds,
}

impl KindMasks {
    /// The masks of `counts` (at most four each), without a branch: eight counts at a time
    /// as the bytes of a word.
    #[inline]
    pub(crate) fn new(counts: &[u8; 34]) -> KindMasks {
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        const FOURS: u64 = 0x0404_0404_0404_0404;
        const USED: u64 = (1 << 34) - 1;
        // The high bits of eight bytes (bit 8j + 7) gathered into bits 0..8.
        let gather = |x: u64| ((x >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
        let word = |i: usize| {
            let mut bytes = [0u8; 8];
            let end = (i + 8).min(34);
            bytes[..end - i].copy_from_slice(&counts[i..end]);
            u64::from_le_bytes(bytes)
        };
        let mut m = KindMasks { held: 0, fours: 0, odd: 0 };
        for i in [0, 8, 16, 24, 32] {
            let x = word(i);
            m.held |= gather((x + LOW7) & HIGH) << i;
            // A byte of x ^ 4 is zero exactly where the count is four (never in the padding).
            m.fours |= gather(!((x ^ FOURS) + LOW7) & HIGH) << i;
            m.odd |= gather((x << 7) & HIGH) << i;
        }
        m.held &= USED;
        m.fours &= USED;
        m
    }
}

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

/// The kinds of each knitted straight of [`KNITTED`].
pub(crate) const KNITTED_KINDS: [Kinds; 6] = {
    let mut out = [0u64; 6];
    let mut i = 0;
    while i < 6 {
        let mut j = 0;
        while j < 9 {
            out[i] |= CODE_KIND_BIT[KNITTED[i][j] as usize];
            j += 1;
        }
        i += 1;
    }
    out
};

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

    #[test]
    fn table_of_puts_each_count_at_its_code() {
        let counts: hupai_core::Counts = "1199m2p38s1234567z".parse().unwrap();
        let mut slow: Table = [0; TABLE_LEN];
        for (&n, &code) in counts.0.iter().zip(KIND_CODE.iter()) {
            slow[code as usize] = n;
        }
        assert_eq!(table_of(&counts), slow);
        let every = hupai_core::Counts([1; 34]);
        let t = table_of(&every);
        assert_eq!(ALL.iter().map(|&c| t[c as usize]).sum::<u8>(), 34);
    }

    #[test]
    fn kind_masks_follow_the_predicates() {
        assert_eq!(HONOR_KINDS, 0x7F << 27);
        assert_eq!(DRAGON_KINDS, 0x7 << 31);
        assert_eq!(kinds_of(&[0x11, 0x31, 0x21, 0x45]), 1 | 1 << 9 | 1 << 18 | 1 << 33);
        let counts: hupai_core::Counts = "1111m23p999s77z".parse().unwrap();
        let m = KindMasks::new(&counts.0);
        assert_eq!(m.held, 1 | 1 << 10 | 1 << 11 | 1 << 26 | 1 << 33);
        assert_eq!(m.fours, 1);
        assert_eq!(m.odd, 1 << 10 | 1 << 11 | 1 << 26);
        let mut every = [4u8; 34];
        every[33] = 3;
        let m = KindMasks::new(&every);
        assert_eq!((m.held, m.fours, m.odd), ((1 << 34) - 1, (1 << 33) - 1, 1 << 33));
    }
}
