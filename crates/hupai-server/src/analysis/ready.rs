//! The hands shown after an exhaustive draw: the concealed tiles of the seats that were ready,
//! which every player is shown (the seats not ready keep theirs hidden), worked out from the
//! record as each ready seat saw it.
//!
//! ```
//! use hupai_engine::Event;
//! use hupai_rules::Rules;
//! use hupai_server::analysis::ready::ready_hands;
//! // Not a draw: nothing to show.
//! assert!(ready_hands(&[Event::EndKyoku], 0, &Rules::preset("riichi").unwrap()).is_none());
//! ```

use hupai_engine::{DrawReason, Event, Pai, PlayerView};
use hupai_rules::Rules;

/// The ready seats' concealed tiles after event `seq` of `record`, when it is an exhaustive
/// draw with a ready seat (what every player is shown at the end of such a hand; the seats not
/// ready keep their tiles hidden): each ready seat with its tiles.
pub fn ready_hands(record: &[Event], seq: usize, rules: &Rules) -> Option<Vec<(usize, Vec<Pai>)>> {
    let Event::Ryukyoku { reason, tenpai, .. } = record.get(seq)? else { return None };
    if !matches!(reason, None | Some(DrawReason::Exhaustive)) || !tenpai.contains(&true) {
        return None;
    }
    let start = record[..seq].iter().rposition(|e| matches!(e, Event::StartKyoku { .. }))?;
    let mut hands = Vec::new();
    for seat in rules.seats().iter().filter(|s| tenpai[s.index()]) {
        let mut view = PlayerView::new(seat, rules);
        for e in &record[start..seq] {
            view.update_from_record(e).ok()?;
        }
        hands.push((seat.index(), view.hand()));
    }
    Some(hands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_ai::Defensive;
    use hupai_core::Seat;
    use hupai_engine::{Agent, Driver, Setup};

    #[test]
    fn an_exhaustive_draw_shows_the_ready_hands_and_only_those() {
        for preset in ["riichi", "sanma"] {
            exhaustive_draws_show_the_ready_hands(preset);
        }
    }

    /// At four seats and at three (三人麻雀: the ready seats among East, South and West).
    fn exhaustive_draws_show_the_ready_hands(preset: &str) {
        let rules = Rules::preset(preset).unwrap();
        let mut found = 0;
        for seed in 0..60 {
            let mut setup = Setup::new(rules.clone(), seed);
            setup.single_hand = true;
            let mut driver = Driver::new(setup);
            let mut ai = Defensive::new(&rules);
            loop {
                let (p, d, action) = {
                    let Some(prompt) = driver.prompts().next() else { break };
                    (prompt.player, prompt.decision, ai.decide(prompt.view, prompt.options))
                };
                driver.answer(p, d, action).unwrap();
            }
            let record = driver.record();
            for (seq, e) in record.iter().enumerate() {
                let shown = ready_hands(record, seq, &rules);
                let Event::Ryukyoku { reason, tenpai, .. } = e else {
                    assert!(shown.is_none());
                    continue;
                };
                let exhaustive = matches!(reason, None | Some(DrawReason::Exhaustive));
                if !exhaustive || !tenpai.contains(&true) {
                    assert!(shown.is_none());
                    continue;
                }
                let Some(hands) = shown else { panic!("seed {seed}: no hands shown") };
                let seats: Vec<usize> = hands.iter().map(|h| h.0).collect();
                assert_eq!(tenpai.len(), rules.seats().count());
                let ready: Vec<usize> = (0..tenpai.len()).filter(|&i| tenpai[i]).collect();
                assert_eq!(seats, ready, "seed {seed}: only the ready seats");
                for (seat, tiles) in hands {
                    // The seat's own stream up to the draw holds the same hand.
                    let mut view = PlayerView::new(Seat::ALL[seat], &rules);
                    for e in hupai_engine::player_stream(record, seat).take(seq) {
                        view.update(&e).unwrap();
                    }
                    assert_eq!(tiles, view.hand(), "seed {seed} seat {seat}");
                    assert_eq!(tiles.len() + 3 * view.own_melds().len(), 13, "{preset}");
                }
                found += 1;
            }
            if found >= 2 {
                break;
            }
        }
        assert!(found >= 1, "{preset}: no exhaustive draw with a ready seat in 60 seeds");
    }
}
