//! Three-player riichi (`players = 3`) is scored but not yet dealt: every command that plays
//! matches refuses it by name instead of seating four players at a 108-tile wall, and scoring
//! still takes it.

use crate::common::run;

#[test]
fn commands_that_play_refuse_three_player_rules_and_say_why() {
    let file = std::env::temp_dir().join(format!("hupai-three-{}.toml", std::process::id()));
    let text = "extends = \"sanma\"\nname = \"mine\"\n";
    std::fs::write(&file, text).expect("writes");
    let path = file.to_string_lossy().into_owned();
    for rules in ["sanma", "sanma-majsoul", path.as_str()] {
        for args in [
            vec!["selfplay", "--rules", rules, "--games", "1"],
            vec!["arena", "--rules", rules, "--hands", "4"],
            vec!["mjai-bot", "--rules", rules],
            vec!["play", "--rules", rules, "--plain"],
        ] {
            let (out, err, ok) = run(&args, "");
            assert!(!ok, "{args:?} played: {out}");
            assert!(out.is_empty(), "{args:?} wrote {out}");
            assert!(
                err.contains("three players") && err.contains("does not deal"),
                "{args:?}: {err}"
            );
        }
    }
    let _ = std::fs::remove_file(&file);
    // Scoring takes them: a three-player hand scored under the preset.
    let line =
        r#"{"rules": "sanma", "hand": "111999m123p456s55z", "win_tile": "5z", "self_drawn": true}"#;
    let (out, err, ok) = run(&["score", "--json"], &format!("{line}\n"));
    assert!(ok && out.contains(r#""han":"#), "{out} {err}");
}
