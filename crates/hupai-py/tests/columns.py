"""``hupai score`` lines as the columns of ``hupai.score_arrays``, and its rows back as the dicts
``hupai.score`` returns: written here from the documented layout alone, so that the tests
compare the two paths from the outside."""

from __future__ import annotations

from typing import Any

import numpy as np

import hupai

FLAGS = ["self_drawn", "last_tile", "replacement", "robbing_kong", "kong_discard", "fourth_tile",
         "first_turn", "riichi", "double_riichi", "ippatsu"]
COUNTS = ["flowers", "honba", "riichi_sticks"]


def kind(tile: str) -> int:
    """The kind (0..33) of one tile in any notation."""
    return int(np.argmax(hupai.to_34(tile)))


def _red(tiles: list[str]) -> list[int]:
    return [tiles.count(f"0{s}") for s in "mps"]


def line_columns(lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The keyword arguments of ``score_arrays`` (``concealed`` and ``win_tile`` included) for
    ``lines`` (dicts as ``hupai score`` reads them; the ``rules`` field is left to the caller)."""
    n = len(lines)
    d = max([len(line.get("dora_indicators", [])) for line in lines] + [len(line.get("ura_indicators", [])) for line in lines] + [1])
    cols: dict[str, Any] = {
        "concealed": np.zeros((n, 34), np.uint8),
        "win_tile": np.zeros(n, np.uint8),
        "melds": np.zeros((n, 4, 3), np.uint8),
        "red": np.zeros((n, 3), np.uint8),
        "jokers": np.zeros(n, np.uint8),
        "seat_wind": np.zeros(n, np.uint8),
        "round_wind": np.zeros(n, np.uint8),
        "dora": np.full((n, d), hupai.NO_TILE, np.uint8),
        "ura": np.full((n, d), hupai.NO_TILE, np.uint8),
    }
    cols.update({f: np.zeros(n, bool) for f in FLAGS})
    cols.update({f: np.zeros(n, np.uint32) for f in COUNTS})
    for i, line in enumerate(lines):
        concealed = []
        slot = 0
        for group in line["hand"].split():
            if ":" not in group:
                concealed.append(group)
                continue
            prefix, tiles = group.split(":")
            ts = hupai.tiles(tiles)
            kinds = [kind(t) for t in ts]
            cols["melds"][i, slot] = (hupai.MELD_TYPES.index(prefix), min(kinds), sum(_red(ts)))
            slot += 1
        text = "".join(concealed)
        cols["jokers"][i] = text.count("*")
        text = text.replace("*", "")
        if text:
            ts = hupai.tiles(text)
            cols["concealed"][i] = hupai.to_34(text)
            cols["red"][i] = _red(ts)
        cols["win_tile"][i] = kind(line["win_tile"])
        for f in FLAGS:
            cols[f][i] = bool(line.get(f, False))
        for f in COUNTS:
            cols[f][i] = line.get(f, 0)
        for w in ("seat_wind", "round_wind"):
            cols[w][i] = kind(line.get(w, "E")) - 27
        for key, name in (("dora", "dora_indicators"), ("ura", "ura_indicators")):
            for j, t in enumerate(line.get(name, [])):
                cols[key][i, j] = kind(t)
    return cols


ERROR_TYPES = {"not_winning": "NotWinningError", "no_yaku": "NoYakuError", "inconsistent": "InconsistentError",
               "bad_input": "InputError", "bad_hand": "TileError", "bad_value": "InputError"}
YAKUMAN = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}


def row_dict(r: hupai.ScoreArrays, i: int) -> dict[str, Any]:
    """Row ``i`` as the dict ``hupai.score`` returns, or as ``score_batch(errors="dict")``
    gives a failure."""
    if r.error[i]:
        e = r.exception(i)
        assert type(e).__name__ == ERROR_TYPES[hupai.SCORE_ERRORS[r.error[i]]]
        return {"error": r.message(i), "type": type(e).__name__}
    m = int(r.n_items[i])
    ids, names, local = r.item_ids, r.item_names, r.item_local_names
    items = [(int(x), int(c), int(v)) for x, c, v in zip(r.items[i, :m], r.counts[i, :m], r.values[i, :m])]
    assert all(x == -1 for x in r.items[i, m:])
    ron, dealer, others = (int(r.ron[i]), int(r.tsumo_dealer[i]), int(r.tsumo_others[i]))
    tsumo = None if dealer < 0 and others < 0 else {"dealer": dealer if dealer >= 0 else None,
                                                    "others": others if others >= 0 else None}
    points = {"total": int(r.points[i]), "ron": ron if ron >= 0 else None}
    if r.family == "riichi":
        limit = int(r.limit[i])
        name = None if limit == 0 else hupai.LIMITS[limit] if limit < 6 else YAKUMAN.get(int(r.yakuman[i]), f"{int(r.yakuman[i])}x yakuman")
        return {
            "han": int(r.total[i]), "fu": int(r.fu[i]), "limit": name,
            "yaku": [{"id": ids[x], "name": names[x], "ja": local[x], "han": c * v} for x, c, v in items],
            "points": {**points, "tsumo": tsumo},
        }
    return {
        "total": int(r.total[i]), "meets_minimum": bool(r.meets_minimum[i]),
        "fans": [{"id": ids[x], "name": names[x], "zh": local[x], "points": v, "count": c} for x, c, v in items],
        "points": {**points, "ron_others": int(r.ron_others[i]), "tsumo": tsumo},
    }
