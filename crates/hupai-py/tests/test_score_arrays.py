"""The columnar scoring path, ``hupai.score_arrays``: every field equal to the dict path
(``score_batch``) on thousands of random lines of every preset, against the reference libraries
on inputs built straight from their own arguments (136-tile ids, PyMahjongGB codes), and every
bad value reported in its own row."""

from __future__ import annotations

import random
from typing import Any

import MahjongGB
import numpy as np
import pytest
from mahjong.hand_calculating.hand import HandCalculator as RefCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld

import hupai
from columns import FLAGS, kind, line_columns, row_dict
from hupai.compat import mahjong as compat_mahjong
from test_score import MAJSOUL, MELD, TENHOU, WINDS, mcr_case, riichi_case

RED_IDS = {16: 0, 52: 1, 88: 2}
GB_MELD = {"CHI": "chi", "PENG": "pon"}


def riichi_line(rng: random.Random, consistent: bool) -> dict[str, Any]:
    """A random riichi line: situational flags drawn as a game could give them, or at random
    (then many lines are inconsistent, which both paths must report alike)."""
    conc, melds, win, wall = riichi_case(rng)
    hand = " ".join([hupai.from_136(conc)] + [f"{t}:{hupai.from_136(ids)}" for t, ids in melds])
    closed = all(t == "ankan" for t, _ in melds)
    p = (lambda q: rng.random() < q) if consistent else (lambda q: rng.random() < 0.15)
    tsumo = p(0.45)
    riichi = (closed or not consistent) and p(0.5)
    n_ind = 1 + sum(t in ("kan", "kakan", "ankan") for t, _ in melds)
    drawn = rng.sample(wall, 2 * n_ind + 1)
    line = {
        "rules": "riichi", "hand": hand, "win_tile": hupai.tiles(hupai.from_136([win], red_fives=False))[0],
        "self_drawn": tsumo, "riichi": riichi, "double_riichi": riichi and p(0.08),
        "ippatsu": riichi and p(0.2), "replacement": tsumo and any(t != "chi" and t != "pon" for t, _ in melds) and p(0.3),
        "last_tile": p(0.05), "seat_wind": rng.choice(["E", "S", "W", "N", "1z", "南"]),
        "round_wind": rng.choice(["1z", "2z"]), "honba": rng.choice([0, 0, 1, 3]),
        "riichi_sticks": rng.choice([0, 0, 1, 2]),
        "dora_indicators": [hupai.from_136([i], red_fives=False) for i in drawn[:n_ind]],
    }
    if riichi:
        line["ura_indicators"] = [hupai.from_136([i], red_fives=False) for i in drawn[n_ind:2 * n_ind]]
    if not consistent:
        for f in ("robbing_kong", "first_turn", "fourth_tile", "kong_discard"):
            line[f] = p(0.1)
        if rng.random() < 0.05:
            line["dora_indicators"] = [hupai.from_136([i], red_fives=False) for i in drawn[:6]]
    return line


def gb_text(packs, hand, win) -> str:
    text = [hupai.from_gb(list(hand) + [win])]
    for kind_, code, offer in packs:
        t = hupai.from_gb([code])
        n, s = int(t[0]), t[1]
        if kind_ == "CHI":
            text.append(f"chi:{n - 1}{n}{n + 1}{s}")
        elif kind_ == "PENG":
            text.append(f"pon:{t[0] * 3}{s}")
        else:
            prefix = "ankan" if offer == 0 else "kakan" if offer == 2 else "kan"
            text.append(f"{prefix}:{t[0] * 4}{s}")
    return " ".join(text)


def mcr_line(rng: random.Random, rules: str) -> dict[str, Any]:
    packs, hand, win = mcr_case(rng)
    line: dict[str, Any] = {"rules": rules, "hand": gb_text(packs, hand, win), "win_tile": hupai.from_gb([win])}
    for f in FLAGS:
        if rng.random() < 0.12:
            line[f] = True
    if rng.random() < 0.3:
        line["flowers"] = rng.choice([1, 2, 8, 9])
    line["seat_wind"], line["round_wind"] = rng.choice(WIND_TEXT), rng.choice(WIND_TEXT)
    return line


WIND_TEXT = ["E", "S", "W", "N"]


def laizi_line(rng: random.Random) -> dict[str, Any]:
    """An MCR-shaped winning hand with one or two concealed tiles made jokers."""
    line = mcr_line(rng, "laizi")
    parts = line["hand"].split()
    tiles = hupai.tiles(parts[0])
    for _ in range(rng.choice([1, 1, 2])):
        if len(tiles) > 2:
            tiles.pop(rng.randrange(len(tiles)))
    parts[0] = "".join(tiles) + "*" * (len(hupai.tiles(line["hand"].split()[0])) - len(tiles))
    line["hand"] = " ".join(parts)
    line.pop("flowers", None)
    return line


def assert_same(lines: list[dict[str, Any]], rules: Any, **kw: Any) -> hupai.ScoreArrays:
    """The columnar result of ``lines`` equals ``score_batch``'s dicts, row by row."""
    cols = line_columns(lines)
    r = hupai.score_arrays(**cols, rules=rules, **kw)
    dicts = hupai.score_batch(lines, rules=rules, errors="dict")
    assert len(r) == len(lines)
    for i, d in enumerate(dicts):
        assert row_dict(r, i) == d, (lines[i], d)
    return r


def test_riichi_columns_equal_dicts() -> None:
    rng = random.Random(71)
    lines = [riichi_line(rng, consistent=i % 2 == 0) for i in range(3000)]
    for rules in ("riichi", "riichi-majsoul"):
        r = assert_same(lines, rules)
        codes = {hupai.SCORE_ERRORS[c] for c in r.error.tolist()}
        assert {"", "no_yaku", "inconsistent"} <= codes and (r.error == 0).sum() > 1200
        assert r.limit.max() == 6 and r.family == "riichi" and r.item_ids == hupai.YAKU_IDS
    # Red fives, ura dora, honba and sticks all reach the result.
    assert (r.values[r.items == hupai.YAKU_IDS.index("aka_dora")] > 0).any()
    assert (r.items == hupai.YAKU_IDS.index("ura_dora")).any()


def test_mcr_chinese_laizi_sichuan_columns_equal_dicts() -> None:
    rng = random.Random(72)
    for rules in ("mcr", "chinese", "sichuan", "sichuan-xueliu"):
        lines = [mcr_line(rng, rules) for _ in range(1500)]
        r = assert_same(lines, rules)
        assert (r.error == 0).sum() > 200, rules
    r = assert_same([mcr_line(rng, "mcr") for _ in range(200)], hupai.Rules("mcr"))
    assert r.item_ids == hupai.FAN_IDS and r.item_names[3] == "Nine Gates" and r.item_local_names[3] == "九莲宝灯"
    lines = [laizi_line(rng) for _ in range(400)]
    r = assert_same(lines, "laizi")
    assert (r.error == 0).sum() > 100
    r = assert_same([mcr_line(rng, "sichuan") for _ in range(300)], "sichuan")
    assert r.item_ids == hupai.SICHUAN_FAN_IDS


def test_threads_layouts_and_dtypes_agree() -> None:
    rng = random.Random(73)
    lines = [riichi_line(rng, consistent=True) for _ in range(700)]
    cols = line_columns(lines)
    base = hupai.score_arrays(**cols, rules="riichi", threads=1)
    fields = ["error", "total", "fu", "limit", "yakuman", "meets_minimum", "points", "ron", "ron_others",
              "tsumo_dealer", "tsumo_others", "n_items", "items", "counts", "values"]
    # Any integer dtype, any memory layout, lists: the same rows.
    wide = {k: (np.asarray(v).astype(np.int64) if isinstance(v, np.ndarray) else v) for k, v in cols.items()}
    wide["concealed"] = np.asfortranarray(wide["concealed"])
    spread = np.zeros((len(lines), 4, 6), np.int16)
    spread[:, :, ::2] = cols["melds"]
    wide["melds"] = spread[:, :, ::2]  # a strided view
    for other in (hupai.score_arrays(**cols, rules="riichi", threads=3),
                  hupai.score_arrays(**cols, rules="riichi"),
                  hupai.score_arrays(**wide, rules="riichi", threads=2),
                  hupai.score_arrays(**{**cols, "seat_wind": cols["seat_wind"].tolist()}, rules="riichi")):
        for f in fields:
            assert np.array_equal(getattr(base, f), getattr(other, f)), f
    # One value for every row.
    dicts = hupai.score_batch([{**ln, "self_drawn": True, "seat_wind": "W", "round_wind": "E", "riichi": False, "double_riichi": False,
                                "ippatsu": False, "replacement": False, "last_tile": False, "honba": 0,
                                "riichi_sticks": 0, "dora_indicators": [], "ura_indicators": [],
                                "hand": ln["hand"].split()[0]}
                               for ln in lines if len(ln["hand"].split()) == 1], errors="dict")
    closed = [i for i, ln in enumerate(lines) if len(ln["hand"].split()) == 1]
    one_red = hupai.score_arrays(cols["concealed"][closed], cols["win_tile"][closed], "riichi", red=cols["red"][closed],
                                 self_drawn=True, seat_wind=np.int64(2))
    assert [row_dict(one_red, i) for i in range(len(closed))] == dicts and len(closed) > 100
    empty = hupai.score_arrays(np.zeros((0, 34), np.uint8), np.zeros(0, np.uint8), "mcr")
    assert len(empty) == 0 and empty.items.shape == (0, 1)


def test_bad_values_fail_their_row() -> None:
    nine_gates = hupai.to_34("1112345678999m5m")
    n = 12
    hands = np.array([nine_gates] * n, dtype=np.int64)
    win = np.full(n, 4)
    seat = np.zeros(n, np.int64)
    melds = np.zeros((n, 1, 3), np.int64)
    dora = np.full((n, 2), hupai.NO_TILE, np.int64)
    red = np.zeros((n, 3), np.int64)
    hands[1, 0] = 300                 # a count beyond uint8
    hands[2, :3] = (5, 0, 0)          # five copies
    win[3] = 34                       # no such kind
    seat[4] = 4                       # no such wind
    seat[5] = -1
    melds[6, 0] = (6, 0, 0)           # no such meld type
    melds[7, 0] = (1, 7, 0)           # chi from 8m
    melds[8, 0] = (2, 27, 0)          # pon:111z beside 14 concealed tiles: 17 tiles
    dora[9, 0] = 40
    red[10, 0] = 3                    # three red fives, two fives held
    win[11] = 27                      # East is not in the hand
    r = hupai.score_arrays(hands, win, "mcr", seat_wind=seat, melds=melds, dora=dora, red=red)
    codes = [hupai.SCORE_ERRORS[c] for c in r.error.tolist()]
    assert codes == ["", "bad_value", "bad_hand", "bad_value", "bad_value", "bad_value", "bad_value", "bad_hand",
                     "bad_hand", "bad_value", "bad_hand", "inconsistent"]
    assert r.message(0) is None and r.exception(0) is None and r.total[0] == 91
    assert r.message(1) == "concealed[0] = 300: counts are 0..4"
    assert r.message(2) == "hand: five copies of 1m"
    assert isinstance(r.exception(2), hupai.TileError)
    assert r.message(3) == "win_tile = 34: tile kinds are 0..33"
    assert r.message(4) == "seat_wind = 4: winds are 0..3 (East, South, West, North)"
    assert isinstance(r.exception(4), hupai.InputError)
    assert r.message(7) == "hand: meld 0: a chi cannot start at 8m: it needs 1..7 of a suit"
    assert r.message(8) == "hand: 17 tiles: a hand has at most 14 plus declared melds"
    assert r.message(9) == "dora[0] = 40: tile kinds are 0..33"
    assert r.message(11) == "inconsistent situation: the win tile is not in the hand"
    assert isinstance(r.exception(11), hupai.InconsistentError)
    assert r.total[1:].tolist() == [0] * 11 and (r.items[1:] == -1).all() and (r.ron[1:] == -1).all()
    # The dict path says the same of the same line.
    with pytest.raises(hupai.InconsistentError, match="the win tile is not in the hand"):
        hupai.score({"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "1z"})
    with pytest.raises(hupai.InputError):
        r.message(12)
    # Shapes and dtypes that do not fit are the caller's error, raised at once.
    for bad in (dict(concealed=np.zeros((2, 33), np.uint8)), dict(win_tile=np.zeros(3, np.uint8)),
                dict(melds=np.zeros((2, 5, 3), np.uint8)), dict(melds=np.zeros((2, 4), np.uint8)),
                dict(red=np.zeros((2, 2), np.uint8)), dict(self_drawn=np.zeros(2, np.float32)),
                dict(win_tile=None), dict(flowers=2**70), dict(concealed=[["a"] * 34] * 2)):
        kw: dict[str, Any] = {"concealed": np.zeros((2, 34), np.uint8), "win_tile": 0, **bad}
        with pytest.raises(hupai.InputError):
            hupai.score_arrays(**kw)
    with pytest.raises(hupai.RulesError):
        hupai.score_arrays(np.zeros((1, 34), np.uint8), 0, "nope")


def test_payments_and_tables() -> None:
    assert len(hupai.FAN_IDS) == 83 and hupai.FAN_IDS[3] == "nine_gates"
    assert "riichi" in hupai.YAKU_IDS and "qing_yi_se" in hupai.SICHUAN_FAN_IDS
    assert "zi_mo" in hupai.HONGKONG_FAN_IDS and "ji_hu" in hupai.GUANGDONG_FAN_IDS
    assert hupai.FAN_IDS[-1] == hupai.SICHUAN_FAN_IDS[-1] == "declared_ready"
    assert hupai.SCORE_ERRORS[0] == "" and hupai.LIMITS[1] == "mangan" and hupai.MELD_TYPES[5] == "ankan"
    hands = np.array([hupai.to_34("1112345678999m5m")] * 2, np.uint8)
    r = hupai.score_arrays(hands, 4, "mcr", self_drawn=np.array([True, False]))
    assert r.points.tolist() == [3 * (8 + 92), 8 + 91 + 16] and r.tsumo_others.tolist() == [100, -1]
    assert r.ron.tolist() == [-1, 99] and r.ron_others.tolist() == [0, 8]
    assert repr(r) == 'ScoreArrays(rows=2, family="mcr", errors=0)'


def test_riichi_columns_match_mahjong() -> None:
    """Columns made from ``mahjong``'s own arguments (136-tile ids), scored by ``score_arrays``,
    against ``HandCalculator`` (the result mapped to its shape by the compat front end)."""
    rng = random.Random(74)
    for options, n_hands in ((TENHOU, 1500), (MAJSOUL, 500)):
        rules, _ = compat_mahjong._rules(options)
        args, cols = [], []
        for _ in range(n_hands):
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
                tsumi_number=rng.choice([0, 0, 1, 3]), kyoutaku_number=rng.choice([0, 0, 1, 2]), options=options)
            objs = [Meld(meld_type=MELD[t][0], tiles=ids, opened=MELD[t][1]) for t, ids in melds]
            ura = drawn[n_ind:] if riichi else []
            args.append(dict(tiles=sorted(conc + [i for _, ids in melds for i in ids]), win_tile=win, melds=objs,
                             dora_indicators=drawn[:n_ind], config=config, ura_dora_indicators=ura or None))
            counts = [0] * 34
            for i in conc:
                counts[i // 4] += 1
            red = [0, 0, 0]
            for i in conc:
                if i in RED_IDS:
                    red[RED_IDS[i]] += 1
            meld_rows = [(hupai.MELD_TYPES.index(t), min(ids) // 4, sum(i in RED_IDS for i in ids)) for t, ids in melds]
            cols.append(dict(concealed=counts, win_tile=win // 4, red=red, melds=meld_rows + [(0, 0, 0)] * (4 - len(melds)),
                             self_drawn=tsumo, riichi=riichi or config.is_daburu_riichi,
                             double_riichi=config.is_daburu_riichi, ippatsu=config.is_ippatsu, replacement=rinshan,
                             last_tile=config.is_haitei or config.is_houtei, seat_wind=config.player_wind - 27,
                             round_wind=config.round_wind - 27, honba=config.tsumi_number,
                             riichi_sticks=config.kyoutaku_number,
                             dora=[i // 4 for i in drawn[:n_ind]] + [255] * (5 - n_ind),
                             ura=[i // 4 for i in ura] + [255] * (5 - len(ura))))
        arrays = {k: np.array([c[k] for c in cols]) for k in cols[0]}
        r = hupai.score_arrays(**arrays, rules=rules)
        checked = 0
        for i, a in enumerate(args):
            ref = RefCalculator.estimate_hand_value(**a)
            code = hupai.SCORE_ERRORS[r.error[i]]
            assert {"": None, "not_winning": "hand_not_winning", "no_yaku": "no_yaku"}[code] == ref.error, a
            if ref.error:
                continue
            is_open = any(m.opened for m in a["melds"])
            got = compat_mahjong._response(row_dict(r, i), {"honba": a["config"].tsumi_number,
                                                            "riichi_sticks": a["config"].kyoutaku_number}, is_open)
            ref_yaku = [(y.name, y.han_open if ref.is_open_hand and y.han_open else y.han_closed) for y in ref.yaku]
            assert (got.han, got.fu) == (ref.han, ref.fu), a
            assert [(y.name, y.han_closed) for y in got.yaku] == ref_yaku, a
            assert got.cost == {k: ref.cost[k] for k in got.cost}, a
            checked += 1
        assert checked > 0.6 * n_hands


def test_mcr_columns_match_pymahjonggb() -> None:
    """Columns made from PyMahjongGB's own arguments, fan by fan against MahjongFanCalculator."""
    rng = random.Random(75)
    cases, cols = [], []
    while len(cases) < 2500:
        packs, hand, win = mcr_case(rng)
        self_drawn = rng.random() < 0.4
        has_kong = any(p[0] == "GANG" for p in packs)
        in_hand = hand.count(win)
        about_kong = (self_drawn and has_kong and rng.random() < 0.2) or (not self_drawn and in_hand == 0 and not packs and rng.random() < 0.05)
        args = dict(pack=tuple(packs), hand=tuple(hand), winTile=win, flowerCount=rng.choice([0, 0, 0, 1, 3]),
                    isSelfDrawn=self_drawn, is4thTile=in_hand == 0 and rng.random() < 0.1, isAboutKong=about_kong,
                    isWallLast=rng.random() < 0.05 and not (about_kong and not self_drawn),
                    seatWind=rng.randrange(4), prevalentWind=rng.randrange(4), verbose=True)
        try:
            ref = MahjongGB.MahjongFanCalculator(**args)
        except TypeError:
            continue
        counts = hupai.to_34(hupai.from_gb(list(hand) + [win]))
        melds = []
        for kind_, code, offer in packs:
            k = kind(hupai.from_gb([code]))
            melds.append((1, k - 1, 0) if kind_ == "CHI" else (2, k, 0) if kind_ == "PENG" else (5 if offer == 0 else 3, k, 0))
        cases.append(ref)
        cols.append(dict(concealed=counts, win_tile=kind(hupai.from_gb([win])), melds=melds + [(0, 0, 0)] * (4 - len(melds)),
                         flowers=args["flowerCount"], self_drawn=self_drawn, fourth_tile=args["is4thTile"],
                         replacement=about_kong and self_drawn, robbing_kong=about_kong and not self_drawn,
                         last_tile=args["isWallLast"], seat_wind=args["seatWind"], round_wind=args["prevalentWind"]))
    arrays = {k: np.array([c[k] for c in cols]) for k in cols[0]}
    r = hupai.score_arrays(**arrays, rules="mcr", threads=2)
    assert (r.error == 0).all(), [r.message(i) for i in np.flatnonzero(r.error)[:5]]
    for i, ref in enumerate(cases):
        fans = row_dict(r, i)["fans"]
        assert tuple((f["points"], f["count"], f["zh"], f["name"]) for f in fans) == ref, cols[i]


def test_a_win_below_min_fan_is_a_not_winning_row() -> None:
    two = hupai.Rules.from_toml('extends = "riichi"\nmin_fan = 2\n')
    hands = np.array([hupai.to_34("222m345p456s678s55p")] * 2, dtype=np.uint8)
    r = hupai.score_arrays(hands, 13, rules=two, self_drawn=np.array([False, True]))
    assert r.error.tolist() == [1, 0] and "min_fan" in (r.message(0) or "")
    assert r.total.tolist() == [0, 2]
