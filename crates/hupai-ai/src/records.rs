//! What the arena records of each game: every player's hands, shanten curve and decision
//! times. [`crate::arena`] fills them, [`crate::stats`] pools them.
//!
//! ```
//! use hupai_ai::records::{bucket_us, time_bucket};
//! assert!(bucket_us(time_bucket(5_000)) >= 5.0);
//! ```

/// Buckets of the decision-time histogram (10% apart, from 1 ns).
pub const TIME_BUCKETS: usize = 256;

/// The bucket of a duration in nanoseconds.
pub fn time_bucket(ns: u64) -> usize {
    if ns <= 1 {
        return 0;
    }
    (((ns as f64).ln() / 1.1f64.ln()) as usize).min(TIME_BUCKETS - 1)
}

/// The upper end of a bucket, in microseconds.
pub fn bucket_us(bucket: usize) -> f64 {
    1.1f64.powi(bucket as i32 + 1) / 1000.0
}

/// Turns tracked for the shanten-by-turn curve.
pub const TURNS: usize = 18;

/// One player's hand in one job.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HandRecord {
    /// Points won or lost in the hand (sticks included).
    pub points: i32,
    /// Rank by the scores after the hand (1..=4).
    pub rank: u8,
    /// Won the hand.
    pub win: bool,
    /// Dealt in.
    pub deal_in: bool,
    /// The hand ended in an exhaustive draw.
    pub exhaustive: bool,
    /// Ready at that exhaustive draw.
    pub tenpai: bool,
    /// Made a call.
    pub call: bool,
    /// Declared riichi.
    pub riichi: bool,
    /// Han or fans of the win.
    pub win_value: u32,
    /// Paid at an exhaustive draw for not being ready (查叫 / 查大叫).
    pub not_ready_paid: bool,
    /// Paid as a flower pig (查花猪: still holding the void suit at the draw).
    pub flower_pig: bool,
}

/// Everything one player did in one job.
#[derive(Clone, Debug)]
pub struct PlayerRecord {
    /// The agent's name.
    pub name: String,
    /// Its hands.
    pub hands: Vec<HandRecord>,
    /// Points over the game (games mode).
    pub game_points: Option<i32>,
    /// Rank at the end of the game (games mode).
    pub game_rank: Option<u8>,
    /// Shanten after each own discard: sums and counts by turn.
    pub shanten: [(f64, u32); TURNS],
    /// Decision-time histogram.
    pub times: Vec<u32>,
    /// Answers that were not legal options (or not readable), replaced by the default.
    pub illegal: u32,
    /// Decisions not answered in time.
    pub timeouts: u32,
}

/// One job: one wall (or game) played with one seating.
#[derive(Clone, Debug)]
pub struct JobRecord {
    /// The wall index (duplicate block).
    pub wall: u64,
    /// The players, one a seat at the table.
    pub players: Vec<PlayerRecord>,
}
