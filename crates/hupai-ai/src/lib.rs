//! hupai-ai: players that attack and defend and say why, an arena that measures them, and
//! the mjai protocol both ways (hupai's agents as an mjai bot, external mjai bots as agents).
//!
//! Agents implement the engine's one [`Agent`](hupai_engine::Agent) trait and see the game
//! only through a [`PlayerView`](hupai_engine::PlayerView). `efficiency` plays for speed
//! toward a hand that can win; `defensive` (the default) adds a danger model and push/fold.
//! The [`registry`] resolves agent specs (`defensive(fold=2)`, `mjai:python bot.py`) for
//! every command.
//!
//! ```
//! use hupai_ai::{AgentSpec, BuildOptions};
//! use hupai_engine::{play_match, Agent, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let spec: AgentSpec = "defensive".parse().unwrap();
//! let mut agents: Vec<Box<dyn Agent>> = (0..4)
//!     .map(|p| spec.build(&rules, p as u64, p, &BuildOptions::default()).unwrap())
//!     .collect();
//! let mut setup = Setup::new(rules, 3);
//! setup.single_hand = true;
//! let log = play_match(setup, &mut agents).unwrap();
//! assert!(log.iter().any(|e| e.type_name() == "end_kyoku"));
//! ```

#![deny(missing_docs)]

pub mod action_space;
pub mod arena;
mod batch_policy;
pub mod batched;
mod brain;
pub mod dama;
pub mod danger;
mod defensive;
mod efficiency;
pub mod encoding;
pub mod evaluate;
pub mod hint;
pub mod kita;
pub mod learned;
pub mod lone_kong;
pub mod mjai;
pub mod mjai_bot;
pub mod mjai_process;
pub mod mjai_session;
pub mod mlp;
pub mod model;
pub mod odds;
mod params;
pub mod plan;
pub mod push_fold;
pub mod reads;
pub mod records;
pub mod registry;
pub mod report;
pub mod search;
mod situation;
pub mod stats;
pub mod void;
pub mod wait_value;

pub use brain::Style;
pub use defensive::Defensive;
pub use efficiency::Efficiency;
pub use learned::Learned;
pub use mjai_process::BuildOptions;
pub use params::{Params, PARAMS};
pub use registry::{AgentSpec, SpecError, AGENT_NAMES};
pub use situation::{MeldShape, Situation};

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
