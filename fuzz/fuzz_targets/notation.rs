//! Every parser takes arbitrary text without panicking, and what parses round-trips.
#![no_main]

use hupai_core::{Counts, Hand, Kind, Meld};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(hand) = text.parse::<Hand>() {
        let again: Hand = hand.to_string().parse().expect("canonical hand text parses");
        assert_eq!(again, hand);
    }
    if let Ok(counts) = text.parse::<Counts>() {
        let again: Counts = counts.to_string().parse().expect("canonical counts parse");
        assert_eq!(again, counts);
    }
    let _ = text.parse::<Kind>();
    let _ = text.parse::<Meld>();
    let _ = hupai_core::notation::parse_kinds(text);
});
