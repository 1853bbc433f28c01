//! Chinese Official (MCR, 国标) scoring: the 81 fans, and the general Chinese family that uses
//! the same fans.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("mcr").unwrap();
//! let hand: Hand = "1112345678999m5m".parse().unwrap();
//! let ctx = WinContext::new("5m".parse().unwrap(), false);
//! let result = score(&rules, &hand, &ctx).unwrap();
//! let fans: Vec<_> = result.items.iter().map(|i| (i.local_name(), i.count)).collect();
//! assert_eq!(fans, [("九莲宝灯", 1), ("双暗刻", 1), ("幺九刻", 1)]);
//! assert_eq!(result.total, 91);
//! assert!(result.meets_minimum);
//! assert_eq!(result.payments.ron, Some(99)); // the discarder pays 8 + 91, the others 8 each
//! ```
//!
//! # How a hand is scored
//!
//! Every reading of the hand is scored and the highest total wins: the special forms (seven
//! pairs, thirteen orphans, honours and knitted tiles, the knitted straight with one pack and a
//! pair, with no declared meld or one) and every division of the concealed tiles into melds and
//! a pair next to the declared melds. Seven pairs are also read as a regular hand where they can
//! be. The fans of a reading follow the exclusion principles: the non-repeat principle (a fan
//! that a bigger one implies is not counted, [`exclusions`]), the non-separation and
//! non-identical principles (a pack is not split, and a group of packs counts a given
//! combination once) and the account-once principle (once packs have made a combination, a
//! further pack may combine with only one of them) for the chow and pung combinations
//! (`groups`). Flowers count one fan each and do not count toward the minimum
//! ([`Score::meets_minimum`](crate::Score::meets_minimum) against `rules.min_fan`). When nothing
//! else scores, the hand is a Chicken Hand (无番和, 8).
//!
//! # The reference
//!
//! The fans match PyMahjongGB 1.4.0 (`MahjongGB.MahjongFanCalculator`, the calculator of
//! Botzone and the MCR tools) exactly, fan by fan and in its order: its extra 5-fan 明暗杠 (one
//! concealed and one melded kong, instead of 暗杠 + 明杠), its single-wait fans printed as
//! 独听・边张 / 独听・嵌张 / 独听・单钓 (an edge, closed or single wait only when the hand waits
//! on exactly one tile, counting a tile it holds four times as a wait), and its choice among
//! readings of equal total: the first it finds (melds read lowest tile first, pungs before
//! chows), except that a later reading with Pure Triple Chow or Triple Pung replaces it, and
//! so does a regular reading that ties with seven pairs. Where it is at fault hupai differs:
//!
//! - it accepts a fifth copy of a tile; a [`Hand`] cannot hold one.
//! - it has no 8-fan check; [`Score::meets_minimum`](crate::Score::meets_minimum) says whether
//!   the win reaches `rules.min_fan` (flowers not counted), and the payments are zero when not.
//! - it silently drops impossible flags; hupai reports them as
//!   [`ScoreError::Inconsistent`]: a fourth-tile (和绝张) claim while the hand holds another copy
//!   of the win tile (the other three copies must be on the table), robbing a kong when the hand
//!   holds a copy of the robbed tile, a first-turn win with declared melds. Like the reference,
//!   hupai counts 和绝张 without the flag when the declared melds hold the other three copies.
//! - the dealer's first-turn self-drawn win (`first_turn` with East seat wind, the reference's
//!   `WIN_FLAG_INITIAL`, which PyMahjongGB cannot pass) has no wait fans and no Nine Gates, as in
//!   the reference's C++ core: the fourteen tiles were dealt, not waited for. Other first-turn
//!   wins score as usual (the Chinese Official rules have no heavenly or earthly hand fan).
//!
//! # Evidence
//!
//! `tests/mcr_corpus.rs` scores the 214 unit cases of `shared/corpora/mcr-unit-cases` (the
//! reference's own test hands), `tests/mcr_fixture.rs` 24,000 reference hands committed in
//! `tests/data/mcr_fixture.tsv` (every form, declared melds, every flag; all 82 fans occur) and,
//! with `--ignored` in release mode, a large generated set (120,000 hands); all agree fan by fan.
//! The bench (`benches/mcr.rs`, figures in `BENCHMARKS.md`) times the fixture.
//!
//! # Payments
//!
//! `payment = "mcr"`: on a self-draw each of the three others pays 8 + fans; on a discard the
//! discarder pays 8 + fans and the other two pay 8 each. `payment = "fans"` (the general
//! Chinese presets): each pays the fans on a self-draw, the discarder pays them on a discard.
//! The fans include flowers.
//!
//! # Jokers
//!
//! With jokers (`laizi`), every substitution of the jokers by tile kinds (at most four copies of
//! a kind in all) is scored and the highest total is kept (the first found on a tie, trying
//! kinds in MPSZ order). When the concealed tiles hold no copy of the win tile, a joker stands
//! for it. This is exhaustive: correct, but slower than a hand without jokers.

mod exclusions;
mod fans;
mod groups;
mod regular;
mod shapes;
mod special;
mod tiles;
mod traits;
mod waits;

pub use fans::Fan;

use hupai_core::{Counts, Form, FormSet, Hand, MeldKind};

use crate::{
    Inconsistency, ItemId, PaymentRule, Payments, Rules, Score, ScoreError, ScoreItem, WinContext,
};
use fans::{FanTable, TABLE_SIZE};
use regular::{McrHand, Shared};
use shapes::{Divisions, Pack, PackKind};
use tiles::KindMasks;
use traits::WinFlags;

/// Scores an MCR or general Chinese win.
pub(crate) fn score(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<Score, ScoreError> {
    if hand.jokers() > 0 && !rules.jokers {
        return Err(ScoreError::BadInput("jokers in a rule set without jokers".into()));
    }
    let table = if hand.jokers() > 0 {
        best_substitution(rules, hand, ctx)?
    } else {
        fan_table(rules.form_set(), hand, ctx)?
    };
    Ok(build_score(rules, &table, ctx))
}

/// The fans of a hand without jokers (flowers not included).
fn fan_table(forms: FormSet, hand: &Hand, ctx: &WinContext) -> Result<FanTable, ScoreError> {
    let mcr = mcr_hand(hand, ctx)?;
    best_reading(&mcr, forms).ok_or(ScoreError::NotWinning)
}

/// Converts and checks a hand.
fn mcr_hand<'a>(hand: &'a Hand, ctx: &WinContext) -> Result<McrHand<'a>, ScoreError> {
    let win = tiles::code(ctx.win_tile);
    let standing = tiles::table_of(hand.concealed());
    if standing[win as usize] == 0 {
        return Err(Inconsistency::WinTileNotInHand.into());
    }
    let concealed_len = hand.concealed().total();
    let concealed = KindMasks::new(&hand.concealed().0);
    // The whole hand's kinds: the concealed ones and the melds', each meld's tiles added to
    // the concealed counts (a count only grows, so a kind held four times stays so).
    let (mut all_held, mut all_fours) = (concealed.held, concealed.fours);
    if !hand.melds().is_empty() {
        let mut counts = hand.concealed().0;
        let mut add = |k: usize, n: u8| {
            let Some(c) = counts.get_mut(k) else { return };
            *c += n;
            all_held |= 1 << k;
            if *c == 4 {
                all_fours |= 1 << k;
            }
        };
        for meld in hand.melds() {
            let k = meld.first().index();
            match meld.kind() {
                MeldKind::Chi => {
                    add(k, 1);
                    add(k + 1, 1);
                    add(k + 2, 1);
                }
                MeldKind::Pon => add(k, 3),
                MeldKind::Kan | MeldKind::AddedKan | MeldKind::ClosedKan => add(k, 4),
            }
        }
    }
    let mut fixed = [Pack::new(PackKind::Pair, 0, false); 4];
    let mut in_melds = 0;
    for (slot, meld) in fixed.iter_mut().zip(hand.melds()) {
        let first = tiles::code(meld.first());
        *slot = match meld.kind() {
            MeldKind::Chi => Pack::new(PackKind::Chow, first + 1, true),
            MeldKind::Pon => Pack::new(PackKind::Pung, first, true),
            MeldKind::Kan | MeldKind::AddedKan => Pack::new(PackKind::Kong, first, true),
            MeldKind::ClosedKan => Pack::new(PackKind::Kong, first, false),
        };
        in_melds += match slot.kind {
            PackKind::Chow => usize::from(win + 1 >= slot.tile && win <= slot.tile + 1),
            PackKind::Kong => 4 * usize::from(win == slot.tile),
            _ => 3 * usize::from(win == slot.tile),
        };
    }
    let held = standing[win as usize] > 1;
    if ctx.fourth_tile && held {
        return Err(Inconsistency::FourthTileHeld.into());
    }
    if ctx.robbing_kong && (held || in_melds > 0) {
        return Err(Inconsistency::RobbingKongHeld.into());
    }
    if ctx.first_turn && hand.meld_count() > 0 {
        return Err(Inconsistency::FirstTurnWithMelds.into());
    }
    let flags = WinFlags {
        self_drawn: ctx.self_drawn,
        fourth_tile: ctx.fourth_tile || in_melds == 3,
        about_kong: ctx.replacement || ctx.robbing_kong,
        wall_last: ctx.last_tile,
        initial: ctx.first_turn,
    };
    Ok(McrHand {
        fixed,
        fixed_len: hand.melds().len(),
        standing,
        counts: hand.concealed(),
        concealed,
        all_held,
        all_fours,
        standing_before_len: concealed_len - 1,
        win,
        win_tile: ctx.win_tile,
        win_kind: 1 << ctx.win_tile.index(),
        flags,
        prevalent: ctx.round_wind.index() as u8,
        seat: ctx.seat_wind.index() as u8,
    })
}

/// The highest-scoring reading of the hand, as the reference chooses it.
fn best_reading(hand: &McrHand<'_>, forms: FormSet) -> Option<FanTable> {
    let mut best: Option<FanTable> = None;
    let mut best_points = 0;
    if hand.fixed_len <= 1 && forms.contains(Form::KnittedStraight) {
        best = special::knitted_straight(hand);
    }
    if best.is_none() && hand.fixed_len == 0 && maybe_special(&hand.concealed) {
        let mut sorted = [0u8; 14];
        if shapes::tiles_of(&hand.standing, &mut sorted) == 14 {
            best = special::special_form(&sorted, hand, forms);
        }
    }
    if let Some(t) = &best {
        best_points = t.points();
    }
    let seven_pairs = best.as_ref().is_some_and(|t| t.get(Fan::SevenPairs) == 1);
    let regular = best.is_none() || seven_pairs;
    if regular && forms.contains(Form::Regular) {
        let mut divisions = Divisions {
            list: [[Pack::new(PackKind::Pair, 0, false); 5]; shapes::MAX_DIVISIONS],
            len: 0,
        };
        shapes::divide(&hand.standing, hand.fixed(), &mut divisions);
        if divisions.len > 0 {
            let shared = Shared::new(hand);
            for packs in &divisions.list[..divisions.len] {
                let table = regular::reading_fans(packs, hand, &shared);
                let points = table.points();
                // On a tie the reference prefers a later reading with Pure Triple Chow or
                // Triple Pung, and any regular reading over seven pairs.
                let prefer = points == best_points
                    && (table.has(Fan::PureTripleChow)
                        || table.has(Fan::TriplePung)
                        || seven_pairs);
                if points > best_points || prefer {
                    best_points = points;
                    best = Some(table);
                }
            }
        }
    }
    best
}

/// Whether the concealed tiles may be seven pairs (every count even) or a thirteen-orphans or
/// honours-and-knitted hand (twelve kinds or more).
fn maybe_special(concealed: &KindMasks) -> bool {
    concealed.odd == 0 || concealed.held.count_ones() >= 12
}

/// Tries every substitution of the jokers and keeps the best.
fn best_substitution(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<FanTable, ScoreError> {
    let all = hand.all_counts();
    let mut concealed = *hand.concealed();
    let mut jokers = hand.jokers();
    if concealed.get(ctx.win_tile) == 0 {
        if all.get(ctx.win_tile) >= 4 {
            return Err(ScoreError::NotWinning);
        }
        concealed.add(ctx.win_tile);
        jokers -= 1;
    }
    let mut all_with = all;
    if hand.concealed().get(ctx.win_tile) == 0 {
        all_with.add(ctx.win_tile);
    }
    let forms = rules.form_set();
    let mut best: Option<(FanTable, u32)> = None;
    let mut error = None;
    crate::sets::substitute(&mut concealed, &mut all_with, jokers, 0, &mut |c: &Counts| {
        let Ok(hand) = Hand::new(*c, hand.melds()) else { return };
        match fan_table(forms, &hand, ctx) {
            Ok(table) => {
                let points = table.points();
                if best.as_ref().is_none_or(|b| points > b.1) {
                    best = Some((table, points));
                }
            }
            Err(ScoreError::NotWinning) => {}
            Err(e) => {
                error.get_or_insert(e);
            }
        }
    });
    match (best, error) {
        (Some((table, _)), _) => Ok(table),
        (None, Some(e)) => Err(e),
        (None, None) => Err(ScoreError::NotWinning),
    }
}

/// Score items of each fan (count 0), by table index (index 0 unused).
const ITEMS: [ScoreItem; TABLE_SIZE] = {
    let unused = ItemId::Fan(Fan::BigFourWinds);
    let mut items = [ScoreItem { id: unused, value: 0, count: 0 }; TABLE_SIZE];
    let mut i = 0;
    while i < Fan::ALL.len() {
        items[i + 1] =
            ScoreItem { id: ItemId::Fan(Fan::ALL[i]), value: Fan::ALL[i].points(), count: 0 };
        i += 1;
    }
    items
};

/// The score: fans in the reference's order (flowers in 花牌's place), totals, payments.
fn build_score(rules: &Rules, table: &FanTable, ctx: &WinContext) -> Score {
    let mut items = Vec::with_capacity(16);
    let mut fans_total = 0u32;
    let flowers = Fan::FlowerTiles.index();
    let mut flowers_done = ctx.flowers == 0;
    for (i, count) in table.entries() {
        if !flowers_done && i > flowers {
            items.push(ScoreItem { count: u32::from(ctx.flowers), ..ITEMS[flowers] });
            flowers_done = true;
        }
        if i == flowers {
            continue;
        }
        let item = ScoreItem { count: u32::from(count), ..ITEMS[i] };
        fans_total += item.value * item.count;
        items.push(item);
    }
    if !flowers_done {
        items.push(ScoreItem { count: u32::from(ctx.flowers), ..ITEMS[flowers] });
    }
    if let Some(item) = crate::item::declared_ready(rules, ctx) {
        fans_total += item.value;
        items.push(item);
    }
    let total = fans_total + u32::from(ctx.flowers);
    let meets_minimum = fans_total >= rules.min_fan;
    let payments = if meets_minimum {
        payments(rules.payment, total, ctx.self_drawn)
    } else {
        Payments::default()
    };
    Score { variant: rules.variant, items, total, fu: 0, limit: None, meets_minimum, payments }
}

fn payments(rule: PaymentRule, fans: u32, self_drawn: bool) -> Payments {
    let base = if rule == PaymentRule::Mcr { 8 } else { 0 };
    if self_drawn {
        let each = base + fans;
        Payments { tsumo_others: Some(each), total: 3 * each, ..Payments::default() }
    } else {
        Payments {
            ron: Some(base + fans),
            ron_others: base,
            total: base + fans + 2 * base,
            ..Payments::default()
        }
    }
}
