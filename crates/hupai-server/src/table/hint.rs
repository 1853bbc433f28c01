//! The help a table gives a seat that asks (`hint`): computed from exactly what the seat's
//! connection was sent, and kept until something changes.

use std::sync::Arc;

use hupai_engine::PlayerView;

use super::{ConnId, Table, Who};
use crate::analysis::hints::{adviser, Hint};
use crate::protocol::{ErrorCode, ServerMessage};

/// What a hint is a function of: the player, the events its connection was sent, and the
/// decision open for it.
pub(super) type HintKey = (usize, usize, Option<usize>);

impl Table {
    /// The answer to connection `conn`'s `hint`: the help for its player, from the view built
    /// from exactly the events the connection was sent (following the player across MCR's
    /// re-seating), with the options of the decision it was prompted for (if that is still
    /// open), advised by [`adviser`]. The last hint is kept: asking again before anything
    /// changed costs nothing.
    pub fn hint(&mut self, conn: ConnId) -> ServerMessage {
        let Some((who, sent, prompted)) = self.connection(conn) else {
            return ServerMessage::error(ErrorCode::NoHello, "say hello first");
        };
        let Who::Player(p) = who else {
            return ServerMessage::error(
                ErrorCode::NotYourTurn,
                "a spectator gets no help with a hand",
            );
        };
        let driver = &self.driver;
        let open =
            driver.prompt(p).map(|pr| pr.decision).filter(|&d| prompted == Some(d) && d <= sent);
        let key = (p, sent, open);
        if let Some((_, hint)) = self.hinted.as_ref().filter(|(k, _)| *k == key) {
            return ServerMessage::Hint { decision: open.map(|d| d as u64), hint: hint.clone() };
        }
        let mut view = PlayerView::for_player(p, Arc::clone(driver.view_of(p).shared_rules()));
        for e in driver.stream(p, 0).take(sent) {
            if let Err(e) = view.update(&e) {
                return ServerMessage::error(ErrorCode::Internal, format!("the seat's view: {e}"));
            }
        }
        let options = if open.is_some() { hupai_engine::legal_options(&view) } else { Vec::new() };
        let hint = Box::new(Hint::with_adviser(&view, &options, &mut *adviser(view.rules())));
        self.hinted = Some((key, hint.clone()));
        ServerMessage::Hint { decision: open.map(|d| d as u64), hint }
    }
}
