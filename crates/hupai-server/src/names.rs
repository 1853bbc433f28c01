//! The names the web client shows for every yaku and fan a `hora` event may carry, in
//! English, Chinese and Japanese.
//!
//! The rule tables name riichi yaku in romanised and Japanese forms and the Chinese fans in
//! English and Chinese; a player reading the page in Chinese expects 断幺九, not 断幺九's
//! Japanese spelling, and one reading it in English expects "All Simples" beside "Tanyao".
//! The riichi names here are an exhaustive `match`, so a yaku added to the enum does not
//! build until it is named.
//!
//! ```
//! use hupai_rules::Yaku;
//! let n = hupai_server::names::yaku(Yaku::Tanyao);
//! assert_eq!((n.en, n.zh, n.ja), ("All Simples (Tanyao)", "断幺九", "断幺九"));
//! assert_eq!(hupai_server::names::yaku(Yaku::Ittsu).zh, "一气通贯");
//! ```

use hupai_rules::{mcr, sichuan, Yaku};

/// One item's name in the client's three languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// English.
    pub en: &'static str,
    /// Chinese (simplified).
    pub zh: &'static str,
    /// Japanese.
    pub ja: &'static str,
}

/// A riichi yaku's (or dora's) names: English with the romanised name most players know, the
/// Chinese name as Chinese riichi players write it, the Japanese name of the rule table.
pub fn yaku(y: Yaku) -> Names {
    use Yaku::*;
    let (en, zh) = match y {
        MenzenTsumo => ("Fully Concealed Self-Draw (Menzen Tsumo)", "门前清自摸和"),
        Riichi => ("Riichi", "立直"),
        Ippatsu => ("One Shot (Ippatsu)", "一发"),
        Chankan => ("Robbing a Kan (Chankan)", "抢杠"),
        Rinshan => ("After a Kan (Rinshan Kaihou)", "岭上开花"),
        Haitei => ("Last Tile Self-Drawn (Haitei)", "海底摸月"),
        Houtei => ("Last Discard (Houtei)", "河底捞鱼"),
        DoubleRiichi => ("Double Riichi", "两立直"),
        Renhou => ("Blessing of Man (Renhou)", "人和"),
        Pinfu => ("All Sequences (Pinfu)", "平和"),
        Tanyao => ("All Simples (Tanyao)", "断幺九"),
        Iipeikou => ("Pure Double Sequence (Iipeikou)", "一杯口"),
        Haku => ("Dragon: White (Haku)", "役牌 白"),
        Hatsu => ("Dragon: Green (Hatsu)", "役牌 发"),
        Chun => ("Dragon: Red (Chun)", "役牌 中"),
        SeatEast => ("Seat Wind: East", "自风 东"),
        SeatSouth => ("Seat Wind: South", "自风 南"),
        SeatWest => ("Seat Wind: West", "自风 西"),
        SeatNorth => ("Seat Wind: North", "自风 北"),
        RoundEast => ("Round Wind: East", "场风 东"),
        RoundSouth => ("Round Wind: South", "场风 南"),
        RoundWest => ("Round Wind: West", "场风 西"),
        RoundNorth => ("Round Wind: North", "场风 北"),
        Sanshoku => ("Mixed Triple Sequence (Sanshoku)", "三色同顺"),
        Ittsu => ("Pure Straight (Ittsu)", "一气通贯"),
        Chanta => ("Half Outside Hand (Chanta)", "混全带幺九"),
        Honroutou => ("All Terminals and Honours (Honroutou)", "混老头"),
        Toitoi => ("All Triplets (Toitoi)", "对对和"),
        Sanankou => ("Three Concealed Triplets (San Ankou)", "三暗刻"),
        Sankantsu => ("Three Kans (San Kantsu)", "三杠子"),
        SanshokuDoukou => ("Triple Triplets (Sanshoku Doukou)", "三色同刻"),
        Chiitoitsu => ("Seven Pairs (Chiitoitsu)", "七对子"),
        Shousangen => ("Little Three Dragons (Shousangen)", "小三元"),
        Honitsu => ("Half Flush (Honitsu)", "混一色"),
        Junchan => ("Fully Outside Hand (Junchan)", "纯全带幺九"),
        Ryanpeikou => ("Twice Pure Double Sequence (Ryanpeikou)", "二杯口"),
        Chinitsu => ("Full Flush (Chinitsu)", "清一色"),
        Kokushi => ("Thirteen Orphans (Kokushi Musou)", "国士无双"),
        ChuurenPoutou => ("Nine Gates (Chuuren Poutou)", "九莲宝灯"),
        Suuankou => ("Four Concealed Triplets (Suu Ankou)", "四暗刻"),
        Daisangen => ("Big Three Dragons (Daisangen)", "大三元"),
        Shousuushii => ("Little Four Winds (Shousuushii)", "小四喜"),
        Ryuuiisou => ("All Green (Ryuuiisou)", "绿一色"),
        Suukantsu => ("Four Kans (Suu Kantsu)", "四杠子"),
        Tsuuiisou => ("All Honours (Tsuu Iisou)", "字一色"),
        Chinroutou => ("All Terminals (Chinroutou)", "清老头"),
        Daisuushii => ("Big Four Winds (Dai Suushii)", "大四喜"),
        Kokushi13 => ("Thirteen Orphans, 13-Sided Wait", "国士无双十三面"),
        SuuankouTanki => ("Four Concealed Triplets, Single Wait", "四暗刻单骑"),
        JunseiChuuren => ("True Nine Gates (Junsei Chuuren Poutou)", "纯正九莲宝灯"),
        Tenhou => ("Blessing of Heaven (Tenhou)", "天和"),
        Chiihou => ("Blessing of Earth (Chiihou)", "地和"),
        RenhouYakuman => ("Blessing of Man, Yakuman (Renhou)", "人和（役满）"),
        Dora => ("Dora", "宝牌"),
        AkaDora => ("Red Fives (Aka Dora)", "赤宝牌"),
        UraDora => ("Ura Dora", "里宝牌"),
        Kita => ("North Set Aside (Nuki Dora)", "拔北宝牌"),
    };
    Names { en, zh, ja: y.ja() }
}

/// An MCR fan's names (the Japanese page shows the Chinese name: MCR is played by it).
pub fn mcr_fan(f: mcr::Fan) -> Names {
    Names { en: f.name(), zh: f.zh(), ja: f.zh() }
}

/// A Sichuan fan's names (Japanese as Chinese, as for MCR).
pub fn sichuan_fan(f: sichuan::Fan) -> Names {
    Names { en: f.name(), zh: f.zh(), ja: f.zh() }
}

/// The names of any score item: the riichi yaku as [`yaku`] names them; every Chinese
/// table's fans (and 报听's bonus) in English and Chinese, the Japanese page showing the
/// Chinese as for MCR.
pub fn item(id: hupai_rules::ItemId) -> Names {
    match id {
        hupai_rules::ItemId::Yaku(y) => yaku(y),
        hupai_rules::ItemId::Fan(f) => mcr_fan(f),
        hupai_rules::ItemId::Sichuan(f) => sichuan_fan(f),
        _ => Names { en: id.name(), zh: id.local_name(), ja: id.local_name() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kana, and the Japanese (or traditional) forms a simplified Chinese name never uses.
    fn japanese_only(c: char) -> bool {
        ('\u{3040}'..='\u{30ff}').contains(&c) || "發気対発盃槓嶺撈緑頭無蓮燈単騎満".contains(c)
    }

    #[test]
    fn every_yaku_has_an_english_a_chinese_and_a_japanese_name() {
        for y in Yaku::ALL {
            let n = yaku(y);
            assert!(!n.en.is_empty() && n.en.is_ascii(), "{}: English {:?}", y.id(), n.en);
            assert!(!n.zh.is_empty(), "{}", y.id());
            assert!(!n.zh.chars().any(japanese_only), "{}: Chinese {:?} is Japanese", y.id(), n.zh);
            assert!(!n.ja.is_empty(), "{}", y.id());
        }
        // Distinct yaku have distinct names in every language (the two Renhou differ by value
        // and are named apart too).
        for lang in [|n: Names| n.en, |n: Names| n.zh] {
            let mut seen: Vec<&str> = Yaku::ALL.iter().map(|&y| lang(yaku(y))).collect();
            seen.sort_unstable();
            let len = seen.len();
            seen.dedup();
            assert_eq!(seen.len(), len);
        }
    }

    #[test]
    fn every_fan_has_a_name_in_each_language() {
        for f in mcr::Fan::ALL {
            let n = mcr_fan(f);
            assert!(n.en.is_ascii() && !n.en.is_empty() && !n.zh.is_empty(), "{}", f.id());
        }
        for f in sichuan::Fan::ALL {
            let n = sichuan_fan(f);
            assert!(n.en.is_ascii() && !n.en.is_empty() && !n.zh.is_empty(), "{}", f.id());
        }
    }
}
