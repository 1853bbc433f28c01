//! hupai-ai: players that attack and defend and say why, an arena that measures them, and an
//! mjai bot.
//!
//! Agents see the game only through a [`PlayerView`](hupai_engine::PlayerView) and answer with
//! one of the legal options. `efficiency` plays for speed toward a hand that can win;
//! `defensive` (the default) adds a danger model and push/fold.
//!
//! ```
//! use hupai_ai::{by_name, Seated};
//! use hupai_engine::{play_match, Agent, Setup};
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! let mut agents: Vec<Box<dyn Agent>> = (0..4)
//!     .map(|i| Box::new(Seated(by_name("defensive", &rules, i).unwrap())) as Box<dyn Agent>)
//!     .collect();
//! let mut setup = Setup::new(rules, 3);
//! setup.single_hand = true;
//! let log = play_match(setup, &mut agents).unwrap();
//! assert!(log.iter().any(|e| e.to_json().contains("end_kyoku")));
//! ```

#![deny(missing_docs)]

mod agent;
pub mod arena;
mod brain;
pub mod dama;
pub mod danger;
mod defensive;
mod efficiency;
pub mod evaluate;
pub mod mjai_bot;
pub mod plan;
pub mod push_fold;
pub mod report;
mod situation;
pub mod stats;

pub use agent::{
    by_name, Bot, Candidate, Explanation, RandomBot, Seated, TsumogiriBot, AGENT_NAMES,
};
pub use brain::Style;
pub use defensive::Defensive;
pub use efficiency::Efficiency;
pub use situation::{MeldShape, Situation};
