//! The integration tests of this crate, one module per file beside this one, built as one
//! test binary (`cargo test -p hupai-server --test integration`): one link and one file on disk
//! instead of one per file, which on a CI machine filled the disk with copies of the same
//! dependencies. Filter by module: `cargo test -p hupai-server --test integration MODULE::`.

#![cfg(test)]

mod clock;
mod common;
mod hold;
mod limits;
mod load;
mod mjai_tcp;
mod play;
mod refusals;
mod sanma;
mod soak;
mod streams;
mod watch;
mod web;
