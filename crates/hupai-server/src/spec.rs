//! What a table is made of: the rules, the match length, who sits in each seat, the seed and
//! the time control. A spec is what `POST /api/tables` asks for (with the seed drawn by the
//! server), what the store keeps, and all a table is rebuilt from, with its actions.
//!
//! ```
//! use hupai_server::spec::{NewTable, SeatKind};
//! let t: NewTable = serde_json::from_str(
//!     r#"{"rules":"riichi","length":"hand","seats":["human","bot:defensive","bot:efficiency(","open"]}"#,
//! ).unwrap();
//! assert!(t.check().is_err());
//! let t: NewTable = serde_json::from_str(
//!     r#"{"rules":"mcr","length":"east","seats":["human","bot:defensive(fold=2)","mjai","open"]}"#,
//! ).unwrap();
//! let seats = t.check().unwrap().seats;
//! assert_eq!(seats[3], SeatKind::Open);
//! // A three-player table (三人麻雀) seats three.
//! let t: NewTable = serde_json::from_str(
//!     r#"{"rules":"sanma","seats":["human","bot:defensive","open"]}"#,
//! ).unwrap();
//! assert_eq!(t.check().unwrap().seats.len(), 3);
//! let t: NewTable = serde_json::from_str(
//!     r#"{"rules":"sanma","seats":["human","bot:defensive","open","open"]}"#,
//! ).unwrap();
//! assert_eq!(t.check().unwrap_err().to_string(), "seats: the rules 'sanma' seat three players, not 4 seats");
//! ```

use std::fmt;

use hupai_ai::AgentSpec;
use hupai_engine::Setup;
use hupai_rules::Rules;
use serde::{Deserialize, Serialize};

/// How long a match lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    /// One hand.
    Hand,
    /// The East round.
    East,
    /// East and South.
    Half,
    /// The rule set's own match (`rounds` of the preset).
    Full,
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatKind {
    /// A person with the creator's token.
    Human,
    /// A built-in AI (an agent spec, e.g. `defensive(fold=2)`).
    Bot(AgentSpec),
    /// An external mjai bot that connects over TCP with a one-time ticket.
    Mjai,
    /// Whoever joins.
    Open,
}

impl SeatKind {
    /// The seat as the API writes it (`human`, `bot:defensive`, `mjai`, `open`).
    pub fn text(&self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Bot(spec) => format!("bot:{spec}"),
            SeatKind::Mjai => "mjai".into(),
            SeatKind::Open => "open".into(),
        }
    }

    /// The name a seat goes by when the table's creator gives none: its text, but a model
    /// bot by its file's name (`bot:riichi-clone-search`, not the path on the server).
    pub fn default_name(&self) -> String {
        match self {
            SeatKind::Bot(spec) => match spec.model_file().and_then(|f| f.file_stem()) {
                Some(stem) => format!("bot:{}", stem.to_string_lossy()),
                None => self.text(),
            },
            _ => self.text(),
        }
    }

    /// Reads a seat.
    pub fn parse(text: &str) -> Result<SeatKind, SpecError> {
        match text {
            "human" => Ok(SeatKind::Human),
            "mjai" => Ok(SeatKind::Mjai),
            "open" => Ok(SeatKind::Open),
            t => match t.strip_prefix("bot:") {
                Some(spec) => {
                    let spec: AgentSpec = spec.parse().map_err(|e| SpecError(format!("seat '{t}': {e}")))?;
                    if spec.is_external() {
                        return Err(SpecError(format!(
                            "seat '{t}': the server runs no commands; seat an external bot as 'mjai'"
                        )));
                    }
                    Ok(SeatKind::Bot(spec))
                }
                None => Err(SpecError(format!(
                    "seat '{t}': use human, bot:AGENT (search, defensive, efficiency, random, tsumogiri), mjai or open"
                ))),
            },
        }
    }

    /// Whether a person (or an external bot) answers for the seat.
    pub fn is_remote(&self) -> bool {
        !matches!(self, SeatKind::Bot(_))
    }
}

/// The time control (milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TimeControl {
    /// Time for a decision on the seat's own turn, before the bank is used.
    pub turn_ms: u64,
    /// Time for a call decision (pon, chi, kan, ron, pass).
    pub call_ms: u64,
    /// The bank each player starts with; what it uses carries over.
    pub bank_ms: u64,
    /// How long every discard is held open, whoever can call, so that the pause tells nobody
    /// who could (0: no hold). Otherwise at least `call_ms`: a player who thinks over a call
    /// within the call window then ends within the hold, and only one who spends the bank
    /// lengthens the pause.
    pub claim_hold_ms: u64,
    /// How long a built-in AI waits before it acts at a table with people (0 at tables of
    /// bots only).
    pub bot_delay_ms: u64,
    /// How long a person may be gone before an AI plays the seat.
    pub away_ms: u64,
    /// Timeouts in a row after which an AI plays the seat.
    pub timeouts_for_takeover: u32,
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl {
            turn_ms: 5_000,
            call_ms: 1_500,
            bank_ms: 20_000,
            claim_hold_ms: 1_500,
            bot_delay_ms: 500,
            away_ms: 15_000,
            timeouts_for_takeover: 2,
        }
    }
}

/// The body of `POST /api/tables`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// A preset name.
    #[serde(default)]
    pub rules: Option<String>,
    /// A rule file's contents (TOML, `extends = "riichi"` and overrides), instead of a preset.
    #[serde(default)]
    pub rules_toml: Option<String>,
    /// How long the match lasts (default: one hand).
    #[serde(default = "default_length")]
    pub length: Length,
    /// The seats, one for each player the rules seat (four, or three for three-player riichi).
    pub seats: Vec<String>,
    /// Player names (default: the seat kinds, a model bot by its file's name).
    #[serde(default)]
    pub names: Option<Vec<String>>,
    /// Listed in the lobby (default) or reachable only by link.
    #[serde(default)]
    pub private: bool,
    /// Seconds spectators' events lag the game.
    #[serde(default)]
    pub spectator_delay_s: u64,
    /// The time control.
    #[serde(default)]
    pub time: Option<TimeControl>,
    /// A seed chosen by the client: only on a server started to allow it (tests); the server
    /// draws its own otherwise.
    #[serde(default)]
    pub seed: Option<u64>,
}

fn default_length() -> Length {
    Length::Hand
}

/// Why a table cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

/// A table's spec as checked, before the server adds the seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The rules (with the length applied).
    pub rules: Rules,
    /// Where they came from: a preset name or TOML text.
    pub source: RulesSource,
    /// The length.
    pub length: Length,
    /// The seats, one for each player the rules seat (3 or 4).
    pub seats: Vec<SeatKind>,
    /// The names, one a seat.
    pub names: Vec<String>,
    /// Private.
    pub private: bool,
    /// Spectator delay.
    pub spectator_delay_s: u64,
    /// The time control.
    pub time: TimeControl,
    /// The seed the client asked for.
    pub seed: Option<u64>,
}

/// Where a table's rules come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesSource {
    /// A preset.
    Preset(String),
    /// A rule file's contents.
    Toml(String),
}

impl RulesSource {
    /// The rules, with the match length applied.
    pub fn load(&self, length: Length) -> Result<Rules, SpecError> {
        let mut rules = match self {
            RulesSource::Preset(name) => {
                if Rules::preset_names().all(|n| n != name) {
                    let names: Vec<&str> = Rules::preset_names().collect();
                    return Err(SpecError(format!(
                        "unknown rules '{name}': use {} or rules_toml",
                        names.join(", ")
                    )));
                }
                Rules::preset(name).map_err(|e| SpecError(e.to_string()))?
            }
            RulesSource::Toml(text) => {
                Rules::from_toml_str(text, "rules_toml").map_err(|e| SpecError(e.to_string()))?
            }
        };
        match length {
            Length::East => rules.rounds = 1,
            Length::Half => rules.rounds = 2,
            Length::Hand | Length::Full => {}
        }
        Ok(rules)
    }
}

impl NewTable {
    /// Checks the request; the error says what is wrong.
    pub fn check(&self) -> Result<Checked, SpecError> {
        let source = match (&self.rules, &self.rules_toml) {
            (Some(name), None) => RulesSource::Preset(name.clone()),
            (None, Some(text)) => RulesSource::Toml(text.clone()),
            (None, None) => RulesSource::Preset("riichi".into()),
            (Some(_), Some(_)) => {
                return Err(SpecError("give rules (a preset) or rules_toml, not both".into()))
            }
        };
        if let RulesSource::Toml(text) = &source {
            if text.len() > 16 * 1024 {
                return Err(SpecError("rules_toml: at most 16 KiB".into()));
            }
        }
        let rules = source.load(self.length)?;
        let seats = seat_kinds(&self.seats, &rules)?;
        let names: Vec<String> = match &self.names {
            None => seats.iter().map(SeatKind::default_name).collect(),
            Some(names) => {
                if names.len() != seats.len() {
                    return Err(SpecError(format!(
                        "names: one a seat, {} (the rules '{}' seat {} players), not {}",
                        seats.len(),
                        rules.name,
                        rules.seats().word(),
                        names.len()
                    )));
                }
                if let Some(n) = names.iter().find(|n| n.chars().count() > 40 || n.is_empty()) {
                    return Err(SpecError(format!("name '{n}': 1 to 40 characters")));
                }
                names.clone()
            }
        };
        if self.spectator_delay_s > 3600 {
            return Err(SpecError("spectator_delay_s: at most 3600".into()));
        }
        let time = self.time.unwrap_or_default();
        if time.turn_ms > 600_000 || time.call_ms > 600_000 || time.bank_ms > 3_600_000 {
            return Err(SpecError("time: at most ten minutes a decision, an hour of bank".into()));
        }
        if time.claim_hold_ms != 0 && time.claim_hold_ms < time.call_ms {
            return Err(SpecError(format!(
                "time: claim_hold_ms ({}) is shorter than call_ms ({}): a player thinking over a \
                 call would lengthen the pause after that discard and tell the others; hold at \
                 least the call window, or 0 for no hold",
                time.claim_hold_ms, time.call_ms
            )));
        }
        if time.claim_hold_ms > 600_000 {
            return Err(SpecError("time: claim_hold_ms at most ten minutes".into()));
        }
        Ok(Checked {
            rules,
            source,
            length: self.length,
            seats,
            names,
            private: self.private,
            spectator_delay_s: self.spectator_delay_s,
            time,
            seed: self.seed,
        })
    }
}

/// Everything a table is rebuilt from, with its actions: what the store keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSpec {
    /// Where the rules come from.
    pub rules: RulesSource,
    /// The length.
    pub length: Length,
    /// The seats as the API writes them, one for each player the rules seat.
    pub seats: Vec<String>,
    /// The names, one a seat.
    pub names: Vec<String>,
    /// Private.
    pub private: bool,
    /// Spectator delay.
    pub spectator_delay_s: u64,
    /// The time control.
    pub time: TimeControl,
    /// The seed.
    pub seed: u64,
    /// The commitment's secret, as 32 hex digits.
    pub secret: String,
}

impl StoredSpec {
    /// The spec of `checked` with its seed and secret.
    pub fn new(checked: &Checked, seed: u64, secret: u128) -> StoredSpec {
        StoredSpec {
            rules: checked.source.clone(),
            length: checked.length,
            seats: checked.seats.iter().map(SeatKind::text).collect(),
            names: checked.names.clone(),
            private: checked.private,
            spectator_delay_s: checked.spectator_delay_s,
            time: checked.time,
            seed,
            secret: hupai_engine::commitment::secret_text(secret),
        }
    }

    /// The checked spec again (the stored one was checked when it was made).
    pub fn checked(&self) -> Result<Checked, SpecError> {
        let rules = self.rules.load(self.length)?;
        let seats = seat_kinds(&self.seats, &rules)?;
        if self.names.len() != seats.len() {
            return Err(SpecError(format!("{} names for {} seats", self.names.len(), seats.len())));
        }
        Ok(Checked {
            rules,
            source: self.rules.clone(),
            length: self.length,
            seats,
            names: self.names.clone(),
            private: self.private,
            spectator_delay_s: self.spectator_delay_s,
            time: self.time,
            seed: Some(self.seed),
        })
    }

    /// The game's setup.
    pub fn setup(&self, rules: Rules) -> Result<Setup, SpecError> {
        let mut setup = Setup::new(rules, self.seed);
        setup.secret = hupai_engine::commitment::parse_secret(&self.secret)
            .ok_or_else(|| SpecError("a stored secret is not 32 hex digits".into()))?;
        setup.single_hand = self.length == Length::Hand;
        // The engine keeps four name slots; a three-player table's North slot stays empty.
        setup.names = std::array::from_fn(|p| self.names.get(p).cloned().unwrap_or_default());
        Ok(setup)
    }
}

/// The seats of a table under `rules`: one for each player the rules seat.
fn seat_kinds(seats: &[String], rules: &Rules) -> Result<Vec<SeatKind>, SpecError> {
    if seats.len() != rules.seats().count() {
        return Err(SpecError(format!(
            "seats: the rules '{}' seat {} players, not {} seats",
            rules.name,
            rules.seats().word(),
            seats.len()
        )));
    }
    seats.iter().map(|s| SeatKind::parse(s)).collect()
}
