//! The riichi yaku table: stable ids, English (romanised) and Japanese names, han values.
//!
//! The order of [`Yaku`] is the order in which a score lists its yaku, the reference
//! calculator's (by its yaku ids): situational yaku, then the hand's yaku by value, yakuman,
//! and dora last.
//!
//! ```
//! use hupai_core::Hand;
//! use hupai_rules::{score, Rules, WinContext};
//! let rules = Rules::preset("riichi").unwrap();
//! let hand: Hand = "234789m1234566p6p".parse().unwrap();
//! let mut ctx = WinContext::new("6p".parse().unwrap(), true);
//! ctx.riichi = true;
//! let s = score(&rules, &hand, &ctx).unwrap();
//! let names: Vec<_> = s.items.iter().map(|i| i.name()).collect();
//! assert_eq!(names, ["Menzen Tsumo", "Riichi", "Pinfu"]);
//! ```

/// A riichi yaku, or one of the three dora kinds (which are not yaku), in the order a score
/// lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Yaku {
    /// Menzen Tsumo (門前清自摸和), 1 han, closed only.
    MenzenTsumo,
    /// Riichi (立直), 1 han, closed only.
    Riichi,
    /// Ippatsu (一発), 1 han, closed only.
    Ippatsu,
    /// Chankan (槍槓), 1 han.
    Chankan,
    /// Rinshan Kaihou (嶺上開花), 1 han.
    Rinshan,
    /// Haitei Raoyue (海底摸月), 1 han.
    Haitei,
    /// Houtei Raoyui (河底撈魚), 1 han.
    Houtei,
    /// Double Riichi (ダブル立直), 2 han, closed only.
    DoubleRiichi,
    /// Renhou (人和), 5 han, closed only.
    Renhou,
    /// Pinfu (平和), 1 han, closed only.
    Pinfu,
    /// Tanyao (断幺九), 1 han.
    Tanyao,
    /// Iipeiko (一盃口), 1 han, closed only.
    Iipeikou,
    /// Yakuhai (haku) (役牌 白), 1 han.
    Haku,
    /// Yakuhai (hatsu) (役牌 發), 1 han.
    Hatsu,
    /// Yakuhai (chun) (役牌 中), 1 han.
    Chun,
    /// Yakuhai (seat wind east) (自風 東), 1 han.
    SeatEast,
    /// Yakuhai (seat wind south) (自風 南), 1 han.
    SeatSouth,
    /// Yakuhai (seat wind west) (自風 西), 1 han.
    SeatWest,
    /// Yakuhai (seat wind north) (自風 北), 1 han.
    SeatNorth,
    /// Yakuhai (round wind east) (場風 東), 1 han.
    RoundEast,
    /// Yakuhai (round wind south) (場風 南), 1 han.
    RoundSouth,
    /// Yakuhai (round wind west) (場風 西), 1 han.
    RoundWest,
    /// Yakuhai (round wind north) (場風 北), 1 han.
    RoundNorth,
    /// Sanshoku Doujun (三色同順), 2 han, 1 open.
    Sanshoku,
    /// Ittsu (一気通貫), 2 han, 1 open.
    Ittsu,
    /// Chantai (混全帯幺九), 2 han, 1 open.
    Chanta,
    /// Honroutou (混老頭), 2 han.
    Honroutou,
    /// Toitoi (対々和), 2 han.
    Toitoi,
    /// San Ankou (三暗刻), 2 han.
    Sanankou,
    /// San Kantsu (三槓子), 2 han.
    Sankantsu,
    /// Sanshoku Doukou (三色同刻), 2 han.
    SanshokuDoukou,
    /// Chiitoitsu (七対子), 2 han, closed only.
    Chiitoitsu,
    /// Shou Sangen (小三元), 2 han.
    Shousangen,
    /// Honitsu (混一色), 3 han, 2 open.
    Honitsu,
    /// Junchan (純全帯幺九), 3 han, 2 open.
    Junchan,
    /// Ryanpeikou (二盃口), 3 han, closed only.
    Ryanpeikou,
    /// Chinitsu (清一色), 6 han, 5 open.
    Chinitsu,
    /// Kokushi Musou (国士無双), yakuman, closed only.
    Kokushi,
    /// Chuuren Poutou (九蓮宝燈), yakuman, closed only.
    ChuurenPoutou,
    /// Suu Ankou (四暗刻), yakuman, closed only.
    Suuankou,
    /// Daisangen (大三元), yakuman.
    Daisangen,
    /// Shousuushii (小四喜), yakuman.
    Shousuushii,
    /// Ryuuiisou (緑一色), yakuman.
    Ryuuiisou,
    /// Suu Kantsu (四槓子), yakuman.
    Suukantsu,
    /// Tsuu Iisou (字一色), yakuman.
    Tsuuiisou,
    /// Chinroutou (清老頭), yakuman.
    Chinroutou,
    /// Dai Suushii (大四喜), double yakuman where the rules have it.
    Daisuushii,
    /// Kokushi Musou Juusanmen Matchi (国士無双十三面待ち), double yakuman where the rules have it, closed only.
    Kokushi13,
    /// Suu Ankou Tanki (四暗刻単騎), double yakuman where the rules have it, closed only.
    SuuankouTanki,
    /// Daburu Chuuren Poutou (純正九蓮宝燈), double yakuman where the rules have it, closed only.
    JunseiChuuren,
    /// Tenhou (天和), yakuman, closed only.
    Tenhou,
    /// Chiihou (地和), yakuman, closed only.
    Chiihou,
    /// Renhou (yakuman) (人和), yakuman, closed only.
    RenhouYakuman,
    /// Dora (ドラ): not a yaku, one han per tile.
    Dora,
    /// Aka Dora (赤ドラ): not a yaku, one han per tile.
    AkaDora,
    /// Ura Dora (裏ドラ): not a yaku, one han per tile.
    UraDora,
    /// Nuki Dora (抜きドラ): not a yaku, one han per North set aside (three-player riichi).
    Kita,
}

/// Everything fixed about one yaku.
#[derive(Clone, Copy, Debug)]
pub(crate) struct YakuInfo {
    /// Stable snake_case id.
    pub id: &'static str,
    /// English (romanised) name as commonly written.
    pub name: &'static str,
    /// Japanese name.
    pub ja: &'static str,
    /// Han with a closed hand (13 per yakuman; 26 for the double forms).
    pub closed: u8,
    /// Han with an open hand; 0 when the yaku needs a closed hand.
    pub open: u8,
}

impl Yaku {
    /// Number of entries in the table.
    pub const COUNT: usize = Yaku::Kita as usize + 1;

    /// Every yaku (and the three dora kinds), in the order a score lists them.
    pub const ALL: [Yaku; Yaku::COUNT] = ALL;

    /// Stable snake_case id, e.g. `riichi`, `kokushi_musou`.
    pub const fn id(self) -> &'static str {
        self.info().id
    }

    /// The name as commonly romanised, e.g. "Riichi" (the reference calculator's).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The Japanese name, e.g. 立直.
    pub const fn ja(self) -> &'static str {
        self.info().ja
    }

    /// The yaku with this id.
    pub fn from_id(id: &str) -> Option<Yaku> {
        ALL.into_iter().find(|y| y.id() == id)
    }

    /// The table entry.
    pub(crate) const fn info(self) -> &'static YakuInfo {
        &TABLE[self as usize]
    }

    /// The yaku at position `index` of the table.
    pub(crate) const fn from_index(index: usize) -> Option<Yaku> {
        if index < Yaku::COUNT {
            Some(ALL[index])
        } else {
            None
        }
    }

    /// Whether this is a yakuman.
    #[cfg(test)]
    pub(crate) const fn is_yakuman(self) -> bool {
        YAKUMAN.0 & (1 << self as u32) != 0
    }

    /// What each yaku is worth (indexed by `Yaku as usize`) with an open or a closed hand,
    /// with or without double yakuman.
    pub(crate) const fn han_table(open: bool, double_yakuman: bool) -> &'static [u8; 64] {
        &HAN[open as usize * 2 + double_yakuman as usize]
    }

    /// Whether this is one of the double-yakuman forms (double only where the rules say so).
    pub(crate) const fn is_double_form(self) -> bool {
        matches!(
            self,
            Yaku::Kokushi13 | Yaku::SuuankouTanki | Yaku::JunseiChuuren | Yaku::Daisuushii
        )
    }
}

const fn y(
    id: &'static str,
    name: &'static str,
    ja: &'static str,
    closed: u8,
    open: u8,
) -> YakuInfo {
    YakuInfo { id, name, ja, closed, open }
}

/// Every yaku, in table order.
const ALL: [Yaku; Yaku::COUNT] = {
    use Yaku::*;
    [
        MenzenTsumo,
        Riichi,
        Ippatsu,
        Chankan,
        Rinshan,
        Haitei,
        Houtei,
        DoubleRiichi,
        Renhou,
        Pinfu,
        Tanyao,
        Iipeikou,
        Haku,
        Hatsu,
        Chun,
        SeatEast,
        SeatSouth,
        SeatWest,
        SeatNorth,
        RoundEast,
        RoundSouth,
        RoundWest,
        RoundNorth,
        Sanshoku,
        Ittsu,
        Chanta,
        Honroutou,
        Toitoi,
        Sanankou,
        Sankantsu,
        SanshokuDoukou,
        Chiitoitsu,
        Shousangen,
        Honitsu,
        Junchan,
        Ryanpeikou,
        Chinitsu,
        Kokushi,
        ChuurenPoutou,
        Suuankou,
        Daisangen,
        Shousuushii,
        Ryuuiisou,
        Suukantsu,
        Tsuuiisou,
        Chinroutou,
        Daisuushii,
        Kokushi13,
        SuuankouTanki,
        JunseiChuuren,
        Tenhou,
        Chiihou,
        RenhouYakuman,
        Dora,
        AkaDora,
        UraDora,
        Kita,
    ]
};

const _: () = assert!(Yaku::COUNT <= 64, "a YakuSet is a u64");

/// The table, indexed by `Yaku as usize`.
const TABLE: [YakuInfo; Yaku::COUNT] = [
    y("menzen_tsumo", "Menzen Tsumo", "門前清自摸和", 1, 0),
    y("riichi", "Riichi", "立直", 1, 0),
    y("ippatsu", "Ippatsu", "一発", 1, 0),
    y("chankan", "Chankan", "槍槓", 1, 1),
    y("rinshan_kaihou", "Rinshan Kaihou", "嶺上開花", 1, 1),
    y("haitei_raoyue", "Haitei Raoyue", "海底摸月", 1, 1),
    y("houtei_raoyui", "Houtei Raoyui", "河底撈魚", 1, 1),
    y("double_riichi", "Double Riichi", "ダブル立直", 2, 0),
    y("renhou", "Renhou", "人和", 5, 0),
    y("pinfu", "Pinfu", "平和", 1, 0),
    y("tanyao", "Tanyao", "断幺九", 1, 1),
    y("iipeikou", "Iipeiko", "一盃口", 1, 0),
    y("yakuhai_haku", "Yakuhai (haku)", "役牌 白", 1, 1),
    y("yakuhai_hatsu", "Yakuhai (hatsu)", "役牌 發", 1, 1),
    y("yakuhai_chun", "Yakuhai (chun)", "役牌 中", 1, 1),
    y("seat_wind_east", "Yakuhai (seat wind east)", "自風 東", 1, 1),
    y("seat_wind_south", "Yakuhai (seat wind south)", "自風 南", 1, 1),
    y("seat_wind_west", "Yakuhai (seat wind west)", "自風 西", 1, 1),
    y("seat_wind_north", "Yakuhai (seat wind north)", "自風 北", 1, 1),
    y("round_wind_east", "Yakuhai (round wind east)", "場風 東", 1, 1),
    y("round_wind_south", "Yakuhai (round wind south)", "場風 南", 1, 1),
    y("round_wind_west", "Yakuhai (round wind west)", "場風 西", 1, 1),
    y("round_wind_north", "Yakuhai (round wind north)", "場風 北", 1, 1),
    y("sanshoku_doujun", "Sanshoku Doujun", "三色同順", 2, 1),
    y("ittsu", "Ittsu", "一気通貫", 2, 1),
    y("chanta", "Chantai", "混全帯幺九", 2, 1),
    y("honroutou", "Honroutou", "混老頭", 2, 2),
    y("toitoi", "Toitoi", "対々和", 2, 2),
    y("sanankou", "San Ankou", "三暗刻", 2, 2),
    y("sankantsu", "San Kantsu", "三槓子", 2, 2),
    y("sanshoku_doukou", "Sanshoku Doukou", "三色同刻", 2, 2),
    y("chiitoitsu", "Chiitoitsu", "七対子", 2, 0),
    y("shousangen", "Shou Sangen", "小三元", 2, 2),
    y("honitsu", "Honitsu", "混一色", 3, 2),
    y("junchan", "Junchan", "純全帯幺九", 3, 2),
    y("ryanpeikou", "Ryanpeikou", "二盃口", 3, 0),
    y("chinitsu", "Chinitsu", "清一色", 6, 5),
    y("kokushi_musou", "Kokushi Musou", "国士無双", 13, 0),
    y("chuuren_poutou", "Chuuren Poutou", "九蓮宝燈", 13, 0),
    y("suuankou", "Suu Ankou", "四暗刻", 13, 0),
    y("daisangen", "Daisangen", "大三元", 13, 13),
    y("shousuushii", "Shousuushii", "小四喜", 13, 13),
    y("ryuuiisou", "Ryuuiisou", "緑一色", 13, 13),
    y("suukantsu", "Suu Kantsu", "四槓子", 13, 13),
    y("tsuuiisou", "Tsuu Iisou", "字一色", 13, 13),
    y("chinroutou", "Chinroutou", "清老頭", 13, 13),
    y("daisuushii", "Dai Suushii", "大四喜", 26, 26),
    y("kokushi_musou_13_wait", "Kokushi Musou Juusanmen Matchi", "国士無双十三面待ち", 26, 0),
    y("suuankou_tanki", "Suu Ankou Tanki", "四暗刻単騎", 26, 0),
    y("junsei_chuuren_poutou", "Daburu Chuuren Poutou", "純正九蓮宝燈", 26, 0),
    y("tenhou", "Tenhou", "天和", 13, 0),
    y("chiihou", "Chiihou", "地和", 13, 0),
    y("renhou_yakuman", "Renhou (yakuman)", "人和", 13, 0),
    y("dora", "Dora", "ドラ", 1, 1),
    y("aka_dora", "Aka Dora", "赤ドラ", 1, 1),
    y("ura_dora", "Ura Dora", "裏ドラ", 1, 1),
    y("nuki_dora", "Nuki Dora", "抜きドラ", 1, 1),
];

/// Han tables: closed single, closed double, open single, open double.
const HAN: [[u8; 64]; 4] = [
    han_table(false, false),
    han_table(false, true),
    han_table(true, false),
    han_table(true, true),
];

const fn han_table(open: bool, double_yakuman: bool) -> [u8; 64] {
    let mut han = [0u8; 64];
    let mut i = 0;
    while i < Yaku::COUNT {
        let info = &TABLE[i];
        han[i] = if open && info.open > 0 { info.open } else { info.closed };
        if ALL[i].is_double_form() && !double_yakuman {
            han[i] = 13;
        }
        i += 1;
    }
    han
}

/// A set of yaku as a bit mask over the table order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct YakuSet(pub u64);

impl YakuSet {
    /// No yaku.
    pub(crate) const EMPTY: YakuSet = YakuSet(0);

    /// The set with `yaku` added.
    pub(crate) const fn with(self, yaku: Yaku) -> YakuSet {
        YakuSet(self.0 | 1 << yaku as u32)
    }

    /// Adds `yaku` when `cond` holds.
    pub(crate) fn add_if(&mut self, cond: bool, yaku: Yaku) {
        self.0 |= (cond as u64) << yaku as u32;
    }

    /// Both sets.
    pub(crate) const fn union(self, other: YakuSet) -> YakuSet {
        YakuSet(self.0 | other.0)
    }

    /// The yakuman in the set.
    pub(crate) const fn yakuman(self) -> YakuSet {
        YakuSet(self.0 & YAKUMAN.0)
    }

    /// Whether the set is empty.
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The han of the yaku in the set, from a table indexed by `Yaku as usize`.
    pub(crate) fn han(self, table: &[u8; 64]) -> u32 {
        let mut bits = self.0;
        let mut han = 0;
        while bits != 0 {
            han += table[bits.trailing_zeros() as usize] as u32;
            bits &= bits - 1;
        }
        han
    }

    /// The yaku in table order.
    pub(crate) fn iter(self) -> impl Iterator<Item = Yaku> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Yaku::from_index(i)
        })
    }
}

/// Every yakuman.
const YAKUMAN: YakuSet = {
    use Yaku::*;
    let list = [
        RenhouYakuman,
        Tenhou,
        Chiihou,
        Tsuuiisou,
        Chinroutou,
        Ryuuiisou,
        Daisangen,
        Shousuushii,
        Daisuushii,
        ChuurenPoutou,
        JunseiChuuren,
        Suuankou,
        SuuankouTanki,
        Suukantsu,
        Kokushi,
        Kokushi13,
    ];
    let mut set = YakuSet::EMPTY;
    let mut i = 0;
    while i < list.len() {
        set = set.with(list[i]);
        i += 1;
    }
    set
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        for (i, yaku) in ALL.iter().enumerate() {
            assert_eq!(*yaku as usize, i);
            let info = yaku.info();
            assert!(info.closed > 0, "{}", info.id);
            if yaku.is_yakuman() {
                assert!(info.closed >= 13, "{}", info.id);
            }
        }
        let ids: std::collections::HashSet<_> = TABLE.iter().map(|i| i.id).collect();
        assert_eq!(ids.len(), Yaku::COUNT);
    }

    #[test]
    fn sets_iterate_in_table_order() {
        let set = YakuSet::EMPTY.with(Yaku::Chun).with(Yaku::MenzenTsumo).with(Yaku::Pinfu);
        let got: Vec<_> = set.iter().collect();
        assert_eq!(got, [Yaku::MenzenTsumo, Yaku::Pinfu, Yaku::Chun]);
        assert!(set.yakuman().is_empty());
        assert!(Yaku::Kokushi13.is_double_form() && Yaku::Kokushi13.is_yakuman());
    }
}
