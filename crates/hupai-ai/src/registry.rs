//! Agents by name: the one registry that `hupai play`, `selfplay`, `arena`, `mjai-bot` and
//! the library resolve agent specs with.
//!
//! | spec | agent |
//! | --- | --- |
//! | `defensive` | efficiency plus the danger model and push/fold (the default) |
//! | `defensive(fold=2,threat=0.5)` | the same with [`Params`] set |
//! | `search` | looks ahead: expected value of every option over the hand's futures ([`crate::search`]) |
//! | `search(budget_ms=10,depth=1)` | the same with [`SearchParams`](crate::search::SearchParams) set |
//! | `efficiency` | the fastest hand, no defence |
//! | `random` | a uniformly random legal option |
//! | `tsumogiri` | discards every draw, never calls or wins |
//! | `model:FILE.onnx` | a trained policy ([`crate::Learned`]): the file is read, checked and compiled at the first build, shared by every agent the spec builds; a file that cannot be played is an error then ([`crate::model::ModelError`]) |
//! | `mjai:COMMAND` | an external mjai bot: COMMAND is split like a shell would (no shell), run with the seat number 0-3 appended, and spoken to on stdin/stdout ([`crate::mjai_process`]) |
//!
//! A list of specs (`--agents`) is separated by commas outside parentheses and quotes.
//!
//! ```
//! use hupai_ai::{AgentSpec, BuildOptions};
//! use hupai_rules::Rules;
//! let specs = AgentSpec::parse_list("defensive(fold=2), efficiency, random, tsumogiri").unwrap();
//! assert_eq!(specs[0].to_string(), "defensive(fold=2)");
//! let rules = Rules::preset("riichi").unwrap();
//! let agent = specs[0].build(&rules, 7, 0, &BuildOptions::default()).unwrap();
//! assert_eq!(agent.name(), "defensive(fold=2)");
//! assert!("brave".parse::<AgentSpec>().is_err());
//! assert!("efficiency(fold=1)".parse::<AgentSpec>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use hupai_engine::{Agent, Random, Tsumogiri};
use hupai_rules::Rules;

use crate::mjai_process::{BuildOptions, MjaiProcess};
use crate::model::SharedModel;
use crate::search::{Search, SearchParams};
use crate::{Defensive, Efficiency, Learned, Params};

/// The agent names the registry knows (besides `mjai:COMMAND`).
pub const AGENT_NAMES: [&str; 5] = ["defensive", "search", "efficiency", "random", "tsumogiri"];

/// What an agent spec names.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Defensive(Params),
    Search(SearchParams),
    Efficiency,
    Random,
    Tsumogiri,
    Mjai(Vec<String>),
    Model(std::path::PathBuf, SharedModel),
}

/// A parsed agent spec.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSpec {
    kind: Kind,
    text: String,
}

/// Why an agent spec is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

impl AgentSpec {
    /// Parses a list: one spec, or several separated by commas (outside parentheses and
    /// quotes).
    pub fn parse_list(text: &str) -> Result<Vec<AgentSpec>, SpecError> {
        split_list(text).into_iter().map(str::parse).collect()
    }

    /// Whether this is an external bot.
    pub fn is_external(&self) -> bool {
        matches!(self.kind, Kind::Mjai(_))
    }

    /// The file a model agent (`model:FILE`) reads, as the spec names it.
    pub fn model_file(&self) -> Option<&std::path::Path> {
        match &self.kind {
            Kind::Model(path, _) => Some(path),
            _ => None,
        }
    }

    /// The policy that answers this agent's decisions in batches, if it has one (a model
    /// its runtime plays; an error when its file cannot be played). An MLP played directly
    /// has none: it reads only its options' rows for one decision, which a batch does not
    /// share, so the arena asks it one decision at a time (faster than in waves of games).
    pub fn batch_policy(
        &self,
    ) -> Option<Result<std::sync::Arc<dyn crate::batch_policy::BatchPolicy>, SpecError>> {
        match &self.kind {
            Kind::Model(path, shared) => match shared.get(path) {
                Ok(m) if m.is_direct() => None,
                Ok(m) => Some(Ok(m as std::sync::Arc<dyn crate::batch_policy::BatchPolicy>)),
                Err(e) => Some(Err(SpecError(e.to_string()))),
            },
            _ => None,
        }
    }

    /// Builds the agent for `rules` to play player `player` (0..4), seeded with `seed` where
    /// it draws at random.
    pub fn build(
        &self,
        rules: &Rules,
        seed: u64,
        player: usize,
        options: &BuildOptions,
    ) -> Result<Box<dyn Agent>, SpecError> {
        Ok(match &self.kind {
            Kind::Defensive(p) => Box::new(Defensive::with_params(rules, *p)),
            Kind::Search(p) => Box::new(Search::with_params(rules, *p, seed)),
            Kind::Efficiency => Box::new(Efficiency::new(rules)),
            Kind::Random => Box::new(Random::new(seed)),
            Kind::Tsumogiri => Box::new(Tsumogiri),
            Kind::Model(path, shared) => {
                let model = shared.get(path).map_err(|e| SpecError(e.to_string()))?;
                Box::new(Learned::new(&self.text, model))
            }
            Kind::Mjai(argv) => {
                let bot = MjaiProcess::spawn(&self.text, argv, player, rules, options)
                    .map_err(|e| SpecError(format!("{}: cannot start: {e}", self.text)))?;
                Box::new(bot)
            }
        })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<AgentSpec, SpecError> {
        let text = text.trim();
        let err = |m: String| Err(SpecError(m));
        if let Some(command) = text.strip_prefix("mjai:") {
            let argv = split_command(command).map_err(SpecError)?;
            if argv.is_empty() {
                return err("mjai: needs a command, e.g. mjai:python bot.py".into());
            }
            return Ok(AgentSpec { kind: Kind::Mjai(argv), text: text.to_string() });
        }
        if let Some(path) = text.strip_prefix("model:") {
            if path.trim().is_empty() {
                return err("model: needs a file, e.g. model:models/riichi.onnx".into());
            }
            let kind = Kind::Model(path.trim().into(), SharedModel::default());
            return Ok(AgentSpec { kind, text: text.to_string() });
        }
        let (name, args) = match text.split_once('(') {
            Some((name, rest)) => {
                let Some(args) = rest.strip_suffix(')') else {
                    return err(format!("'{text}': parameters go in parentheses, name(key=value)"));
                };
                (name.trim(), Some(args))
            }
            None => (text, None),
        };
        let kind = match name {
            "defensive" => {
                let mut params = Params::default();
                for pair in args.unwrap_or("").split(',').filter(|p| !p.trim().is_empty()) {
                    let Some((k, v)) = pair.split_once('=') else {
                        return err(format!("'{pair}' in '{text}': parameters are key=value"));
                    };
                    params.set(k.trim(), v.trim()).map_err(SpecError)?;
                }
                let text = if params == Params::default() {
                    "defensive".to_string()
                } else {
                    format!("defensive({params})")
                };
                return Ok(AgentSpec { kind: Kind::Defensive(params), text });
            }
            "search" => {
                let mut params = SearchParams::default();
                for pair in args.unwrap_or("").split(',').filter(|p| !p.trim().is_empty()) {
                    let Some((k, v)) = pair.split_once('=') else {
                        return err(format!("'{pair}' in '{text}': parameters are key=value"));
                    };
                    params.set(k.trim(), v.trim()).map_err(SpecError)?;
                }
                let text = if params == SearchParams::default() {
                    "search".to_string()
                } else {
                    format!("search({params})")
                };
                return Ok(AgentSpec { kind: Kind::Search(params), text });
            }
            "efficiency" => Kind::Efficiency,
            "random" => Kind::Random,
            "tsumogiri" => Kind::Tsumogiri,
            "" => return err("an empty agent name".into()),
            other => {
                return err(format!(
                    "unknown agent '{other}': use {}, model:FILE.onnx or mjai:COMMAND",
                    AGENT_NAMES.join(", ")
                ))
            }
        };
        if args.is_some_and(|a| !a.trim().is_empty()) {
            return err(format!("'{name}' takes no parameters"));
        }
        Ok(AgentSpec { kind, text: name.to_string() })
    }
}

/// Splits a command line into words as a POSIX shell would for plain words, single and
/// double quotes and backslashes (no variables, globs or operators: nothing is run through
/// a shell).
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed ' in '{text}'")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unclosed \" in '{text}'")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed \" in '{text}'")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("a trailing \\ in '{text}'")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Splits a list of specs at the commas outside parentheses and quotes (the items trimmed).
pub fn split_list(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0);
    for (i, c) in text.char_indices() {
        match (c, quote) {
            ('\'' | '"', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            ('(', None) => depth += 1,
            (')', None) => depth -= 1,
            (',', None) if depth == 0 => {
                out.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(text[start..].trim());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(split_command("python bot.py").unwrap(), ["python", "bot.py"]);
        assert_eq!(
            split_command(r#"a 'b c' "d \"e\"" f\ g"#).unwrap(),
            ["a", "b c", "d \"e\"", "f g"]
        );
        assert!(split_command("a 'b").is_err());
        assert_eq!(split_command("  ").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn lists_split_outside_parentheses_and_quotes() {
        let specs = AgentSpec::parse_list(
            "defensive(fold=2,threat=0.5),mjai:bot '--x=1,2',random,tsumogiri",
        )
        .unwrap();
        assert_eq!(specs.len(), 4);
        assert_eq!(specs[0].to_string(), "defensive(fold=2,threat=0.5)");
        assert_eq!(specs[1].kind, Kind::Mjai(vec!["bot".into(), "--x=1,2".into()]));
        for bad in
            ["", "defensive(fold)", "defensive(fold=x)", "random(x=1)", "mjai:", "defensive("]
        {
            assert!(AgentSpec::parse_list(bad).is_err(), "{bad}");
        }
    }
}
