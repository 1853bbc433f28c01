//! The chance that a hand wins: from shanten, the unseen effective tiles and the draws left,
//! a chain of "improve within the draws left" steps.
//!
//! ```
//! use hupai_ai::odds::win_chance;
//! // Ready on eight tiles with ten own draws left beats two-shanten on twenty.
//! assert!(win_chance(0, 8, 10.0, 80.0) > win_chance(2, 20, 10.0, 80.0));
//! ```

/// The chance that a hand at `shanten` with `count` unseen effective tiles wins with
/// `draws` own draws left, out of `unseen` unseen tiles.
pub fn win_chance(shanten: i8, count: u32, draws: f32, unseen: f32) -> f32 {
    let step = |c: f32, n: f32| {
        if n <= 0.0 || c <= 0.0 {
            0.0
        } else {
            1.0 - (1.0 - (c / unseen).min(1.0)).powf(n)
        }
    };
    let typical = |s: i8| match s {
        0 => 6.0,
        1 => 18.0,
        2 => 32.0,
        _ => 45.0,
    };
    let mut p = 1.0f32;
    let mut n = draws;
    let mut c = count as f32;
    let mut s = shanten;
    while s > 0 {
        p *= step(c, n);
        n -= (0.6 * unseen / c.max(1.0)).min(n);
        s -= 1;
        c = typical(s);
    }
    if s < 0 {
        return 1.0;
    }
    // Ready: own draws plus the discards of three others (about 1.2 draws' worth each turn).
    p * step(c, n * 2.2) * 0.8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_fall_with_shanten_and_draws() {
        assert!(win_chance(0, 8, 10.0, 80.0) > win_chance(1, 20, 10.0, 80.0));
        assert!(win_chance(1, 20, 10.0, 80.0) > win_chance(2, 30, 10.0, 80.0));
        assert!(win_chance(1, 20, 10.0, 80.0) > win_chance(1, 20, 3.0, 80.0));
        assert_eq!(win_chance(2, 30, 0.0, 80.0), 0.0);
    }
}
