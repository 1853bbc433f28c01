"""RiichiEnv's random self-play as one whole process, the reference for `hupai selfplay`.

Plays GAMES four-player riichi half games (RiichiEnv game_mode=2, the east and south rounds
that `hupai selfplay --rules riichi` plays) in RiichiEnv 0.4.11, every prompted player
answering with a random legal action, and prints the games, hands and decisions played.
Timed from outside against hupai over the same number of games (README, "Performance"):

    farm-bench 'python tools/bench/riichienv_selfplay.py 200' \
               'target/release/hupai selfplay --rules riichi --agents random --games 200 --json'
"""

import random
import sys

from riichienv import RiichiEnv


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rng = random.Random(0)
    decisions = 0
    for g in range(games):
        env = RiichiEnv(game_mode=2, seed=g)
        obs = env.reset()
        while not env.done():
            actions = {p: rng.choice(o.legal_actions()) for p, o in obs.items() if o.legal_actions()}
            decisions += len(actions)
            obs = env.step(actions)
    print(f"{games} games, {decisions} decisions")


if __name__ == "__main__":
    main()
