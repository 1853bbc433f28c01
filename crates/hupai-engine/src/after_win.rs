//! Hands that go on after a win (Sichuan): 血战到底, where a winner leaves and the others play
//! on until one is left or the wall is empty, and 血流成河, where winners stay (their hands
//! locked) and may win again. The win tile joins the winner's won tiles: from the
//! discarder's river, from the robbed kong (which is a pon again), or from the winner's hand.
//!
//! 呼叫转移 with 一炮多响: when several win on the discard right after a kong, the kong's
//! whole payment goes to the first winner in turn order from the discarder (the one who takes
//! the honba and sticks in riichi), the others get none of it. The rule sheets hupai follows
//! name a single winner ("将杠牌所得转给被点炮的玩家") and say nothing of two; splitting the
//! payment, or paying it to each winner, are readings hupai does not play.

use hupai_core::{MeldKind, Seat, Tile};
use hupai_rules::AfterWin;

use crate::{Event, Game};

impl Game {
    /// After the `hora`s of `winners` on `tile` from `from`: moves the tile, passes a kong's
    /// payment on (呼叫转移), and either ends the hand or gives the next seat its draw.
    pub(crate) fn go_on_after_wins(
        &mut self,
        winners: &[Seat],
        from: Seat,
        tile: Tile,
        robbing: bool,
        out: &mut Vec<Event>,
    ) {
        let Some(&first) = winners.first() else { return };
        let self_drawn = first == from;
        if self_drawn {
            self.p[first].remove(tile);
            self.p[first].drawn = None;
        } else if robbing {
            self.unrob(from, tile);
        } else if let Some(r) = self.p[from].river.last_mut() {
            r.called = true;
        }
        self.p[first].won.push(tile);
        let after_kan = self.table().last_discard_after_kan;
        if !self_drawn && !robbing && after_kan && self.rules.kong_transfer {
            self.kong_transfer(from, first, out);
        }
        let left = self.seats.iter().filter(|&s| !self.has_left(s)).count();
        if self.rules.after_win == AfterWin::Leave && left <= 1 {
            self.end_hand(false, false, out);
            return;
        }
        let last = winners.last().copied().unwrap_or(from);
        let next = self.next_in_hand(last);
        if self.draw(next, false, out) {
            self.begin_turn(next, false);
        } else {
            self.exhaustive_draw(out);
        }
    }

    /// The robbed tile leaves the added kong of `seat`, which is a pon again.
    fn unrob(&mut self, seat: Seat, tile: Tile) {
        let Some(kind) = tile.kind() else { return };
        let reds = self.reds;
        let Some(m) = self.p[seat]
            .melds
            .iter_mut()
            .find(|m| m.meld.kind() == MeldKind::AddedKan && m.meld.first() == kind)
        else {
            return;
        };
        let mut meld = hupai_core::Meld::pon(kind);
        if let (Some(c), Some(f)) = (m.meld.called(), m.meld.from()) {
            meld = meld.with_call(c, f).unwrap_or(meld);
        }
        let red = m.tiles[..3].iter().filter(|t| t.is_red_five(reds)).count() as u8;
        m.meld = meld.with_red(red).unwrap_or(meld);
    }
}
