#!/usr/bin/env python3
"""Speed of hupai against ``mahjong`` 2.1.0 and PyMahjongGB 1.4.0 on the same hands, in one run.

    python crates/hupai-py/bench.py [--n 20000] [--score-n 5000] [--threads 2]

Needs the three packages installed (crates/hupai-py/ci.sh makes such a venv). Per hand, best of
three runs: shanten of random 13-tile hands (riichi forms against ``mahjong``'s
``Shanten.calculate_shanten``; the five MCR forms against PyMahjongGB's five per-form
functions). Scoring of random winning hands (riichi against ``HandCalculator``, MCR against
``MahjongFanCalculator``), best of ``--rounds`` rounds in which the reference and each hupai
path run in turn: ``score`` one call a hand; ``score_batch`` of line dicts (its default
``ScoreResults``, the same dicts as ``json.loads`` lays them out, the first made into a list of
its ``ScoreResult`` items, and ``as_dicts=True``),
of JSON strings, of one text of JSON lines;
and the columnar ``score_arrays`` on one thread and on ``--threads`` (the same hands as
arrays, made before timing). Beside the dicts, a Python loop that only reaches every value of
each dict, over both layouts: what the bench's scattered dicts cost any reader. Per hand = the
call's wall time / N; every batch path runs on one thread but ``score_arrays`` with
``--threads``.

With ``--cli target/release/hupai`` it also times the CLI on the same hands: ``hupai score
--json`` reading the scoring lines (riichi and MCR) and ``hupai analyze --json --rules mcr``
reading the shanten hands, one line each from a file, the answers written to a pipe that is
read to the end, process start included.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent / "tests"))

import MahjongGB  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

import hupai  # noqa: E402
from columns import line_columns  # noqa: E402
from hands import mixed_hands, mpsz  # noqa: E402
from test_score import MELD, TENHOU, mcr_case, riichi_case  # noqa: E402


CLOCK = time.perf_counter


def alternate(fns: dict, n: int, rounds: int) -> dict:
    """Seconds per item of each function, best of `rounds`; in each round the functions run
    one after the other, so that a change in the shared machine's load reaches them all.
    The clock is wall time, or with --cpu this process's CPU time (steadier when the cores
    are shared; all threads' time summed, so not for the threaded rows)."""
    times = {k: float("inf") for k in fns}
    for _ in range(rounds):
        for k, f in fns.items():
            t = CLOCK()
            f()
            times[k] = min(times[k], CLOCK() - t)
    return {k: v / n for k, v in times.items()}


def best(f, n: int) -> float:
    """Seconds per item, best of three."""
    times = []
    for _ in range(3):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times) / n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--score-n", type=int, default=0, help="scoring hands (default: n / 4)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=5, help="rounds of the alternating scoring timings")
    ap.add_argument("--cli", help="the hupai binary, to time `hupai score/analyze --json` too")
    ap.add_argument("--cpu", action="store_true", help="time the scoring rows in CPU time")
    args = ap.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    n, threads = args.n, args.threads
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    rng = random.Random(2026)
    hands = mixed_hands(rng, n, sizes=(13,))
    batch = np.array(hands, dtype=np.uint8)
    texts = [mpsz(c) for c in hands]
    gb = [tuple(hupai.to_gb(t)) for t in texts]
    rows = []
    rows.append(("riichi shanten", "mahjong Shanten.calculate_shanten",
                 best(lambda: [Shanten.calculate_shanten(c) for c in hands], n),
                 best(lambda: [hupai.shanten(c) for c in hands], n),
                 best(lambda: hupai.shanten_batch(batch), n)))
    gb_forms = [MahjongGB.RegularShanten, MahjongGB.SevenPairsShanten, MahjongGB.ThirteenOrphansShanten,
                MahjongGB.HonorsAndKnittedTilesShanten, MahjongGB.KnittedStraightShanten]
    rows.append(("MCR shanten, five forms", "PyMahjongGB per-form functions",
                 best(lambda: [[f(hand=h) for f in gb_forms] for h in gb], n),
                 best(lambda: [hupai.form_shanten(c, rules="mcr") for c in hands], n),
                 best(lambda: hupai.form_shanten_batch(batch, rules="mcr"), n)))
    # Riichi scoring: the same hands as mahjong's arguments and as hupai score lines.
    m = args.score_n or n // 4
    ref_args, lines = [], []
    for _ in range(m):
        a, line = riichi_pair(rng)
        ref_args.append(a)
        lines.append(line)
    gb_args, mcr_lines = [], []
    from hupai.compat.mahjonggb import MahjongFanCalculator as Compat
    while len(gb_args) < m:
        pair = mcr_pair(rng)
        if pair is not None:
            gb_args.append(pair[0])
            mcr_lines.append(pair[1])
    # Each scoring path and its reference run in turn, round after round (best of --rounds).
    scoring = []
    for what, ref, ref_f, ls, rules in (
        ("riichi scoring", "mahjong HandCalculator",
         lambda: [HandCalculator.estimate_hand_value(**a) for a in ref_args], lines, "riichi"),
        ("MCR scoring", "PyMahjongGB MahjongFanCalculator",
         lambda: [MahjongGB.MahjongFanCalculator(**a) for a in gb_args], mcr_lines, "mcr"),
    ):
        text = "\n".join(json.dumps(x) for x in ls) + "\n"
        strs = [json.dumps(x) for x in ls]
        # The same dicts as `json.loads` makes them, one after the other in memory; `ls` was
        # made amid the reference's objects, so its dicts lie scattered over the heap.
        loaded = [json.loads(x) for x in strs]
        cols = line_columns(ls)
        t = alternate({
            "ref": ref_f,
            "one": lambda ls=ls: _score_each(ls),
            "batch": lambda ls=ls: hupai.score_batch(ls, errors="dict"),
            # No scoring: what reaching the values costs where each layout puts them, each
            # right after `score_batch` has read the same dicts (so, if anything, less).
            "reach": lambda ls=ls: reach_values(ls),
            "loaded": lambda loaded=loaded: hupai.score_batch(loaded, errors="dict"),
            "reach_loaded": lambda loaded=loaded: reach_values(loaded),
            "batch_list": lambda ls=ls: list(hupai.score_batch(ls, errors="dict")),
            "dicts": lambda ls=ls: hupai.score_batch(ls, errors="dict", as_dicts=True),
            "strs": lambda strs=strs: hupai.score_batch(strs, errors="dict"),
            "text": lambda text=text: hupai.score_batch(text, errors="dict"),
            "arrays1": lambda cols=cols, rules=rules: hupai.score_arrays(**cols, rules=rules, threads=1),
            "arrays": lambda cols=cols, rules=rules: hupai.score_arrays(**cols, rules=rules, threads=threads),
        }, m, args.rounds)
        scoring.append((what, ref, t))
    compat = best(lambda: [Compat(**a) for a in gb_args], m)
    riichi_ref, mcr_ref = scoring[0][2]["ref"], scoring[1][2]["ref"]
    cli = []
    if args.cli:
        # Hands without yaku are left out, so both sides time the same scored lines.
        riichi_ok = [x for x in lines if _scores(x)]
        mcr_ok = [x for x in mcr_lines if _scores(x)]
        cli = [("riichi scoring", "`hupai score --json`", riichi_ref, "mahjong HandCalculator",
                best(lambda: [hupai.score(x) for x in riichi_ok], len(riichi_ok)),
                _cli_time([args.cli, "score", "--json"], riichi_ok)),
               ("MCR scoring", "`hupai score --json`", mcr_ref, "PyMahjongGB MahjongFanCalculator",
                best(lambda: [hupai.score(x) for x in mcr_ok], len(mcr_ok)),
                _cli_time([args.cli, "score", "--json"], mcr_ok)),
               ("MCR analysis", "`hupai analyze --json --rules mcr`", None, "",
                best(lambda: [hupai.analyze(t, rules="mcr") for t in texts], n),
                _cli_time([args.cli, "analyze", "--json", "--rules", "mcr"], texts))]
    print(f"{n} hands for shanten, {m} for scoring; microseconds per hand (best of 3)\n")
    print("| operation | reference | reference µs | hupai one call µs | hupai batch µs | batch speed-up |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for what, ref, r, one, b in rows:
        print(f"| {what} | {ref} | {r * 1e6:.2f} | {one * 1e6:.2f} | {b * 1e6:.3f} | {r / b:.0f}x |")
    clock = "CPU time of the process" if args.cpu else "wall time"
    print(f"\n{m} scoring hands; µs per hand ({clock}), best of {args.rounds} rounds, each round running the "
          "reference and every hupai path in turn; in parentheses the reference's time over hupai's\n")
    print(f"| scoring | reference µs | `score` per call | `score_batch` dicts (`ScoreResults`) "
          "| the same dicts from `json.loads` | `list(score_batch(dicts))` "
          "| `score_batch(as_dicts=True)` "
          f"| `score_batch` JSON strs | `score_batch` JSON lines text | `score_arrays` 1 thread | `score_arrays` {threads} threads |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for what, ref, t in scoring:
        r = t["ref"]
        cells = " | ".join(f"{t[k] * 1e6:.3f} ({r / t[k]:.1f}x)" for k in ("one", "batch", "loaded", "batch_list", "dicts", "strs", "text", "arrays1", "arrays"))
        print(f"| {what} ({ref}) | {r * 1e6:.2f} | {cells} |")
    print("\nA Python loop that reaches every value of each dict and does nothing with it "
          "(`for v in d.values()`), µs per hand: the difference between the two layouts is what "
          "reading the caller's memory costs any reader of these dicts")
    for what, _, t in scoring:
        print(f"- {what}: the bench's dicts {t['reach'] * 1e6:.3f}, `json.loads`'s {t['reach_loaded'] * 1e6:.3f}")
    print(f"\nhupai.compat.mahjonggb.MahjongFanCalculator: {compat * 1e6:.2f} µs per hand")
    if cli:
        print("\n| CLI streaming | command | reference µs | hupai in-process one call µs | CLI µs per line | CLI / in-process | reference / CLI |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
        for what, cmd, r, ref, one, c in cli:
            against = f"{r * 1e6:.2f} ({ref})" if r else "–"
            ratio = f"{r / c:.1f}x" if r else "–"
            print(f"| {what} | {cmd} | {against} | {one * 1e6:.2f} | {c * 1e6:.2f} | {c / one:.2f} | {ratio} |")
    print(f"\nload average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


def reach_values(lines: list) -> None:
    """Every value of each dict reached and nothing done with it: what reaching them costs
    where the dicts lie."""
    for d in lines:
        for _ in d.values():
            pass


def _scores(line) -> bool:
    """Whether hupai scores the line (a hand without yaku raises): the in-process loop times
    the same lines as the CLI, which prints an error line for the others."""
    try:
        hupai.score(line)
        return True
    except hupai.ScoreError:
        return False


def _cli_time(cmd: list, items: list) -> float:
    """Seconds per line for `cmd` reading `items` (dicts as JSON, strings as they are), one per
    line from a file, best of three; every answer line is read."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for x in items:
            f.write((json.dumps(x, ensure_ascii=False) if isinstance(x, dict) else x) + "\n")
        path = f.name
    times = []
    try:
        for _ in range(3):
            with open(path, "rb") as src:
                t = time.perf_counter()
                out = subprocess.run(cmd, stdin=src, capture_output=True, check=False).stdout
                times.append(time.perf_counter() - t)
            answers = out.count(b"\n")
            if answers != len(items):
                raise SystemExit(f"{cmd}: {answers} answer lines for {len(items)} inputs")
    finally:
        os.unlink(path)
    return min(times) / len(items)


def _score_each(lines) -> list:
    """One call per line; a hand without yaku is an answer too (the reference returns it)."""
    out = []
    for line in lines:
        try:
            out.append(hupai.score(line))
        except hupai.ScoreError as e:
            out.append(e)
    return out


def riichi_pair(rng: random.Random) -> tuple:
    """A random riichi winning hand as ``HandCalculator.estimate_hand_value``'s arguments and as a
    ``hupai score`` line, made in that order (the line's objects amid the reference's)."""
    conc, melds, win, _wall = riichi_case(rng)
    config = HandConfig(is_tsumo=rng.random() < 0.5, player_wind=27 + rng.randrange(4), round_wind=27, options=TENHOU)
    objs = [Meld(meld_type=MELD[t][0], tiles=ids, opened=MELD[t][1]) for t, ids in melds]
    tiles = sorted(conc + [i for _, ids in melds for i in ids])
    a = dict(tiles=tiles, win_tile=win, melds=objs, config=config)
    return a, riichi_line(conc, melds, win, config.is_tsumo, config.player_wind)


def riichi_line(conc, melds, win, self_drawn: bool, seat_wind: int) -> dict:
    """The ``hupai score`` line of a hand ``riichi_case`` drew (tile ids of 136), won by self-draw
    or not, by the seat whose wind is ``seat_wind`` (27-30, as ``mahjong`` counts it)."""
    hand = " ".join([hupai.from_136(conc)] + [f"{t}:{hupai.from_136(ids)}" for t, ids in melds])
    return {"rules": "riichi", "hand": hand, "win_tile": hupai.tiles(hupai.from_136([win]))[0],
            "self_drawn": self_drawn, "seat_wind": f"{seat_wind - 26}z"}


def mcr_pair(rng: random.Random):
    """A random MCR winning hand as PyMahjongGB's ``MahjongFanCalculator`` arguments and as a
    ``hupai score`` line, or None where PyMahjongGB refuses the hand."""
    packs, hand, win = mcr_case(rng)
    a = dict(pack=tuple(packs), hand=tuple(hand), winTile=win, flowerCount=0, isSelfDrawn=False,
             is4thTile=False, isAboutKong=False, isWallLast=False, seatWind=0, prevalentWind=0)
    try:
        MahjongGB.MahjongFanCalculator(**a)
    except TypeError:
        return None
    text = " ".join([hupai.from_gb(list(hand) + [win])] + [_pack(p) for p in packs])
    return a, {"rules": "mcr", "hand": text, "win_tile": hupai.from_gb([win])}


def _pack(p) -> str:
    kind, code, offer = p
    t = hupai.from_gb([code])
    n, s = int(t[0]), t[1]
    if kind == "CHI":
        return f"chi:{n - 1}{n}{n + 1}{s}"
    if kind == "PENG":
        return f"pon:{t[0] * 3}{s}"
    return f"{'ankan' if offer == 0 else 'kan'}:{t[0] * 4}{s}"


if __name__ == "__main__":
    main()
