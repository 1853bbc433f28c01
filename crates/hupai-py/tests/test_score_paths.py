"""Every way into the scorer gives the same answer: a dict read directly (the fast path), the
same dict read through ``serde`` (a dict subclass leaves the fast path), its JSON text, JSON
lines in one ``str`` or ``bytes``, ``score_batch``'s lazy ``ScoreResult`` against its dicts,
and the batch scored on several threads. On the committed riichi fixture (crates/hupai-rules/tests/data/riichi_score.jsonl,
20,000 hands checked against ``mahjong`` there), its three-player sibling, the MCR unit cases,
and random lines of every family with errors among them."""

import collections.abc
import gc
import json
import random
from typing import Any

import pytest

import hupai
from fixture_lines import DATA, fixture_lines
from test_score_arrays import laizi_line, mcr_line, riichi_line, gb_text

class Through(dict):  # type: ignore[type-arg]
    """A dict subclass: read through serde, as every dict was before the fast path."""


def mcr_unit_lines() -> list[dict[str, Any]]:
    out = []
    for row in (DATA / "mcr_unit_cases.jsonl").read_text(encoding="utf-8").splitlines():
        c = json.loads(row)
        packs = [(p[0], p[1], p[2]) for p in c["pack"]]
        line: dict[str, Any] = {"rules": "mcr", "hand": gb_text(packs, c["hand"], c["win_tile"]),
                                "win_tile": hupai.from_gb([c["win_tile"]]), "self_drawn": c["is_self_drawn"],
                                "fourth_tile": c["is_4th_tile"], "last_tile": c["is_wall_last"],
                                "seat_wind": "ESWN"[c["seat_wind"]], "round_wind": "ESWN"[c["prevalent_wind"]]}
        if c["flower_count"]:
            line["flowers"] = c["flower_count"]
        if c["is_about_kong"]:
            line["replacement" if c["is_self_drawn"] else "robbing_kong"] = True
        out.append(line)
    return out


def answer(f: Any, line: Any) -> Any:
    try:
        return f(line)
    except hupai.HupaiError as e:
        return (type(e).__name__, str(e))


def assert_paths_agree(lines: list[dict[str, Any]]) -> int:
    """The answers of every path are equal; returns how many lines scored."""
    direct = [answer(hupai.score, x) for x in lines]
    assert direct == [answer(hupai.score, Through(x)) for x in lines]
    assert direct == [answer(hupai.score, json.dumps(x, ensure_ascii=False)) for x in lines]
    dicts = hupai.score_batch(lines, errors="dict", as_dicts=True)
    lazy = hupai.score_batch(lines, errors="dict")
    # The light results (`ScoreResults`) are the rich ones: the same items, in every reading.
    assert lazy == dicts and list(lazy) == dicts and lazy[:] == dicts and len(lazy) == len(lines)
    text = "\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n"
    from_text = hupai.score_batch(text, errors="dict")
    from_bytes = hupai.score_batch(text.encode(), errors="dict", as_dicts=True)
    through = hupai.score_batch([Through(x) for x in lines], errors="dict")
    strs = hupai.score_batch([json.dumps(x, ensure_ascii=False) for x in lines], errors="dict")
    # Dicts, JSON strs and dicts read through serde mixed in one sequence (an iterator too):
    # each dict's texts and each str are held and borrowed in the lines' order.
    mixed_lines = [json.dumps(x) if i % 3 == 1 else Through(x) if i % 3 == 2 else x for i, x in enumerate(lines)]
    mixed = hupai.score_batch(iter(mixed_lines), errors="dict")
    # Keys that are not the interned field names (JSON's keys are not interned): read by
    # their text, the same lines.
    loaded = [json.loads(json.dumps(x)) for x in lines]
    assert direct == [answer(hupai.score, x) for x in loaded]
    from_loaded = hupai.score_batch(loaded, errors="dict")
    # Two and three scoring threads (parts of at least 256 lines) give the same, in order.
    threads = [hupai.score_batch(lines, errors="dict", threads=t) for t in (2, 3)]
    for i, d in enumerate(direct):
        want = {"type": d[0], "error": d[1]} if isinstance(d, tuple) else d
        assert dicts[i] == want, lines[i]
        assert lazy[i] == want and from_text[i] == want and from_bytes[i] == want and through[i] == want
        assert strs[i] == want and mixed[i] == want and from_loaded[i] == want
        assert threads[0][i] == want and threads[1][i] == want
    return sum(not isinstance(d, tuple) for d in direct)


def test_riichi_fixture_every_path() -> None:
    lines = fixture_lines("riichi_score.jsonl", 4000)
    assert assert_paths_agree(lines) == len(lines)  # every fixture hand scores


def test_sanma_fixture_every_path() -> None:
    # `kita` is not read by the fast path: these dicts go through serde, the answers alike.
    lines = fixture_lines("sanma_score.jsonl", 1000)
    assert assert_paths_agree(lines) == len(lines)


def test_mcr_unit_cases_every_path() -> None:
    lines = mcr_unit_lines()
    assert assert_paths_agree(lines) > 150


def test_random_lines_with_errors_every_path() -> None:
    rng = random.Random(81)
    lines = [riichi_line(rng, consistent=i % 2 == 0) for i in range(1500)]
    lines += [mcr_line(rng, r) for r in ("mcr", "chinese", "sichuan", "hongkong") for _ in range(300)]
    lines += [laizi_line(rng) for _ in range(300)]
    assert 1000 < assert_paths_agree(lines) < len(lines)


def test_off_the_fast_path_values_give_serdes_errors() -> None:
    good = {"rules": "riichi", "hand": "123m456p789s11222z", "win_tile": "2z"}
    bad = [{**good, "self_drawn": 1}, {**good, "honba": -1}, {**good, "honba": True}, {**good, "flowers": 300},
           {**good, "seat_wind": "5z"}, {**good, "win_tile": "8z"}, {**good, "dora_indicators": ("1m",)},
           {**good, "dora_indicators": ["1m", 3]}, {**good, "riichy": True}, {**good, 1: True},
           {"rules": "riichi", "hand": "123m456p789s11222z"}, {**good, "rules": b"riichi"}, {**good, "kita": 1}]
    class Key(str):
        pass

    # A key that is a str subclass leaves the fast path too; serde reads it as its text.
    bad.append({Key("rules"): "riichi", "hand": "123m456p789s11222z", "win_tile": "2z", "seat_wind": "2z"})
    for line in bad:
        assert answer(hupai.score, line) == answer(hupai.score, Through(line)), line
        assert hupai.score_batch([line], errors="dict") == hupai.score_batch([Through(line)], errors="dict")
    assert answer(hupai.score, bad[0])[0] == "InputError"
    assert answer(hupai.score, {**good, "honba": 2}) == answer(hupai.score, Through({**good, "honba": 2}))


def test_texts_without_utf8_read_as_before() -> None:
    # A str with a lone surrogate has no UTF-8 form: a dict holding one leaves the fast path
    # (serde's reading names the error), a JSON str raises UnicodeEncodeError, in `score` and
    # line by line in `score_batch`, whose borrowed reading skips neither.
    good = {"rules": "riichi", "hand": "123m456p789s11555z", "win_tile": "5z"}
    lines: list[Any] = [good, {**good, "hand": "123m\ud800"}, {**good, "rules": "\udfff"},
                        '{"rules": "riichi", "hand": "123m456p789s11555z", "win_tile": "5z", "x": "\ud800"}',
                        '{"rules": "riichi", "hand": "123m456p789s11555z", "win_tile": "5z"}\ud800', good]

    def one(line: Any) -> Any:
        try:
            return hupai.score(line)
        except Exception as e:  # noqa: BLE001 - the exception's class is the answer
            return {"type": type(e).__name__, "error": str(e)}

    want = [one(x) for x in lines]
    assert hupai.score_batch(lines, errors="dict", as_dicts=True) == want
    assert hupai.score_batch(iter(lines), errors="dict") == want
    assert [w["type"] for w in want[1:5]] == ["InputError", "InputError", "UnicodeEncodeError", "UnicodeEncodeError"]
    assert "han" in want[0] and want[5] == want[0]
    with pytest.raises(UnicodeEncodeError):
        hupai.score_batch(lines[3:])
    with pytest.raises(UnicodeEncodeError):
        hupai.score_batch(lines[3] + "\n")


def test_score_result_is_a_read_only_mapping() -> None:
    line = {"rules": "riichi", "hand": "234789m1234566p6p", "win_tile": "6p", "self_drawn": True, "riichi": True}
    r = hupai.score_batch([line])[0]
    d = hupai.score(line)
    assert isinstance(r, hupai.ScoreResult) and isinstance(r, collections.abc.Mapping)
    assert r == d and d == r and r.to_dict() == d and dict(r) == d and r != {**d, "fu": 0}
    assert list(r) == list(d) == r.keys() and r.values() == list(d.values()) and r.items() == list(d.items())
    assert len(r) == 5 and "han" in r and "fans" not in r and r.get("fans") is None and r.get("fu") == 20
    assert json.dumps(r.to_dict()) == json.dumps(d) and repr(r) == f"ScoreResult({d!r})"
    with pytest.raises(KeyError):
        r["fans"]
    r["yaku"].clear()  # a new list at each read: the result does not change
    assert r["yaku"] == d["yaku"]
    with pytest.raises(TypeError):
        r["han"] = 1  # type: ignore[index]


def test_score_results_is_a_read_only_sequence() -> None:
    good = {"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}
    lines = [good, {"rules": "mcr"}, {**good, "win_tile": "1m"}]
    want = [hupai.score(good), {"type": "InputError", "error": str(pytest.raises(hupai.InputError, hupai.score, lines[1]).value)},
            hupai.score(lines[2])]
    rs = hupai.score_batch(lines, errors="dict")
    assert isinstance(rs, hupai.ScoreResults) and isinstance(rs, collections.abc.Sequence)
    assert rs == want and want == rs and rs == tuple(want) and rs == hupai.score_batch(lines, errors="dict")
    assert rs != want[:2] and rs != [*want[:2], want[0]] and rs != {"a": 1} and not rs == 3
    assert len(rs) == 3 and [r for r in rs] == want and list(reversed(rs)) == want[::-1]
    assert rs[-1] == want[2] and rs[-3] == want[0] and rs[1:] == want[1:] and rs[::-2] == want[::-2] and rs[5:] == []
    assert isinstance(rs[0], hupai.ScoreResult) and isinstance(rs[1], dict) and rs[0] is not rs[0]
    assert rs.index(want[2]) == 2 and rs.count(want[0]) == 1 and want[1] in rs and {"x": 1} not in rs
    assert repr(rs) == f"ScoreResults({list(rs)!r})"
    for i in (3, -4, 2**70):
        with pytest.raises((IndexError, OverflowError)):
            rs[i]
    with pytest.raises(ValueError):
        rs.index({"x": 1})
    with pytest.raises(TypeError):
        rs[0] = want[0]  # type: ignore[index]
    with pytest.raises(TypeError):
        rs["a"]  # type: ignore[call-overload]
    # Results outlive their batch's other results and its lines.
    it = iter(hupai.score_batch([dict(good) for _ in range(3)]))
    first = next(it)
    del rs
    assert first == want[0] and list(it) == [want[0]] * 2 and list(it) == []
    assert hupai.score_batch([]) == [] and len(hupai.score_batch("")) == 0
    # A result outlives its batch (it shares the batch's scores); threads give the same items.
    many = [dict(good, win_tile=w) for w in ("5m", "1m", "9m")] * 200
    kept = hupai.score_batch(many, threads=2)[599]
    assert kept == hupai.score(many[599]) and kept.to_dict() == hupai.score(many[599])
    assert hupai.score_batch(many, threads=2) == hupai.score_batch(many) == [hupai.score(x) for x in many]


def test_json_lines_text() -> None:
    text = '{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}\r\n\n  \n{"rules": "mcr"}\n'
    out = hupai.score_batch(text, errors="dict")
    assert len(out) == 2 and out[0]["total"] == 91 and out[1]["type"] == "InputError"
    with pytest.raises(hupai.InputError):
        hupai.score_batch(b'{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}\n\xff\n')
    assert hupai.score_batch("") == [] and hupai.score_batch(iter([])) == []
    two = [{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": w} for w in ("5m", "1m")]
    assert hupai.score_batch(x for x in two) == [hupai.score(x) for x in two]


def test_every_two_byte_tile_text_reads_as_serde_reads_it() -> None:
    # The dict reading takes `1m`..`9s`, `1z`..`7z` at once and any other text as `Kind`
    # parses it: every two-byte text, as a win tile and a wind, gives serde's answer.
    base = {"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m"}
    texts = [a + b for a in "0123456789mpsz " for b in "0123456789mpszMPSZx "]
    for text in texts:
        for line in ({**base, "win_tile": text}, {**base, "seat_wind": text}, {**base, "round_wind": text}):
            want = answer(hupai.score, Through(line))
            assert answer(hupai.score, line) == want, line
    lines = [{**base, key: text} for text in texts for key in ("win_tile", "seat_wind")]
    assert hupai.score_batch(lines, errors="dict") == hupai.score_batch([Through(x) for x in lines], errors="dict")


def test_results_made_while_the_collector_runs_python_code() -> None:
    # The kept item and points dicts are copied under a lock. With a collection at nearly
    # every allocation, a finalizer that scores runs in the middle of making a result: it
    # finds the lock taken and makes its dicts anew; every result is the same.
    lines = [{"rules": "mcr", "hand": "1112345678999m5m", "win_tile": "5m", "self_drawn": True},
             {"rules": "riichi", "hand": "234789m1234566p6p", "win_tile": "6p", "self_drawn": True, "riichi": True},
             {"rules": "mcr", "hand": "123m456p789s1122z3z", "win_tile": "3z"}]
    want = [answer(hupai.score, x) for x in lines]
    seen: list[Any] = []

    class Scores:
        def __init__(self) -> None:
            self.me = self  # a cycle: only the collector frees it

        def __del__(self) -> None:
            seen.extend(answer(hupai.score, x) for x in lines)
            if len(seen) < 600:
                Scores()

    old = gc.get_threshold()
    try:
        gc.set_threshold(1)
        Scores()
        got = [[answer(hupai.score, x) for x in lines] for _ in range(100)]
        batch = hupai.score_batch(lines * 50, errors="dict")
        dicts = list(batch)
    finally:
        gc.set_threshold(*old)
    gc.collect()
    assert len(seen) >= 300
    assert all(g == want for g in got)
    assert seen == want * (len(seen) // 3)
    assert [d if isinstance(d, dict) else d.to_dict() for d in dicts] == [
        {"type": w[0], "error": w[1]} if isinstance(w, tuple) else w for w in want] * 50
