//! Payments outside a win, in the Chinese families that have them: a kong's payment at once
//! (刮风下雨), its transfer to a win on the kong's discard (呼叫转移), and the settlements of
//! an exhaustive draw: 退税 (a player not ready returns its kong payments), 查花猪 (a player
//! still holding its void suit pays the cap to every other player in the hand) and 查叫 /
//! 查大叫 (a player not ready pays each ready one the best win its hand could make). Each is
//! one `payment` event; the `ryukyoku` that follows pays nothing more.

use hupai_core::{MeldKind, Seat};

use crate::game::KongPay;
use crate::{Event, Game, PaymentReason};

impl Game {
    /// 刮风下雨: an open kong is paid by its discarder, an added or a closed kong by every
    /// player still in the hand, the amounts of `rules.kong_payments` in base points.
    pub(crate) fn kong_payment(&mut self, seat: Seat, kan: MeldKind, out: &mut Vec<Event>) {
        let [open, added, closed] = self.rules.kong_payments;
        let base = self.rules.base_points as i32;
        let mut deltas = [0i32; 4];
        match kan {
            MeldKind::Kan => {
                let from = self.p[seat].melds.last().and_then(|m| m.meld.from());
                if let Some(from) = from {
                    deltas[from.index()] -= open as i32 * base;
                }
            }
            _ => {
                let each = if kan == MeldKind::AddedKan { added } else { closed } as i32 * base;
                for o in self.seats.after(seat) {
                    if !self.has_left(o) {
                        deltas[o.index()] -= each;
                    }
                }
            }
        }
        deltas[seat.index()] = -deltas.iter().sum::<i32>();
        self.pay(PaymentReason::Kong, seat, deltas, out);
        if deltas != [0; 4] {
            self.kong_pays.push(KongPay { seat, deltas, transferred: false });
        }
    }

    /// 呼叫转移: `winner` won on the discard `from` made right after its kong; the kong's
    /// payment passes to the winner.
    pub(crate) fn kong_transfer(&mut self, from: Seat, winner: Seat, out: &mut Vec<Event>) {
        let Some(k) = self.kong_pays.iter_mut().rev().find(|k| k.seat == from && !k.transferred)
        else {
            return;
        };
        k.transferred = true;
        let amount = k.deltas[from.index()];
        let mut deltas = [0; 4];
        deltas[from.index()] = -amount;
        deltas[winner.index()] = amount;
        self.pay(PaymentReason::KongTransfer, from, deltas, out);
    }

    /// The settlements of an exhaustive draw (Chinese families); returns who was ready.
    pub(crate) fn draw_settlements(&mut self, out: &mut Vec<Event>) -> [bool; 4] {
        let rules = std::sync::Arc::clone(&self.rules);
        // Seats that never won this hand are the ones settled.
        let open: Vec<Seat> = self.seats.iter().filter(|&s| !self.table().has_won(s)).collect();
        let best: Vec<Option<u32>> = Seat::ALL
            .iter()
            .map(|&s| crate::win::ready_score(&self.views[s]).map(|sc| sc.payments.total))
            .collect();
        let ready = *hupai_core::BySeat::new(self.seats, |s| {
            self.table().has_won(s) || best[s.index()].is_some()
        })
        .as_array();
        let pig = |g: &Game, s: Seat| rules.flower_pig && g.views[s].void_tiles() > 0;
        if rules.kong_refund {
            for &s in &open {
                if ready[s.index()] {
                    continue;
                }
                let mut deltas = [0i32; 4];
                for k in self.kong_pays.iter_mut().filter(|k| k.seat == s && !k.transferred) {
                    for (d, kd) in deltas.iter_mut().zip(k.deltas) {
                        *d -= kd;
                    }
                    k.transferred = true;
                }
                self.pay(PaymentReason::KongRefund, s, deltas, out);
            }
        }
        if rules.flower_pig {
            let cap = hupai_rules::sichuan::cap_payment(&rules) as i32;
            for &s in &open {
                if !pig(self, s) {
                    continue;
                }
                let mut deltas = [0i32; 4];
                for &o in &open {
                    if o != s && !pig(self, o) {
                        deltas[o.index()] += cap;
                        deltas[s.index()] -= cap;
                    }
                }
                self.pay(PaymentReason::FlowerPig, s, deltas, out);
            }
        }
        if rules.not_ready_pays {
            for &s in &open {
                if ready[s.index()] || pig(self, s) {
                    continue;
                }
                let mut deltas = [0i32; 4];
                for &o in &open {
                    if let Some(value) = best[o.index()] {
                        deltas[o.index()] += value as i32;
                        deltas[s.index()] -= value as i32;
                    }
                }
                self.pay(PaymentReason::NotReady, s, deltas, out);
            }
        }
        ready
    }

    /// Applies `deltas` and shows them as a `payment` (nothing when all are zero).
    fn pay(&mut self, reason: PaymentReason, actor: Seat, deltas: [i32; 4], out: &mut Vec<Event>) {
        if deltas == [0; 4] {
            return;
        }
        self.apply_deltas(deltas);
        let scores = Some(self.scores());
        let deltas = self.by_seat(deltas);
        self.emit(Event::Payment { reason, actor, deltas, scores }, out);
    }
}
