//! The Wuhan 红中赖子杠 (开口番) table: big hands (大胡) that set the base, and doublings.
//!
//! ```
//! use hupai_rules::wuhan::Fan;
//! assert_eq!(Fan::JiangYiSe.id(), "jiang_yi_se");
//! assert_eq!(Fan::JiangYiSe.zh(), "将一色");
//! assert!(Fan::JiangYiSe.is_big_hand());
//! assert!(!Fan::KaiKou.is_big_hand());
//! ```

/// One Wuhan item. The big hands (大胡) each raise the base (the first from `base_points` to
/// `big_hand_base`, each further one doubles it); the others are doublings (番) of the
/// payment. Where an item is another table's under the same name (清一色, 碰碰胡, 杠上开花,
/// 海底捞月, 抢杠胡) it has that id and those names. The order is the order a score lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fan {
    /// 清一色: "一色牌", one number suit only (melds included), a regular hand. Big hand.
    QingYiSe,
    /// 碰碰胡: four pungs or kongs and a pair. Big hand.
    PengPengHu,
    /// 将一色: "全部由二五八组成", every tile (melds included) a 2, 5 or 8 of a suit, in any
    /// shape. Big hand.
    JiangYiSe,
    /// 风一色: "全部由风牌和箭牌组成" (乱风), every tile an honour, in any shape. Big hand.
    FengYiSe,
    /// 全求人: four calls (chi, pon, open or added kong), won on a discard with a single tile
    /// left. Big hand.
    QuanQiuRen,
    /// 杠上开花: self-drawn on the replacement tile of a kong or a lone kong. Big hand.
    GangShangKaiHua,
    /// 海底捞月: self-drawn on the last tile of the wall. Big hand.
    HaiDiLaoYue,
    /// 抢杠胡: won on a tile added to a pung. Big hand.
    QiangGangHu,
    /// 屁胡: a win with no big hand (a 2-5-8 pair, at most `joker_limit` jokers). 0.
    PiHu,
    /// 开口: each chi, pon or open kong of the winner (an added kong was a pon), 1 each.
    KaiKou,
    /// 明杠: each open or added kong, 1 each.
    MingGang,
    /// 暗杠: each closed kong, 2 each.
    AnGang,
    /// 红中杠: each red dragon set aside as a lone kong, `red_dragon_kong` each.
    HongZhongGang,
    /// 赖子杠: each joker set aside as a lone kong, `joker_kong` each.
    LaiZiGang,
    /// 痞子杠: each tile of the indicator's kind set aside as a lone kong, `indicator_kong`
    /// each.
    PiZiGang,
    /// 硬胡: no joker stands as a wild (a joker standing for its own kind is hard), 1.
    YingHu,
    /// 自摸: self-drawn, 1.
    ZiMo,
    /// 放冲: the discarder (or the robbed player) pays one doubling more, 1; on the
    /// discarder's side, not in the winner's total.
    FangChong,
}

impl Fan {
    /// Every item, in listing order.
    pub const ALL: [Fan; 18] = [
        Fan::QingYiSe,
        Fan::PengPengHu,
        Fan::JiangYiSe,
        Fan::FengYiSe,
        Fan::QuanQiuRen,
        Fan::GangShangKaiHua,
        Fan::HaiDiLaoYue,
        Fan::QiangGangHu,
        Fan::PiHu,
        Fan::KaiKou,
        Fan::MingGang,
        Fan::AnGang,
        Fan::HongZhongGang,
        Fan::LaiZiGang,
        Fan::PiZiGang,
        Fan::YingHu,
        Fan::ZiMo,
        Fan::FangChong,
    ];

    const fn info(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Fan::QingYiSe => ("qing_yi_se", "Full Flush", "清一色"),
            Fan::PengPengHu => ("peng_peng_hu", "All Pungs", "碰碰胡"),
            Fan::JiangYiSe => ("jiang_yi_se", "All Two-Five-Eights", "将一色"),
            Fan::FengYiSe => ("feng_yi_se", "All Honours, Any Shape", "风一色"),
            Fan::QuanQiuRen => ("quan_qiu_ren", "Fully Melded", "全求人"),
            Fan::GangShangKaiHua => {
                ("gang_shang_kai_hua", "Win on a Kong's Replacement", "杠上开花")
            }
            Fan::HaiDiLaoYue => ("hai_di_lao_yue", "Last Tile Self-Drawn", "海底捞月"),
            Fan::QiangGangHu => ("qiang_gang_hu", "Robbing a Kong", "抢杠胡"),
            Fan::PiHu => ("pi_hu", "Small Hand", "屁胡"),
            Fan::KaiKou => ("kai_kou", "Open Call", "开口"),
            Fan::MingGang => ("ming_gang", "Open Kong", "明杠"),
            Fan::AnGang => ("an_gang", "Closed Kong", "暗杠"),
            Fan::HongZhongGang => ("hong_zhong_gang", "Red Dragon Kong", "红中杠"),
            Fan::LaiZiGang => ("lai_zi_gang", "Joker Kong", "赖子杠"),
            Fan::PiZiGang => ("pi_zi_gang", "Indicator Kong", "痞子杠"),
            Fan::YingHu => ("ying_hu", "Hard Win", "硬胡"),
            Fan::ZiMo => ("zi_mo", "Self-Drawn", "自摸"),
            Fan::FangChong => ("fang_chong", "Discarder's Doubling", "放冲"),
        }
    }

    /// Whether it is a big hand (大胡): it sets the base, and lifts the 2-5-8 pair and the
    /// joker limit.
    pub const fn is_big_hand(self) -> bool {
        (self as usize) < Fan::PiHu as usize
    }
}

crate::fan_names::fan_names!(Fan, "jiang_yi_se");
