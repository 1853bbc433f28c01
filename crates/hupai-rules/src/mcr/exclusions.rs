//! The non-repeat principle: fans that a bigger fan already implies are not counted again
//! (大四喜 does not count 三风刻, 碰碰和 or 幺九刻; 清一色 does not count 缺一门 or 无字; ...).
//! Applied once per candidate reading, in the reference's order (the order matters where one
//! rule removes a fan that another rule would test).

use super::fans::{Fan, FanTable};
use Fan::*;

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
pub(crate) fn apply(t: &mut FanTable) {
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
            &[AllTerminalsAndHonors, AllPungs, OutsideHand, PungOfTerminalsOrHonors, OneVoidedSuit],
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
