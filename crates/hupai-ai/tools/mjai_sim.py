"""Seat `hupai mjai-bot` in the mjai (PyPI, 0.2.1) simulator against its rule-based bots.

    python3 -m venv /tmp/mjai-venv && /tmp/mjai-venv/bin/pip install mjai==0.2.1
    /tmp/mjai-venv/bin/python crates/hupai-ai/tools/mjai_sim.py target/release/hupai [games] [seat]

The simulator's Rust arena (mlibriichi) checks every answer; an illegal one raises. No docker:
each seat is a Python object with `react(events) -> str`, ours pipes the events line to the
bot process and reads one answer line.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from mjai.bot.rulebase import RulebaseBot
from mjai.engine import DockerMjaiLogEngine
from mjai.mlibriichi.arena import Match

TRACE = open(sys.argv[4], "w") if len(sys.argv) > 4 else None


class Process:
    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def react(self, events: str) -> str:
        self.proc.stdin.write(events + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        if TRACE:
            TRACE.write(events + "\n=> " + answer + "\n")
        return answer


class Python:
    def __init__(self, player_id):
        self.bot = RulebaseBot(player_id)

    def react(self, events: str) -> str:
        return self.bot.react(events)


def main():
    binary = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    seat = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    totals = [0, 0, 0, 0]
    for g in range(games):
        with tempfile.TemporaryDirectory() as d:
            agents = []
            for i in range(4):
                player = Process([binary, "mjai-bot", "--agent", "defensive"]) if i == seat else Python(i)
                agents.append(DockerMjaiLogEngine(name=str(i), player=player))
            Match(log_dir=d).py_match(*agents, seed_start=(10000 + g, 2000))
            log = []
            for p in sorted(Path(d).glob("*")):
                if p.suffix in (".gz",):
                    import gzip

                    log = [json.loads(line) for line in gzip.open(p, "rt")]
            hora = [e for e in log if e["type"] == "hora"]
            ours = [e for e in hora if e["actor"] == seat]
            dealt = [e for e in hora if e["target"] == seat and e["actor"] != seat]
            starts = [e for e in log if e["type"] == "start_kyoku"]
            scores = list(starts[0]["scores"]) if starts else None
            for e in log:
                if scores and "deltas" in e and e["type"] != "reach_accepted":
                    scores = [a + b for a, b in zip(scores, e["deltas"])]
                if scores and e["type"] == "reach_accepted":
                    scores[e["actor"]] -= 1000
            print(f"game {g}: {len([e for e in log if e['type'] == 'start_kyoku'])} hands, "
                  f"our wins {len(ours)}, deal-ins {len(dealt)}, final scores {scores}")
            if scores:
                totals = [a + b for a, b in zip(totals, scores)]
    print("total scores", totals, "our seat", seat)


if __name__ == "__main__":
    main()
