//! The integration tests of this crate, one module per file beside this one, built as one
//! test binary (`cargo test -p hupai-rules --test integration`): one link and one file on disk
//! instead of one per file, which on a CI machine filled the disk with copies of the same
//! dependencies. Filter by module: `cargo test -p hupai-rules --test integration MODULE::`.

#![cfg(test)]

mod common;
mod hand_text;
mod json_writer;
mod mcr_corpus;
mod mcr_fixture;
mod regional_cases;
mod riichi_case;
mod riichi_reference;
mod riichi_rules;
mod sanma_reference;
mod sanma_rules;
mod scorers;
mod sichuan_cases;
mod wuhan_examples;
