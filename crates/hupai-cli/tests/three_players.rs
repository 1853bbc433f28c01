//! Three-player riichi (`players = 3`): `selfplay`, `arena`, `mjai-bot` and the terminal table
//! (`play`) play it, `replay` reads its logs back, scoring takes it.

use crate::common::run;

#[test]
fn selfplay_plays_three_players_and_replay_reads_the_log() {
    let dir = std::env::temp_dir().join(format!("hupai-sanma-{}", std::process::id()));
    let dir_text = dir.to_string_lossy().into_owned();
    let args = ["selfplay", "--rules", "sanma", "--agents", "defensive", "--games", "1"];
    let (out, err, ok) = run(&[&args[..], &["--json", "--log", &dir_text]].concat(), "");
    assert!(ok, "{err}");
    let summary: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(summary["agents"].as_array().map(Vec::len), Some(3), "{out}");
    assert!(summary["wins"].as_u64() > Some(0), "{out}");
    let log = dir.join("game-0.jsonl");
    let text = std::fs::read_to_string(&log).expect("the log");
    assert!(text.contains(r#""scores":[35000,35000,35000]"#), "three scores");
    assert!(text.contains(r#""type":"kita""#), "a North set aside");
    let (out, err, ok) = run(&["replay", &log.to_string_lossy(), "--verify"], "");
    assert!(ok, "{out} {err}");
    let _ = std::fs::remove_dir_all(&dir);
    // The arena: three rotations a wall, the default agents one a seat.
    let args = ["arena", "--rules", "sanma", "--hands", "6", "--duplicate", "--json"];
    let (out, err, ok) = run(&args, "");
    assert!(ok, "{err}");
    let result: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(result["hands"].as_u64(), Some(6), "{out}");
    assert_eq!(result["agents"].as_array().map(Vec::len), Some(2), "defensive and efficiency");
    // An mjai bot at a three-player table: `hupai mjai-bot` in West's seat, no illegal answer.
    let bot = format!("mjai:{} mjai-bot --rules sanma", env!("CARGO_BIN_EXE_hupai"));
    let agents = format!("defensive,defensive,{bot}");
    let args = ["selfplay", "--rules", "sanma", "--agents", &agents, "--games", "1", "--json"];
    let (out, err, ok) = run(&args, "");
    assert!(ok, "{err}");
    let summary: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(summary["agents"][2]["illegal"].as_u64(), Some(0), "{out}");
    assert!(summary["actions"].as_u64() > Some(100), "{out}");
    // Four agents for three seats are refused.
    let (_, err, ok) =
        run(&["selfplay", "--rules", "sanma", "--agents", "random,random,random,random"], "");
    assert!(!ok && err.contains("one or 3 agents"), "{err}");
}

#[test]
fn the_terminal_table_seats_three_players() {
    let file = std::env::temp_dir().join(format!("hupai-three-{}.toml", std::process::id()));
    let text = "extends = \"sanma\"\nname = \"mine\"\n";
    std::fs::write(&file, text).expect("writes");
    let path = file.to_string_lossy().into_owned();
    for rules in ["sanma", "sanma-majsoul", path.as_str()] {
        let args = ["play", "--rules", rules, "--plain", "--seed", "3", "--one-hand"];
        let (out, err, ok) = run(&args, "q\n");
        assert!(ok, "{args:?}: {err}");
        // You and the two others, no North seat.
        assert!(
            out.contains("scores: you 35000, South (defensive) 35000, West (defensive) 35000\n"),
            "{args:?}: {out}"
        );
        assert!(!out.contains("North ("), "{args:?}: {out}");
    }
    let _ = std::fs::remove_file(&file);
    // One opponent a seat: two at three seats, so three are refused.
    let args = ["play", "--rules", "sanma", "--plain", "--opponents", "random,random,random"];
    let (_, err, ok) = run(&args, "");
    assert!(!ok && err.contains("one agent or 2"), "{err}");
    let args = ["play", "--rules", "sanma", "--plain", "--opponents", "random,efficiency"];
    let (out, err, ok) = run(&args, "q\n");
    assert!(
        ok && out.contains("South (random)") && out.contains("West (efficiency)"),
        "{out} {err}"
    );
    // Scoring takes them: a three-player hand scored under the preset.
    let line =
        r#"{"rules": "sanma", "hand": "111999m123p456s55z", "win_tile": "5z", "self_drawn": true}"#;
    let (out, err, ok) = run(&["score", "--json"], &format!("{line}\n"));
    assert!(ok && out.contains(r#""han":"#), "{out} {err}");
}

/// `hupai analyze --rules sanma` counts the copies of a 108-tile set: 2m-8m are never drawn,
/// and a hand that holds one is refused.
#[test]
fn analyze_counts_the_three_player_tile_set() {
    let (out, err, ok) = run(&["analyze", "--rules", "sanma", "--json"], "119m456p789s1112z\n");
    assert!(ok, "{err}");
    let a: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(a["ukeire"]["count"].as_u64(), Some(8), "{out}");
    let (four, _, _) = run(&["analyze", "--rules", "riichi", "--json"], "119m456p789s1112z\n");
    let four: serde_json::Value = serde_json::from_str(four.trim()).expect("json");
    assert_eq!(four["ukeire"]["count"].as_u64(), Some(16), "{four}");
    let (out, _, ok) = run(&["analyze", "--rules", "sanma", "--json"], "159m456p789s1112z\n");
    assert!(!ok && out.contains("wall has no such tile"), "{out}");
}
