//! `hupai score` end to end: the minimum of a rules file (`min_fan`) refuses a win below it.

#![cfg(test)]

use crate::common;

use common::run as hupai;

fn data(file: &str) -> String {
    format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// "Ryanhan shibari ... the minimum hand value is two han instead of one. In addition, dora do
/// not count for the han minimum" (riichi.wiki): all simples with a dora wins under the Tenhou
/// preset and is refused under `min_fan = 2`; with menzen tsumo it has two han and wins.
#[test]
fn a_one_han_win_is_refused_under_the_two_han_minimum() {
    let two = data("two_han.toml");
    let line = |rules: &str, tsumo: bool| {
        format!(
            r#"{{"rules": "{rules}", "hand": "222m345p456s678s55p", "win_tile": "5p", "dora_indicators": ["4p"], "self_drawn": {tsumo}}}"#
        ) + "\n"
    };
    let (out, _, ok) = hupai(&["score", "--json"], &line("riichi", false));
    assert!(ok && out.contains(r#""han":4"#), "{out}");
    let (out, err, ok) = hupai(&["score"], &line(&two, false));
    assert!(!ok, "{out}");
    assert!(
        err.contains("refused: 1 han from yaku (dora not counted): the rules need 2 (min_fan)"),
        "{err}"
    );
    let (out, _, ok) = hupai(&["score", "--json"], &line(&two, false));
    assert!(!ok && out.contains(r#""error":"refused: 1 han from yaku"#), "{out}");
    let (out, _, ok) = hupai(&["score", "--json"], &line(&two, true));
    assert!(ok && out.contains(r#""han":5"#), "tanyao, menzen tsumo, three dora: {out}");
}

/// Sichuan with `min_fan = 1`: a 平胡 is below it, 对对胡 reaches it.
#[test]
fn a_sichuan_plain_hand_is_below_a_one_fan_minimum() {
    let one = data("sichuan_one_fan.toml");
    let plain = format!(r#"{{"rules": "{one}", "hand": "123m456m789m234p55p", "win_tile": "5p"}}"#);
    let (out, _, ok) = hupai(&["score"], &format!("{plain}\n"));
    assert!(ok && out.contains("0 fans (below the minimum)"), "{out}");
    let (out, _, ok) = hupai(&["score", "--json"], &format!("{plain}\n"));
    assert!(ok && out.contains(r#""meets_minimum":false"#), "{out}");
    let pungs = format!(r#"{{"rules": "{one}", "hand": "111m555m999m222p55p", "win_tile": "5p"}}"#);
    let (out, _, ok) = hupai(&["score", "--json"], &format!("{pungs}\n"));
    assert!(ok && out.contains(r#""meets_minimum":true"#), "{out}");
}
