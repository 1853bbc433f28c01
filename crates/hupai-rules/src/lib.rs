//! hupai-rules: rule sets as data, and scoring for every variant.
//!
//! ```
//! use hupai_rules::{Rules, Variant};
//! let rules = Rules::preset("riichi").unwrap();
//! assert_eq!(rules.red_fives, [1, 1, 1]);
//! assert_eq!(rules.variant, Variant::Riichi);
//! ```

#![deny(missing_docs)]

mod check;
mod context;
mod fan_names;
pub mod guangdong;
pub mod hongkong;
mod item;
mod json_writer;
pub mod mcr;
mod outcome;
mod riichi;
mod rules;
mod score;
mod score_error;
mod score_json;
mod score_line;
mod score_line_json;
mod sets;
mod settings;
mod settlement;
pub mod sichuan;
mod tile_set;
mod variant;
pub mod wuhan;

pub use context::{LoneKongs, WinContext};
pub use item::{ItemId, ScoreItem};
pub use mcr::Fan;
pub use outcome::{Limit, Payments, Score};
pub use riichi::Yaku;
pub use rules::{Rules, RulesError};
pub use score::score;
pub use score_error::{Inconsistency, Refusal, ScoreError};
pub use score_line::{LineError, RulesCache, ScoreLine, ScoreLineRef};
pub use settings::{
    AfterWin, DeclareReady, DiscardPays, Doubling, ExchangeDirection, FinalRounding, KazoeLimit,
    LoneKongTile, Pao, PaymentRule, Renhou, SelfDrawBonus,
};
pub use settlement::{SettleError, Standing};
pub use variant::Variant;
