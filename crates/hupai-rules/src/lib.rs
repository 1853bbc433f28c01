//! hupai-rules: rule sets as data, and scoring for every family.
//!
//! ```
//! use hupai_rules::Rules;
//! let rules = Rules::preset("riichi").unwrap();
//! assert_eq!(rules.red_fives, [1, 1, 1]);
//! ```

#![deny(missing_docs)]

mod context;
mod fan_names;
pub mod guangdong;
pub mod hongkong;
pub mod mcr;
mod riichi;
mod rules;
mod score;
mod score_json;
mod score_line;
mod sets;
pub mod sichuan;
pub mod wuhan;

pub use context::{LoneKongs, WinContext};
pub use mcr::Fan;
pub use riichi::Yaku;
pub use rules::{
    AfterWin, DeclareReady, DiscardPays, Doubling, ExchangeDirection, Family, FanTable, KazoeLimit,
    LoneKongTile, Pao, PaymentRule, Renhou, Rules, RulesError, SelfDrawBonus,
};
pub use score::{
    score, Inconsistency, ItemId, Limit, Payments, Refusal, Score, ScoreError, ScoreItem,
};
pub use score_line::{LineError, RulesCache, ScoreLine};
