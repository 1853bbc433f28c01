#!/usr/bin/env python3
"""Check hupai's riichi game logs against three public mjai tools.

Usage: check_logs.py [--mend] [--self-test] [--max-failures N] [--require KINDS] [--jobs N] PATH...

Every PATH is a ``*.jsonl`` log or a directory searched recursively for them. Each log is
replayed through each tool's own game state and rule checking, and every ``hora`` is
re-scored with the tool's own scorer where it has one:

* ``mjai`` 0.2.1 bundles Mortal's rules library (libriichi) as ``mjai.mlibriichi``. Four
  ``state.PlayerState`` objects (one per seat) are fed every event with ``update``; before
  each action the acting seat's state is asked ``validate_reaction``, which raises unless
  the action is among the candidates libriichi offers at that point (discard of a held,
  allowed tile, riichi, chi/pon/kan, tsumo or ron agari, nine-terminals draw). Events are
  judged in the order Mortal's own simulator writes them, see ``LibriichiCheck``.
  libriichi's scorer is not exposed to Python, so it re-scores nothing.
* ``jansou`` 0.14.0: ``jansou.io.mjai.parse_mjai`` reads the log, ``jansou.io.replay.
  replay_round_decisions`` drives every hand through jansou's live game flow (every logged action
  must be on the menu jansou offers, every wall tile must fit) and ``jansou.io.paifu.
  replay_round`` + ``jansou.scoring.score.score`` re-score each win, compared by
  ``jansou.validation.check.check_win`` (value and fu) and here also han and fu.
* ``riichienv`` 0.4.11: ``riichienv.MjaiReplay.from_jsonl`` reads the log; every hand's
  ``Kyoku.steps()`` replays it through riichienv's game engine, and each logged action must
  be one of the observation's ``legal_actions()``; each win is re-scored by riichienv's
  ``HandEvaluator`` (han, fu, points) with riichienv's ``WinResultContext`` conditions,
  corrected where ``MjaiReplay`` rebuilds wins wrongly, see ``RiichienvCheck``.

``--mend`` also runs every check on the logs as changed, in memory, by the format changes
this tool proposes (``MENDS``), and prints both results; ``--self-test`` requires each tool
to reject logs broken on purpose. The exit status is non-zero when any check fails (in
either pass), so it is zero only once the logs need no mending.
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

Event = dict
#: A log: (1-based line number in the file, event), in the order the tools are fed.
Log = list[tuple[int, Event]]

TOOLS = ("mjai", "jansou", "riichienv")
CALLS = ("chi", "pon", "daiminkan")
KANS = ("daiminkan", "kakan", "ankan")
#: The live wall of a four-player riichi hand: every draw, replacement draws included.
LIVE_DRAWS = 70
#: Draws from the live wall in a hand of three-player riichi (108 - 14 - 3 x 13), kita
#: replacements included.
LIVE_DRAWS_THREE = 55


# --- Results -----------------------------------------------------------------------------


@dataclass
class Failure:
    """One thing a tool rejected: where, and the tool's own words."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass
class ToolResult:
    """What one tool made of one log (or, summed, of many)."""

    logs: int = 0
    accepted: int = 0
    events: int = 0
    decisions: int = 0
    wins: int = 0
    rescored: int = 0
    matching: int = 0
    failures: list[Failure] = field(default_factory=list)

    def add(self, other: "ToolResult") -> None:
        for name in ("logs", "accepted", "events", "decisions", "wins", "rescored", "matching"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.failures.extend(other.failures)


def tool_error(error: BaseException) -> str:
    """A tool's exception as one line, without the Rust backtrace libriichi appends."""
    text = str(error).split("Stack backtrace:")[0]
    lines = [part.strip() for part in text.splitlines() if part.strip()]
    return f"{type(error).__name__}: {' | '.join(lines)}"[:400]


# --- Reading logs ------------------------------------------------------------------------


def find_logs(paths: Iterable[str]) -> list[Path]:
    """Every ``*.jsonl`` file named or found under the given directories, sorted."""
    found: set[Path] = set()
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found.update(p for p in path.rglob("*.jsonl") if p.is_file())
        elif path.is_file():
            found.add(path)
        else:
            raise SystemExit(f"check_logs.py: no such file or directory: {name}")
    return sorted(found)


def read_log(path: Path) -> Log:
    """The log's events with their line numbers (blank lines skipped)."""
    lines = path.read_text().splitlines()
    return [(n, json.loads(text)) for n, text in enumerate(lines, 1) if text.strip()]


def to_jsonl(log: Log) -> str:
    return "".join(json.dumps(ev, separators=(",", ":")) + "\n" for _, ev in log)


def hupai_rules_name(log: Log) -> str:
    """The hupai rule set the log was played under (before or after mending)."""
    for _, ev in log:
        if ev["type"] == "start_game":
            name = ev.get("hupai_rules", ev.get("rules"))
            return name if isinstance(name, str) else "riichi"
    return "riichi"


# --- The proposed format changes -----------------------------------------------------------

#: jansou's preset for each hupai riichi rule set (the closest one: see README.md).
JANSOU_PRESET = {"riichi": "tenhou", "riichi-majsoul": "mahjong-soul"}
#: riichienv's rule name for each hupai riichi rule set.
RIICHIENV_RULE = {
    "riichi": "tenhou",
    "riichi-majsoul": "mjsoul",
    "sanma": "tenhou",
    "sanma-majsoul": "mjsoul",
}


def mend_start_game(log: Log) -> Log:
    """``start_game``: the rule set's name and the seed move to keys of hupai's own.

    jansou reads ``rules`` as an object of its rule settings and ``preset`` as one of its
    preset names; libriichi reads ``seed`` as a pair ``[nonce, key]``. So hupai's name goes
    to ``hupai_rules``, the seed to ``hupai_seed``, and jansou gets its closest ``preset``.
    """
    out: Log = []
    for line, ev in log:
        if ev["type"] == "start_game":
            ev = dict(ev)
            if isinstance(ev.get("rules"), str):
                ev["hupai_rules"] = ev.pop("rules")
            if "seed" in ev and not isinstance(ev["seed"], list):
                ev["hupai_seed"] = ev.pop("seed")
            preset = JANSOU_PRESET.get(ev.get("hupai_rules", ""))
            if preset and "preset" not in ev:
                ev["preset"] = preset
        out.append((line, ev))
    return out


def mend_hora_yaku(log: Log) -> Log:
    """``hora.yaku``: ``[name, han]`` pairs, hupai's objects kept under ``hupai_yaku``."""
    out: Log = []
    for line, ev in log:
        if ev["type"] == "hora" and any(isinstance(y, dict) for y in ev.get("yaku", [])):
            ev = dict(ev)
            ev["hupai_yaku"] = ev["yaku"]
            ev["yaku"] = [[y["name"], y["value"]] for y in ev["hupai_yaku"]]
        out.append((line, ev))
    return out


def mend_kan_dora_order(log: Log) -> Log:
    """The dora of an open or added kan is written before the discard that reveals it.

    hupai writes ``daiminkan``/``kakan``, ``tsumo``, ``dahai``, ``dora``; Mortal's simulator
    writes ``daiminkan``/``kakan``, ``tsumo``, ``dora``, ``dahai``, so that a call or ron on
    that discard directly follows it. A ``dora`` right after a ``dahai`` moves before it.
    """
    out: Log = []
    for line, ev in log:
        if ev["type"] == "dora" and out and out[-1][1]["type"] == "dahai":
            out.insert(len(out) - 1, (line, ev))
        else:
            out.append((line, ev))
    return out


#: The format changes proposed to hupai, in the order they are applied.
MENDS: list[tuple[str, Callable[[Log], Log]]] = [
    ("start_game: rules -> hupai_rules (+ jansou preset), seed -> hupai_seed", mend_start_game),
    ("hora.yaku: [name, han] pairs (objects -> hupai_yaku)", mend_hora_yaku),
    ("dora of an open/added kan before the discard that reveals it", mend_kan_dora_order),
]


def mended(log: Log) -> Log:
    for _, mend in MENDS:
        log = mend(log)
    return log


# --- Win values from the log ---------------------------------------------------------------


@dataclass
class LoggedWin:
    """A ``hora`` line and the value hupai logged for it."""

    line: int
    event: Event
    value: int  # what the payers pay, before honba and riichi sticks
    first: bool  # the first win on the discard (the one that takes honba and sticks)


def players(log: Log) -> int:
    """Seats at the table: the number of hands dealt by the first ``start_kyoku`` (3 in
    three-player riichi, whose logs only riichienv of the three tools reads)."""
    for _, ev in log:
        if ev["type"] == "start_kyoku":
            return len(ev["tehais"])
    return 4


def logged_wins(log: Log) -> list[list[LoggedWin]]:
    """The logged wins of each hand (``start_kyoku`` to ``end_kyoku``), in order."""
    hands: list[list[LoggedWin]] = []
    honba = 0
    payers = players(log) - 1
    for line, ev in log:
        if ev["type"] == "start_kyoku":
            hands.append([])
            honba = ev["honba"]
        elif ev["type"] == "hora" and hands:
            first = not hands[-1]
            paid = -sum(d for seat, d in enumerate(ev["deltas"]) if seat != ev["actor"])
            value = paid - (100 * payers * honba if first else 0)
            hands[-1].append(LoggedWin(line, ev, value, first))
    return hands


def compare_win(tool: str, win: LoggedWin, han: int | None, fu: int | None, value: int) -> str:
    """How a tool's re-score differs from the log ('' when it matches)."""
    diffs = []
    if value != win.value:
        diffs.append(f"value {value} != logged {win.value}")
    for name, score in (("han", han), ("fu", fu)):  # compared where both state them
        if score is not None and name in win.event and score != win.event[name]:
            diffs.append(f"{name} {score} != logged {win.event[name]}")
    if not diffs:
        return ""
    return f"{tool} re-scores the win differently: {', '.join(diffs)}"


# --- mjai (libriichi) ----------------------------------------------------------------------


class LibriichiCheck:
    """Replays a log through libriichi's ``PlayerState``, one per seat.

    ``PlayerState.update`` resets a seat's action candidates on every event, so an action
    is judged against the candidates of the seat's state after the event it answers. Like
    Mortal's simulator (``libriichi/src/arena/board.rs``), which validates each reaction
    against that state and only then writes the announcements that go with the reaction,
    two announcements may stand between that event and the action:

    * ``reach_accepted`` before a chi, pon or daiminkan (the riichi is accepted as the call
      is made), and
    * ``dora`` before a dahai or ankan (the dora of the previous open or added kan is turned
      as the discard or the next kan is made), and here also before a kakan: Mortal turns
      that dora just after the kakan instead, but either way it falls between the drawer's
      own draw and its own decision, which it does not change.

    Any other event in between -- such as a ``dora`` between a discard and the chi, pon or
    ron on it -- reaches the seat first and clears its candidates, just as it would for a
    libriichi bot fed the log, so libriichi then rejects the action. ``hora`` and
    ``ryukyoku`` end the hand and are not fed; every ``hora`` of a multiple ron is checked
    against the same state.
    """

    ANNOUNCEMENTS = ("reach_accepted", "dora")
    ACTIONS = ("dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan")

    def __init__(self) -> None:
        from mjai.mlibriichi.state import PlayerState

        self.PlayerState = PlayerState

    @staticmethod
    def may_precede(announcement: str, action: str) -> bool:
        if announcement == "reach_accepted":
            return action in CALLS
        return action in ("dahai", "ankan", "kakan")

    def check(self, path: str, log: Log) -> ToolResult:
        result = ToolResult(logs=1)
        states = [self.PlayerState(seat) for seat in range(4)]
        pending: list[str] = []
        last_drawer = 0
        line = 0
        cleared: list[str] = []  # announcements fed just before the action being judged

        def feed(lines: list[str]) -> None:
            for text in lines:
                for state in states:
                    state.update(text)

        try:
            for line, ev in log:
                kind = ev["type"]
                text = json.dumps(ev)
                result.events += 1
                cleared = []
                if kind in self.ANNOUNCEMENTS:
                    pending.append(text)
                    continue
                if kind in self.ACTIONS or kind == "hora":
                    if not all(self.may_precede(json.loads(p)["type"], kind) for p in pending):
                        feed(pending)
                        cleared = [json.loads(p)["type"] for p in pending]
                        pending = []
                    result.decisions += 1
                    states[ev["actor"]].validate_reaction(text)
                    if kind == "hora":
                        continue
                elif kind == "ryukyoku":
                    if ev.get("reason") == "nine_terminals":
                        result.decisions += 1
                        feed(pending)
                        pending = []
                        states[last_drawer].validate_reaction('{"type":"ryukyoku"}')
                    continue
                elif kind == "tsumo":
                    last_drawer = ev["actor"]
                feed(pending + [text])
                pending = []
        except BaseException as error:  # pyo3 panics derive from BaseException
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            message = f"mjai (libriichi): {tool_error(error)}"
            if cleared:
                message += f" (the {', '.join(cleared)} before it cleared the seat's candidates)"
            result.failures.append(Failure(path, line, message))
            return result
        result.accepted = 1
        return result


# --- jansou --------------------------------------------------------------------------------


class JansouCheck:
    """Parses, replays and re-scores a log with jansou."""

    #: Log events that become events of a jansou round, in order (jansou.io.mjai).
    ROUND_EVENTS = ("tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "kita", "dora")

    def __init__(self) -> None:
        from jansou.io.mjai import parse_mjai
        from jansou.io.paifu import replay_round
        from jansou.io.replay import ReplayError, replay_round_decisions
        from jansou.scoring.score import ScoringError, score
        from jansou.validation.check import check_win

        self.parse_mjai = parse_mjai
        self.replay_round = replay_round
        self.replay_round_decisions = replay_round_decisions
        self.ReplayError = ReplayError
        self.score = score
        self.ScoringError = ScoringError
        self.check_win = check_win

    def round_lines(self, log: Log) -> list[tuple[int, list[int]]]:
        """For each hand: its ``start_kyoku`` line and the lines of its jansou events."""
        rounds: list[tuple[int, list[int]]] = []
        for line, ev in log:
            if ev["type"] == "start_kyoku":
                rounds.append((line, []))
            elif ev["type"] in self.ROUND_EVENTS and rounds:
                rounds[-1][1].append(line)
        return rounds

    def check(self, path: str, log: Log) -> ToolResult:
        result = ToolResult(logs=1, events=len(log))
        rounds = self.round_lines(log)
        try:
            paifu = self.parse_mjai(to_jsonl(log))
        except Exception as error:
            line = next((n for n, ev in log if ev["type"] == "start_game"), 1)
            result.failures.append(Failure(path, line, f"jansou: {tool_error(error)}"))
            return result
        replayed = True
        for index in range(len(paifu.rounds)):
            try:
                for _ in self.replay_round_decisions(paifu, index):
                    result.decisions += 1
            except self.ReplayError as error:
                start, lines = rounds[index]
                event = error.event_index
                line = lines[event] if event is not None and event < len(lines) else start
                result.failures.append(Failure(path, line, f"jansou: {tool_error(error)}"))
                replayed = False
                break
        wins = logged_wins(log)
        for index, round_log in enumerate(paifu.rounds):
            try:
                records = self.replay_round(round_log, paifu.rules, paifu.player_count)
            except Exception as error:
                if replayed:  # else the replay already reported the hand
                    message = f"jansou: replay_round: {tool_error(error)}"
                    result.failures.append(Failure(path, rounds[index][0], message))
                    replayed = False
                continue
            for record, win in zip(records, wins[index]):
                result.wins += 1
                try:
                    scored = self.score(record.hand, record.winning_tile, record.context)
                except self.ScoringError as error:
                    result.failures.append(Failure(path, win.line, f"jansou: {tool_error(error)}"))
                    continue
                result.rescored += 1
                verdict = self.check_win(record)
                payment = scored.payment
                value = payment.total - payment.honba - payment.sticks
                han = None if scored.is_yakuman else scored.han
                fu = None if scored.is_yakuman else scored.fu.total
                problem = compare_win("jansou", win, han, fu, value)
                if not verdict.passed:
                    problem = problem or f"jansou: check_win: {verdict.detail}"
                if problem:
                    names = ",".join(y.yaku.name.lower() for y in scored.yaku)
                    result.failures.append(Failure(path, win.line, f"{problem} [jansou: {names}]"))
                else:
                    result.matching += 1
        result.accepted = int(replayed)
        return result


# --- riichienv -----------------------------------------------------------------------------


class RiichienvCheck:
    """Reads, replays and re-scores a log with riichienv.

    ``MjaiReplay`` rebuilds each win (``WinResultContext``) with faults that show on
    riichienv's own logs too: every hand's wall count starts at the number of tiles left
    when the hand *ended* (so every win after the 35th draw is haitei or houtei), a closed
    kan becomes ``1m 1m 1m 1m`` and takes 1m tiles out of the hand, the last kan dora
    indicator is counted twice, and a win on a kan's replacement tile is not rinshan. So a
    win is re-scored by riichienv's ``HandEvaluator`` on the hand, melds, winning tile and
    dora indicators the log shows, with haitei, houtei, rinshan and chankan from the log,
    and riichienv's own judgement of everything else (riichi, double riichi, ippatsu,
    first turn, winds, honba); where riichienv's context differs, that is counted. The
    evaluator is riichienv's native one (``riichienv._riichienv.HandEvaluator``, the class
    ``WinResultContext.create_calculator()`` returns): the Python wrapper
    ``riichienv.HandEvaluator`` counts a kan as three tiles, so it adds the winning tile a
    second time to a hand with two kans.
    """

    def __init__(self) -> None:
        import riichienv
        from riichienv._riichienv import HandEvaluator, HandEvaluator3P
        from riichienv.convert import mjai_to_tid

        self.rv = riichienv
        self.HandEvaluator = HandEvaluator
        self.HandEvaluator3P = HandEvaluator3P
        self.tid = mjai_to_tid
        self.MELD = {
            "chi": riichienv.MeldType.Chi,
            "pon": riichienv.MeldType.Pon,
            "daiminkan": riichienv.MeldType.Daiminkan,
            "kakan": riichienv.MeldType.Kakan,
            "ankan": riichienv.MeldType.Ankan,
        }
        self.corrected: collections.Counter = collections.Counter()

    @staticmethod
    def action_key(action) -> str:
        """An action as comparable text: its mjai form without the actor, consumed sorted."""
        data = json.loads(action.to_mjai())
        data.pop("actor", None)
        if data.get("type") == "kita":
            data.pop("pai", None)  # riichienv writes the North on its options, not the replay's
        if "consumed" in data:
            data["consumed"] = sorted(data["consumed"])
        return json.dumps(data, sort_keys=True)

    def parse_error_line(self, log: Log, rule: str, directory: str) -> int:
        """The first line riichienv cannot read (its message names none)."""
        low, high = 1, len(log)  # the shortest failing prefix has `high` events
        while low < high:
            middle = (low + high) // 2
            probe = os.path.join(directory, "prefix.jsonl")
            Path(probe).write_text(to_jsonl(log[:middle]))
            try:
                self.rv.MjaiReplay.from_jsonl(probe, rule)
                low = middle + 1
            except ValueError:
                high = middle
        return log[high - 1][0]

    @staticmethod
    def hands(log: Log) -> list[dict]:
        """Per hand: its start line, its action lines, and each win as the log shows it.

        A hand whose tiles do not add up (a tile discarded that is not held) gets
        ``broken``; riichienv's replay must reject it, and its wins are not re-scored.
        """
        hands: list[dict] = []
        live_draws = LIVE_DRAWS if players(log) == 4 else LIVE_DRAWS_THREE
        draws = 0
        previous = ""
        last_tile = ""
        last_drawn_after_kan = False
        concealed: list[list[str]] = []
        melds: list[list[tuple[str, list[str]]]] = []
        doras: list[str] = []
        for line, ev in log:
            kind = ev["type"]
            if kind == "start_kyoku":
                hands.append({"start": line, "actions": [], "wins": []})
                draws = 0
                previous = ""
                concealed = [list(tiles) for tiles in ev["tehais"]]
                melds = [[] for _ in range(4)]
                doras = [ev["dora_marker"]]
                continue
            if not hands:
                continue
            hand = hands[-1]
            actor = ev.get("actor")
            if kind in LibriichiCheck.ACTIONS or kind == "hora":
                hand["actions"].append(line)
            try:
                RiichienvCheck._follow(ev, concealed, melds)
            except ValueError:
                hand["broken"] = line
            if kind in ("tsumo", "dahai", "kakan"):
                last_tile = ev["pai"]  # the winning tile of a hora without "pai"
            if kind == "tsumo":
                draws += 1
                # A replacement draw: after a kan, or a North set aside (kita, rinshan too).
                last_drawn_after_kan = previous in KANS + ("kita",)
            elif kind == "dora":
                doras.append(ev["dora_marker"])
            elif kind == "hora":
                tsumo = actor == ev["target"]
                robbed = previous in ("kakan", "ankan", "kita")
                pai = ev.get("pai", last_tile)
                hand["wins"].append(
                    {
                        "tiles": concealed[actor] + ([] if tsumo else [pai]),
                        "melds": list(melds[actor]),
                        "pai": pai,
                        "doras": list(doras),
                        "uras": ev.get("ura_markers", ev.get("uradora_markers", [])),
                        "haitei": tsumo and draws == live_draws and not last_drawn_after_kan,
                        "houtei": not tsumo and draws == live_draws and not robbed,
                        "rinshan": tsumo and last_drawn_after_kan,
                        "chankan": not tsumo and robbed and previous != "kita",
                        "players": players(log),
                    }
                )
                continue  # a multiple ron's later wins follow the same discard
            if kind not in ("dora", "reach_accepted"):
                previous = kind
        return hands

    @staticmethod
    def _follow(ev: Event, concealed: list[list[str]], melds: list[list[tuple[str, list[str]]]]) -> None:
        """Moves the tiles of one event between a seat's concealed tiles and its melds."""
        kind, actor = ev["type"], ev.get("actor")
        if kind == "tsumo":
            concealed[actor].append(ev["pai"])
        elif kind in ("dahai", "kita"):
            concealed[actor].remove(ev["pai"])
        elif kind in ("chi", "pon", "daiminkan", "ankan"):
            for tile in ev["consumed"]:
                concealed[actor].remove(tile)
            melds[actor].append((kind, ev["consumed"] + ([ev["pai"]] if kind != "ankan" else [])))
        elif kind == "kakan":
            concealed[actor].remove(ev["pai"])
            for index, (meld_kind, tiles) in enumerate(melds[actor]):
                if meld_kind == "pon" and sorted(tiles) == sorted(ev["consumed"]):
                    melds[actor][index] = ("kakan", tiles + [ev["pai"]])
                    break

    def rescore(self, context, win: dict):
        """riichienv's score of a win as the log shows it (see the class docstring)."""
        tiles = [self.tid(t) for t in win["tiles"]]
        doras = [self.tid(t) for t in win["doras"]]
        kinds = sorted(t // 4 for t in tiles)
        if sorted(t // 4 for t in context.tiles) != kinds:
            self.corrected["hand rebuilt from the log (closed kan)"] += 1
        if sorted(context.dora_indicators) != sorted(doras):
            self.corrected["dora indicators taken from the log"] += 1
        conditions = context.conditions
        for name in ("haitei", "houtei", "rinshan", "chankan"):
            if getattr(conditions, name) != win[name]:
                self.corrected[f"{name} set from the log"] += 1
                setattr(conditions, name, win[name])
        melds = [
            self.rv.Meld(self.MELD[kind], [self.tid(t) for t in meld], kind != "ankan")
            for kind, meld in win["melds"]
        ]
        uras = [self.tid(t) for t in win["uras"]]
        evaluator = self.HandEvaluator if win["players"] == 4 else self.HandEvaluator3P
        return evaluator(tiles, melds).calc(self.tid(win["pai"]), doras, uras, conditions)

    def check(self, path: str, log: Log) -> ToolResult:
        result = ToolResult(logs=1, events=len(log))
        rule = RIICHIENV_RULE.get(hupai_rules_name(log), "tenhou")
        with tempfile.TemporaryDirectory() as directory:
            file = os.path.join(directory, "log.jsonl")
            Path(file).write_text(to_jsonl(log))
            try:
                replay = self.rv.MjaiReplay.from_jsonl(file, rule)
                kyokus = list(replay.take_kyokus())
            except ValueError as error:
                line = self.parse_error_line(log, rule, directory)
                result.failures.append(Failure(path, line, f"riichienv: {tool_error(error)}"))
                return result
        hands = self.hands(log)
        wins = logged_wins(log)
        accepted = True
        for index, kyoku in enumerate(kyokus):
            hand = hands[index]
            taken = 0
            try:
                for seat, obs, action in kyoku.steps():
                    result.decisions += 1
                    passing = self.action_key(action) == json.dumps({"type": "none"})
                    if not passing:
                        taken += 1
                    legal = {self.action_key(a) for a in obs.legal_actions()}
                    if self.action_key(action) not in legal:
                        at = hand["actions"][min(max(taken - 1, 0), len(hand["actions"]) - 1)]
                        message = f"riichienv: {action.to_mjai()} by seat {seat} is not a legal action"
                        result.failures.append(Failure(path, at, message))
                        accepted = False
                        break
            except BaseException as error:  # pyo3 panics derive from BaseException
                if isinstance(error, (KeyboardInterrupt, SystemExit)):
                    raise
                actions = hand["actions"]  # riichienv failed to replay the next action
                at = actions[min(taken, len(actions) - 1)] if actions else hand["start"]
                result.failures.append(Failure(path, at, f"riichienv: {tool_error(error)}"))
                accepted = False
            if "broken" in hand:
                if accepted:
                    message = "riichienv: accepted a hand whose tiles do not add up"
                    result.failures.append(Failure(path, hand["broken"], message))
                    accepted = False
                continue
            contexts = list(kyoku.take_win_result_contexts())
            if len(contexts) != len(wins[index]):
                message = f"riichienv: rebuilt {len(contexts)} wins where the log has {len(wins[index])}"
                result.failures.append(Failure(path, hand["start"], message))
            for context, win, shown in zip(contexts, wins[index], hand["wins"]):
                result.wins += 1
                scored = self.rescore(context, shown)
                if not scored.is_win:
                    result.failures.append(Failure(path, win.line, "riichienv: the hand does not win"))
                    continue
                result.rescored += 1
                tsumo = win.event["actor"] == win.event["target"]
                others = shown["players"] - 2  # payers besides the dealer (ツモ損 at three)
                if not tsumo:
                    value = scored.ron_agari
                elif context.conditions.player_wind == self.rv.Wind.East:
                    value = (others + 1) * scored.tsumo_agari_ko
                else:
                    value = scored.tsumo_agari_oya + others * scored.tsumo_agari_ko
                han = None if scored.yakuman else scored.han
                fu = None if scored.yakuman else scored.fu
                problem = compare_win("riichienv", win, han, fu, value)
                if problem:
                    names = ",".join(y.name_en for y in scored.yaku_list())
                    result.failures.append(Failure(path, win.line, f"{problem} [riichienv: {names}]"))
                else:
                    result.matching += 1
        result.accepted = int(accepted)
        return result


# --- Self-test -------------------------------------------------------------------------------


def corrupt_discard(log: Log) -> tuple[Log, int]:
    """The log with its first discard changed to a tile kind the discarder never held."""
    held: list[set[str]] = [set() for _ in range(4)]
    for _, ev in log:
        if ev["type"] == "start_kyoku":
            held = [{t.rstrip("r") for t in tiles} for tiles in ev["tehais"]]
        elif ev["type"] == "tsumo":
            held[ev["actor"]].add(ev["pai"].rstrip("r"))
        elif ev["type"] == "dahai":
            break
    out = [(line, dict(ev)) for line, ev in log]
    for line, ev in out:
        if ev["type"] == "dahai":
            kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")
            ev["pai"] = next(k for k in kinds if k not in held[ev["actor"]])
            ev["tsumogiri"] = False
            return out, line
    raise ValueError("the log has no discard")


def corrupt_win(log: Log, change: str) -> tuple[Log, int]:
    """The log with its first win's value (1,000 more from the payers) or han changed."""
    out = [(line, dict(ev)) for line, ev in log]
    for line, ev in out:
        if ev["type"] == "hora":
            if change == "value":
                deltas = list(ev["deltas"])
                payer = ev["target"] if ev["target"] != ev["actor"] else (ev["actor"] + 1) % 4
                deltas[payer] -= 1000
                deltas[ev["actor"]] += 1000
                ev["deltas"] = deltas
            else:
                ev["han"] += 1
            return out, line
    raise ValueError("the log has no win")


def self_test(logs: list[Path]) -> bool:
    """Each tool must reject logs broken on purpose, at the broken line.

    Taken from the first given log with a win, mended: a discard of a tile never held (every
    tool must reject it), a win paid 1,000 more than its value and a win with one han too
    many (jansou and riichienv, whose scorers see it, must report them).
    """
    base = next((mended(read_log(p)) for p in logs if any(e["type"] == "hora" for _, e in read_log(p))), None)
    if base is None:
        print("== self-test: no log with a win to break")
        return False
    checks = _checks()
    cases = [
        ("discard of a tile never held", corrupt_discard(base), TOOLS),
        ("win paid 1,000 more than its value", corrupt_win(base, "value"), ("jansou", "riichienv")),
        ("win logged with one han too many", corrupt_win(base, "han"), ("jansou", "riichienv")),
    ]
    ok = True
    print("== self-test: logs broken on purpose must be rejected at the broken line")
    for name, (log, line), tools in cases:
        for tool in TOOLS:
            failures = checks[tool].check("<broken>", log).failures
            caught = any(f.line == line for f in failures)
            expected = tool in tools
            verdict = "rejected" if caught else "accepted"
            good = caught == expected or (not expected and not failures)
            ok &= good
            shown = failures[0].message if failures else ""
            print(f"  {'ok ' if good else 'BAD'} {name}: {tool} {verdict} line {line} {shown}")
    base_ok = all(not checks[tool].check("<base>", base).failures for tool in TOOLS)
    print(f"  {'ok ' if base_ok else 'BAD'} the same log unbroken: accepted by all three")
    return ok and base_ok


# --- Running -------------------------------------------------------------------------------

_CHECKS: dict[str, object] = {}


def _checks() -> dict[str, object]:
    if not _CHECKS:
        _CHECKS.update(mjai=LibriichiCheck(), jansou=JansouCheck(), riichienv=RiichienvCheck())
    return _CHECKS


def check_file(
    task: tuple[str, bool],
) -> tuple[str, dict[str, ToolResult], collections.Counter, collections.Counter]:
    """Every tool's result for one log, its coverage, and riichienv's corrections."""
    name, mend = task
    log = read_log(Path(name))
    if mend:
        log = mended(log)
    checks = _checks()
    riichienv = checks["riichienv"]
    riichienv.corrected = collections.Counter()
    # Mortal's libriichi and jansou play four seats: three-player logs are riichienv's alone.
    tools = TOOLS if players(log) == 4 else ("riichienv",)
    results = {tool: checks[tool].check(name, log) if tool in tools else ToolResult() for tool in TOOLS}
    return name, results, coverage(log), riichienv.corrected


def coverage(log: Log) -> collections.Counter:
    """What the log exercises: hands, calls, kans, riichi, multiple ron, draws by reason,
    and calls or wins on the discard after an open or added kan (``call_on_kan_discard``)."""
    seen: collections.Counter = collections.Counter()
    previous = ""
    kan_step = 0  # 1: an open or added kan, 2: its replacement draw, 3: the discard after it
    for _, ev in log:
        kind = ev["type"]
        if kind == "start_kyoku":
            seen["hands"] += 1
        elif kind in ("chi", "pon", "daiminkan", "kakan", "ankan", "reach", "kita"):
            seen[kind] += 1
        elif kind == "hora":
            seen["hora"] += 1
            if previous == "hora":
                seen["multiple_ron"] += 1
        elif kind == "ryukyoku":
            reason = ev.get("reason", "unnamed")  # Mortal names no reason
            seen[f"ryukyoku:{reason}"] += 1
            if reason not in ("exhaustive", "unnamed"):
                seen["abortive"] += 1
        previous = kind
        if kind in ("dora", "reach_accepted", "reach"):
            continue
        if kan_step == 3 and kind in CALLS + ("hora",):
            seen["call_on_kan_discard"] += 1
        if kind in ("daiminkan", "kakan"):
            kan_step = 1
        elif kind == "tsumo" and kan_step == 1:
            kan_step = 2
        elif kind == "dahai" and kan_step == 2:
            kan_step = 3
        elif not (kind == "hora" and kan_step == 3):  # a multiple ron answers the same discard
            kan_step = 0
    return seen


def run(
    logs: list[Path], mend: bool, jobs: int
) -> tuple[dict[str, ToolResult], collections.Counter, collections.Counter]:
    totals = {tool: ToolResult() for tool in TOOLS}
    seen: collections.Counter = collections.Counter()
    corrected: collections.Counter = collections.Counter()
    tasks = [(str(path), mend) for path in logs]
    if jobs > 1 and len(tasks) > 1:
        with multiprocessing.Pool(jobs) as pool:
            outcomes = list(pool.imap(check_file, tasks, chunksize=8))
    else:
        outcomes = [check_file(task) for task in tasks]
    for _, results, covered, fixes in outcomes:
        for tool in TOOLS:
            totals[tool].add(results[tool])
        seen.update(covered)
        corrected.update(fixes)
    return totals, seen, corrected


def message_kind(message: str) -> str:
    """A failure's message with the numbers taken out, to group alike failures."""
    return re.sub(r"\d+", "#", message.split(" [")[0])[:150]


def report(
    title: str, totals: dict[str, ToolResult], corrected: collections.Counter, max_failures: int
) -> bool:
    """Prints one pass's summary and failures; whether every tool accepted everything."""
    print(f"== {title}")
    ok = True
    for tool in TOOLS:
        r = totals[tool]
        scored = (
            f"wins {r.wins}, re-scored {r.rescored}, matching {r.matching}"
            if tool != "mjai"
            else f"wins {r.wins} (libriichi exposes no scorer to Python)"
        )
        print(
            f"  {tool:9} logs accepted {r.accepted}/{r.logs}, events {r.events}, "
            f"decisions {r.decisions}, {scored}, failures {len(r.failures)}"
        )
        if tool == "riichienv":
            for what, count in sorted(corrected.items()):
                print(f"            (riichienv's own rebuild of the win differed: {what}: {count})")
        ok &= not r.failures and r.accepted == r.logs
    for tool in TOOLS:
        failures = totals[tool].failures
        if not failures:
            continue
        groups = collections.Counter(message_kind(f.message) for f in failures)
        print(f"  {tool} failures by kind:")
        for kind, count in groups.most_common():
            example = next(f for f in failures if message_kind(f.message) == kind)
            print(f"    {count:6} x {example}")
        shown = failures if max_failures == 0 else failures[:max_failures]
        print(f"  {tool} failures ({len(shown)} of {len(failures)}):")
        for failure in shown:
            print(f"    {failure}")
    print(f"  {'OK' if ok else 'FAILED'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a *.jsonl log or a directory of them")
    parser.add_argument("--mend", action="store_true", help="also check the logs with the proposed format changes")
    parser.add_argument("--max-failures", type=int, default=20, help="failures listed per tool (0: all)")
    parser.add_argument(
        "--require",
        default="",
        help="comma-separated coverage kinds the logs must exercise at least once "
        "(e.g. chi,pon,daiminkan,kakan,ankan,reach,multiple_ron,abortive)",
    )
    parser.add_argument(
        "--self-test", action="store_true", help="also check that each tool rejects logs broken on purpose"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)

    logs = find_logs(args.paths)
    if not logs:
        print("check_logs.py: no *.jsonl logs found", file=sys.stderr)
        return 2
    passes = [("logs as written", False)] + ([("logs with the proposed changes (--mend)", True)] if args.mend else [])
    ok = True
    seen: collections.Counter = collections.Counter()
    for title, mend in passes:
        totals, seen, corrected = run(logs, mend, args.jobs)
        ok &= report(f"{title}: {len(logs)} logs", totals, corrected, args.max_failures)
    if args.mend:
        print("== proposed changes:")
        for name, _ in MENDS:
            print(f"  - {name}")
    print("== coverage: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    if args.self_test:
        ok &= self_test(logs)
    missing = [kind for kind in filter(None, args.require.split(",")) if not seen[kind]]
    if missing:
        print(f"== the logs exercise no {', '.join(missing)}: generate more")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
