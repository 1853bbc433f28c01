//! One match for the environments: the engine's [`Driver`] with Python at some seats and
//! hupai's agents at the others. Every step is a driver answer; options and legality come
//! from the driver's prompts, never from a second copy of the rules.

use hupai_ai::{AgentSpec, BuildOptions};
use hupai_core::Seats;
use hupai_engine::{Action, Agent, AnswerError, Driver, Prompt, Setup};
use hupai_rules::Rules as CoreRules;

use crate::actions::{action_id, claimed_kind};
use crate::errors::Error;

/// How much of a match one game of an environment is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// One hand.
    Hand,
    /// The east round (tonpuusen).
    East,
    /// East and south rounds (hanchan).
    Half,
    /// The preset's own match (riichi: east and south; MCR and Chinese: four rounds).
    Full,
}

impl Length {
    /// Reads `hand`, `east`, `half` or `full`.
    pub fn parse(text: &str) -> Result<Length, Error> {
        Ok(match text {
            "hand" => Length::Hand,
            "east" => Length::East,
            "half" => Length::Half,
            "full" => Length::Full,
            other => {
                return Err(Error::Input(format!(
                    "length '{other}': use 'hand', 'east', 'half' or 'full'"
                )))
            }
        })
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Length::Hand => "hand",
            Length::East => "east",
            Length::Half => "half",
            Length::Full => "full",
        }
    }

    /// The setup of a game of this length under `rules` from `seed`.
    pub fn setup(self, rules: &CoreRules, seed: u64) -> Setup {
        let mut rules = rules.clone();
        match self {
            Length::East => rules.rounds = 1,
            Length::Half => rules.rounds = 2,
            Length::Hand | Length::Full => {}
        }
        let mut setup = Setup::new(rules, seed);
        setup.single_hand = self == Length::Hand;
        setup
    }
}

/// Who plays each player, one entry a seat at the table (three or four): `None` for Python,
/// else an agent spec.
pub type Seating = Vec<Option<AgentSpec>>;

/// Reads the `agents` argument for the table of `rules`: one entry a player (four, or three
/// under three-player rules), each `None` (Python plays) or a spec.
pub fn seating(agents: Option<Vec<Option<String>>>, rules: &CoreRules) -> Result<Seating, Error> {
    let players = usize::from(rules.players());
    let Some(agents) = agents else { return Ok(vec![None; players]) };
    if agents.len() != players {
        return Err(Error::Input(format!(
            "{} agents: rules '{}' seat {}, give one entry a player (None for Python)",
            agents.len(),
            rules.name,
            rules.seats().word()
        )));
    }
    let mut out: Seating = vec![None; players];
    for (slot, a) in out.iter_mut().zip(agents) {
        if let Some(text) = a {
            let spec: AgentSpec =
                text.parse().map_err(|e: hupai_ai::SpecError| Error::Input(e.0))?;
            if spec.is_external() {
                return Err(Error::Input(format!(
                    "'{text}': external bots cannot sit in an environment"
                )));
            }
            *slot = Some(spec);
        }
    }
    Ok(out)
}

/// The error for a player number `player` that no one at a table of `seats` has: what it
/// was given and which numbers there are.
fn no_player(player: usize, seats: Seats) -> Error {
    Error::Action(format!(
        "no player {player}: {} players sit at this table, numbered 0..={}",
        seats.word(),
        seats.count() - 1
    ))
}

/// One match in progress.
pub struct Table {
    /// The driver.
    pub driver: Driver,
    agents: Vec<Option<Box<dyn Agent>>>,
    /// The game's seed.
    pub seed: u64,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("seed", &self.seed).finish()
    }
}

impl Table {
    /// A new match of `length` under `rules` from `seed`; the agents at their seats play until
    /// Python must decide. Agent `p` is seeded `seed * 4 + p`, as `hupai selfplay` seeds them.
    pub fn new(
        rules: &CoreRules,
        length: Length,
        seating: &Seating,
        seed: u64,
    ) -> Result<Table, Error> {
        let agents = build_agents(rules, seating, seed)?;
        let mut table = Table { driver: Driver::new(length.setup(rules, seed)), agents, seed };
        table.run_agents()?;
        Ok(table)
    }

    /// The match [`Table::new`] would start, in place of this one (the driver keeps its
    /// record's allocation).
    pub fn restart(
        &mut self,
        rules: &CoreRules,
        length: Length,
        seating: &Seating,
        seed: u64,
    ) -> Result<(), Error> {
        self.agents = build_agents(rules, seating, seed)?;
        self.driver.restart(length.setup(rules, seed));
        self.seed = seed;
        self.run_agents()
    }

    /// Players at the table (three or four, from the rules).
    pub fn players(&self) -> usize {
        self.driver.game().seats().count()
    }

    /// `player` if someone at the table has that number, else the error naming the players.
    pub fn check_player(&self, player: usize) -> Result<usize, Error> {
        if player < self.players() {
            Ok(player)
        } else {
            Err(no_player(player, self.driver.game().seats()))
        }
    }

    /// Whether `player` is played by Python.
    pub fn is_python(&self, player: usize) -> bool {
        self.agents.get(player).is_some_and(|a| a.is_none())
    }

    /// Lets the agents answer until Python must decide or the match is over.
    pub fn run_agents(&mut self) -> Result<(), Error> {
        if self.agents.iter().all(|a| a.is_none()) {
            return Ok(());
        }
        while self.driver.step(&mut self.agents).map_err(|e| Error::Input(e.to_string()))?.is_some()
        {
        }
        Ok(())
    }

    /// The prompts Python must answer now.
    pub fn python_prompts(&self) -> impl Iterator<Item = Prompt<'_>> + '_ {
        self.driver.prompts().filter(|p| self.is_python(p.player))
    }

    /// Answers for Python player `player` (refused: nothing changes).
    pub fn answer(&mut self, player: usize, action: Action) -> Result<(), Error> {
        self.check_player(player)?;
        if !self.is_python(player) {
            return Err(Error::Action(format!("player {player} is played by an agent")));
        }
        let Some(prompt) = self.driver.prompt(player) else {
            return Err(Error::Action(format!("player {player} has nothing to decide now")));
        };
        let decision = prompt.decision;
        let action = action.canonical();
        if !prompt.options.contains(&action) {
            return Err(Error::Action(format!(
                "{action} is not a legal option of player {player} now"
            )));
        }
        match self.driver.answer(player, decision, action) {
            Ok(_) => Ok(()),
            Err(AnswerError::Play(e)) => Err(Error::Action(e.to_string())),
            Err(e) => Err(Error::Action(e.to_string())),
        }
    }

    /// Answers decision `decision` of `player` with `action`, an option of its prompt (read
    /// from the prompt by the caller).
    pub fn answer_at(
        &mut self,
        player: usize,
        decision: usize,
        action: Action,
    ) -> Result<(), Error> {
        self.driver
            .answer(player, decision, action)
            .map(|_| ())
            .map_err(|e| Error::Action(e.to_string()))
    }

    /// The option with id `id` of `player`'s prompt.
    pub fn option_of_id(&self, player: usize, id: i64) -> Result<Action, Error> {
        self.check_player(player)?;
        let Some(prompt) = self.driver.prompt(player) else {
            return Err(Error::Action(format!("player {player} has nothing to decide now")));
        };
        option_of_id(&prompt, id)
    }
}

/// The agents of a match from `seed`: agent `p` is seeded `seed * 4 + p`.
fn build_agents(
    rules: &CoreRules,
    seating: &Seating,
    seed: u64,
) -> Result<Vec<Option<Box<dyn Agent>>>, Error> {
    let mut agents = Vec::with_capacity(seating.len());
    for (p, spec) in seating.iter().enumerate() {
        agents.push(match spec {
            None => None,
            Some(spec) => {
                let agent_seed = seed.wrapping_mul(4).wrapping_add(p as u64);
                let agent = spec
                    .build(rules, agent_seed, p, &BuildOptions::default())
                    .map_err(|e| Error::Input(e.0))?;
                Some(agent)
            }
        });
    }
    Ok(agents)
}

/// The option of `prompt` with action id `id`.
pub fn option_of_id(prompt: &Prompt<'_>, id: i64) -> Result<Action, Error> {
    if !(0..crate::actions::ACTIONS as i64).contains(&id) {
        return Err(Error::Action(format!(
            "action id {id}: ids are 0..{}",
            crate::actions::ACTIONS
        )));
    }
    let claimed = claimed_kind(prompt.view);
    prompt.options.iter().copied().find(|&o| action_id(o, claimed) == Some(id as u16)).ok_or_else(
        || {
            let name = crate::actions::action_name(id as u16).unwrap_or_default();
            Error::Action(format!(
                "action {id} ({name}) is not a legal option of player {} now",
                prompt.player
            ))
        },
    )
}
