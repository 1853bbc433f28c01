"""The environments: every step a driver step, masks from the driver's options, typed errors,
the seat's own information only, the vectorised environment, and the standard checkers."""

import doctest
import json
import random

import numpy as np
import pytest

import hupai
import hupai.data
import hupai.env
import hupai.gym
import hupai.pettingzoo
from hupai import ActionError, EnvError, InputError, MahjongEnv, VecEnv

PRESETS = list(hupai.PRESETS)


def test_every_preset_is_listed() -> None:
    assert set(PRESETS) >= {"riichi", "riichi-majsoul", "mcr", "chinese", "laizi", "sichuan", "sichuan-xueliu"}
    # The three-player presets are listed with the others; Rules.players tells them apart.
    assert {p for p in PRESETS if hupai.Rules(p).players == 3} == {"sanma", "sanma-majsoul"}
    assert all(hupai.Rules(p).players == 4 for p in PRESETS if not p.startswith("sanma"))


def test_module_examples_run() -> None:
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {"hupai": hupai, "np": np}
    for module in [hupai.env, hupai.gym, hupai.pettingzoo, hupai.data]:
        for test in finder.find(module, extraglobs=globs):
            runner.run(test)
    for obj in [hupai.observe_events, hupai.self_play]:
        for test in finder.find(obj, obj.__name__, globs=dict(globs)):
            runner.run(test)
    assert runner.failures == 0 and runner.tries > 10


def test_action_space_names() -> None:
    names = hupai.ACTION_NAMES
    assert len(names) == hupai.ACTIONS == 728 and len(set(names)) == 728
    assert names[0] == "discard 1m" and names[36] == "discard 5sr" and names[37] == "tsumogiri 1m"
    assert names[148] == "chi low" and names[153] == "chi high red" and names[229] == "pass"
    assert names[230:233] == ["void m", "void p", "void s"]
    assert names[233] == "exchange 1m 1m 1m" and names[234] == "exchange 1m 1m 2m"
    assert names[233 + 164] == "exchange 9m 9m 9m" and names[233 + 165] == "exchange 1p 1p 1p"
    assert names[727] == "exchange 9s 9s 9s"
    assert len(hupai.SCALAR_NAMES) == hupai.SCALARS and hupai.ENCODING == "hupai-v4"
    assert hupai.SCALARS == 83 and hupai.SCALAR_NAMES[52] == "decision: name the void suit"
    assert hupai.SCALAR_NAMES[70] == "decision: choose three tiles to pass (exchange)"


def play(env: MahjongEnv, rng: random.Random, seed: int, check: bool = True) -> int:
    """Plays one match with random legal ids; checks every observation; returns decisions."""
    obs = env.reset(seed=seed)
    n = 0
    while not env.done():
        assert obs, "someone must decide while the match runs"
        answers = {}
        for p, o in obs.items():
            ids = o.legal_actions()
            if check:
                assert len(set(ids)) == len(ids), o.actions()
                mask = o.mask
                assert mask.dtype == np.bool_ and mask.shape == (hupai.ACTIONS,)
                assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
                acts = o.actions()
                assert len(acts) == len(ids)
                for i, a in zip(ids, acts):
                    assert o.action(i) == a and o.action_id(a) == i
                assert o.planes.shape == (73, 34) and o.planes.dtype == np.uint8
                assert o.scalars.shape == (hupai.SCALARS,) and o.scalars.dtype == np.float32
                assert set(np.unique(o.planes)) <= {0, 1}
                assert o.default_action() in ids
            answers[p] = rng.choice(ids)
            n += 1
        obs = env.step(answers)
    assert env.observe(0).legal_actions() == []
    return n


@pytest.mark.parametrize("rules", PRESETS)
def test_every_preset_plays_through_the_driver(rules: str) -> None:
    rng = random.Random(rules)
    env = MahjongEnv(rules, length="hand")
    for seed in range(6):
        assert play(env, rng, seed) > 20
        log = env.mjai_log()
        assert log[0]["type"] == "start_game" and log[-1]["type"] == "end_game"


def test_sichuan_voids_are_actions_and_features() -> None:
    """定缺: every seat names a suit at once (ids 230..233); the encoding shows each seat's void
    and, once it wins, that it has won (hupai-v2 scalars 52..70, kept in hupai-v4, read against the view)."""
    env = MahjongEnv("sichuan", length="hand", agents=[None, "efficiency", "efficiency", "efficiency"])
    void = hupai.SCALAR_NAMES.index("decision: name the void suit")
    won: set[tuple[int, int]] = set()
    for seed in range(8):
        obs = env.reset(seed=seed)
        assert list(obs) == [0]
        assert obs[0].legal_actions() == [230, 231, 232] and obs[0].scalars[void] == 1
        assert not obs[0].scalars[53:65].any()
        obs = env.step({0: 231})
        while not env.done():
            for o in obs.values():
                me, view = o.seat, o.view()
                assert view["voids"][0] == "p" and None not in view["voids"]
                for r in range(4):
                    row = o.scalars[53 + 3 * r:56 + 3 * r]
                    assert row.tolist() == [float("mps"[i] == view["voids"][(me + r) % 4]) for i in range(3)]
                    assert o.scalars[65 + r] == float(view["won"][(me + r) % 4])
                    if view["won"][(me + r) % 4]:
                        won.add((seed, (me + r) % 4))
                assert o.scalars[void] == 0
            # Win when offered, else the default (discard the drawn tile, pass).
            obs = env.step({p: next((i for i in o.legal_actions() if i in (226, 227)), o.default_action())
                            for p, o in obs.items()})
        winners = {(seed, e["actor"]) for e in env.mjai_log() if e["type"] == "hora"}
        assert {w for w in won if w[0] == seed} <= winners
    assert won, "some seat wins and plays on in eight hands"


def test_sichuan_exchange_is_one_action_and_a_feature() -> None:
    """换三张: every seat passes three tiles of one suit at once (ids 233..728), named by the
    tiles; the exchange scalar marks the decision; the void choice follows."""
    env = MahjongEnv("sichuan-exchange", length="hand", agents=[None, "efficiency", "efficiency", "efficiency"])
    flag = hupai.SCALAR_NAMES.index("decision: choose three tiles to pass (exchange)")
    for seed in range(4):
        obs = env.reset(seed=seed)
        ids = obs[0].legal_actions()
        assert ids and all(233 <= i < 728 for i in ids) and obs[0].scalars[flag] == 1
        for i in ids:
            tiles = hupai.ACTION_NAMES[i].split()[1:]
            assert len(tiles) == 3 and len({t[-1] for t in tiles}) == 1
        obs = env.step({0: ids[-1]})
        assert obs[0].legal_actions() == [230, 231, 232] and obs[0].scalars[flag] == 0
        passes = [e for e in env.mjai_log() if e["type"] == "exchange"]
        assert len(passes) == 4 and {e["actor"] for e in passes} == {0, 1, 2, 3}


def test_wuhan_lone_kongs_are_features() -> None:
    """Wuhan: a lone kong (红中杠, 赖子杠, 痞子杠) lies face up; hupai-v4 scalars 71..82 count each
    seat's by tile, read against the log, and planes 13..16 (tiles the seat can see) count them."""
    env = MahjongEnv("wuhan", length="hand", agents=[None, None, None, None])
    first = hupai.SCALAR_NAMES.index("red dragon lone kongs seat 0 / 4")
    seen = 0
    for seed in range(6):
        obs = env.reset(seed=seed)
        while not env.done():
            log = env.mjai_log()
            start = max(i for i, e in enumerate(log) if e["type"] == "start_kyoku")
            kongs = [e for e in log[start:] if e["type"] == "lone_kong"]
            for o in obs.values():
                view = o.view()
                for r in range(4):
                    seat = (o.seat + r) % 4
                    tiles = view["lone_kongs"][seat]
                    assert sorted(tiles) == sorted(e["pai"] for e in kongs if e["actor"] == seat)
                    red = sum(t == "C" for t in tiles)
                    joker = sum(t == view["joker"] for t in tiles)
                    row = o.scalars[first + 3 * r:first + 3 * r + 3].tolist()
                    assert row == [red / 4, joker / 4, (len(tiles) - red - joker) / 4]
                    seen += len(tiles)
                # Red dragons in sight: the hand, every river, meld and lone kong, the indicator.
                shown = view["hand"] + view["dora_markers"]
                shown += [e["pai"] for river in view["rivers"] for e in river]
                shown += [t for melds in view["melds"] for m in melds for t in m["tiles"]]
                shown += [t for tiles in view["lone_kongs"] for t in tiles]
                red_dragon = 33  # kinds run 1m..9m, 1p..9p, 1s..9s, E S W N P F C
                assert o.planes[13:17, red_dragon].sum() == min(4, shown.count("C"))
            # Every seat sets a lone kong aside when it may, else wins, else the default.
            def choose(o: hupai.env.Observation) -> int | None:
                ids = o.legal_actions()
                lone = [i for i, a in zip(ids, o.actions()) if a["type"] == "lone_kong"]
                return (lone or [i for i in ids if i in (226, 227)] or [o.default_action()])[0]
            obs = env.step({p: choose(o) for p, o in obs.items()})
    assert seen, "six Wuhan hands set some lone kong aside"


@pytest.mark.parametrize("rules,length", [("riichi", "east"), ("mcr", "full"), ("riichi", "half"), ("laizi", "east")])
def test_longer_matches(rules: str, length: str) -> None:
    env = MahjongEnv(rules, length=length, agents=[None, "random", None, "efficiency"])
    play(env, random.Random(1), 11, check=False)
    hands = sum(e["type"] == "start_kyoku" for e in env.mjai_log())
    assert hands >= 4 if length != "hand" else hands == 1
    assert sorted(env.ranks()) == [1, 2, 3, 4]


def test_mcr_players_keep_their_number_while_seats_rotate() -> None:
    env = MahjongEnv("mcr", length="full", seed=3, agents=[None, "efficiency", "efficiency", "efficiency"])
    obs = env.reset()
    seats = set()
    while not env.done():
        for o in obs.values():
            assert o.player == 0
            seats.add(o.seat)
        obs = env.step({p: o.default_action() for p, o in obs.items()})
    assert len(seats) > 1


def test_same_seed_same_match() -> None:
    logs = []
    for _ in range(2):
        env = MahjongEnv("riichi", length="east", seed=9)
        play(env, random.Random(5), 9, check=False)
        logs.append(env.mjai_log())
    assert logs[0] == logs[1]
    env = MahjongEnv("riichi", length="hand", seed=20)
    env.reset()
    assert env.game_seed == 20
    env.reset()
    assert env.game_seed == 21


def test_bad_input_raises_typed_errors() -> None:
    env = MahjongEnv("riichi", length="hand", agents=[None, "efficiency", "efficiency", "efficiency"])
    with pytest.raises(EnvError):
        env.step({0: 0})
    with pytest.raises(EnvError):
        env.scores()
    obs = env.reset(seed=1)
    o = obs[0]
    illegal = next(i for i in range(hupai.ACTIONS) if i not in o.legal_actions())
    for bad in [illegal, hupai.ACTIONS, -1, {"type": "ron"}, '{"type": "discard"}', 1.5, [1]]:
        with pytest.raises(ActionError):
            env.step({0: bad})
    with pytest.raises(ActionError):
        env.step({1: 0})  # an agent's player
    with pytest.raises(ActionError):
        env.step({7: 0})
    with pytest.raises(ActionError):
        o.action(illegal)
    # Nothing changed: the same observation is still open.
    assert env.observe(0).decision == o.decision
    env.step({0: o.actions()[0]})  # the JSON form is accepted
    with pytest.raises(InputError):
        MahjongEnv("riichi", length="forever")
    with pytest.raises(InputError):
        MahjongEnv("riichi", agents=["brave", None, None, None])
    with pytest.raises(InputError):
        MahjongEnv("riichi", agents=[None, None])
    with pytest.raises(InputError):
        MahjongEnv("riichi", agents=["mjai:bot", None, None, None])
    with pytest.raises(hupai.RulesError):
        MahjongEnv("no-such-rules")
    # A player no one at the table has (tests/test_sanma.py: a fourth at three).
    with pytest.raises(ActionError, match="no player 4: four players sit at this table, numbered 0..=3"):
        env.observe(4)
    with pytest.raises(ActionError, match="no player 4"):
        env.events(4)
    while not env.done():
        env.step({p: o.default_action() for p, o in env.step({}).items()})
    with pytest.raises(EnvError):
        env.step({0: 0})


@pytest.mark.parametrize("rules", ["riichi", "mcr", "laizi"])
def test_observations_hold_only_what_the_seat_was_shown(rules: str) -> None:
    """The encoding of every decision equals the one rebuilt from the seat's own stream
    (other seats' tiles hidden), so it cannot carry another seat's concealed tiles."""
    rng = random.Random(2)
    for seed in range(3):
        env = MahjongEnv(rules, length="hand", seed=seed)
        obs = env.reset()
        while not env.done():
            for p, o in obs.items():
                events = env.events(p)
                for e in events:
                    if e["type"] == "tsumo" and e["actor"] != o.seat:
                        assert e["pai"] == "?"
                    if e["type"] == "start_kyoku":
                        for s, tiles in enumerate(e["tehais"]):
                            assert (s == o.seat) != all(t == "?" for t in tiles)
                    assert "hupai_seed" not in e
                again = hupai.observe_events(events, seat=o.seat, rules=rules)
                assert again.legal_actions() == o.legal_actions()
                assert np.array_equal(again.planes, o.planes)
                assert np.array_equal(again.scalars, o.scalars)
                view = o.view()
                assert len(view["hand"]) == view["hand_sizes"][o.seat]
                assert "hands" not in view and "wall" not in view
            obs = env.step({p: rng.choice(o.legal_actions()) for p, o in obs.items()})


def test_hupai_v5_extends_v4_and_is_chosen_by_name() -> None:
    """``encoding="hupai-v5"`` appends the look-ahead and danger planes and the reads'
    scalars to hupai-v4, byte for byte, in MahjongEnv, VecEnv and observe_events (rebuilt
    from the seat's own stream, so it too holds only what the seat was shown)."""
    v4p, v4s, _ = hupai.ENCODINGS["hupai-v4"]
    v5p, v5s, names = hupai.ENCODINGS["hupai-v5"]
    assert (v4p, v4s, v5p, v5s, len(names)) == (73, 83, 95, 97, 97)
    rng = random.Random(5)
    plain = MahjongEnv("riichi", length="hand", seed=9)
    rich = MahjongEnv("riichi", length="hand", seed=9, encoding="hupai-v5")
    a, b = plain.reset(), rich.reset()
    turns = 0
    while not plain.done():
        for p, o in b.items():
            assert o.encoding == "hupai-v5" and a[p].encoding == "hupai-v4"
            assert o.planes.shape == (95, 34) and o.scalars.shape == (97,)
            assert np.array_equal(o.planes[:73], a[p].planes)
            assert np.array_equal(o.scalars[:83], a[p].scalars)
            if o.scalars[36] == 1.0 and len(o.view()["hand"]) % 3 == 2:
                assert o.planes[73].sum() >= 1 and o.planes[82].sum() >= 1
                turns += 1
            again = hupai.observe_events(rich.events(p), seat=o.seat, rules="riichi", encoding="hupai-v5")
            assert np.array_equal(again.planes, o.planes) and np.array_equal(again.scalars, o.scalars)
        acts = {p: rng.choice(o.legal_actions()) for p, o in a.items()}
        a, b = plain.step(acts), rich.step(acts)
    assert turns > 10
    # A Python agent in the arena is handed batches in the arena's encoding.
    shapes = set()

    class Shapes:
        name = "shapes"

        def act_batch(self, batch):
            shapes.add((batch.planes.shape[1:], batch.scalars.shape[1:]))
            return batch.sample(np.random.default_rng(0))

    hupai.arena([Shapes(), "defensive", "defensive", "defensive"], hands=1, seed=2, encoding="hupai-v5")
    assert shapes == {((95, 34), (97,))}
    venv = VecEnv(3, "riichi", length="hand", seed=1, encoding="hupai-v5")
    batch = venv.reset()
    assert batch.planes.shape == (len(batch), 95, 34) and batch.scalars.shape == (len(batch), 97)
    for bad in (lambda: MahjongEnv("riichi", encoding="hupai-v9"),
                lambda: VecEnv(2, "riichi", encoding="v5"),
                lambda: hupai.self_play(hands=1, encoding="hupai-v3")):
        with pytest.raises(InputError, match="hupai-v4, hupai-v5"):
            bad()


def test_observe_events_reads_json_lines_and_refuses_bad_streams() -> None:
    env = MahjongEnv("riichi", length="hand", seed=1)
    first = env.reset()[0]
    events = env.events(0)
    again = hupai.observe_events([json.dumps(e) for e in events], seat=0, rules="riichi")
    assert np.array_equal(first.planes, again.planes)
    with pytest.raises(InputError):
        hupai.observe_events([{"type": "tsumo", "actor": 0, "pai": "1m"}], seat=0)
    with pytest.raises(InputError):
        hupai.observe_events(events, seat=4)


def test_vec_env_batches_and_resets() -> None:
    venv = VecEnv(6, "riichi", length="hand", seed=100)
    b = venv.reset()
    assert len(venv) == 6
    assert b.planes.shape == (len(b), 73, 34) and b.scalars.shape == (len(b), hupai.SCALARS)
    assert b.mask.shape == (len(b), hupai.ACTIONS) and b.legal_offsets.shape == (len(b) + 1,)
    rng = np.random.default_rng(1)
    finals = []
    for _ in range(2000):
        counts = np.diff(b.legal_offsets)
        assert (counts > 0).all()
        for i in range(len(b)):
            ids = b.legal_ids[b.legal_offsets[i]:b.legal_offsets[i + 1]]
            assert sorted(np.flatnonzero(b.mask[i])) == sorted(ids)
            assert len(b.actions(i)) == len(ids)
        pick = b.legal_offsets[:-1] + (rng.random(len(b)) * counts).astype(np.int64)
        b = venv.step(b.legal_ids[pick].astype(np.uint16))
        assert b.rewards.shape == (6, 4) and b.done.shape == (6,)
        finals.extend(b.final_scores[b.done].tolist())
    assert venv.games_done == len(finals) > 6
    with pytest.raises(ActionError):
        venv.step(np.zeros(len(b) + 1, dtype=np.int64))
    bad = np.full(len(b), 229, dtype=np.int64)
    bad[:] = [next(i for i in range(hupai.ACTIONS) if not b.mask[r][i]) for r in range(len(b))]
    decision = b.decision.copy()
    with pytest.raises(ActionError):
        venv.step(bad)
    again = venv.step(b.legal_ids[b.legal_offsets[:-1]])  # nothing was applied by the failed step
    assert len(again) > 0 and decision.shape == (len(b),)
    with pytest.raises(InputError):
        VecEnv(0)
    with pytest.raises(InputError):
        VecEnv(2, agents=["random"] * 4)
    with pytest.raises(EnvError):
        VecEnv(2).step(np.zeros(0, dtype=np.int64))


def test_batch_sample_draws_each_rows_legal_ids_uniformly() -> None:
    """`Batch.sample(rng)`: one `rng.random(rows)` call, row i plays the legal id at
    `floor(u[i] * count[i])`, every id of a row about equally often; bad draws refused."""
    venv = VecEnv(8, "riichi", length="hand", seed=3, features=False)
    b = venv.reset()
    for _ in range(30):  # a few steps in, so that some rows have claims among their options
        b = venv.step(b.sample(np.random.default_rng(len(b))))
    counts = b.legal_count
    assert counts.tolist() == np.diff(b.legal_offsets).tolist() and (counts > 0).all()

    class Fixed:
        def __init__(self, u: float) -> None:
            self.u = u

        def random(self, n: int) -> np.ndarray:
            return np.full(n, self.u)

    for u in (0.0, 0.5, 0.999999999):
        want = [b.legal_ids[b.legal_offsets[i] + int(u * counts[i])] for i in range(len(b))]
        assert b.sample(Fixed(u)).tolist() == want
    rng = np.random.default_rng(9)
    draws = np.stack([b.sample(rng) for _ in range(4000)])
    assert draws.dtype == np.int64
    for i in range(len(b)):
        ids, seen = np.unique(draws[:, i], return_counts=True)
        legal = b.legal_ids[b.legal_offsets[i]:b.legal_offsets[i + 1]]
        assert sorted(ids) == sorted(legal)  # only legal ids, and every one of them
        expect = 4000 / len(legal)
        assert abs(seen - expect).max() < 5 * np.sqrt(expect) + 1
    for bad in (1.0, -0.1, float("nan")):
        with pytest.raises(InputError):
            b.sample(Fixed(bad))
    with pytest.raises(InputError):
        b.sample(type("Short", (), {"random": lambda self, n: np.zeros(n - 1)})())
    venv.step(b.sample(rng))  # the batch's ids are what step takes


def test_sample_masks_draws_each_rows_allowed_columns_uniformly() -> None:
    """`hupai.sample_masks(mask, rng)`: row i takes its `floor(u[i] * k)`-th allowed column in
    increasing order; bool and uint8 masks, any strides; every allowed column about equally
    often; bad draws and empty rows refused."""
    venv = VecEnv(8, "riichi", length="hand", seed=3, features=False)
    b = venv.reset()
    for _ in range(30):
        b = venv.step(hupai.sample_masks(b.mask, np.random.default_rng(len(b))))
    mask = b.mask
    for u in (0.0, 0.37, 0.999999999):
        fixed = type("Fixed", (), {"random": lambda self, n, u=u: np.full(n, u)})()
        want = [np.flatnonzero(row)[int(u * row.sum())] for row in mask]
        assert hupai.sample_masks(mask, fixed).tolist() == want
        assert hupai.sample_masks(mask.astype(np.uint8) * 7, fixed).tolist() == want
        wide = np.zeros((len(b), 2 * mask.shape[1]), dtype=bool)
        wide[:, ::2] = mask
        assert (hupai.sample_masks(wide[:, ::2], fixed) == want).all()  # a strided view
    rng = np.random.default_rng(5)
    m = rng.random((6, 100)) < 0.1
    m[0] = False
    m[0, [3, 64, 99]] = True  # across blocks of 32
    draws = np.stack([hupai.sample_masks(m, rng) for _ in range(3000)])
    assert draws.dtype == np.int64
    for i in range(len(m)):
        cols, seen = np.unique(draws[:, i], return_counts=True)
        assert cols.tolist() == np.flatnonzero(m[i]).tolist()
        expect = 3000 / len(cols)
        assert abs(seen - expect).max() < 5 * np.sqrt(expect) + 1
    venv.step(hupai.sample_masks(b.mask, rng))
    m[2] = False
    with pytest.raises(InputError, match="row 2"):
        hupai.sample_masks(m, rng)
    for bad in (1.0, -0.1, float("nan")):
        with pytest.raises(InputError):
            hupai.sample_masks(mask, type("Bad", (), {"random": lambda self, n, u=bad: np.full(n, u)})())


def test_vec_env_threads_give_the_same_batches() -> None:
    """One thread (on the caller), two (its own pool) and the default (rayon's global pool)
    step the same matches to the same batches; a bad id names its row."""
    runs = []
    for threads in (1, 2, 0):
        venv = VecEnv(40, "riichi", length="hand", seed=7, features=threads != 2, threads=threads)
        b = venv.reset()
        rng = np.random.default_rng(3)
        seen = []
        for _ in range(300):
            counts = np.diff(b.legal_offsets)
            pick = b.legal_offsets[:-1] + (rng.random(len(b)) * counts).astype(np.int64)
            seen.append((b.game.tolist(), b.player.tolist(), b.legal_ids.tolist(), b.mask.sum(), b.rewards.tolist(),
                         b.done.tolist()))
            b = venv.step(b.legal_ids[pick])
        runs.append((seen, venv.games_done, venv.decisions, venv.scores()))
        row = len(b) - 1
        bad = b.legal_ids[b.legal_offsets[:-1]].astype(np.int64)
        bad[row] = next(i for i in range(hupai.ACTIONS) if not b.mask[row][i])
        with pytest.raises(ActionError, match=rf"row {row} \(environment {b.game[row]}\): action {bad[row]} \("):
            venv.step(bad)
        bad[row] = hupai.ACTIONS
        with pytest.raises(ActionError, match=rf"row {row} \(environment {b.game[row]}\): action id 728: ids are 0..728"):
            venv.step(bad)
    assert runs[0] == runs[1] == runs[2] and runs[0][1] > 0


def test_vec_env_plays_the_matches_of_mahjong_env() -> None:
    """Environment i of a VecEnv plays the match MahjongEnv plays from seed + i with the same
    answers; masks-only batches hold the same ids."""
    venv = VecEnv(3, "mcr", length="hand", seed=40, agents=[None, "efficiency", None, "random"], features=False)
    b = venv.reset()
    assert b.planes is None and b.scalars is None
    logs: dict[int, list] = {}
    finals: dict[int, list] = {}
    while len(logs) < 3:
        first = b.legal_ids[b.legal_offsets[:-1]]
        current = [venv.mjai_log(i) for i in range(3)]
        b = venv.step(first)
        for i in range(3):
            if b.done[i] and i not in logs:
                logs[i] = current[i]
                finals[i] = b.final_scores[i].tolist()
    for i in range(3):
        env = MahjongEnv("mcr", length="hand", agents=[None, "efficiency", None, "random"])
        obs = env.reset(seed=40 + i)
        while not env.done():
            obs = env.step({p: o.legal_actions()[0] for p, o in obs.items()})
        # The VecEnv's log was taken before the last step: a prefix of the whole match.
        assert env.mjai_log()[: len(logs[i])] == logs[i]
        assert env.scores() == finals[i]


@pytest.mark.parametrize("rules", ["riichi", "mcr", "laizi"])
def test_gymnasium_checker(rules: str) -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(hupai.gym.HupaiEnv(rules, length="hand", opponents="efficiency"), skip_render_check=True)


def test_the_wrappers_take_an_encoding() -> None:
    """Both wrappers observe in ``encoding`` and say so in their spaces; the checkers hold."""
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    env = hupai.gym.HupaiEnv("riichi", length="hand", opponents="efficiency", encoding="hupai-v5")
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=2)
    assert obs["planes"].shape == (95, 34) and obs["scalars"].shape == (97,)
    assert env.observation_space.contains(obs)
    aec = hupai.pettingzoo.HupaiAECEnv("riichi", length="hand", encoding="hupai-v5")
    api_test(aec, num_cycles=100)
    assert aec.observation_space("player_1")["planes"].shape == (95, 34)
    for bad in (lambda: hupai.gym.HupaiEnv(encoding="hupai-v9"),
                lambda: hupai.pettingzoo.HupaiAECEnv(encoding="v5")):
        with pytest.raises(InputError, match="hupai-v4, hupai-v5"):
            bad()


@pytest.mark.parametrize("rules", ["sanma", "sanma-majsoul"])
def test_gymnasium_checker_three_players(rules: str) -> None:
    from gymnasium.utils.env_checker import check_env

    env = hupai.gym.HupaiEnv(rules, length="hand", player=1, opponents=["efficiency", "random"])
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=1)
    assert env.mahjong_env.players == 3 and len(info["scores"]) == 3
    assert env.mahjong_env.python_players == [1]


def test_gymnasium_with_python_opponents() -> None:
    seen = []

    def first(obs: hupai.Observation) -> int:
        seen.append(obs.player)
        return obs.legal_actions()[0]

    env = hupai.gym.HupaiEnv("riichi", length="hand", player=2, opponents=[first, "random", first])
    obs, info = env.reset(seed=4)
    total = 0.0
    done = False
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        obs, reward, done, truncated, info = env.step(action)
        total += reward
    assert set(seen) == {0, 3} and not truncated
    assert total == pytest.approx((env.mahjong_env.scores()[2] - 25000) / 1000)
    # An illegal action is played as the default and reported.
    obs, info = env.reset(seed=5)
    bad = next(i for i in range(hupai.ACTIONS) if not obs["action_mask"][i])
    _, _, _, _, info = env.step(bad)
    assert info["illegal"]
    strict = hupai.gym.HupaiEnv("riichi", illegal="raise", opponents="tsumogiri")
    obs, _ = strict.reset(seed=5)
    with pytest.raises(ActionError):
        strict.step(next(i for i in range(hupai.ACTIONS) if not obs["action_mask"][i]))
    with pytest.raises(ActionError):
        strict.step(hupai.ACTIONS)
    with pytest.raises(ActionError):
        hupai.gym.HupaiEnv(player=4)


@pytest.mark.parametrize("rules", ["riichi", "mcr", "chinese"])
def test_pettingzoo_api_test(rules: str) -> None:
    from pettingzoo.test import api_test

    api_test(hupai.pettingzoo.HupaiAECEnv(rules, length="hand"), num_cycles=400)


@pytest.mark.parametrize("rules", ["sanma", "sanma-majsoul"])
def test_pettingzoo_api_test_three_players(rules: str) -> None:
    from pettingzoo.test import api_test

    env = hupai.pettingzoo.HupaiAECEnv(rules, length="hand")
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    api_test(env, num_cycles=400)


def test_pettingzoo_plays_whole_three_player_matches() -> None:
    env = hupai.pettingzoo.env(rules="sanma", length="east")
    env.reset(seed=8)
    assert env.agents == ["player_0", "player_1", "player_2"]
    rewards = {a: 0.0 for a in env.possible_agents}
    kita = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
        elif obs["action_mask"][148]:
            kita += 1
            env.step(148)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    scores = env.mahjong_env.scores()
    assert len(scores) == 3 and sum(scores) == 105000 and kita > 0
    for p, a in enumerate(env.possible_agents):
        assert rewards[a] == pytest.approx((scores[p] - 35000) / 1000)


def test_pettingzoo_plays_whole_matches() -> None:
    env = hupai.pettingzoo.env(rules="riichi", length="east")
    env.reset(seed=8)
    rewards = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    scores = env.mahjong_env.scores()
    for p, a in enumerate(env.possible_agents):
        assert rewards[a] == pytest.approx((scores[p] - 25000) / 1000)
    env.reset(seed=8)
    with pytest.raises(ActionError):
        env.step(next(i for i in range(hupai.ACTIONS) if not env.observe(env.agent_selection)["action_mask"][i]))


def test_hupai_agents_from_python() -> None:
    """hupai.Agent answers as the same spec seated in the environment does."""
    seated = MahjongEnv("riichi", length="hand", seed=6, agents=[None, "defensive", "defensive", "defensive"])
    mine = MahjongEnv("riichi", length="hand", seed=6)
    teacher = hupai.Agent("defensive")
    others = [hupai.Agent("defensive") for _ in range(4)]
    obs_a, obs_b = seated.reset(), mine.reset()
    while not seated.done():
        # Python plays player 0 in both with the teacher; the others are asked by hand in `mine`.
        while set(obs_b) - {0}:
            obs_b = mine.step({p: others[p].act(o) for p, o in obs_b.items() if p != 0})
        assert set(obs_a) == set(obs_b) == {0}
        a = teacher.act(obs_a[0])
        assert a in obs_a[0].legal_actions()
        obs_a, obs_b = seated.step({0: a}), mine.step({0: a})
        if seated.done():
            while not mine.done():
                obs_b = mine.step({p: others[p].act(o) for p, o in obs_b.items()})
    assert seated.mjai_log() == mine.mjai_log()
    assert teacher.act(seated.observe(0)) is None
    assert teacher.act_batch([seated.observe(1)]) == [None]
    with pytest.raises(InputError):
        hupai.Agent("brave")
    # In the arena a hupai.Agent sits as its spec.
    r = hupai.arena([hupai.Agent("efficiency"), "random", "random", "random"], hands=4, seed=1)
    assert {a["name"] for a in r["agents"]} == {"efficiency", "random"}


@pytest.mark.parametrize("rules", PRESETS)
def test_every_option_has_its_own_id(rules: str) -> None:
    """Over thousands of decisions of every preset, each row's legal ids are distinct (the mask
    has as many ones as the row has options) and name the options' kinds of action."""
    venv = VecEnv(32, rules, length="hand", seed=7, features=False)
    b = venv.reset()
    rng = np.random.default_rng(3)
    kinds = {"discard": range(0, 74), "riichi": range(74, 148), "chi": range(148, 154),
             "pon": range(154, 157), "open_kan": [157], "closed_kan": range(158, 192),
             "added_kan": range(192, 226), "tsumo": [226], "ron": [227], "nine_terminals": [228],
             # Three-player riichi: kita takes the first chi id (chi is never legal at three).
             "kita": [148],
             "pass": [229], "void": range(230, 233), "exchange": range(233, 728),
             # Wuhan: a lone kong shares its kind's closed-kan id (never both in one decision).
             "lone_kong": range(158, 192)}
    seen = set()
    for step in range(300):
        counts = np.diff(b.legal_offsets)
        assert (b.mask.sum(axis=1) == counts).all()
        if step % 10 == 0:
            for i in range(len(b)):
                ids = b.legal_ids[b.legal_offsets[i]:b.legal_offsets[i + 1]]
                for id_, action in zip(ids.tolist(), b.actions(i)):
                    assert id_ in kinds[action["type"]], (id_, action)
                    if action["type"] == "void":
                        assert hupai.ACTION_NAMES[id_] == "void " + action["suit"]
                    if action["type"] == "exchange":
                        assert hupai.ACTION_NAMES[id_] == "exchange " + " ".join(sorted(action["pai"]))
                    seen.add(action["type"])
        pick = b.legal_offsets[:-1] + (rng.random(len(b)) * counts).astype(np.int64)
        b = venv.step(b.legal_ids[pick])
    assert {"discard", "pass"} <= seen
    if rules.startswith("sichuan"):
        assert "void" in seen
    if rules == "sichuan-exchange":
        assert "exchange" in seen
    if hupai.Rules(rules).players == 3:
        assert "kita" in seen and "chi" not in seen
