"""A PettingZoo AEC environment: the players of a hupai match as agents ``player_0`` ..
``player_3`` (``player_2`` under three-player rules such as ``"sanma"``), one decision at a
time.

>>> from hupai.pettingzoo import HupaiAECEnv
>>> env = HupaiAECEnv("mcr", length="hand")
>>> env.reset(seed=2)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     if terminated or truncated:
...         env.step(None)
...     else:
...         env.step(int(obs["action_mask"].nonzero()[0][0]))
>>> env.agents
[]

Observations are the Gymnasium wrapper's dicts (``planes``, ``scalars``, ``action_mask``), in
``encoding`` (``hupai-v4`` by default, ``hupai-v5``, ``hupai-v6`` or ``hupai-v7``).
When several players may claim a discard, each is selected in turn (seat order) and the
driver resolves the claims once all have answered. A player with nothing to decide is
observed with an all-zero mask. Rewards are score changes divided by ``reward_scale``
(default 1000 for riichi rules, 1 for the Chinese families). An illegal action raises
``hupai.ActionError`` (``illegal="default"`` plays the default instead).

>>> HupaiAECEnv("sanma").possible_agents
['player_0', 'player_1', 'player_2']
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ._hupai import ACTIONS, ENCODING, ActionError, MahjongEnv, Observation
from .gym import encode, observation_space


class HupaiAECEnv(AECEnv):  # type: ignore[misc]
    """The players of a hupai match (four, or three) as a PettingZoo AEC environment (see the
    module)."""

    metadata = {"render_modes": ["ansi"], "name": "hupai_v1", "is_parallelizable": False}

    def __init__(
        self,
        rules: Any = "riichi",
        length: str = "hand",
        reward_scale: Optional[float] = None,
        illegal: str = "raise",
        render_mode: Optional[str] = None,
        encoding: str = ENCODING,
    ) -> None:
        super().__init__()
        self._obs_space = observation_space(encoding)
        if illegal not in ("default", "raise"):
            raise ActionError(f"illegal={illegal!r}: use 'default' or 'raise'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: use None or 'ansi'")
        self._env = MahjongEnv(rules, length=length, encoding=encoding)
        if reward_scale is None:
            reward_scale = 1000.0 if self._env.family == "riichi" else 1.0
        self.reward_scale = float(reward_scale)
        self.illegal = illegal
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self._env.players)]
        self._act_space = spaces.Discrete(ACTIONS)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self._pending: dict[int, Observation] = {}
        self._scores = [0] * self._env.players
        self._seed_counter: Optional[int] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    @property
    def mahjong_env(self) -> MahjongEnv:
        """The underlying ``MahjongEnv``."""
        return self._env

    def _select(self) -> None:
        if self._pending:
            self.agent_selection = f"player_{min(self._pending)}"

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        if seed is not None:
            self._seed_counter = int(seed)
        elif self._seed_counter is None:
            self._seed_counter = int(np.random.SeedSequence().entropy % 2**62)  # type: ignore[operator]
        else:
            self._seed_counter += 1
        self._pending = dict(self._env.reset(seed=self._seed_counter))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._scores = self._env.scores()
        if self._env.done():
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = self.agents[0]
        else:
            self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = int(agent.rsplit("_", 1)[1])
        obs = self._pending.get(p)
        return encode(obs if obs is not None else self._env.observe(p))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = int(agent.rsplit("_", 1)[1])
        obs = self._pending[p]
        a = int(action)
        if a not in obs.legal_actions():
            if self.illegal == "raise":
                raise ActionError(f"action {a} is not a legal option of {agent} now")
            a = int(obs.default_action())  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        self._pending = dict(self._env.step({p: a}))
        scores = self._env.scores()
        for q, name in enumerate(self.possible_agents):
            self.rewards[name] = (scores[q] - self._scores[q]) / self.reward_scale
        self._scores = scores
        if self._env.done():
            self.terminations = {a: True for a in self.agents}
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        return f"scores {self._env.scores()}, to decide {sorted(self._pending)}"

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> HupaiAECEnv:
    """A ``HupaiAECEnv`` (PettingZoo's usual constructor name)."""
    return HupaiAECEnv(**kwargs)
