//! A hand's future as the search values it: per go-around, the expected result, the chance
//! to win and the chance to deal in. Searched exactly by [`super::futures`], estimated for a
//! hand far from ready by `abstract_future.rs`.

/// A hand's future: for each go-around `t`, the expected result from the others' turns of
/// `t` on (the hand just discarded), the chance to win, and the chance to deal in.
#[derive(Clone, Debug, Default)]
pub struct Future {
    /// Expected result.
    pub value: Vec<f32>,
    /// Chance to win.
    pub win: Vec<f32>,
    /// Chance to deal in.
    pub deal: Vec<f32>,
    /// Shanten of the hand.
    pub shanten: i8,
}

impl Future {
    pub(super) fn zero(d: usize, shanten: i8) -> Future {
        Future { value: vec![0.0; d + 1], win: vec![0.0; d + 1], deal: vec![0.0; d + 1], shanten }
    }

    pub(super) fn at(&self, t: usize) -> (f32, f32, f32) {
        (self.value[t], self.win[t], self.deal[t])
    }

    pub(super) fn set(&mut self, t: usize, v: (f32, f32, f32)) {
        self.value[t] = v.0;
        self.win[t] = v.1;
        self.deal[t] = v.2;
    }
}
