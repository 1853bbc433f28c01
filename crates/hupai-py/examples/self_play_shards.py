"""Self-play in shards on worker processes, one Parquet file per shard.

A run is a list of jobs (``hupai.jobs(hands=N)`` of them); ``hupai.self_play(start=a, stop=b)``
plays jobs ``a..b`` from the run's seed alone, so the shards, read back and put together in
order, are exactly the rows of the run played in one process. The Ray version of the same
split is ``ray_self_play.py``.

    python self_play_shards.py OUT_DIR --hands 2000 --shard 250 --workers 2
"""

from __future__ import annotations

import argparse
import concurrent.futures
from pathlib import Path

import pyarrow.parquet as pq

import hupai

AGENTS = ["defensive", "efficiency", "efficiency", "random"]


def shard(out: str, hands: int, start: int, stop: int, seed: int) -> str:
    """Plays jobs start..stop of the run and writes them to one Parquet file."""
    table = hupai.self_play(hands=hands, agents=AGENTS, seed=seed, start=start, stop=stop, threads=1)
    path = Path(out) / f"shard-{start:07d}-{stop:07d}.parquet"
    pq.write_table(table, path)
    return str(path)


def run(out: Path, hands: int, shard: int, seed: int, workers: int) -> list[str]:
    """The shards of a run of ``hands`` hands, ``shard`` jobs each, on ``workers`` processes;
    returns the files in job order."""
    total = hupai.jobs(hands=hands)
    ranges = [(a, min(a + shard, total)) for a in range(0, total, shard)]
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(globals()["shard"], str(out), hands, a, b, seed) for a, b in ranges]
        return [f.result() for f in futures]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--shard", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in run(args.out, args.hands, args.shard, args.seed, args.workers):
        print(path)
