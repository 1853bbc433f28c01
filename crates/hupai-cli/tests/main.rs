//! The integration tests of this crate, one module per file beside this one, built as one
//! test binary (`cargo test -p hupai-cli --test integration`): one link and one file on disk
//! instead of one per file, which on a CI machine filled the disk with copies of the same
//! dependencies. Filter by module: `cargo test -p hupai-cli --test integration MODULE::`.

#![cfg(test)]

mod agents;
mod analyze;
mod common;
mod play_plain;
mod play_server;
mod rescore;
mod score;
mod serve_recovery;
mod three_players;
