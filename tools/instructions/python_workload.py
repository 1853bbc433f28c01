"""A fixed workload of the `hupai` Python package for tools/instructions/check.py: the first N
hands of a scoring fixture as the dicts users pass, scored by `score_batch` (its results left
unread) or one `score` call each, or only read and made into dicts (the base).

- `batch`, `call`, `none`: the MCR fixture as dicts written in Python (their keys interned).
- `riichi-batch`, `riichi-none`: the riichi fixture (both presets) as `json.loads` makes dicts
  from JSON lines: new key strings every line, each dict holding the keys a program sets (the
  flags that are true, the indicators there are).

Usage: python python_workload.py batch|call|none|riichi-batch|riichi-none N
"""

import gc
import json
import sys
from pathlib import Path

import hupai

DATA = Path(__file__).resolve().parents[2] / "crates/hupai-rules/tests/data"
WIND = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}
# The fixture's flags and the line fields they set.
FLAGS = {"tsumo": "self_drawn", "riichi": "riichi", "double_riichi": "double_riichi",
         "ippatsu": "ippatsu", "rinshan": "replacement", "chankan": "robbing_kong",
         "haitei": "last_tile", "houtei": "last_tile"}


def mcr_lines(n):
    out = []
    with open(DATA / "mcr_fixture.tsv", encoding="utf-8") as f:
        for row in f:
            if len(out) == n:
                break
            hand, win, flags = row.split("\t")[:3]
            out.append({"rules": "mcr", "hand": hand, "win_tile": win, "self_drawn": "s" in flags})
    return out


def riichi_lines(n):
    """The riichi fixture's first `n` hands as JSON lines read back by `json.loads`."""
    texts = []
    with open(DATA / "riichi_score.jsonl", encoding="utf-8") as f:
        header = json.loads(next(f))
        for row in f:
            if len(texts) == n:
                break
            v = dict(zip(header, json.loads(row)))
            line = {"rules": "riichi-majsoul" if v["preset"] == "majsoul" else "riichi",
                    "hand": " ".join([v["hand"], *v["melds"]]), "win_tile": v["win_tile"],
                    "seat_wind": WIND[v["seat_wind"]], "round_wind": WIND[v["round_wind"]]}
            for flag in v["flags"].split():
                line[FLAGS[flag]] = True
            for key, column in (("dora_indicators", "dora"), ("ura_indicators", "ura"),
                                ("honba", "honba"), ("riichi_sticks", "sticks")):
                if v[column]:
                    line[key] = v[column]
            texts.append(json.dumps(line))
    return [json.loads(t) for t in texts]


def main(what, n):
    dicts = riichi_lines(n) if what.startswith("riichi") else mcr_lines(n)
    # The collector's next pass counted from here, over nothing made before: what a pass in
    # the work costs depends on the work alone, not on what reading the fixture left.
    gc.collect()
    gc.freeze()
    if what in ("batch", "riichi-batch"):
        # A failed line raises; the results are made when they are read, which is not timed.
        scored = len(hupai.score_batch(dicts))
    elif what == "call":
        scored = sum(1 for d in dicts if hupai.score(d)["total"] > 0)
    else:
        scored = 0
    print(f"{scored} of {len(dicts)} scored")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
