//! The Guangdong 推倒胡 fan table: each fan doubles the win.
//!
//! ```
//! use hupai_rules::guangdong::Fan;
//! assert_eq!(Fan::PengPengHu.id(), "peng_peng_hu");
//! assert_eq!(Fan::PengPengHu.zh(), "碰碰胡");
//! assert_eq!(Fan::PengPengHu.fans(), 1);
//! ```

/// One Guangdong fan (each doubles the win). The ids are pinyin; where a fan is the Sichuan
/// table's under the same name (清一色, 七对, 天胡, 地胡, 抢杠胡, 海底捞月) it has that id and
/// those names. The order is the order in which a score lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fan {
    /// 天胡: "庄家起手即胡" (the dealer wins on the dealt tiles), 4 (x16).
    TianHu,
    /// 地胡: a player other than the dealer wins before its first draw, or on it, no call
    /// made, 4.
    DiHu,
    /// 十三幺: "十三张幺九字牌各一张，再加其中任意一张", 4.
    ShiSanYao,
    /// 九莲宝灯: "同一花色 1112345678999 加任意一张", 门清, 4 (instead of 清一色).
    JiuLianBaoDeng,
    /// 十八罗汉: four kongs, 4 (instead of 碰碰胡).
    ShiBaLuoHan,
    /// 大四喜: pungs of the four winds, 4 (instead of 碰碰胡).
    DaSiXi,
    /// 字一色: honours only, 3 (instead of 碰碰胡).
    ZiYiSe,
    /// 大三元: pungs of the three dragons, 3.
    DaSanYuan,
    /// 小四喜: three wind pungs and a pair of the fourth, 3.
    XiaoSiXi,
    /// 清幺九: terminals only, 3 (instead of 碰碰胡).
    QingYaoJiu,
    /// 豪华七对: seven pairs with four identical tiles among them, 3 (instead of 七对).
    HaoHuaQiDui,
    /// 小三元: two dragon pungs and a pair of the third, 2.
    XiaoSanYuan,
    /// 清一色: one suit, no honours, 2.
    QingYiSe,
    /// 七对: seven pairs, no call, 2.
    QiDui,
    /// 混幺九: terminals and honours only, 2 (instead of 碰碰胡).
    HunYaoJiu,
    /// 混一色: one suit and honours, 1.
    HunYiSe,
    /// 碰碰胡: four pungs or kongs and a pair, 1.
    PengPengHu,
    /// 杠上开花: self-drawn on a kong's replacement tile, 1.
    GangShangKaiHua,
    /// 抢杠胡: won on a tile added to a pung, 1.
    QiangGangHu,
    /// 海底捞月: self-drawn on the last tile of the wall, 1.
    HaiDiLaoYue,
    /// 自摸: the win self-drawn, 1 (not counted for the minimum).
    ZiMoHu,
    /// 无鬼: with jokers in play, a win holding none, 1 (not counted for the minimum).
    WuGui,
    /// 鸡胡: a winning hand with no pattern, 0.
    JiHu,
}

impl Fan {
    /// Every fan, in listing order.
    pub const ALL: [Fan; 23] = [
        Fan::TianHu,
        Fan::DiHu,
        Fan::ShiSanYao,
        Fan::JiuLianBaoDeng,
        Fan::ShiBaLuoHan,
        Fan::DaSiXi,
        Fan::ZiYiSe,
        Fan::DaSanYuan,
        Fan::XiaoSiXi,
        Fan::QingYaoJiu,
        Fan::HaoHuaQiDui,
        Fan::XiaoSanYuan,
        Fan::QingYiSe,
        Fan::QiDui,
        Fan::HunYaoJiu,
        Fan::HunYiSe,
        Fan::PengPengHu,
        Fan::GangShangKaiHua,
        Fan::QiangGangHu,
        Fan::HaiDiLaoYue,
        Fan::ZiMoHu,
        Fan::WuGui,
        Fan::JiHu,
    ];

    const fn info(self) -> (&'static str, &'static str, &'static str, u32) {
        match self {
            Fan::TianHu => ("tian_hu", "Heavenly Hand", "天胡", 4),
            Fan::DiHu => ("di_hu", "Earthly Hand", "地胡", 4),
            Fan::ShiSanYao => ("shi_san_yao", "Thirteen Orphans", "十三幺", 4),
            Fan::JiuLianBaoDeng => ("jiu_lian_bao_deng", "Nine Gates", "九莲宝灯", 4),
            Fan::ShiBaLuoHan => ("shi_ba_luo_han", "Four Kongs", "十八罗汉", 4),
            Fan::DaSiXi => ("da_si_xi", "Great Four Winds", "大四喜", 4),
            Fan::ZiYiSe => ("zi_yi_se", "All Honours", "字一色", 3),
            Fan::DaSanYuan => ("da_san_yuan", "Great Three Dragons", "大三元", 3),
            Fan::XiaoSiXi => ("xiao_si_xi", "Small Four Winds", "小四喜", 3),
            Fan::QingYaoJiu => ("qing_yao_jiu", "Pure Terminals", "清幺九", 3),
            Fan::HaoHuaQiDui => ("hao_hua_qi_dui", "Luxury Seven Pairs", "豪华七对", 3),
            Fan::XiaoSanYuan => ("xiao_san_yuan", "Small Three Dragons", "小三元", 2),
            Fan::QingYiSe => ("qing_yi_se", "Full Flush", "清一色", 2),
            Fan::QiDui => ("qi_dui", "Seven Pairs", "七对", 2),
            Fan::HunYaoJiu => ("hun_yao_jiu", "Mixed Terminals", "混幺九", 2),
            Fan::HunYiSe => ("hun_yi_se", "Half Flush", "混一色", 1),
            Fan::PengPengHu => ("peng_peng_hu", "All Pungs", "碰碰胡", 1),
            Fan::GangShangKaiHua => {
                ("gang_shang_kai_hua", "Win on a Kong's Replacement", "杠上开花", 1)
            }
            Fan::QiangGangHu => ("qiang_gang_hu", "Robbing a Kong", "抢杠胡", 1),
            Fan::HaiDiLaoYue => ("hai_di_lao_yue", "Last Tile Self-Drawn", "海底捞月", 1),
            Fan::ZiMoHu => ("zi_mo_hu", "Self-Drawn", "自摸", 1),
            Fan::WuGui => ("wu_gui", "No Joker", "无鬼", 1),
            Fan::JiHu => ("ji_hu", "Chicken Hand", "鸡胡", 0),
        }
    }

    /// Fans of one occurrence (each doubles the win).
    pub const fn fans(self) -> u32 {
        self.info().3
    }

    /// Whether the fan counts for the minimum (`min_fan = 1` is 鸡胡不能胡): all but 自摸 and
    /// 无鬼.
    pub const fn counts_for_minimum(self) -> bool {
        !matches!(self, Fan::ZiMoHu | Fan::WuGui)
    }
}

crate::fan_names::fan_names!(Fan, "tian_hu");
