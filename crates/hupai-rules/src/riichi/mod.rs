//! Riichi scoring: yaku, fu, han, dora and points, for the Tenhou and Mahjong Soul rule sets.
//!
//! Every reading of the hand is scored (each decomposition into four sets and a pair, with
//! each way the win tile completes it; seven pairs; thirteen orphans) and the one paying the
//! most is kept: on equal points a real yakuman beats a counted one, then more han, then more
//! fu. Yakuman are reported at 13 han each in [`Score::total`] and in each item's value (26 for
//! the double forms where `rules.double_yakuman`); dora do not count on yakuman hands. The fu of
//! a yakuman hand is that of its reading (0 for thirteen orphans, which has no sets).
//!
//! Items list the yaku in a fixed order (the reference calculator's, by its yaku ids), then
//! `dora`, `aka_dora` and `ura_dora` with value 1 and the count. Choices worth knowing:
//! - Renhou follows `rules.renhou`: `Mangan` adds a 5-han yaku (a mangan on its own, adding to
//!   the other yaku, as the reference counts it), `Yakuman` a yakuman. `ctx.first_turn` gives
//!   tenhou (dealer, self-drawn), chiihou (non-dealer, self-drawn) or renhou (non-dealer, on a
//!   discard); with a meld (closed kans too), after riichi, or for a dealer's ron it is an
//!   [`Inconsistency`].
//! - Seven pairs takes four identical tiles as two pairs only where `rules.quads_as_two_pairs`
//!   (not in the riichi presets, as on Tenhou and Mahjong Soul).
//! - A tile won on a discard that completes a concealed triplet makes it open (for fu and for
//!   the concealed-triplet yaku); when it could complete a sequence instead, that reading is
//!   scored too and the better one kept.
//! - On a full tie (points, yakuman, han, fu, fu before rounding) the reading the reference
//!   enumerates first is kept, so that the yaku list is the reference's too.
//! - `rules.min_fan` counts the han of the yaku, not dora (riichi.wiki, "Ryanhan shibari":
//!   "dora do not count for the han minimum"); a yakuman always reaches it. A complete hand
//!   below it is [`ScoreError::Refused`] with [`Refusal::BelowMinimum`], as a hand without a
//!   yaku is [`ScoreError::NoYaku`]. The minimum holds for every hand (some house rules and the
//!   EMA apply two han only from the fifth honba: not a setting here).
//! - Counted yakuman are [`Limit::KazoeYakuman`] (or [`Limit::Sanbaiman`] where
//!   `rules.kazoe` caps them); the reference labels them "yakuman".
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Limit, Rules, ScoreError, WinContext};
//! let rules = Rules::preset("riichi").unwrap();
//! let hand: Hand = "19m19p19s12345677z".parse().unwrap();
//! let ctx = WinContext::new("7z".parse().unwrap(), false);
//! let s = score(&rules, &hand, &ctx).unwrap();
//! assert_eq!(s.items[0].id.as_str(), "kokushi_musou_13_wait");
//! assert_eq!(s.limit, Some(Limit::Yakuman(1))); // single under Tenhou rules
//! assert_eq!(s.payments.ron, Some(48000));
//! let open: Hand = "123m456p55p pon:999m chi:234s".parse().unwrap();
//! let ctx = WinContext::new("5p".parse().unwrap(), false);
//! assert_eq!(score(&rules, &open, &ctx), Err(ScoreError::NoYaku));
//! ```

mod facts;
mod fu;
mod points;
mod shape;
mod yaku;

use hupai_core::{for_each_decomposition, Form, Hand, Kind, Seat};

use self::facts::{Facts, Held};
use self::shape::{seven_pairs_order, Regular, WinGroup};
pub use self::yaku::Yaku;
use self::yaku::YakuSet;
#[cfg(doc)]
use crate::Limit;
use crate::{Inconsistency, ItemId, Refusal, Rules, Score, ScoreError, ScoreItem, WinContext};

/// Scores a riichi win.
pub(crate) fn score(rules: &Rules, hand: &Hand, ctx: &WinContext) -> Result<Score, ScoreError> {
    let held = Held::new(hand);
    check(rules, hand, ctx, &held)?;
    let facts = Facts::new(rules, hand, ctx, &held);
    let forms = rules.form_set();
    let mut best: Option<Candidate> = None;
    // Most hands have one reading: its points are counted once, for the score, and a
    // candidate's total only when it meets another.
    let mut offer = |mut c: Candidate| match &mut best {
        None => best = Some(c),
        Some(b) => {
            c.count_total(rules, ctx);
            b.count_total(rules, ctx);
            if c.beats(b) {
                *b = c;
            }
        }
    };
    if forms.contains(Form::Regular) {
        let fixed = facts.situational.union(facts.tiles).union(facts.regular);
        for_each_decomposition(hand.concealed(), |d| {
            let r = Regular::new(d, hand);
            let yaku = fixed.union(shape_yaku(&r, &facts));
            r.for_each_win_group(ctx.win_tile, |g| offer(regular(rules, &facts, &r, g, yaku)));
        });
    }
    if hand.meld_count() == 0 {
        let kinds = facts.present.count_ones();
        let quads = forms.quads_as_two_pairs();
        let pairs_possible = kinds == 7 || (kinds < 7 && quads);
        if pairs_possible && forms.contains(Form::SevenPairs) && is_seven_pairs(hand, quads) {
            offer(seven_pairs(rules, &facts, hand));
        }
        if kinds == 13 && forms.contains(Form::ThirteenOrphans) && is_thirteen_orphans(hand) {
            offer(thirteen_orphans(rules, &facts));
        }
    }
    let best = best.ok_or(ScoreError::NotWinning)?;
    if best.han == 0 {
        return Err(ScoreError::NoYaku);
    }
    if !best.meets_minimum {
        return Err(ScoreError::Refused(Refusal::BelowMinimum {
            counted: best.yaku_han,
            min_fan: rules.min_fan,
        }));
    }
    Ok(best.into_score(rules, ctx, &facts))
}

/// Rejects situations that cannot happen and input the rules do not have.
fn check(rules: &Rules, hand: &Hand, ctx: &WinContext, held: &Held) -> Result<(), ScoreError> {
    if hand.jokers() > 0 {
        return Err(ScoreError::BadInput("jokers in a riichi hand".into()));
    }
    let red = held.red;
    if let Some(s) = (0..3).find(|&s| red[s] > rules.red_fives[s]) {
        return Err(ScoreError::BadInput(format!(
            "{} red fives in {}: the rules have {}",
            red[s],
            ["m", "p", "s"][s],
            rules.red_fives[s]
        )));
    }
    if ctx.honba > points::MAX_COUNTER || ctx.riichi_sticks > points::MAX_COUNTER {
        return Err(ScoreError::BadInput(format!(
            "{} honba and {} riichi sticks: more than a game can reach",
            ctx.honba, ctx.riichi_sticks
        )));
    }
    // Every tile, melds included, counted once for the checks below.
    let all = &held.all;
    // A wall of every kind (the four-player presets) holds whatever the hand holds.
    if !(rules.honors && rules.removed_kinds.is_empty()) {
        let mut kinds = held.present;
        while kinds != 0 {
            let k = Kind::new(kinds.trailing_zeros() as u8).unwrap_or_default();
            if !rules.in_wall(k) {
                return Err(ScoreError::BadInput(format!("{k}: the rules' wall has no such tile")));
            }
            kinds &= kinds - 1;
        }
    }
    if let Some(k) =
        (ctx.dora_indicators.iter().chain(&ctx.ura_indicators)).find(|&&k| !rules.in_wall(k))
    {
        return Err(ScoreError::BadInput(format!(
            "dora indicator {k}: the rules' wall has no such tile"
        )));
    }
    if rules.players == 3 && (ctx.seat_wind == Seat::North || ctx.round_wind == Seat::North) {
        return Err(ScoreError::BadInput(
            "North seat or round: three players sit East, South and West".into(),
        ));
    }
    if ctx.kita > 0 && !rules.kita {
        return Err(ScoreError::BadInput("kita: the rules set no North aside".into()));
    }
    if u32::from(ctx.kita) + u32::from(all.get(Kind::NORTH)) > 4 {
        return Err(ScoreError::BadInput(format!(
            "kita: {} Norths set aside and {} in the hand, more than 4",
            ctx.kita,
            all.get(Kind::NORTH)
        )));
    }
    let inconsistent = |i: Inconsistency| Err(ScoreError::Inconsistent(i));
    if ctx.riichi && !hand.is_closed() {
        return inconsistent(Inconsistency::RiichiOpenHand);
    }
    if ctx.double_riichi && !ctx.riichi {
        return inconsistent(Inconsistency::DoubleRiichiWithoutRiichi);
    }
    if ctx.ippatsu && !ctx.riichi {
        return inconsistent(Inconsistency::IppatsuWithoutRiichi);
    }
    if ctx.ippatsu && ctx.replacement {
        return inconsistent(Inconsistency::IppatsuAfterKan);
    }
    if !ctx.riichi && !ctx.ura_indicators.is_empty() {
        return inconsistent(Inconsistency::UraWithoutRiichi);
    }
    if ctx.dora_indicators.len() > 5 || ctx.ura_indicators.len() > ctx.dora_indicators.len() {
        return inconsistent(Inconsistency::TooManyIndicators);
    }
    if ctx.robbing_kong && all.get(ctx.win_tile) > 1 {
        return inconsistent(Inconsistency::FourthTileHeld);
    }
    if ctx.first_turn {
        if hand.meld_count() > 0 {
            return inconsistent(Inconsistency::FirstTurnWithMelds);
        }
        if ctx.riichi {
            return inconsistent(Inconsistency::FirstTurnWithRiichi);
        }
        if ctx.is_dealer() && !ctx.self_drawn {
            return inconsistent(Inconsistency::FirstTurnDealerRon);
        }
    }
    Ok(())
}

/// One scored reading of the hand.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    /// The yaku (dora not included).
    yaku: YakuSet,
    /// Han, dora included (13 per yakuman).
    han: u32,
    /// Han of the yaku alone (dora not counted).
    yaku_han: u32,
    /// Whether the win reaches `rules.min_fan`: a yakuman, or as many han from yaku (the
    /// two-han minimum, リャンシバ, counts no dora).
    meets_minimum: bool,
    /// Fu, rounded.
    fu: u32,
    /// Fu before rounding.
    raw_fu: u32,
    /// Whether the han are yakuman.
    yakuman: bool,
    /// Everything the winner receives (0 without a yaku); [`Candidate::UNCOUNTED`] until
    /// [`Candidate::count_total`] counts it.
    total: u32,
    /// The reading, to find its position in the reference's enumeration on a full tie.
    reading: Reading,
}

/// Which reading a candidate is.
#[derive(Clone, Copy, Debug)]
enum Reading {
    /// A regular reading and its win group.
    Regular(Regular, WinGroup),
    /// Seven pairs, with its reference order key.
    Other(u64),
}

impl Reading {
    /// The position in the reference calculator's enumeration.
    fn order(&self) -> (u64, u8) {
        match self {
            Reading::Regular(r, g) => r.reference_order(*g),
            Reading::Other(key) => (*key, 0),
        }
    }
}

impl Candidate {
    /// The total of a candidate whose points are not counted yet.
    const UNCOUNTED: u32 = u32::MAX;

    /// Counts everything the winner receives, unless counted already.
    fn count_total(&mut self, rules: &Rules, ctx: &WinContext) {
        if self.total == Candidate::UNCOUNTED {
            self.total = if self.han > 0 {
                points::total(rules, ctx, self.han, self.fu, self.yakuman)
            } else {
                0
            };
        }
    }

    /// Whether `self` is preferred to `other` (both totals counted): a reading that may win (a yaku, and as many yaku
    /// han as `rules.min_fan` asks), then more points, a real yakuman, more han, more fu
    /// (rounded, then raw); on a full tie the reading the reference enumerates first.
    fn beats(&self, other: &Candidate) -> bool {
        let key =
            |c: &Candidate| (c.han > 0, c.meets_minimum, c.total, c.yakuman, c.han, c.fu, c.raw_fu);
        match key(self).cmp(&key(other)) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => self.reading.order() < other.reading.order(),
        }
    }

    /// Han from the yaku, then dora (the points are counted when needed).
    fn new(rules: &Rules, facts: &Facts, yaku: YakuSet, fu: fu::Fu, reading: Reading) -> Candidate {
        let yakuman_set = yaku.yakuman();
        let yakuman = !yakuman_set.is_empty();
        let yaku = if yakuman { yakuman_set } else { yaku };
        let yaku_han = yaku.han(facts.han);
        let mut han = yaku_han;
        if han > 0 && !yakuman {
            han += facts.dora.iter().sum::<u32>();
        }
        let han = if yakuman { han.min(78) } else { han };
        let total = Candidate::UNCOUNTED;
        let meets_minimum = yakuman || yaku_han >= rules.min_fan;
        let (fu, raw_fu) = (fu.rounded, fu.raw);
        Candidate { yaku, han, yaku_han, meets_minimum, fu, raw_fu, yakuman, total, reading }
    }

    /// The public result.
    fn into_score(self, rules: &Rules, ctx: &WinContext, facts: &Facts) -> Score {
        let (payments, limit) = points::payments(rules, ctx, self.han, self.fu, self.yakuman);
        let mut items = Vec::with_capacity(self.yaku.0.count_ones() as usize + 3);
        let item =
            |y: Yaku, value: u32, count: u32| ScoreItem { id: ItemId::Yaku(y), value, count };
        for y in self.yaku.iter() {
            items.push(item(y, facts.han[y as usize] as u32, 1));
        }
        if !self.yakuman {
            let dora = [Yaku::Dora, Yaku::AkaDora, Yaku::UraDora, Yaku::Kita];
            for (y, n) in dora.into_iter().zip(facts.dora) {
                if n > 0 {
                    items.push(item(y, 1, n));
                }
            }
        }
        Score {
            variant: rules.variant,
            items,
            total: self.han,
            fu: self.fu,
            limit,
            // A reading below the minimum is refused before it becomes a score.
            meets_minimum: true,
            payments,
        }
    }
}

/// A regular reading won on `group`; `yaku` holds those that do not depend on the group.
fn regular(
    rules: &Rules,
    facts: &Facts,
    r: &Regular,
    group: WinGroup,
    mut yaku: YakuSet,
) -> Candidate {
    let fu = fu::regular(r, group, facts, rules.double_wind_pair_fu as u32);
    yaku.add_if(!facts.open && fu.pinfu_shape, Yaku::Pinfu);
    let won_on_discard = |i: usize| !facts.tsumo && group == WinGroup::Set(i as u8);
    let concealed_triplets = (r.sets.iter().enumerate())
        .filter(|&(i, s)| s.is_triplet_like() && s.concealed && !won_on_discard(i))
        .count();
    yaku.add_if(concealed_triplets == 3, Yaku::Sanankou);
    if concealed_triplets == 4 && !facts.open {
        yaku =
            yaku.with(if group == WinGroup::Pair { Yaku::SuuankouTanki } else { Yaku::Suuankou });
    }
    Candidate::new(rules, facts, yaku, fu, Reading::Regular(*r, group))
}

/// The yaku that depend on how the hand splits into sets (not on the win group).
fn shape_yaku(r: &Regular, facts: &Facts) -> YakuSet {
    let mut seq = [0u16; 3];
    let mut trip = [0u16; 3];
    let mut sequences = 0;
    let mut triplets = 0;
    let mut outside = shape::is_yaochu(r.pair);
    let mut firsts = [u8::MAX; 4];
    for set in r.sets.iter() {
        outside &= set.has_terminal_or_honor();
        let (suit, n) = ((set.first / 9) as usize, set.first % 9);
        if set.is_triplet_like() {
            triplets += 1;
            if suit < 3 {
                trip[suit] |= 1 << n;
            }
        } else {
            firsts[sequences] = set.first;
            sequences += 1;
            if suit < 3 {
                seq[suit] |= 1 << n;
            }
        }
    }
    // Identical sequences, paired off: 1 for iipeikou, 2 for ryanpeikou.
    firsts.sort_unstable();
    let mut peikou = 0;
    let mut i = 0;
    while i + 1 < sequences {
        if firsts[i] == firsts[i + 1] {
            peikou += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    let mut yaku = YakuSet::EMPTY;
    let chanta_shape = sequences > 0 && outside;
    yaku.add_if(chanta_shape && facts.has_honors, Yaku::Chanta);
    yaku.add_if(chanta_shape && !facts.has_honors, Yaku::Junchan);
    yaku.add_if(seq.iter().any(|&m| m & 0b1001001 == 0b1001001), Yaku::Ittsu);
    if !facts.open {
        yaku.add_if(peikou >= 2, Yaku::Ryanpeikou);
        yaku.add_if(peikou == 1, Yaku::Iipeikou);
    }
    yaku.add_if(seq[0] & seq[1] & seq[2] != 0, Yaku::Sanshoku);
    yaku.add_if(triplets == 4, Yaku::Toitoi);
    yaku.add_if(trip[0] & trip[1] & trip[2] != 0, Yaku::SanshokuDoukou);
    yaku
}

/// Seven distinct pairs (or, where the rules allow it, four of a kind as two pairs).
fn is_seven_pairs(hand: &Hand, quads_as_two_pairs: bool) -> bool {
    let c = &hand.concealed().0;
    if quads_as_two_pairs {
        c.iter().all(|&n| n % 2 == 0) && c.iter().map(|&n| n as u32 / 2).sum::<u32>() == 7
    } else {
        c.iter().all(|&n| n == 0 || n == 2) && c.iter().filter(|&&n| n == 2).count() == 7
    }
}

/// The seven-pairs reading.
fn seven_pairs(rules: &Rules, facts: &Facts, hand: &Hand) -> Candidate {
    let yaku = facts.situational.union(facts.tiles).with(Yaku::Chiitoitsu);
    let pairs = hand
        .concealed()
        .kinds()
        .flat_map(|k| std::iter::repeat_n(k.to_u8(), hand.concealed().get(k) as usize / 2));
    let reading = Reading::Other(seven_pairs_order(pairs).0);
    Candidate::new(rules, facts, yaku, fu::SEVEN_PAIRS, reading)
}

/// All thirteen terminals and honours, one of them twice.
fn is_thirteen_orphans(hand: &Hand) -> bool {
    let c = hand.concealed();
    c.total() == 14 && Kind::ORPHANS.iter().all(|&k| c.get(k) >= 1)
}

/// The thirteen-orphans reading: the yakuman (thirteen-sided when the pair is the win tile)
/// and the first-turn yakuman it stacks with.
fn thirteen_orphans(rules: &Rules, facts: &Facts) -> Candidate {
    let thirteen_wait = facts.win_count == 2;
    let mut yaku = YakuSet::EMPTY.with(if thirteen_wait { Yaku::Kokushi13 } else { Yaku::Kokushi });
    yaku = yaku.union(facts.situational.yakuman());
    let fu = fu::Fu { rounded: 0, raw: 0, pinfu_shape: false };
    Candidate::new(rules, facts, yaku, fu, Reading::Other(u64::MAX))
}
