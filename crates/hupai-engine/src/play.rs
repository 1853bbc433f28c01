//! Playing a whole match with in-process agents.

use crate::{Agent, Driver, Event, PlayError, Setup};

/// Plays a match from `setup` with four agents, agent `i` playing player `i` (whichever seat
/// that player holds); returns the full record.
pub fn play_match(setup: Setup, agents: &mut [Box<dyn Agent>]) -> Result<Vec<Event>, PlayError> {
    let mut driver = Driver::new(setup);
    driver.run(agents)?;
    Ok(driver.into_record())
}
