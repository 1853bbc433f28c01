//! Any `hupai score` input line is scored or refused with a message; never a panic.
#![no_main]

use hupai_rules::{RulesCache, ScoreLine};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(line) = serde_json::from_str::<ScoreLine>(text) else { return };
    // Only presets: a rules name that is a path would read files.
    if Rules::preset_names().all(|n| n != line.rules) {
        return;
    }
    let mut cache = RulesCache::default();
    if let Ok(score) = line.score(&mut cache) {
        assert!(score.total > 0 || !score.items.is_empty() || score.payments.total == 0);
    }
});

use hupai_rules::Rules;
