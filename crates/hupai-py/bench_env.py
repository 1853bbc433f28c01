"""Environment speed, side by side in one run: a plain Python loop with random legal actions
in hupai's MahjongEnv and in RiichiEnv (riichienv==0.4.11 from PyPI) on the same machine, and
the vectorised environment with random masks. Prints a Markdown table.

    python crates/hupai-py/bench_env.py --seconds 10

A decision is one player's answer to one prompt (every legal-action list a loop answers).
Both Python loops play four-player riichi half games (hanchan: hupai length="half",
RiichiEnv game_mode=2), asking each prompted player's legal actions and answering with a
random one; "+ features" also encodes every observation (hupai-v2 planes and scalars;
RiichiEnv's Observation.encode(), 74 x 34 float32).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Callable

import numpy as np

import hupai


def rate(run: Callable[[float], int], seconds: float, repeats: int) -> tuple[float, float]:
    """Best of `repeats` runs of about `seconds` each: decisions per second of wall-clock time,
    and per second of this process's CPU time (all its threads; on a machine shared with
    other work the second is the steadier figure)."""
    best, best_cpu = 0.0, 0.0
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        n = run(seconds)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        best, best_cpu = max(best, n / wall), max(best_cpu, n / cpu)
    return best, best_cpu


def hupai_loop(features: bool) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        env = hupai.MahjongEnv("riichi", length="half", seed=1)
        rng = random.Random(0)
        n = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            obs = env.reset()
            while not env.done():
                actions = {}
                for p, o in obs.items():
                    if features:
                        o.planes, o.scalars
                    actions[p] = rng.choice(o.legal_actions())
                n += len(actions)
                obs = env.step(actions)
        return n

    return run


def riichienv_loop(features: bool) -> Callable[[float], int]:
    from riichienv import RiichiEnv

    def run(seconds: float) -> int:
        env = RiichiEnv(game_mode=2, seed=1)
        rng = random.Random(0)
        n = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            obs = env.reset()
            while not env.done():
                actions = {}
                for p, o in obs.items():
                    legal = o.legal_actions()
                    if legal:
                        if features:
                            o.encode()
                        actions[p] = rng.choice(legal)
                n += len(actions)
                obs = env.step(actions)
        return n

    return run


def vec_loop(n_envs: int, features: bool, threads: int, pick: str) -> Callable[[float], int]:
    """`pick`: "sample" (`Batch.sample(rng)`, the batched sampler), "sample_masks" (the same
    draw from the masks, `hupai.sample_masks(b.mask, rng)`), "legal_ids" (the same
    draw in NumPy from `legal_ids`/`legal_offsets`) or "argmax" (a random score per id of
    the masks, masked argmax: the idiom that costs 728 draws a row)."""

    def run(seconds: float) -> int:
        venv = hupai.VecEnv(n_envs, "riichi", length="half", seed=1, features=features, threads=threads)
        rng = np.random.default_rng(0)
        b = venv.reset()
        n = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            if pick == "sample":
                actions = b.sample(rng)
            elif pick == "sample_masks":
                actions = hupai.sample_masks(b.mask, rng)
            elif pick == "argmax":
                scores = rng.random((len(b), hupai.ACTIONS), dtype=np.float32) * b.mask
                actions = scores.argmax(axis=1)
            else:
                counts = np.diff(b.legal_offsets)
                at = b.legal_offsets[:-1] + (rng.random(len(b)) * counts).astype(np.int64)
                actions = b.legal_ids[at]
            n += len(b)
            b = venv.step(actions)
        return n

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--vec-only", action="store_true", help="only the VecEnv rows")
    parser.add_argument("--picks", default="sample,sample_masks,legal_ids,argmax",
                        help="the VecEnv samplers to time, comma-separated")
    parser.add_argument("--masks-only", action="store_true", help="no VecEnv rows with features")
    args = parser.parse_args()
    s, r = args.seconds, args.repeats
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    rows = []
    for features in (False, True) if not args.vec_only else ():
        label = "+ features" if features else ""
        h = rate(hupai_loop(features), s, r)
        try:
            e = rate(riichienv_loop(features), s, r)
        except ImportError:
            e = (float("nan"), float("nan"))
        rows.append((f"Python loop, random legal actions {label}".strip(), e, h))
    if rows:
        print()
        print("| loop | RiichiEnv decisions/s (per CPU s) | hupai decisions/s (per CPU s) | ratio (CPU) |")
        print("| --- | ---: | ---: | ---: |")
    for name, e, h in rows:
        print(f"| {name} | {e[0]:,.0f} ({e[1]:,.0f}) | {h[0]:,.0f} ({h[1]:,.0f}) | "
              f"{h[0] / e[0]:.1f}x ({h[1] / e[1]:.1f}x) |")
    print()
    print(f"| VecEnv, {args.envs} half games | threads | decisions/s | per CPU s | load average after |")
    print("| --- | ---: | ---: | ---: | ---: |")
    picks = {"sample": "`Batch.sample(rng)`", "sample_masks": "`hupai.sample_masks(b.mask, rng)`",
             "legal_ids": "random id from legal_ids (NumPy)", "argmax": "random id from the masks (NumPy argmax)"}
    for features in (False,) if args.masks_only else (False, True):
        for pick in args.picks.split(","):
            label = picks[pick]
            for threads in (1, 2):
                d, c = rate(vec_loop(args.envs, features, threads, pick), s, r)
                what = ("features + masks" if features else "masks only") + ", " + label
                print(f"| {what} | {threads} | {d:,.0f} | {c:,.0f} | {os.getloadavg()[0]:.2f} |", flush=True)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
