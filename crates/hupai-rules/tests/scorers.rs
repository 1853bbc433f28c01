//! The scorers of every variant through the public `score`: payments, minimums, readings and
//! refusals, one module a variant (the unit tests of `src/<variant>/`, kept out of the
//! scorers' files so that no scorer file names the dispatch that calls it).

#![cfg(test)]

mod mcr {
    use hupai_core::Hand;
    use hupai_rules::*;

    fn ctx(win: &str, self_drawn: bool) -> WinContext {
        WinContext::new(win.parse().unwrap(), self_drawn)
    }

    fn fans(s: &Score) -> Vec<(&'static str, u32)> {
        s.items.iter().map(|i| (i.id.as_str(), i.count)).collect()
    }

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn payments_follow_the_rules() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("1112345678999m5m");
        let s = score(&mcr, &h, &ctx("5m", true)).unwrap();
        assert_eq!(s.payments.tsumo_others, Some(8 + s.total));
        assert_eq!(s.payments.total, 3 * (8 + s.total));
        let s = score(&mcr, &h, &ctx("5m", false)).unwrap();
        assert_eq!(s.payments.ron, Some(8 + s.total));
        assert_eq!(s.payments.ron_others, 8);
        assert_eq!(s.payments.total, s.total + 24);
        let chinese = Rules::preset("chinese").unwrap();
        let s = score(&chinese, &h, &ctx("5m", false)).unwrap();
        assert_eq!(
            (s.payments.ron, s.payments.ron_others, s.payments.total),
            (Some(s.total), 0, s.total)
        );
        let s = score(&chinese, &h, &ctx("5m", true)).unwrap();
        assert_eq!((s.payments.tsumo_others, s.payments.total), (Some(s.total), 3 * s.total));
    }

    #[test]
    fn minimum_excludes_flowers() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("456789s55m chi:123m pon:999p");
        let mut c = ctx("5m", false);
        c.flowers = 8;
        let s = score(&mcr, &h, &c).unwrap();
        assert!(s.total < 16 && s.total >= 8, "{s:?}");
        assert!(!s.meets_minimum);
        assert_eq!(s.payments, Payments::default());
        assert_eq!(s.items.last().map(|i| (i.id.as_str(), i.count)), Some(("flower_tiles", 8)));
        let chinese =
            Rules::from_toml_str("extends = \"chinese\"\nflowers = true\n", "t.toml").unwrap();
        let s = score(&chinese, &h, &c).unwrap();
        assert!(s.meets_minimum);
        assert_eq!(s.payments.ron, Some(s.total));
    }

    #[test]
    fn chicken_hand_when_nothing_scores() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("345m678p11z chi:123s pon:555p");
        let mut c = ctx("5m", false);
        c.seat_wind = hupai_core::Seat::West;
        c.round_wind = hupai_core::Seat::South;
        let s = score(&mcr, &h, &c).unwrap();
        assert_eq!(fans(&s), [("chicken_hand", 1)]);
        assert!(s.meets_minimum);
    }

    #[test]
    fn inconsistent_flags_are_errors() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("123m456p789s11z33z3z");
        let mut c = ctx("3z", false);
        c.fourth_tile = true;
        assert_eq!(score(&mcr, &h, &c), Err(Inconsistency::FourthTileHeld.into()));
        let mut c = ctx("3z", false);
        c.robbing_kong = true;
        assert_eq!(score(&mcr, &h, &c), Err(Inconsistency::RobbingKongHeld.into()));
        let h3 = hand("456p789s11z33z3z chi:123m");
        let mut c = ctx("3z", true);
        c.first_turn = true;
        assert_eq!(score(&mcr, &h3, &c), Err(Inconsistency::FirstTurnWithMelds.into()));
        // Three copies in the declared melds: the fourth tile, with or without the flag.
        let h4 = hand("123m456p789s11z pon:222m");
        let s = score(&mcr, &h4, &ctx("2m", false)).unwrap();
        assert!(fans(&s).contains(&("last_tile", 1)), "{:?}", fans(&s));
    }

    #[test]
    fn replacement_on_the_last_tile_scores_both() {
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("44z ankan:1111z ankan:5555z ankan:6666z ankan:7777z");
        let mut c = ctx("4z", true);
        c.replacement = true;
        c.last_tile = true;
        let s = score(&mcr, &h, &c).unwrap();
        let ids: Vec<_> = s.items.iter().map(|i| i.id.as_str()).collect();
        assert!(ids.contains(&"last_tile_draw") && ids.contains(&"out_with_replacement_tile"));
    }

    #[test]
    fn not_winning_and_forms_by_rules() {
        let mcr = Rules::preset("mcr").unwrap();
        assert_eq!(
            score(&mcr, &hand("1112345678999m1z"), &ctx("1z", false)),
            Err(ScoreError::NotWinning)
        );
        let knitted = hand("147m258p369s123s77z");
        assert!(score(&mcr, &knitted, &ctx("7z", false)).is_ok());
        let chinese = Rules::preset("chinese").unwrap();
        assert_eq!(score(&chinese, &knitted, &ctx("7z", false)), Err(ScoreError::NotWinning));
        let quads = hand("1111m2255p3366s77z");
        let s = score(&chinese, &quads, &ctx("7z", false)).unwrap();
        assert!(fans(&s).contains(&("seven_pairs", 1)));
        let strict =
            Rules::from_toml_str("extends = \"chinese\"\nquads_as_two_pairs = false\n", "q.toml")
                .unwrap();
        assert_eq!(score(&strict, &quads, &ctx("7z", false)), Err(ScoreError::NotWinning));
    }

    #[test]
    fn jokers_take_the_best_substitution() {
        let laizi = Rules::preset("laizi").unwrap();
        // The joker completes Nine Gates waiting on 9m.
        let h = hand("1112345678999m*");
        let s = score(&laizi, &h, &ctx("9m", true)).unwrap();
        assert!(fans(&s).contains(&("nine_gates", 1)), "{:?}", fans(&s));
        // The joker is the win tile itself.
        let h = hand("123m456p789s24s11z*");
        let s = score(&laizi, &h, &ctx("3s", false)).unwrap();
        let plain = score(&laizi, &hand("123m456p789s234s11z"), &ctx("3s", false)).unwrap();
        assert_eq!(s.total, plain.total);
        // Two jokers, and a hand no substitution completes.
        let h = hand("123m456p789s11z4s**");
        assert!(score(&laizi, &h, &ctx("4s", false)).is_ok());
        let h = hand("13579m2468p1357s*");
        assert_eq!(score(&laizi, &h, &ctx("1m", false)), Err(ScoreError::NotWinning));
        let mcr = Rules::preset("mcr").unwrap();
        let h = hand("123m456p789s11z4s**");
        assert!(matches!(score(&mcr, &h, &ctx("4s", false)), Err(ScoreError::BadInput(_))));
    }
}

mod riichi {
    use hupai_core::Hand;
    use hupai_rules::*;

    fn win(
        rules: &Rules,
        hand: &str,
        tile: &str,
        tsumo: bool,
        dora: &str,
    ) -> Result<Score, ScoreError> {
        let hand: Hand = hand.parse().unwrap();
        let mut ctx = WinContext::new(tile.parse().unwrap(), tsumo);
        ctx.riichi = true;
        ctx.dora_indicators = dora.split_whitespace().map(|k| k.parse().unwrap()).collect();
        score(rules, &hand, &ctx)
    }

    /// The two-han minimum (リャンシバ) counts the yaku, not dora: riichi with three dora is
    /// four han but one han of yaku, refused; riichi and menzen tsumo win.
    #[test]
    fn the_two_han_minimum_counts_no_dora() {
        let two = Rules::from_toml_str("extends = \"riichi\"\nmin_fan = 2\n", "t.toml").unwrap();
        let one = Rules::preset("riichi").unwrap();
        let hand = "111m456p789s234s55p";
        let tenhou = win(&one, hand, "5p", false, "4p").unwrap();
        assert_eq!((tenhou.total, tenhou.meets_minimum), (4, true), "riichi, dora 3");
        let refused = win(&two, hand, "5p", false, "4p").unwrap_err();
        let below = Refusal::BelowMinimum { counted: 1, min_fan: 2 };
        assert_eq!(refused, ScoreError::Refused(below));
        assert_eq!(
            refused.to_string(),
            "refused: 1 han from yaku (dora not counted): the rules need 2 (min_fan)"
        );
        let tsumo = win(&two, hand, "5p", true, "4p").unwrap();
        assert_eq!((tsumo.total, tsumo.meets_minimum), (5, true), "riichi, tsumo, dora 3");
        // A yakuman always reaches the minimum.
        let three = Rules::from_toml_str("extends = \"riichi\"\nmin_fan = 3\n", "t.toml").unwrap();
        let hand: Hand = "19m19p19s12345677z".parse().unwrap();
        let s = score(&three, &hand, &WinContext::new("7z".parse().unwrap(), false)).unwrap();
        assert_eq!(s.limit, Some(Limit::Yakuman(1)));
    }
}

mod sichuan {
    use hupai_core::Hand;
    use hupai_rules::sichuan::{cap_payment, payment};
    use hupai_rules::*;

    fn fans(hand: &str, win: &str, self_drawn: bool) -> Vec<(&'static str, u32)> {
        let rules = Rules::preset("sichuan").unwrap();
        let hand: Hand = hand.parse().unwrap();
        let s = score(&rules, &hand, &WinContext::new(win.parse().unwrap(), self_drawn)).unwrap();
        s.items.iter().map(|i| (i.id.as_str(), i.count)).collect()
    }

    #[test]
    fn patterns_add_up() {
        assert_eq!(fans("123m456m789m234p55p", "5p", false), [("ping_hu", 1)]);
        assert_eq!(fans("11223344556677m", "7m", false), [("qing_yi_se", 1), ("qi_dui", 1)]);
        assert_eq!(fans("11112233445566m", "6m", false), [("qing_yi_se", 1), ("long_qi_dui", 1)]);
        assert_eq!(fans("22m pon:555p pon:888p pon:222p pon:555m", "2m", false).len(), 2);
        assert_eq!(fans("111m999m123p789p11p", "1p", false), [("dai_yao_jiu", 1)],);
        assert_eq!(fans("1111m23m456m789m99m", "9m", false), [("qing_yi_se", 1), ("gen", 1)],);
    }

    /// `min_fan` counts the hand's fans and the situation's, not 自摸加番's: with `min_fan =
    /// 1` a 平胡 is below it, self-drawn too, and 对对胡 reaches it.
    #[test]
    fn the_minimum_counts_every_fan_but_the_self_draw_bonus() {
        let text = "extends = \"sichuan\"\nmin_fan = 1\nself_draw_bonus = \"fan\"\n";
        let rules = Rules::from_toml_str(text, "t.toml").unwrap();
        let s = |hand: &str, win: &str, self_drawn: bool| {
            let hand: Hand = hand.parse().unwrap();
            score(&rules, &hand, &WinContext::new(win.parse().unwrap(), self_drawn)).unwrap()
        };
        assert!(!s("123m456m789m234p55p", "5p", false).meets_minimum, "平胡");
        let drawn = s("123m456m789m234p55p", "5p", true);
        assert_eq!((drawn.total, drawn.meets_minimum), (1, false), "平胡 + 自摸加番");
        assert!(s("111m555m999m222p55p", "5p", false).meets_minimum, "对对胡");
        let preset = Rules::preset("sichuan").unwrap();
        let hand: Hand = "123m456m789m234p55p".parse().unwrap();
        let ping_hu = score(&preset, &hand, &WinContext::new("5p".parse().unwrap(), false));
        assert!(ping_hu.unwrap().meets_minimum, "no minimum in the preset");
    }

    #[test]
    fn three_suits_never_win() {
        let rules = Rules::preset("sichuan").unwrap();
        let hand: Hand = "123m456p789s11m234m".parse().unwrap();
        let ctx = WinContext::new("1m".parse().unwrap(), false);
        assert_eq!(score(&rules, &hand, &ctx), Err(ScoreError::NotWinning));
    }

    #[test]
    fn the_cap_and_the_self_draw_base() {
        let rules = Rules::preset("sichuan").unwrap();
        assert_eq!(payment(&rules, 0, false), 1);
        assert_eq!(payment(&rules, 0, true), 2);
        assert_eq!(payment(&rules, 3, false), 8);
        assert_eq!(payment(&rules, 9, false), 1 << rules.fan_cap);
        assert_eq!(cap_payment(&rules), 1 << rules.fan_cap);
    }
}

mod hongkong {
    use hupai_core::Hand;
    use hupai_rules::hongkong::points;
    use hupai_rules::*;

    fn fans(hand: &str, win: &str, self_drawn: bool) -> Vec<(&'static str, u32)> {
        let rules = Rules::preset("hongkong").unwrap();
        let hand: Hand = hand.parse().unwrap();
        let s = score(&rules, &hand, &WinContext::new(win.parse().unwrap(), self_drawn)).unwrap();
        s.items.iter().map(|i| (i.id.as_str(), i.count)).collect()
    }

    #[test]
    fn the_half_and_full_tables() {
        let mut rules = Rules::preset("hongkong").unwrap();
        let half: Vec<u32> = (0..=14).map(|f| points(&rules, f)).collect();
        assert_eq!(half, [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 384]);
        rules.doubling = Doubling::Full;
        rules.fan_cap = 10;
        assert_eq!(points(&rules, 3), 8);
        assert_eq!(points(&rules, 12), 1024);
    }

    #[test]
    fn readings_and_exclusions() {
        assert_eq!(
            fans("111m222m333m99m pon:555m", "9m", false),
            [("cing_jat_sik", 1), ("deoi_deoi_wu", 1), ("mou_faa", 1)]
        );
        // The same tiles read as three chows: 清一色 alone is less than with 對對糊.
        assert_eq!(fans("123m456p789s55p pon:555z", "5p", false), [("faan_zi", 1), ("mou_faa", 1)]);
        assert_eq!(fans("123m456p789s55p chi:234s", "5p", false), [("ping_wu", 1), ("mou_faa", 1)]);
        assert_eq!(fans("19m19p19s12345677z", "7z", true)[0], ("sap_saam_jiu", 1));
        let big = fans("111z222z333z444z55z", "5z", true);
        assert_eq!(big[..3], [("daai_sei_hei", 1), ("zi_jat_sik", 1), ("ham_ham_wu", 1)]);
    }

    #[test]
    fn below_three_fans_is_no_win() {
        let rules = Rules::preset("hongkong").unwrap();
        let hand: Hand = "123m456p789s55p chi:234s".parse().unwrap();
        let s = score(&rules, &hand, &WinContext::new("5p".parse().unwrap(), false)).unwrap();
        assert!(!s.meets_minimum, "平糊 and 無花: one fan counted for the minimum");
    }
}

mod guangdong {
    use hupai_core::Hand;
    use hupai_rules::*;

    fn scored(rules: &Rules, hand: &str, win: &str, self_drawn: bool) -> Score {
        let hand: Hand = hand.parse().unwrap();
        score(rules, &hand, &WinContext::new(win.parse().unwrap(), self_drawn)).unwrap()
    }

    fn ids(s: &Score) -> Vec<&'static str> {
        s.items.iter().map(|i| i.id.as_str()).collect()
    }

    #[test]
    fn patterns_and_payments() {
        let rules = Rules::preset("guangdong").unwrap();
        let s = scored(&rules, "11223344556677s", "7s", true);
        assert_eq!(ids(&s), ["qing_yi_se", "qi_dui", "zi_mo_hu"]);
        assert_eq!(s.payments.tsumo_others, Some(32));
        let s = scored(&rules, "11112233445566p", "6p", false);
        assert_eq!(ids(&s), ["hao_hua_qi_dui", "qing_yi_se"]);
        let s = scored(&rules, "19m19p19s12345677z", "7z", false);
        assert_eq!(ids(&s), ["shi_san_yao"]);
    }

    #[test]
    fn a_joker_stands_for_the_best_kind_and_no_joker_doubles() {
        let mut rules = Rules::preset("guangdong").unwrap();
        rules.jokers = true;
        // As 7m the joker makes 清七对 (4), better than the regular reading's 清一色 (2).
        let s = scored(&rules, "1122334455667m*", "7m", false);
        assert_eq!(ids(&s), ["qing_yi_se", "qi_dui"], "{s:?}");
        let s = scored(&rules, "11223344556677m", "7m", false);
        assert_eq!(ids(&s), ["qing_yi_se", "qi_dui", "wu_gui"]);
        assert_eq!(s.payments.ron, Some(32));
    }

    #[test]
    fn chicken_hands_off_by_minimum() {
        let rules =
            Rules::from_toml_str("extends = \"guangdong\"\nmin_fan = 1\n", "t.toml").unwrap();
        let s = scored(&rules, "123m456p789s234s55z", "5z", true);
        assert_eq!(ids(&s), ["zi_mo_hu", "ji_hu"]);
        assert!(!s.meets_minimum, "鸡胡不能胡, even self-drawn");
        let s = scored(&rules, "123m456p789s234s55z", "5z", false);
        assert_eq!(s.payments.ron, Some(1));
    }
}

mod wuhan {
    use hupai_core::Hand;
    use hupai_rules::wuhan::Fan;
    use hupai_rules::*;

    fn scored(hand: &str, win: &str, self_drawn: bool) -> Result<Score, ScoreError> {
        let rules = Rules::preset("wuhan").unwrap();
        let hand: Hand = hand.parse().unwrap();
        let mut ctx = WinContext::new(win.parse().unwrap(), self_drawn);
        if !self_drawn {
            ctx.discarder = Some(3);
        }
        score(&rules, &hand, &ctx)
    }

    #[test]
    fn a_small_hand_needs_a_258_pair_and_a_call_on_a_discard() {
        assert_eq!(
            scored("234m678p345s77m pon:777s", "7m", true),
            Err(ScoreError::Refused(Refusal::Pair258))
        );
        assert_eq!(
            scored("234m678p345s777s55m", "5m", false),
            Err(ScoreError::Refused(Refusal::NotOpen))
        );
        assert!(scored("234m678p345s777s55m", "5m", true).is_ok());
    }

    #[test]
    fn big_hands_need_no_258_pair_and_any_shape_wins() {
        let s = scored("11122233345699m", "9m", true).unwrap();
        assert_eq!(s.items[0].id, ItemId::Wuhan(Fan::QingYiSe));
        // 将一色 in no regular shape.
        let s = scored("22258m222555888p", "8m", true).unwrap();
        assert_eq!(s.items[0].id, ItemId::Wuhan(Fan::JiangYiSe));
        let s = scored("12345566z pon:111z pon:222z", "6z", true).unwrap();
        assert_eq!(s.items[0].id, ItemId::Wuhan(Fan::FengYiSe));
        assert_eq!(
            scored("12345567z pon:111z pon:222z", "6z", true),
            Err(ScoreError::Refused(Refusal::LoneKongTileHeld))
        );
    }
}
