//! Pricing a ready hand's waits with the rule set's real payments: among the discards that
//! leave the hand ready, `defensive` weighs each one's wait quality (live tiles, weighted by
//! how readily they come out) by the mean total a win on those waits collects, scored by
//! `hupai_rules`. Where each fan doubles (Sichuan, Guangdong, Hong Kong) a wait that makes a
//! flush or a 根 is worth several plain ones; under 血流成河 the wait chosen at the first win
//! stays for the rest of the hand.
//!
//! ```
//! use hupai_ai::wait_value::mean_payment;
//! use hupai_core::Seat;
//! use hupai_engine::{Pai, PlayerView};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("guangdong").unwrap();
//! let tiles: Vec<Pai> = "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m".split(' ').map(|p| p.parse().unwrap()).collect();
//! let view = PlayerView::dealt(&rules, Seat::South, Seat::East, &tiles, None).unwrap();
//! let sit = hupai_ai::Situation::new(&view, &rules);
//! // A full flush (清一色, x4) pays more than a chicken hand's 1.
//! assert!(mean_payment(&view, &sit, sit.counts) > 1.0);
//! ```

use hupai_core::{Counts, Hand, Meld};
use hupai_engine::{win_context, PlayerView, WinOn};

use crate::situation::Situation;

/// The mean total a win on a discard collects over the live waits of the ready 3n+1 tiles
/// `counts` (0 when none wins).
pub fn mean_payment(view: &PlayerView, sit: &Situation, counts: Counts) -> f32 {
    let melds: Vec<Meld> = view.own_melds().iter().map(|m| m.meld).collect();
    let n = melds.len().min(4) as u8;
    let waits = hupai_core::ukeire_with_jokers(&counts, sit.jokers, n, sit.forms);
    let (mut sum, mut live) = (0.0f32, 0u32);
    for k in waits.iter() {
        let copies = sit.unseen(k) as u32;
        if copies == 0 || counts[k] >= 4 {
            continue;
        }
        let mut c = counts;
        c.add(k);
        if !hupai_core::is_agari_with_jokers(&c, sit.jokers, n, sit.forms) {
            continue;
        }
        let Ok(hand) = Hand::with_extras(c, &melds, sit.jokers, [0; 3]) else { continue };
        let ctx = win_context(view, k, WinOn::Discard);
        live += copies;
        if let Ok(score) = hupai_rules::score(view.rules(), &hand, &ctx) {
            if score.meets_minimum {
                sum += score.payments.total as f32 * copies as f32;
            }
        }
    }
    if live == 0 {
        0.0
    } else {
        sum / live as f32
    }
}
