//! Scoring: the one dispatch from a rule set's variant to its scorer, and the checks every
//! scorer shares.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{mcr::Fan, score, Rules, WinContext};
//! let rules = Rules::preset("mcr").unwrap();
//! let hand: Hand = "1112345678999m5m".parse().unwrap();
//! let ctx = WinContext::new("5m".parse().unwrap(), true);
//! let result = score(&rules, &hand, &ctx).unwrap();
//! assert!(result.items.iter().any(|item| item.id == Fan::NineGates.into()));
//! assert_eq!(result.items[0].id.to_string(), "nine_gates");
//! ```

use hupai_core::Hand;

use crate::context::WinContext;
use crate::outcome::Score;
use crate::rules::Rules;
use crate::score_error::{Inconsistency, Refusal, ScoreError};
use crate::settings::DeclareReady;
use crate::variant::Variant;
use crate::{guangdong, hongkong, mcr, riichi, sichuan, wuhan};

/// Scores a winning hand (concealed tiles include the win tile) under `rules`: the one
/// dispatch on the variant to its scorer.
pub fn score(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<Score, ScoreError> {
    if ctx.riichi && rules.variant != Variant::Riichi && rules.declare_ready == DeclareReady::Off {
        return Err(ScoreError::BadInput(
            "riichi: a declared ready hand (报听) under rules without declare_ready".into(),
        ));
    }
    check_common(rules, hand, ctx)?;
    match rules.variant {
        Variant::Riichi => riichi::score(rules, hand, ctx),
        Variant::Mcr => mcr::score(rules, hand, ctx),
        // The tables without big hands: the Wuhan switches (二五八将, 开口, the joker limit)
        // apply to every win; the Wuhan table applies them to its small hands itself.
        Variant::Chinese => small_hands(rules, hand, mcr::score(rules, hand, ctx)),
        Variant::Sichuan => small_hands(rules, hand, sichuan::score(rules, hand, ctx)),
        Variant::HongKong => small_hands(rules, hand, hongkong::score(rules, hand, ctx)),
        Variant::Guangdong => small_hands(rules, hand, guangdong::score(rules, hand, ctx)),
        Variant::Wuhan => wuhan::score(rules, hand, ctx),
    }
}

/// `scored`, unless the Wuhan switches refuse the hand (a table without big hands).
fn small_hands(
    rules: &Rules,
    hand: &Hand,
    scored: Result<Score, ScoreError>,
) -> Result<Score, ScoreError> {
    let s = scored?;
    wuhan::small_hand_rules(rules, hand)?;
    Ok(s)
}

/// Checks shared by every variant: tile count, win tile, kong-related flags, flowers.
fn check_common(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<(), ScoreError> {
    if hand.tile_count() != 14 {
        return Err(ScoreError::BadInput(format!(
            "{} tiles: a winning hand has 14, counting each meld as 3",
            hand.tile_count()
        )));
    }
    if !rules.honors && hand.all_counts().kinds().any(|k| k.is_honor()) {
        return Err(ScoreError::BadInput("honours in a rule set without honours".into()));
    }
    if hand.concealed().get(ctx.win_tile) == 0 && hand.jokers() == 0 {
        return Err(Inconsistency::WinTileNotInHand.into());
    }
    if ctx.robbing_kong && ctx.self_drawn {
        return Err(Inconsistency::RobbingKongSelfDrawn.into());
    }
    if !ctx.lone_kongs.is_empty() && !rules.has_lone_kongs() {
        return Err(ScoreError::BadInput("lone_kongs: the rules have no lone-kong tile".into()));
    }
    if ctx.discarder.is_some_and(|d| !(1..=3).contains(&d)) {
        return Err(ScoreError::BadInput("discarder: 1, 2 or 3 seats after the winner".into()));
    }
    if wuhan::needs_opening(rules, hand, ctx) {
        return Err(ScoreError::Refused(Refusal::NotOpen));
    }
    if ctx.replacement && !ctx.self_drawn {
        return Err(Inconsistency::ReplacementOnDiscard.into());
    }
    let lone_kongs = ctx.lone_kongs.total() > 0;
    if ctx.replacement && !lone_kongs && !hand.melds().iter().any(|m| m.kind().is_kan()) {
        return Err(Inconsistency::ReplacementWithoutKan.into());
    }
    if ctx.kong_discard && ctx.self_drawn {
        return Err(Inconsistency::KongDiscardSelfDrawn.into());
    }
    if ctx.robbing_kong && ctx.replacement {
        return Err(Inconsistency::RobbingKongAndReplacement.into());
    }
    // MCR: the replacement tile after a kong may be the last tile of the wall (妙手回春 and
    // 杠上开花 together); riichi forbids it.
    let replacement_last = ctx.replacement && rules.variant == Variant::Riichi;
    if ctx.last_tile && (ctx.robbing_kong || replacement_last) {
        return Err(Inconsistency::LastTileAndKong.into());
    }
    let mask_differs =
        ctx.flower_mask != 0 && ctx.flower_mask.count_ones() != u32::from(ctx.flowers);
    if ctx.flowers > 8 || (ctx.flowers > 0 && !rules.flowers) || mask_differs {
        return Err(Inconsistency::Flowers.into());
    }
    Ok(())
}
