//! Everything that happens in a game, as mjai-compatible records.
//!
//! Riichi logs are the mjai protocol; the other families add what they need (`flower`,
//! `joker_marker`, `players`), see `docs/log-format.md`.
//!
//! ```
//! use hupai_engine::{Event, Pai};
//! let e = Event::Dahai { actor: 2, pai: "5mr".parse().unwrap(), tsumogiri: true };
//! let line = serde_json::to_string(&e).unwrap();
//! assert_eq!(line, r#"{"type":"dahai","actor":2,"pai":"5mr","tsumogiri":true}"#);
//! assert_eq!(serde_json::from_str::<Event>(&line).unwrap(), e);
//! ```

use serde::{Deserialize, Serialize};

use crate::Pai;

/// One fan or yaku of a win, as logged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Yaku {
    /// Stable id (`riichi`, `nine_gates`, ...).
    pub name: String,
    /// Han or fans of one occurrence times its count.
    pub value: u32,
}

/// A game event. Seats are mjai actor numbers 0..4 (0 is the first dealer).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The match begins.
    StartGame {
        /// Player names.
        names: [String; 4],
        /// The rule set's name (a preset name or a TOML path).
        rules: String,
        /// The seed every wall is shuffled from.
        seed: u64,
    },
    /// A hand begins.
    StartKyoku {
        /// Prevailing wind: `E`, `S`, `W` or `N`.
        bakaze: Pai,
        /// The first dora indicator (riichi only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dora_marker: Option<Pai>,
        /// Hand number within the wind round, 1..=4.
        kyoku: u8,
        /// Repeat counters.
        honba: u32,
        /// Riichi sticks on the table.
        kyotaku: u32,
        /// The dealer's seat.
        oya: u8,
        /// Scores by seat.
        scores: [i32; 4],
        /// The 13 tiles dealt to each seat (`?` for hidden ones).
        tehais: [Vec<Pai>; 4],
        /// The tile turned up to choose the joker (laizi only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        joker_marker: Option<Pai>,
        /// Which player sits at each seat, when seats rotate (MCR).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        players: Option<[u8; 4]>,
    },
    /// A seat draws.
    Tsumo {
        /// Who draws.
        actor: u8,
        /// The tile (`?` when hidden).
        pai: Pai,
    },
    /// A flower or season is set aside (a replacement `tsumo` follows).
    Flower {
        /// Whose flower.
        actor: u8,
        /// The flower.
        pai: Pai,
    },
    /// A discard.
    Dahai {
        /// Who discards.
        actor: u8,
        /// The tile.
        pai: Pai,
        /// Whether it is the tile just drawn.
        tsumogiri: bool,
    },
    /// A chi.
    Chi {
        /// Who calls.
        actor: u8,
        /// Who discarded.
        target: u8,
        /// The called tile.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// A pon.
    Pon {
        /// Who calls.
        actor: u8,
        /// Who discarded.
        target: u8,
        /// The called tile.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// An open kan on a discard.
    Daiminkan {
        /// Who calls.
        actor: u8,
        /// Who discarded.
        target: u8,
        /// The called tile.
        pai: Pai,
        /// The three tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// A tile added to a pon.
    Kakan {
        /// Who declares.
        actor: u8,
        /// The added tile.
        pai: Pai,
        /// The pon's three tiles.
        consumed: Vec<Pai>,
    },
    /// A closed kan.
    Ankan {
        /// Who declares.
        actor: u8,
        /// The four tiles.
        consumed: Vec<Pai>,
    },
    /// A new dora indicator.
    Dora {
        /// The indicator.
        dora_marker: Pai,
    },
    /// A riichi declaration (the discard follows).
    Reach {
        /// Who declares.
        actor: u8,
    },
    /// The riichi discard passed: the stick is on the table.
    ReachAccepted {
        /// Who declared.
        actor: u8,
    },
    /// A win.
    Hora {
        /// The winner.
        actor: u8,
        /// Who dealt in (the winner for a self-drawn win).
        target: u8,
        /// The winning tile.
        pai: Pai,
        /// Score changes by seat.
        deltas: [i32; 4],
        /// Ura dora indicators (riichi wins), else empty.
        ura_markers: Vec<Pai>,
        /// The winning hand in hand text (win tile among the concealed tiles).
        hand: String,
        /// The yaku or fans.
        yaku: Vec<Yaku>,
        /// Han (riichi) or fans (Chinese families).
        han: u32,
        /// Fu (riichi).
        fu: u32,
        /// What the winner receives in total.
        points: u32,
        /// Scores after the win.
        scores: [i32; 4],
        /// The win as a `hupai score` input line.
        score_input: hupai_rules::ScoreLine,
    },
    /// A hand ends without a win.
    Ryukyoku {
        /// Why: `exhaustive`, `nine_terminals`, `four_winds`, `four_riichi`, `four_kans`,
        /// `triple_ron`.
        reason: String,
        /// Score changes by seat.
        deltas: [i32; 4],
        /// Which seats were ready (exhaustive draws).
        tenpai: [bool; 4],
        /// Scores after the draw.
        scores: [i32; 4],
    },
    /// The hand is over.
    EndKyoku,
    /// The match is over.
    EndGame {
        /// Final scores by seat (left-over riichi sticks go to the leader).
        scores: [i32; 4],
    },
}

impl Event {
    /// The event as `seat` is shown it: other seats' dealt and drawn tiles hidden.
    pub fn for_seat(&self, seat: u8) -> Event {
        match self {
            Event::StartKyoku { tehais, .. } => {
                let mut e = self.clone();
                if let Event::StartKyoku { tehais: t, .. } = &mut e {
                    for (i, hand) in t.iter_mut().enumerate() {
                        if i != seat as usize {
                            *hand = vec![Pai::HIDDEN; tehais[i].len()];
                        }
                    }
                }
                e
            }
            Event::Tsumo { actor, .. } if *actor != seat => {
                Event::Tsumo { actor: *actor, pai: Pai::HIDDEN }
            }
            _ => self.clone(),
        }
    }

    /// Whether the event carries tiles some seats may not see (a deal or a draw).
    pub fn has_hidden_tiles(&self) -> bool {
        matches!(self, Event::StartKyoku { .. } | Event::Tsumo { .. })
    }

    /// The JSON line of the event.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
