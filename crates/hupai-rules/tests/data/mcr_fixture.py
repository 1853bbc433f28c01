#!/usr/bin/env python3
"""Convert gen_mcr.py output (JSON lines, PyMahjongGB's fans) into the compact MCR fixture.

    python gen_mcr.py -n N --seed S -o cases.jsonl          # ../shared/oracles/gen_mcr.py
    python mcr_fixture.py cases.jsonl [more.jsonl ...] > mcr_fixture.tsv

One tab-separated line per hand:
    hand  win  flags  seat  round  flowers  fans
hand: hupai hand text, concealed tiles (win tile included) in MPSZ, then the melds
      (chi:345m pon:777s kan:1111z ankan:9999p); win: the win tile in MPSZ;
flags: letters s (self-drawn), 4 (fourth tile), k (kong: replacement when self-drawn, else
      robbing), l (last tile), or '-'; seat, round: winds 0..3 = E S W N; flowers: 0..8;
fans: the reference's fans in its order as <Chinese name>*<count>, comma-separated
      (flowers included as 花牌).

The committed mcr_fixture.tsv (24,000 hands; every one of the 82 fans occurs) was made with
PyMahjongGB 1.4.0 (../shared/oracles/setup.sh) by:

    python gen_mcr.py -n 20000 --seed 9001 -o fx1.jsonl
    python gen_mcr.py -n 4000 --seed 9002 --min8 -o fx2.jsonl
    python mcr_fixture.py fx1.jsonl fx2.jsonl > mcr_fixture.tsv

and the large set that `cargo test --release -p hupai-rules --test integration -- --ignored mcr_fixture::`
reads (HUPAI_MCR_LARGE, default /tmp/hupai-mcr-large.tsv) by:

    python gen_mcr.py -n 120000 --seed 7001 -o large.jsonl
    python mcr_fixture.py large.jsonl > /tmp/hupai-mcr-large.tsv
"""
import json
import sys

SUIT = {"W": "m", "B": "p", "T": "s"}
HONOR = {"F1": (1, "z"), "F2": (2, "z"), "F3": (3, "z"), "F4": (4, "z"),
         "J3": (5, "z"), "J2": (6, "z"), "J1": (7, "z")}
ORDER = "mpsz"


def tile(code):
    if code in HONOR:
        return HONOR[code]
    return (int(code[1]), SUIT[code[0]])


def mpsz(tiles):
    tiles = sorted(tiles, key=lambda t: (ORDER.index(t[1]), t[0]))
    out, cur = "", None
    for n, s in tiles:
        if cur is not None and s != cur:
            out += cur
        out += str(n)
        cur = s
    return out + (cur or "")


def meld(pack):
    typ, code, offer = pack
    n, s = tile(code)
    if typ == "CHI":
        return "chi:" + mpsz([(n - 1, s), (n, s), (n + 1, s)])
    if typ == "PENG":
        return "pon:" + mpsz([(n, s)] * 3)
    return ("ankan:" if offer == 0 else "kan:") + mpsz([(n, s)] * 4)


def line(c):
    concealed = [tile(t) for t in c["hand"]] + [tile(c["win_tile"])]
    hand = " ".join([mpsz(concealed)] + [meld(p) for p in c["pack"]])
    flags = "".join(f for f, k in (("s", "is_self_drawn"), ("4", "is_4th_tile"),
                                     ("k", "is_about_kong"), ("l", "is_wall_last")) if c[k]) or "-"
    fans = ",".join(f"{f[2]}*{f[1]}" for f in c["fans"])
    return "\t".join([hand, mpsz([tile(c["win_tile"])]), flags, str(c["seat_wind"]),
                      str(c["prevalent_wind"]), str(c["flower_count"]), fans])


def main():
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            for raw in f:
                c = json.loads(raw)
                if "error" in c:
                    continue
                print(line(c))


if __name__ == "__main__":
    main()
