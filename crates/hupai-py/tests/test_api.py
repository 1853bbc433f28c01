"""The package's contract: the dicts are the CLI's, the docstring examples run, errors are typed."""

import doctest
import json
import os
import random
import subprocess

import numpy as np
import pytest

import hupai
import hupai.compat.mahjong
import hupai.compat.mahjonggb
from hands import mixed_hands, mpsz


def test_docstring_examples_run() -> None:
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {"hupai": hupai, "np": np}
    objects = [getattr(hupai, n) for n in hupai.__all__ if callable(getattr(hupai, n))]
    for module in [hupai, hupai.compat.mahjong, hupai.compat.mahjonggb]:
        for test in finder.find(module, extraglobs=globs):
            runner.run(test)
    for obj in objects:
        for test in finder.find(obj, obj.__name__, globs=dict(globs)):
            runner.run(test)
    assert runner.failures == 0 and runner.tries > 30


@pytest.mark.skipif("HUPAI_CLI" not in os.environ, reason="HUPAI_CLI names the hupai binary")
def test_analyze_and_score_are_the_clis() -> None:
    rng = random.Random(41)
    hands = [mpsz(c) for c in mixed_hands(rng, 200)] + ["23456m11z pon:777s ankan:9999p", "147m258p369s45m11z"]
    for rules in ("riichi", "mcr"):
        out = subprocess.run([os.environ["HUPAI_CLI"], "analyze", "--json", "--rules", rules],
                             input="\n".join(hands), capture_output=True, text=True, check=True).stdout
        for hand, line in zip(hands, out.splitlines()):
            assert hupai.analyze(hand, rules=rules) == json.loads(line), hand
    lines = [
        {"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m", "self_drawn": True, "flowers": 2},
        {"rules": "riichi", "hand": "234789m1234566p6p", "win_tile": "6p", "riichi": True, "dora_indicators": ["5p"]},
        {"rules": "riichi", "hand": "123m456p789s1122z3z", "win_tile": "3z"},
    ]
    out = subprocess.run([os.environ["HUPAI_CLI"], "score", "--json"], input="\n".join(map(json.dumps, lines)),
                         capture_output=True, text=True).stdout.splitlines()
    assert hupai.score(lines[0]) == json.loads(out[0]) and hupai.score(lines[1]) == json.loads(out[1])
    assert json.loads(out[2]) == {"error": "not a winning hand"}


def test_analysis_errors_and_arguments() -> None:
    assert hupai.analyze("123m456p789s1122z", visible="1z")["ukeire"] == {"tiles": ["1z", "2z"], "count": 3}
    assert hupai.analyze([1] * 9 + [0] * 25)["tiles"] == 9
    with pytest.raises(hupai.AnalysisError):
        hupai.analyze("123m456p789s1122z", visible="111z")
    with pytest.raises(hupai.AnalysisError):
        hupai.shanten("11m pon:222m", rules=hupai.Rules.from_toml('extends = "riichi"\nforms = ["seven_pairs"]\n'))
    with pytest.raises(hupai.RulesError):
        hupai.shanten("1m", rules="nope")
    with pytest.raises(hupai.RulesError):
        hupai.Rules.from_toml("min_fans = 8\n")
    assert issubclass(hupai.NoYakuError, hupai.ScoreError) and issubclass(hupai.HupaiError, ValueError)
    assert hupai.Rules("mcr").forms[-1] == "knitted_straight"
    assert hupai.waits("11122233344455z", rules="mcr") == []  # 14 tiles: no waits
    assert hupai.shanten("123m456p789s11z55m*", rules="laizi") == -1


def test_batches_agree_with_single_hands() -> None:
    hands = mixed_hands(random.Random(42), 300, sizes=(13,))
    batch = np.array(hands, dtype=np.uint8)
    waits = hupai.waits_batch(batch, rules="mcr")
    tiles, counts = hupai.ukeire_batch(batch, rules="mcr")
    for i, c in enumerate(hands):
        assert hupai.from_34([int(x) for x in waits[i]]) == "".join(hupai.waits(c, rules="mcr")) or not waits[i].any()
        kinds, count = hupai.ukeire(c, rules="mcr")
        assert hupai.tiles(hupai.from_34([int(x) for x in tiles[i]])) == kinds and counts[i] == count
