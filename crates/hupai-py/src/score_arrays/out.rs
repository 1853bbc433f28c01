//! The results of some rows as columns, appended row by row and batch by batch.

use hupai_rules::{Limit, Score};

use super::id_table::IdTable;
use super::row_error::RowError;

/// The limit codes of the `limit` column, by code.
pub const LIMITS: [&str; 7] =
    ["", "mangan", "haneman", "baiman", "sanbaiman", "kazoe yakuman", "yakuman"];

/// One scored item: its number in the batch's table, count and value of one.
pub(super) type Item = (i16, u8, u16);

/// The results of some rows, as columns.
#[derive(Debug, Default)]
pub(super) struct Out {
    pub(super) error: Vec<u8>,
    pub(super) total: Vec<u32>,
    pub(super) fu: Vec<u32>,
    pub(super) limit: Vec<u8>,
    pub(super) yakuman: Vec<u8>,
    pub(super) meets_minimum: Vec<bool>,
    pub(super) points: Vec<u32>,
    pub(super) ron: Vec<i64>,
    pub(super) ron_others: Vec<u32>,
    pub(super) tsumo_dealer: Vec<i64>,
    pub(super) tsumo_others: Vec<i64>,
    pub(super) n_items: Vec<u8>,
    /// The items of every row, in row order.
    pub(super) items: Vec<Item>,
    /// The rows that failed (absolute row numbers), in order.
    pub(super) errors: Vec<(usize, RowError)>,
}

fn paid(v: Option<u32>) -> i64 {
    v.map_or(-1, i64::from)
}

impl Out {
    pub(super) fn with_capacity(n: usize) -> Out {
        Out {
            error: Vec::with_capacity(n),
            total: Vec::with_capacity(n),
            fu: Vec::with_capacity(n),
            limit: Vec::with_capacity(n),
            yakuman: Vec::with_capacity(n),
            meets_minimum: Vec::with_capacity(n),
            points: Vec::with_capacity(n),
            ron: Vec::with_capacity(n),
            ron_others: Vec::with_capacity(n),
            tsumo_dealer: Vec::with_capacity(n),
            tsumo_others: Vec::with_capacity(n),
            n_items: Vec::with_capacity(n),
            items: Vec::with_capacity(n * 6),
            errors: Vec::new(),
        }
    }

    pub(super) fn push_error(&mut self, row: usize, e: RowError) {
        self.error.push(e.code());
        self.total.push(0);
        self.fu.push(0);
        self.limit.push(0);
        self.yakuman.push(0);
        self.meets_minimum.push(false);
        self.points.push(0);
        self.ron.push(-1);
        self.ron_others.push(0);
        self.tsumo_dealer.push(-1);
        self.tsumo_others.push(-1);
        self.n_items.push(0);
        self.errors.push((row, e));
    }

    pub(super) fn push(&mut self, row: usize, s: &Score, table: IdTable) {
        let Ok(n_items) = u8::try_from(s.items.len()) else {
            let m = format!("internal error: {} items do not fit the items column", s.items.len());
            return self.push_error(row, RowError::Internal(m));
        };
        let start = self.items.len();
        for item in &s.items {
            let id = table.index(item.id);
            let (count, value) = (u8::try_from(item.count), u16::try_from(item.value));
            let (Some(id), Ok(count), Ok(value)) = (id, count, value) else {
                self.items.truncate(start);
                let m = format!("internal error: item {} does not fit the id table", item.id);
                return self.push_error(row, RowError::Internal(m));
            };
            self.items.push((id, count, value));
        }
        let (limit, yakuman) = match s.limit {
            None => (0, 0),
            Some(Limit::Mangan) => (1, 0),
            Some(Limit::Haneman) => (2, 0),
            Some(Limit::Baiman) => (3, 0),
            Some(Limit::Sanbaiman) => (4, 0),
            Some(Limit::KazoeYakuman) => (5, 0),
            Some(Limit::Yakuman(n)) => (6, n),
        };
        let p = &s.payments;
        self.error.push(0);
        self.total.push(s.total);
        self.fu.push(s.fu);
        self.limit.push(limit);
        self.yakuman.push(yakuman);
        self.meets_minimum.push(s.meets_minimum);
        self.points.push(p.total);
        self.ron.push(paid(p.ron));
        self.ron_others.push(p.ron_others);
        self.tsumo_dealer.push(paid(p.tsumo_dealer));
        self.tsumo_others.push(paid(p.tsumo_others));
        self.n_items.push(n_items);
    }

    pub(super) fn append(&mut self, mut o: Out) {
        self.error.append(&mut o.error);
        self.total.append(&mut o.total);
        self.fu.append(&mut o.fu);
        self.limit.append(&mut o.limit);
        self.yakuman.append(&mut o.yakuman);
        self.meets_minimum.append(&mut o.meets_minimum);
        self.points.append(&mut o.points);
        self.ron.append(&mut o.ron);
        self.ron_others.append(&mut o.ron_others);
        self.tsumo_dealer.append(&mut o.tsumo_dealer);
        self.tsumo_others.append(&mut o.tsumo_others);
        self.n_items.append(&mut o.n_items);
        self.items.append(&mut o.items);
        self.errors.append(&mut o.errors);
    }
}
