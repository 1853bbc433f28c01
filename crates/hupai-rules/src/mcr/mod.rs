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
use tiles::Table;
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
fn mcr_hand(hand: &Hand, ctx: &WinContext) -> Result<McrHand, ScoreError> {
    let win = tiles::code(ctx.win_tile);
    let mut standing: Table = [0; tiles::TABLE_LEN];
    let mut concealed_len = 0u32;
    for (&n, &code) in hand.concealed().0.iter().zip(tiles::KIND_CODE.iter()) {
        standing[code as usize] = n;
        concealed_len += u32::from(n);
    }
    if standing[win as usize] == 0 {
        return Err(Inconsistency::WinTileNotInHand.into());
    }
    let mut standing_before = standing;
    standing_before[win as usize] -= 1;
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
    let held = standing_before[win as usize] > 0;
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
        standing_before,
        standing_before_len: concealed_len - 1,
        win,
        flags,
        prevalent: ctx.round_wind.index() as u8,
        seat: ctx.seat_wind.index() as u8,
    })
}

/// The highest-scoring reading of the hand, as the reference chooses it.
fn best_reading(hand: &McrHand, forms: FormSet) -> Option<FanTable> {
    let mut best: Option<FanTable> = None;
    let mut best_points = 0;
    if hand.fixed_len <= 1 && forms.contains(Form::KnittedStraight) {
        best = special::knitted_straight(hand);
    }
    if best.is_none() && hand.fixed_len == 0 && maybe_special(&hand.standing) {
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

/// Whether the tiles may be seven pairs (every count even) or a thirteen-orphans or
/// honours-and-knitted hand (twelve kinds or more).
fn maybe_special(standing: &Table) -> bool {
    let (mut odd, mut kinds) = (false, 0);
    for &c in &tiles::ALL {
        let n = standing[c as usize];
        odd |= n % 2 == 1;
        kinds += u32::from(n > 0);
    }
    !odd || kinds >= 12
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score;

    fn ctx(win: &str, self_drawn: bool) -> WinContext {
        WinContext::new(win.parse().unwrap(), self_drawn)
    }

    fn fans(s: &Score) -> Vec<(&'static str, u32)> {
        s.items.iter().map(|i| (i.id.as_str(), i.count)).collect()
    }

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn payments_follow_the_rules() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("1112345678999m5m");
        let s = score(&mcr, &h, &ctx("5m", true)).unwrap();
        assert_eq!(s.payments.tsumo_others, Some(8 + s.total));
        assert_eq!(s.payments.total, 3 * (8 + s.total));
        let s = score(&mcr, &h, &ctx("5m", false)).unwrap();
        assert_eq!(s.payments.ron, Some(8 + s.total));
        assert_eq!(s.payments.ron_others, 8);
        assert_eq!(s.payments.total, s.total + 24);
        let chinese = Rules::preset("chinese").unwrap();
        let s = score(&chinese, &h, &ctx("5m", false)).unwrap();
        assert_eq!(
            (s.payments.ron, s.payments.ron_others, s.payments.total),
            (Some(s.total), 0, s.total)
        );
        let s = score(&chinese, &h, &ctx("5m", true)).unwrap();
        assert_eq!((s.payments.tsumo_others, s.payments.total), (Some(s.total), 3 * s.total));
    }

    #[test]
    fn minimum_excludes_flowers() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("456789s55m chi:123m pon:999p");
        let mut c = ctx("5m", false);
        c.flowers = 8;
        let s = score(&mcr, &h, &c).unwrap();
        assert!(s.total < 16 && s.total >= 8, "{s:?}");
        assert!(!s.meets_minimum);
        assert_eq!(s.payments, Payments::default());
        assert_eq!(s.items.last().map(|i| (i.id.as_str(), i.count)), Some(("flower_tiles", 8)));
        let chinese =
            Rules::from_toml_str("extends = \"chinese\"\nflowers = true\n", "t.toml").unwrap();
        let s = score(&chinese, &h, &c).unwrap();
        assert!(s.meets_minimum);
        assert_eq!(s.payments.ron, Some(s.total));
    }

    #[test]
    fn chicken_hand_when_nothing_scores() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("345m678p11z chi:123s pon:555p");
        let mut c = ctx("5m", false);
        c.seat_wind = hupai_core::Seat::West;
        c.round_wind = hupai_core::Seat::South;
        let s = score(&mcr, &h, &c).unwrap();
        assert_eq!(fans(&s), [("chicken_hand", 1)]);
        assert!(s.meets_minimum);
    }

    #[test]
    fn inconsistent_flags_are_errors() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("123m456p789s11z33z3z");
        let mut c = ctx("3z", false);
        c.fourth_tile = true;
        assert_eq!(score(&mcr, &h, &c), Err(Inconsistency::FourthTileHeld.into()));
        let mut c = ctx("3z", false);
        c.robbing_kong = true;
        assert_eq!(score(&mcr, &h, &c), Err(Inconsistency::RobbingKongHeld.into()));
        let h3 = hand("456p789s11z33z3z chi:123m");
        let mut c = ctx("3z", true);
        c.first_turn = true;
        assert_eq!(score(&mcr, &h3, &c), Err(Inconsistency::FirstTurnWithMelds.into()));
        // Three copies in the declared melds: the fourth tile, with or without the flag.
        let h4 = hand("123m456p789s11z pon:222m");
        let s = score(&mcr, &h4, &ctx("2m", false)).unwrap();
        assert!(fans(&s).contains(&("last_tile", 1)), "{:?}", fans(&s));
    }

    #[test]
    fn replacement_on_the_last_tile_scores_both() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("44z ankan:1111z ankan:5555z ankan:6666z ankan:7777z");
        let mut c = ctx("4z", true);
        c.replacement = true;
        c.last_tile = true;
        let s = score(&mcr, &h, &c).unwrap();
        let ids: Vec<_> = s.items.iter().map(|i| i.id.as_str()).collect();
        assert!(ids.contains(&"last_tile_draw") && ids.contains(&"out_with_replacement_tile"));
    }

    #[test]
    fn not_winning_and_forms_by_rules() {
        let mcr = Rules::preset("mcr").unwrap();
        assert_eq!(
            score(&mcr, &hand("1112345678999m1z"), &ctx("1z", false)),
            Err(ScoreError::NotWinning)
        );
        let knitted = hand("147m258p369s123s77z");
        assert!(score(&mcr, &knitted, &ctx("7z", false)).is_ok());
        let chinese = Rules::preset("chinese").unwrap();
        assert_eq!(score(&chinese, &knitted, &ctx("7z", false)), Err(ScoreError::NotWinning));
        let quads = hand("1111m2255p3366s77z");
        let s = score(&chinese, &quads, &ctx("7z", false)).unwrap();
        assert!(fans(&s).contains(&("seven_pairs", 1)));
        let strict =
            Rules::from_toml_str("extends = \"chinese\"\nquads_as_two_pairs = false\n", "q.toml")
                .unwrap();
        assert_eq!(score(&strict, &quads, &ctx("7z", false)), Err(ScoreError::NotWinning));
    }

    #[test]
    fn jokers_take_the_best_substitution() {
        let laizi = Rules::preset("laizi").unwrap();
        // The joker completes Nine Gates waiting on 9m.
        let h = hand("1112345678999m*");
        let s = score(&laizi, &h, &ctx("9m", true)).unwrap();
        assert!(fans(&s).contains(&("nine_gates", 1)), "{:?}", fans(&s));
        // The joker is the win tile itself.
        let h = hand("123m456p789s24s11z*");
        let s = score(&laizi, &h, &ctx("3s", false)).unwrap();
        let plain = score(&laizi, &hand("123m456p789s234s11z"), &ctx("3s", false)).unwrap();
        assert_eq!(s.total, plain.total);
        // Two jokers, and a hand no substitution completes.
        let h = hand("123m456p789s11z4s**");
        assert!(score(&laizi, &h, &ctx("4s", false)).is_ok());
        let h = hand("13579m2468p1357s*");
        assert_eq!(score(&laizi, &h, &ctx("1m", false)), Err(ScoreError::NotWinning));
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("123m456p789s11z4s**");
        assert!(matches!(score(&mcr, &h, &ctx("4s", false)), Err(ScoreError::BadInput(_))));
    }
}
