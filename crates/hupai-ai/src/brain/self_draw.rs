//! Sichuan: letting a win on a discard pass to wait for a self-draw.

use hupai_engine::PlayerView;
use hupai_rules::Variant;

use crate::situation::Situation;

/// Sichuan: whether to let a win on a discard pass and wait for a self-draw, which every
/// player still in pays (with 自摸加底), while the wall is long and the waits are live; a
/// hand still ready at the wall's end collects 查大叫 anyway, and 过水 holds only until the
/// next draw.
pub(super) fn wait_for_self_draw(view: &PlayerView, sit: &Situation) -> bool {
    if sit.variant != Variant::Sichuan || view.is_locked_by_win(view.seat) {
        return false;
    }
    let others = view.in_hand_seats().filter(|&s| s != view.seat).count();
    let live: u32 = view.waits().iter().map(|k| sit.unseen(k) as u32).sum();
    // 血流成河: a win does not end the winner's hand, and waiting gained nothing (seed 1,
    // 20,000 hands: -0.004 ± 0.005 a hand with a wall of 44 and 7 live tiles).
    if view.rules().after_win == hupai_rules::AfterWin::Stay {
        return false;
    }
    others >= 3 && view.live_tiles() >= WAIT_WALL && live >= WAIT_LIVE
}

/// Tiles the wall must still hold to let a win pass for a self-draw (Sichuan).
pub const WAIT_WALL: u32 = 24;

/// Live winning tiles a hand must have to let a win pass for a self-draw (Sichuan).
pub const WAIT_LIVE: u32 = 5;
