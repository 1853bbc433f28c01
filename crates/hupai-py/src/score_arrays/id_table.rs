//! The id tables: which numbers the `items` column gives the fans or yaku of a rule set.

use hupai_rules::{guangdong, hongkong, mcr, sichuan, ItemId, Rules, Variant};

/// Which id table the items of a batch index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum IdTable {
    /// `FAN_IDS`: MCR and the general Chinese rules.
    Fans,
    /// `YAKU_IDS`: riichi.
    Yaku,
    /// `SICHUAN_FAN_IDS`: the Sichuan fan table.
    Sichuan,
    /// `HONGKONG_FAN_IDS`: the Hong Kong fan table.
    HongKong,
    /// `GUANGDONG_FAN_IDS`: the Guangdong fan table.
    Guangdong,
    /// `WUHAN_FAN_IDS`: the Wuhan fan table.
    Wuhan,
}

impl IdTable {
    /// Every table.
    pub(super) const ALL: [IdTable; 6] = [
        IdTable::Fans,
        IdTable::Yaku,
        IdTable::Sichuan,
        IdTable::HongKong,
        IdTable::Guangdong,
        IdTable::Wuhan,
    ];

    /// The table of the items `hupai_rules::score` gives under `rules` (the match is
    /// exhaustive: a new variant does not build until it has its table here).
    pub(super) fn of(rules: &Rules) -> IdTable {
        match rules.variant {
            Variant::Riichi => IdTable::Yaku,
            Variant::Mcr | Variant::Chinese => IdTable::Fans,
            Variant::Sichuan => IdTable::Sichuan,
            Variant::HongKong => IdTable::HongKong,
            Variant::Guangdong => IdTable::Guangdong,
            Variant::Wuhan => IdTable::Wuhan,
        }
    }

    /// The table's items, by number: the variant's items (`FAN_IDS` is the general Chinese
    /// rules' table, MCR's fans and 报听's, so that MCR and the general rules share it).
    pub(super) fn items(self) -> Vec<ItemId> {
        match self {
            IdTable::Fans => Variant::Chinese.items(),
            IdTable::Yaku => Variant::Riichi.items(),
            IdTable::Sichuan => Variant::Sichuan.items(),
            IdTable::HongKong => Variant::HongKong.items(),
            IdTable::Guangdong => Variant::Guangdong.items(),
            IdTable::Wuhan => Variant::Wuhan.items(),
        }
    }

    /// The number of `id` in this table (None: an item of another table).
    pub(super) fn index(self, id: ItemId) -> Option<i16> {
        let (table, i) = match id {
            ItemId::Fan(f) => (IdTable::Fans, f.index() - 1),
            ItemId::Yaku(y) => (IdTable::Yaku, y as usize),
            ItemId::Sichuan(f) => (IdTable::Sichuan, f as usize),
            ItemId::HongKong(f) => {
                (IdTable::HongKong, hongkong::Fan::ALL.iter().position(|&x| x == f)?)
            }
            ItemId::Guangdong(f) => {
                (IdTable::Guangdong, guangdong::Fan::ALL.iter().position(|&x| x == f)?)
            }
            ItemId::Wuhan(f) => (IdTable::Wuhan, f as usize),
            // 报听's fan closes the tables of the rules that may set it.
            ItemId::DeclaredReady => match self {
                IdTable::Fans => (IdTable::Fans, mcr::Fan::ALL.len()),
                IdTable::Sichuan => (IdTable::Sichuan, sichuan::Fan::ALL.len()),
                _ => return None,
            },
        };
        if table != self {
            return None;
        }
        i16::try_from(i).ok()
    }
}

/// Whether the numbers `IdTable::index` gives are the positions in the tables (checked when
/// the module loads, so a reordered enum is an import error, never a wrong id).
pub(super) fn id_tables_agree() -> bool {
    IdTable::ALL.into_iter().all(|t| {
        t.items().into_iter().enumerate().all(|(i, id)| t.index(id) == i16::try_from(i).ok())
    })
}
