//! The `--rules` argument of the commands that play matches.

use anyhow::Context;
use hupai_rules::Rules;

/// The rules named by `--rules` (a preset or a rule file).
pub fn load(arg: &str) -> anyhow::Result<Rules> {
    Rules::load(arg).with_context(|| format!("rules '{arg}'"))
}
