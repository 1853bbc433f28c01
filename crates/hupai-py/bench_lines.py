#!/usr/bin/env python3
"""Whole-process scoring benchmarks: the same hands written once as files, then one process per
measurement, so that an outside timer (`/usr/bin/time`, hyperfine) compares whole processes.

    python crates/hupai-py/bench_lines.py write DIR [--n 30000] [--seed 2026]
    python crates/hupai-py/bench_lines.py run WHAT DIR [--repeat R]

``write`` draws ``--n`` winning MCR hands and ``--n`` winning riichi hands (the generators of
``tests/test_score.py``, as in ``bench.py``) and writes, in DIR:

- ``mcr.jsonl`` / ``riichi.jsonl``: one ``hupai score`` line each (what `hupai score --json`
  reads and ``hupai.score`` / ``hupai.score_batch`` take);
- ``mcr_gb.jsonl``: the same MCR hands as PyMahjongGB 1.4.0's ``MahjongFanCalculator``
  keyword arguments; ``riichi_mahjong.jsonl``: the riichi hands as ``mahjong`` 2.1.0's
  ``HandCalculator.estimate_hand_value`` arguments (136-tile ids, melds, the config's flags);
- ``mcr_analyze.txt``: the MCR hands' text less the win tile (13 tiles), one a line, for
  `hupai analyze --json --rules mcr`.

``run WHAT DIR`` reads the file WHAT needs and then, ``--repeat`` times over every hand:

| WHAT | the loop |
| --- | --- |
| ``load-mcr``, ``load-riichi`` | nothing (reading the files only: the fixed cost of every run) |
| ``gb`` | ``MahjongGB.MahjongFanCalculator(**args)`` per hand (what it raises is an answer too) |
| ``gb-shanten`` | PyMahjongGB's five per-form shanten functions (each with its useful tiles) on
  the concealed tiles of each MCR hand less the win tile (what `hupai analyze` answers) |
| ``mahjong`` | ``HandCalculator.estimate_hand_value(...)`` per hand |
| ``score-mcr``, ``score-riichi`` | ``hupai.score(line)`` per hand (a refusal is an answer too) |
| ``batch-mcr``, ``batch-riichi`` | one ``hupai.score_batch(lines, errors="dict")`` over the dicts |
| ``batch-mcr-json`` | one ``hupai.score_batch`` over the JSON text of the lines |

Each run prints the number of answers, so a run that did less work shows.
"""

import argparse
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).parent


def write(out: Path, n: int, seed: int) -> None:
    sys.path.insert(0, str(HERE / "tests"))
    import hupai
    from test_score import riichi_case

    from bench import _pack, mcr_pair, riichi_line

    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    gb_args, mcr_lines, analyze = [], [], []
    while len(gb_args) < n:
        pair = mcr_pair(rng)
        if pair is None:
            continue
        a, line = pair
        gb_args.append(a)
        mcr_lines.append(line)
        analyze.append(" ".join([hupai.from_gb(list(a["hand"]))] + [_pack(p) for p in a["pack"]]))
    riichi_args, riichi_lines = [], []
    for _ in range(n):
        conc, melds, win, _wall = riichi_case(rng)
        tsumo, wind = rng.random() < 0.5, 27 + rng.randrange(4)
        riichi_args.append({"concealed": conc, "melds": melds, "win_tile": win, "is_tsumo": tsumo,
                            "player_wind": wind, "round_wind": 27})
        riichi_lines.append(riichi_line(conc, melds, win, tsumo, wind))
    for name, rows in [("mcr.jsonl", mcr_lines), ("mcr_gb.jsonl", gb_args), ("riichi.jsonl", riichi_lines),
                       ("riichi_mahjong.jsonl", riichi_args)]:
        with open(out / name, "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    (out / "mcr_analyze.txt").write_text("".join(t + "\n" for t in analyze), encoding="utf-8")
    print(f"{n} MCR and {n} riichi hands in {out}")


def read(path: Path) -> list:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def run(what: str, d: Path, repeat: int) -> None:
    answers = 0
    if what in ("load-mcr", "gb"):
        args = [dict(a, pack=tuple(tuple(p) for p in a["pack"]), hand=tuple(a["hand"])) for a in read(d / "mcr_gb.jsonl")]
        if what == "gb":
            import MahjongGB
            calc = MahjongGB.MahjongFanCalculator
            for _ in range(repeat):
                for a in args:
                    try:
                        calc(**a)
                    except Exception:  # noqa: BLE001 - PyMahjongGB's refusal is its answer
                        pass
                    answers += 1
    elif what == "gb-shanten":
        import MahjongGB
        forms = [MahjongGB.RegularShanten, MahjongGB.SevenPairsShanten, MahjongGB.ThirteenOrphansShanten,
                 MahjongGB.HonorsAndKnittedTilesShanten, MahjongGB.KnittedStraightShanten]
        hands = [tuple(a["hand"]) for a in read(d / "mcr_gb.jsonl")]
        for _ in range(repeat):
            for h in hands:
                for f in forms:
                    try:
                        f(hand=h)
                    except Exception:  # noqa: BLE001 - a form the melds rule out is an answer
                        pass
                answers += 1
    elif what in ("load-riichi", "mahjong"):
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
        from mahjong.meld import Meld
        sys.path.insert(0, str(HERE / "tests"))
        from test_score import MELD, TENHOU

        calls = []
        for a in read(d / "riichi_mahjong.jsonl"):
            melds = [Meld(meld_type=MELD[t][0], tiles=ids, opened=MELD[t][1]) for t, ids in a["melds"]]
            tiles = sorted(a["concealed"] + [i for _, ids in a["melds"] for i in ids])
            config = HandConfig(is_tsumo=a["is_tsumo"], player_wind=a["player_wind"],
                                round_wind=a["round_wind"], options=TENHOU)
            calls.append(dict(tiles=tiles, win_tile=a["win_tile"], melds=melds, config=config))
        if what == "mahjong":
            for _ in range(repeat):
                for c in calls:
                    HandCalculator.estimate_hand_value(**c)
                    answers += 1
    elif what in ("score-mcr", "score-riichi", "batch-mcr", "batch-riichi", "batch-mcr-json"):
        import hupai
        family = "riichi" if what.endswith("riichi") else "mcr"
        if what == "batch-mcr-json":
            lines = (d / "mcr.jsonl").read_text(encoding="utf-8").splitlines()
        else:
            lines = read(d / f"{family}.jsonl")
        for _ in range(repeat):
            if what.startswith("batch"):
                answers += len(hupai.score_batch(lines, errors="dict"))
            else:
                for line in lines:
                    try:
                        hupai.score(line)
                    except hupai.ScoreError:
                        pass
                    answers += 1
    else:
        raise SystemExit(f"unknown benchmark {what!r}")
    print(f"{what}: {answers} answers")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("dir", type=Path)
    w.add_argument("--n", type=int, default=30000)
    w.add_argument("--seed", type=int, default=2026)
    r = sub.add_parser("run")
    r.add_argument("what")
    r.add_argument("dir", type=Path)
    r.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args()
    if a.cmd == "write":
        write(a.dir, a.n, a.seed)
    else:
        run(a.what, a.dir, a.repeat)


if __name__ == "__main__":
    main()
