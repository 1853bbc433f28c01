//! What an agent says of one decision, as self-play records it: the action it chooses and,
//! when asked, one number of its explanation for every option (its values, `ev`).
//!
//! A self-play run may name a teacher: an agent asked at every decision of the players it
//! records, whoever plays them, so the rows hold the teacher's choice and values at the states
//! the players reach (DAgger's labels: a student plays, the teacher says what it would have
//! done). The teacher decides from the seat's view alone; an agent that follows the event
//! stream (an mjai bot) cannot teach, since it would miss the events of the decisions it
//! was not asked.

use hupai_ai::{AgentSpec, BuildOptions};
use hupai_engine::{Action, Agent, Explanation, PlayerView};

use crate::actions::{action_id, claimed_kind, PASS};
use crate::errors::Error;

/// An agent's answer to one decision: its action and its values, one per legal id in
/// ascending id order (NaN for an option it does not rate), or none when it rates none or
/// was not asked for them.
pub(crate) struct Label {
    pub action: Action,
    pub values: Option<Vec<f32>>,
}

/// Asks `agent` at `view`: with `key` (and more than one option), its explanation and the
/// number named `key` of each option; otherwise its decision alone.
pub(crate) fn ask(
    agent: &mut dyn Agent,
    view: &PlayerView,
    options: &[Action],
    key: Option<&str>,
) -> Label {
    match key {
        Some(key) if options.len() > 1 => {
            let ex = agent.explain(view, options);
            let values = option_values(view, options, &ex, key);
            Label { action: ex.action, values }
        }
        _ => Label { action: agent.decide(view, options), values: None },
    }
}

/// What the driver plays for `action` among `options`: the action if legal, else the default.
pub(crate) fn played(options: &[Action], action: Action) -> Action {
    if options.contains(&action.canonical()) {
        action.canonical()
    } else {
        hupai_engine::default_action(options)
    }
}

/// The id of what the driver plays for `action` among `options` ([`played`]).
pub(crate) fn chosen_id(view: &PlayerView, options: &[Action], action: Action) -> u16 {
    action_id(played(options, action), claimed_kind(view)).unwrap_or(PASS)
}

/// The number named `key` of each of `options`' candidates in `ex`, one per legal id in
/// ascending id order (NaN for an option the explanation does not rate); `None` when it rates
/// none.
fn option_values(
    view: &PlayerView,
    options: &[Action],
    ex: &Explanation,
    key: &str,
) -> Option<Vec<f32>> {
    let mut by_id: Vec<(u16, f32)> = Vec::with_capacity(options.len());
    let claimed = claimed_kind(view);
    let mut any = false;
    for &o in options {
        let id = action_id(o, claimed).unwrap_or(PASS);
        let value = ex
            .candidates
            .iter()
            .find(|c| c.action.canonical() == o)
            .and_then(|c| c.numbers.iter().find(|(name, _)| *name == key))
            .map(|&(_, v)| v as f32);
        any |= value.is_some();
        by_id.push((id, value.unwrap_or(f32::NAN)));
    }
    by_id.sort_by_key(|&(id, _)| id);
    any.then(|| by_id.into_iter().map(|(_, v)| v).collect())
}

/// The teacher of a self-play run: an agent spec built once for every recorded player of
/// every job.
#[derive(Clone, Debug)]
pub(crate) struct Teacher {
    spec: AgentSpec,
}

impl Teacher {
    /// The teacher `text` names, for rules `rules`; an agent that follows the event stream,
    /// or a spec that does not build, is an error naming it.
    pub fn new(text: &str, rules: &hupai_rules::Rules) -> Result<Teacher, Error> {
        let spec: AgentSpec = text
            .parse()
            .map_err(|e: hupai_ai::SpecError| Error::Input(format!("teacher: {}", e.0)))?;
        let refuse = || {
            Error::Input(format!(
                "teacher '{text}' follows the event stream; a teacher must decide from the \
                 seat's view alone (search, defensive, efficiency, model:...)"
            ))
        };
        if spec.is_external() {
            return Err(refuse());
        }
        let probe = spec
            .build(rules, 0, 0, &BuildOptions::default())
            .map_err(|e| Error::Input(format!("teacher '{text}': {}", e.0)))?;
        if probe.observes() {
            return Err(refuse());
        }
        Ok(Teacher { spec })
    }

    /// The teacher for player `player` of a job, seeded from the job's wall seed, rotation
    /// and player, as the arena builds its agents.
    pub fn build(
        &self,
        rules: &hupai_rules::Rules,
        seed: u64,
        player: usize,
    ) -> Result<Box<dyn Agent>, Error> {
        self.spec
            .build(rules, seed, player, &BuildOptions::default())
            .map_err(|e| Error::Input(format!("teacher '{}': {}", self.spec, e.0)))
    }
}
