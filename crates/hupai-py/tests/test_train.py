"""hupai.train: a tiny model cloned from a few self-play games, exported to ONNX, loaded by the
Rust runtime (its logits equal PyTorch's within 1e-4) and played in a Rust arena; the
teacher's values recorded per option; fine-tuning runs; a run repeats for its seed."""

import json
import subprocess
import sys

import numpy as np
import pytest

import hupai

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")

from hupai.train import clone as cloning  # noqa: E402
from hupai.train import finetune as tuning  # noqa: E402
from hupai.train.net import export, load, save  # noqa: E402
from hupai.train.samples import read, write_shards  # noqa: E402

TINY = {"arch": "mlp", "hidden": 32, "layers": 1}


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    out = tmp_path_factory.mktemp("shards")
    return write_shards(out, ["defensive"], "riichi", hands=8, shard=4, seed=11, values=None, threads=1, say=lambda m: None)


def _assert_rust_gives_torchs_logits(net, path, planes, scalars):
    """The model file ``path`` of ``net``, run by hupai's Rust runtime, gives PyTorch's logits."""
    with torch.no_grad():
        want, _ = net(torch.from_numpy(planes.astype(np.float32)), torch.from_numpy(scalars))
    got = hupai._hupai.model_logits(str(path), np.ascontiguousarray(planes), np.ascontiguousarray(scalars))
    assert np.abs(got - want.numpy()).max() <= 1e-4


def test_clone_export_and_play_in_the_rust_arena(shards, tmp_path):
    data = read(shards, agent="defensive")
    assert len(data) > 100 and data.mask[np.arange(len(data)), data.action].all()
    st = cloning.Settings(seed=3, epochs=2, batch=64, net=TINY, holdout=0.25)
    net, report = cloning.train(data, st, say=lambda m: None)
    assert report["history"][-1]["train_agree"] > 0.2
    path = tmp_path / "tiny.onnx"
    export(net, str(path), {"hupai.trained": "test"})
    _assert_rust_gives_torchs_logits(net, path, data.planes[:32], data.scalars[:32])
    # The model plays in the Rust arena, legally, and so does any spec-taking place.
    spec = f"model:{path}"
    r = hupai.arena([spec, "defensive", "defensive", "defensive"], hands=8, seed=2, duplicate=True)
    mine = [a for a in r["agents"] if a["name"] == spec][0]
    assert r["hands"] == 8 and mine["illegal"] == 0
    env = hupai.MahjongEnv("riichi", length="hand", seed=1, agents=[None, spec, spec, spec])
    obs = env.reset()
    while not env.done():
        obs = env.step({p: o.legal_actions()[0] for p, o in obs.items()})
    agent = hupai.Agent(spec)
    assert agent.act(hupai.MahjongEnv("riichi", seed=4).reset()[0]) is not None


def test_a_hupai_v5_clone_plays_in_the_rust_arena(shards, tmp_path):
    """Data recorded in hupai-v5 trains a network of that encoding; its model file names it,
    the Rust runtime computes PyTorch's logits on it, and the agent encodes its view in it."""
    v5 = write_shards(tmp_path / "v5", ["defensive"], "riichi", hands=4, shard=4, seed=11, values=None,
                      threads=1, say=lambda m: None, encoding="hupai-v5")
    data = read(v5, agent="defensive")
    assert data.encoding == "hupai-v5" and data.planes.shape[1:] == (95, 34)
    with pytest.raises(hupai.InputError, match="hupai-v5"):
        read(list(shards) + v5)
    with pytest.raises(hupai.InputError, match="hupai-v4"):
        write_shards(tmp_path / "v5", ["defensive"], "riichi", hands=4, shard=4, seed=11, values=None,
                     threads=1, say=lambda m: None)
    net, _ = cloning.train(data, cloning.Settings(seed=3, epochs=1, batch=64, net=TINY, holdout=0.25),
                           say=lambda m: None)
    path = tmp_path / "v5.onnx"
    export(net, str(path), {})
    _assert_rust_gives_torchs_logits(net, path, data.planes[:16], data.scalars[:16])
    spec = f"model:{path}"
    r = hupai.arena([spec, "defensive", "defensive", "defensive"], hands=4, seed=2, duplicate=True)
    assert [a for a in r["agents"] if a["name"] == spec][0]["illegal"] == 0


def test_soft_targets_need_the_teachers_choice_rated():
    """A row whose chosen option the teacher did not rate gets no soft target (search rates
    a ready hand's discards, not the riichi it declares)."""
    from hupai.train.samples import Samples

    n, a = 2, hupai.ACTIONS
    mask = np.zeros((n, a), dtype=bool)
    mask[:, [0, 1, 74]] = True  # discard 1m, discard 2m, riichi 1m
    values = np.array([100.0, 50.0, np.nan, 100.0, 50.0, np.nan], dtype=np.float32)
    s = Samples(np.zeros((n, 73, 34), np.uint8), np.zeros((n, 83), np.float32), mask,
                np.array([0, 74]), values, np.array([0, 3, 6]), np.zeros(n, np.float32), np.zeros(n, np.int64))
    soft, has = s.soft_targets(100.0)
    assert has.tolist() == [True, False]
    assert soft[0, 74] == 0.0 and abs(soft[0, :2].sum() - 1.0) < 1e-6


def test_bad_model_files_are_errors(tmp_path):
    bad = tmp_path / "bad.onnx"
    bad.write_text("not a model")
    with pytest.raises(hupai.HupaiError, match="not an ONNX model"):
        hupai.arena([f"model:{bad}", "defensive", "defensive", "defensive"], hands=1)
    with pytest.raises(hupai.HupaiError, match="cannot read model file"):
        hupai.Agent(f"model:{tmp_path / 'missing.onnx'}")


def test_cloning_is_deterministic_for_a_seed(shards):
    data = read(shards, agent="defensive", limit=300)
    st = cloning.Settings(seed=5, epochs=1, batch=50, net=TINY)
    a, _ = cloning.train(data, st, say=lambda m: None)
    b, _ = cloning.train(data, st, say=lambda m: None)
    for x, y in zip(a.state_dict().values(), b.state_dict().values()):
        assert torch.equal(x, y)


def test_values_are_recorded_per_legal_option():
    # defensive explains with shanten and ukeire, not ev: its values are one per legal id.
    t = hupai.self_play(hands=1, agents="defensive", seed=4, values="ukeire")
    masks = np.asarray(t.column("mask").to_pylist())
    values = t.column("values").to_pylist()
    rated = [i for i, v in enumerate(values) if v is not None]
    assert rated, "some decisions are rated"
    for i in rated:
        assert len(values[i]) == masks[i].sum()
    plain = hupai.self_play(hands=1, agents="defensive", seed=4)
    assert plain.column("values").null_count == plain.num_rows
    assert plain.column("action").to_pylist() == t.column("action").to_pylist()


def test_finetune_runs_and_the_cli_writes_a_model(shards, tmp_path):
    data = read(shards, agent="defensive", limit=200)
    net, _ = cloning.train(data, cloning.Settings(seed=1, epochs=1, batch=50, net=TINY), say=lambda m: None)
    save(net, str(tmp_path / "c.pt"), {})
    net, ref = load(str(tmp_path / "c.pt"))[0], load(str(tmp_path / "c.pt"))[0]
    st = tuning.Settings(seed=1, updates=2, envs=4, decisions=32, opponents=["efficiency"])
    _, report = tuning.finetune(net, ref, st, say=lambda m: None)
    assert len(report["history"]) == 2 and report["history"][0]["hands"] > 0
    out = tmp_path / "cli.onnx"
    cmd = [sys.executable, "-m", "hupai.train", "clone", str(shards[0]), "--teacher", "defensive",
           "--out", str(out), "--epochs", "1", "--arch", "conv", "--channels", "8", "--blocks", "1", "--hidden", "16"]
    subprocess.run(cmd, check=True, capture_output=True)
    report = json.loads(out.with_suffix(".json").read_text())
    assert report["decisions"] > 0 and out.exists()
    # The model names the rules its data was played under (what a server offers it for);
    # an export may name others, and only presets.
    import onnx

    meta = {p.key: p.value for p in onnx.load(str(out)).metadata_props}
    assert meta["hupai.rules"] == "riichi"
    again = tmp_path / "again.onnx"
    export_cmd = [sys.executable, "-m", "hupai.train", "export", str(out.with_suffix(".pt")), "--out", str(again)]
    subprocess.run(export_cmd + ["--rules", "riichi,riichi-majsoul"], check=True, capture_output=True)
    meta = {p.key: p.value for p in onnx.load(str(again)).metadata_props}
    assert meta["hupai.rules"] == "riichi,riichi-majsoul"
    bad = subprocess.run(export_cmd + ["--rules", "richii"], capture_output=True, text=True)
    assert bad.returncode != 0 and "unknown rules 'richii'" in bad.stderr


def test_dagger_shards_learn_the_teachers_labels(tmp_path):
    """Shards played by one agent and labelled by a teacher: the teacher's name reads every
    row with the teacher's choice, the player's name its own rows with what it played, and
    a clone can start from a checkpoint and go on learning from them."""
    out = write_shards(tmp_path / "dagger", ["random"], "riichi", hands=4, shard=2, seed=5, values=None,
                       threads=1, say=lambda m: None, teacher="defensive")
    import pyarrow.parquet as pq

    t = pq.read_table(out[0])
    taught = read(out, agent="defensive")
    played = read(out, agent="random")
    assert len(taught) == len(played) > 50
    assert (taught.action != played.action).mean() > 0.3
    keep = np.flatnonzero(np.asarray(t.column("mask").combine_chunks().flatten()).reshape(-1, hupai.ACTIONS).sum(1) > 1)
    assert (taught.action[: len(keep)] == t.column("label").to_numpy()[keep]).all()
    with pytest.raises(hupai.InputError, match="teacher"):
        write_shards(tmp_path / "dagger", ["random"], "riichi", hands=4, shard=2, seed=5, values=None,
                     threads=1, say=lambda m: None)
    net, _ = cloning.train(taught, cloning.Settings(seed=3, epochs=1, batch=64, net=TINY, holdout=0.25),
                           say=lambda m: None)
    ck = tmp_path / "first.pt"
    save(net, str(ck), {})
    again, _ = cloning.train(taught, cloning.Settings(seed=3, epochs=1, batch=64, holdout=0.25, init=str(ck)),
                             say=lambda m: None)
    assert again.config == net.config


@pytest.mark.parametrize("rules,encoding", [("riichi", "hupai-v6"), ("mcr", "hupai-v6"),
                                            ("sichuan", "hupai-v6"), ("riichi", "hupai-v7")])
def test_the_prior_reads_defensives_choice_as_its_action_id(rules, encoding, tmp_path):
    """``prior.choice_ids`` turns the hint of hupai-v6 (and of hupai-v7, whose ready-value
    planes follow it) back into the action id: at every decision of four ``defensive`` with a
    choice (discards, riichi, calls, kans, wins, passes, 定缺) it marks exactly the action
    ``defensive`` took."""
    from hupai.train import prior

    files = write_shards(tmp_path / rules, ["defensive"], rules, hands=6, shard=6, seed=5, values=None,
                         threads=1, say=lambda m: None, encoding=encoding)
    data = read(files, agent="defensive")
    ids = prior.choice_ids(torch.from_numpy(data.planes.astype(np.float32)), torch.from_numpy(data.scalars),
                           encoding)
    assert len(data) > 200 and ids.shape == (len(data), hupai._hupai.ACTIONS)
    assert (ids.sum(1) == 1).all()
    assert (ids.argmax(1).numpy() == data.action).all()
    kinds = {hupai._hupai.ACTION_NAMES[a].split(" ")[0] for a in data.action}
    assert {"discard", "tsumogiri", "pass"} <= kinds
    with pytest.raises(hupai.InputError, match="hupai-v5"):
        prior.choice_ids(torch.zeros(1, 95, 34), torch.zeros(1, 97), "hupai-v5")


def test_a_model_exported_with_a_large_prior_plays_as_defensive(tmp_path):
    """The prior is part of the exported graph: the Rust runtime gives PyTorch's logits with
    the bonus added, and with a bonus no logit outweighs the model plays every decision as
    ``defensive`` does, so in a duplicate arena against three of them all four seats score
    alike; its metadata names the bonus."""
    from hupai.train import prior

    files = write_shards(tmp_path / "v6", ["defensive"], "riichi", hands=4, shard=4, seed=11, values=None,
                         threads=1, say=lambda m: None, encoding="hupai-v6")
    data = read(files, agent="defensive")
    net, _ = cloning.train(data, cloning.Settings(seed=3, epochs=1, batch=64, net=TINY, holdout=0.25),
                           say=lambda m: None)
    path = tmp_path / "prior.onnx"
    export(net, str(path), {}, prior=1000.0)
    _assert_rust_gives_torchs_logits(prior.make(net, 1000.0), path, data.planes[:16], data.scalars[:16])
    import onnx

    assert {p.key: p.value for p in onnx.load(str(path)).metadata_props}["hupai.prior"] == "1000.0"
    spec = f"model:{path}"
    r = hupai.arena([spec, "defensive", "defensive", "defensive"], hands=12, seed=2, duplicate=True)
    points = {a["name"]: a["points_per_hand"] for a in r["agents"]}
    assert points[spec] == pytest.approx(points["defensive"], abs=1e-9)
    with pytest.raises(ValueError, match="prior"):
        export(net, str(tmp_path / "bad.onnx"), {}, prior=-1.0)


def test_the_riichi_prior_adds_only_where_defensive_declares_riichi(tmp_path):
    """``prior.riichi_ids`` is ``choice_ids`` at the decisions where ``defensive`` declares
    riichi and zero elsewhere; a model exported with a riichi prior carries both bonuses in
    its graph (the Rust runtime gives PyTorch's logits) and names them in its metadata."""
    from hupai.train import prior

    files = write_shards(tmp_path / "v6", ["defensive"], "riichi", hands=24, shard=24, seed=11, values=None,
                         threads=1, say=lambda m: None, encoding="hupai-v6")
    data = read(files, agent="defensive")
    planes, scalars = torch.from_numpy(data.planes.astype(np.float32)), torch.from_numpy(data.scalars)
    ids, riichi = prior.choice_ids(planes, scalars), prior.riichi_ids(planes, scalars)
    declares = np.array([hupai._hupai.ACTION_NAMES[a].startswith("riichi") for a in data.action])
    assert declares.any() and not declares.all()
    assert (riichi[torch.from_numpy(declares)] == ids[torch.from_numpy(declares)]).all()
    assert (riichi[torch.from_numpy(~declares)] == 0).all()
    net, _ = cloning.train(data, cloning.Settings(seed=3, epochs=1, batch=64, net=TINY, holdout=0.25),
                           say=lambda m: None)
    path = tmp_path / "riichi-prior.onnx"
    export(net, str(path), {}, prior=0.5, riichi_prior=2.0)
    rows = np.concatenate([np.flatnonzero(declares)[:8], np.flatnonzero(~declares)[:8]])
    _assert_rust_gives_torchs_logits(prior.make(net, 0.5, 2.0), path, data.planes[rows], data.scalars[rows])
    import onnx

    meta = {p.key: p.value for p in onnx.load(str(path)).metadata_props}
    assert (meta["hupai.prior"], meta["hupai.prior.riichi"]) == ("0.5", "2.0")
    with pytest.raises(ValueError, match="riichi prior"):
        export(net, str(tmp_path / "bad.onnx"), {}, prior=0.0, riichi_prior=1.0)


def test_reading_keeps_every_departure_from_defensive_and_a_share_of_the_rest(tmp_path):
    """``read(keep_agreeing=...)``: every decision where ``search`` leaves ``defensive``'s
    choice is read, and of the others about the share asked, the same ones for a seed."""
    from hupai.train import prior

    files = write_shards(tmp_path / "s", ["search"], "riichi", hands=16, shard=16, seed=3, values=None,
                         threads=1, say=lambda m: None, encoding="hupai-v6")
    whole = read(files)

    def departs(s):
        ids = prior.choice_ids(torch.from_numpy(s.planes.astype(np.float32)), torch.from_numpy(s.scalars))
        return ids[torch.arange(len(s)), torch.from_numpy(s.action)].numpy() == 0

    n_departs = int(departs(whole).sum())
    assert n_departs > 0
    only = read(files, keep_agreeing=0.0)
    assert len(only) == n_departs and departs(only).all()
    half = read(files, keep_agreeing=0.5, seed=1)
    agreeing = len(whole) - n_departs
    assert int(departs(half).sum()) == n_departs
    assert 0.4 * agreeing < len(half) - n_departs < 0.6 * agreeing
    assert (read(files, keep_agreeing=0.5, seed=1).action == half.action).all()
    v5 = write_shards(tmp_path / "v5", ["defensive"], "riichi", hands=4, shard=4, seed=3, values=None,
                      threads=1, say=lambda m: None, encoding="hupai-v5")
    with pytest.raises(hupai.InputError, match="hupai-v5"):
        read(v5, keep_agreeing=0.5)
    with pytest.raises(ValueError, match="keep_agreeing"):
        read(files, keep_agreeing=1.5)
