//! Rule sets as data: embedded presets and user TOML files that extend them.
//!
//! ```
//! use hupai_rules::{Rules, Variant};
//! let mcr = Rules::preset("mcr").unwrap();
//! assert_eq!(mcr.variant, Variant::Mcr);
//! assert_eq!(mcr.min_fan, 8);
//! let mine = Rules::from_toml_str("extends = \"riichi\"\nopen_tanyao = false\n", "mine.toml").unwrap();
//! assert!(!mine.open_tanyao);
//! assert_eq!(mine.starting_points, 25000);
//! ```

use std::fmt;
use std::path::Path;

use hupai_core::{Form, FormSet, Kind};
use serde::{Deserialize, Serialize};

use crate::settings::{
    AfterWin, DeclareReady, DiscardPays, Doubling, ExchangeDirection, FinalRounding, KazoeLimit,
    LoneKongTile, Pao, PaymentRule, Renhou, SelfDrawBonus,
};
use crate::variant::{Family, FanTable, Variant};

/// Defines [`Rules`] and the patch type that presets and user files deserialize into, from one
/// list of fields, so the two can never drift apart. The variant is the rule file's two keys
/// `family` and `fan_table`, read together.
macro_rules! rules_fields {
    ($( $(#[doc = $doc:literal])+ $field:ident : $ty:ty, )*) => {
        /// A rule set: everything the rules decide, as plain data.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        pub struct Rules {
            /// The rule set's name (a preset name, or what a user file calls itself).
            pub name: String,
            /// Which game: the scorer, and every rule that differs between games (the rule
            /// file's `family` and `fan_table`).
            #[serde(flatten)]
            pub variant: Variant,
            $( $(#[doc = $doc])+ pub $field: $ty, )*
        }

        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct RulesPatch {
            extends: Option<String>,
            name: Option<String>,
            family: Option<Family>,
            fan_table: Option<FanTable>,
            $( $field: Option<$ty>, )*
        }

        impl RulesPatch {
            /// Overrides `rules` with what the patch sets; `file` names it in errors.
            fn apply_to(self, rules: &mut Rules, file: &str) -> Result<(), RulesError> {
                if let Some(v) = self.name {
                    rules.name = v;
                }
                let (family, table) = rules.variant.keys();
                let family = self.family.unwrap_or(family);
                let table = self.fan_table.unwrap_or(table);
                rules.variant = Variant::from_keys(family, table)
                    .map_err(|message| RulesError::Invalid { file: file.into(), message })?;
                $( if let Some(v) = self.$field { rules.$field = v; } )*
                Ok(())
            }

            /// The rule set of a patch that sets every field (the base preset).
            fn into_complete(self, file: &str) -> Result<Rules, RulesError> {
                let unset = |field| RulesError::Incomplete { file: file.into(), field };
                let family = self.family.ok_or_else(|| unset("family"))?;
                let table = self.fan_table.ok_or_else(|| unset("fan_table"))?;
                Ok(Rules {
                    name: self.name.ok_or_else(|| unset("name"))?,
                    variant: Variant::from_keys(family, table)
                        .map_err(|message| RulesError::Invalid { file: file.into(), message })?,
                    $( $field: self.$field.ok_or_else(|| unset(stringify!($field)))?, )*
                })
            }
        }
    };
}

rules_fields! {
    /// Whether winds and dragons are in the wall.
    honors: bool,
    /// Whether the eight flowers and seasons are in the wall.
    flowers: bool,
    /// Red fives per number suit (m, p, s).
    red_fives: [u8; 3],
    /// Whether a joker kind is chosen after the deal (the kind after a turned-up indicator).
    jokers: bool,
    /// Whether chi may be called.
    chi: bool,
    /// Whether pon may be called.
    pon: bool,
    /// Whether kans may be declared.
    kan: bool,
    /// The winning forms, by [`Form::name`] in rule files (`regular`, `seven_pairs`, ...).
    forms: Vec<Form>,
    /// Whether four identical tiles count as two pairs for seven pairs.
    quads_as_two_pairs: bool,
    /// The fewest fans (MCR, flowers not counted) or han (riichi) a win needs.
    min_fan: u32,
    /// How a win is paid.
    payment: PaymentRule,
    /// Rounds in a match (prevailing winds): 1 east only, 2 east-south, 4 a full match.
    rounds: u8,
    /// Whether the dealer keeps the deal after winning or being ready at a draw (riichi).
    dealer_repeats: bool,
    /// Points each player starts with.
    starting_points: i32,
    /// Points the leader needs to end the match at the last hand (riichi), 0 for none.
    target_points: i32,
    /// Whether the match ends when a player falls below zero.
    bust_ends_game: bool,
    /// Riichi: whether all simples counts with an open hand (kuitan).
    open_tanyao: bool,
    /// Riichi: whether the double-yakuman forms count double.
    double_yakuman: bool,
    /// Riichi: where counted yakuman stop.
    kazoe: KazoeLimit,
    /// Riichi: whether 4 han 30 fu and 3 han 60 fu are rounded up to mangan.
    kiriage: bool,
    /// Riichi: fu for a pair that is both the seat and the round wind (2 or 4).
    double_wind_pair_fu: u8,
    /// Riichi: renhou's value.
    renhou: Renhou,
    /// Riichi: whether nagashi mangan is paid at an exhaustive draw.
    nagashi_mangan: bool,
    /// Riichi: whether abortive draws (nine terminals, four winds, four riichi, four kans) apply.
    abortive_draws: bool,
    /// Whether several players may win on one discard (riichi: two, with `triple_ron_abort`;
    /// otherwise the first in turn order from the discarder takes it, the head bump).
    double_ron: bool,
    /// Riichi: whether three wins on one discard abort the hand.
    triple_ron_abort: bool,
    /// Riichi: whether thirteen orphans may rob a closed kan.
    kokushi_robs_closed_kan: bool,
    /// Riichi: liability payments (pao) for big three dragons and big four winds.
    pao: Pao,
    /// Riichi: players at the table, 4, or 3 for three-player riichi (三人麻雀: the seats East,
    /// South and West; no North seat).
    players: u8,
    /// Riichi: tile kinds left out of the wall (三人麻雀: 2m to 8m, leaving 108 tiles); a dora
    /// indicator points to the next kind of its suit that is in the wall (1m -> 9m -> 1m).
    removed_kinds: Vec<Kind>,
    /// Three-player riichi 抜きドラ (kita): a North tile may be set aside, in one's own turn,
    /// as a bonus dora, with a replacement draw from the dead wall.
    kita: bool,
    /// 北抜き: whether another player may win on a North set aside (like robbing a kan; no
    /// chankan yaku).
    kita_ron: bool,
    /// 北抜き: whether a win on the replacement draw after a kita counts rinshan kaihou.
    kita_rinshan: bool,
    /// Three-player riichi ツモ損: a self-draw is paid without the absent fourth player's share
    /// (true: a non-dealer's mangan 4,000 + 2,000), or with that share split between the two
    /// payers (false, ツモ損なし: 5,000 + 3,000).
    tsumo_loss: bool,
    /// Riichi 不聴罰符: what the players who are not ready pay those who are at an exhaustive
    /// draw, in all.
    noten_penalty: u32,
    /// Riichi 順位ウマ: what each final rank adds to the match score, in points, first place
    /// first, one per player (Tenhou's 10-20: `[20000, 10000, -10000, -20000]`); see
    /// [`Rules::settle`].
    uma: Vec<i32>,
    /// Riichi 返し点: the points each player owes back at the end of a match (0: the starting
    /// points); first place takes what they exceed the starting points by, from everyone (the
    /// oka).
    return_points: i32,
    /// Riichi: how final points are rounded before the settlement (`none`, `thousands`).
    final_rounding: FinalRounding,
    /// Chinese families: what a win does to the hand (`end`, or Sichuan's `leave` and `stay`).
    after_win: AfterWin,
    /// Sichuan 定缺: each player names a suit after the deal and must discard it before
    /// winning; a win holds at most two suits.
    void_suit: bool,
    /// Sichuan 换三张: after the deal (before 定缺) every player passes three tiles of one
    /// suit face down, all at once, in the direction `exchange_direction` names.
    exchange_three: bool,
    /// Sichuan 换三张: where the three tiles go (`dice`, `next`, `previous`, `across`).
    exchange_direction: ExchangeDirection,
    /// Chinese families, 报听: declaring a ready hand (`off`, `optional`, `required`), with the
    /// riichi action and events: the declaration locks the hand, costs no stick.
    declare_ready: DeclareReady,
    /// Chinese families, 报听: the fans a declared win counts more (a doubling each in the
    /// doubling tables).
    declare_ready_fan: u32,
    /// Sichuan 刮风下雨: base points a kong collects at once: `[open, added, closed]` (the
    /// discarder pays an open kong; every player still in pays an added or closed one).
    kong_payments: [u32; 3],
    /// Sichuan 呼叫转移: a win on the discard right after a kong takes that kong's payments.
    kong_transfer: bool,
    /// Sichuan 查花猪: at an exhaustive draw a player still holding three suits pays every
    /// other player still in the hand (and not one) the capped value.
    flower_pig: bool,
    /// 查叫 / 查大叫: at an exhaustive draw a player still in the hand who is not ready pays
    /// each ready player the highest value its hand could win (as a win on a discard).
    not_ready_pays: bool,
    /// Sichuan 退税: at an exhaustive draw a player who is not ready returns the kong payments
    /// it collected this hand.
    kong_refund: bool,
    /// Doubling tables (Sichuan): the most fans a win counts (封顶), 0 for no cap.
    fan_cap: u32,
    /// Doubling tables (Sichuan): what one fan-less win is worth; a win is this times 2^fans.
    base_points: u32,
    /// Sichuan: the reward of a self-drawn win.
    self_draw_bonus: SelfDrawBonus,
    /// Sichuan: whether 带幺九 and 将对 count (the "幺九将对" room option).
    yaojiu_jiangdui: bool,
    /// Sichuan: whether 门清 (no pon or open kong) and 中张 (no 1 or 9) count one fan each.
    menqing_zhongzhang: bool,
    /// Sichuan 点杠花: a win on the replacement tile of an open kong is paid as a self-draw
    /// (true) or by the kong's discarder alone, as a discard (false).
    kong_flower_self_drawn: bool,
    /// Chinese families 过水: a player who passes a win on a discard may not win on another
    /// discard until its next draw.
    pass_win: bool,
    /// Hong Kong: how the points grow with the fans (`half` 半辣, `full` 全辣).
    doubling: Doubling,
    /// Hong Kong: who pays a win on a discard (`discarder` 全銃, `everyone` 半銃).
    discard_pays: DiscardPays,
    /// Hong Kong 包: a player whose discard is called for another's fourth exposed meld pays
    /// that player's self-drawn win alone (包自摸, 十二張落地); one whose discard is called for
    /// the third dragon set or the fourth wind set pays the 大三元 or 大四喜 it makes, however
    /// it is won.
    liability: bool,
    /// Guangdong 抢杠全包: a player whose added kong is robbed pays the win alone, as much as
    /// the three would pay for a self-draw.
    robbed_kong_pays_all: bool,
    /// Guangdong 买马: how many tiles are turned up from the wall after a win (the next ones
    /// the wall would give, as many as it still holds). Each names a seat counted from the
    /// dealer (1 5 9 东 中: the dealer; 2 6 南 发: the next; 3 7 西 白: across; 4 8 北: the
    /// previous), and each that names the winner (中马) makes every payer pay the win once
    /// more. 0 for none.
    horses: u8,
    /// Chinese families, 二五八将: a win with no big hand (屁胡; every win under tables without
    /// big hands) needs a pair of a 2, 5 or 8 of a suit (a joker may stand in it).
    pair_258: bool,
    /// Chinese families, 开口: a win on a discard or by robbing a kong needs at least one chi,
    /// pon or open or added kong (closed kongs and lone kongs do not open a hand); a
    /// self-drawn win needs none.
    open_to_win: bool,
    /// Wuhan 红中杠: the fans (doublings) a lone kong of a red dragon counts, 0 when the red
    /// dragon is an ordinary tile. A lone-kong red dragon is never the joker, never discarded
    /// and never part of a win: it is set aside, one tile at a time, and replaced.
    red_dragon_kong: u8,
    /// Wuhan 赖子杠: the fans a joker set aside as a lone kong counts, 0 when a joker cannot be
    /// set aside (it is then discarded like any tile). When it is more than 0 a joker leaves
    /// the hand only that way.
    joker_kong: u8,
    /// Wuhan 痞子杠: the fans a tile of the joker indicator's kind set aside as a lone kong
    /// counts, 0 when those are ordinary tiles.
    indicator_kong: u8,
    /// Chinese families with jokers: the most jokers a win with no big hand (屁胡; every win
    /// under tables without big hands) may hold; 0 for no limit.
    joker_limit: u8,
    /// Wuhan: the base of a win with one big hand (大胡), doubled for each further one; a
    /// 屁胡's base is `base_points`.
    big_hand_base: u32,
    /// Wuhan 封顶: the most one payer pays for a win, in points; 0 for no cap.
    payment_cap: u32,
}

/// Why a rule set cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// No preset of that name.
    UnknownPreset(String),
    /// The file cannot be read.
    Io {
        /// The path.
        path: String,
        /// The system's message.
        message: String,
    },
    /// The TOML is malformed, or a key is unknown or ill-typed (the message names the key and
    /// the line).
    Toml {
        /// The file (or preset) name.
        file: String,
        /// The parser's message, with line and column.
        message: String,
    },
    /// `extends` chains loop.
    Cycle(String),
    /// A preset leaves a field unset (a bug in the presets).
    Incomplete {
        /// The preset.
        file: String,
        /// The missing field.
        field: &'static str,
    },
    /// A value out of range.
    Invalid {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(name) => write!(
                f,
                "unknown rules '{name}': use a preset ({}) or a .toml file",
                PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", ")
            ),
            RulesError::Io { path, message } => write!(f, "cannot read {path}: {message}"),
            RulesError::Toml { file, message } => {
                write!(f, "{file}: {}", message.trim_end().replace('\n', "\n  "))
            }
            RulesError::Cycle(name) => write!(f, "rules '{name}' extend themselves"),
            RulesError::Incomplete { file, field } => write!(f, "{file}: field '{field}' is unset"),
            RulesError::Invalid { file, message } => write!(f, "{file}: {message}"),
        }
    }
}

impl std::error::Error for RulesError {}

const PRESETS: &[(&str, &str)] = &[
    ("base", include_str!("presets/base.toml")),
    ("mcr", include_str!("presets/mcr.toml")),
    ("chinese", include_str!("presets/chinese.toml")),
    ("laizi", include_str!("presets/laizi.toml")),
    ("riichi", include_str!("presets/riichi.toml")),
    ("sichuan", include_str!("presets/sichuan.toml")),
    ("sichuan-xueliu", include_str!("presets/sichuan-xueliu.toml")),
    ("sichuan-exchange", include_str!("presets/sichuan-exchange.toml")),
    ("riichi-majsoul", include_str!("presets/riichi-majsoul.toml")),
    ("hongkong", include_str!("presets/hongkong.toml")),
    ("guangdong", include_str!("presets/guangdong.toml")),
    ("wuhan", include_str!("presets/wuhan.toml")),
    ("sanma", include_str!("presets/sanma.toml")),
    ("sanma-majsoul", include_str!("presets/sanma-majsoul.toml")),
];

/// The preset `name`, parsed the first time it is asked for: presets are constants, and a
/// program that starts many games asks each time whether its rules are still their preset
/// ([`Rules::is_preset`]), which should not parse TOML every time, nor the presets it does not
/// play.
fn parsed_preset(name: &str) -> Option<&'static Rules> {
    use std::sync::OnceLock;
    static PARSED: [OnceLock<Option<Rules>>; PRESETS.len()] =
        [const { OnceLock::new() }; PRESETS.len()];
    let i = PRESETS.iter().position(|p| p.0 == name)?;
    PARSED[i].get_or_init(|| Rules::preset(name).ok()).as_ref()
}

impl Rules {
    /// The names of the embedded presets (without the internal `base`), the three-player
    /// ones (`sanma`, `sanma-majsoul`; [`Rules::players`]) included.
    pub fn preset_names() -> impl Iterator<Item = &'static str> {
        PRESETS.iter().map(|p| p.0).filter(|&n| n != "base")
    }

    /// An embedded preset: `mcr`, `chinese`, `laizi`, `riichi`, `riichi-majsoul`.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        resolve(name, &mut Vec::new())
    }

    /// A preset name, or a path to a TOML file (anything ending in `.toml` or containing a path
    /// separator).
    pub fn load(name_or_path: &str) -> Result<Rules, RulesError> {
        if name_or_path.ends_with(".toml") || name_or_path.contains(std::path::MAIN_SEPARATOR) {
            Rules::from_file(Path::new(name_or_path))
        } else {
            Rules::preset(name_or_path)
        }
    }

    /// A user TOML file: `extends = "<preset>"` (default `base`) and fields to override.
    pub fn from_file(path: &Path) -> Result<Rules, RulesError> {
        let text = std::fs::read_to_string(path).map_err(|e| RulesError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Rules::from_toml_str(&text, &path.display().to_string())
    }

    /// A rule set from TOML text; `file` names it in errors.
    pub fn from_toml_str(text: &str, file: &str) -> Result<Rules, RulesError> {
        let patch = parse_patch(text, file)?;
        let mut seen = vec![file.to_string()];
        let mut rules = resolve(patch.extends.as_deref().unwrap_or("base"), &mut seen)?;
        patch.apply_to(&mut rules, file)?;
        rules.check(file)?;
        Ok(rules)
    }

    /// The winning forms as a core [`FormSet`].
    pub fn form_set(&self) -> FormSet {
        let set = self.forms.iter().fold(FormSet::EMPTY, |set, &f| set.with(f));
        set.with_quads_as_two_pairs(self.quads_as_two_pairs)
    }

    /// The whole rule set as a rule file that needs no preset: what a log carries when its
    /// rules are not exactly the preset they are named after, so it replays anywhere.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Players at the table: 4, or 3 for three-player riichi (三人麻雀, `sanma`).
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The seats at the table: four, or East, South and West for three players.
    pub fn seats(&self) -> hupai_core::Seats {
        hupai_core::Seats::new(self.players).unwrap_or_default()
    }

    /// Whether these are exactly the preset of their name.
    pub fn is_preset(&self) -> bool {
        parsed_preset(&self.name).is_some_and(|p| p == self)
    }

    /// The fans a doubling table counts of `fans`: at most `fan_cap` (封顶, 爆棚), and never
    /// more than 30 (the points stay in a `u32`) when there is no cap.
    pub fn capped_fans(&self, fans: u32) -> u32 {
        fans.min(if self.fan_cap > 0 { self.fan_cap } else { 30 })
    }

    /// The joker kind a turned-up `indicator` chooses, when the rules play with jokers: the
    /// next kind in its group (9 -> 1 within a suit, North -> East, Red -> White). When the
    /// red dragon is a lone-kong tile (`red_dragon_kong`) it is never the joker and the
    /// dragons go 中 -> 发 -> 白 -> 发: Green and White choose each other, Red chooses Green.
    pub fn joker_for(&self, indicator: Kind) -> Option<Kind> {
        if !self.jokers {
            return None;
        }
        if self.red_dragon_kong > 0 && indicator.is_dragon() {
            return Some(if indicator == Kind::GREEN { Kind::WHITE } else { Kind::GREEN });
        }
        Some(indicator.successor())
    }

    /// What a lone kong of `kind` is, if the rules make it a lone-kong tile in a hand whose
    /// joker is `joker` and whose joker indicator is of kind `indicator`: the red dragon first,
    /// then the joker, then the indicator's kind.
    pub fn lone_kong_tile(
        &self,
        kind: Kind,
        joker: Option<Kind>,
        indicator: Option<Kind>,
    ) -> Option<LoneKongTile> {
        if kind == Kind::RED && self.red_dragon_kong > 0 {
            Some(LoneKongTile::RedDragon)
        } else if Some(kind) == joker && self.joker_kong > 0 {
            Some(LoneKongTile::Joker)
        } else if Some(kind) == indicator && self.indicator_kong > 0 {
            Some(LoneKongTile::Indicator)
        } else {
            None
        }
    }

    /// The fans a lone kong of `tile` counts.
    pub fn lone_kong_fans(&self, tile: LoneKongTile) -> u8 {
        match tile {
            LoneKongTile::RedDragon => self.red_dragon_kong,
            LoneKongTile::Joker => self.joker_kong,
            LoneKongTile::Indicator => self.indicator_kong,
        }
    }

    /// Whether any tile is a lone-kong tile (Wuhan 红中赖子杠).
    pub fn has_lone_kongs(&self) -> bool {
        self.red_dragon_kong > 0 || self.joker_kong > 0 || self.indicator_kong > 0
    }
}

fn parse_patch(text: &str, file: &str) -> Result<RulesPatch, RulesError> {
    toml::from_str(text).map_err(|e| RulesError::Toml { file: file.into(), message: e.to_string() })
}

fn resolve(name: &str, seen: &mut Vec<String>) -> Result<Rules, RulesError> {
    if seen.iter().any(|s| s == name) {
        return Err(RulesError::Cycle(name.into()));
    }
    seen.push(name.into());
    let text = PRESETS
        .iter()
        .find(|p| p.0 == name)
        .map(|p| p.1)
        .ok_or_else(|| RulesError::UnknownPreset(name.into()))?;
    let patch = parse_patch(text, name)?;
    match patch.extends.clone() {
        None => patch.into_complete(name),
        Some(parent) => {
            let mut rules = resolve(&parent, seen)?;
            patch.apply_to(&mut rules, name)?;
            Ok(rules)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_loads_and_checks() {
        for name in Rules::preset_names() {
            let rules = Rules::preset(name).unwrap();
            assert_eq!(rules.name, name);
            rules.check(name).unwrap();
        }
        assert_eq!(Rules::preset("mcr").unwrap().form_set(), FormSet::MCR);
        assert_eq!(Rules::preset("riichi").unwrap().form_set(), FormSet::RIICHI);
        assert_eq!(Rules::preset("chinese").unwrap().form_set(), FormSet::CHINESE);
        assert!(Rules::preset("riichi-majsoul").unwrap().double_yakuman);
        assert!(Rules::preset("laizi").unwrap().jokers);
        assert!(!Rules::preset("laizi").unwrap().has_lone_kongs(), "laizi stays as it is");
        let wuhan = Rules::preset("wuhan").unwrap();
        assert!(wuhan.jokers && wuhan.pair_258 && wuhan.open_to_win && !wuhan.pass_win);
        // 258 pair and 开口 work under any Chinese fan table.
        let gd = "extends = \"guangdong\"\npair_258 = true\nopen_to_win = true\n";
        assert!(Rules::from_toml_str(gd, "t").is_ok());
    }

    #[test]
    fn the_wuhan_joker_skips_the_red_dragon() {
        let wuhan = Rules::preset("wuhan").unwrap();
        let laizi = Rules::preset("laizi").unwrap();
        let k = |s: &str| s.parse::<Kind>().unwrap();
        // "翻到中发白: 中 -> 发, 发 -> 白, 白 -> 发 (红中不做赖子)".
        assert_eq!(wuhan.joker_for(k("7z")), Some(k("6z")));
        assert_eq!(wuhan.joker_for(k("6z")), Some(k("5z")));
        assert_eq!(wuhan.joker_for(k("5z")), Some(k("6z")));
        assert_eq!(wuhan.joker_for(k("9m")), Some(k("1m")));
        assert_eq!(wuhan.joker_for(k("4z")), Some(k("1z")));
        assert_eq!(laizi.joker_for(k("6z")), Some(k("7z")), "laizi keeps its cycle");
        assert_eq!(
            wuhan.lone_kong_tile(k("7z"), Some(k("1m")), None),
            Some(LoneKongTile::RedDragon)
        );
        assert_eq!(wuhan.lone_kong_tile(k("1m"), Some(k("1m")), None), Some(LoneKongTile::Joker));
        assert_eq!(wuhan.lone_kong_tile(k("9m"), Some(k("1m")), Some(k("9m"))), None);
    }

    #[test]
    fn every_preset_writes_a_rule_file_that_reads_back() {
        assert!(Rules::preset_names().any(|n| n == "sanma"));
        for name in Rules::preset_names() {
            let rules = Rules::preset(name).unwrap();
            assert!(rules.is_preset());
            let again = Rules::from_toml_str(&rules.to_toml(), name).unwrap();
            assert_eq!(again, rules, "{name}");
            let mut east = rules.clone();
            east.rounds = 1;
            assert!(!east.is_preset() || rules.rounds == 1);
        }
    }

    #[test]
    fn errors_name_key_and_line() {
        let e = Rules::from_toml_str("extends = \"mcr\"\n\nmin_fans = 8\n", "x.toml").unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("x.toml") && text.contains("line 3") && text.contains("min_fans"),
            "{text}"
        );
        let e = Rules::from_toml_str("chi = \"yes\"\n", "y.toml").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("chi"), "{e}");
        let e = Rules::from_toml_str("extends = \"nope\"\n", "z.toml").unwrap_err().to_string();
        assert!(e.starts_with("unknown rules 'nope'"), "{e}");
        let e = Rules::from_toml_str("rounds = 3\n", "w.toml").unwrap_err().to_string();
        assert_eq!(e, "w.toml: rounds = 3: use 1, 2 or 4");
    }
}
