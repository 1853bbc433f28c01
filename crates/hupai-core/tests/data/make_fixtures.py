#!/usr/bin/env python3
"""Trims the oracle generators' JSON lines to the compact text fixtures the tests read.

Exact commands used for the committed fixtures (venv from ../shared/oracles/setup.sh):

    PY=/tmp/hupai-oracles/bin/python; O=../shared/oracles
    $PY $O/gen_riichi.py -n 12000 --seed 20261 --size 14 -o /tmp/riichi14.jsonl
    $PY $O/gen_riichi.py -n 10000 --seed 20264 --size 13 -o /tmp/riichi13.jsonl
    $PY $O/gen_mcr_shanten.py -n 10000 --seed 20262 -o /tmp/mcr_20262.jsonl
    $PY $O/gen_mcr_shanten.py -n 10000 --seed 20263 -o /tmp/mcr_20263.jsonl
    python3 crates/hupai-core/tests/data/make_fixtures.py riichi /tmp/riichi14.jsonl /tmp/riichi13.jsonl \\
        > crates/hupai-core/tests/data/riichi_shanten.txt
    python3 crates/hupai-core/tests/data/make_fixtures.py mcr /tmp/mcr_20262.jsonl /tmp/mcr_20263.jsonl \\
        > crates/hupai-core/tests/data/mcr_shanten.txt

riichi_shanten.txt, one hand per line (from `mahjong` 2.1.0):
    <34 counts as digits> <shanten> <regular> <chiitoitsu> <kokushi> <agari 0|1>
mcr_shanten.txt, one hand per line (from PyMahjongGB 1.4.0):
    <34 counts as digits> <declared melds> <size 13|14> <shanten> then, for regular, seven pairs,
    thirteen orphans, honours-and-knitted, knitted straight: <shanten or - when rejected>, then
    for 13-tile hands the five forms' useful tiles as 34-bit hex masks (- when rejected).
"""
import json
import sys

FORMS = ["regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"]
MPSZ = [f"{i % 9 + 1}{'mps'[i // 9]}" for i in range(27)] + [f"{i}z" for i in range(1, 8)]
INDEX = {t: i for i, t in enumerate(MPSZ)}


def digits(c34):
    return "".join(str(c) for c in c34)


def riichi(paths):
    print("# tiles34 shanten regular chiitoitsu kokushi agari (mahjong 2.1.0; see make_fixtures.py)")
    for path in paths:
        for line in open(path):
            d = json.loads(line)
            print(digits(d["tiles34"]), d["shanten"], d["regular"], d["chiitoitsu"], d["kokushi"],
                  int(bool(d["agari"])))


def mcr(paths):
    print("# tiles34 melds size shanten reg 7p 13o hk ks [useful masks] (PyMahjongGB 1.4.0; see make_fixtures.py)")
    for path in paths:
        for line in open(path):
            d = json.loads(line)
            out = [digits(d["tiles34"]), str(d["n_melds"]), str(d["size"]), str(d["shanten"])]
            forms = d.get("forms", {})
            out += [str(forms[f]["shanten"]) if f in forms else "-" for f in FORMS]
            if d["size"] == 13:
                for f in FORMS:
                    if f in forms and "useful_mpsz" in forms[f]:
                        mask = 0
                        for t in forms[f]["useful_mpsz"]:
                            mask |= 1 << INDEX[t]
                        out.append(format(mask, "x"))
                    else:
                        out.append("-")
            print(" ".join(out))


if __name__ == "__main__":
    {"riichi": riichi, "mcr": mcr}[sys.argv[1]](sys.argv[2:])
