//! Regular hands read as four sets and a pair, and jokers replaced by kinds: what the regional
//! fan tables (Hong Kong, Guangdong) look at.

use hupai_core::{for_each_decomposition, Block, Counts, Form, FormSet, Hand, Kind, MeldKind};

use crate::WinContext;

/// One of the four sets of a regular hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Set {
    /// The kind (the lowest for a chow).
    pub kind: Kind,
    /// A pung or a kong (not a chow).
    pub pung: bool,
    /// A kong.
    pub kong: bool,
    /// Made of concealed tiles (a closed kong, or a pung not completed by a discard).
    pub concealed: bool,
}

/// Whether `hand` wins in the special `form` (seven pairs, thirteen orphans) the rules
/// allow: no melds and the concealed tiles complete in that form.
pub(crate) fn is_special(hand: &Hand, forms: FormSet, form: Form) -> bool {
    hand.melds().is_empty()
        && forms.contains(form)
        && hupai_core::form_shanten(hand.concealed(), 0, form, forms) == Some(-1)
}

/// Calls `f` with each reading of `hand` as four sets (declared melds first) and a pair.
pub(crate) fn for_each_reading(hand: &Hand, ctx: &WinContext, mut f: impl FnMut(&[Set; 4], Kind)) {
    let melds = hand.melds();
    if melds.len() > 4 {
        return;
    }
    let mut sets = [Set { kind: Kind::EAST, pung: false, kong: false, concealed: false }; 4];
    for (slot, m) in sets.iter_mut().zip(melds) {
        *slot = Set {
            kind: m.first(),
            pung: m.kind() != MeldKind::Chi,
            kong: m.kind().is_kan(),
            concealed: m.kind() == MeldKind::ClosedKan,
        };
    }
    for_each_decomposition(hand.concealed(), |d| {
        let blocks = d.blocks();
        if blocks.len() + melds.len() != 4 {
            return;
        }
        // A pung the winning discard completed is an open one, unless the decomposition puts
        // the win tile elsewhere (in the pair or a chow).
        let win = ctx.win_tile;
        let elsewhere = d.pair == win
            || blocks.iter().any(|b| matches!(b, Block::Sequence(_)) && b.contains(win));
        let mut all = sets;
        for (slot, b) in all[melds.len()..].iter_mut().zip(blocks) {
            let pung = matches!(b, Block::Triplet(_));
            let by_discard = pung && !ctx.self_drawn && b.first() == win && !elsewhere;
            *slot = Set { kind: b.first(), pung, kong: false, concealed: !by_discard };
        }
        f(&all, d.pair);
    });
}

/// Calls `f` with `hand` as it is when it holds no joker, otherwise with every hand its
/// jokers could stand for that wins under `forms` (each a kind of which fewer than four are
/// held).
pub(crate) fn for_each_substitution(hand: &Hand, forms: FormSet, mut f: impl FnMut(&Hand)) {
    if hand.jokers() == 0 {
        f(hand);
        return;
    }
    let mut concealed = *hand.concealed();
    let mut all = hand.all_counts();
    let melds = hand.melds().len() as u8;
    substitute(&mut concealed, &mut all, hand.jokers(), 0, &mut |c: &Counts| {
        if hupai_core::is_agari(c, melds, forms) {
            if let Ok(h) = Hand::new(*c, hand.melds()) {
                f(&h);
            }
        }
    });
}

/// Calls `f` with `concealed` after every way of adding `left` more tiles of kinds from the
/// `from`-th on (in kind order, so each multiset once), none past four in `all`.
pub(crate) fn substitute(
    concealed: &mut Counts,
    all: &mut Counts,
    left: u8,
    from: usize,
    f: &mut impl FnMut(&Counts),
) {
    if left == 0 {
        f(concealed);
        return;
    }
    for kind in Kind::all().skip(from) {
        if all.get(kind) >= 4 {
            continue;
        }
        concealed.add(kind);
        all.add(kind);
        substitute(concealed, all, left - 1, kind.index(), f);
        concealed.remove(kind);
        all.remove(kind);
    }
}

/// The hand's suits: whether it holds honours, and how many of the three number suits.
pub(crate) fn suits(all: &Counts) -> (bool, usize) {
    let honours = all.kinds().any(Kind::is_honor);
    let numbers =
        [0usize, 9, 18].iter().filter(|&&s| all.0[s..s + 9].iter().any(|&n| n > 0)).count();
    (honours, numbers)
}

/// Whether the concealed tiles of a closed hand are a nine gates: 1112345678999 of one suit
/// and one more of it.
pub(crate) fn is_nine_gates(hand: &Hand) -> bool {
    if !hand.melds().is_empty() {
        return false;
    }
    let c = hand.concealed();
    [0usize, 9, 18].iter().any(|&s| {
        let suit = &c.0[s..s + 9];
        let total: u8 = suit.iter().sum();
        total == 14 && suit[0] >= 3 && suit[8] >= 3 && suit[1..8].iter().all(|&n| n >= 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readings(hand: &str, win: &str, self_drawn: bool) -> Vec<Vec<(String, bool, bool)>> {
        let hand: Hand = hand.parse().unwrap();
        let ctx = WinContext::new(win.parse().unwrap(), self_drawn);
        let mut out = Vec::new();
        for_each_reading(&hand, &ctx, |sets, _| {
            out.push(sets.iter().map(|s| (s.kind.to_string(), s.pung, s.concealed)).collect());
        });
        out
    }

    #[test]
    fn a_pung_completed_by_a_discard_is_open() {
        let r = readings("111m222p333s44s555z", "5z", false);
        assert_eq!(r.len(), 1);
        assert!(!r[0][3].2, "the 5z pung was completed by the discard");
        assert!(readings("111m222p333s44s555z", "5z", true)[0][3].2);
        // 3s can be the chow's or the pung's: the pung stays concealed in that reading.
        let r = readings("111m222p333s345s55z", "3s", false);
        assert!(r.iter().all(|sets| sets.iter().all(|s| s.2)), "{r:?}");
    }

    #[test]
    fn jokers_stand_for_what_wins() {
        let hand: Hand = "123m456p789s111z2z*".parse().unwrap();
        assert_eq!(hand.jokers(), 1);
        let mut found = Vec::new();
        for_each_substitution(&hand, FormSet::CHINESE, |h| found.push(h.to_string()));
        assert_eq!(found, ["123m456p789s11122z"]);
        assert!(is_nine_gates(&"11123455678999m".parse().unwrap()));
        assert!(!is_nine_gates(&"11223344556677m".parse().unwrap()));
    }
}
