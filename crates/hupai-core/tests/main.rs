//! The integration tests of this crate, one module per file beside this one, built as one
//! test binary (`cargo test -p hupai-core --test integration`): one link and one file on disk
//! instead of one per file, which on a CI machine filled the disk with copies of the same
//! dependencies. Filter by module: `cargo test -p hupai-core --test integration MODULE::`.

#![cfg(test)]

mod ara_shanten;
mod common;
mod differential;
mod exhaustive;
mod hand_state;
mod oracle_fixtures;
mod properties;
