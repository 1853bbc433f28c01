//! Every setting is honoured or refused: the checks a rule set passes when it is loaded.
//!
//! Each key of a rule file is either played by the rule set's [`Variant`] or must be left as
//! the `base` preset has it; a key the variant would ignore is an error naming it, never a
//! silent no-op. `ARCHITECTURE.md` lists what each variant does with every key.
//!
//! ```
//! use hupai_rules::Rules;
//! let e = Rules::from_toml_str("extends = \"mcr\"\nkiriage = true\n", "x.toml").unwrap_err();
//! assert_eq!(e.to_string(), "x.toml: kiriage: the MCR rules ignore it (leave it unset)");
//! ```

use hupai_core::{Form, Kind, KindSet};

use crate::rules::{Rules, RulesError};
use crate::settings::{
    AfterWin, DeclareReady, DiscardPays, Doubling, ExchangeDirection, PaymentRule, SelfDrawBonus,
};
use crate::variant::Variant;

/// How a rule set's variant is named in a refusal.
fn described(variant: Variant) -> &'static str {
    match variant {
        Variant::Riichi => "the riichi rules",
        Variant::Mcr => "the MCR rules",
        Variant::Chinese => "the general Chinese rules",
        Variant::Sichuan => "the sichuan rules",
        Variant::HongKong => "the hongkong rules",
        Variant::Guangdong => "the guangdong rules",
        Variant::Wuhan => "the wuhan rules",
    }
}

/// The winning forms a variant's scorer reads.
fn scored_forms(variant: Variant) -> &'static [Form] {
    use Form::*;
    match variant {
        Variant::Riichi | Variant::HongKong | Variant::Guangdong => {
            &[Regular, SevenPairs, ThirteenOrphans]
        }
        Variant::Mcr | Variant::Chinese => {
            &[Regular, SevenPairs, ThirteenOrphans, HonorsAndKnitted, KnittedStraight]
        }
        Variant::Sichuan => &[Regular, SevenPairs],
        Variant::Wuhan => &[Regular],
    }
}

/// Whether the variant's scorer counts flower fans.
fn counts_flowers(variant: Variant) -> bool {
    match variant {
        Variant::Mcr | Variant::Chinese | Variant::HongKong => true,
        Variant::Riichi | Variant::Sichuan | Variant::Guangdong | Variant::Wuhan => false,
    }
}

/// The payment rules a variant plays, as a rule file writes them (the regional tables pay by
/// their own table, which `fans` stands for).
fn payments_played(variant: Variant) -> &'static [PaymentRule] {
    match variant {
        Variant::Riichi => &[PaymentRule::Riichi],
        Variant::Mcr | Variant::Chinese => &[PaymentRule::Mcr, PaymentRule::Fans],
        Variant::Sichuan | Variant::HongKong | Variant::Guangdong | Variant::Wuhan => {
            &[PaymentRule::Fans]
        }
    }
}

/// A payment rule as a rule file writes it.
fn payment_name(payment: PaymentRule) -> &'static str {
    match payment {
        PaymentRule::Mcr => "\"mcr\"",
        PaymentRule::Fans => "\"fans\"",
        PaymentRule::Riichi => "\"riichi\"",
    }
}

impl Rules {
    /// Checks ranges, then that every setting is one the variant plays.
    pub(crate) fn check(&self, file: &str) -> Result<(), RulesError> {
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
        self.check_family(file)?;
        self.check_played(file)?;
        self.check_players(file)?;
        self.check_settlement(file)
    }

    /// The end of a match (riichi): one uma per player, a better rank never given less, and
    /// return points that leave first place no negative oka.
    fn check_settlement(&self, file: &str) -> Result<(), RulesError> {
        let invalid = |message: String| Err(RulesError::Invalid { file: file.into(), message });
        if self.variant != Variant::Riichi {
            return Ok(());
        }
        if self.uma.len() != usize::from(self.players) {
            return invalid(format!(
                "uma: {} values for {} players (one per rank, first place first)",
                self.uma.len(),
                self.players
            ));
        }
        if self.uma.windows(2).any(|w| w[0] < w[1]) {
            return invalid(format!("uma = {:?}: a better rank never gains less", self.uma));
        }
        if self.return_points != 0 && self.return_points < self.starting_points {
            return invalid(format!(
                "return_points = {}: below starting_points ({}), first place would pay an oka",
                self.return_points, self.starting_points
            ));
        }
        Ok(())
    }

    /// The three-player settings: a seat count of 3 or 4, and the tile set, kita and the
    /// absent player's share only where they mean something.
    fn check_players(&self, file: &str) -> Result<(), RulesError> {
        let invalid = |message: String| Err(RulesError::Invalid { file: file.into(), message });
        if !matches!(self.players, 3 | 4) {
            return invalid(format!("players = {}: use 3 or 4", self.players));
        }
        let four = self.players == 4;
        let needs_three = |key: &str| {
            invalid(format!("{key}: a three-player setting (players = 3), four players ignore it"))
        };
        if four && !self.removed_kinds.is_empty() {
            return needs_three("removed_kinds");
        }
        if four && self.kita {
            return needs_three("kita");
        }
        if four && self.tsumo_loss {
            return needs_three("tsumo_loss");
        }
        if four && self.variant == Variant::Riichi && self.noten_penalty != 3000 {
            // The engine pays four-player riichi's 3000 (settle.rs): no other value is played.
            return invalid(format!(
                "noten_penalty = {}: four-player riichi pays 3000 (leave it unset)",
                self.noten_penalty
            ));
        }
        if !self.kita && (self.kita_ron || self.kita_rinshan) {
            let key = if self.kita_ron { "kita_ron" } else { "kita_rinshan" };
            return invalid(format!("{key}: rules without kita ignore it (leave it unset)"));
        }
        if self.kita && (!self.honors || self.removed_kinds.contains(&Kind::NORTH)) {
            return invalid("kita: sets North tiles aside, and the wall has none".into());
        }
        if !four && self.triple_ron_abort != Rules::preset("base")?.triple_ron_abort {
            return invalid("triple_ron_abort: three players never make three wins".into());
        }
        let mut seen = KindSet::EMPTY;
        for &k in &self.removed_kinds {
            if seen.contains(k) {
                return invalid(format!("removed_kinds: {k} is named twice"));
            }
            seen.insert(k);
        }
        for (s, five) in ["5m", "5p", "5s"].iter().enumerate() {
            let removed = self.removed_kinds.iter().any(|k| k.to_string() == *five);
            if removed && self.red_fives[s] > 0 {
                return invalid(format!("red_fives: {five} is removed from the wall"));
            }
        }
        let tiles = self.wall_size();
        let needed = 13 * u32::from(self.players) + 14 + u32::from(self.players);
        if tiles < needed {
            return invalid(format!(
                "removed_kinds: {tiles} tiles left, {} players need at least {needed}",
                self.players
            ));
        }
        Ok(())
    }

    /// The Chinese switches: only in the Chinese variants, each where its table plays it.
    fn check_family(&self, file: &str) -> Result<(), RulesError> {
        let ignored = |key: &str, by: &str| {
            Err(RulesError::Invalid {
                file: file.into(),
                message: format!("{key}: {by} ignore it (leave it unset)"),
            })
        };
        let v = self.variant;
        let chinese = v.is_chinese();
        let family = described(v);
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
            if set && !v.doubles() {
                return ignored(key, "fan tables without doubling (mcr)");
            }
        }
        let hongkong_only: [(&str, bool); 3] = [
            ("doubling", self.doubling != Doubling::Full),
            ("discard_pays", self.discard_pays != DiscardPays::Discarder),
            ("liability", self.liability),
        ];
        for (key, set) in hongkong_only {
            if set && v != Variant::HongKong {
                return ignored(key, "fan tables other than hongkong");
            }
        }
        let guangdong_only: [(&str, bool); 2] =
            [("robbed_kong_pays_all", self.robbed_kong_pays_all), ("horses", self.horses != 0)];
        for (key, set) in guangdong_only {
            if set && v != Variant::Guangdong {
                return ignored(key, "fan tables other than guangdong");
            }
        }
        self.check_wuhan(file, v == Variant::Wuhan)?;
        if self.jokers && matches!(v, Variant::Sichuan | Variant::HongKong) {
            return ignored("jokers", "the sichuan and hongkong fan tables");
        }
        let sichuan_only: [(&str, bool); 4] = [
            ("self_draw_bonus", self.self_draw_bonus != SelfDrawBonus::None),
            ("yaojiu_jiangdui", self.yaojiu_jiangdui),
            ("menqing_zhongzhang", self.menqing_zhongzhang),
            ("kong_flower_self_drawn", self.kong_flower_self_drawn),
        ];
        for (key, set) in sichuan_only {
            if set && v != Variant::Sichuan {
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
        if self.declare_ready_fan != 0 && matches!(v, Variant::HongKong | Variant::Guangdong) {
            return ignored(
                "declare_ready_fan",
                "the hongkong and guangdong fan tables (no 报听 fan)",
            );
        }
        if !self.exchange_three && self.exchange_direction != ExchangeDirection::Dice {
            return ignored("exchange_direction", "rules without exchange_three");
        }
        if v.doubles() && self.base_points == 0 {
            return Err(RulesError::Invalid {
                file: file.into(),
                message: "base_points = 0: a win must be worth something".into(),
            });
        }
        Ok(())
    }

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

    /// The keys the Chinese checks above do not cover: the riichi switches (as `base` has
    /// them outside riichi), the payment rule, the flowers, the red fives, the jokers, the
    /// winning forms and the minimum, each against what the variant's scorer and the engine
    /// play.
    fn check_played(&self, file: &str) -> Result<(), RulesError> {
        let v = self.variant;
        let refuse = |message: String| Err(RulesError::Invalid { file: file.into(), message });
        let ignored =
            |key: &str| refuse(format!("{key}: {} ignore it (leave it unset)", described(v)));
        if v != Variant::Riichi {
            let base = Rules::preset("base")?;
            let riichi_only: [(&str, bool); 23] = [
                ("red_fives", self.red_fives != base.red_fives),
                ("target_points", self.target_points != base.target_points),
                ("open_tanyao", self.open_tanyao != base.open_tanyao),
                ("double_yakuman", self.double_yakuman != base.double_yakuman),
                ("kazoe", self.kazoe != base.kazoe),
                ("kiriage", self.kiriage != base.kiriage),
                ("double_wind_pair_fu", self.double_wind_pair_fu != base.double_wind_pair_fu),
                ("renhou", self.renhou != base.renhou),
                ("nagashi_mangan", self.nagashi_mangan != base.nagashi_mangan),
                ("abortive_draws", self.abortive_draws != base.abortive_draws),
                ("triple_ron_abort", self.triple_ron_abort != base.triple_ron_abort),
                (
                    "kokushi_robs_closed_kan",
                    self.kokushi_robs_closed_kan != base.kokushi_robs_closed_kan,
                ),
                ("pao", self.pao != base.pao),
                ("players", self.players != base.players),
                ("removed_kinds", self.removed_kinds != base.removed_kinds),
                ("kita", self.kita != base.kita),
                ("kita_ron", self.kita_ron != base.kita_ron),
                ("kita_rinshan", self.kita_rinshan != base.kita_rinshan),
                ("tsumo_loss", self.tsumo_loss != base.tsumo_loss),
                ("noten_penalty", self.noten_penalty != base.noten_penalty),
                ("uma", self.uma != base.uma),
                ("return_points", self.return_points != base.return_points),
                ("final_rounding", self.final_rounding != base.final_rounding),
            ];
            if let Some((key, _)) = riichi_only.into_iter().find(|&(_, set)| set) {
                return ignored(key);
            }
        }
        let played = payments_played(v);
        if !played.contains(&self.payment) {
            let names: Vec<&str> = played.iter().map(|&p| payment_name(p)).collect();
            return refuse(format!(
                "payment = {}: use {} under {}",
                payment_name(self.payment),
                names.join(" or "),
                described(v)
            ));
        }
        if self.flowers && !counts_flowers(v) {
            return refuse(format!("flowers: {} count no flower (leave it unset)", described(v)));
        }
        if self.jokers && v == Variant::Riichi {
            return ignored("jokers");
        }
        if self.flower_pig && v != Variant::Sichuan {
            // 查花猪 pays the Sichuan cap; the other tables have no such value.
            return refuse(format!(
                "flower_pig: {} have no capped value to pay (a sichuan rule)",
                described(v)
            ));
        }
        if self.flower_pig && self.fan_cap == 0 {
            return refuse("flower_pig: pays the capped value, and fan_cap = 0 has none".into());
        }
        if let Some(form) = self.forms.iter().find(|f| !scored_forms(v).contains(f)) {
            return refuse(format!("forms: {} cannot score {}", described(v), form.name()));
        }
        if v == Variant::Riichi && self.min_fan == 0 {
            return refuse("min_fan = 0: a riichi win needs a yaku (min_fan = 1 or more)".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{ExchangeDirection, Rules};

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
        assert_eq!(xueliu.after_win, crate::AfterWin::Stay);
        assert!(!xueliu.honors && !xueliu.chi && xueliu.void_suit);
    }

    #[test]
    fn every_key_a_variant_does_not_play_is_refused_by_name() {
        // (rule file, the message it must give): one for each key the checks above let
        // through before, each naming the key.
        let bad = [
            ("extends = \"mcr\"\nkiriage = true\n", "kiriage: the MCR rules ignore it"),
            (
                "extends = \"sichuan\"\nopen_tanyao = false\n",
                "open_tanyao: the sichuan rules ignore it",
            ),
            ("extends = \"chinese\"\ndouble_yakuman = true\n", "double_yakuman: the general"),
            (
                "extends = \"hongkong\"\nkazoe = \"sanbaiman\"\n",
                "kazoe: the hongkong rules ignore it",
            ),
            ("extends = \"guangdong\"\ndouble_wind_pair_fu = 2\n", "double_wind_pair_fu: the"),
            ("extends = \"mcr\"\nrenhou = \"mangan\"\n", "renhou: the MCR rules"),
            (
                "extends = \"sichuan\"\nnagashi_mangan = false\n",
                "nagashi_mangan: the sichuan rules",
            ),
            ("extends = \"chinese\"\nabortive_draws = false\n", "abortive_draws: the general"),
            (
                "extends = \"sichuan\"\ntriple_ron_abort = false\n",
                "triple_ron_abort: the sichuan rules",
            ),
            ("extends = \"mcr\"\nkokushi_robs_closed_kan = false\n", "kokushi_robs_closed_kan:"),
            ("extends = \"hongkong\"\npao = \"whole-hand\"\n", "pao: the hongkong rules ignore it"),
            ("extends = \"mcr\"\nred_fives = [1, 1, 1]\n", "red_fives: the MCR rules"),
            ("extends = \"chinese\"\ntarget_points = 100\n", "target_points: the general"),
            (
                "extends = \"riichi\"\npayment = \"fans\"\n",
                "payment = \"fans\": use \"riichi\" under the riichi rules",
            ),
            (
                "extends = \"mcr\"\npayment = \"riichi\"\n",
                "payment = \"riichi\": use \"mcr\" or \"fans\" under the MCR rules",
            ),
            (
                "extends = \"sichuan\"\npayment = \"mcr\"\n",
                "payment = \"mcr\": use \"fans\" under the sichuan rules",
            ),
            ("extends = \"riichi\"\nflowers = true\n", "flowers: the riichi rules count no"),
            (
                "extends = \"guangdong\"\nflowers = true\n",
                "flowers: the guangdong rules count no flower",
            ),
            (
                "extends = \"sichuan\"\nflowers = true\n",
                "flowers: the sichuan rules count no flower",
            ),
            ("extends = \"riichi\"\njokers = true\n", "jokers: the riichi rules ignore it"),
            ("extends = \"chinese\"\nvoid_suit = true\nflower_pig = true\n", "flower_pig: the"),
            ("extends = \"sichuan\"\nfan_cap = 0\n", "flower_pig: pays the capped value"),
            ("extends = \"riichi\"\nforms = [\"regular\", \"honors_knitted\"]\n", "forms: the ri"),
            (
                "extends = \"sichuan\"\nforms = [\"regular\", \"thirteen_orphans\"]\n",
                "forms: the sichuan rules cannot score thirteen_orphans",
            ),
            ("extends = \"riichi\"\nmin_fan = 0\n", "min_fan = 0: a riichi win needs a yaku"),
            ("extends = \"riichi\"\nfan_table = \"wuhan\"\n", "fan_table: the riichi rules"),
            ("extends = \"sichuan\"\nfamily = \"mcr\"\n", "fan_table: the MCR rules"),
            ("extends = \"mcr\"\nplayers = 3\n", "players: the MCR rules ignore it"),
            ("extends = \"sichuan\"\nkita = true\n", "kita: the sichuan rules ignore it"),
            ("extends = \"riichi\"\nplayers = 5\n", "players = 5: use 3 or 4"),
            ("extends = \"riichi\"\nkita = true\n", "kita: a three-player setting"),
            ("extends = \"riichi\"\ntsumo_loss = true\n", "tsumo_loss: a three-player"),
            (
                "extends = \"riichi\"\nremoved_kinds = [\"2m\"]\n",
                "removed_kinds: a three-player setting",
            ),
            ("extends = \"sanma\"\nkita = false\n", "kita_ron: rules without kita"),
            (
                "extends = \"sanma\"\nremoved_kinds = [\"4z\"]\n",
                "kita: sets North tiles aside",
            ),
            ("extends = \"sanma\"\nred_fives = [1, 1, 1]\n", "red_fives: 5m is removed"),
            ("extends = \"sanma\"\ntriple_ron_abort = false\n", "triple_ron_abort: three"),
            ("extends = \"mcr\"\numa = [10, 0, 0, -10]\n", "uma: the MCR rules ignore it"),
            ("extends = \"sichuan\"\nreturn_points = 30000\n", "return_points: the sichuan"),
            ("extends = \"chinese\"\nfinal_rounding = \"thousands\"\n", "final_rounding: the"),
            ("extends = \"riichi\"\numa = [20000, -20000]\n", "uma: 2 values for 4 players"),
            ("extends = \"sanma\"\numa = [0, 0, 0, 0]\n", "uma: 4 values for 3 players"),
            (
                "extends = \"riichi\"\numa = [10000, 20000, -10000, -20000]\n",
                "uma = [10000, 20000, -10000, -20000]: a better rank never gains less",
            ),
            (
                "extends = \"riichi\"\nreturn_points = 20000\n",
                "return_points = 20000: below starting_points (25000)",
            ),
            (
                "extends = \"sanma\"\nremoved_kinds = [\"2m\", \"2m\"]\nred_fives = [1, 1, 1]\n",
                "removed_kinds: 2m is named twice",
            ),
            (
                "extends = \"sanma\"\nkita = false\nkita_ron = false\nkita_rinshan = false\nhonors = false\nremoved_kinds = [\"2m\", \"3m\", \"4m\", \"5m\", \"6m\", \"7m\", \"8m\", \"2p\", \"3p\", \"4p\", \"5p\", \"6p\", \"7p\", \"8p\"]\nred_fives = [0, 0, 1]\n",
                "removed_kinds: 52 tiles left, 3 players need at least 56",
            ),
        ];
        for (text, want) in bad {
            let e = Rules::from_toml_str(text, "t.toml").unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        // What each variant plays is accepted.
        let good = [
            "extends = \"riichi\"\nmin_fan = 2\nkiriage = true\nred_fives = [0, 2, 0]\n",
            "extends = \"mcr\"\npayment = \"fans\"\nmin_fan = 0\n",
            "extends = \"chinese\"\nflowers = true\npayment = \"mcr\"\n",
            "extends = \"hongkong\"\nflowers = false\n",
            "extends = \"sichuan\"\nmin_fan = 2\nfan_cap = 0\nflower_pig = false\n",
            "extends = \"guangdong\"\nmin_fan = 1\njokers = true\n",
            "extends = \"sanma\"\ntsumo_loss = false\nkita_ron = false\n",
            "extends = \"sanma\"\nkita = false\nkita_ron = false\nkita_rinshan = false\n",
            "extends = \"sanma-majsoul\"\nnoten_penalty = 1000\n",
            "extends = \"riichi\"\numa = [30000, 10000, -10000, -30000]\nreturn_points = 0\n",
            "extends = \"sanma\"\numa = [15000, 0, -15000]\nreturn_points = 40000\n",
        ];
        let e = Rules::from_toml_str("extends = \"riichi\"\nnoten_penalty = 1000\n", "t.toml");
        assert_eq!(
            e.unwrap_err().to_string(),
            "t.toml: noten_penalty = 1000: four-player riichi pays 3000 (leave it unset)"
        );
        for text in good {
            Rules::from_toml_str(text, "t.toml").unwrap_or_else(|e| panic!("{text}: {e}"));
        }
    }
}
