//! The MCR fan table: the 81 fans of the Chinese Official rules (flowers included) plus the
//! reference's extra 明暗杠, each with a stable id, its English and Chinese names as the
//! reference prints them, and its points.
//!
//! ```
//! use hupai_rules::mcr::Fan;
//! assert_eq!(Fan::NineGates.id(), "nine_gates");
//! assert_eq!(Fan::NineGates.zh(), "九莲宝灯");
//! assert_eq!(Fan::NineGates.points(), 88);
//! assert_eq!(Fan::ALL.len(), 82);
//! ```

/// One fan. The discriminant is the reference's table index, which is also the order in which
/// fans are listed in a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Fan {
    /// Big Four Winds (大四喜), 88.
    BigFourWinds = 1,
    /// Big Three Dragons (大三元), 88.
    BigThreeDragons = 2,
    /// All Green (绿一色), 88.
    AllGreen = 3,
    /// Nine Gates (九莲宝灯), 88.
    NineGates = 4,
    /// Four Kongs (四杠), 88.
    FourKongs = 5,
    /// Seven Shifted Pairs (连七对), 88.
    SevenShiftedPairs = 6,
    /// Thirteen Orphans (十三幺), 88.
    ThirteenOrphans = 7,
    /// All Terminals (清幺九), 64.
    AllTerminals = 8,
    /// Little Four Winds (小四喜), 64.
    LittleFourWinds = 9,
    /// Little Three Dragons (小三元), 64.
    LittleThreeDragons = 10,
    /// All Honors (字一色), 64.
    AllHonors = 11,
    /// Four Concealed Pungs (四暗刻), 64.
    FourConcealedPungs = 12,
    /// Pure Terminal Chows (一色双龙会), 64.
    PureTerminalChows = 13,
    /// Quadruple Chow (一色四同顺), 48.
    QuadrupleChow = 14,
    /// Four Pure Shifted Pungs (一色四节高), 48.
    FourPureShiftedPungs = 15,
    /// Four Pure Shifted Chows (一色四步高), 32.
    FourPureShiftedChows = 16,
    /// Three Kongs (三杠), 32.
    ThreeKongs = 17,
    /// All Terminals and Honors (混幺九), 32.
    AllTerminalsAndHonors = 18,
    /// Seven Pairs (七对), 24.
    SevenPairs = 19,
    /// Greater Honors and Knitted Tiles (七星不靠), 24.
    GreaterHonorsAndKnittedTiles = 20,
    /// All Even Pungs (全双刻), 24.
    AllEvenPungs = 21,
    /// Full Flush (清一色), 24.
    FullFlush = 22,
    /// Pure Triple Chow (一色三同顺), 24.
    PureTripleChow = 23,
    /// Pure Shifted Pungs (一色三节高), 24.
    PureShiftedPungs = 24,
    /// Upper Tiles (全大), 24.
    UpperTiles = 25,
    /// Middle Tiles (全中), 24.
    MiddleTiles = 26,
    /// Lower Tiles (全小), 24.
    LowerTiles = 27,
    /// Pure Straight (清龙), 16.
    PureStraight = 28,
    /// Three-Suited Terminal Chows (三色双龙会), 16.
    ThreeSuitedTerminalChows = 29,
    /// Pure Shifted Chows (一色三步高), 16.
    PureShiftedChows = 30,
    /// All Five (全带五), 16.
    AllFive = 31,
    /// Triple Pung (三同刻), 16.
    TriplePung = 32,
    /// Three Concealed Pungs (三暗刻), 16.
    ThreeConcealedPungs = 33,
    /// Lesser Honors and Knitted Tiles (全不靠), 12.
    LesserHonorsAndKnittedTiles = 34,
    /// Knitted Straight (组合龙), 12.
    KnittedStraight = 35,
    /// Upper Four (大于五), 12.
    UpperFour = 36,
    /// Lower Four (小于五), 12.
    LowerFour = 37,
    /// Big Three Winds (三风刻), 12.
    BigThreeWinds = 38,
    /// Mixed Straight (花龙), 8.
    MixedStraight = 39,
    /// Reversible Tiles (推不倒), 8.
    ReversibleTiles = 40,
    /// Mixed Triple Chow (三色三同顺), 8.
    MixedTripleChow = 41,
    /// Mixed Shifted Pungs (三色三节高), 8.
    MixedShiftedPungs = 42,
    /// Chicken Hand (无番和), 8.
    ChickenHand = 43,
    /// Last Tile Draw (妙手回春), 8.
    LastTileDraw = 44,
    /// Last Tile Claim (海底捞月), 8.
    LastTileClaim = 45,
    /// Out with Replacement Tile (杠上开花), 8.
    OutWithReplacementTile = 46,
    /// Robbing The Kong (抢杠和), 8.
    RobbingTheKong = 47,
    /// All Pungs (碰碰和), 6.
    AllPungs = 48,
    /// Half Flush (混一色), 6.
    HalfFlush = 49,
    /// Mixed Shifted Chows (三色三步高), 6.
    MixedShiftedChows = 50,
    /// All Types (五门齐), 6.
    AllTypes = 51,
    /// Melded Hand (全求人), 6.
    MeldedHand = 52,
    /// Two Concealed Kongs (双暗杠), 6.
    TwoConcealedKongs = 53,
    /// Two Dragons Pungs (双箭刻), 6.
    TwoDragonsPungs = 54,
    /// Outside Hand (全带幺), 4.
    OutsideHand = 55,
    /// Fully Concealed Hand (不求人), 4.
    FullyConcealedHand = 56,
    /// Two Melded Kongs (双明杠), 4.
    TwoMeldedKongs = 57,
    /// Last Tile (和绝张), 4.
    LastTile = 58,
    /// Dragon Pung (箭刻), 2.
    DragonPung = 59,
    /// Prevalent Wind (圈风刻), 2.
    PrevalentWind = 60,
    /// Seat Wind (门风刻), 2.
    SeatWind = 61,
    /// Concealed Hand (门前清), 2.
    ConcealedHand = 62,
    /// All Chows (平和), 2.
    AllChows = 63,
    /// Tile Hog (四归一), 2.
    TileHog = 64,
    /// Double Pung (双同刻), 2.
    DoublePung = 65,
    /// Two Concealed Pungs (双暗刻), 2.
    TwoConcealedPungs = 66,
    /// Concealed Kong (暗杠), 2.
    ConcealedKong = 67,
    /// All Simples (断幺), 2.
    AllSimples = 68,
    /// Pure Double Chow (一般高), 1.
    PureDoubleChow = 69,
    /// Mixed Double Chow (喜相逢), 1.
    MixedDoubleChow = 70,
    /// Short Straight (连六), 1.
    ShortStraight = 71,
    /// Two Terminal Chows (老少副), 1.
    TwoTerminalChows = 72,
    /// Pung of Terminals or Honors (幺九刻), 1.
    PungOfTerminalsOrHonors = 73,
    /// Melded Kong (明杠), 1.
    MeldedKong = 74,
    /// One Voided Suit (缺一门), 1.
    OneVoidedSuit = 75,
    /// No Honors (无字), 1.
    NoHonors = 76,
    /// Edge Wait (独听・边张), 1.
    EdgeWait = 77,
    /// Closed Wait (独听・嵌张), 1.
    ClosedWait = 78,
    /// Single Wait (独听・单钓), 1.
    SingleWait = 79,
    /// Self-Drawn (自摸), 1.
    SelfDrawn = 80,
    /// Flower Tiles (花牌), 1.
    FlowerTiles = 81,
    /// Concealed Kong and Melded Kong (明暗杠), 5.
    ConcealedKongAndMeldedKong = 82,
}

/// Number of slots in a fan table (index 0 is unused, as in the reference).
pub(crate) const TABLE_SIZE: usize = 83;

struct FanInfo {
    id: &'static str,
    name: &'static str,
    zh: &'static str,
    points: u32,
}

const INFO: [FanInfo; 82] = [
    FanInfo { id: "big_four_winds", name: "Big Four Winds", zh: "大四喜", points: 88 },
    FanInfo { id: "big_three_dragons", name: "Big Three Dragons", zh: "大三元", points: 88 },
    FanInfo { id: "all_green", name: "All Green", zh: "绿一色", points: 88 },
    FanInfo { id: "nine_gates", name: "Nine Gates", zh: "九莲宝灯", points: 88 },
    FanInfo { id: "four_kongs", name: "Four Kongs", zh: "四杠", points: 88 },
    FanInfo { id: "seven_shifted_pairs", name: "Seven Shifted Pairs", zh: "连七对", points: 88 },
    FanInfo { id: "thirteen_orphans", name: "Thirteen Orphans", zh: "十三幺", points: 88 },
    FanInfo { id: "all_terminals", name: "All Terminals", zh: "清幺九", points: 64 },
    FanInfo { id: "little_four_winds", name: "Little Four Winds", zh: "小四喜", points: 64 },
    FanInfo {
        id: "little_three_dragons", name: "Little Three Dragons", zh: "小三元", points: 64
    },
    FanInfo { id: "all_honors", name: "All Honors", zh: "字一色", points: 64 },
    FanInfo {
        id: "four_concealed_pungs", name: "Four Concealed Pungs", zh: "四暗刻", points: 64
    },
    FanInfo {
        id: "pure_terminal_chows",
        name: "Pure Terminal Chows",
        zh: "一色双龙会",
        points: 64,
    },
    FanInfo { id: "quadruple_chow", name: "Quadruple Chow", zh: "一色四同顺", points: 48 },
    FanInfo {
        id: "four_pure_shifted_pungs",
        name: "Four Pure Shifted Pungs",
        zh: "一色四节高",
        points: 48,
    },
    FanInfo {
        id: "four_pure_shifted_chows",
        name: "Four Pure Shifted Chows",
        zh: "一色四步高",
        points: 32,
    },
    FanInfo { id: "three_kongs", name: "Three Kongs", zh: "三杠", points: 32 },
    FanInfo {
        id: "all_terminals_and_honors",
        name: "All Terminals and Honors",
        zh: "混幺九",
        points: 32,
    },
    FanInfo { id: "seven_pairs", name: "Seven Pairs", zh: "七对", points: 24 },
    FanInfo {
        id: "greater_honors_and_knitted_tiles",
        name: "Greater Honors and Knitted Tiles",
        zh: "七星不靠",
        points: 24,
    },
    FanInfo { id: "all_even_pungs", name: "All Even Pungs", zh: "全双刻", points: 24 },
    FanInfo { id: "full_flush", name: "Full Flush", zh: "清一色", points: 24 },
    FanInfo { id: "pure_triple_chow", name: "Pure Triple Chow", zh: "一色三同顺", points: 24 },
    FanInfo {
        id: "pure_shifted_pungs", name: "Pure Shifted Pungs", zh: "一色三节高", points: 24
    },
    FanInfo { id: "upper_tiles", name: "Upper Tiles", zh: "全大", points: 24 },
    FanInfo { id: "middle_tiles", name: "Middle Tiles", zh: "全中", points: 24 },
    FanInfo { id: "lower_tiles", name: "Lower Tiles", zh: "全小", points: 24 },
    FanInfo { id: "pure_straight", name: "Pure Straight", zh: "清龙", points: 16 },
    FanInfo {
        id: "three_suited_terminal_chows",
        name: "Three-Suited Terminal Chows",
        zh: "三色双龙会",
        points: 16,
    },
    FanInfo {
        id: "pure_shifted_chows", name: "Pure Shifted Chows", zh: "一色三步高", points: 16
    },
    FanInfo { id: "all_five", name: "All Five", zh: "全带五", points: 16 },
    FanInfo { id: "triple_pung", name: "Triple Pung", zh: "三同刻", points: 16 },
    FanInfo {
        id: "three_concealed_pungs",
        name: "Three Concealed Pungs",
        zh: "三暗刻",
        points: 16,
    },
    FanInfo {
        id: "lesser_honors_and_knitted_tiles",
        name: "Lesser Honors and Knitted Tiles",
        zh: "全不靠",
        points: 12,
    },
    FanInfo { id: "knitted_straight", name: "Knitted Straight", zh: "组合龙", points: 12 },
    FanInfo { id: "upper_four", name: "Upper Four", zh: "大于五", points: 12 },
    FanInfo { id: "lower_four", name: "Lower Four", zh: "小于五", points: 12 },
    FanInfo { id: "big_three_winds", name: "Big Three Winds", zh: "三风刻", points: 12 },
    FanInfo { id: "mixed_straight", name: "Mixed Straight", zh: "花龙", points: 8 },
    FanInfo { id: "reversible_tiles", name: "Reversible Tiles", zh: "推不倒", points: 8 },
    FanInfo {
        id: "mixed_triple_chow", name: "Mixed Triple Chow", zh: "三色三同顺", points: 8
    },
    FanInfo {
        id: "mixed_shifted_pungs", name: "Mixed Shifted Pungs", zh: "三色三节高", points: 8
    },
    FanInfo { id: "chicken_hand", name: "Chicken Hand", zh: "无番和", points: 8 },
    FanInfo { id: "last_tile_draw", name: "Last Tile Draw", zh: "妙手回春", points: 8 },
    FanInfo { id: "last_tile_claim", name: "Last Tile Claim", zh: "海底捞月", points: 8 },
    FanInfo {
        id: "out_with_replacement_tile",
        name: "Out with Replacement Tile",
        zh: "杠上开花",
        points: 8,
    },
    FanInfo { id: "robbing_the_kong", name: "Robbing The Kong", zh: "抢杠和", points: 8 },
    FanInfo { id: "all_pungs", name: "All Pungs", zh: "碰碰和", points: 6 },
    FanInfo { id: "half_flush", name: "Half Flush", zh: "混一色", points: 6 },
    FanInfo {
        id: "mixed_shifted_chows", name: "Mixed Shifted Chows", zh: "三色三步高", points: 6
    },
    FanInfo { id: "all_types", name: "All Types", zh: "五门齐", points: 6 },
    FanInfo { id: "melded_hand", name: "Melded Hand", zh: "全求人", points: 6 },
    FanInfo { id: "two_concealed_kongs", name: "Two Concealed Kongs", zh: "双暗杠", points: 6 },
    FanInfo { id: "two_dragons_pungs", name: "Two Dragons Pungs", zh: "双箭刻", points: 6 },
    FanInfo { id: "outside_hand", name: "Outside Hand", zh: "全带幺", points: 4 },
    FanInfo {
        id: "fully_concealed_hand", name: "Fully Concealed Hand", zh: "不求人", points: 4
    },
    FanInfo { id: "two_melded_kongs", name: "Two Melded Kongs", zh: "双明杠", points: 4 },
    FanInfo { id: "last_tile", name: "Last Tile", zh: "和绝张", points: 4 },
    FanInfo { id: "dragon_pung", name: "Dragon Pung", zh: "箭刻", points: 2 },
    FanInfo { id: "prevalent_wind", name: "Prevalent Wind", zh: "圈风刻", points: 2 },
    FanInfo { id: "seat_wind", name: "Seat Wind", zh: "门风刻", points: 2 },
    FanInfo { id: "concealed_hand", name: "Concealed Hand", zh: "门前清", points: 2 },
    FanInfo { id: "all_chows", name: "All Chows", zh: "平和", points: 2 },
    FanInfo { id: "tile_hog", name: "Tile Hog", zh: "四归一", points: 2 },
    FanInfo { id: "double_pung", name: "Double Pung", zh: "双同刻", points: 2 },
    FanInfo { id: "two_concealed_pungs", name: "Two Concealed Pungs", zh: "双暗刻", points: 2 },
    FanInfo { id: "concealed_kong", name: "Concealed Kong", zh: "暗杠", points: 2 },
    FanInfo { id: "all_simples", name: "All Simples", zh: "断幺", points: 2 },
    FanInfo { id: "pure_double_chow", name: "Pure Double Chow", zh: "一般高", points: 1 },
    FanInfo { id: "mixed_double_chow", name: "Mixed Double Chow", zh: "喜相逢", points: 1 },
    FanInfo { id: "short_straight", name: "Short Straight", zh: "连六", points: 1 },
    FanInfo { id: "two_terminal_chows", name: "Two Terminal Chows", zh: "老少副", points: 1 },
    FanInfo {
        id: "pung_of_terminals_or_honors",
        name: "Pung of Terminals or Honors",
        zh: "幺九刻",
        points: 1,
    },
    FanInfo { id: "melded_kong", name: "Melded Kong", zh: "明杠", points: 1 },
    FanInfo { id: "one_voided_suit", name: "One Voided Suit", zh: "缺一门", points: 1 },
    FanInfo { id: "no_honors", name: "No Honors", zh: "无字", points: 1 },
    FanInfo { id: "edge_wait", name: "Edge Wait", zh: "独听・边张", points: 1 },
    FanInfo { id: "closed_wait", name: "Closed Wait", zh: "独听・嵌张", points: 1 },
    FanInfo { id: "single_wait", name: "Single Wait", zh: "独听・单钓", points: 1 },
    FanInfo { id: "self_drawn", name: "Self-Drawn", zh: "自摸", points: 1 },
    FanInfo { id: "flower_tiles", name: "Flower Tiles", zh: "花牌", points: 1 },
    FanInfo {
        id: "concealed_kong_and_melded_kong",
        name: "Concealed Kong and Melded Kong",
        zh: "明暗杠",
        points: 5,
    },
];

/// Points by table index (128 entries, so that a mask bit's index needs no bounds check).
const POINTS: [u16; 128] = {
    let mut points = [0u16; 128];
    let mut i = 0;
    while i < INFO.len() {
        points[i + 1] = INFO[i].points as u16;
        i += 1;
    }
    points
};

impl Fan {
    /// Every fan, in the reference's order.
    pub const ALL: [Fan; 82] = [
        Fan::BigFourWinds,
        Fan::BigThreeDragons,
        Fan::AllGreen,
        Fan::NineGates,
        Fan::FourKongs,
        Fan::SevenShiftedPairs,
        Fan::ThirteenOrphans,
        Fan::AllTerminals,
        Fan::LittleFourWinds,
        Fan::LittleThreeDragons,
        Fan::AllHonors,
        Fan::FourConcealedPungs,
        Fan::PureTerminalChows,
        Fan::QuadrupleChow,
        Fan::FourPureShiftedPungs,
        Fan::FourPureShiftedChows,
        Fan::ThreeKongs,
        Fan::AllTerminalsAndHonors,
        Fan::SevenPairs,
        Fan::GreaterHonorsAndKnittedTiles,
        Fan::AllEvenPungs,
        Fan::FullFlush,
        Fan::PureTripleChow,
        Fan::PureShiftedPungs,
        Fan::UpperTiles,
        Fan::MiddleTiles,
        Fan::LowerTiles,
        Fan::PureStraight,
        Fan::ThreeSuitedTerminalChows,
        Fan::PureShiftedChows,
        Fan::AllFive,
        Fan::TriplePung,
        Fan::ThreeConcealedPungs,
        Fan::LesserHonorsAndKnittedTiles,
        Fan::KnittedStraight,
        Fan::UpperFour,
        Fan::LowerFour,
        Fan::BigThreeWinds,
        Fan::MixedStraight,
        Fan::ReversibleTiles,
        Fan::MixedTripleChow,
        Fan::MixedShiftedPungs,
        Fan::ChickenHand,
        Fan::LastTileDraw,
        Fan::LastTileClaim,
        Fan::OutWithReplacementTile,
        Fan::RobbingTheKong,
        Fan::AllPungs,
        Fan::HalfFlush,
        Fan::MixedShiftedChows,
        Fan::AllTypes,
        Fan::MeldedHand,
        Fan::TwoConcealedKongs,
        Fan::TwoDragonsPungs,
        Fan::OutsideHand,
        Fan::FullyConcealedHand,
        Fan::TwoMeldedKongs,
        Fan::LastTile,
        Fan::DragonPung,
        Fan::PrevalentWind,
        Fan::SeatWind,
        Fan::ConcealedHand,
        Fan::AllChows,
        Fan::TileHog,
        Fan::DoublePung,
        Fan::TwoConcealedPungs,
        Fan::ConcealedKong,
        Fan::AllSimples,
        Fan::PureDoubleChow,
        Fan::MixedDoubleChow,
        Fan::ShortStraight,
        Fan::TwoTerminalChows,
        Fan::PungOfTerminalsOrHonors,
        Fan::MeldedKong,
        Fan::OneVoidedSuit,
        Fan::NoHonors,
        Fan::EdgeWait,
        Fan::ClosedWait,
        Fan::SingleWait,
        Fan::SelfDrawn,
        Fan::FlowerTiles,
        Fan::ConcealedKongAndMeldedKong,
    ];

    /// The table index (1..=82).
    pub const fn index(self) -> usize {
        self as usize
    }

    const fn info(self) -> &'static FanInfo {
        &INFO[self as usize - 1]
    }

    /// Stable snake_case id, e.g. `nine_gates`.
    pub const fn id(self) -> &'static str {
        self.info().id
    }

    /// English name as the reference prints it, e.g. "Nine Gates".
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Chinese name as the reference prints it, e.g. 九莲宝灯.
    pub const fn zh(self) -> &'static str {
        self.info().zh
    }

    /// Points of one occurrence.
    pub const fn points(self) -> u32 {
        self.info().points
    }

    /// The fan with this id.
    pub fn from_id(id: &str) -> Option<Fan> {
        Fan::ALL.into_iter().find(|f| f.id() == id)
    }
}

/// The fans whose count can exceed one (the pairwise chow and pung fans, the per-pung fans,
/// Tile Hog, and One Voided Suit while the suits are counted): their counts are kept in a
/// [`FanTable`]'s slots; every other fan counts once when its mask bit is set.
const COUNTED: [Fan; 10] = [
    Fan::OneVoidedSuit,
    Fan::TileHog,
    Fan::DoublePung,
    Fan::PureDoubleChow,
    Fan::MixedDoubleChow,
    Fan::ShortStraight,
    Fan::TwoTerminalChows,
    Fan::PungOfTerminalsOrHonors,
    Fan::DragonPung,
    Fan::TwoDragonsPungs,
];

/// No slot: the fan counts once.
const NO_SLOT: u8 = u8::MAX;

/// The slot of each fan of [`COUNTED`] by table index, [`NO_SLOT`] for the others (128
/// entries, as [`POINTS`]).
const SLOT: [u8; 128] = {
    let mut slot = [NO_SLOT; 128];
    let mut s = 0;
    while s < COUNTED.len() {
        slot[COUNTED[s] as usize] = s as u8;
        s += 1;
    }
    slot
};

/// The points of each slot's fan.
const SLOT_POINTS: [u16; 16] = {
    let mut points = [0u16; 16];
    let mut s = 0;
    while s < COUNTED.len() {
        points[s] = POINTS[COUNTED[s] as usize];
        s += 1;
    }
    points
};

/// The mask bits of the fans of [`COUNTED`].
const COUNTED_MASK: u128 = FanTable::mask_of(&COUNTED);

/// How many times each fan counts: a bit mask of the fans that count (bit [`Fan::index`]), and
/// the counts of the few fans that can count more than once ([`COUNTED`]) in slots; 32 bytes,
/// copied as two words. The reference subtracts from some counts (幺九刻 under Nine Gates,
/// 三风刻 and the wind fans); every reading that does so holds the pungs it subtracts, so counts
/// never wrap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FanTable {
    mask: u128,
    slots: [u8; 16],
}

impl FanTable {
    pub(crate) const EMPTY: FanTable = FanTable { mask: 0, slots: [0; 16] };

    /// The mask bits of `fans`.
    pub(crate) const fn mask_of(fans: &[Fan]) -> u128 {
        let mut mask = 0u128;
        let mut i = 0;
        while i < fans.len() {
            mask |= 1u128 << fans[i] as usize;
            i += 1;
        }
        mask
    }

    /// Whether any of the fans of `mask` counts.
    #[cfg(test)]
    pub(crate) fn any(&self, mask: u128) -> bool {
        self.mask & mask != 0
    }

    #[inline]
    pub(crate) fn get(&self, fan: Fan) -> u8 {
        let i = fan as usize;
        match SLOT[i] {
            NO_SLOT => u8::from(self.has(fan)),
            s => self.slots[usize::from(s) & 15],
        }
    }

    #[inline]
    pub(crate) fn has(&self, fan: Fan) -> bool {
        self.mask & (1u128 << fan as usize) != 0
    }

    #[inline]
    pub(crate) fn set(&mut self, fan: Fan, count: u8) {
        let i = fan as usize;
        match SLOT[i] {
            NO_SLOT => debug_assert!(count <= 1, "{fan:?} counted {count} times"),
            s => self.slots[usize::from(s) & 15] = count,
        }
        if count == 0 {
            self.mask &= !(1u128 << i);
        } else {
            self.mask |= 1u128 << i;
        }
    }

    #[inline]
    pub(crate) fn put(&mut self, fan: Fan) {
        self.set(fan, 1);
    }

    #[inline]
    pub(crate) fn clear(&mut self, fan: Fan) {
        self.set(fan, 0);
    }

    /// The fans that count (bit [`Fan::index`]).
    #[inline]
    pub(crate) fn mask(&self) -> u128 {
        self.mask
    }

    /// The slot bytes (as a little-endian word) that clearing the fans of `mask` keeps:
    /// `0xFF` for each slot whose fan `mask` leaves, `0` for the others.
    pub(crate) const fn slots_kept(mask: u128) -> u128 {
        let mut kept = u128::MAX;
        let mut s = 0;
        while s < COUNTED.len() {
            if mask >> (COUNTED[s] as usize) & 1 != 0 {
                kept &= !(0xFF << (8 * s));
            }
            s += 1;
        }
        kept
    }

    /// Clears the fans of `mask`, whose [`FanTable::slots_kept`] is `kept` (two `and`s).
    #[inline]
    pub(crate) fn clear_rule(&mut self, mask: u128, kept: u128) {
        self.mask &= !mask;
        self.slots = (u128::from_le_bytes(self.slots) & kept).to_le_bytes();
    }

    /// Clears the fans of `mask` (meant for a constant mask: the slot loop then folds away).
    #[cfg(test)]
    pub(crate) fn clear_mask(&mut self, mask: u128) {
        self.mask &= !mask;
        if mask & COUNTED_MASK != 0 {
            let mut s = 0;
            while s < COUNTED.len() {
                if mask >> (COUNTED[s] as usize) & 1 != 0 {
                    self.slots[s] = 0;
                }
                s += 1;
            }
        }
    }

    #[inline]
    pub(crate) fn inc(&mut self, fan: Fan) {
        self.set(fan, self.get(fan).wrapping_add(1));
    }

    #[inline]
    pub(crate) fn dec(&mut self, fan: Fan, by: u8) {
        self.set(fan, self.get(fan).wrapping_sub(by));
    }

    /// The count of the fan at table index `i`, whose mask bit is set.
    #[inline]
    fn count_at(&self, i: usize) -> u8 {
        match SLOT[i & 127] {
            NO_SLOT => 1,
            s => self.slots[usize::from(s) & 15],
        }
    }

    /// The non-zero entries as (table index, count), in table order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        let mut bits = self.mask;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some((i, self.count_at(i)))
        })
    }

    /// Total points of the fans in the table.
    pub(crate) fn points(&self) -> u32 {
        let mut total = 0u32;
        for (&count, &points) in self.slots.iter().zip(&SLOT_POINTS) {
            total += u32::from(count) * u32::from(points);
        }
        let mut bits = self.mask & !COUNTED_MASK;
        while bits != 0 {
            total += u32::from(POINTS[bits.trailing_zeros() as usize & 127]);
            bits &= bits - 1;
        }
        total
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.mask == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        for (i, fan) in Fan::ALL.into_iter().enumerate() {
            assert_eq!(fan.index(), i + 1);
            assert_eq!(Fan::from_id(fan.id()), Some(fan));
        }
        let official: u32 = Fan::ALL[..81].iter().map(|f| f.points()).sum();
        assert_eq!(official, 1727);
        assert_eq!(Fan::EdgeWait.zh(), "独听・边张");
        assert_eq!(Fan::ConcealedKongAndMeldedKong.points(), 5);
    }

    #[test]
    fn table_counts_and_points() {
        let mut t = FanTable::EMPTY;
        t.put(Fan::AllPungs);
        t.inc(Fan::PungOfTerminalsOrHonors);
        t.inc(Fan::PungOfTerminalsOrHonors);
        t.inc(Fan::PungOfTerminalsOrHonors);
        t.dec(Fan::PungOfTerminalsOrHonors, 1);
        t.set(Fan::TileHog, 2);
        assert_eq!(t.get(Fan::AllPungs), 1);
        assert_eq!(t.get(Fan::PungOfTerminalsOrHonors), 2);
        assert_eq!(t.points(), 6 + 2 + 2 * 2);
        let entries: Vec<_> = t.entries().collect();
        assert_eq!(entries, [(48, 1), (64, 2), (73, 2)]);
        t.dec(Fan::PungOfTerminalsOrHonors, 2);
        assert!(!t.has(Fan::PungOfTerminalsOrHonors));
        assert_eq!(t.get(Fan::PungOfTerminalsOrHonors), 0);
        t.clear(Fan::AllPungs);
        t.set(Fan::DoublePung, 2);
        t.clear_mask(FanTable::mask_of(&[Fan::TileHog, Fan::DoublePung]));
        assert!(t.is_empty());
        assert_eq!(t, FanTable::EMPTY);
    }
}
