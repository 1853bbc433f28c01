//! Winning forms and the set of forms a rule set allows.
//!
//! ```
//! use hupai_core::{Form, FormSet};
//! assert!(FormSet::MCR.contains(Form::KnittedStraight));
//! assert!(!FormSet::RIICHI.contains(Form::HonorsAndKnitted));
//! assert!(FormSet::MCR.quads_as_two_pairs());
//! assert!(!FormSet::RIICHI.quads_as_two_pairs());
//! ```

use std::fmt;

/// A shape a complete hand can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// Four melds and a pair (declared melds count toward the four).
    Regular,
    /// Seven pairs (七对, 七対子).
    SevenPairs,
    /// Thirteen orphans (十三幺, 国士無双).
    ThirteenOrphans,
    /// Honours and knitted tiles (全不靠): 14 distinct tiles from one knitted 147/258/369
    /// assignment of the three suits and the seven honours.
    HonorsAndKnitted,
    /// Knitted straight (组合龙): 147, 258, 369 in three different suits, plus one meld and a pair.
    KnittedStraight,
}

impl Form {
    /// All five forms.
    pub const ALL: [Form; 5] = [
        Form::Regular,
        Form::SevenPairs,
        Form::ThirteenOrphans,
        Form::HonorsAndKnitted,
        Form::KnittedStraight,
    ];

    /// A snake_case name, as used in JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Form::Regular => "regular",
            Form::SevenPairs => "seven_pairs",
            Form::ThirteenOrphans => "thirteen_orphans",
            Form::HonorsAndKnitted => "honors_knitted",
            Form::KnittedStraight => "knitted_straight",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`Form`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownForm(pub String);

impl fmt::Display for UnknownForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Form::ALL.iter().map(|f| f.name()).collect();
        write!(f, "unknown form '{}': use {}", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownForm {}

impl std::str::FromStr for Form {
    type Err = UnknownForm;

    /// The form with this [`Form::name`].
    fn from_str(s: &str) -> Result<Form, UnknownForm> {
        Form::ALL.into_iter().find(|f| f.name() == s).ok_or_else(|| UnknownForm(s.to_string()))
    }
}

/// The forms a rule set accepts, plus whether four identical tiles count as two pairs for
/// seven pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormSet(u8);

const QUADS: u8 = 1 << 7;

impl FormSet {
    /// No form at all.
    pub const EMPTY: FormSet = FormSet(0);
    /// Only the regular form.
    pub const REGULAR: FormSet = FormSet(Form::Regular.bit());
    /// Riichi: regular, seven pairs (four identical tiles are not two pairs), thirteen orphans.
    pub const RIICHI: FormSet =
        FormSet(Form::Regular.bit() | Form::SevenPairs.bit() | Form::ThirteenOrphans.bit());
    /// Chinese Official (MCR): all five forms; four identical tiles count as two pairs.
    pub const MCR: FormSet = FormSet(
        Form::Regular.bit()
            | Form::SevenPairs.bit()
            | Form::ThirteenOrphans.bit()
            | Form::HonorsAndKnitted.bit()
            | Form::KnittedStraight.bit()
            | QUADS,
    );
    /// General Chinese rules: regular, seven pairs (four identical count as two pairs),
    /// thirteen orphans and honours-and-knitted.
    pub const CHINESE: FormSet = FormSet(
        Form::Regular.bit()
            | Form::SevenPairs.bit()
            | Form::ThirteenOrphans.bit()
            | Form::HonorsAndKnitted.bit()
            | QUADS,
    );

    /// Whether `form` is allowed.
    pub const fn contains(self, form: Form) -> bool {
        self.0 & form.bit() != 0
    }

    /// The same set with `form` added.
    pub const fn with(self, form: Form) -> FormSet {
        FormSet(self.0 | form.bit())
    }

    /// The same set with `form` removed.
    pub const fn without(self, form: Form) -> FormSet {
        FormSet(self.0 & !form.bit())
    }

    /// Whether four identical tiles count as two pairs for seven pairs.
    pub const fn quads_as_two_pairs(self) -> bool {
        self.0 & QUADS != 0
    }

    /// The same set with the four-identical-tiles switch set to `yes`.
    pub const fn with_quads_as_two_pairs(self, yes: bool) -> FormSet {
        if yes {
            FormSet(self.0 | QUADS)
        } else {
            FormSet(self.0 & !QUADS)
        }
    }

    /// The allowed forms, in [`Form::ALL`] order.
    pub fn forms(self) -> impl Iterator<Item = Form> {
        Form::ALL.into_iter().filter(move |&f| self.contains(f))
    }
}
