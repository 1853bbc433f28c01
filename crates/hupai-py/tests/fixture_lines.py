"""The committed riichi reference fixtures (crates/hupai-rules/tests/data) as ``hupai score``
lines: the mapping of crates/hupai-rules/tests/riichi_case, in Python. Reads only the fixture
(no other import), so that tools/instructions' workload can use it too."""

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "hupai-rules" / "tests" / "data"
FLAGS = {"tsumo": "self_drawn", "riichi": "riichi", "double_riichi": "double_riichi", "ippatsu": "ippatsu",
         "rinshan": "replacement", "chankan": "robbing_kong", "haitei": "last_tile", "houtei": "last_tile"}


def fixture_lines(name: str, limit: int) -> list[dict[str, Any]]:
    """The first ``limit`` hands of the fixture ``name`` (``riichi_score.jsonl``,
    ``sanma_score.jsonl``) as score lines."""
    rows = (DATA / name).read_text(encoding="utf-8").splitlines()
    header = json.loads(rows[0])
    col = {h: i for i, h in enumerate(header)}
    out = []
    for row in rows[1 : limit + 1]:
        v = json.loads(row)
        line: dict[str, Any] = {
            "rules": "riichi-majsoul" if v[col["preset"]] == "majsoul" else "riichi",
            "hand": " ".join([v[col["hand"]], *v[col["melds"]]]),
            "win_tile": v[col["win_tile"]],
            "seat_wind": v[col["seat_wind"]], "round_wind": v[col["round_wind"]],
            "dora_indicators": v[col["dora"]], "ura_indicators": v[col["ura"]],
            "honba": v[col["honba"]], "riichi_sticks": v[col["sticks"]],
        }
        for flag in v[col["flags"]].split():
            line[FLAGS[flag]] = True
        if "kita" in col:
            line["kita"] = v[col["kita"]]
            line["rules"] = "sanma" if v[col["preset"]] != "majsoul" else "sanma-majsoul"
        out.append(line)
    return out
