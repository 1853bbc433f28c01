//! The future of an abstract hand: a shanten, a count of effective tiles and a value, moved
//! through the same go-arounds as an exact hand but with typical tiles, for hands too far
//! from ready to search exactly.

use super::future::Future;
use super::outlook::Outlook;

/// Typical unseen effective tiles of a hand at each shanten (ready: its live waits).
const TYPICAL_COUNT: [f32; 7] = [5.5, 18.0, 30.0, 40.0, 48.0, 54.0, 58.0];

/// What an abstract hand's win is worth: on another's discard and self-drawn (which some
/// families pay several times over).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinValues {
    /// Won on another seat's discard.
    pub ron: f32,
    /// Self-drawn.
    pub tsumo: f32,
}

/// The future of an abstract hand at shanten `s` with `count` unseen effective tiles, worth
/// `value` when it wins: each draw of an effective tile lowers shanten (to a typical hand of
/// the next shanten), a ready hand wins on a typical wait.
pub fn abstract_future(
    o: &Outlook,
    s: i8,
    count: f32,
    value: WinValues,
    unseen: f32,
    can_fold: bool,
) -> Future {
    let d = o.draws;
    let e = o.ends(false);
    let blank = || Future {
        value: vec![0.0; d + 1],
        win: vec![0.0; d + 1],
        deal: vec![0.0; d + 1],
        shanten: 0,
    };
    let mut below: Option<Future> = None;
    for level in 0..=s.max(0) {
        let c = if level == s {
            count
        } else {
            TYPICAL_COUNT[(level as usize).min(TYPICAL_COUNT.len() - 1)]
        };
        let p = (c / unseen.max(1.0)).min(1.0);
        let mut f = blank();
        f.shanten = level;
        let (mut e_value, mut e_win, mut e_deal) = (0.0f32, 0.0f32, 0.0f32);
        let ready = level == 0;
        let p_ron = if ready { (1.0 - (1.0 - p).powf(o.ron_draws)).min(0.95) } else { 0.0 };
        for t in (0..=d).rev() {
            let (n_value, n_win, n_deal) = if t == d {
                (if ready { e.ready_at_draw } else { e.not_ready_at_draw }, 0.0, 0.0)
            } else {
                (e_value, e_win, e_deal)
            };
            let p_ron = o.ron_at(p_ron, t);
            let hz = o.hazard[t].min(1.0 - p_ron);
            let go_on = 1.0 - p_ron - hz;
            let push_value =
                p_ron * value.ron + hz * e.other_win[t] + go_on * (e.drain[t] + n_value);
            if can_fold && e.fold[t] > push_value {
                f.value[t] = e.fold[t];
                f.deal[t] = e.fold_deal[t];
            } else {
                f.value[t] = push_value;
                f.win[t] = p_ron + go_on * n_win;
                f.deal[t] = go_on * n_deal;
            }
            if t >= 1 {
                let pi = o.push_deal[t];
                let cost = e.deal_cost[t];
                let stay = (f.value[t], f.win[t], f.deal[t]);
                let (v, w, dl) = if ready {
                    (
                        p * value.tsumo + (1.0 - p) * stay.0 * (1.0 - pi) - (1.0 - p) * pi * cost,
                        p + (1.0 - p) * (1.0 - pi) * stay.1,
                        (1.0 - p) * (pi + (1.0 - pi) * stay.2),
                    )
                } else {
                    let next = below.as_ref().map_or(stay, |b| {
                        if b.value[t] > stay.0 {
                            (b.value[t], b.win[t], b.deal[t])
                        } else {
                            stay
                        }
                    });
                    let mv = p * next.0 + (1.0 - p) * stay.0;
                    let mw = p * next.1 + (1.0 - p) * stay.1;
                    let md = p * next.2 + (1.0 - p) * stay.2;
                    (-pi * cost + (1.0 - pi) * mv, (1.0 - pi) * mw, pi + (1.0 - pi) * md)
                };
                e_value = v;
                e_win = w;
                e_deal = dl;
            }
        }
        below = Some(f);
    }
    below.unwrap_or_else(blank)
}
