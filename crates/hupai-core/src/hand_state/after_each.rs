//! Shanten of every hand one tile away from a state: after each draw, after each discard.
//!
//! A search expands a hand into its draws (or discards) and wants each child's shanten. The
//! children of one suit share that suit's group entries (a tile in group `g` changes that
//! group's entry and moves every later group one row), so each child's class is one entry
//! and one class byte; the other three suits are one combined class, so its regular distance
//! is one more byte; seven pairs and thirteen orphans come from the counters changed by one
//! constant.

use super::counters::{self, LANE, ROW, STEP};
use super::shanten_after::ShantenAfter;
use super::HandState;
use crate::special::{self, HIGH, ONES, ORPHANS};
use crate::{tables, KindSet};

/// The classes of a suit with one tile more (`MORE`) or fewer at each of its `N` positions,
/// from its word; meaningless where the change is not allowed.
#[inline(always)]
fn changed_classes<const N: usize, const MORE: bool>(word: u64) -> [u8; N] {
    let lanes = [word & LANE, word >> 16 & LANE, word >> 32 & LANE];
    let same = lanes.map(tables::state_group);
    let moved = |lane: u64| tables::state_group(if MORE { lane + ROW } else { lane - ROW });
    let shifted = [0, moved(lanes[1]), moved(lanes[2])];
    let before = [0, same[0], same[0] + same[1]];
    let after = [shifted[1] + shifted[2], shifted[2], 0];
    std::array::from_fn(|i| {
        let g = i / 3;
        let lane = if MORE { lanes[g] + STEP[i % 3] } else { lanes[g] - STEP[i % 3] };
        tables::class_of_rank(before[g] + tables::state_group(lane) + after[g])
    })
}

impl HandState {
    /// The shanten after drawing each kind (not allowed: a kind held four times, or any
    /// kind when the hand is full), as [`HandState::add`] then [`HandState::shanten`].
    ///
    /// ```
    /// use hupai_core::{FormSet, HandState};
    /// let state = HandState::new(&"123m456p789s1123z".parse()?, 0, FormSet::RIICHI)?;
    /// assert_eq!(state.shanten(), 1);
    /// let after = state.shanten_after_each_draw();
    /// assert_eq!(after.get("2z".parse()?), Some(0));
    /// assert_eq!(after.get("5m".parse()?), Some(1));
    /// assert_eq!(after.best(), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shanten_after_each_draw(&self) -> ShantenAfter {
        self.after_each::<true>()
    }

    /// The shanten after discarding each held kind, as [`HandState::remove`] then
    /// [`HandState::shanten`].
    pub fn shanten_after_each_discard(&self) -> ShantenAfter {
        self.after_each::<false>()
    }

    #[inline(always)]
    fn after_each<const MORE: bool>(&self) -> ShantenAfter {
        let c = &self.counts.0;
        let words = special::words(&self.counts);
        let mut kinds = 0u64;
        for (j, &w) in words.iter().enumerate() {
            // High bit per byte: held fewer than four times (a draw) or at least once.
            let allowed = if MORE { !(w + 0x7c * ONES) & HIGH } else { (w + 0x7f * ONES) & HIGH };
            kinds |= special::gather(allowed >> 7) << (8 * j);
        }
        if MORE && self.room == 0 {
            kinds = 0;
        }
        let kinds = KindSet::from_bits(kinds);
        let mut shanten = [i8::MAX; 34];
        if self.mode != super::FAST {
            for kind in kinds.iter() {
                let mut next = *self;
                let changed = if MORE { next.add(kind) } else { next.remove(kind) };
                if changed.is_ok() {
                    shanten[kind.index()] = next.shanten();
                }
            }
            return ShantenAfter { shanten, kinds };
        }
        // Seven pairs and thirteen orphans after the change depend only on whether the kind
        // is an orphan and how many copies it held: ten cases, computed once.
        // Index: 8 × orphan + copies held (at most four).
        let special: [u8; 16] = std::array::from_fn(|i| {
            let (orphan, held) = (i / 8, (i % 8) as u8);
            let k = if orphan == 1 { 0 } else { 1 };
            let counters = if MORE {
                self.counters + counters::counter_delta(k, held)
            } else {
                self.counters.wrapping_sub(counters::counter_delta(k, held.wrapping_sub(1)))
            };
            let pairs = counters::seven_pairs(counters, self.seven_pairs);
            pairs.min(counters::thirteen_orphans(counters, self.thirteen_orphans))
        });
        let needed = 4 - self.melds.min(4) as usize;
        let [a, b, cc, h] = self.class;
        let (ab, ac, bc) = (tables::nn(a, b), tables::nn(a, cc), tables::nn(b, cc));
        let rows = [
            tables::rn_dist_row(needed, tables::ph(bc, h)),
            tables::rn_dist_row(needed, tables::ph(ac, h)),
            tables::rn_dist_row(needed, tables::ph(ab, h)),
        ];
        let honors = tables::ph_dist_row(needed, tables::pn(ab, cc));
        let jokers = self.jokers;
        let answer = |k: usize, regular: u8| {
            let case = (ORPHANS >> k & 1) as usize * 8 + c[k] as usize;
            regular.min(special[case & 15]).saturating_sub(jokers) as i8 - 1
        };
        for (s, row) in rows.iter().enumerate() {
            let classes = changed_classes::<9, MORE>(self.words[s]);
            for (i, &class) in classes.iter().enumerate() {
                let k = 9 * s + i;
                shanten[k] = answer(k, row[class as usize & 127]);
            }
        }
        let classes = changed_classes::<7, MORE>(self.words[3]);
        for (i, &class) in classes.iter().enumerate() {
            shanten[27 + i] = answer(27 + i, honors[class as usize & 63]);
        }
        ShantenAfter { shanten, kinds }
    }
}
