//! Everything that happens in a game, as mjai-compatible records.
//!
//! Riichi logs are the mjai protocol; the other families add what they need (`flower`,
//! `joker_marker`, `players`), see `docs/log-format.md`. Seats are numbers 0..=3 on the wire;
//! any other number is a deserialisation error. Fields that other mjai hosts leave out
//! (`scores`, `honba`, hupai's win details, ...) are optional when read.
//!
//! ```
//! use hupai_core::Seat;
//! use hupai_engine::{Event, Pai};
//! let e = Event::Dahai { actor: Seat::West, pai: "5mr".parse().unwrap(), tsumogiri: true };
//! let line = serde_json::to_string(&e).unwrap();
//! assert_eq!(line, r#"{"type":"dahai","actor":2,"pai":"5mr","tsumogiri":true}"#);
//! assert_eq!(serde_json::from_str::<Event>(&line).unwrap(), e);
//! assert!(serde_json::from_str::<Event>(r#"{"type":"tsumo","actor":7,"pai":"1m"}"#).is_err());
//! ```

use hupai_core::{BySeat, Seat, Suit};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::wire::{opt_seat, seat, suit};
use crate::Pai;

/// The horses of one win, as logged in its `hora` event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Horses {
    /// The tiles turned up, in wall order.
    pub pai: Vec<Pai>,
    /// How many name the winner (中马): every payer pays the win once more for each.
    pub hits: u8,
}

/// One fan or yaku of a win, as logged: on the wire the pair `[name, value]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Yaku {
    /// Stable id (`riichi`, `nine_gates`, ...).
    pub name: String,
    /// Han or fans of one occurrence times its count.
    pub value: u32,
}

impl Serialize for Yaku {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (&self.name, self.value).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Yaku {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Yaku, D::Error> {
        let (name, value) = <(String, u32)>::deserialize(d)?;
        Ok(Yaku { name, value })
    }
}

/// Why a hand ended without a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The wall ran out.
    Exhaustive,
    /// Nine kinds of terminals and honours on the first turn (riichi).
    NineTerminals,
    /// The same wind discarded by all four on the first turn (riichi).
    FourWinds,
    /// Four riichi declarations (riichi).
    FourRiichi,
    /// Four kans by more than one seat (riichi).
    FourKans,
    /// Three wins on one discard (riichi, where it aborts).
    TripleRon,
}

impl DrawReason {
    /// The log name (`exhaustive`, `nine_terminals`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DrawReason::Exhaustive => "exhaustive",
            DrawReason::NineTerminals => "nine_terminals",
            DrawReason::FourWinds => "four_winds",
            DrawReason::FourRiichi => "four_riichi",
            DrawReason::FourKans => "four_kans",
            DrawReason::TripleRon => "triple_ron",
        }
    }
}

/// Why points change hands outside a win (the Chinese families' settlements).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentReason {
    /// 刮风下雨: a kong's payment, at once.
    Kong,
    /// 呼叫转移: a win on the discard after a kong takes that kong's payment.
    KongTransfer,
    /// 退税: at an exhaustive draw, a player not ready returns its kong payments.
    KongRefund,
    /// 查花猪: at an exhaustive draw, a player still holding three suits pays the cap.
    FlowerPig,
    /// 查叫 / 查大叫: at an exhaustive draw, a player not ready pays each ready one.
    NotReady,
}

impl PaymentReason {
    /// The log name (`kong`, `kong_transfer`, ...).
    pub fn name(self) -> &'static str {
        match self {
            PaymentReason::Kong => "kong",
            PaymentReason::KongTransfer => "kong_transfer",
            PaymentReason::KongRefund => "kong_refund",
            PaymentReason::FlowerPig => "flower_pig",
            PaymentReason::NotReady => "not_ready",
        }
    }
}

/// A game event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The match begins.
    StartGame {
        /// Player names (player order: the first dealer first).
        #[serde(default)]
        names: BySeat<String>,
        /// The rule set's name (a preset name or a TOML path).
        #[serde(default, rename = "hupai_rules", skip_serializing_if = "String::is_empty")]
        rules: String,
        /// The seed every wall is shuffled from (only in the full record; named `hupai_seed`,
        /// as Mortal reads a `seed` of its own shape).
        #[serde(default, rename = "hupai_seed", skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
        /// The secret mixed into the commitment (only in the full record), 32 hex digits.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<String>,
        /// SHA-256 of the seed and the secret (see [`crate::commitment`]): what a seat is
        /// shown instead of the seed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed_commitment: Option<String>,
        /// The whole rule set as a rule file, when the rules are not exactly the preset they
        /// are named after (a user's file, a shortened match), so the log replays anywhere.
        #[serde(default, rename = "hupai_rule_set", skip_serializing_if = "Option::is_none")]
        rule_set: Option<String>,
        /// The mjai ecosystem's name of the rule set (`tenhou`, `mahjong-soul`), where it has one:
        /// tools such as jansou score by it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        preset: Option<String>,
        /// The receiving bot's own seat (classic mjai hosts send it; hupai never writes it).
        #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_seat")]
        id: Option<Seat>,
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
        #[serde(default)]
        honba: u32,
        /// Riichi sticks on the table.
        #[serde(default)]
        kyotaku: u32,
        /// The dealer's seat.
        #[serde(with = "seat")]
        oya: Seat,
        /// Scores by seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<BySeat<i32>>,
        /// The 13 tiles dealt to each seat (`?` for hidden ones).
        tehais: BySeat<Vec<Pai>>,
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
        #[serde(with = "seat")]
        actor: Seat,
        /// The tile (`?` when hidden).
        pai: Pai,
    },
    /// A flower or season is set aside (a replacement `tsumo` follows).
    Flower {
        /// Whose flower.
        #[serde(with = "seat")]
        actor: Seat,
        /// The flower.
        pai: Pai,
    },
    /// A tile set aside as a lone kong (Wuhan 红中杠, 赖子杠, 痞子杠; a replacement `tsumo`
    /// follows).
    LoneKong {
        /// Who sets it aside.
        #[serde(with = "seat")]
        actor: Seat,
        /// The tile.
        pai: Pai,
    },
    /// A North set aside as a bonus dora (三人麻雀 抜きドラ, `kita`; a replacement `tsumo`
    /// follows unless another seat wins on it).
    Kita {
        /// Who sets it aside.
        #[serde(with = "seat")]
        actor: Seat,
        /// The tile (`N`).
        pai: Pai,
    },
    /// A discard.
    Dahai {
        /// Who discards.
        #[serde(with = "seat")]
        actor: Seat,
        /// The tile.
        pai: Pai,
        /// Whether it is the tile just drawn.
        #[serde(default)]
        tsumogiri: bool,
    },
    /// A chi.
    Chi {
        /// Who calls.
        #[serde(with = "seat")]
        actor: Seat,
        /// Who discarded.
        #[serde(with = "seat")]
        target: Seat,
        /// The called tile.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// A pon.
    Pon {
        /// Who calls.
        #[serde(with = "seat")]
        actor: Seat,
        /// Who discarded.
        #[serde(with = "seat")]
        target: Seat,
        /// The called tile.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// An open kan on a discard.
    Daiminkan {
        /// Who calls.
        #[serde(with = "seat")]
        actor: Seat,
        /// Who discarded.
        #[serde(with = "seat")]
        target: Seat,
        /// The called tile.
        pai: Pai,
        /// The three tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// A tile added to a pon.
    Kakan {
        /// Who declares.
        #[serde(with = "seat")]
        actor: Seat,
        /// The added tile.
        pai: Pai,
        /// The pon's three tiles.
        consumed: Vec<Pai>,
    },
    /// A closed kan.
    Ankan {
        /// Who declares.
        #[serde(with = "seat")]
        actor: Seat,
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
        #[serde(with = "seat")]
        actor: Seat,
    },
    /// The riichi discard passed: the stick is on the table.
    ReachAccepted {
        /// Who declared.
        #[serde(with = "seat")]
        actor: Seat,
        /// Score changes by seat (the stick).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<BySeat<i32>>,
        /// Scores after the stick.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<BySeat<i32>>,
    },
    /// A win.
    Hora {
        /// The winner.
        #[serde(with = "seat")]
        actor: Seat,
        /// Who dealt in (the winner for a self-drawn win).
        #[serde(with = "seat")]
        target: Seat,
        /// The winning tile.
        pai: Pai,
        /// Score changes by seat.
        #[serde(default)]
        deltas: BySeat<i32>,
        /// Ura dora indicators (riichi wins), else empty.
        #[serde(default, alias = "uradora_markers")]
        ura_markers: Vec<Pai>,
        /// The winning hand in hand text (win tile among the concealed tiles).
        #[serde(default)]
        hand: String,
        /// The yaku or fans.
        #[serde(default)]
        yaku: Vec<Yaku>,
        /// Han (riichi) or fans (Chinese families).
        #[serde(default)]
        han: u32,
        /// Fu (riichi).
        #[serde(default)]
        fu: u32,
        /// What the winner receives in total.
        #[serde(default)]
        points: u32,
        /// Scores after the win.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<BySeat<i32>>,
        /// The win as a `hupai score` input line.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        score_input: Option<Box<hupai_rules::ScoreLine>>,
        /// Guangdong 买马: the horses turned up for this win, when the rules buy them (the
        /// `deltas` include what they won).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        horses: Option<Box<Horses>>,
    },
    /// A seat names the suit it voids (定缺, Sichuan); after the deal, once all have chosen.
    Void {
        /// Who.
        #[serde(with = "seat")]
        actor: Seat,
        /// The suit: `m`, `p` or `s`.
        #[serde(with = "suit")]
        suit: Suit,
    },
    /// A seat passes three tiles of one suit to another (换三张, Sichuan): after the deal,
    /// once every seat has chosen, one event per seat, dealer first. Only the two seats
    /// see the tiles.
    Exchange {
        /// Who passes them.
        #[serde(with = "seat")]
        actor: Seat,
        /// Who receives them (a bot's reply leaves it out: the dice decide it later).
        #[serde(default, with = "seat")]
        target: Seat,
        /// The tiles (`?` to every other seat).
        pai: [Pai; 3],
    },
    /// Points change hands outside a win (kong payments, the settlements of an exhaustive draw).
    Payment {
        /// Why.
        reason: PaymentReason,
        /// The seat the payment is about (the kong's declarer, the payer at a draw).
        #[serde(with = "seat")]
        actor: Seat,
        /// Score changes by seat.
        deltas: BySeat<i32>,
        /// Scores after it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<BySeat<i32>>,
    },
    /// A hand ends without a win.
    Ryukyoku {
        /// Why (hupai always says; other hosts may not).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<DrawReason>,
        /// Score changes by seat.
        #[serde(default)]
        deltas: BySeat<i32>,
        /// Which seats were ready (exhaustive draws).
        #[serde(default)]
        tenpai: BySeat<bool>,
        /// Scores after the draw.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<BySeat<i32>>,
    },
    /// The hand is over.
    EndKyoku,
    /// The match is over.
    EndGame {
        /// Final scores by player (left-over riichi sticks go to the leader).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<BySeat<i32>>,
        /// The seed, revealed: with `secret` anyone can check `start_game.seed_commitment`
        /// and rebuild every wall.
        #[serde(default, rename = "hupai_seed", skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
        /// The commitment's secret, revealed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<String>,
    },
}

impl Event {
    /// The event as `seat` is shown it: other seats' dealt and drawn tiles hidden, and the
    /// seed and its secret left out of `start_game` (the commitment stays).
    pub fn seen_by(&self, seat: Seat) -> Event {
        self.hidden_except(Some(seat))
    }

    /// The event as a spectator is shown it while the hand runs: every concealed tile hidden.
    pub fn for_spectator(&self) -> Event {
        self.hidden_except(None)
    }

    fn hidden_except(&self, seat: Option<Seat>) -> Event {
        match self {
            Event::StartGame { names, seed_commitment, preset, rule_set, .. } => Event::StartGame {
                names: names.clone(),
                rules: self.rules_name().to_string(),
                rule_set: rule_set.clone(),
                seed: None,
                secret: None,
                seed_commitment: seed_commitment.clone(),
                preset: preset.clone(),
                id: None,
            },
            Event::StartKyoku { .. } => {
                let mut e = self.clone();
                if let Event::StartKyoku { tehais, .. } = &mut e {
                    for (s, hand) in Seat::ALL.into_iter().zip(tehais.iter_mut()) {
                        if Some(s) != seat {
                            hand.iter_mut().for_each(|p| *p = Pai::HIDDEN);
                        }
                    }
                }
                e
            }
            Event::Tsumo { actor, .. } if Some(*actor) != seat => {
                Event::Tsumo { actor: *actor, pai: Pai::HIDDEN }
            }
            Event::Exchange { actor, target, .. }
                if Some(*actor) != seat && Some(*target) != seat =>
            {
                Event::Exchange { actor: *actor, target: *target, pai: [Pai::HIDDEN; 3] }
            }
            _ => self.clone(),
        }
    }

    /// The seat `player` moves to at this event: for a `start_kyoku` that says who sits where
    /// (`players`, under rules that move players between seats), where it names the player;
    /// `None` for every other event.
    pub fn seat_of_player(&self, player: usize) -> Option<Seat> {
        match self {
            Event::StartKyoku { players: Some(players), .. } => {
                players.iter().position(|&p| usize::from(p) == player).and_then(Seat::from_index)
            }
            _ => None,
        }
    }

    /// Whether some seats are shown this event differently (a deal, a draw, an exchange,
    /// `start_game`).
    pub fn has_hidden_tiles(&self) -> bool {
        matches!(
            self,
            Event::StartGame { .. }
                | Event::StartKyoku { .. }
                | Event::Tsumo { .. }
                | Event::Exchange { .. }
        )
    }

    fn rules_name(&self) -> &str {
        match self {
            Event::StartGame { rules, .. } => rules,
            _ => "",
        }
    }

    /// The seat that acted, for events with an actor.
    pub fn actor(&self) -> Option<Seat> {
        match self {
            Event::Tsumo { actor, .. }
            | Event::Flower { actor, .. }
            | Event::LoneKong { actor, .. }
            | Event::Kita { actor, .. }
            | Event::Dahai { actor, .. }
            | Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. }
            | Event::Kakan { actor, .. }
            | Event::Ankan { actor, .. }
            | Event::Reach { actor }
            | Event::ReachAccepted { actor, .. }
            | Event::Hora { actor, .. }
            | Event::Void { actor, .. }
            | Event::Exchange { actor, .. }
            | Event::Payment { actor, .. } => Some(*actor),
            _ => None,
        }
    }

    /// The mjai type name (`start_game`, `dahai`, ...).
    pub fn type_name(&self) -> &'static str {
        match self {
            Event::StartGame { .. } => "start_game",
            Event::StartKyoku { .. } => "start_kyoku",
            Event::Tsumo { .. } => "tsumo",
            Event::Flower { .. } => "flower",
            Event::LoneKong { .. } => "lone_kong",
            Event::Kita { .. } => "kita",
            Event::Dahai { .. } => "dahai",
            Event::Chi { .. } => "chi",
            Event::Pon { .. } => "pon",
            Event::Daiminkan { .. } => "daiminkan",
            Event::Kakan { .. } => "kakan",
            Event::Ankan { .. } => "ankan",
            Event::Dora { .. } => "dora",
            Event::Reach { .. } => "reach",
            Event::ReachAccepted { .. } => "reach_accepted",
            Event::Hora { .. } => "hora",
            Event::Void { .. } => "void",
            Event::Exchange { .. } => "exchange",
            Event::Payment { .. } => "payment",
            Event::Ryukyoku { .. } => "ryukyoku",
            Event::EndKyoku => "end_kyoku",
            Event::EndGame { .. } => "end_game",
        }
    }

    /// The JSON line of the event.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_outside_the_table_are_rejected() {
        for bad in [
            r#"{"type":"tsumo","actor":4,"pai":"1m"}"#,
            r#"{"type":"dahai","actor":-1,"pai":"1m","tsumogiri":false}"#,
            r#"{"type":"pon","actor":0,"target":9,"pai":"1m","consumed":["1m","1m"]}"#,
            r#"{"type":"reach","actor":"2"}"#,
            r#"{"type":"start_game","id":5}"#,
        ] {
            let err = serde_json::from_str::<Event>(bad).unwrap_err().to_string();
            assert!(err.contains("seat") || err.contains("invalid"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_seat_is_never_shown_the_seed() {
        let e = Event::StartGame {
            names: Default::default(),
            rules: "riichi".into(),
            seed: Some(42),
            secret: Some("00".repeat(16)),
            seed_commitment: Some("ab".into()),
            rule_set: None,
            preset: None,
            id: None,
        };
        for seen in [e.seen_by(Seat::North), e.for_spectator()] {
            let json = seen.to_json();
            assert!(!json.contains("42") && !json.contains("secret"), "{json}");
            assert!(json.contains("seed_commitment"), "{json}");
        }
    }

    #[test]
    fn yaku_are_name_value_pairs() {
        let y = Yaku { name: "riichi".into(), value: 1 };
        assert_eq!(serde_json::to_string(&y).unwrap(), r#"["riichi",1]"#);
        assert_eq!(serde_json::from_str::<Yaku>(r#"["pinfu",1]"#).unwrap().name, "pinfu");
    }
}
