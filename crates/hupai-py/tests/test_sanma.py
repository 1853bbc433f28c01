"""Three-player riichi (三人麻雀, ``sanma``) in Python: every environment seats three players,
every list by player has three entries, kita (id 148) is an action and an event, points are
conserved, and a fourth player's number is refused wherever a player or seat is named."""

import random

import numpy as np
import pytest

import hupai
import hupai.gym
from hupai import ActionError, InputError, MahjongEnv, VecEnv

KITA = 148
THREE_PLAYER = ["sanma", "sanma-majsoul"]
# A custom rule set: Tenhou's sanma with a 30,000 start and an east round.
CUSTOM = hupai.Rules.from_toml('extends = "sanma"\nstarting_points = 30000\nrounds = 1\n', "custom.toml")


def starting_total(env: MahjongEnv) -> int:
    """The points at the table when the match started (the first hand's scores)."""
    first = next(e for e in env.mjai_log() if e["type"] == "start_kyoku")
    assert len(first["scores"]) == 3
    return int(sum(first["scores"]))


def play_match(env: MahjongEnv, seed: int, rng: random.Random, kita_share: float = 0.5) -> dict:
    """Plays one match with random legal ids (kita half the times it is offered); checks every
    observation against three seats and the points on the table; returns counts."""
    obs = env.reset(seed=seed)
    total = starting_total(env)
    counts = {"decisions": 0, "kita_offered": 0, "kita_taken": 0}
    while not env.done():
        assert obs and set(obs) <= {0, 1, 2}
        answers = {}
        for p, o in obs.items():
            assert o.player == p and o.seat in (0, 1, 2)
            view = o.view()
            for key in ("scores", "hand_sizes", "rivers", "melds", "kita", "riichi", "won", "flowers"):
                assert len(view[key]) == 3, key
            # Every point is with a player or on the table as a riichi stick.
            assert sum(view["scores"]) + 1000 * view["kyotaku"] == total
            ids = o.legal_actions()
            assert 148 not in ids or o.action(KITA) == {"type": "kita"}
            assert not any(149 <= i < 154 for i in ids), "no chi at three"
            assert o.planes.shape == (hupai.PLANES, 34) and o.mask.sum() == len(ids)
            if KITA in ids:
                counts["kita_offered"] += 1
                assert view["decision"]["type"] == "turn" and "N" in view["hand"] + [view["drawn"]]
            answers[p] = KITA if KITA in ids and rng.random() < kita_share else rng.choice(ids)
            counts["kita_taken"] += answers[p] == KITA
        counts["decisions"] += len(answers)
        obs = env.step(answers)
    # Left-over sticks go to the leader at the end: every point is with a player.
    assert len(env.scores()) == 3 and sum(env.scores()) == total
    ranks = env.ranks()
    assert isinstance(ranks, list) and sorted(ranks) == [1, 2, 3]
    assert [ranks[p] for p in sorted(range(3), key=lambda p: -env.scores()[p])] == [1, 2, 3]
    return counts


@pytest.mark.parametrize("rules", THREE_PLAYER + [CUSTOM])
def test_three_player_matches_play_whole_with_random_legal_actions(rules: object) -> None:
    rng = random.Random(str(rules))
    env = MahjongEnv(rules, length="east", seed=11)
    assert env.players == 3 and env.python_players == [0, 1, 2]
    kita_events = 0
    for seed in range(2):
        counts = play_match(env, seed, rng)
        assert counts["decisions"] > 100
        log = env.mjai_log()
        assert log[0]["type"] == "start_game" and log[-1]["type"] == "end_game"
        assert len(log[-1]["scores"]) == 3
        hands = [e for e in log if e["type"] == "start_kyoku"]
        assert hands and all(len(e["tehais"]) == 3 and len(e["scores"]) == 3 for e in hands)
        assert {e["actor"] for e in log if "actor" in e} <= {0, 1, 2}
        kitas = [e for e in log if e["type"] == "kita"]
        assert len(kitas) == counts["kita_taken"] and counts["kita_taken"] > 0
        assert all(e["pai"] == "N" for e in kitas)
        # Each player's own stream shows every kita (a North set aside lies face up).
        for p in range(3):
            assert [e for e in env.events(p) if e["type"] == "kita"] == kitas
        kita_events += len(kitas)
    assert kita_events > 0


def test_custom_three_player_rules_are_the_envs_rules() -> None:
    env = MahjongEnv(CUSTOM, length="full", seed=2, agents=[None, "efficiency", "efficiency"])
    assert env.players == 3 and env.rules == "sanma"
    env.reset()
    assert env.scores() == [30000, 30000, 30000]
    play_match(env, 2, random.Random(2))
    winds = {e["bakaze"] for e in env.mjai_log() if e["type"] == "start_kyoku"}
    assert "E" in winds


def test_agents_seat_three_players() -> None:
    """Three agent entries (None where Python plays); hupai's agents play kita too."""
    env = MahjongEnv("sanma", length="hand", seed=5, agents=[None, "defensive", "efficiency"])
    assert env.python_players == [0]
    for seed in range(6):
        obs = env.reset(seed=seed)
        while not env.done():
            assert set(obs) == {0}
            obs = env.step({0: obs[0].default_action()})
        assert len(env.scores()) == 3
    everyone = MahjongEnv("sanma", length="hand", seed=5, agents=["efficiency"] * 3)
    assert everyone.reset() == {} and everyone.done()
    assert len(everyone.mjai_log()[-1]["scores"]) == 3
    # A North an agent sets aside: the efficiency agent takes kita when it may.
    agent_kitas = 0
    for seed in range(8):
        everyone.reset(seed=seed)
        agent_kitas += sum(e["type"] == "kita" for e in everyone.mjai_log())
    assert agent_kitas > 0
    teacher = hupai.Agent("efficiency", rules="sanma")
    o = MahjongEnv("sanma", length="hand", seed=1).reset()
    for ob in o.values():
        assert teacher.act(ob) in ob.legal_actions()


def test_a_fourth_player_is_refused_everywhere() -> None:
    env = MahjongEnv("sanma", length="hand", seed=3)
    obs = env.reset()
    p, o = next(iter(obs.items()))
    for bad in (3, 7):
        with pytest.raises(ActionError, match=rf"no player {bad}: three players sit at this table, numbered 0..=2"):
            env.observe(bad)
        with pytest.raises(ActionError, match=rf"no player {bad}"):
            env.events(bad)
        with pytest.raises(ActionError, match=rf"no player {bad}"):
            env.step({bad: 0})
        with pytest.raises(ActionError, match=rf"no player {bad}"):
            env.step({bad: {"type": "kita"}})
    assert isinstance(ActionError("x"), ValueError)
    # Nothing changed: the same decision is still open.
    assert env.observe(p).decision == o.decision and env.observe(p).legal_actions() == o.legal_actions()
    with pytest.raises(InputError, match="4 agents: rules 'sanma' seat three"):
        MahjongEnv("sanma", agents=[None, None, None, None])
    with pytest.raises(InputError, match="3 agents: rules 'riichi' seat four"):
        MahjongEnv("riichi", agents=[None, None, None])
    with pytest.raises(InputError, match="4 agents"):
        VecEnv(2, "sanma", agents=[None, "random", "random", "random"])
    with pytest.raises(InputError, match="seat 3: rules 'sanma' seat three players, seats 0..=2"):
        hupai.observe_events(env.events(0), seat=3, rules="sanma")
    with pytest.raises(InputError, match="player 3"):
        hupai.observe_events(env.events(0), player=3, rules="sanma")
    with pytest.raises(ActionError, match="player 3"):
        hupai.gym.HupaiEnv("sanma", player=3)
    with pytest.raises(ActionError, match="3 opponents"):
        hupai.gym.HupaiEnv("sanma", opponents=["random"] * 3)
    with pytest.raises(InputError, match="4 agents: rules 'sanma' seat three"):
        hupai.arena(["random"] * 4, "sanma", hands=1)


def test_observe_events_rebuilds_three_player_observations() -> None:
    """An observation rebuilt from a seat's own stream equals the environment's, kita and all:
    the seat learns nothing it was not shown."""
    rng = random.Random(4)
    env = MahjongEnv("sanma", length="hand", seed=4)
    checked = 0
    for seed in range(3):
        obs = env.reset(seed=seed)
        while not env.done():
            for p, o in obs.items():
                again = hupai.observe_events(env.events(p), seat=o.seat, rules="sanma")
                assert again.legal_actions() == o.legal_actions()
                assert np.array_equal(again.planes, o.planes) and np.array_equal(again.scalars, o.scalars)
                checked += 1
            obs = env.step({p: KITA if KITA in o.legal_actions() else rng.choice(o.legal_actions())
                            for p, o in obs.items()})
    assert checked > 50


def test_vec_env_arrays_are_shaped_by_three_players() -> None:
    venv = VecEnv(5, "sanma", length="hand", seed=3)
    assert venv.players == 3 and "players=3" in repr(venv)
    b = venv.reset()
    assert b.rewards.shape == (5, 3) and b.final_scores.shape == (5, 3)
    rng = np.random.default_rng(2)
    finals = []
    kitas = 0
    for _ in range(600):
        assert set(b.player.tolist()) <= {0, 1, 2} and set(b.seat.tolist()) <= {0, 1, 2}
        ids = b.sample(rng)
        for i in range(len(b)):
            if b.mask[i, KITA]:
                ids[i] = KITA
                kitas += 1
        before = [sum(s) for s in venv.scores()]
        b = venv.step(ids)
        assert b.rewards.shape == (5, 3) and b.final_scores.shape == (5, 3)
        assert all(len(s) == 3 for s in venv.scores())
        # A match's score changes add up to what left or came back to the table (sticks).
        for e in range(5):
            if not b.done[e]:
                assert b.rewards[e].sum() == sum(venv.scores()[e]) - before[e]
        finals.extend(b.final_scores[b.done].tolist())
    assert kitas > 0 and len(finals) > 5
    assert all(sum(f) == 105000 for f in finals)


def test_vec_env_matches_are_mahjong_env_matches() -> None:
    venv = VecEnv(2, "sanma-majsoul", length="hand", seed=30, agents=[None, "efficiency", None], features=False)
    b = venv.reset()
    logs: dict[int, list] = {}
    finals: dict[int, list] = {}
    while len(logs) < 2:
        current = [venv.mjai_log(i) for i in range(2)]
        b = venv.step(b.legal_ids[b.legal_offsets[:-1]])
        for i in range(2):
            if b.done[i] and i not in logs:
                logs[i], finals[i] = current[i], b.final_scores[i].tolist()
    for i in range(2):
        env = MahjongEnv("sanma-majsoul", length="hand", agents=[None, "efficiency", None])
        obs = env.reset(seed=30 + i)
        while not env.done():
            obs = env.step({p: o.legal_actions()[0] for p, o in obs.items()})
        assert env.mjai_log()[: len(logs[i])] == logs[i]
        assert env.scores() == finals[i]


def test_self_play_rows_seat_three_players() -> None:
    """Self-play under sanma: the rows' player, seat and agent run over three seats, kita is
    recorded as id 148, and duplicate rotates three agents through three seats."""
    t = hupai.self_play(hands=6, rules="sanma", agents=["efficiency", "random", "defensive"], seed=3, duplicate=True)
    assert t.num_rows > 100
    assert set(t.column("player").to_pylist()) == {0, 1, 2}
    assert set(t.column("seat").to_pylist()) == {0, 1, 2}
    assert set(t.column("rotation").to_pylist()) == {0, 1, 2}
    assert sorted(set(t.column("agent").to_pylist())) == ["defensive", "efficiency", "random"]
    assert sorted(set(t.column("hand_rank").to_pylist())) == [1, 2, 3]
    actions = np.asarray(t.column("action").to_pylist())
    assert (actions == KITA).any()
    masks = np.asarray(t.column("mask").combine_chunks().flatten()).reshape(-1, hupai.ACTIONS)
    assert masks[np.arange(len(actions)), actions].all()
    assert not masks[:, 149:154].any()
    # Each wall is played once per rotation, with each agent at each player once.
    rows = t.select(["wall", "rotation", "player", "agent"]).to_pylist()
    seating = {(r["wall"], r["rotation"], r["player"]): r["agent"] for r in rows}
    for wall in {r["wall"] for r in rows}:
        for player in range(3):
            agents = {seating.get((wall, rot, player)) for rot in range(3)} - {None}
            assert len(agents) == len([rot for rot in range(3) if (wall, rot, player) in seating])
    r = hupai.arena("efficiency", "sanma", hands=3, seed=1)
    assert r["hands"] == 3
