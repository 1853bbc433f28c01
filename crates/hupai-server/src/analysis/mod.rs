//! Analysis of a seat's situation and of finished games, from what a seat was shown and
//! nothing else: the help panel's hint, the review (复盘), the hands shown after a draw, and the
//! view that follows a player across seats. Pure functions of events and views; the table and
//! the transports only render them.

pub mod hints;
pub mod ready;
pub mod review;
pub mod view;
