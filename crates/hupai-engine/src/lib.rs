//! hupai-engine: the mahjong game itself, for every rule family hupai knows.
//!
//! The engine never calls a player: [`Game::pending`] says who must decide and lists the
//! legal options, [`Game::apply`] takes a decision and returns the [`Event`]s. Each seat's
//! [`PlayerView`] is built from the events it is shown, and its options come from that view
//! alone ([`legal_options`]), so a bot that sees only its own stream computes exactly the
//! engine's options. The [`Driver`] seats players, asks them and keeps each one's stream;
//! [`play_match`] plays a whole match with in-process [`Agent`]s. Walls come from a seed
//! ([`SplitMix64`], portable; seats see only a [`commitment`] to it); a game log is one JSON
//! event per line (mjai for riichi) and [`replay()`] re-applies it.
//!
//! ```
//! use hupai_engine::{play_match, Agent, Random, Setup};
//! use hupai_rules::Rules;
//! let mut agents: Vec<Box<dyn Agent>> = (0..4).map(|i| Box::new(Random::new(i)) as Box<dyn Agent>).collect();
//! let log = play_match(Setup::new(Rules::preset("riichi").unwrap(), 11), &mut agents).unwrap();
//! assert!(log.last().unwrap().to_json().contains("end_game"));
//! ```
//!
//! # Glossary
//!
//! One name for each thing, in the code and the docs. The log keeps the mjai protocol's field
//! and event names (`oya`, `bakaze`, `kyotaku`, `tsumo`, `dahai`, `daiminkan`, ...); the table
//! gives each the name hupai uses for it.
//!
//! | hupai says | for | in the log, and not said otherwise |
//! | --- | --- | --- |
//! | match | everything from `start_game` to `end_game` ([`Game`] plays one) | game, hanchan |
//! | hand | one deal, from `start_kyoku` to `end_kyoku` | kyoku, round |
//! | round | the hands of one prevailing wind | — |
//! | round wind, seat wind | the prevailing wind; a seat's own wind this hand | `bakaze`; jikaze |
//! | dealer | the seat that deals this hand (East) | `oya` |
//! | seat | East, South, West, North ([`hupai_core::Seat`]) | — |
//! | player | 0..3 in `start_game`'s order; MCR re-seats players each round (`start_kyoku.players`) | — |
//! | draw | taking a tile from the wall (a replacement draw after a kan, a flower) | `tsumo` |
//! | discard, river | a tile thrown out; a seat's discards in order | `dahai`; kawa |
//! | call | taking another seat's discard: chi, pon or an open kan | naki, claim |
//! | kan | four of a kind: closed, added (to a pon) or open; "kong" only in the Chinese families' own names that the log keeps (lone kong, kong payment) | `ankan`, `kakan`, `daiminkan`; kong, quad |
//! | win | self-drawn, on a discard, or by robbing a kan | `hora`; tsumo, ron, chankan |
//! | exhaustive draw, abortive draw | a hand that ends without a win: the wall ran out; a riichi rule stopped it | `ryukyoku` |
//! | riichi | declaring a ready hand with a discard (and 报听 in the Chinese families) | `reach` |
//! | sticks | riichi sticks (1,000 points) on the table | `kyotaku` |
//! | honba | the repeat counter | — |
//! | concealed tiles | the tiles a seat holds in its hand | tehai |
//! | ready | one tile from a win (shanten 0); its waits | tenpai |
//! | view | what one seat knows, folded from the events it was shown ([`PlayerView`]) | — |
//! | stream, record | the events one seat (or a spectator) is shown; every event, nothing hidden | — |
//! | decision, option, action | what a seat must decide now; one legal choice; what it does ([`Action`]) | — |

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
mod pai_counts;
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
mod tile_set;
mod turn;
mod view;
mod view_apply;
mod view_check;
mod wall;
mod win;
mod wire;

pub use action::{Action, PlayError};
pub use agent::{default_action, Agent, Candidate, Explanation, Faults, Random, Tsumogiri};
pub use check::InvariantError;
pub use driver::{player_stream, AnswerError, Driver, Prompt, Step};
pub use event::{DrawReason, Event, Horses, PaymentReason, Yaku};
pub use game::{Game, Pending};
pub use options::{legal_options, legal_options_into};
pub use pai::{Pai, PaiError};
pub use play::play_match;
pub use player::{Liability, MeldTiles, Player, RiichiState, RiverTile};
pub use replay::{replay, ReplayError};
pub use rng::SplitMix64;
pub use setup::{RoundState, Setup};
pub use tile_set::{TileSet, Tiles};
pub use view::{Decision, PlayerView, RiverEntry, TableMeld};
pub use view_check::ViewError;
pub use wall::Wall;
pub use win::{ready_score, win_context, win_hand, win_score, WinOn};
