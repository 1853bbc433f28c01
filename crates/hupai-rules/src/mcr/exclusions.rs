//! The non-repeat principle: fans that a bigger fan already implies are not counted again
//! (大四喜 does not count 三风刻, 碰碰和 or 幺九刻; 清一色 does not count 缺一门 or 无字; ...).
//! Applied once per candidate reading, in the reference's order (the order matters where one
//! rule removes a fan that another rule would test).
//!
//! Each rule belongs to one fan, and the reference applies them in the order of their fans'
//! indices (the rules of 双暗杠 (53), 混一色 (49) and 全求人 (52) come out of that order, but
//! none of them touches a fan another rule reads). So [`apply`] visits only the fans of the
//! table that have a rule, lowest index first, reading the table again after each rule (a rule
//! may clear a later rule's fan); most rules clear a constant set of fans, one `and` each.
//! The rules written out one by one, in the reference's order, are kept as the tests'
//! reference.

use super::fans::{Fan, FanTable};
use Fan::*;

/// The fans each rule clears, by the index of the rule's fan (the extra steps of 九莲宝灯,
/// 四暗刻 and 三风刻 are in [`apply`]).
const CLEARS: [(Fan, &[Fan]); 44] = [
    (BigFourWinds, &[BigThreeWinds, AllPungs, PungOfTerminalsOrHonors]),
    (BigThreeDragons, &[TwoDragonsPungs, DragonPung]),
    (AllGreen, &[HalfFlush, OneVoidedSuit]),
    (NineGates, &[FullFlush, ConcealedHand, OneVoidedSuit, NoHonors]),
    (FourKongs, &[SingleWait]),
    (SevenShiftedPairs, &[SevenPairs, FullFlush, ConcealedHand, OneVoidedSuit, NoHonors]),
    (ThirteenOrphans, &[AllTypes, ConcealedHand, SingleWait]),
    (
        AllTerminals,
        &[
            AllTerminalsAndHonors,
            AllPungs,
            OutsideHand,
            PungOfTerminalsOrHonors,
            NoHonors,
            DoublePung,
        ],
    ),
    (LittleFourWinds, &[BigThreeWinds, PungOfTerminalsOrHonors]),
    (LittleThreeDragons, &[TwoDragonsPungs, DragonPung]),
    (
        AllHonors,
        &[AllTerminalsAndHonors, AllPungs, OutsideHand, PungOfTerminalsOrHonors, OneVoidedSuit],
    ),
    (FourConcealedPungs, &[AllPungs, ConcealedHand]),
    (
        PureTerminalChows,
        &[
            SevenPairs,
            FullFlush,
            AllChows,
            PureDoubleChow,
            TwoTerminalChows,
            OneVoidedSuit,
            NoHonors,
        ],
    ),
    (QuadrupleChow, &[PureShiftedPungs, TileHog, PureDoubleChow]),
    (FourPureShiftedPungs, &[PureTripleChow, AllPungs]),
    (FourPureShiftedChows, &[PureShiftedChows, TwoTerminalChows, ShortStraight]),
    (AllTerminalsAndHonors, &[AllPungs, OutsideHand, PungOfTerminalsOrHonors]),
    (SevenPairs, &[ConcealedHand, SingleWait]),
    (GreaterHonorsAndKnittedTiles, &[AllTypes, ConcealedHand]),
    (AllEvenPungs, &[AllPungs, AllSimples, NoHonors]),
    (FullFlush, &[OneVoidedSuit, NoHonors]),
    (PureTripleChow, &[PureShiftedPungs, PureDoubleChow]),
    (PureShiftedPungs, &[PureTripleChow]),
    (UpperTiles, &[UpperFour, NoHonors]),
    (MiddleTiles, &[AllSimples, NoHonors]),
    (LowerTiles, &[LowerFour, NoHonors]),
    (ThreeSuitedTerminalChows, &[AllChows, NoHonors, MixedDoubleChow, TwoTerminalChows]),
    (AllFive, &[AllSimples, NoHonors]),
    (LesserHonorsAndKnittedTiles, &[AllTypes, ConcealedHand]),
    (UpperFour, &[NoHonors]),
    (LowerFour, &[NoHonors]),
    (BigThreeWinds, &[]),
    (ReversibleTiles, &[OneVoidedSuit]),
    (LastTileDraw, &[SelfDrawn]),
    (OutWithReplacementTile, &[SelfDrawn]),
    (RobbingTheKong, &[LastTile]),
    (TwoConcealedKongs, &[ConcealedKong]),
    (HalfFlush, &[OneVoidedSuit]),
    (MeldedHand, &[SingleWait]),
    (TwoDragonsPungs, &[DragonPung]),
    (FullyConcealedHand, &[SelfDrawn]),
    (TwoMeldedKongs, &[MeldedKong]),
    (AllChows, &[NoHonors]),
    (AllSimples, &[NoHonors]),
];

/// Number of entries of [`RULES`]: every rule's fan is below it.
const RULE_SLOTS: usize = 69;

/// The fans that have a rule.
const RULE_FANS: u128 = {
    let mut mask = 0u128;
    let mut r = 0;
    while r < CLEARS.len() {
        mask |= 1u128 << CLEARS[r].0 as usize;
        r += 1;
    }
    mask
};

/// What each rule clears, by its fan's index, as [`FanTable::clear_rule`] takes it.
const RULES: [(u128, u128); RULE_SLOTS] = {
    let mut rules = [(0u128, u128::MAX); RULE_SLOTS];
    let mut r = 0;
    while r < CLEARS.len() {
        let mask = FanTable::mask_of(CLEARS[r].1);
        rules[CLEARS[r].0 as usize] = (mask, FanTable::slots_kept(mask));
        r += 1;
    }
    rules
};

/// Removes the fans implied by others: the rules of the table's fans, lowest fan first.
pub(crate) fn apply(t: &mut FanTable) {
    let mut pending = t.mask() & RULE_FANS;
    while pending != 0 {
        let i = pending.trailing_zeros() as usize;
        let (clears, kept) = RULES[i % RULE_SLOTS];
        t.clear_rule(clears, kept);
        if i == NineGates as usize {
            t.dec(PungOfTerminalsOrHonors, 1);
            concealed_self_draw(t);
        } else if i == FourConcealedPungs as usize {
            concealed_self_draw(t);
        } else if i == BigThreeWinds as usize && !t.has(AllHonors) && !t.has(AllTerminalsAndHonors)
        {
            t.dec(PungOfTerminalsOrHonors, 3);
        }
        // The rules of the fans after this one that the table still holds.
        pending = t.mask() & RULE_FANS & (u128::MAX << i << 1);
    }
}

/// 不求人 under 九莲宝灯 or 四暗刻 counts as 自摸.
fn concealed_self_draw(t: &mut FanTable) {
    if t.has(FullyConcealedHand) {
        t.clear(FullyConcealedHand);
        t.put(SelfDrawn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clear_all(table: &mut FanTable, fans: &[Fan]) {
        for &f in fans {
            table.clear(f);
        }
    }

    /// The fans that imply others among the bigger ones (the first rules of [`apply`]): most
    /// hands hold none of them, and then none of those rules has anything to do (a rule only
    /// removes fans, or adds one that implies nothing, so no rule brings one of them back).
    const BIG: u128 = FanTable::mask_of(&[
        BigFourWinds,
        BigThreeDragons,
        AllGreen,
        NineGates,
        FourKongs,
        SevenShiftedPairs,
        ThirteenOrphans,
        AllTerminals,
        LittleFourWinds,
        LittleThreeDragons,
        AllHonors,
        FourConcealedPungs,
        PureTerminalChows,
        QuadrupleChow,
        FourPureShiftedPungs,
        FourPureShiftedChows,
        AllTerminalsAndHonors,
        SevenPairs,
        GreaterHonorsAndKnittedTiles,
        AllEvenPungs,
        FullFlush,
        PureTripleChow,
        PureShiftedPungs,
        UpperTiles,
        MiddleTiles,
        LowerTiles,
        ThreeSuitedTerminalChows,
        AllFive,
        LesserHonorsAndKnittedTiles,
        UpperFour,
        LowerFour,
        BigThreeWinds,
        ReversibleTiles,
    ]);

    /// Removes the fans implied by others.
    fn apply_in_order(t: &mut FanTable) {
        if t.any(BIG) {
            apply_big(t);
        }
        apply_small(t);
    }

    /// The rules of the fans in [`BIG`], in the reference's order.
    fn apply_big(t: &mut FanTable) {
        if t.has(BigFourWinds) {
            clear_all(t, &[BigThreeWinds, AllPungs, PungOfTerminalsOrHonors]);
        }
        if t.has(BigThreeDragons) {
            clear_all(t, &[TwoDragonsPungs, DragonPung]);
        }
        if t.has(AllGreen) {
            clear_all(t, &[HalfFlush, OneVoidedSuit]);
        }
        if t.has(NineGates) {
            clear_all(t, &[FullFlush, ConcealedHand]);
            t.dec(PungOfTerminalsOrHonors, 1);
            clear_all(t, &[OneVoidedSuit, NoHonors]);
            if t.has(FullyConcealedHand) {
                t.clear(FullyConcealedHand);
                t.put(SelfDrawn);
            }
        }
        if t.has(FourKongs) {
            t.clear(SingleWait);
        }
        if t.has(SevenShiftedPairs) {
            clear_all(t, &[SevenPairs, FullFlush, ConcealedHand, OneVoidedSuit, NoHonors]);
        }
        if t.has(ThirteenOrphans) {
            clear_all(t, &[AllTypes, ConcealedHand, SingleWait]);
        }
        if t.has(AllTerminals) {
            clear_all(
                t,
                &[
                    AllTerminalsAndHonors,
                    AllPungs,
                    OutsideHand,
                    PungOfTerminalsOrHonors,
                    NoHonors,
                    DoublePung,
                ],
            );
        }
        if t.has(LittleFourWinds) {
            clear_all(t, &[BigThreeWinds, PungOfTerminalsOrHonors]);
        }
        if t.has(LittleThreeDragons) {
            clear_all(t, &[TwoDragonsPungs, DragonPung]);
        }
        if t.has(AllHonors) {
            clear_all(
                t,
                &[
                    AllTerminalsAndHonors,
                    AllPungs,
                    OutsideHand,
                    PungOfTerminalsOrHonors,
                    OneVoidedSuit,
                ],
            );
        }
        if t.has(FourConcealedPungs) {
            clear_all(t, &[AllPungs, ConcealedHand]);
            if t.has(FullyConcealedHand) {
                t.clear(FullyConcealedHand);
                t.put(SelfDrawn);
            }
        }
        if t.has(PureTerminalChows) {
            clear_all(
                t,
                &[
                    SevenPairs,
                    FullFlush,
                    AllChows,
                    PureDoubleChow,
                    TwoTerminalChows,
                    OneVoidedSuit,
                    NoHonors,
                ],
            );
        }
        if t.has(QuadrupleChow) {
            clear_all(t, &[PureShiftedPungs, TileHog, PureDoubleChow]);
        }
        if t.has(FourPureShiftedPungs) {
            clear_all(t, &[PureTripleChow, AllPungs]);
        }
        if t.has(FourPureShiftedChows) {
            clear_all(t, &[PureShiftedChows, TwoTerminalChows, ShortStraight]);
        }
        if t.has(AllTerminalsAndHonors) {
            clear_all(t, &[AllPungs, OutsideHand, PungOfTerminalsOrHonors]);
        }
        if t.has(SevenPairs) {
            clear_all(t, &[ConcealedHand, SingleWait]);
        }
        if t.has(GreaterHonorsAndKnittedTiles) {
            clear_all(t, &[AllTypes, ConcealedHand]);
        }
        if t.has(AllEvenPungs) {
            clear_all(t, &[AllPungs, AllSimples, NoHonors]);
        }
        if t.has(FullFlush) {
            clear_all(t, &[OneVoidedSuit, NoHonors]);
        }
        if t.has(PureTripleChow) {
            clear_all(t, &[PureShiftedPungs, PureDoubleChow]);
        }
        if t.has(PureShiftedPungs) {
            t.clear(PureTripleChow);
        }
        if t.has(UpperTiles) {
            clear_all(t, &[UpperFour, NoHonors]);
        }
        if t.has(MiddleTiles) {
            clear_all(t, &[AllSimples, NoHonors]);
        }
        if t.has(LowerTiles) {
            clear_all(t, &[LowerFour, NoHonors]);
        }
        if t.has(ThreeSuitedTerminalChows) {
            clear_all(t, &[AllChows, NoHonors, MixedDoubleChow, TwoTerminalChows]);
        }
        if t.has(AllFive) {
            clear_all(t, &[AllSimples, NoHonors]);
        }
        if t.has(LesserHonorsAndKnittedTiles) {
            clear_all(t, &[AllTypes, ConcealedHand]);
        }
        if t.has(UpperFour) {
            t.clear(NoHonors);
        }
        if t.has(LowerFour) {
            t.clear(NoHonors);
        }
        if t.has(BigThreeWinds) && !t.has(AllHonors) && !t.has(AllTerminalsAndHonors) {
            t.dec(PungOfTerminalsOrHonors, 3);
        }
        if t.has(ReversibleTiles) {
            t.clear(OneVoidedSuit);
        }
    }

    /// The rules after those of [`BIG`], in the reference's order.
    fn apply_small(t: &mut FanTable) {
        if t.has(LastTileDraw) {
            t.clear(SelfDrawn);
        }
        if t.has(OutWithReplacementTile) {
            t.clear(SelfDrawn);
        }
        if t.has(RobbingTheKong) {
            t.clear(LastTile);
        }
        if t.has(TwoConcealedKongs) {
            t.clear(ConcealedKong);
        }
        if t.has(HalfFlush) {
            t.clear(OneVoidedSuit);
        }
        if t.has(MeldedHand) {
            t.clear(SingleWait);
        }
        if t.has(TwoDragonsPungs) {
            t.clear(DragonPung);
        }
        if t.has(FullyConcealedHand) {
            t.clear(SelfDrawn);
        }
        if t.has(TwoMeldedKongs) {
            t.clear(MeldedKong);
        }
        if t.has(AllChows) {
            t.clear(NoHonors);
        }
        if t.has(AllSimples) {
            t.clear(NoHonors);
        }
    }

    /// A table of random fans: the counted ones 1..=4 times, the others once.
    fn random_table(seed: &mut u64) -> FanTable {
        let mut t = FanTable::EMPTY;
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        // Few fans, or many, so that both the common and the crowded tables occur.
        let many = next() % 4 == 0;
        for fan in Fan::ALL {
            let roll = next() % 100;
            if roll < if many { 30 } else { 6 } {
                let counted = matches!(
                    fan,
                    OneVoidedSuit
                        | TileHog
                        | DoublePung
                        | PureDoubleChow
                        | MixedDoubleChow
                        | ShortStraight
                        | TwoTerminalChows
                        | PungOfTerminalsOrHonors
                        | DragonPung
                        | TwoDragonsPungs
                );
                let count = if counted { 1 + (next() % 4) as u8 } else { 1 };
                t.set(fan, count);
            }
        }
        // Every rule that subtracts from 幺九刻 holds the pungs it subtracts.
        if t.has(BigThreeWinds) || t.has(NineGates) {
            t.set(PungOfTerminalsOrHonors, 4);
        }
        t
    }

    #[test]
    fn rules_by_fan_match_the_rules_in_order() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200_000 {
            let table = random_table(&mut seed);
            let (mut fast, mut slow) = (table, table);
            apply(&mut fast);
            apply_in_order(&mut slow);
            assert_eq!(fast, slow, "{table:?}");
        }
    }
}
