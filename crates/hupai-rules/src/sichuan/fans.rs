//! The Sichuan fan table (血战到底, Chengdu style): each fan doubles the win.
//!
//! ```
//! use hupai_rules::sichuan::Fan;
//! assert_eq!(Fan::QingYiSe.id(), "qing_yi_se");
//! assert_eq!(Fan::QingYiSe.zh(), "清一色");
//! assert_eq!(Fan::QingYiSe.fans(), 2);
//! ```

/// One Sichuan fan. The order is the order in which a score lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fan {
    /// 天胡: the dealer wins on the dealt tiles, 5.
    TianHu,
    /// 地胡: a non-dealer wins by self-draw on its first draw, with no call before it, 5 (a win
    /// on a discard before that draw is not one).
    DiHu,
    /// 清一色: one suit only, 2.
    QingYiSe,
    /// 龙七对: seven pairs with four identical tiles among them, 3 (that root included).
    LongQiDui,
    /// 七对: seven pairs, no call, 2.
    QiDui,
    /// 将对: all pungs of 2, 5 and 8 with a pair of one of them, 3 (instead of 对对胡).
    JiangDui,
    /// 对对胡: four pungs (or kongs) and a pair, 1.
    DuiDuiHu,
    /// 带幺九: every meld and the pair hold a 1 or a 9, 2.
    DaiYaoJiu,
    /// 金钩钓: four melds declared, the win on a single tile, 1 (over 对对胡).
    JinGouDiao,
    /// 平胡: a winning hand with none of the patterns above, 0.
    PingHu,
    /// 根: four identical tiles in the hand (a kong, or four held), 1 each.
    Gen,
    /// 杠上花: self-drawn on a kong's replacement tile, 1.
    GangShangHua,
    /// 杠上炮: won on the discard a player made right after its kong, 1.
    GangShangPao,
    /// 抢杠胡: won by robbing an added kong, 1.
    QiangGangHu,
    /// 海底捞月: self-drawn on the last tile of the wall, 1.
    HaiDiLaoYue,
    /// 海底炮: won on the discard after the last tile, 1.
    HaiDiPao,
    /// 自摸加番: self-drawn, where the room adds a fan for it, 1.
    ZiMo,
    /// 门清: no pon or open kong (a room option), 1.
    MenQing,
    /// 中张: no 1 or 9 anywhere (a room option), 1.
    ZhongZhang,
}

impl Fan {
    /// Every fan, in listing order.
    pub const ALL: [Fan; 19] = [
        Fan::TianHu,
        Fan::DiHu,
        Fan::QingYiSe,
        Fan::LongQiDui,
        Fan::QiDui,
        Fan::JiangDui,
        Fan::DuiDuiHu,
        Fan::DaiYaoJiu,
        Fan::JinGouDiao,
        Fan::PingHu,
        Fan::Gen,
        Fan::GangShangHua,
        Fan::GangShangPao,
        Fan::QiangGangHu,
        Fan::HaiDiLaoYue,
        Fan::HaiDiPao,
        Fan::ZiMo,
        Fan::MenQing,
        Fan::ZhongZhang,
    ];

    const fn info(self) -> (&'static str, &'static str, &'static str, u32) {
        match self {
            Fan::TianHu => ("tian_hu", "Heavenly Hand", "天胡", 5),
            Fan::DiHu => ("di_hu", "Earthly Hand", "地胡", 5),
            Fan::QingYiSe => ("qing_yi_se", "Full Flush", "清一色", 2),
            Fan::LongQiDui => ("long_qi_dui", "Dragon Seven Pairs", "龙七对", 3),
            Fan::QiDui => ("qi_dui", "Seven Pairs", "七对", 2),
            Fan::JiangDui => ("jiang_dui", "All 2-5-8 Pungs", "将对", 3),
            Fan::DuiDuiHu => ("dui_dui_hu", "All Pungs", "对对胡", 1),
            Fan::DaiYaoJiu => ("dai_yao_jiu", "Terminals in All Sets", "带幺九", 2),
            Fan::JinGouDiao => ("jin_gou_diao", "Golden Single Wait", "金钩钓", 1),
            Fan::PingHu => ("ping_hu", "Plain Win", "平胡", 0),
            Fan::Gen => ("gen", "Root", "根", 1),
            Fan::GangShangHua => ("gang_shang_hua", "Win on a Kong's Replacement", "杠上花", 1),
            Fan::GangShangPao => ("gang_shang_pao", "Win on a Kong's Discard", "杠上炮", 1),
            Fan::QiangGangHu => ("qiang_gang_hu", "Robbing a Kong", "抢杠胡", 1),
            Fan::HaiDiLaoYue => ("hai_di_lao_yue", "Last Tile Self-Drawn", "海底捞月", 1),
            Fan::HaiDiPao => ("hai_di_pao", "Last Discard", "海底炮", 1),
            Fan::ZiMo => ("zi_mo", "Self-Drawn Fan", "自摸加番", 1),
            Fan::MenQing => ("men_qing", "Concealed Hand", "门清", 1),
            Fan::ZhongZhang => ("zhong_zhang", "No Terminals", "中张", 1),
        }
    }

    /// Fans of one occurrence.
    pub const fn fans(self) -> u32 {
        self.info().3
    }
}

crate::fan_names::fan_names!(Fan, "tian_hu");
