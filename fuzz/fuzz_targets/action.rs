//! Any JSON given as an action (what a client or a bot answers) is read or refused; what is
//! read writes back to the same action.
#![no_main]

use hupai_engine::{Action, Event};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(action) = serde_json::from_str::<Action>(text) {
        let again: Action = serde_json::from_str(&serde_json::to_string(&action).expect("writes"))
            .expect("reads back");
        assert_eq!(again, action);
    }
    if let Ok(event) = serde_json::from_str::<Event>(text) {
        let again: Event = serde_json::from_str(&event.to_json()).expect("reads back");
        assert_eq!(again, event);
    }
});
