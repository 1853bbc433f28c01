"""Training data: self-play shards written to Parquet, read back as numpy arrays.

``write_shards`` plays a run of ``hupai.self_play`` in job ranges, one Parquet file per
range (a range already on disk is kept, so a run that stopped resumes where it was);
``read`` loads the decisions of one agent (the teacher) with more than one legal option.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

import numpy as np

from .. import _hupai
from ..data import jobs, self_play
from .net import shape


def write_shards(
    out: Path,
    agents: Sequence[str],
    rules: str,
    hands: int,
    shard: int,
    seed: int,
    values: Optional[str],
    threads: int,
    say: Callable[[str], None] = print,
    encoding: str = "hupai-v4",
    teacher: Optional[str] = None,
) -> list[Path]:
    """Plays ``hands`` hands of ``agents`` from ``seed`` into ``out/shard-A-B.parquet`` files
    of ``shard`` jobs each, observations in ``encoding``, every decision labelled by
    ``teacher`` when given (see ``hupai.self_play``); returns the files in job order. A shard
    already on disk in another encoding or of another teacher is an error (a run resumes in
    its own)."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    out.mkdir(parents=True, exist_ok=True)
    total = jobs(hands=hands)
    files = []
    for a in range(0, total, shard):
        b = min(a + shard, total)
        path = out / f"shard-{a:07d}-{b:07d}.parquet"
        files.append(path)
        if path.exists():
            meta = pq.read_schema(path).metadata
            found = meta.get(b"hupai.encoding", b"").decode()
            if found != encoding:
                raise _hupai.InputError(f"{path}: encoding '{found}', this run writes '{encoding}'")
            taught = meta.get(b"hupai.teacher", b"").decode()
            if taught != (teacher or ""):
                raise _hupai.InputError(f"{path}: teacher '{taught}', this run's '{teacher or ''}'")
            continue
        t0 = time.perf_counter()
        table = self_play(
            hands=hands, rules=rules, agents=list(agents), seed=seed, start=a, stop=b,
            threads=threads, values=values, encoding=encoding, teacher=teacher,
        )
        tmp = path.with_suffix(".tmp")
        pq.write_table(table, tmp)
        tmp.rename(path)
        say(f"{path.name}: {table.num_rows} decisions in {time.perf_counter() - t0:.1f}s")
    return files


@dataclass
class Samples:
    """Decisions as arrays, one row each."""

    planes: Any  # uint8 (n, planes, 34) of the encoding
    scalars: Any  # float32 (n, scalars) of the encoding
    mask: Any  # bool (n, ACTIONS)
    action: Any  # int64 (n,)
    #: The teacher's values, flat, one per legal id in ascending id order of the rows that
    #: have them (``value_at[i]``..``value_at[i + 1]``; empty rows have none).
    values: Any  # float32
    value_at: Any  # int64 (n + 1,)
    hand_points: Any  # float32 (n,)
    wall: Any  # int64 (n,)
    #: The observation encoding of ``planes`` and ``scalars``.
    encoding: str = "hupai-v4"
    #: The rule presets the decisions were played under, comma-separated and sorted.
    rules: str = ""

    def __len__(self) -> int:
        return int(self.action.shape[0])

    def take(self, idx: Any) -> "Samples":
        """The rows ``idx``, in that order."""
        starts, ends = self.value_at[idx], self.value_at[idx + 1]
        lens = ends - starts
        flat = _ranges(starts, lens)
        at = np.zeros(len(idx) + 1, dtype=np.int64)
        np.cumsum(lens, out=at[1:])
        return Samples(
            self.planes[idx], self.scalars[idx], self.mask[idx], self.action[idx],
            self.values[flat], at, self.hand_points[idx], self.wall[idx], self.encoding, self.rules,
        )

    def soft_targets(self, temperature: float) -> tuple[Any, Any]:
        """Per row, the teacher's distribution over the legal options, softmax of its values
        over ``temperature`` (options it did not rate get none), and whether the row has one:
        ``(float32 (n, ACTIONS), bool (n,))``. A row where the teacher did not rate the option
        it chose has none: `search` rates the discards of a ready hand but not the riichi it
        then declares, and a softmax over the discards alone would teach the network never
        to declare."""
        n = len(self)
        lens = np.diff(self.value_at)
        has = lens > 0
        dense = np.full((n, _hupai.ACTIONS), -np.inf, dtype=np.float32)
        if has.any():
            sub = np.flatnonzero(has)
            block = np.full((len(sub), _hupai.ACTIONS), -np.inf, dtype=np.float32)
            v = np.where(np.isnan(self.values), -np.inf, self.values / temperature)
            block[self.mask[sub]] = v.astype(np.float32)
            dense[sub] = block
        rated = np.isfinite(dense).any(axis=1)
        top = np.where(rated, dense.max(axis=1), 0.0)[:, None]
        e = np.where(np.isfinite(dense), np.exp(dense - top), 0.0)
        total = e.sum(axis=1, keepdims=True)
        p = np.divide(e, total, out=np.zeros_like(e), where=total > 0)
        chosen_rated = np.isfinite(dense[np.arange(n), self.action])
        return p.astype(np.float32), has & rated & chosen_rated


def _ranges(starts: Any, lens: Any) -> Any:
    """The concatenation of ``arange(s, s + l)`` for each pair."""
    lens = np.asarray(lens, dtype=np.int64)
    seg = np.repeat(np.arange(len(lens)), lens)
    first = np.cumsum(lens) - lens
    return np.asarray(starts, dtype=np.int64)[seg] + (np.arange(int(lens.sum())) - first[seg])


def read(paths: Sequence[Path], agent: Optional[str] = None, limit: Optional[int] = None,
         keep_agreeing: float = 1.0, seed: int = 0) -> Samples:
    """The decisions in ``paths`` (Parquet files of ``hupai.self_play``, all of one encoding)
    with more than one legal option, at most ``limit`` of them (the first, in file order),
    each with the choice that is learned: in a file labelled by a teacher (``teacher=``),
    every row with the teacher's choice and values when ``agent`` is that teacher or None;
    otherwise the rows played by ``agent`` (every agent's when None) with what it played and
    its own values. With ``keep_agreeing`` below 1 (an encoding that carries ``defensive``'s
    choice) only that share of the rows whose choice is ``defensive``'s is read, drawn from
    ``seed``, and every other row: a teacher that departs from ``defensive`` at 1-2% of its
    decisions is learned from its departures at a fraction of the memory and time."""
    import pyarrow.parquet as pq

    if not 0.0 <= keep_agreeing <= 1.0:
        raise ValueError(f"keep_agreeing {keep_agreeing}: a share from 0 to 1")
    parts: list[Samples] = []
    count = 0
    for path in paths:
        t = pq.read_table(path)
        enc = (t.schema.metadata or {}).get(b"hupai.encoding", b"").decode()
        try:
            n_planes, n_scalars = shape(enc)
        except _hupai.InputError as e:
            raise _hupai.InputError(f"{path}: {e}") from None
        if parts and enc != parts[0].encoding:
            raise _hupai.InputError(f"{path}: encoding '{enc}', the files before it '{parts[0].encoding}'")
        mask = _fixed(t, "mask", np.bool_).reshape(-1, _hupai.ACTIONS)
        keep = mask.sum(axis=1) > 1
        teacher = (t.schema.metadata or {}).get(b"hupai.teacher", b"").decode()
        taught = bool(teacher) and agent in (None, teacher)
        if agent is not None and not taught:
            names = t.column("agent").combine_chunks()
            keep &= np.asarray(names.dictionary.to_pylist(), dtype=object)[names.indices.to_numpy()] == agent
        if keep_agreeing < 1.0:
            keep &= _departs_or_drawn(t, enc, n_planes, n_scalars, mask, taught, keep_agreeing,
                                      np.random.default_rng([seed, len(parts)]))
        idx = np.flatnonzero(keep)
        if limit is not None:
            idx = idx[: max(0, limit - count)]
        count += len(idx)
        n = t.num_rows
        if "values" in t.column_names and (taught or not teacher):
            col = t.column("values").combine_chunks()
            offsets = col.offsets.to_numpy().astype(np.int64)
            vals = col.values.to_numpy(zero_copy_only=False).astype(np.float32)
            nulls = col.is_null().to_numpy(zero_copy_only=False)
            lens = np.where(nulls, 0, np.diff(offsets))
            starts = offsets[:-1]
        else:
            vals, lens, starts = np.zeros(0, np.float32), np.zeros(n, np.int64), np.zeros(n, np.int64)
        at = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(lens, out=at[1:])
        flat = _ranges(starts, lens)
        whole = Samples(
            _fixed(t, "planes", np.uint8).reshape(-1, n_planes, 34),
            _fixed(t, "scalars", np.float32).reshape(-1, n_scalars),
            mask,
            t.column("label" if taught else "action").to_numpy().astype(np.int64),
            vals[flat],
            at,
            t.column("hand_points").to_numpy().astype(np.float32),
            t.column("wall").to_numpy().astype(np.int64),
            enc,
            (t.schema.metadata or {}).get(b"hupai.rules", b"").decode(),
        )
        parts.append(whole.take(idx))
        if limit is not None and count >= limit:
            break
    return concat(parts)


def _departs_or_drawn(t: Any, enc: str, n_planes: int, n_scalars: int, mask: Any, taught: bool,
                      share: float, rng: Any) -> Any:
    """Per row of ``t``: whether its choice is not ``defensive``'s, or a draw of ``rng``
    falls under ``share``."""
    import torch

    from . import prior

    if enc not in prior.ENCODINGS:
        raise _hupai.InputError(f"keep_agreeing: the encoding '{enc}' does not carry defensive's choice")
    action = t.column("label" if taught else "action").to_numpy().astype(np.int64)
    planes = torch.from_numpy(_fixed(t, "planes", np.uint8).reshape(-1, n_planes, 34).astype(np.float32))
    scalars = torch.from_numpy(np.array(_fixed(t, "scalars", np.float32).reshape(-1, n_scalars)))  # a writable copy
    choice = prior.choice_ids(planes, scalars, enc)
    choice = choice.numpy().astype(bool) & mask
    agrees = choice[np.arange(len(action)), np.clip(action, 0, mask.shape[1] - 1)]
    return ~agrees | (rng.random(len(action)) < share)


def concat(parts: Sequence[Samples]) -> Samples:
    """The rows of ``parts`` one after another."""
    if not parts:
        raise _hupai.InputError("no decisions: the data holds no rows of that agent")
    at = [np.zeros(1, dtype=np.int64)]
    base = 0
    for p in parts:
        at.append(p.value_at[1:] + base)
        base += int(p.value_at[-1])
    return Samples(
        np.concatenate([p.planes for p in parts]),
        np.concatenate([p.scalars for p in parts]),
        np.concatenate([p.mask for p in parts]),
        np.concatenate([p.action for p in parts]),
        np.concatenate([p.values for p in parts]),
        np.concatenate(at),
        np.concatenate([p.hand_points for p in parts]),
        np.concatenate([p.wall for p in parts]),
        parts[0].encoding,
        ",".join(sorted({r for p in parts for r in p.rules.split(",") if r})),
    )


def _fixed(t: Any, name: str, dtype: Any) -> Any:
    col = t.column(name).combine_chunks()
    return col.flatten().to_numpy(zero_copy_only=False).astype(dtype, copy=False)
