//! Whatever an mjai host sends, the bot answers every line with one line and never panics.
//! Half the inputs start with a well-formed game start, so the fuzzer reaches the hand.
#![no_main]

use hupai_ai::mjai_bot::MjaiBot;
use hupai_ai::Efficiency;
use hupai_rules::Rules;
use libfuzzer_sys::fuzz_target;

const START: [&str; 2] = [
    r#"{"type":"start_game","id":0}"#,
    r#"{"type":"start_kyoku","bakaze":"E","dora_marker":"2p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#,
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let rules = Rules::preset("riichi").expect("preset");
    let mut bot = MjaiBot::new(rules.clone(), Box::new(Efficiency::new(&rules)), first & 2 != 0);
    if first & 1 == 1 {
        for line in START {
            let (answer, _) = bot.handle_line(line);
            assert!(!answer.is_empty());
        }
    }
    for line in String::from_utf8_lossy(rest).lines() {
        let (answer, _) = bot.handle_line(line);
        if !line.trim().is_empty() {
            assert!(answer.starts_with('{'), "{line} -> {answer}");
        }
    }
});
