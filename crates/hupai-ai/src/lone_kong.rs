//! Wuhan 红中杠 / 赖子杠: when to set a tile aside as a lone kong. A lone-kong red dragon (or
//! indicator tile) can only ever leave the hand that way and doubles the win at once: it is
//! played as soon as it is held. A joker doubles twice as a 赖子杠 but is worth more in a
//! hand close to ready, so it is kept unless the hand is still far (two or more from ready
//! without it), or holds more jokers than a small hand may (`joker_limit`).
//!
//! ```
//! use hupai_core::Seat;
//! use hupai_engine::{legal_options, Action, Pai, PlayerView};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("wuhan").unwrap();
//! let tiles: Vec<Pai> = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S C".split(' ').map(|p| p.parse().unwrap()).collect();
//! let view = PlayerView::dealt(&rules, Seat::East, Seat::East, &tiles, "S".parse().ok()).unwrap();
//! let options = legal_options(&view);
//! let red = Action::LoneKong("7z".parse().unwrap());
//! assert!(options.contains(&red));
//! assert_eq!(hupai_ai::lone_kong::choose(&view, &options).map(|c| c.0), Some(red));
//! assert_eq!(hupai_ai::lone_kong::choose(&view, &[Action::Pass]), None);
//! ```

use hupai_engine::{Action, PlayerView};
use hupai_rules::LoneKongTile;

/// The shanten (without the joker) from which a joker is set aside as 赖子杠.
pub const JOKER_KONG_SHANTEN: i8 = 2;

/// The lone kong to play now among `options`, with the reason, if any.
pub fn choose(view: &PlayerView, options: &[Action]) -> Option<(Action, &'static str)> {
    let mut joker = None;
    for &a in options {
        let Action::LoneKong(kind) = a else { continue };
        match view.lone_kong_tile(kind) {
            Some(LoneKongTile::RedDragon) => {
                return Some((a, "红中杠: a red dragon doubles at once"))
            }
            Some(LoneKongTile::Indicator) => {
                return Some((a, "痞子杠: the indicator tile doubles"))
            }
            Some(LoneKongTile::Joker) => joker = Some(a),
            None => {}
        }
    }
    let joker = joker?;
    let limit = view.rules().joker_limit;
    if limit > 0 && view.jokers() > limit {
        return Some((joker, "赖子杠: more jokers than a small hand may hold"));
    }
    let melds = view.own_melds().len() as u8;
    let without = view.jokers().saturating_sub(1);
    let shanten = hupai_core::shanten_with_jokers(view.counts(), without, melds, view.forms());
    (shanten >= JOKER_KONG_SHANTEN).then_some((joker, "赖子杠: far from ready, the joker doubles"))
}
