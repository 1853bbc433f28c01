//! The `--rules` argument of the commands that play matches.

use anyhow::Context;
use hupai_rules::Rules;

/// The rules named by `--rules` (a preset or a rule file), refused when the engine cannot
/// deal a match under them (three-player riichi, for now).
pub fn playable(arg: &str) -> anyhow::Result<Rules> {
    let rules = Rules::load(arg).with_context(|| format!("rules '{arg}'"))?;
    hupai_engine::playable(&rules)?;
    Ok(rules)
}
