//! The Hong Kong old-style fan table (香港麻雀 舊章).
//!
//! ```
//! use hupai_rules::hongkong::Fan;
//! assert_eq!(Fan::AllOneSuit.id(), "cing_jat_sik");
//! assert_eq!(Fan::AllOneSuit.zh(), "清一色");
//! assert_eq!(Fan::AllOneSuit.fans(), 7);
//! ```

/// One Hong Kong fan. The ids are the Cantonese names in Jyutping without tones (the game's
/// own language, and distinct from the Mandarin ids of the other tables). The order is the
/// order in which a score lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fan {
    /// 天糊: "the dealer wins on the tiles dealt", 13 (爆棚).
    HeavenlyHand,
    /// 地糊: "a player other than the dealer wins before its first draw, no call made", 13.
    EarthlyHand,
    /// 十三么: "one of each terminal and honour, and one more of them", 13.
    ThirteenOrphans,
    /// 大四喜: "pungs (or kongs) of all four winds", 13 (the wind fans not counted beside it).
    GreatWinds,
    /// 十八羅漢: "four kongs", 13.
    AllKongs,
    /// 九子連環: "1112345678999 of one suit, all concealed, and any tile of it", 10.
    NineGates,
    /// 字一色: "honours only", 10.
    AllHonours,
    /// 清么九: "pungs of terminals only", 10.
    PureOrphans,
    /// 小四喜: "three wind pungs and a pair of the fourth wind", 10.
    SmallWinds,
    /// 坎坎糊: "four concealed pungs" (a discard may complete only the pair), 8, instead of
    /// 對對糊.
    FourConcealedPungs,
    /// 大三元: "pungs of the three dragons", 8 (the dragon fans not counted beside it).
    GreatDragons,
    /// 清一色: "one suit, no honours", 7.
    AllOneSuit,
    /// 小三元: "two dragon pungs and a pair of the third", 5 (the dragon fans not counted).
    SmallDragons,
    /// 七對子: "seven pairs" (新章; only where `forms` has seven pairs), 4.
    SevenPairs,
    /// 對對糊: "four pungs or kongs and a pair", 3.
    AllPungs,
    /// 混一色: "one suit and honours", 3.
    MixedOneSuit,
    /// 混么九: "terminals and honours only", 1 (beside 對對糊).
    MixedOrphans,
    /// 平糊: "four chows and a pair", 1.
    CommonHand,
    /// 番子: "a pung of a dragon", 1 each.
    DragonPung,
    /// 門風: "a pung of the seat's wind", 1.
    SeatWind,
    /// 圈風: "a pung of the round's wind", 1.
    RoundWind,
    /// 自摸: "won on a tile the winner drew", 1.
    SelfDrawn,
    /// 門前清: "no meld exposed" (closed kongs allowed), 1.
    Concealed,
    /// 槓上開花: "won on the replacement tile of a kong", 1 (beside 自摸).
    KongReplacement,
    /// 海底撈月: "won on the last tile", 1.
    LastTile,
    /// 搶槓: "won on a tile added to a pung to make a kong", 1.
    RobbingKong,
    /// 正花: "a flower or season of the winner's seat", 1 each (flowers not counted for the
    /// minimum).
    OwnFlower,
    /// 一台花: "all four flowers, or all four seasons", 2 each (instead of that group's 正花).
    FlowerSet,
    /// 無花: "no flower at all", 1 (where flowers are played).
    NoFlowers,
    /// 雞糊: "a winning hand worth nothing else", 0.
    ChickenHand,
}

impl Fan {
    /// Every fan, in listing order.
    pub const ALL: [Fan; 30] = [
        Fan::HeavenlyHand,
        Fan::EarthlyHand,
        Fan::ThirteenOrphans,
        Fan::GreatWinds,
        Fan::AllKongs,
        Fan::NineGates,
        Fan::AllHonours,
        Fan::PureOrphans,
        Fan::SmallWinds,
        Fan::FourConcealedPungs,
        Fan::GreatDragons,
        Fan::AllOneSuit,
        Fan::SmallDragons,
        Fan::SevenPairs,
        Fan::AllPungs,
        Fan::MixedOneSuit,
        Fan::MixedOrphans,
        Fan::CommonHand,
        Fan::DragonPung,
        Fan::SeatWind,
        Fan::RoundWind,
        Fan::SelfDrawn,
        Fan::Concealed,
        Fan::KongReplacement,
        Fan::LastTile,
        Fan::RobbingKong,
        Fan::OwnFlower,
        Fan::FlowerSet,
        Fan::NoFlowers,
        Fan::ChickenHand,
    ];

    const fn info(self) -> (&'static str, &'static str, &'static str, u32) {
        match self {
            Fan::HeavenlyHand => ("tin_wu", "Heavenly Hand", "天糊", 13),
            Fan::EarthlyHand => ("dei_wu", "Earthly Hand", "地糊", 13),
            Fan::ThirteenOrphans => ("sap_saam_jiu", "Thirteen Orphans", "十三么", 13),
            Fan::GreatWinds => ("daai_sei_hei", "Great Four Winds", "大四喜", 13),
            Fan::AllKongs => ("sap_baat_lo_hon", "Four Kongs", "十八羅漢", 13),
            Fan::NineGates => ("gau_zi_lin_waan", "Nine Gates", "九子連環", 10),
            Fan::AllHonours => ("zi_jat_sik", "All Honours", "字一色", 10),
            Fan::PureOrphans => ("cing_jiu_gau", "Pure Terminals", "清么九", 10),
            Fan::SmallWinds => ("siu_sei_hei", "Small Four Winds", "小四喜", 10),
            Fan::FourConcealedPungs => ("ham_ham_wu", "Four Concealed Pungs", "坎坎糊", 8),
            Fan::GreatDragons => ("daai_saam_jyun", "Great Three Dragons", "大三元", 8),
            Fan::AllOneSuit => ("cing_jat_sik", "Full Flush", "清一色", 7),
            Fan::SmallDragons => ("siu_saam_jyun", "Small Three Dragons", "小三元", 5),
            Fan::SevenPairs => ("cat_deoi_zi", "Seven Pairs", "七對子", 4),
            Fan::AllPungs => ("deoi_deoi_wu", "All Pungs", "對對糊", 3),
            Fan::MixedOneSuit => ("wan_jat_sik", "Half Flush", "混一色", 3),
            Fan::MixedOrphans => ("wan_jiu_gau", "Mixed Terminals", "混么九", 1),
            Fan::CommonHand => ("ping_wu", "All Chows", "平糊", 1),
            Fan::DragonPung => ("faan_zi", "Dragon Pung", "番子", 1),
            Fan::SeatWind => ("mun_fung", "Seat Wind", "門風", 1),
            Fan::RoundWind => ("hyun_fung", "Round Wind", "圈風", 1),
            Fan::SelfDrawn => ("zi_mo", "Self-Drawn", "自摸", 1),
            Fan::Concealed => ("mun_cin_cing", "Concealed Hand", "門前清", 1),
            Fan::KongReplacement => {
                ("gong_soeng_hoi_faa", "Win on a Kong's Replacement", "槓上開花", 1)
            }
            Fan::LastTile => ("hoi_dai_lou_jyut", "Last Tile", "海底撈月", 1),
            Fan::RobbingKong => ("coeng_gong", "Robbing a Kong", "搶槓", 1),
            Fan::OwnFlower => ("zing_faa", "Own Flower", "正花", 1),
            Fan::FlowerSet => ("jat_toi_faa", "Set of Four Flowers", "一台花", 2),
            Fan::NoFlowers => ("mou_faa", "No Flowers", "無花", 1),
            Fan::ChickenHand => ("gai_wu", "Chicken Hand", "雞糊", 0),
        }
    }

    /// Fans of one occurrence.
    pub const fn fans(self) -> u32 {
        self.info().3
    }

    /// Whether the fan comes from the flowers (not counted for the minimum).
    pub const fn is_flower(self) -> bool {
        matches!(self, Fan::OwnFlower | Fan::FlowerSet | Fan::NoFlowers)
    }
}

crate::fan_names::fan_names!(Fan, "tin_wu");
