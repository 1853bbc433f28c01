"""A fixed workload of the `hupai` Python package for tools/instructions/check.py: the first N
hands of the MCR scoring fixture as the dicts users pass, scored by `score_batch` (`batch`, its
results left unread) or one `score` call each (`call`), or only read and made into dicts
(`none`, the base).

Usage: python python_workload.py batch|call|none N
"""

import sys
from pathlib import Path

import hupai

FIXTURE = Path(__file__).resolve().parents[2] / "crates/hupai-rules/tests/data/mcr_fixture.tsv"


def lines(n):
    out = []
    with open(FIXTURE, encoding="utf-8") as f:
        for row in f:
            if len(out) == n:
                break
            hand, win, flags = row.split("\t")[:3]
            out.append({"rules": "mcr", "hand": hand, "win_tile": win, "self_drawn": "s" in flags})
    return out


def main(what, n):
    dicts = lines(n)
    if what == "batch":
        # A failed line raises; the results are made when they are read, which is not timed.
        scored = len(hupai.score_batch(dicts))
    elif what == "call":
        scored = sum(1 for d in dicts if hupai.score(d)["total"] > 0)
    else:
        scored = 0
    print(f"{scored} of {len(dicts)} scored")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
