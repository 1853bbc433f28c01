//! hupai-engine: the mahjong game itself, for every rule family hupai knows.
//!
//! The engine never calls a player: [`Game::pending`] says who must decide and lists the
//! legal options, [`Game::apply`] takes a decision and returns the [`Event`]s. Walls come from
//! a seed ([`SplitMix64`], portable); a game log is one JSON event per line (mjai for riichi)
//! and [`replay`] re-applies it.
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
mod agent;
mod check;
mod claims;
mod deal;
mod event;
mod game;
mod pai;
mod pao;
mod play;
mod player;
pub mod replay;
mod rng;
pub mod schedule;
mod settle;
mod setup;
mod turn;
mod view;
mod wall;

pub use action::{Action, PlayError};
pub use agent::{Agent, Random, Tsumogiri};
pub use check::InvariantError;
pub use event::{Event, Yaku};
pub use game::{Game, Pending};
pub use pai::{Pai, PaiError};
pub use pao::Liability;
pub use play::{play_match, play_match_with};
pub use player::{MeldTiles, Player, RiichiState, RiverTile};
pub use replay::{replay, ReplayError};
pub use rng::SplitMix64;
pub use setup::{RoundState, Setup};
pub use view::PlayerView;
pub use wall::Wall;
