"""Self-play shards as Ray tasks on a local Ray cluster (``ray==2.60.0`` from PyPI; not run
in CI: Ray is a large install, and ``self_play_shards.py`` shows the same split with
``concurrent.futures``, which the tests run).

Each task plays one range of the run's jobs and writes one Parquet file; the files put
together in job order are exactly the rows of the run played in one process, which the
script checks at the end for small runs.

    pip install ray==2.60.0
    python ray_self_play.py OUT_DIR --hands 2000 --shard 250 --check
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import ray

import hupai

AGENTS = ["defensive", "efficiency", "efficiency", "random"]


@ray.remote
def shard(out: str, hands: int, start: int, stop: int, seed: int) -> str:
    table = hupai.self_play(hands=hands, agents=AGENTS, seed=seed, start=start, stop=stop, threads=1)
    path = Path(out) / f"shard-{start:07d}-{stop:07d}.parquet"
    pq.write_table(table, path)
    return str(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--shard", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="compare with one in-process run")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    ray.init(num_cpus=args.cpus, include_dashboard=False)
    total = hupai.jobs(hands=args.hands)
    tasks = [shard.remote(str(args.out), args.hands, a, min(a + args.shard, total), args.seed)
             for a in range(0, total, args.shard)]
    paths = ray.get(tasks)
    merged = pa.concat_tables([pq.read_table(p) for p in paths])
    print(f"{len(paths)} shards, {merged.num_rows} decisions")
    if args.check:
        one = hupai.self_play(hands=args.hands, agents=AGENTS, seed=args.seed)
        same = merged.replace_schema_metadata(None).equals(one.replace_schema_metadata(None))
        print("the shards are the one run:", same)
        assert same
    ray.shutdown()


if __name__ == "__main__":
    main()
