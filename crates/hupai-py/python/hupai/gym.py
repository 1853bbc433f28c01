"""A Gymnasium single-player environment: one player learns, the others (three, or two under
three-player rules such as ``"sanma"``) are played by hupai's agents (by spec) or by Python
callables.

>>> from hupai.gym import HupaiEnv
>>> env = HupaiEnv("riichi", length="hand", opponents="efficiency")
>>> obs, info = env.reset(seed=3)
>>> sorted(obs)
['action_mask', 'planes', 'scalars']
>>> obs, reward, terminated, truncated, info = env.step(int(info["legal_actions"][0]))

Observations are dicts: the ``hupai-v4`` ``planes`` (uint8 ``(73, 34)``) and ``scalars``
(float32 ``(83,)``), or those of ``encoding="hupai-v5"`` (``(95, 34)`` and ``(97,)``: each
discard's look-ahead and the opponents' reads), or of ``encoding="hupai-v6"`` (``(99, 34)``
and ``(113,)``: that and the option ``defensive`` would take), or of ``encoding="hupai-v7"``
(``(111, 34)`` and ``(113,)``: that and what each ready hand a discard leaves would score),
and the ``action_mask`` (int8 ``(728,)``, 1 for each legal id). Actions are
ids of the 728-id action space (``hupai.env``). The reward is the player's score change over
the step divided by ``reward_scale`` (default 1000 for riichi rules, 1 for the Chinese
families). An action that is not legal now is replaced by the default (discard the drawn
tile, or pass) and reported in ``info["illegal"]``, or raises ``hupai.ActionError`` with
``illegal="raise"``. A match that ends before the player is first asked is skipped (the next
seed is played). A callable opponent gets an ``Observation`` and returns an action id or an
action's JSON form. ``player`` is below the rules' number of players (``hupai.Rules(rules)
.players``) and ``opponents`` is one spec or callable for all, or one for each other player.

>>> HupaiEnv("riichi", encoding="hupai-v5").observation_space["planes"].shape
(95, 34)
>>> sanma = HupaiEnv("sanma", length="hand", player=2, opponents=["efficiency", "random"])
>>> obs, info = sanma.reset(seed=3)
>>> len(info["scores"]), sanma.mahjong_env.players
(3, 3)
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from ._hupai import (
    ACTIONS,
    ENCODING,
    ENCODINGS,
    ActionError,
    EnvError,
    InputError,
    MahjongEnv,
    Observation,
    Rules,
)

Opponent = Union[str, Callable[[Observation], Any]]


def observation_space(encoding: str = ENCODING) -> spaces.Dict:
    """The observation space of both wrappers in ``encoding`` (``hupai-v4``, the default,
    ``hupai-v5``, ``hupai-v6`` or ``hupai-v7``; ``hupai.ENCODINGS`` lists them with their shapes)."""
    if encoding not in ENCODINGS:
        raise InputError(f"encoding {encoding!r}: use one of {', '.join(sorted(ENCODINGS))}")
    planes, scalars, _ = ENCODINGS[encoding]
    return spaces.Dict(
        {
            "planes": spaces.Box(0, 1, shape=(planes, 34), dtype=np.uint8),
            "scalars": spaces.Box(-64.0, 64.0, shape=(scalars,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(ACTIONS,), dtype=np.int8),
        }
    )


def players_of(rules: Any) -> int:
    """Players at a table of ``rules`` (a name, a TOML path or a ``hupai.Rules``): 4 or 3."""
    return int((rules if isinstance(rules, Rules) else Rules(rules)).players)


def encode(obs: Observation) -> dict[str, np.ndarray]:
    """An observation as the wrappers' dict."""
    return {
        "planes": obs.planes,
        "scalars": obs.scalars,
        "action_mask": obs.mask.astype(np.int8),
    }


class HupaiEnv(gymnasium.Env):  # type: ignore[misc]
    """One player of a hupai match as a Gymnasium environment (see the module)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: Any = "riichi",
        length: str = "hand",
        player: int = 0,
        opponents: Union[Opponent, Sequence[Opponent]] = "defensive",
        reward_scale: Optional[float] = None,
        illegal: str = "default",
        render_mode: Optional[str] = None,
        encoding: str = ENCODING,
    ) -> None:
        space = observation_space(encoding)
        players = players_of(rules)
        if player not in range(players):
            raise ActionError(
                f"player {player}: the rules seat {players} players, numbered 0..={players - 1}"
            )
        if illegal not in ("default", "raise"):
            raise ActionError(f"illegal={illegal!r}: use 'default' or 'raise'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: use None or 'ansi'")
        if isinstance(opponents, str) or callable(opponents):
            others: list[Opponent] = [opponents] * (players - 1)  # type: ignore[list-item]
        else:
            others = list(opponents)
        if len(others) != players - 1:
            raise ActionError(
                f"{len(others)} opponents: the rules seat {players} players, "
                f"give one or {players - 1}"
            )
        self.player = player
        self.render_mode = render_mode
        self.illegal = illegal
        seats: list[Optional[str]] = []
        self._callables: dict[int, Callable[[Observation], Any]] = {}
        it = iter(others)
        for p in range(players):
            if p == player:
                seats.append(None)
                continue
            o = next(it)
            if isinstance(o, str):
                seats.append(o)
            elif callable(o):
                seats.append(None)
                self._callables[p] = o
            else:
                raise ActionError(f"an opponent is a spec or a callable, not {type(o).__name__}")
        self._env = MahjongEnv(rules, length=length, agents=seats, encoding=encoding)
        if reward_scale is None:
            reward_scale = 1000.0 if self._env.family == "riichi" else 1.0
        self.reward_scale = float(reward_scale)
        self.observation_space = space
        self.action_space = spaces.Discrete(ACTIONS)
        self._obs: Optional[Observation] = None
        self._last_score = 0

    @property
    def mahjong_env(self) -> MahjongEnv:
        """The underlying ``MahjongEnv``."""
        return self._env

    def _advance(self, pending: dict[int, Observation]) -> None:
        """Answers the callables until the player must decide or the match is over."""
        while not self._env.done():
            others = {p: o for p, o in pending.items() if p in self._callables}
            if not others:
                break
            pending = self._env.step({p: self._callables[p](o) for p, o in others.items()})
        mine = pending.get(self.player)
        self._obs = mine if mine is not None else self._env.observe(self.player)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        assert self._obs is not None
        return {
            "legal_actions": self._obs.legal_actions(),
            "illegal": illegal,
            "scores": self._env.scores(),
            "seat": self._obs.seat,
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**62))
        while True:
            self._advance(self._env.reset(seed=game_seed))
            if not self._env.done():
                break
            game_seed += 1
        self._last_score = self._env.scores()[self.player]
        assert self._obs is not None
        return encode(self._obs), self._info()

    def step(
        self, action: Any
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._obs is None or self._env.done():
            raise EnvError("call reset() first: the match is over or not started")
        a = int(action)
        if not 0 <= a < ACTIONS:
            raise ActionError(f"action id {a}: ids are 0..{ACTIONS}")
        illegal = a not in self._obs.legal_actions()
        if illegal:
            if self.illegal == "raise":
                raise ActionError(f"action {a} is not a legal option now")
            a = int(self._obs.default_action())  # type: ignore[arg-type]
        self._advance(self._env.step({self.player: a}))
        score = self._env.scores()[self.player]
        reward = (score - self._last_score) / self.reward_scale
        self._last_score = score
        terminated = self._env.done()
        return encode(self._obs), float(reward), terminated, False, self._info(illegal)

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi" or self._obs is None:
            return None
        v = self._obs.view()
        return f"seat {v['seat']} hand {' '.join(v['hand'])} scores {v['scores']}"

    def close(self) -> None:
        self._obs = None

