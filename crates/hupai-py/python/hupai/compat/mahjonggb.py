"""PyMahjongGB 1.4.0's ``MahjongFanCalculator`` and shanten functions, computed by hupai.

Switch with one line::

    # from MahjongGB import MahjongFanCalculator
    from hupai.compat.mahjonggb import MahjongFanCalculator

Same arguments (PyMahjongGB's tile codes ``W1`` ``B5`` ``T9`` ``F1`` ``J1``, packs
``("CHI"|"PENG"|"GANG", tile, offer)``) and the same result: a tuple of ``(points, name)``, or
``(points of one, count, name, English name)`` with ``verbose=True``, in PyMahjongGB's order.
Errors raise :class:`CalculatorError`, a ``TypeError`` as PyMahjongGB raises, and a
:class:`hupai.HupaiError` with hupai's message.

>>> MahjongFanCalculator(pack=(), hand=tuple("W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9".split()),
...     winTile="W5", flowerCount=0, isSelfDrawn=True, is4thTile=False, isAboutKong=False,
...     isWallLast=False, seatWind=0, prevalentWind=0)
((88, '九莲宝灯'), (2, '双暗刻'), (1, '幺九刻'), (1, '自摸'))

Differences, by design: a fifth copy of a tile is an error (PyMahjongGB accepts it); the useful
tiles of the shanten functions never include a tile the hand holds four times.
"""

from __future__ import annotations

from typing import Any, Sequence, Union

from .. import _hupai

Result = tuple[Union[tuple[int, str], tuple[int, int, str, str]], ...]


class CalculatorError(_hupai.HupaiError, TypeError):
    """A hand PyMahjongGB would reject with a TypeError; the message is hupai's."""


def _mpsz(codes: Sequence[str]) -> str:
    try:
        return _hupai.from_gb(list(codes))
    except _hupai.HupaiError as e:
        raise CalculatorError(str(e)) from e


def _meld(pack: Sequence[Any]) -> str:
    kind, tile, offer = pack
    t = _mpsz([tile])
    n, suit = int(t[0]), t[1]
    if kind == "CHI":
        return f"chi:{n - 1}{n}{n + 1}{suit}"
    if kind == "PENG":
        return f"pon:{t[0] * 3}{suit}"
    if kind == "GANG":
        return f"{'ankan' if offer == 0 else 'kan'}:{t[0] * 4}{suit}"
    raise CalculatorError(f"pack type {kind!r}: use CHI, PENG or GANG")


def MahjongFanCalculator(  # noqa: N802 (PyMahjongGB's name)
    pack: Sequence[Sequence[Any]],
    hand: Sequence[str],
    winTile: str,  # noqa: N803
    flowerCount: int,  # noqa: N803
    isSelfDrawn: bool,  # noqa: N803
    is4thTile: bool,  # noqa: N803
    isAboutKong: bool,  # noqa: N803
    isWallLast: bool,  # noqa: N803
    seatWind: int,  # noqa: N803
    prevalentWind: int,  # noqa: N803
    verbose: bool = False,
) -> Result:
    """The fans of a winning MCR hand (``hand``: the standing tiles without ``winTile``)."""
    concealed = _mpsz(list(hand) + [winTile])
    text = " ".join([concealed] + [_meld(p) for p in pack])
    line = {
        "rules": "mcr",
        "hand": text,
        "win_tile": _mpsz([winTile]),
        "self_drawn": bool(isSelfDrawn),
        "seat_wind": f"{int(seatWind) + 1}z",
        "round_wind": f"{int(prevalentWind) + 1}z",
        "flowers": int(flowerCount),
        "last_tile": bool(isWallLast),
        "replacement": bool(isAboutKong) and bool(isSelfDrawn),
        "robbing_kong": bool(isAboutKong) and not isSelfDrawn,
        "fourth_tile": bool(is4thTile),
    }
    try:
        fans = _hupai.score(line)["fans"]
    except _hupai.HupaiError as e:
        raise CalculatorError(str(e)) from e
    if verbose:
        return tuple((f["points"], f["count"], f["zh"], f["name"]) for f in fans)
    return tuple((f["points"] * f["count"], f["zh"]) for f in fans)


def _shanten(hand: Sequence[str], form: str) -> tuple[int, tuple[str, ...]]:
    counts = _hupai.to_34(_mpsz(hand))
    melds = (13 - len(hand)) // 3
    if len(hand) % 3 != 1 or len(hand) > 13:
        raise CalculatorError(f"{len(hand)} standing tiles: use 13, 10, 7, 4 or 1")
    import numpy as np

    one = np.array([counts], dtype=np.uint8)
    rules = _hupai.Rules.from_toml(f'extends = "mcr"\nforms = ["{form}"]\n', "PyMahjongGB form")
    shanten = int(_hupai.shanten_batch(one, rules=rules, melds=melds)[0])
    useful, _ = _hupai.ukeire_batch(one, rules=rules, melds=melds)
    if shanten == 127:
        raise CalculatorError(f"{form} needs {'no' if form != 'knitted_straight' else 'at most one'} declared meld")
    return shanten, tuple(_hupai.to_gb(_hupai.from_34([int(x) for x in useful[0]])))


def RegularShanten(hand: Sequence[str]) -> tuple[int, tuple[str, ...]]:  # noqa: N802
    """Shanten and useful tiles of the regular form (4 melds and a pair)."""
    return _shanten(hand, "regular")


def SevenPairsShanten(hand: Sequence[str]) -> tuple[int, tuple[str, ...]]:  # noqa: N802
    """Shanten and useful tiles of seven pairs."""
    return _shanten(hand, "seven_pairs")


def ThirteenOrphansShanten(hand: Sequence[str]) -> tuple[int, tuple[str, ...]]:  # noqa: N802
    """Shanten and useful tiles of thirteen orphans."""
    return _shanten(hand, "thirteen_orphans")


def HonorsAndKnittedTilesShanten(hand: Sequence[str]) -> tuple[int, tuple[str, ...]]:  # noqa: N802
    """Shanten and useful tiles of honours and knitted tiles (全不靠)."""
    return _shanten(hand, "honors_knitted")


def KnittedStraightShanten(hand: Sequence[str]) -> tuple[int, tuple[str, ...]]:  # noqa: N802
    """Shanten and useful tiles of the knitted straight (组合龙)."""
    return _shanten(hand, "knitted_straight")


__all__ = [
    "CalculatorError",
    "HonorsAndKnittedTilesShanten",
    "KnittedStraightShanten",
    "MahjongFanCalculator",
    "RegularShanten",
    "SevenPairsShanten",
    "ThirteenOrphansShanten",
]
