#!/usr/bin/env python3
"""`score_batch` over the same scoring lines laid out in memory in different ways: where a
dict line's time goes (issue 30). Needs the ``bench.py`` venv (``mahjong`` for the
reference's objects, PyMahjongGB for the MCR hands).

    python crates/hupai-py/bench_dicts.py time [--n 5000] [--rounds 15]
    python crates/hupai-py/bench_dicts.py write DIR [--n 3000]
    python crates/hupai-py/bench_dicts.py count DIR/riichi.jsonl|DIR/mcr.jsonl text|strs|python|loaded REPEATS

``time``: riichi lines drawn as ``bench.py`` draws them and made the way it makes them (each
dict amid the reference's arguments for the same hand), and the same lines as ``json.loads``
makes them (one after another in memory). Prints how far apart the bench's dicts lie, then
the CPU time a line over each layout, best of ``--rounds``, every reader over both layouts in
turn each round: ``score_batch``; ``bench.reach_values``, a Python loop that only reaches
every value of each dict; ``json.dumps`` of the list, another reader of every key and value
in C. What the bench's layout costs ``score_batch`` more than
``json.loads``'s, set beside what it costs the other two, tells how much of it is reading
the caller's memory. Run it alternately with two wheels (``PYTHONPATH`` pointing at each) to
compare them: the figures move with the host's memory from one minute to the next.

``write``: riichi and MCR hands drawn as ``bench.py`` draws them, as JSON lines in
``DIR/riichi.jsonl`` and ``DIR/mcr.jsonl``. ``count``: a fixed workload for cachegrind (the
lines read from such a file, so that nothing random runs): the lines as one text, as a list
of JSON ``str``s, as dicts written in Python or as ``json.loads``'s dicts, scored ``REPEATS``
times. The instructions a
line are the difference of two runs (``REPEATS`` 3 and 0) over three times the lines:

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \
        python crates/hupai-py/bench_dicts.py count DIR/riichi.jsonl loaded 3
"""

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "tests"))

import hupai  # noqa: E402

# `bench` (the references, the hand generators) is imported where lines are drawn, not by
# `count`: a count is only exact in a process that runs nothing but the workload.


def riichi_lines(n: int, keep=None) -> list:
    """Riichi lines drawn as ``bench.py`` draws them (``bench.riichi_pair``, from a generator of
    their own, seed 2026), each made just after the reference's arguments for its hand; those
    are appended to ``keep`` when given."""
    from bench import riichi_pair

    rng = random.Random(2026)
    lines = []
    for _ in range(n):
        a, line = riichi_pair(rng)
        if keep is not None:
            keep.append(a)
        lines.append(line)
    return lines


def mcr_lines(n: int) -> list:
    """MCR lines drawn as ``bench.py`` draws them (``bench.mcr_pair``, seed 2026): hands
    PyMahjongGB scores."""
    from bench import mcr_pair

    rng = random.Random(2026)
    lines = []
    while len(lines) < n:
        pair = mcr_pair(rng)
        if pair is not None:
            lines.append(pair[1])
    return lines


def time_layouts(n: int, rounds: int) -> None:
    from bench import reach_values

    keep: list = []
    scattered = riichi_lines(n, keep)
    loaded = [json.loads(json.dumps(d)) for d in scattered]
    addresses = sorted(id(d) for d in scattered)
    gaps = [b - a for a, b in zip(addresses, addresses[1:])]
    print(f"the bench's dicts: {(addresses[-1] - addresses[0]) / 1e6:.0f} MB from first to last, "
          f"{statistics.median(gaps):.0f} bytes apart (median)")
    readers = {
        "score_batch": lambda lines: hupai.score_batch(lines, errors="dict"),
        "every value reached": reach_values,
        "json.dumps": json.dumps,
    }
    layouts = {"the bench's dicts": scattered, "json.loads's dicts": loaded}
    best = {(r, l): float("inf") for r in readers for l in layouts}
    for _ in range(rounds):
        for reader, read in readers.items():
            for layout, lines in layouts.items():
                t = time.process_time()
                read(lines)
                best[reader, layout] = min(best[reader, layout], time.process_time() - t)
    print("µs a line | " + " | ".join(layouts) + " | the bench's layout costs")
    for reader in readers:
        scattered_us, loaded_us = (best[reader, layout] / n * 1e6 for layout in layouts)
        print(f"{reader} | {scattered_us:.3f} | {loaded_us:.3f} | {scattered_us - loaded_us:+.3f}")


def count(path: str, layout: str, repeats: int) -> None:
    with open(path, encoding="utf-8") as f:
        loaded = [json.loads(line) for line in f]
    if layout == "text":
        batch = "".join(json.dumps(d) + "\n" for d in loaded)
    elif layout == "strs":
        batch = [json.dumps(d) for d in loaded]
    elif layout == "python":
        # The keys written in Python source (interned), as a program that makes its dicts has them.
        batch = [{"rules": d["rules"], "hand": d["hand"], "win_tile": d["win_tile"],
                  **({"self_drawn": d["self_drawn"], "seat_wind": d["seat_wind"]} if "seat_wind" in d else {})}
                 for d in loaded]
    else:
        batch = loaded
    for _ in range(repeats):
        hupai.score_batch(batch, errors="dict")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    t = sub.add_parser("time")
    t.add_argument("--n", type=int, default=5000)
    t.add_argument("--rounds", type=int, default=15)
    w = sub.add_parser("write")
    w.add_argument("dir")
    w.add_argument("--n", type=int, default=3000)
    c = sub.add_parser("count")
    c.add_argument("path")
    c.add_argument("layout", choices=["text", "strs", "python", "loaded"])
    c.add_argument("repeats", type=int)
    args = ap.parse_args()
    if args.what == "time":
        time_layouts(args.n, args.rounds)
    elif args.what == "write":
        for name, lines in (("riichi", riichi_lines(args.n)), ("mcr", mcr_lines(args.n))):
            with open(Path(args.dir) / f"{name}.jsonl", "w", encoding="utf-8") as f:
                f.writelines(json.dumps(d) + "\n" for d in lines)
    else:
        count(args.path, args.layout, args.repeats)


if __name__ == "__main__":
    main()
