//! The end of a hand: wins (always scored by `hupai_rules::score`), draws and their payments.

use hupai_core::{BySeat, Kind, Seat, Tile};
use hupai_rules::SelfDrawBonus;

use crate::event::Yaku;
use crate::game::{Phase, Robbed};
use crate::player::RiichiState;
use crate::win::WinOn;
use crate::{DrawReason, Event, Game};

impl Game {
    /// Settles the wins of `winners` (in turn order from the discarder; the first takes the
    /// honba and the sticks) on `tile`, from `from` (the winner itself when self-drawn).
    pub(crate) fn settle_wins(
        &mut self,
        winners: &[Seat],
        from: Seat,
        tile: Tile,
        replacement: bool,
        robbed: Option<Robbed>,
        out: &mut Vec<Event>,
    ) {
        let Some(kind) = tile.kind() else { return };
        let pai = self.pai(tile);
        let mut dealer_won = false;
        for (i, &w) in winners.iter().enumerate() {
            let self_drawn = w == from;
            let on = match robbed {
                _ if self_drawn => WinOn::Draw { replacement },
                Some(Robbed::Kita) => WinOn::Kita,
                Some(_) => WinOn::RobbedKan,
                None => WinOn::Discard,
            };
            let view = &self.views[w];
            let mut ctx = crate::win::win_context(view, kind, on);
            if ctx.riichi {
                ctx.ura_indicators = (0..self.dora_count)
                    .filter_map(|j| self.wall.ura_indicator(j))
                    .filter_map(Tile::kind)
                    .collect();
            }
            if i > 0 {
                ctx.honba = 0;
                ctx.riichi_sticks = 0;
            }
            let extra = (!self_drawn).then_some(pai);
            let hand = crate::win::win_hand(view, extra);
            let scored = hand.as_ref().map(|h| hupai_rules::score(&self.rules, h, &ctx));
            let (Some(hand), Some(Ok(score))) = (hand, scored) else {
                // The options offered this win only if it scored: unreachable.
                debug_assert!(false, "a legal win of seat {w:?} does not score");
                continue;
            };
            let pay = score.payments;
            let mut deltas = [0i32; 4];
            let kong_flower_from = self.kong_flower_payer(w, self_drawn, replacement);
            for o in self.seats.after(w) {
                if self.has_left(o) || kong_flower_from.is_some_and(|f| f != o) {
                    continue;
                }
                let amount = if kong_flower_from.is_some() {
                    // 点杠花 as a discard: what a discard pays, without the self-draw's reward.
                    let zimo = u32::from(self.rules.self_draw_bonus == SelfDrawBonus::Fan);
                    hupai_rules::sichuan::payment(&self.rules, score.total - zimo, false)
                } else if let Some(by_payer) = pay.by_payer {
                    // Wuhan 开口番: each payer pays by its own doublings too.
                    by_payer[self.seats.distance(w, o).saturating_sub(1).min(2)]
                } else if self_drawn {
                    if o == self.dealer && w != self.dealer {
                        pay.tsumo_dealer.or(pay.tsumo_others)
                    } else {
                        pay.tsumo_others
                    }
                    .unwrap_or(0)
                } else if o == from {
                    pay.ron.unwrap_or(0)
                } else {
                    pay.ron_others
                };
                deltas[o.index()] -= amount as i32;
            }
            deltas[w.index()] = -deltas.iter().sum::<i32>();
            // Each payer pays 100 a counter (a ron's discarder for all of them).
            let payers = self.seats.count() as i32 - 1;
            let honba = if self.riichi() { 100 * payers * ctx.honba as i32 } else { 0 };
            if let Some(liable) = self.liable_deltas(w, from, &score, honba, deltas) {
                deltas = liable;
            }
            let horses = self.horses_for(w);
            if let Some(h) = &horses {
                deltas = deltas.map(|d| d * (1 + i32::from(h.hits)));
            }
            let sticks = if self.riichi() { ctx.riichi_sticks as i32 * 1000 } else { 0 };
            deltas[w.index()] += sticks;
            if i == 0 && self.riichi() {
                self.sticks = 0;
            }
            self.apply_deltas(deltas);
            dealer_won |= w == self.dealer;
            let ura_markers = if ctx.riichi {
                (0..self.dora_count)
                    .filter_map(|j| self.wall.ura_indicator(j))
                    .map(|t| self.pai(t))
                    .collect()
            } else {
                Vec::new()
            };
            let hora = Event::Hora {
                actor: w,
                target: from,
                pai,
                ura_markers,
                hand: hand.to_string(),
                yaku: score
                    .items
                    .iter()
                    .map(|it| Yaku { name: it.id.to_string(), value: it.value * it.count })
                    .collect(),
                han: score.total,
                fu: score.fu,
                points: deltas[w.index()].max(0) as u32,
                deltas: self.by_seat(deltas),
                scores: Some(self.scores()),
                score_input: Some(Box::new(hupai_rules::ScoreLine::new(
                    &self.rules.name,
                    &hand,
                    &ctx,
                ))),
                horses: horses.map(Box::new),
            };
            self.emit(hora, out);
        }
        if self.rules.after_win != hupai_rules::AfterWin::End {
            let robbing = robbed.is_some();
            self.go_on_after_wins(winners, from, tile, robbing, out);
            return;
        }
        let renchan = dealer_won;
        self.end_hand(renchan, false, out);
    }

    /// 点杠花 paid as a discard: the seat that gave the open kong whose replacement tile `w`
    /// won on pays alone, what a discard would pay (no 自摸加底 or 自摸加番).
    fn kong_flower_payer(&self, w: Seat, self_drawn: bool, replacement: bool) -> Option<Seat> {
        let sichuan = self.rules.variant == hupai_rules::Variant::Sichuan;
        if !(sichuan && self_drawn && replacement) || self.rules.kong_flower_self_drawn {
            return None;
        }
        let last = self.p[w].melds.last()?;
        (last.meld.kind() == hupai_core::MeldKind::Kan).then(|| last.meld.from()).flatten()
    }

    /// Adds per-seat deltas to the players' scores.
    pub(crate) fn apply_deltas(&mut self, deltas: [i32; 4]) {
        for (s, d) in deltas.iter().enumerate() {
            self.scores[self.players[s] as usize] += d;
        }
    }

    /// An abortive draw (riichi): no payments, the dealer keeps the deal.
    pub(crate) fn abortive_draw(&mut self, reason: DrawReason, out: &mut Vec<Event>) {
        let draw = Event::Ryukyoku {
            reason: Some(reason),
            deltas: self.by_seat([0; 4]),
            tenpai: self.by_seat([false; 4]),
            scores: Some(self.scores()),
        };
        self.emit(draw, out);
        self.end_hand(true, true, out);
    }

    /// The wall ran out: nagashi mangan or ready payments (riichi); the settlements the
    /// Chinese rules have (退税, 查花猪, 查叫), each a `payment` before the draw.
    pub(crate) fn exhaustive_draw(&mut self, out: &mut Vec<Event>) {
        let mut tenpai = *BySeat::new(self.seats, |s| self.is_ready(s)).as_array();
        if !self.riichi() {
            tenpai = self.draw_settlements(out);
        }
        let mut deltas = [0i32; 4];
        if self.riichi() {
            let nagashi: Vec<Seat> = self
                .seats
                .iter()
                .filter(|&s| self.rules.nagashi_mangan && self.is_nagashi(s))
                .collect();
            if !nagashi.is_empty() {
                // Paid as a mangan by self-draw; at three seats the absent player's share is
                // lost under ツモ損, else split between the two payers.
                let split = self.seats.count() == 3 && !self.rules.tsumo_loss;
                for &w in &nagashi {
                    let absent = if w == self.dealer { 4000 } else { 2000 };
                    for o in self.seats.after(w) {
                        let share = if w == self.dealer || o == self.dealer { 4000 } else { 2000 };
                        let amount = share + if split { absent / 2 } else { 0 };
                        deltas[o.index()] -= amount;
                        deltas[w.index()] += amount;
                    }
                }
            } else {
                // 不聴罰符: the seats not ready pay the ready ones `noten_penalty` in all.
                let seats = self.seats.count() as i32;
                let penalty = self.rules.noten_penalty as i32;
                let ready = tenpai.iter().filter(|&&t| t).count() as i32;
                if ready > 0 && ready < seats {
                    for s in self.seats.iter() {
                        let t = tenpai[s.index()];
                        deltas[s.index()] =
                            if t { penalty / ready } else { -penalty / (seats - ready) };
                    }
                }
            }
        }
        self.apply_deltas(deltas);
        let draw = Event::Ryukyoku {
            reason: Some(DrawReason::Exhaustive),
            deltas: self.by_seat(deltas),
            tenpai: self.by_seat(tenpai),
            scores: Some(self.scores()),
        };
        self.emit(draw, out);
        let renchan = tenpai[self.dealer.index()];
        self.end_hand(renchan, true, out);
    }

    /// Whether `seat` (holding 3n + 1 tiles) is ready.
    pub(crate) fn is_ready(&self, seat: Seat) -> bool {
        !self.views[seat].waits().is_empty()
    }

    /// Whether `seat`'s river is all terminals and honours, none of them called.
    pub(crate) fn is_nagashi(&self, seat: Seat) -> bool {
        let river = &self.p[seat].river;
        !river.is_empty()
            && river
                .iter()
                .all(|r| !r.called && r.tile.kind().is_some_and(Kind::is_terminal_or_honor))
    }

    /// Ends the hand; starts the next one or ends the match.
    pub(crate) fn end_hand(&mut self, renchan: bool, draw: bool, out: &mut Vec<Event>) {
        self.emit(Event::EndKyoku, out);
        self.waiting = 0;
        for s in self.seats.iter() {
            self.options[s].clear();
            self.responses[s] = None;
            self.p[s].riichi = match self.p[s].riichi {
                RiichiState::Declared { .. } => RiichiState::None,
                r => r,
            };
        }
        self.hands += 1;
        let keep = renchan && self.rules.dealer_repeats;
        let last_hand = self.is_all_last();
        if self.riichi() {
            self.honba = if keep || draw { self.honba + 1 } else { 0 };
        }
        let leader_dealer = {
            let d = self.scores[self.players[self.dealer.index()] as usize];
            self.scores.iter().all(|&s| s <= d) && d >= self.rules.target_points
        };
        if !keep {
            self.dealer = self.seats.next(self.dealer);
            if self.dealer == Seat::East {
                self.round += 1;
                if self.rules.variant == hupai_rules::Variant::Mcr {
                    self.rotate_seats();
                }
            }
        }
        let over = self.single_hand || self.match_over(keep && last_hand && leader_dealer);
        if over {
            self.end_game(out);
        } else {
            self.start_hand(out);
        }
    }

    /// Whether the hand being played is the last scheduled one or an extension.
    fn is_all_last(&self) -> bool {
        let rounds = self.rules.rounds;
        let last_dealer = self.seats.add(Seat::East, self.seats.count() - 1);
        self.round >= rounds || (self.round + 1 == rounds && self.dealer == last_dealer)
    }

    /// Whether the match ends now (after the round state advanced).
    fn match_over(&self, dealer_stops: bool) -> bool {
        let rounds = self.rules.rounds;
        if self.rules.bust_ends_game && self.scores.iter().any(|&s| s < 0) {
            return true;
        }
        if dealer_stops {
            return true;
        }
        if self.round < rounds {
            return false;
        }
        let target = self.rules.target_points;
        if target <= 0 || self.rules.variant != hupai_rules::Variant::Riichi {
            return true;
        }
        // Extension (riichi): play on one more wind until someone reaches the target.
        self.scores.iter().any(|&s| s >= target) || self.round > rounds
    }

    /// Ends the match: left-over sticks go to the leader.
    fn end_game(&mut self, out: &mut Vec<Event>) {
        if self.sticks > 0 {
            let mut best = 0;
            for i in 1..self.seats.count() {
                if self.scores[i] > self.scores[best] {
                    best = i;
                }
            }
            self.scores[best] += 1000 * self.sticks as i32;
            self.sticks = 0;
        }
        self.phase = Phase::Over;
        self.waiting = 0;
        let end = Event::EndGame {
            scores: Some(self.player_scores()),
            seed: Some(self.seed),
            secret: Some(crate::commitment::secret_text(self.secret)),
        };
        self.emit(end, out);
    }

    /// MCR: players change seats between wind rounds, as the rule book prescribes.
    fn rotate_seats(&mut self) {
        self.players = crate::schedule::mcr_players(self.round);
    }
}
