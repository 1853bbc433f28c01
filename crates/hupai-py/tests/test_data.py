"""The arena and self-play from Python: the CLI's figures for the same seed, Python agents in
the arena's own games, Arrow tables, Parquet, shards."""

import concurrent.futures
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import hupai

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TIMINGS = ("elapsed_s", "hands_per_s", "decision_us_p50", "decision_us_p99")


def figures(result: dict) -> dict:
    """An arena result without its timings."""
    out = {k: v for k, v in result.items() if k not in TIMINGS}
    out["agents"] = [{k: v for k, v in a.items() if k not in TIMINGS} for a in result["agents"]]
    return out


class PyTsumogiri:
    """hupai's `tsumogiri` agent written in Python: pass, else discard the drawn tile."""

    name = "tsumogiri"

    def act_batch(self, batch: hupai.Batch) -> np.ndarray:
        out = np.empty(len(batch), dtype=np.int64)
        for i in range(len(batch)):
            ids = batch.legal_ids[batch.legal_offsets[i]:batch.legal_offsets[i + 1]]
            drawn = [x for x in ids if 37 <= x < 74]
            out[i] = 229 if 229 in ids else (drawn[0] if drawn else min(x for x in ids if x < 37))
        return out


class Illegal:
    name = "illegal"

    def act_batch(self, batch: hupai.Batch) -> list:
        return [228] * len(batch)


SPECS = ["defensive", "efficiency", "random", "efficiency"]


@pytest.mark.skipif("HUPAI_CLI" not in os.environ, reason="HUPAI_CLI names the hupai binary")
@pytest.mark.parametrize("rules,length,duplicate", [("riichi", "hands", False), ("mcr", "hands", True), ("riichi", "games", False)])
def test_arena_and_self_play_give_the_clis_figures(rules: str, length: str, duplicate: bool) -> None:
    n = 2 if length == "games" else 12
    cmd = [os.environ["HUPAI_CLI"], "arena", "--rules", rules, "--agents", ",".join(SPECS),
           f"--{length}", str(n), "--seed", "77", "--json"] + (["--duplicate"] if duplicate else [])
    cli = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    kw = {length: n, "seed": 77, "duplicate": duplicate}
    assert figures(hupai.arena(SPECS, rules, **kw)) == figures(cli)
    table = hupai.self_play(rules=rules, agents=SPECS, **kw)
    assert figures(json.loads(table.schema.metadata[b"hupai.arena"])) == figures(cli)
    # The outcomes in the rows are the arena's: points per hand by agent.
    cols = [table.column(c).to_pylist() for c in ("game", "hand", "player", "agent", "hand_points")]
    by_hand = {(g, h, p): (name, pts) for g, h, p, name, pts in zip(*cols)}
    for a in cli["agents"]:
        pts = [p for name, p in by_hand.values() if name == a["name"]]
        if length == "hands":
            assert len(pts) == a["hands"] and np.mean(pts) == pytest.approx(a["points_per_hand"])


def test_python_agents_play_the_arenas_games() -> None:
    for duplicate in (False, True):
        rust = hupai.arena(["tsumogiri", "efficiency", "efficiency", "random"], hands=12, seed=3, duplicate=duplicate)
        py = hupai.arena([PyTsumogiri(), "efficiency", "efficiency", "random"], hands=12, seed=3, duplicate=duplicate)
        assert figures(py) == figures(rust)
    games = hupai.arena([PyTsumogiri(), "efficiency", "tsumogiri", "efficiency"], "mcr", games=1, seed=2)
    assert figures(games) == figures(hupai.arena(["tsumogiri", "efficiency", "tsumogiri", "efficiency"], "mcr", games=1, seed=2))
    bad = hupai.arena([Illegal(), "efficiency", "efficiency", "efficiency"], hands=2, seed=1)
    assert next(a for a in bad["agents"] if a["name"] == "illegal")["illegal"] > 0


def test_arena_errors() -> None:
    with pytest.raises(hupai.InputError):
        hupai.arena(["defensive"] * 3, hands=2)
    with pytest.raises(hupai.InputError):
        hupai.arena(["brave"], hands=2)
    with pytest.raises(hupai.InputError):
        hupai.arena([object()], hands=2)
    with pytest.raises(hupai.InputError):
        hupai.arena(["random"], hands=2, games=2)

    class Short:
        def act_batch(self, batch):
            return []

    with pytest.raises(hupai.InputError):
        hupai.arena([Short(), "random", "random", "random"], hands=1)
    with pytest.raises(hupai.InputError):
        hupai.self_play(hands=4, agents="random", start=3, stop=9)


def test_self_play_table_parquet_and_shards(tmp_path: Path) -> None:
    agents = [PyTsumogiri(), "efficiency", "random", "defensive"]
    whole = hupai.self_play(hands=6, rules="riichi", agents=agents, seed=11, duplicate=True)
    assert whole.num_rows > 300
    assert whole.schema.metadata[b"hupai.encoding"] == hupai.ENCODING.encode()
    assert whole.column("planes").type == pa.list_(pa.uint8(), 73 * 34)
    assert whole.column("mask").type == pa.list_(pa.bool_(), hupai.ACTIONS)
    assert set(whole.column("agent").to_pylist()) == {"tsumogiri", "efficiency", "random", "defensive"}
    assert whole.column("game_points").null_count == whole.num_rows
    # Every recorded action is legal under its mask.
    mask = np.asarray(whole.column("mask").combine_chunks().flatten()).reshape(-1, hupai.ACTIONS)
    actions = whole.column("action").to_numpy()
    assert mask[np.arange(len(actions)), actions].all()
    # Steps count the decisions of each game in order.
    games = whole.column("game").to_numpy()
    steps = whole.column("step").to_numpy()
    for g in np.unique(games):
        assert (steps[games == g] == np.arange((games == g).sum())).all()
    # Shards by job range give exactly the rows of the run.
    parts = [hupai.self_play(hands=6, agents=agents, seed=11, duplicate=True, start=a, stop=b)
             for a, b in [(0, 2), (2, 5), (5, 6)]]
    assert pa.concat_tables(parts).equals(whole)
    path = tmp_path / "run.parquet"
    pq.write_table(whole, path)
    back = pq.read_table(path)
    assert back.equals(whole) and back.schema.metadata[b"hupai.jobs"] == b"0..6"
    games_table = hupai.self_play(games=1, agents="efficiency", seed=4, rules="mcr")
    assert games_table.column("game_points").null_count == 0
    assert sorted(set(games_table.column("game_rank").to_pylist())) == [1, 2, 3, 4]


def test_shards_in_worker_processes(tmp_path: Path) -> None:
    sys.path.insert(0, str(EXAMPLES))
    try:
        import self_play_shards
    finally:
        sys.path.pop(0)
    paths = self_play_shards.run(tmp_path, hands=8, shard=3, seed=5, workers=2)
    merged = pa.concat_tables([pq.read_table(p) for p in paths])
    one = hupai.self_play(hands=8, agents=self_play_shards.AGENTS, seed=5)
    assert merged.replace_schema_metadata(None).equals(one.replace_schema_metadata(None))
    assert isinstance(concurrent.futures.ProcessPoolExecutor, type)


def test_a_python_agent_records_the_rows_of_the_spec_it_imitates() -> None:
    """Self-play rows recorded for a Python agent (answering in batches, outside the job) are
    exactly those recorded for the in-process agent it plays like: same hands, steps, seats,
    observations, masks, actions and outcomes."""
    for kw in ({"hands": 6, "duplicate": True}, {"games": 1, "rules": "mcr"}):
        py = hupai.self_play(agents=[PyTsumogiri(), "efficiency", "random", "efficiency"], seed=9, **kw)
        rust = hupai.self_play(agents=["tsumogiri", "efficiency", "random", "efficiency"], seed=9, **kw)
        assert py.num_rows > 100
        for name in py.column_names:
            assert py.column(name).equals(rust.column(name)), name


def test_a_teacher_labels_the_decisions_it_does_not_play() -> None:
    """With ``teacher=``, the players play as they would without one, and every row also holds
    what the teacher chooses at that state (``label``), in process and for Python agents."""
    kw = {"hands": 6, "seed": 3, "duplicate": True}
    agents = [PyTsumogiri(), "random", "efficiency", "random"]
    plain = hupai.self_play(agents=agents, **kw)
    taught = hupai.self_play(agents=agents, teacher="defensive", **kw)
    assert taught.schema.metadata[b"hupai.teacher"] == b"defensive"
    for name in plain.column_names:
        if name != "label":
            assert taught.column(name).equals(plain.column(name)), name
    # Without a teacher a row's label is what was played.
    assert plain.column("label").equals(plain.column("action"))
    mask = np.asarray(taught.column("mask").combine_chunks().flatten()).reshape(-1, hupai.ACTIONS)
    label = taught.column("label").to_numpy()
    assert mask[np.arange(len(label)), label].all()
    chose = mask.sum(axis=1) > 1
    differs = (label != taught.column("action").to_numpy()) & chose
    assert differs.sum() > 0.3 * chose.sum()
    # The teacher agrees with itself: played by defensive, labelled by defensive.
    same = hupai.self_play(agents="defensive", teacher="defensive", **kw)
    assert same.column("label").equals(same.column("action"))
    # The Python seat's rows are labelled too: tsumogiri teaching its own Python twin.
    twin = hupai.self_play(agents=[PyTsumogiri(), "random", "random", "random"], teacher="tsumogiri", **kw)
    names = np.asarray(twin.column("agent").to_pylist())
    py_rows = names == "tsumogiri"
    assert py_rows.sum() > 50
    assert (twin.column("label").to_numpy()[py_rows] == twin.column("action").to_numpy()[py_rows]).all()


def test_a_teachers_values_and_errors() -> None:
    t = hupai.self_play(hands=2, agents="random", seed=4, teacher="defensive", values="ukeire")
    assert t.column("values").null_count < t.num_rows
    with pytest.raises(hupai.InputError, match="teacher"):
        hupai.self_play(hands=2, agents="random", teacher="brave")
    with pytest.raises(hupai.InputError, match="event stream"):
        hupai.self_play(hands=2, agents="random", teacher="mjai:python3 -c pass")
