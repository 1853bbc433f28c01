//! What a win is worth, from hupai-rules' own scoring: the points the winner collects for a
//! complete hand won on a given tile, self-drawn or on a discard, with or without a declared
//! riichi (its expected ura dora counted), as the search values them (raw points, or their
//! worth to the match score, [`Placement`]), cached per hand.

use super::key::{key, Memo};
use super::placement::Placement;

use hupai_core::{Counts, Hand, Kind, Meld};
use hupai_engine::{win_context, PlayerView, WinOn};
use hupai_rules::{Rules, Variant, WinContext};

/// Scores the complete hands a seat may reach with its declared melds (and, after a call,
/// the meld it makes).
#[derive(Clone, Debug)]
pub struct Scorer {
    rules: Rules,
    variant: Variant,
    melds: Vec<Meld>,
    jokers: u8,
    red: [u8; 3],
    ron: WinContext,
    tsumo: WinContext,
    /// Unseen copies of each kind (for the expected ura dora).
    unseen: [u8; 34],
    unseen_total: f32,
    /// Ura dora indicators a riichi win turns (as many as the dora indicators).
    ura_indicators: usize,
    /// How a win's points are valued.
    placement: Placement,
    /// Values by hand, win tile and flags.
    cache: Memo<f32>,
    /// Hands scored (not counting cache hits).
    pub scored: u32,
    /// The points of the wins scored so far, on a discard and self-drawn: their sums and
    /// counts.
    won: [(f32, u32); 2],
}

impl Scorer {
    /// A scorer for the seat of `view` holding `melds` (its declared melds, or those after a
    /// call) and `red` red fives, valuing wins as `placement` says.
    pub fn new(
        view: &PlayerView,
        melds: Vec<Meld>,
        red: [u8; 3],
        unseen: [u8; 34],
        placement: Placement,
    ) -> Scorer {
        let any = Kind::all().next().unwrap_or(Kind::EAST);
        let mut ron = win_context(view, any, WinOn::Discard);
        let mut tsumo = win_context(view, any, WinOn::Draw { replacement: false });
        for ctx in [&mut ron, &mut tsumo] {
            // Future wins: not the first turn, not the last tile, no ippatsu.
            ctx.first_turn = false;
            ctx.last_tile = false;
            ctx.ippatsu = false;
            ctx.fourth_tile = false;
            ctx.kong_discard = false;
            ctx.replacement = false;
            ctx.robbing_kong = false;
            ctx.dealer_discard = false;
        }
        let ura_indicators = ron.dora_indicators.len().max(1);
        Scorer {
            rules: view.rules().clone(),
            variant: view.rules().variant,
            melds,
            jokers: view.jokers(),
            red,
            ron,
            tsumo,
            unseen,
            unseen_total: unseen.iter().map(|&u| u as f32).sum::<f32>().max(1.0),
            ura_indicators,
            placement,
            cache: Memo::default(),
            scored: 0,
            won: [(0.0, 0); 2],
        }
    }

    /// What the seat collects winning with the complete concealed tiles `full` (the win tile
    /// among them) on `win`, self-drawn or not, under a declared riichi or not, as valued;
    /// 0 when the hand does not win (no yaku, below the minimum).
    pub fn value(&mut self, full: &Counts, win: Kind, self_drawn: bool, riichi: bool) -> f32 {
        let flags = u32::from(self_drawn) | u32::from(riichi) << 1;
        let key = key(full, u32::from(win.to_u8()) << 2 | flags);
        if let Some(&v) = self.cache.get(&key) {
            return v;
        }
        let points = self.score(full, win, self_drawn, riichi);
        if points > 0.0 {
            let w = &mut self.won[usize::from(self_drawn)];
            w.0 += points;
            w.1 += 1;
        }
        // A riichi declared on the way (riichi family) has paid the stick it collects back.
        let paid = if riichi && self.variant == Variant::Riichi { 1000.0 } else { 0.0 };
        let v = self.placement.scored_win(points, self_drawn, paid);
        self.cache.insert(key, v);
        v
    }

    /// The mean points of the wins scored so far (raw points, on a discard and self-drawn),
    /// once there is one of each.
    pub fn mean_wins(&self) -> Option<(f32, f32)> {
        let [(ron, r), (tsumo, t)] = self.won;
        (r > 0 && t > 0).then(|| (ron / r as f32, tsumo / t as f32))
    }

    fn score(&mut self, full: &Counts, win: Kind, self_drawn: bool, riichi: bool) -> f32 {
        self.scored += 1;
        let mut red = self.red;
        for (s, r) in red.iter_mut().enumerate() {
            let five = Kind::new((s * 9 + 4) as u8);
            *r = (*r).min(five.map_or(0, |k| full[k]));
        }
        let Ok(hand) = Hand::with_extras(*full, &self.melds, self.jokers, red) else {
            return 0.0;
        };
        let mut ctx = if self_drawn { self.tsumo.clone() } else { self.ron.clone() };
        ctx.win_tile = win;
        ctx.self_drawn = self_drawn;
        let riichi_family = self.variant == Variant::Riichi;
        if riichi {
            ctx.riichi = true;
            if riichi_family {
                // The seat's own stick is on the table once its riichi stands.
                ctx.riichi_sticks += 1;
            }
        }
        let points = |ctx: &WinContext, rules: &Rules| -> f32 {
            match hupai_rules::score(rules, &hand, ctx) {
                Ok(s) if s.meets_minimum => s.payments.total as f32,
                _ => 0.0,
            }
        };
        let base = points(&ctx, &self.rules);
        if !(riichi && riichi_family) || base == 0.0 {
            return base;
        }
        // Expected ura dora: each indicator is an unseen tile; a kind held c times gains c han
        // when the indicator before it turns up.
        let mut held = *full;
        for m in &self.melds {
            for k in m.kinds() {
                if held[k] < 4 {
                    held.add(k);
                }
            }
        }
        let mut lambda = 0.0f32;
        let mut least: Option<(Kind, u8)> = None;
        for k in Kind::all() {
            let c = held[k];
            if c == 0 {
                continue;
            }
            let before = predecessor(k);
            lambda += c as f32 * self.unseen[before.index()] as f32 / self.unseen_total;
            if least.is_none_or(|(_, lc)| c < lc) {
                least = Some((k, c));
            }
        }
        lambda *= self.ura_indicators as f32;
        let Some((k, c)) = least else { return base };
        ctx.ura_indicators = vec![predecessor(k)];
        let more = points(&ctx, &self.rules);
        base + (lambda / c as f32).min(1.0) * (more - base).max(0.0)
    }
}

/// The red fives in the seat's concealed hand, by suit.
pub fn red_fives(view: &PlayerView) -> [u8; 3] {
    let mut red = [0u8; 3];
    for p in view.hand().iter().filter(|p| p.is_red()) {
        if let Some(k) = p.kind() {
            red[k.suit().index().min(2)] += 1;
        }
    }
    red
}

/// The indicator kind whose dora is `kind`.
pub fn predecessor(kind: Kind) -> Kind {
    Kind::all().find(|k| k.successor() == kind).unwrap_or(kind)
}

/// A rough value of a hand still far from ready, for the hands the recursion estimates: what
/// a win with its dora, red fives and likely yaku pays (riichi); elsewhere what the wins the
/// search has scored at this decision pay on average (the hand's own ready shapes), or the
/// family's typical win before it has scored any.
#[derive(Clone, Debug)]
pub struct RoughWorth {
    variant: Variant,
    dora: [u8; 34],
    reds: u8,
    closed: bool,
    dealer: bool,
    extras: f32,
    typical: f32,
}

impl RoughWorth {
    /// The rough worth of the seat's hands in `view`, with `reds` red fives and, when
    /// `closed`, no open meld.
    pub fn new(view: &PlayerView, sit: &crate::situation::Situation) -> RoughWorth {
        let rules = view.rules();
        let typical = match rules.variant {
            Variant::Riichi => 0.0,
            Variant::Mcr => 3.0 * (8.0 + 12.0),
            _ if rules.base_points > 0 => 3.0 * rules.base_points as f32 * 2.0,
            Variant::Chinese
            | Variant::Sichuan
            | Variant::HongKong
            | Variant::Guangdong
            | Variant::Wuhan => 12.0,
        };
        RoughWorth {
            variant: rules.variant,
            dora: sit.dora,
            reds: sit.reds,
            closed: sit.closed,
            dealer: sit.dealer,
            extras: 300.0 * view.honba as f32 + 1000.0 * view.sticks as f32,
            typical,
        }
    }

    /// The rough value of a win with the concealed `counts` (declared melds aside), on a
    /// discard and self-drawn, given the mean points of the wins scored so far (`seen`).
    pub fn of(&self, counts: &Counts, seen: Option<(f32, f32)>) -> (f32, f32) {
        if self.variant != Variant::Riichi {
            return seen.unwrap_or((self.typical, self.typical));
        }
        let dora: u32 = Kind::all().map(|k| self.dora[k.index()] as u32 * counts[k] as u32).sum();
        let han = if self.closed { 2.2 } else { 1.3 } + dora as f32 + self.reds as f32;
        let base =
            (650.0 * 2f32.powf(han.min(4.0))).min(8000.0) * if han >= 6.0 { 1.5 } else { 1.0 };
        let v = base * if self.dealer { 1.5 } else { 1.0 } + self.extras;
        (v, v)
    }
}
