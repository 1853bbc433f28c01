//! Analysis of a seat's situation and of finished games, from what a seat was shown and
//! nothing else: the help panel's hint, the review (复盘) and the hands shown after a draw.
//! The folding of events into a seat's view is the engine's ([`hupai_engine::PlayerView`]),
//! the hint hupai_ai's ([`hupai_ai::hint`]) and the decisions of a log the engine's
//! ([`hupai_engine::taken`]); here they are put together for the server, and the table and the
//! transports only send them.

pub mod hints;
pub mod ready;
pub mod review;
