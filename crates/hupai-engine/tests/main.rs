//! The integration tests of this crate, one module per file beside this one, built as one
//! test binary (`cargo test -p hupai-engine --test integration`): one link and one file on disk
//! instead of one per file, which on a CI machine filled the disk with copies of the same
//! dependencies. Filter by module: `cargo test -p hupai-engine --test integration MODULE::`.

#![cfg(test)]

mod chinese_rules;
mod chinese_switches;
mod common;
mod driver;
mod fuzz;
mod guangdong_rules;
mod hongkong_rules;
mod logs;
mod matches;
mod min_fan;
mod rescore;
mod riichi_aborts;
mod riichi_pao;
mod riichi_wins;
mod sanma;
mod sichuan_rules;
mod streams;
mod taken;
mod wuhan;
