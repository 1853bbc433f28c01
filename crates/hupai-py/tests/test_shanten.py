"""Shanten, per form and overall, on thousands of random hands against ``mahjong``'s
``Shanten`` (riichi forms) and PyMahjongGB's per-form functions (MCR forms), one hand at a
time and in numpy batches.

Conventions where the references differ (also in ``crates/hupai-core/tests/oracle_fixtures.rs``):
- four identical tiles are not two pairs for riichi seven pairs (``mahjong`` agrees) and are two
  pairs for MCR (PyMahjongGB agrees): the rules decide;
- PyMahjongGB's useful tiles can include a kind the hand holds four times; a fifth copy does not
  exist, so hupai never counts it: those kinds are dropped from the reference before comparing.
"""

import random

import MahjongGB
import numpy as np
from mahjong.shanten import Shanten

import hupai
from hands import mixed_hands, mpsz

FORMS = ["regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"]


def test_riichi_shanten_matches_mahjong() -> None:
    hands = mixed_hands(random.Random(21), 4000)
    batch = np.array(hands, dtype=np.uint8)
    overall = hupai.shanten_batch(batch)
    per_form = hupai.form_shanten_batch(batch)
    agari = hupai.agari_batch(batch)
    for i, counts in enumerate(hands):
        want = [
            Shanten.calculate_shanten(counts),
            Shanten.calculate_shanten_for_regular_hand(counts),
            Shanten.calculate_shanten_for_chiitoitsu_hand(counts),
            Shanten.calculate_shanten_for_kokushi_hand(counts),
        ]
        assert [overall[i], *per_form[i][:3]] == want, mpsz(counts)
        assert list(per_form[i][3:]) == [127, 127]
        if i % 8 == 0:
            text = mpsz(counts)
            assert hupai.shanten(text) == want[0] == hupai.shanten(counts)
            forms = hupai.form_shanten(text)
            assert [forms[f] for f in FORMS[:3]] == want[1:]
            assert forms["honors_knitted"] is None
        assert agari[i] == (sum(counts) == 14 and want[0] == -1)


def test_mcr_forms_match_pymahjonggb() -> None:
    rng = random.Random(22)
    hands = mixed_hands(rng, 2500, sizes=(13,))
    # Knitted hands, which random draws almost never come near.
    for _ in range(500):
        perm = rng.sample(range(3), 3)
        knitted = [9 * perm[i] + r - 1 for i, rs in enumerate([(1, 4, 7), (2, 5, 8), (3, 6, 9)]) for r in rs]
        pool = sorted(set(knitted + list(range(27, 34)) + rng.sample(range(34), 3)))
        counts = [0] * 34
        for k in rng.sample(pool, 13):
            counts[k] += 1
        hands.append(counts)
    batch = np.array(hands, dtype=np.uint8)
    per_form = hupai.form_shanten_batch(batch, rules="mcr")
    functions = [
        MahjongGB.RegularShanten,
        MahjongGB.SevenPairsShanten,
        MahjongGB.ThirteenOrphansShanten,
        MahjongGB.HonorsAndKnittedTilesShanten,
        MahjongGB.KnittedStraightShanten,
    ]
    for f, form in enumerate(FORMS):
        rules = hupai.Rules.from_toml(f'extends = "mcr"\nforms = ["{form}"]\n')
        useful, _ = hupai.ukeire_batch(batch, rules=rules)
        for i, counts in enumerate(hands):
            codes = tuple(hupai.to_gb(mpsz(counts)))
            shanten, ref_useful = functions[f](hand=codes)
            assert per_form[i][f] == shanten, (form, mpsz(counts))
            ref = {hupai.tiles(hupai.from_gb([c]))[0] for c in ref_useful}
            ref = {t for t in ref if counts[hupai.to_34(t).index(1)] < 4}
            got = set(hupai.tiles(hupai.from_34([int(x) for x in useful[i]])))
            assert got == ref, (form, mpsz(counts))


def test_declared_melds_lower_the_target() -> None:
    rng = random.Random(23)
    for melds in (1, 2, 3):
        hands = mixed_hands(rng, 400, sizes=(13 - 3 * melds,))
        batch = np.array(hands, dtype=np.uint8)
        got = hupai.form_shanten_batch(batch, rules="mcr", melds=melds)
        for i, counts in enumerate(hands):
            shanten, _ = MahjongGB.RegularShanten(hand=tuple(hupai.to_gb(mpsz(counts))))
            assert got[i][0] == shanten
            assert got[i][1] == 127 and (melds > 1) == (got[i][4] == 127)


def test_batches_check_their_input() -> None:
    import pytest

    with pytest.raises(hupai.InputError):
        hupai.shanten_batch(np.zeros((2, 33), dtype=np.uint8))
    with pytest.raises(hupai.InputError):
        hupai.shanten_batch(np.full((1, 34), 5, dtype=np.uint8))
    with pytest.raises(hupai.InputError):
        hupai.shanten_batch(np.ones((1, 34), dtype=np.uint8))
    with pytest.raises(hupai.InputError):
        hupai.shanten_batch(np.zeros((2, 34), dtype=np.uint8), melds=np.zeros(3, dtype=np.uint8))
    with pytest.raises(hupai.RulesError):
        hupai.shanten_batch(np.zeros((1, 34), dtype=np.uint8), rules="nope")
    # Strided input is read as well as contiguous input.
    hands = np.array(mixed_hands(random.Random(24), 50), dtype=np.uint8)
    assert (hupai.shanten_batch(hands[::2]) == hupai.shanten_batch(hands)[::2]).all()
