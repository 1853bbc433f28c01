//! The rules a game log names, for `hupai replay` and its viewer: the rule file the log
//! carries, else the rule set it names.

use hupai_engine::Event;
use hupai_rules::Rules;

/// The rules a log names: the rule file it carries, else the rule set it names.
pub fn rules_of(log: &[(usize, Event)]) -> anyhow::Result<Rules> {
    Ok(match log.first() {
        Some((_, Event::StartGame { rule_set: Some(text), .. })) => {
            Rules::from_toml_str(text, "the log's rule set")?
        }
        Some((_, Event::StartGame { rules, .. })) => Rules::load(rules)?,
        _ => anyhow::bail!("the log does not open with start_game"),
    })
}
