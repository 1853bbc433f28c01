#!/usr/bin/env python3
"""Trim the output of shared/oracles/gen_riichi_score.py to the fields the riichi differential
tests read, in a compact JSON-lines form: the first line is the list of column names, every
other line one hand as a JSON array in that column order.

    python trim_riichi_score.py IN.jsonl [IN2.jsonl ...] > OUT.jsonl

Columns: preset, category, hand (concealed MPSZ incl. the win tile), melds (in hupai hand
notation: chi:345m pon:777s kan:1111z kakan:5555p ankan:9999p, red fives as 0), win_tile,
flags (the true ones among tsumo riichi double_riichi ippatsu rinshan chankan haitei houtei,
space-separated), seat_wind, round_wind, dora / ura (indicator lists), honba, sticks, and the
reference's han, fu, yaku [[name, han]], cost [main, additional, main_bonus, additional_bonus,
kyoutaku_bonus, total], level (cost.yaku_level) and yakuman (is_yakuman).
Dropped: options (implied by preset), 136-ids, fu_details, dealer (seat_wind == E).
"""
import json
import sys

FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei"]
PREFIX = {"chi": "chi", "pon": "pon", "minkan": "kan", "kakan": "kakan", "ankan": "ankan"}


COLUMNS = ["preset", "category", "hand", "melds", "win_tile", "flags", "seat_wind", "round_wind",
           "dora", "ura", "honba", "sticks", "han", "fu", "yaku", "cost", "level", "yakuman"]


def trim(c):
    cost = c["cost"]
    return {
        "preset": c["preset"], "category": c["category"], "hand": c["hand"],
        "melds": [PREFIX[m["type"]] + ":" + m["tiles"] for m in c["melds"]],
        "win_tile": c["win_tile"], "flags": " ".join(f for f in FLAGS if c[f]),
        "seat_wind": c["seat_wind"], "round_wind": c["round_wind"],
        "dora": c["dora_indicators"], "ura": c["ura_indicators"],
        "honba": c["honba"], "sticks": c["riichi_sticks"],
        "han": c["han"], "fu": c["fu"], "yaku": c["yaku"],
        "cost": [cost[k] for k in ("main", "additional", "main_bonus", "additional_bonus",
                                   "kyoutaku_bonus", "total")],
        "level": c["yaku_level"], "yakuman": c["is_yakuman"],
    }


sys.stdout.write(json.dumps(COLUMNS, separators=(",", ":")) + "\n")
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            sys.stdout.write(json.dumps([trim(json.loads(line))[k] for k in COLUMNS], separators=(",", ":"),
                                        ensure_ascii=False) + "\n")
