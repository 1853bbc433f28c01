#!/usr/bin/env python3
"""Write reference logs with Mortal's own simulator, for check_logs.py to accept.

Usage: mortal_logs.py DIR GAMES

The mjai package bundles libriichi's arena (``mjai.mlibriichi.arena.Match``), the simulator
Mortal is evaluated with. It plays GAMES east-south games between four ``Greedy`` agents
and writes each as ``DIR/mortal-N.jsonl``. The agents call and kan whenever libriichi lets
them, so the logs hold the event orders check_logs.py must accept from Mortal itself: open,
added and closed kans with their dora, chains of kans, calls and wins on the discards after
them. The agents play badly; that is not the point.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
import tempfile
from pathlib import Path

from mjai.mlibriichi.arena import Match

NAMES = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + list("ESWNPFC")
FIVES = {4: 0, 13: 1, 22: 2}  # tile kind of each five -> index in akas_in_hand


def kind_of(tile: str) -> int:
    return NAMES.index(tile.removesuffix("r"))


class Greedy:
    """Wins, kans, calls and (half the time) riichis whenever it can; discards at random.

    Implements the agent interface ``Match.py_match`` drives (see ``mjai.engine``).
    """

    engine_type = "mjai-log"

    def __init__(self, seed: int) -> None:
        self.name = f"greedy{seed}"
        self.player_ids: list[int] = []
        self.rng = random.Random(seed)

    def set_player_ids(self, player_ids: list[int]) -> None:
        self.player_ids = player_ids

    def start_game(self, game_index: int) -> None:
        pass

    def end_kyoku(self, game_index: int) -> None:
        pass

    def end_game(self, game_index: int, scores: list[int]) -> None:
        pass

    def react_batch(self, game_states) -> list[str]:
        return [json.dumps(self.react(game)) for game in game_states]

    @staticmethod
    def held(state, kind: int, count: int) -> list[str]:
        """``count`` tiles of ``kind`` from the hand, the red five first when held."""
        tiles = [NAMES[kind] + "r"] if kind in FIVES and state.akas_in_hand[FIVES[kind]] else []
        return (tiles + [NAMES[kind]] * count)[:count]

    def react(self, game) -> dict:
        state, cans = game.state, game.state.last_cans
        me = self.player_ids[game.game_index]
        events = json.loads(game.events_json)
        if cans.can_tsumo_agari:
            return {"type": "hora", "actor": me, "target": me}
        if cans.can_ron_agari:
            return {"type": "hora", "actor": me, "target": cans.target_actor}
        if cans.can_ankan:
            kind = kind_of(state.ankan_candidates()[0])
            return {"type": "ankan", "actor": me, "consumed": self.held(state, kind, 4)}
        if cans.can_kakan:
            kind = kind_of(state.kakan_candidates()[0])
            pon = next(
                e for e in reversed(events) if e["type"] == "pon" and e["actor"] == me and kind_of(e["pai"]) == kind
            )
            return {"type": "kakan", "actor": me, "pai": self.held(state, kind, 1)[0], "consumed": [pon["pai"], *pon["consumed"]]}
        if cans.can_riichi and self.rng.random() < 0.5:
            return {"type": "reach", "actor": me}
        if not cans.can_discard and state.last_kawa_tile() is not None:
            pai = state.last_kawa_tile()
            kind, target = kind_of(pai), cans.target_actor
            call = {"actor": me, "target": target, "pai": pai}
            if cans.can_daiminkan:
                return {"type": "daiminkan", **call, "consumed": self.held(state, kind, 3)}
            if cans.can_pon:
                return {"type": "pon", **call, "consumed": self.held(state, kind, 2)}
            for can, offsets in ((cans.can_chi_low, (1, 2)), (cans.can_chi_mid, (-1, 1)), (cans.can_chi_high, (-2, -1))):
                if can:
                    return {"type": "chi", **call, "consumed": [self.held(state, kind + d, 1)[0] for d in offsets]}
        if cans.can_discard:
            drawn = state.last_self_tsumo()
            allowed = [k for k, n in enumerate(state.tehai) if n and not state.forbidden_tiles[k]]
            if drawn is not None and (self.rng.random() < 0.5 or state.self_riichi_accepted):
                pai = drawn
            else:
                pai = self.held(state, self.rng.choice(allowed), 1)[0]
            return {"type": "dahai", "actor": me, "pai": pai, "tsumogiri": pai == drawn}
        return {"type": "none"}


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 2
    out, games = Path(sys.argv[1]), int(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for game in range(games):
        with tempfile.TemporaryDirectory() as directory:
            Match(log_dir=directory).py_match(*(Greedy(4 * game + seat) for seat in range(4)), seed_start=(game, 1))
            (log,) = Path(directory).glob("*.json.gz")
            text = gzip.decompress(log.read_bytes()).decode()
        # Match ends a hand with a ryukyoku that names no reason when an agent raises (it
        # prints the error and plays on); Mortal's own draws carry only deltas.
        if any(json.loads(line).get("reason") for line in text.splitlines()):
            print(f"mortal_logs.py: an agent failed in game {game}", file=sys.stderr)
            return 1
        (out / f"mortal-{game}.jsonl").write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
