//! Rule sets as data: embedded presets and user TOML files that extend them.
//!
//! ```
//! use hupai_rules::{Family, Rules};
//! let mcr = Rules::preset("mcr").unwrap();
//! assert_eq!(mcr.family, Family::Mcr);
//! assert_eq!(mcr.min_fan, 8);
//! let mine = Rules::from_toml_str("extends = \"riichi\"\nopen_tanyao = false\n", "mine.toml").unwrap();
//! assert!(!mine.open_tanyao);
//! assert_eq!(mine.starting_points, 25000);
//! ```

use std::fmt;
use std::path::Path;

use hupai_core::{Form, FormSet, Kind};
use serde::{Deserialize, Serialize};

/// The scoring family a rule set belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Chinese Official rules (国标, MCR): 81 fans, 8-fan minimum.
    Mcr,
    /// Japanese riichi: yaku, fu, han, dora.
    Riichi,
    /// General Chinese home rules: MCR fans, no minimum (with jokers for laizi).
    Chinese,
}

/// How a win is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PaymentRule {
    /// MCR: self-drawn, each pays 8 + fans; on a discard the discarder pays 8 + fans, the others 8.
    Mcr,
    /// The fans are paid: by each of the three on a self-draw, by the discarder on a discard.
    Fans,
    /// Riichi points from han and fu, with limits, honba and riichi sticks.
    Riichi,
}

/// Where counted yakuman (kazoe) stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KazoeLimit {
    /// 13 han or more is a yakuman.
    Yakuman,
    /// 13 han or more is capped at sanbaiman.
    Sanbaiman,
}

/// How a renhou (a non-dealer's win on a discard before their first draw) is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Renhou {
    /// Not a yaku.
    Off,
    /// A mangan.
    Mangan,
    /// A yakuman.
    Yakuman,
}

/// Riichi liability (pao, 責任払い): a player whose discard is called for the third dragon
/// set (big three dragons) or the fourth wind set (big four winds) pays for that win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pao {
    /// No liability.
    Off,
    /// Tenhou: the liable player pays the whole hand on a self-drawn win, and half of it on a
    /// discard of another player (who pays the other half); the honba are the liable
    /// player's.
    WholeHand,
    /// Mahjong Soul: only the liable yakuman is paid that way; the rest of the hand is paid
    /// as usual (the honba are the liable player's).
    YakumanPart,
}

/// Which fan table scores a Chinese-family hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FanTable {
    /// The 81 MCR fans (also the general Chinese rules).
    Mcr,
    /// Sichuan 血战到底 fans, doubling per fan ([`crate::sichuan`]).
    Sichuan,
    /// Hong Kong old style (香港麻雀) fans with a minimum and a cap ([`crate::hongkong`]).
    #[serde(rename = "hongkong")]
    HongKong,
    /// Guangdong 推倒胡 fans, doubling per fan ([`crate::guangdong`]).
    Guangdong,
    /// Wuhan 红中赖子杠 (开口番) big hands and doublings, paid per payer ([`crate::wuhan`]).
    Wuhan,
}

impl FanTable {
    /// Whether a win is worth `base_points × 2^fans` (or the Hong Kong table), capped by
    /// `fan_cap`: every regional table.
    pub fn doubles(self) -> bool {
        self != FanTable::Mcr
    }
}

/// How the Hong Kong points grow with the fans (辣).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Doubling {
    /// 全辣: every fan doubles (1, 2, 4, 8, 16, 32, ...).
    Full,
    /// 半辣: doubling up to 4 fans, then every second fan doubles and the one between is half
    /// way (16, 24, 32, 48, 64, 96, ...).
    Half,
}

/// Who pays a win on a discard (Hong Kong).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardPays {
    /// 全銃: the discarder pays alone what the three would pay together.
    Discarder,
    /// 半銃 (一家出銃，兩家陪): the discarder pays a double share, the two others a share each.
    Everyone,
}

/// What happens to the hand after a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AfterWin {
    /// The hand ends.
    End,
    /// 血战到底: the winners leave the hand; the others play on until one is left or the wall
    /// is empty.
    Leave,
    /// 血流成河: the winners stay (their hand locked) and may win again until the wall is
    /// empty.
    Stay,
}

/// 报听: whether a player may, or must, declare a ready hand (Chinese families).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeclareReady {
    /// No declaration.
    #[default]
    Off,
    /// A ready player may declare with a discard: the hand is locked (each drawn tile is
    /// discarded unless it wins; no more calls) and a win counts `declare_ready_fan` more.
    Optional,
    /// As `optional`, and only a player who declared may win (the 山西/河北 推倒胡 rule).
    Required,
}

/// Where 换三张 passes the three tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExchangeDirection {
    /// The dice choose, every hand, one of the other three directions with equal chance (as
    /// the online rooms do: 顺时针, 逆时针, 对家), from the game's seeded dice.
    #[default]
    Dice,
    /// To the next player in turn order (下家).
    Next,
    /// To the previous player in turn order (上家).
    Previous,
    /// To the player across (对家).
    Across,
}

impl ExchangeDirection {
    /// How many seats along in turn order the tiles go (1 next, 2 across, 3 previous); `None`
    /// for the dice.
    pub const fn step(self) -> Option<u8> {
        match self {
            ExchangeDirection::Dice => None,
            ExchangeDirection::Next => Some(1),
            ExchangeDirection::Across => Some(2),
            ExchangeDirection::Previous => Some(3),
        }
    }
}

/// How a self-drawn win is rewarded over a win on a discard (Sichuan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SelfDrawBonus {
    /// No bonus: each payer pays what a discarder would.
    None,
    /// 自摸加底: each payer pays one base point more.
    Base,
    /// 自摸加番: one fan more.
    Fan,
}

/// Which lone-kong tile (Wuhan 红中赖子杠): a tile set aside on its own, as a kong that scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LoneKongTile {
    /// 红中杠: a red dragon.
    RedDragon,
    /// 赖子杠: the joker.
    Joker,
    /// 痞子杠: a tile of the joker indicator's kind.
    Indicator,
}

/// Defines [`Rules`] and the patch type that presets and user files deserialize into, from one
/// list of fields, so the two can never drift apart.
macro_rules! rules_fields {
    ($( $(#[doc = $doc:literal])+ $field:ident : $ty:ty, )*) => {
        /// A rule set: everything the rules decide, as plain data.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        pub struct Rules {
            $( $(#[doc = $doc])+ pub $field: $ty, )*
        }

        #[derive(Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct RulesPatch {
            extends: Option<String>,
            $( $field: Option<$ty>, )*
        }

        impl RulesPatch {
            fn apply_to(self, rules: &mut Rules) {
                $( if let Some(v) = self.$field { rules.$field = v; } )*
            }

            fn into_complete(self) -> Result<Rules, &'static str> {
                Ok(Rules { $( $field: self.$field.ok_or(stringify!($field))?, )* })
            }
        }
    };
}

rules_fields! {
    /// The rule set's name (a preset name, or what a user file calls itself).
    name: String,
    /// Which scoring family.
    family: Family,
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
    /// Chinese families: the fan table (`mcr` for the MCR family and the general rules).
    fan_table: FanTable,
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
];

/// Every preset, parsed once: they are constants, and a program that starts many games asks
/// each time whether its rules are still their preset ([`Rules::is_preset`]), which should not
/// parse TOML every time.
fn parsed_presets() -> &'static [Rules] {
    static PARSED: std::sync::OnceLock<Vec<Rules>> = std::sync::OnceLock::new();
    PARSED.get_or_init(|| PRESETS.iter().filter_map(|(name, _)| Rules::preset(name).ok()).collect())
}

impl Rules {
    /// The names of the embedded presets (without the internal `base`).
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
        patch.apply_to(&mut rules);
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

    /// Whether these are exactly the preset of their name.
    pub fn is_preset(&self) -> bool {
        parsed_presets().iter().any(|p| p.name == self.name && p == self)
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

    fn check(&self, file: &str) -> Result<(), RulesError> {
        let invalid = |message: String| Err(RulesError::Invalid { file: file.into(), message });
        if !matches!(self.rounds, 1 | 2 | 4) {
            return invalid(format!("rounds = {}: use 1, 2 or 4", self.rounds));
        }
        if self.red_fives.iter().any(|&r| r > 4) {
            return invalid("red_fives: at most 4 per suit".into());
        }
        if !matches!(self.double_wind_pair_fu, 2 | 4) {
            return invalid(format!(
                "double_wind_pair_fu = {}: use 2 or 4",
                self.double_wind_pair_fu
            ));
        }
        if self.forms.is_empty() {
            return invalid("forms: at least one winning form".into());
        }
        self.check_family(file)
    }

    /// A setting that the rule set's family or fan table would ignore is an error.
    fn check_family(&self, file: &str) -> Result<(), RulesError> {
        let ignored = |key: &str, by: &str| {
            Err(RulesError::Invalid {
                file: file.into(),
                message: format!("{key}: {by} ignore it (leave it unset)"),
            })
        };
        let chinese = self.family == Family::Chinese;
        let sichuan = chinese && self.fan_table == FanTable::Sichuan;
        let hongkong = chinese && self.fan_table == FanTable::HongKong;
        let guangdong = chinese && self.fan_table == FanTable::Guangdong;
        let doubles = chinese && self.fan_table.doubles();
        let family = match self.family {
            Family::Mcr => "the MCR rules",
            Family::Riichi => "the riichi rules",
            Family::Chinese => "the Chinese rules",
        };
        if !chinese && self.fan_table != FanTable::Mcr {
            return ignored("fan_table", family);
        }
        if !chinese && self.after_win != AfterWin::End {
            return ignored("after_win", family);
        }
        let chinese_only: [(&str, bool); 15] = [
            ("pair_258", self.pair_258),
            ("open_to_win", self.open_to_win),
            ("red_dragon_kong", self.red_dragon_kong != 0),
            ("joker_kong", self.joker_kong != 0),
            ("indicator_kong", self.indicator_kong != 0),
            ("joker_limit", self.joker_limit != 0),
            ("declare_ready", self.declare_ready != DeclareReady::Off),
            ("declare_ready_fan", self.declare_ready_fan != 0),
            ("void_suit", self.void_suit),
            ("exchange_three", self.exchange_three),
            ("kong_payments", self.kong_payments != [0; 3]),
            ("kong_transfer", self.kong_transfer),
            ("flower_pig", self.flower_pig),
            ("not_ready_pays", self.not_ready_pays),
            ("pass_win", self.pass_win),
        ];
        for (key, set) in chinese_only {
            if set && !chinese {
                return ignored(key, family);
            }
        }
        let doubling_only: [(&str, bool); 2] =
            [("fan_cap", self.fan_cap != 0), ("base_points", self.base_points != 1)];
        for (key, set) in doubling_only {
            if set && !doubles {
                return ignored(key, "fan tables without doubling (mcr)");
            }
        }
        let hongkong_only: [(&str, bool); 3] = [
            ("doubling", self.doubling != Doubling::Full),
            ("discard_pays", self.discard_pays != DiscardPays::Discarder),
            ("liability", self.liability),
        ];
        for (key, set) in hongkong_only {
            if set && !hongkong {
                return ignored(key, "fan tables other than hongkong");
            }
        }
        let guangdong_only: [(&str, bool); 2] =
            [("robbed_kong_pays_all", self.robbed_kong_pays_all), ("horses", self.horses != 0)];
        for (key, set) in guangdong_only {
            if set && !guangdong {
                return ignored(key, "fan tables other than guangdong");
            }
        }
        self.check_wuhan(file, chinese && self.fan_table == FanTable::Wuhan)?;
        if self.jokers
            && chinese
            && !matches!(self.fan_table, FanTable::Mcr | FanTable::Guangdong | FanTable::Wuhan)
        {
            return ignored("jokers", "the sichuan and hongkong fan tables");
        }
        let sichuan_only: [(&str, bool); 4] = [
            ("self_draw_bonus", self.self_draw_bonus != SelfDrawBonus::None),
            ("yaojiu_jiangdui", self.yaojiu_jiangdui),
            ("menqing_zhongzhang", self.menqing_zhongzhang),
            ("kong_flower_self_drawn", self.kong_flower_self_drawn),
        ];
        for (key, set) in sichuan_only {
            if set && !sichuan {
                return ignored(key, "fan tables other than sichuan");
            }
        }
        let no_kong_pay = self.kong_payments == [0; 3];
        if (self.kong_transfer || self.kong_refund) && no_kong_pay {
            return ignored(
                if self.kong_transfer { "kong_transfer" } else { "kong_refund" },
                "rules without kong_payments",
            );
        }
        if self.flower_pig && !self.void_suit {
            return ignored("flower_pig", "rules without void_suit");
        }
        if self.exchange_three && self.honors {
            return ignored("exchange_three", "rules with honours (three tiles of a suit)");
        }
        if self.exchange_three && self.red_fives != [0; 3] {
            // Red fives score nothing outside riichi; the exchange names tiles by kind.
            return ignored("exchange_three", "rules with red fives");
        }
        if self.declare_ready == DeclareReady::Off && self.declare_ready_fan != 0 {
            return ignored("declare_ready_fan", "rules without declare_ready");
        }
        if self.declare_ready_fan != 0
            && matches!(self.fan_table, FanTable::HongKong | FanTable::Guangdong)
        {
            return ignored(
                "declare_ready_fan",
                "the hongkong and guangdong fan tables (no 报听 fan)",
            );
        }
        if !self.exchange_three && self.exchange_direction != ExchangeDirection::Dice {
            return ignored("exchange_direction", "rules without exchange_three");
        }
        if doubles && self.base_points == 0 {
            return Err(RulesError::Invalid {
                file: file.into(),
                message: "base_points = 0: a win must be worth something".into(),
            });
        }
        Ok(())
    }
}

impl Rules {
    /// The Wuhan switches: lone kongs and the big-hand payments only under the wuhan table,
    /// the joker's switches only with jokers, and the wuhan table only with regular hands.
    fn check_wuhan(&self, file: &str, wuhan: bool) -> Result<(), RulesError> {
        let invalid = |message: String| Err(RulesError::Invalid { file: file.into(), message });
        let wuhan_only: [(&str, bool); 5] = [
            ("red_dragon_kong", self.red_dragon_kong != 0),
            ("joker_kong", self.joker_kong != 0),
            ("indicator_kong", self.indicator_kong != 0),
            ("big_hand_base", self.big_hand_base != 0),
            ("payment_cap", self.payment_cap != 0),
        ];
        for (key, set) in wuhan_only {
            if set && !wuhan {
                return invalid(format!(
                    "{key}: fan tables other than wuhan ignore it (leave it unset)"
                ));
            }
        }
        let joker_only: [(&str, bool); 3] = [
            ("joker_kong", self.joker_kong != 0),
            ("indicator_kong", self.indicator_kong != 0),
            ("joker_limit", self.joker_limit != 0),
        ];
        for (key, set) in joker_only {
            if set && !self.jokers {
                return invalid(format!("{key}: rules without jokers ignore it (leave it unset)"));
            }
        }
        if self.red_dragon_kong > 0 && !self.honors {
            return invalid("red_dragon_kong: rules without honours have no red dragon".into());
        }
        if self.has_lone_kongs() && self.flowers {
            // A lone kong is set aside like a flower; the two together are not a known game.
            return invalid("red_dragon_kong, joker_kong, indicator_kong: not with flowers".into());
        }
        if self.has_lone_kongs() && self.declare_ready != DeclareReady::Off {
            // A declared hand discards what it draws; a lone-kong tile cannot be discarded.
            return invalid("lone kongs: not with declare_ready".into());
        }
        if self.has_lone_kongs() && self.after_win != AfterWin::End {
            return invalid("lone kongs: only with after_win = \"end\"".into());
        }
        if wuhan {
            if self.forms != [Form::Regular] {
                return invalid(
                    "forms: the wuhan fan table scores regular hands only (forms = [\"regular\"])"
                        .into(),
                );
            }
            if self.big_hand_base == 0 {
                return invalid("big_hand_base = 0: a big hand must be worth something".into());
            }
            if self.declare_ready_fan != 0 {
                return invalid("declare_ready_fan: the wuhan fan table has no 报听 fan".into());
            }
            if self.fan_cap != 0 {
                return invalid("fan_cap: the wuhan fan table caps payments (payment_cap)".into());
            }
            if self.not_ready_pays {
                // 查叫 would need each payer's doublings at the draw: not played.
                return invalid("not_ready_pays: the wuhan fan table has no 查叫".into());
            }
        }
        Ok(())
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
        None => patch
            .into_complete()
            .map_err(|field| RulesError::Incomplete { file: name.into(), field }),
        Some(parent) => {
            let mut rules = resolve(&parent, seen)?;
            patch.apply_to(&mut rules);
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

    #[test]
    fn a_setting_the_family_ignores_is_an_error() {
        let bad = [
            ("extends = \"riichi\"\nvoid_suit = true\n", "void_suit: the riichi rules"),
            ("extends = \"mcr\"\nafter_win = \"leave\"\n", "after_win: the MCR rules"),
            ("extends = \"chinese\"\nfan_cap = 3\n", "fan_cap: fan tables without doubling"),
            (
                "extends = \"sichuan\"\nliability = true\n",
                "liability: fan tables other than hongkong",
            ),
            ("extends = \"hongkong\"\nhorses = 4\n", "horses: fan tables other than guangdong"),
            ("extends = \"hongkong\"\njokers = true\n", "jokers: the sichuan and hongkong"),
            ("extends = \"sichuan\"\nkong_payments = [0, 0, 0]\n", "kong_transfer: rules"),
            ("extends = \"chinese\"\nexchange_three = true\n", "exchange_three: rules with"),
            ("extends = \"sichuan\"\nexchange_direction = \"next\"\n", "exchange_direction:"),
            (
                "extends = \"sichuan\"\nexchange_three = true\nred_fives = [1, 1, 1]\n",
                "exchange_three: rules with red fives",
            ),
            ("extends = \"riichi\"\ndeclare_ready = \"optional\"\n", "declare_ready: the riichi"),
            ("extends = \"mcr\"\ndeclare_ready = \"required\"\n", "declare_ready: the MCR"),
            ("extends = \"chinese\"\ndeclare_ready_fan = 2\n", "declare_ready_fan: rules without"),
            ("extends = \"riichi\"\npair_258 = true\n", "pair_258: the riichi rules"),
            ("extends = \"mcr\"\nopen_to_win = true\n", "open_to_win: the MCR rules"),
            ("extends = \"laizi\"\nred_dragon_kong = 1\n", "red_dragon_kong: fan tables other"),
            ("extends = \"chinese\"\njoker_limit = 1\n", "joker_limit: rules without jokers"),
            ("extends = \"wuhan\"\njokers = false\n", "joker_kong: rules without jokers"),
            ("extends = \"wuhan\"\nforms = [\"regular\", \"seven_pairs\"]\n", "forms: the wuhan"),
            ("extends = \"wuhan\"\nfan_cap = 3\n", "fan_cap: the wuhan fan table"),
            ("extends = \"wuhan\"\nbig_hand_base = 0\n", "big_hand_base = 0"),
            ("extends = \"sichuan\"\npayment_cap = 50\n", "payment_cap: fan tables other"),
            ("extends = \"wuhan\"\nflowers = true\n", "not with flowers"),
        ];
        let swap = Rules::from_toml_str("extends = \"sichuan\"\nexchange_three = true\n", "t");
        assert_eq!(swap.unwrap().exchange_direction, ExchangeDirection::Dice);
        for (text, want) in bad {
            let e = Rules::from_toml_str(text, "t.toml").unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        let xueliu = Rules::preset("sichuan-xueliu").unwrap();
        assert_eq!(xueliu.after_win, AfterWin::Stay);
        assert!(!xueliu.honors && !xueliu.chi && xueliu.void_suit);
    }
}
