"""The arena and self-play data.

``arena`` plays the games ``hupai arena`` plays and returns the figures ``hupai arena --json``
prints (the same seed gives the same numbers; only the timings differ). ``self_play`` plays
the same jobs and returns every decision as an Arrow table. An agent is a spec
(``"defensive"``, ``"defensive(fold=2)"``, ``"efficiency"``, ``"random"``, ``"tsumogiri"``,
``"mjai:COMMAND"``) or a Python object with ``act_batch(batch)``: it gets one
``hupai.Batch`` of all its open decisions across the games being played and returns one
action id per row (an id that is not legal counts as an illegal answer and the default is
played, as the arena does for its agents).

>>> import hupai
>>> r = hupai.arena(["defensive", "efficiency", "efficiency", "efficiency"], hands=8, seed=1)
>>> r["hands"], [a["name"] for a in r["agents"]]
(8, ['defensive', 'efficiency'])

A run is a list of jobs (a wall, or a game, with one seating; with ``duplicate`` every wall
once for each seat, four times or three, with the agents rotated): ``jobs(games=...,
hands=...)`` of them, each played from the run's seed and its own index alone.
``self_play(..., start=a, stop=b)`` plays jobs ``a..b`` only, so shards by job range put
together give exactly the rows of one run.

Under three-player rules (``"sanma"``, ``"sanma-majsoul"``) three agents sit at the table
(or one, seated three times); the rows' ``player``, ``seat`` and ``agent`` run over three.

>>> r = hupai.arena("efficiency", "sanma", hands=3, seed=1)
>>> r["hands"], len(r["agents"])
(3, 1)
"""

from __future__ import annotations

import json
from typing import Any, Optional, Sequence, Union

from . import _hupai

AgentArg = Union[str, Any]


def _agents(agents: Union[AgentArg, Sequence[AgentArg]]) -> list[Any]:
    if isinstance(agents, str) or hasattr(agents, "act_batch"):
        return [agents]
    return list(agents)


def jobs(games: Optional[int] = None, hands: Optional[int] = None) -> int:
    """The number of jobs of a run of ``games`` full games or ``hands`` single hands."""
    if (games is None) == (hands is None):
        raise _hupai.InputError("give games=N or hands=N (one of them)")
    return int(games if games is not None else hands)  # type: ignore[arg-type]


def arena(
    agents: Union[AgentArg, Sequence[AgentArg]],
    rules: Any = "riichi",
    *,
    games: Optional[int] = None,
    hands: Optional[int] = None,
    seed: int = 0,
    duplicate: bool = False,
    threads: int = 0,
    batch: int = 256,
    encoding: str = "hupai-v4",
) -> dict[str, Any]:
    """Runs an arena of one agent a seat (four, or three under three-player rules; or one,
    seated at every seat) and returns the
    ``hupai arena --json`` object. ``batch`` games are played at once when an agent answers
    in batches (``model:FILE.onnx``); 0 asks it one decision at a time. A Python agent's
    batches hold observations in ``encoding``."""
    text = _hupai._arena(
        _agents(agents),
        rules,
        games=games,
        hands=hands,
        seed=seed,
        duplicate=duplicate,
        threads=threads,
        batch=batch,
        encoding=encoding,
    )
    result: dict[str, Any] = json.loads(text)
    return result


def self_play(
    games: Optional[int] = None,
    rules: Any = "riichi",
    agents: Union[AgentArg, Sequence[AgentArg]] = "defensive",
    seed: int = 0,
    *,
    hands: Optional[int] = None,
    duplicate: bool = False,
    start: int = 0,
    stop: Optional[int] = None,
    threads: int = 0,
    values: Optional[str] = None,
    encoding: str = "hupai-v4",
    teacher: Optional[str] = None,
) -> Any:
    """Plays jobs ``start..stop`` of an arena run (all by default) and returns a
    ``pyarrow.Table`` with one row per decision, in job order and, within a job, in the
    order of the decisions (the driver's decision numbers; the answers to one claim by
    player), whoever answered first, so a Python agent's rows are those of an in-process
    agent that plays the same:

    ``game`` (the job's index in the run), ``wall``, ``rotation``, ``hand`` (in the game),
    ``step`` (the decision's place in the game), ``player``, ``seat``, ``agent`` (its name),
    ``planes`` (uint8, planes * 34 of ``encoding``: 73 * 34 in ``hupai-v4``, 95 * 34 in
    ``hupai-v5``, 99 * 34 in ``hupai-v6``, 111 * 34 in ``hupai-v7``), ``scalars`` (float32, 83
    in ``hupai-v4``, 97 in ``hupai-v5``, 113 in ``hupai-v6`` and ``hupai-v7``), ``mask``
    (728 bool),
    ``action`` (the id played), ``values`` (the teacher's value of each legal option, one
    float32 per legal id in ascending id order, NaN for an option it did not rate; null unless
    ``values`` names a number, e.g. ``"ev"``, that the seat's agent gives for its options
    through its explanation, as ``search`` does), ``label`` (the id the teacher chose; the id
    played when the run has no teacher), and the outcome: ``hand_points`` and
    ``hand_rank`` (the player's points over the hand and its rank after it), ``hand_win`` and
    ``hand_deal_in``, ``game_points`` and ``game_rank`` (over the game; null for single
    hands).

    ``teacher`` (an agent spec that decides from the seat's view, e.g. ``"search"``) is asked
    at every decision, whoever plays it: ``label`` and ``values`` are then its choice and its
    values at the states the players reach (DAgger: a student plays, the teacher labels).
    The schema's metadata holds the encoding, the teacher, the
    run's settings and the arena figures of the jobs played (``hupai.arena``: the
    ``hupai arena --json`` object). A row takes about 3 KB in memory: play long runs in
    shards (``start``, ``stop``).

    >>> t = hupai.self_play(hands=2, agents="efficiency", seed=5)
    >>> t.column("planes").type.list_size, t.num_rows > 50
    (2482, True)
    """
    import numpy as np
    import pyarrow as pa  # type: ignore[import-untyped]

    if games is None and hands is None:
        raise _hupai.InputError("give games=N or hands=N")
    figures, names, c = _hupai._self_play(
        _agents(agents),
        rules,
        games=games,
        hands=hands,
        seed=seed,
        duplicate=duplicate,
        start=start,
        stop=stop,
        threads=threads,
        values=values,
        encoding=encoding,
        teacher=teacher,
    )
    planes, scalars, _ = _hupai.ENCODINGS[encoding]
    n = int(c["rows"])
    mask = np.asarray(c["mask"], dtype=np.bool_)
    distinct = sorted(set(names))
    codes = np.array([distinct.index(x) for x in names], dtype=np.int8)
    games_mode = games is not None
    null_if_hands = None if games_mode else np.ones(n, dtype=bool)
    columns = {
        "game": pa.array(c["game"]),
        "wall": pa.array(c["wall"]),
        "rotation": pa.array(c["rotation"]),
        "hand": pa.array(c["hand"]),
        "step": pa.array(c["step"]),
        "player": pa.array(c["player"]),
        "seat": pa.array(c["seat"]),
        "agent": pa.DictionaryArray.from_arrays(
            pa.array(codes[np.asarray(c["agent"], dtype=np.int64)] if n else np.zeros(0, np.int8)),
            pa.array(distinct, pa.string()),
        ),
        "planes": pa.FixedSizeListArray.from_arrays(pa.array(c["planes"]), planes * 34),
        "scalars": pa.FixedSizeListArray.from_arrays(pa.array(c["scalars"]), scalars),
        "mask": pa.FixedSizeListArray.from_arrays(pa.array(mask), _hupai.ACTIONS),
        "action": pa.array(c["action"]),
        "label": pa.array(c["label"]),
        "values": pa.ListArray.from_arrays(
            pa.array(c["value_offsets"], pa.int32()),
            pa.array(c["values"], pa.float32()),
            mask=pa.array(np.asarray(c["value_null"], dtype=np.bool_)),
        ),
        "hand_points": pa.array(c["hand_points"]),
        "hand_win": pa.array(c["hand_win"]),
        "hand_deal_in": pa.array(c["hand_deal_in"]),
        "hand_rank": pa.array(c["hand_rank"]),
        "game_points": pa.array(c["game_points"], mask=null_if_hands),
        "game_rank": pa.array(c["game_rank"], mask=null_if_hands),
    }
    total = jobs(games, hands)
    meta = {
        "hupai.encoding": encoding,
        "hupai.version": _hupai.__version__,
        "hupai.rules": rules if isinstance(rules, str) else rules.name,
        "hupai.agents": json.dumps(names),
        "hupai.seed": str(seed),
        "hupai.length": f"games={games}" if games_mode else f"hands={hands}",
        "hupai.duplicate": str(bool(duplicate)).lower(),
        "hupai.jobs": f"{start}..{stop if stop is not None else total}",
        "hupai.values": values or "",
        "hupai.teacher": teacher or "",
        "hupai.arena": figures,
    }
    table = pa.table(columns)
    return table.replace_schema_metadata(meta)
