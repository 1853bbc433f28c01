//! The `--rules` argument of the commands that play matches.

use anyhow::Context;
use hupai_rules::Rules;

/// The rules named by `--rules` (a preset or a rule file).
pub fn load(arg: &str) -> anyhow::Result<Rules> {
    Rules::load(arg).with_context(|| format!("rules '{arg}'"))
}

/// As [`load`], for a command that seats four players only so far: rules for three
/// (three-player riichi) are refused, saying which command cannot seat them.
pub fn four_seats(arg: &str, command: &str) -> anyhow::Result<Rules> {
    let rules = load(arg)?;
    if rules.players() != 4 {
        anyhow::bail!(
            "rules '{}' seat three players (players = 3): `hupai {command}` seats four players; \
             three-player riichi plays in `hupai selfplay`, `hupai arena` and `hupai replay`",
            rules.name
        );
    }
    Ok(rules)
}
