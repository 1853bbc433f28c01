//! A player's view that follows the player: built event by event from the full record or from
//! the player's own stream, and started again at the player's new seat when a hand moves the
//! players between seats (MCR).
//!
//! ```
//! use hupai_engine::{Driver, Setup};
//! use hupai_rules::Rules;
//! use hupai_server::analysis::view::StreamView;
//! let rules = Rules::preset("riichi").unwrap();
//! let driver = Driver::new(Setup::new(rules.clone(), 7));
//! let mut sv = StreamView::new(2, &rules);
//! for e in driver.record() {
//!     sv.take(e).unwrap();
//! }
//! assert_eq!(sv.view.hand.len(), 13);
//! ```

use hupai_core::Seat;
use hupai_engine::{Event, PlayerView, ViewError};
use hupai_rules::Rules;

/// One player's view, built event by event from a record or from the player's own stream;
/// when players change seats (MCR) a new hand starts a new view at the new seat.
#[derive(Clone, Debug)]
pub struct StreamView {
    player: usize,
    rules: Rules,
    /// The view now.
    pub view: PlayerView,
}

impl StreamView {
    /// Player `player`'s view before the first event.
    pub fn new(player: usize, rules: &Rules) -> StreamView {
        let seat = Seat::from_index(player % 4).unwrap_or_default();
        StreamView { player, rules: rules.clone(), view: PlayerView::new(seat, rules) }
    }

    /// The seat the player sits at from `event` on (a `start_kyoku` may move it).
    pub fn seat_for(&self, event: &Event) -> Seat {
        event.seat_of_player(self.player).unwrap_or(self.view.seat)
    }

    /// Takes one event (of the full record or of the player's stream), as the player's seat
    /// is shown it.
    pub fn take(&mut self, event: &Event) -> Result<(), ViewError> {
        let seat = self.seat_for(event);
        if seat != self.view.seat {
            self.view = PlayerView::new(seat, &self.rules);
        }
        if event.has_hidden_tiles() {
            self.view.update(&event.seen_by(self.view.seat))
        } else {
            self.view.update(event)
        }
    }
}
