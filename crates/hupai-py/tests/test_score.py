"""Scoring against the references on thousands of random winning hands made here: riichi
against ``mahjong``'s HandCalculator (through :mod:`hupai.compat.mahjong`, so the front end is
tested too), MCR fan by fan against PyMahjongGB's MahjongFanCalculator (through
:mod:`hupai.compat.mahjonggb`).

Known differences, avoided by the generators and named here (see also the crate docs and
``crates/hupai-rules/tests/``): PyMahjongGB accepts a fifth copy of a tile (hupai rejects it);
it has no 8-fan minimum (neither has the front end: ``hupai.score`` reports
``meets_minimum``); ``mahjong`` counts four identical tiles as no pair for chiitoitsu (so does
hupai's riichi preset); ``mahjong`` calls a counted yakuman ``yakuman`` (the front end maps
hupai's ``kazoe yakuman`` to it); ``fu_details`` is not computed by the front end.
"""

import random

import MahjongGB
import pytest
from mahjong.hand_calculating.hand import HandCalculator as RefCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

import hupai
from hands import as_meld, meld_counts, set_text, sets_hand
from hupai.compat.mahjong import HandCalculator
from hupai.compat.mahjonggb import MahjongFanCalculator

TENHOU = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                       kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False)
MAJSOUL = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True)
MELD = {"chi": (Meld.CHI, True), "pon": (Meld.PON, True), "kan": (Meld.KAN, True),
        "kakan": (Meld.SHOUMINKAN, True), "ankan": (Meld.KAN, False)}
WINDS = [27, 28, 29, 30]


def riichi_case(rng: random.Random):
    """A winning riichi hand as 136-tile ids: concealed ids, melds [(type, ids)], win id."""
    while True:
        r = rng.random()
        if r < 0.1:
            kinds = rng.sample(range(34), 7)
            conc, melds = [k for k in kinds for _ in range(2)], []
        elif r < 0.13:
            orphans = [k for k in range(34) if k >= 27 or k % 9 in (0, 8)]
            conc, melds = orphans + [rng.choice(orphans)], []
        else:
            pool = rng.choice([list(range(34)), [k for k in range(27) if k % 9 not in (0, 8)],
                               list(range(9 * (s := rng.randrange(3)), 9 * s + 9)) + list(range(27, 34))])
            drawn = sets_hand(rng, pool=pool, p_chow=rng.choice([0.3, 0.6, 0.9]))
            if drawn is None:
                continue
            sets, pair = drawn
            conc, melds = [pair, pair], []
            p_call = rng.choice([0.0, 0.0, 0.3, 0.6])
            for kind, k in sets:
                if kind == "kong" or rng.random() < p_call:
                    text = as_meld(kind, k, rng) if kind != "kong" else rng.choice(["kan:", "kakan:", "ankan:"]) + set_text(kind, k)
                    melds.append((text.split(":")[0], [x for x in range(34) for _ in range(meld_counts(text)[x])]))
                else:
                    conc += [k, k + 1, k + 2] if kind == "chow" else [k] * 3
        free = {k: rng.sample(range(4 * k, 4 * k + 4), 4) for k in range(34)}
        try:
            meld_ids = [(t, sorted(free[k].pop() for k in kinds)) for t, kinds in melds]
            conc_ids = sorted(free[k].pop() for k in conc)
        except IndexError:
            continue
        wall = [i for ids in free.values() for i in ids]
        return conc_ids, meld_ids, rng.choice(conc_ids), wall


def test_riichi_scoring_matches_mahjong() -> None:
    rng = random.Random(31)
    counted = {"ok": 0, "no_yaku": 0}
    for n in range(3000):
        conc, melds, win, wall = riichi_case(rng)
        closed = all(t == "ankan" for t, _ in melds)
        has_kan = any(t in ("kan", "kakan", "ankan") for t, _ in melds)
        tsumo = rng.random() < 0.45
        riichi = closed and rng.random() < 0.5
        rinshan = tsumo and has_kan and rng.random() < 0.3
        n_ind = 1 + sum(t in ("kan", "kakan", "ankan") for t, _ in melds)
        drawn = rng.sample(wall, 2 * n_ind)
        config = HandConfig(
            is_tsumo=tsumo, is_riichi=riichi, is_daburu_riichi=riichi and rng.random() < 0.08,
            is_ippatsu=riichi and not rinshan and rng.random() < 0.2, is_rinshan=rinshan,
            is_haitei=tsumo and not rinshan and rng.random() < 0.05,
            is_houtei=not tsumo and rng.random() < 0.05,
            player_wind=rng.choice(WINDS), round_wind=rng.choice(WINDS[:2]),
            tsumi_number=rng.choice([0, 0, 1, 3]), kyoutaku_number=rng.choice([0, 0, 1, 2]),
            options=MAJSOUL if n % 4 == 0 else TENHOU)
        meld_objects = [Meld(meld_type=MELD[t][0], tiles=ids, opened=MELD[t][1]) for t, ids in melds]
        tiles = sorted(conc + [i for _, ids in melds for i in ids])
        args = dict(tiles=tiles, win_tile=win, melds=meld_objects, dora_indicators=drawn[:n_ind],
                    config=config, ura_dora_indicators=drawn[n_ind:] if riichi else None)
        ref = RefCalculator.estimate_hand_value(**args)
        got = HandCalculator.estimate_hand_value(**args)
        where = f"{hupai.from_136(conc)} {[hupai.from_136(ids) for _, ids in melds]} win {hupai.from_136([win])}"
        assert got.error == ref.error, where
        if ref.error:
            counted["no_yaku"] += ref.error == "no_yaku"
            continue
        counted["ok"] += 1
        ref_yaku = [(y.name, y.han_open if ref.is_open_hand and y.han_open else y.han_closed) for y in ref.yaku]
        assert (got.han, got.fu) == (ref.han, ref.fu), where
        assert [(y.name, y.han_closed) for y in got.yaku] == ref_yaku, where
        assert got.cost == {k: ref.cost[k] for k in got.cost}, where
    assert counted["ok"] > 2000 and counted["no_yaku"] > 0


def mcr_case(rng: random.Random):
    """A winning MCR hand in PyMahjongGB's terms: packs, standing tiles without the win tile, win."""
    gb = lambda k: hupai.to_gb(f"{k % 9 + 1}{'mpsz'[k // 9]}")[0]  # noqa: E731
    while True:
        r = rng.random()
        packs: list[tuple[str, str, int]] = []
        if r < 0.1:
            conc = [k for k in rng.sample(range(34), 7) for _ in range(2)]
        elif r < 0.13:
            orphans = [k for k in range(34) if k >= 27 or k % 9 in (0, 8)]
            conc = orphans + [rng.choice(orphans)]
        elif r < 0.18:
            perm = rng.sample(range(3), 3)
            knitted = [9 * perm[i] + x - 1 for i, xs in enumerate([(1, 4, 7), (2, 5, 8), (3, 6, 9)]) for x in xs]
            conc = rng.sample(knitted + list(range(27, 34)), 14)
        else:
            pool = rng.choice([list(range(34)), list(range(9 * (s := rng.randrange(3)), 9 * s + 9)),
                               list(range(9 * s, 9 * s + 9)) + list(range(27, 34))])
            drawn = sets_hand(rng, pool=pool, p_chow=rng.choice([0.2, 0.5, 0.8]))
            if drawn is None:
                continue
            sets, pair = drawn
            conc = [pair, pair]
            p_call = rng.choice([0.0, 0.3, 0.7])
            for kind, k in sets:
                if kind == "kong":
                    packs.append(("GANG", gb(k), rng.choice([0, 1, 2, 3])))
                elif rng.random() < p_call:
                    packs.append(("CHI", gb(k + 1), rng.randint(1, 3)) if kind == "chow" else ("PENG", gb(k), rng.randint(1, 3)))
                else:
                    conc += [k, k + 1, k + 2] if kind == "chow" else [k] * 3
        win = rng.choice(conc)
        hand = list(conc)
        hand.remove(win)
        return packs, [gb(k) for k in hand], gb(win)


def _pack_codes(pack) -> list[str]:
    kind, code, _ = pack
    if kind == "CHI":
        return [code[0] + str(int(code[1]) + d) for d in (-1, 0, 1)]
    return [code] * (4 if kind == "GANG" else 3)


def test_mcr_fans_match_pymahjonggb() -> None:
    rng = random.Random(32)
    checked = 0
    for _ in range(3000):
        packs, hand, win = mcr_case(rng)
        self_drawn = rng.random() < 0.4
        has_kong = any(p[0] == "GANG" for p in packs)
        in_hand = hand.count(win)
        in_packs = sum(_pack_codes(p).count(win) for p in packs)
        args = dict(pack=tuple(packs), hand=tuple(hand), winTile=win, flowerCount=rng.choice([0, 0, 0, 1, 3]),
                    isSelfDrawn=self_drawn, is4thTile=in_hand == 0 and rng.random() < 0.1,
                    isAboutKong=(self_drawn and has_kong and rng.random() < 0.2) or (not self_drawn and in_hand + in_packs == 0 and rng.random() < 0.05),
                    isWallLast=rng.random() < 0.05, seatWind=rng.randrange(4), prevalentWind=rng.randrange(4),
                    verbose=True)
        try:
            ref = MahjongGB.MahjongFanCalculator(**args)
        except TypeError:
            with pytest.raises(TypeError):
                MahjongFanCalculator(**args)
            continue
        if args["isAboutKong"] and args["isWallLast"] and not self_drawn:
            continue  # robbing a kong on the last tile: PyMahjongGB scores it, hupai rejects it
        assert MahjongFanCalculator(**args) == ref, args
        checked += 1
    assert checked > 2500


def test_score_dicts_and_errors() -> None:
    line = {"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}
    s = hupai.score(line)
    assert s["total"] == 91 and s["fans"][0]["id"] == "nine_gates" and s["meets_minimum"]
    assert hupai.score_batch([line, line]) == [s, s]
    assert hupai.score(line, rules=hupai.Rules("chinese"))["fans"][0]["zh"] == "九莲宝灯"
    cases = [
        ({"rules": "riichi", "hand": "123m456p789s1122z3z", "win_tile": "3z"}, hupai.NotWinningError),
        ({"rules": "riichi", "hand": "123m456p789s11z pon:777s", "win_tile": "1z"}, hupai.NoYakuError),
        ({"rules": "riichi", "hand": "123m456p789s11z pon:777s", "win_tile": "1z", "riichi": True}, hupai.InconsistentError),
        ({"rules": "riichi", "hand": "123m456p789s1122z8z", "win_tile": "2z"}, hupai.TileError),
        ({"rules": "riichi", "hand": "123m456p789s11222z", "win_tile": "2z", "riichy": True}, hupai.InputError),
        ({"rules": "riichi", "hand": "123m456p789s11222z"}, hupai.InputError),
        ({"rules": "nope", "hand": "123m456p789s11222z", "win_tile": "2z"}, hupai.RulesError),
    ]
    for line, error in cases:
        with pytest.raises(error):
            hupai.score(line)
    out = hupai.score_batch([c for c, _ in cases], errors="dict")
    assert [o["type"] for o in out] == [e.__name__ for _, e in cases]
    assert out[1]["error"] == "no yaku: a complete hand that cannot win"
    with pytest.raises(hupai.NotWinningError):
        hupai.score_batch([cases[0][0]])
    good = {"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}
    # The batch pauses the cyclic collector while it builds the dicts and leaves it as it
    # found it, after an exception too.
    import gc
    assert gc.isenabled()
    with pytest.raises(hupai.NotWinningError):
        hupai.score_batch([good, cases[0][0]])
    assert gc.isenabled()
    gc.disable()
    try:
        assert hupai.score_batch([good], errors="dict") == [s]
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_riichi_two_han_minimum_refuses_a_one_han_win() -> None:
    # riichi.wiki, "Ryanhan shibari": "dora do not count for the han minimum".
    two = hupai.Rules.from_toml('extends = "riichi"\nmin_fan = 2\n')
    assert two.variant == "riichi" and two.family == "riichi"
    assert hupai.Rules("sichuan-xueliu").variant == "sichuan"
    line = {"rules": "riichi", "hand": "222m345p456s678s55p", "win_tile": "5p"}
    assert hupai.score(line, rules="riichi")["han"] == 1
    with pytest.raises(hupai.NotWinningError, match="min_fan"):
        hupai.score(line, rules=two)
    assert hupai.score({**line, "self_drawn": True}, rules=two)["han"] == 2
