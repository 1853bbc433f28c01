//! hupai-engine: the mahjong game itself, for every rule family hupai knows.
//!
//! The engine never calls a player: [`Game::pending`] says who must decide and lists the
//! legal options, [`Game::apply`] takes a decision and returns the [`Event`]s. Each seat's
//! [`PlayerView`] is built from the events it is shown, and its options come from that view
//! alone ([`legal_options`]), so a bot that sees only its own stream computes exactly the
//! engine's options. The [`Driver`] seats players, asks them and keeps each one's stream;
//! [`play_match`] plays a whole match with in-process [`Agent`]s. Walls come from a seed
//! ([`SplitMix64`], portable; seats see only a [`commitment`] to it); a game log is one JSON
//! event per line (mjai for riichi) and [`replay`] re-applies it.
//!
//! ```
//! use hupai_engine::{play_match, Agent, Random, Setup};
//! use hupai_rules::Rules;
//! let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|i| Box::new(Random::new(i)) as Box<dyn Agent>).collect();
//! let log = play_match(Setup::new(Rules::preset("riichi").unwrap(), 11), &mut agents).unwrap();
//! assert!(log.last().unwrap().to_json().contains("end_game"));
//! ```

#![deny(missing_docs)]

mod action;
mod after_win;
mod agent;
mod check;
mod claims;
pub mod commitment;
mod deal;
mod driver;
mod event;
mod game;
mod horses;
mod options;
mod pai;
mod pao;
mod payments;
mod play;
mod player;
pub mod replay;
mod rng;
pub mod schedule;
mod settle;
mod setup;
pub mod taken;
mod turn;
mod view;
mod view_apply;
mod view_check;
mod wall;
mod win;

pub use action::{Action, PlayError};
pub use agent::{default_action, Agent, Candidate, Explanation, Faults, Random, Tsumogiri};
pub use check::InvariantError;
pub use driver::{player_stream, AnswerError, Driver, Prompt, Step};
pub use event::{DrawReason, Event, PaymentReason, Yaku};
pub use game::{Game, Pending};
pub use horses::Horses;
pub use options::{legal_options, legal_options_into};
pub use pai::{Pai, PaiError};
pub use pao::Liability;
pub use play::play_match;
pub use player::{MeldTiles, Player, RiichiState, RiverTile};
pub use replay::{replay, ReplayError};
pub use rng::SplitMix64;
pub use setup::{RoundState, Setup};
pub use view::{Decision, PlayerView, RiverEntry, TableMeld};
pub use view_check::ViewError;
pub use wall::Wall;
pub use win::{ready_score, win_context, win_hand, win_score, WinOn};
