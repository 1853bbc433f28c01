//! Liability (pao, 責任払い; 包) under the riichi rules: a player whose discard is called for
//! the third dragon set or the fourth wind set pays for that player's big three dragons or big
//! four winds, as `rules.pao` says (Tenhou: the whole hand; Mahjong Soul: the yakuman's part).
//!
//! Under the Hong Kong table with `rules.liability` (包): a player whose discard is called for
//! another's fourth exposed meld (十二張落地) pays alone if that player then wins by self-draw
//! (包自摸: everything the three would have paid); one whose discard is called for the third
//! dragon set or the fourth wind set pays alone for the 大三元 or 大四喜 it makes, however it
//! is won. A discard win by a player with no such liability is paid as usual.

use hupai_core::{Kind, MeldKind, Seat};
use hupai_rules::{Pao, Score, Variant};

use crate::player::{Liability, EXPOSED};
use crate::Game;

impl Game {
    /// After `seat` called a discard of `kind` from `from` as a pon or an open kan: the
    /// liability, when this call makes the seat's third dragon set or fourth wind set (sets
    /// declared earlier count whatever their kind: pon, added or closed kan).
    pub(crate) fn note_liability(&mut self, seat: Seat, from: Seat, kind: Kind, chi: bool) {
        let hongkong = self.rules.liability && self.rules.variant == Variant::HongKong;
        if hongkong && self.p[seat].melds.iter().filter(|m| m.meld.is_open()).count() == 4 {
            self.p[seat].liability = Some(Liability { seat: from, yaku: EXPOSED });
        }
        let riichi = self.riichi() && self.rules.pao != Pao::Off;
        if !(riichi || hongkong) || chi || !kind.is_honor() {
            return;
        }
        let (same_group, needed, yaku): (fn(Kind) -> bool, usize, _) =
            match (kind.is_dragon(), riichi) {
                (true, true) => (Kind::is_dragon, 3, "daisangen"),
                (false, true) => (Kind::is_wind, 4, "daisuushii"),
                (true, false) => (Kind::is_dragon, 3, "daai_saam_jyun"),
                (false, false) => (Kind::is_wind, 4, "daai_sei_hei"),
            };
        let sets = self.p[seat]
            .melds
            .iter()
            .filter(|m| m.meld.kind() != MeldKind::Chi && same_group(m.meld.first()))
            .count();
        if sets == needed {
            self.p[seat].liability = Some(Liability { seat: from, yaku });
        }
    }

    /// The deltas of a win by `winner` (on a discard of `from`, or self-drawn when they are
    /// the same) under its liability, if it has one that applies: the win includes the
    /// yaku, and the liable seat is not the discarder. `deltas` are the usual ones without
    /// the riichi sticks, `honba` what the honba add to them.
    pub(crate) fn liable_deltas(
        &self,
        winner: Seat,
        from: Seat,
        score: &Score,
        honba: i32,
        deltas: [i32; 4],
    ) -> Option<[i32; 4]> {
        let liability = self.p[winner].liability?;
        let self_drawn = winner == from;
        if self.rules.variant == Variant::HongKong {
            let applies = if liability.yaku == EXPOSED {
                self_drawn
            } else {
                score.items.iter().any(|it| it.id.as_str() == liability.yaku)
            };
            if !self.rules.liability || !applies {
                return None;
            }
            // 包: the liable seat pays everything the win collects.
            let mut out = [0i32; 4];
            out[liability.seat.index()] = -deltas[winner.index()];
            out[winner.index()] = deltas[winner.index()];
            return Some(out);
        }
        if self.rules.pao == Pao::Off || (!self_drawn && liability.seat == from) {
            return None;
        }
        let item = score.items.iter().find(|it| it.id.as_str() == liability.yaku)?;
        // The hand without the honba, and the liable part of it.
        let hand = deltas[winner.index()] - honba;
        let yakuman = if winner == self.dealer { 48_000 } else { 32_000 };
        let liable_part = match self.rules.pao {
            Pao::WholeHand => hand,
            _ => (yakuman * (item.value * item.count) as i32 / 13).min(hand),
        };
        let rest = hand - liable_part;
        let mut out = [0i32; 4];
        if self_drawn {
            out[liability.seat.index()] -= liable_part + honba;
            // The rest as an ordinary self-drawn win: the dealer pays half (a third when the
            // dealer wins), the others a quarter. At three seats the absent player's share is
            // lost under ツモ損, else split between the two payers.
            let absent = if winner == self.dealer { rest / 3 } else { rest / 4 };
            let split =
                if self.seats.count() == 3 && !self.rules.tsumo_loss { absent / 2 } else { 0 };
            for o in self.seats.after(winner) {
                out[o.index()] -= split
                    + if winner == self.dealer {
                        rest / 3
                    } else if o == self.dealer {
                        rest / 2
                    } else {
                        rest / 4
                    };
            }
        } else {
            out[liability.seat.index()] -= liable_part / 2 + honba;
            out[from.index()] -= liable_part - liable_part / 2 + rest;
        }
        out[winner.index()] = -out.iter().sum::<i32>();
        Some(out)
    }
}
