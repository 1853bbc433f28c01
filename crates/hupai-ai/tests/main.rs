//! The integration tests of this crate, one module per file beside this one, built as one
//! test binary (`cargo test -p hupai-ai --test integration`): one link and one file on disk
//! instead of one per file, which on a CI machine filled the disk with copies of the same
//! dependencies. Filter by module: `cargo test -p hupai-ai --test integration MODULE::`.

#![cfg(test)]

mod mjai_bot;
mod mjai_process;
mod model;
mod push_fold;
mod regression;
mod search;
mod web_fold;
