//! 抜きドラ (three-player riichi): when to set a North aside. A North set aside is a dora and
//! brings a replacement draw, so it is set aside unless the hand needs it: when the hand
//! without it (13 tiles, before the replacement draw) is further from ready than the hand
//! keeps after its best discard (a North pair for seven pairs, thirteen orphans, a North
//! triplet or the pair of a ready hand). In riichi the engine offers only the North just
//! drawn, which never changes the waits: it is always set aside.
//!
//! ```
//! use hupai_core::Seat;
//! use hupai_engine::{legal_options, Action, Pai, PlayerView};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("sanma").unwrap();
//! let pais = |t: &str| t.split(' ').map(|p| p.parse().unwrap()).collect::<Vec<Pai>>();
//! let loose = pais("1p 2p 3p 4p 5p 6p 7s 8s 9s 1s 1s 9m P");
//! let view = PlayerView::dealt(&rules, Seat::East, Seat::East, &loose, "N".parse().ok()).unwrap();
//! let options = legal_options(&view);
//! assert!(options.contains(&Action::Kita));
//! assert_eq!(hupai_ai::kita::choose(&view, &options).map(|c| c.0), Some(Action::Kita));
//! // Seven pairs with a North pair: the North stays.
//! let pairs = pais("1p 1p 3p 3p 5p 5p 7s 7s 9s 9s 1s 1s N");
//! let view = PlayerView::dealt(&rules, Seat::East, Seat::East, &pairs, "N".parse().ok()).unwrap();
//! assert_eq!(hupai_ai::kita::choose(&view, &legal_options(&view)), None);
//! ```

use hupai_core::Kind;
use hupai_engine::{Action, PlayerView};

/// The kita to make now among `options`, with the reason, if any.
pub fn choose(view: &PlayerView, options: &[Action]) -> Option<(Action, &'static str)> {
    if !options.contains(&Action::Kita) {
        return None;
    }
    if view.riichi[view.seat.index()] {
        return Some((Action::Kita, "in riichi: set the drawn North aside (a dora, a free draw)"));
    }
    let melds = view.own_melds().len() as u8;
    let (forms, jokers) = (view.forms(), view.jokers());
    let kept = hupai_core::shanten_with_jokers(view.counts(), jokers, melds, forms);
    let mut without = *view.counts();
    without.remove(Kind::NORTH);
    let set_aside = hupai_core::shanten_with_jokers(&without, jokers, melds, forms);
    (set_aside <= kept).then_some((Action::Kita, "set the North aside: a dora and a free draw"))
}
