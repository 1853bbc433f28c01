"""``mahjong`` 2.1.0's ``HandCalculator``, scored by hupai.

Switch with one line::

    # from mahjong.hand_calculating.hand import HandCalculator
    from hupai.compat.mahjong import HandCalculator

``estimate_hand_value`` takes the same arguments (136-tile ids; ``mahjong``'s own ``Meld``,
``HandConfig`` and ``OptionalRules`` objects, or anything with their attributes) and returns a
:class:`HandResponse` with ``han``, ``fu``, ``cost``, ``yaku``, ``error`` and ``is_open_hand``,
the errors as ``mahjong``'s strings (``"hand_not_winning"``, ``"no_yaku"``, ...).

>>> from mahjong.constants import EAST, SOUTH
>>> from mahjong.hand_calculating.hand_config import HandConfig
>>> from mahjong.tile import TilesConverter
>>> tiles = TilesConverter.string_to_136_array(man="234789", pin="12345666")
>>> config = HandConfig(player_wind=SOUTH, round_wind=EAST)
>>> r = HandCalculator.estimate_hand_value(tiles, tiles[-1], config=config)
>>> r.han, r.fu, r.cost["total"], [y.name for y in r.yaku]
(1, 30, 1000, ['Pinfu'])

Differences, by design: ``fu_details`` is always empty; ``OptionalRules`` settings hupai does not
have (no kazoe limit, 20-fu open pinfu, pinfu tsumo fu, daisharin, sashikomi, daichisei, three
players, nuki dora, open riichi, nagashi mangan, a config without seat and round winds) raise
:class:`hupai.compat.UnsupportedOption` instead of scoring under other rules; a yaku's
``han_open`` and ``han_closed`` are both its han in this hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from .. import _hupai
from . import UnsupportedOption

_WINDS = {27: "1z", 28: "2z", 29: "3z", 30: "4z"}
_LEVELS = {"kazoe yakuman": "yakuman", "double yakuman": "2x yakuman", "triple yakuman": "3x yakuman"}

_ERRORS = {
    "the win tile is not in the hand": "winning_tile_not_in_hand",
    "inconsistent situation: riichi with an open hand": "open_hand_riichi_not_allowed",
    "inconsistent situation: ippatsu without riichi": "ippatsu_without_riichi_not_allowed",
    "inconsistent situation: robbing a kong cannot be self-drawn": "chankan_with_tsumo_not_allowed",
    "inconsistent situation: a replacement-tile win is self-drawn": "rinshan_without_tsumo_not_allowed",
}


@dataclass
class Yaku:
    """One yaku of a result, with ``mahjong``'s attribute names."""

    yaku_id: str
    name: str
    han_open: Optional[int]
    han_closed: Optional[int]
    is_yakuman: bool

    def __str__(self) -> str:
        return self.name


@dataclass
class HandResponse:
    """The result of :meth:`HandCalculator.estimate_hand_value`, as ``mahjong`` shapes it."""

    cost: Optional[dict[str, Any]] = None
    han: Optional[int] = None
    fu: Optional[int] = None
    yaku: Optional[list[Yaku]] = None
    error: Optional[str] = None
    fu_details: Optional[list[dict[str, Any]]] = field(default=None)
    is_open_hand: bool = False


def _rules_toml(options: Any) -> str:
    """hupai rules for ``mahjong``'s ``OptionalRules`` (its defaults when None)."""
    def get(name: str, default: Any) -> Any:
        return getattr(options, name, default) if options is not None else default

    unsupported = {
        "kazoe_limit": (get("kazoe_limit", 0), (0, 1)),
        "fu_for_open_pinfu": (get("fu_for_open_pinfu", True), (True,)),
        "fu_for_pinfu_tsumo": (get("fu_for_pinfu_tsumo", False), (False,)),
        "has_daisharin": (get("has_daisharin", False), (False,)),
        "has_daisharin_other_suits": (get("has_daisharin_other_suits", False), (False,)),
        "has_sashikomi_yakuman": (get("has_sashikomi_yakuman", False), (False,)),
        "has_daichisei": (get("has_daichisei", False), (False,)),
        "is_three_player": (get("is_three_player", False), (False,)),
    }
    for name, (value, allowed) in unsupported.items():
        if value not in allowed:
            raise UnsupportedOption(f"OptionalRules.{name}={value!r} is not supported by hupai")
    red = 1 if get("has_aka_dora", False) else 0
    return "\n".join(
        [
            'extends = "riichi"',
            f"open_tanyao = {str(bool(get('has_open_tanyao', False))).lower()}",
            f"red_fives = [{red}, {red}, {red}]",
            f"double_yakuman = {str(bool(get('has_double_yakuman', True))).lower()}",
            f'kazoe = "{"yakuman" if get("kazoe_limit", 0) == 0 else "sanbaiman"}"',
            f"kiriage = {str(bool(get('kiriage', False))).lower()}",
            f'renhou = "{"yakuman" if get("renhou_as_yakuman", False) else "mangan"}"',
            "",
        ]
    )


_RULES: dict[str, _hupai.Rules] = {}


def _rules(options: Any) -> tuple[_hupai.Rules, bool]:
    text = _rules_toml(options)
    if text not in _RULES:
        _RULES[text] = _hupai.Rules.from_toml(text, "mahjong OptionalRules")
    return _RULES[text], "red_fives = [1, 1, 1]" in text


def _meld_text(meld: Any, red: bool) -> str:
    kind = getattr(meld, "type", None) or getattr(meld, "meld_type", None)
    tiles = _hupai.from_136(list(meld.tiles), red_fives=red)
    if kind == "chi":
        return f"chi:{tiles}"
    if kind == "pon":
        return f"pon:{tiles}"
    if kind == "shouminkan":
        return f"kakan:{tiles}"
    if kind == "kan":
        return f"{'kan' if getattr(meld, 'opened', True) else 'ankan'}:{tiles}"
    raise UnsupportedOption(f"meld type {kind!r} is not supported by hupai")


def _kinds(ids: Optional[Sequence[int]]) -> list[str]:
    return [_hupai.tiles(_hupai.from_136([i], red_fives=False))[0] for i in ids or []]


class HandCalculator:
    """``mahjong``'s hand calculator with hupai's scorer behind it."""

    @staticmethod
    def estimate_hand_value(
        tiles: Sequence[int],
        win_tile: int,
        melds: Optional[Sequence[Any]] = None,
        dora_indicators: Optional[Sequence[int]] = None,
        config: Any = None,
        scores_calculator_factory: Any = None,
        ura_dora_indicators: Optional[Sequence[int]] = None,
    ) -> HandResponse:
        """Scores the hand (``tiles`` holds every tile, melds included, as 136-tile ids)."""
        options = getattr(config, "options", None)
        rules, red = _rules(options)

        def flag(name: str) -> bool:
            return bool(getattr(config, name, False)) if config is not None else False

        for name in ("is_nagashi_mangan", "is_open_riichi"):
            if flag(name):
                raise UnsupportedOption(f"HandConfig.{name} is not supported by hupai")
        nuki: Any = getattr(config, "num_nuki_dora", None)
        if nuki:
            raise UnsupportedOption("HandConfig.num_nuki_dora is not supported by hupai")
        melds = list(melds or [])
        in_melds = [i for m in melds for i in m.tiles]
        concealed = list(tiles)
        for i in in_melds:
            if i in concealed:
                concealed.remove(i)
        hand = " ".join([_hupai.from_136(concealed, red_fives=red)] + [_meld_text(m, red) for m in melds])
        seat = getattr(config, "player_wind", None) if config is not None else None
        round_ = getattr(config, "round_wind", None) if config is not None else None
        if seat not in _WINDS or round_ not in _WINDS:
            raise UnsupportedOption(
                "set HandConfig.player_wind and round_wind to winds (27..30): hupai always "
                "scores with a seat and a round wind"
            )
        line = {
            "rules": rules.name,
            "hand": hand,
            "win_tile": _kinds([win_tile])[0],
            "self_drawn": flag("is_tsumo"),
            "seat_wind": _WINDS.get(seat, "1z"),
            "round_wind": _WINDS.get(round_, "1z"),
            "riichi": flag("is_riichi") or flag("is_daburu_riichi"),
            "double_riichi": flag("is_daburu_riichi"),
            "ippatsu": flag("is_ippatsu"),
            "replacement": flag("is_rinshan"),
            "robbing_kong": flag("is_chankan"),
            "last_tile": flag("is_haitei") or flag("is_houtei"),
            "first_turn": flag("is_tenhou") or flag("is_chiihou") or flag("is_renhou"),
            "dora_indicators": _kinds(dora_indicators),
            "ura_indicators": _kinds(ura_dora_indicators),
            "honba": int(getattr(config, "tsumi_number", 0) or 0) if config is not None else 0,
            "riichi_sticks": int(getattr(config, "kyoutaku_number", 0) or 0) if config is not None else 0,
        }
        is_open = any(getattr(m, "opened", True) for m in melds)
        try:
            s = _hupai.score(line, rules=rules)
        except _hupai.NotWinningError:
            return HandResponse(error="hand_not_winning", is_open_hand=is_open)
        except _hupai.NoYakuError:
            return HandResponse(error="no_yaku", is_open_hand=is_open)
        except _hupai.HupaiError as e:
            return HandResponse(error=_ERRORS.get(str(e), str(e)), is_open_hand=is_open)
        return _response(s, line, is_open)


def _response(s: dict[str, Any], line: dict[str, Any], is_open: bool) -> HandResponse:
    honba, sticks = line["honba"], line["riichi_sticks"]
    points = s["points"]
    if points["ron"] is not None:
        main, main_bonus, additional, additional_bonus = points["ron"] - 300 * honba, 300 * honba, 0, 0
    else:
        others = points["tsumo"]["others"]
        dealer = points["tsumo"]["dealer"]
        additional, additional_bonus = others - 100 * honba, 100 * honba
        if dealer is None:
            main, main_bonus = additional, additional_bonus
        else:
            main, main_bonus = dealer - 100 * honba, 100 * honba
    limit = s["limit"] or ""
    cost = {
        "main": main,
        "additional": additional,
        "main_bonus": main_bonus,
        "additional_bonus": additional_bonus,
        "kyoutaku_bonus": 1000 * sticks,
        "total": points["total"],
        "yaku_level": _LEVELS.get(limit, limit),
    }
    yaku = [
        Yaku(y["id"], y["name"], y["han"], y["han"], y["han"] >= 13 and limit.endswith("yakuman") and limit != "kazoe yakuman")
        for y in s["yaku"]
    ]
    return HandResponse(cost=cost, han=s["han"], fu=s["fu"], yaku=yaku, fu_details=[], is_open_hand=is_open)


__all__ = ["HandCalculator", "HandResponse", "Yaku"]
