//! The shanten of every hand one tile away from a state, as [`HandState`] answers it
//! (computed in `after_each.rs`).
//!
//! ```
//! use hupai_core::{FormSet, HandState};
//! let state = HandState::new(&"123m456p789s1123z".parse()?, 0, FormSet::RIICHI)?;
//! let after = state.shanten_after_each_draw();
//! assert_eq!(after.best(), Some(0));
//! assert_eq!(after.kinds().len(), 34);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`HandState`]: crate::HandState

use std::fmt;

use crate::{Kind, KindSet};

/// The shanten of each hand one tile away from a state (see
/// [`HandState::shanten_after_each_draw`] and [`HandState::shanten_after_each_discard`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ShantenAfter {
    pub(super) shanten: [i8; 34],
    pub(super) kinds: KindSet,
}

impl ShantenAfter {
    /// The shanten after the change of `kind`, `None` when that change is not allowed.
    pub fn get(&self, kind: Kind) -> Option<i8> {
        self.kinds.contains(kind).then(|| self.shanten[kind.index()])
    }

    /// The kinds whose change is allowed.
    pub fn kinds(&self) -> KindSet {
        self.kinds
    }

    /// Each allowed change and its shanten, in kind order.
    pub fn iter(&self) -> impl Iterator<Item = (Kind, i8)> + '_ {
        self.kinds.iter().map(|k| (k, self.shanten[k.index()]))
    }

    /// The lowest shanten over the allowed changes.
    pub fn best(&self) -> Option<i8> {
        self.iter().map(|(_, s)| s).min()
    }
}

impl fmt::Debug for ShantenAfter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter().map(|(k, s)| (k.to_string(), s))).finish()
    }
}
