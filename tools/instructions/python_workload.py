"""A fixed workload of the `hupai` Python package for tools/instructions/check.py: the first N
hands of a scoring fixture as the dicts users pass, scored by `score_batch` (its results left
unread) or one `score` call each, or only read and made into dicts (the base).

- `batch`, `call`, `none`: the MCR fixture as dicts written in Python (their keys interned).
- `riichi-batch`, `riichi-none`: the riichi fixture (both presets) as the score lines the
  Python tests read (`crates/hupai-py/tests/fixture_lines.py`), made again by `json.loads`
  from their JSON text: new key strings every line.

Usage: python python_workload.py batch|call|none|riichi-batch|riichi-none N
"""

import gc
import json
import sys
from pathlib import Path

import hupai

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "crates/hupai-py/tests"))

from fixture_lines import DATA, fixture_lines  # noqa: E402


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
    return [json.loads(json.dumps(line)) for line in fixture_lines("riichi_score.jsonl", n)]


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
