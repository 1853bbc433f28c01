#!/usr/bin/env python3
"""Random WINNING three-player riichi (sanma) hands, scored by two public references:
`mahjong` 2.1.0 (HandCalculator with OptionalRules(is_three_player=True) and
HandConfig(num_nuki_dora=...)) and `riichienv` 0.4.11 (HandEvaluator3P with
Conditions(kita_count=...)).

    python gen_sanma_score.py -n 20000 --seed 2901 > sanma_score.jsonl

Hands come from the 108-tile set (no 2m-8m; 136-ids, red 5p = 52 and red 5s = 88), never more
than four copies of a kind counting the Norths set aside. No chi. Mix: closed regular hands,
hands with pon / kan melds, seven pairs, thirteen orphans and yakuman templates. The winner sits
East, South or West; the round is East or South (West 5%); 0-4 Norths set aside (kita);
indicators are drawn from the tiles left.

Presets, alternating by line: `tenhou` (no double yakuman, counted yakuman at 13 han, open
tanyao, red fives, no kiriage) and `majsoul` (the same with double yakuman). `mahjong` scores
each line under its preset; riichienv has no rule switch for its three-player evaluator (it
counts the double yakuman forms double), so its result is compared with `sanma-majsoul`.

Output: the first line is the list of column names, then one JSON array per hand:
preset, category, hand (concealed MPSZ incl. the win tile, 0 = red five), melds (hupai hand
notation: pon:777s kan:1111z kakan:5555p ankan:9999p), win_tile, flags (true ones among tsumo
riichi double_riichi ippatsu rinshan chankan haitei houtei), seat_wind, round_wind, dora, ura,
kita, honba, sticks, then `mahjong`'s han, fu, yaku [[name, han]], cost [main, additional,
main_bonus, additional_bonus, kyoutaku_bonus, total], level, and riichienv's [han, fu,
yaku names, ron, tsumo_dealer, tsumo_other] (payments with honba, without sticks), or null
when riichienv finds no win.
"""
import argparse
import json
import random
import sys
from collections import Counter

from mahjong.constants import EAST, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
import riichienv
from riichienv.hand import Conditions, HandEvaluator3P

_BASE = dict(
    has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
    kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False, fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False, renhou_as_yakuman=False, has_daisharin=False,
    has_daisharin_other_suits=False, has_sashikomi_yakuman=False, limit_to_sextuple_yakuman=True,
    paarenchan_needs_yaku=True, has_daichisei=False, is_three_player=True,
)
PRESETS = {"tenhou": dict(_BASE), "majsoul": dict(_BASE, has_double_yakuman=True)}
WINDS = {"E": (EAST, 0), "S": (SOUTH, 1), "W": (WEST, 2)}
KINDS = [0, 8] + list(range(9, 34))          # the 27 kinds of the 108-tile set
NUMBERS = [k for k in KINDS if k < 27]
HONORS = list(range(27, 34))
TERMINALS = [0, 8, 9, 17, 18, 26]
DRAGONS = [31, 32, 33]
NORTH = 30
CHOW_STARTS = [9 * s + r for s in (1, 2) for r in range(7)]
RED_IDS = (52, 88)
MELD = {"pon": (Meld.PON, True, riichienv.MeldType.Pon),
        "minkan": (Meld.KAN, True, riichienv.MeldType.Daiminkan),
        "kakan": (Meld.SHOUMINKAN, True, riichienv.MeldType.Kakan),
        "ankan": (Meld.KAN, False, riichienv.MeldType.Ankan)}
PREFIX = {"pon": "pon", "minkan": "kan", "kakan": "kakan", "ankan": "ankan"}
FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei"]
COLUMNS = ["preset", "category", "hand", "melds", "win_tile", "flags", "seat_wind", "round_wind",
           "dora", "ura", "kita", "honba", "sticks", "han", "fu", "yaku", "cost", "level",
           "riichienv"]


def mpsz(ids):
    out = []
    for s, lo in (("m", 0), ("p", 36), ("s", 72), ("z", 108)):
        digs = ["0" if i in RED_IDS else str(i // 4 % 9 + 1) for i in sorted(ids) if lo <= i < lo + 36]
        if digs:
            out.append("".join(digs) + s)
    return "".join(out)


def palette(rng):
    suit = rng.choice([1, 2])
    choices = [
        (KINDS, 40), ([k for k in range(9 * suit, 9 * suit + 9)], 8),
        ([k for k in range(9 * suit, 9 * suit + 9)] + HONORS, 12), (TERMINALS + HONORS, 8),
        (HONORS * 2 + NUMBERS, 12), ([0, 8] + HONORS, 5), (list(range(9, 27)), 15),
    ]
    return rng.choices([c for c, _ in choices], [w for _, w in choices])[0]


def random_set(rng, pal, p_chow, p_kan):
    starts = [s for s in CHOW_STARTS if s in pal and s + 1 in pal and s + 2 in pal]
    if starts and rng.random() < p_chow:
        return ["chow", rng.choice(starts)]
    return ["kan" if rng.random() < p_kan else "pung", rng.choice(pal)]


def regular(rng, sets, pair, p_call):
    conc, melds = [pair, pair], []
    for shape, k in sets:
        if shape == "chow":
            conc += [k, k + 1, k + 2]
        elif shape == "kan":
            melds.append((rng.choices(["minkan", "kakan", "ankan"], [35, 30, 35])[0], [k] * 4))
        elif rng.random() < p_call:
            melds.append(("pon", [k] * 3))
        else:
            conc += [k] * 3
    return conc, melds


def build(rng, category):
    if category == "chiitoitsu":
        return [k for k in rng.sample(palette(rng) if rng.random() < 0.7 else KINDS, 7)
                for _ in range(2)], []
    if category == "kokushi":
        return TERMINALS + HONORS + [rng.choice(TERMINALS + HONORS)], []
    if category == "yakuman":
        name = rng.choice(["daisangen", "suuankou", "tsuuiisou", "chinroutou", "daisuushii",
                           "shousuushii", "chuuren", "ryuuiisou", "suukantsu"])
        if name == "daisangen":
            return regular(rng, [["pung", d] for d in DRAGONS] + [random_set(rng, KINDS, 0.5, 0)],
                           rng.choice(KINDS), 0.4)
        if name == "suuankou":
            ks = rng.sample(KINDS, 5)
            return regular(rng, [["pung", k] for k in ks[:4]], ks[4], 0.0)
        if name == "tsuuiisou":
            ks = rng.sample(HONORS, 5)
            return regular(rng, [["pung", k] for k in ks[:4]], ks[4], 0.4)
        if name == "chinroutou":
            ks = rng.sample(TERMINALS, 5)
            return regular(rng, [["pung", k] for k in ks[:4]], ks[4], 0.4)
        if name in ("daisuushii", "shousuushii"):
            w = [27, 28, 29, 30]
            rng.shuffle(w)
            if name == "daisuushii":
                return regular(rng, [["pung", x] for x in w], rng.choice(NUMBERS + DRAGONS), 0.4)
            return regular(rng, [["pung", x] for x in w[:3]] + [random_set(rng, KINDS, 0.5, 0)],
                           w[3], 0.4)
        if name == "chuuren":
            s = 9 * rng.choice([1, 2])
            return [s + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [s + rng.randrange(9)], []
        if name == "ryuuiisou":
            green = [19, 20, 21, 23, 25, 32]
            sets = [["chow", 19] if rng.random() < 0.4 else ["pung", rng.choice(green)] for _ in range(4)]
            return regular(rng, sets, rng.choice(green), 0.3)
        ks = rng.sample(KINDS, 5)
        return regular(rng, [["kan", k] for k in ks[:4]], ks[4], 0.0)
    pal = palette(rng)
    p_chow = rng.choice([0.3, 0.6, 0.9])
    sets = [random_set(rng, pal, p_chow, 0.0 if category == "closed" else 0.15) for _ in range(4)]
    return regular(rng, sets, rng.choice(pal), 0.0 if category == "closed" else 0.5)


def allocate(rng, conc_kinds, melds, kita):
    avail = {k: [4 * k + c for c in range(4)] for k in KINDS}

    def take(k):
        if not avail[k]:
            return None
        i = rng.choice(avail[k])
        avail[k].remove(i)
        return i

    kita_ids = [take(NORTH) for _ in range(kita)]
    meld_ids = []
    for typ, kinds in melds:
        ids = [take(k) for k in kinds]
        if None in ids:
            return None
        meld_ids.append((typ, sorted(ids)))
    conc = [take(k) for k in conc_kinds]
    if None in conc or None in kita_ids:
        return None
    return sorted(conc), meld_ids, avail


def make_case(rng, preset):
    category = rng.choices(["closed", "open", "chiitoitsu", "kokushi", "yakuman"], [55, 25, 9, 3, 8])[0]
    kita = rng.choices([0, 1, 2, 3, 4], [45, 25, 15, 10, 5])[0]
    while True:
        conc_kinds, melds = build(rng, category)
        assert len(conc_kinds) + 3 * len(melds) == 14, (category, conc_kinds, melds)
        alloc = allocate(rng, conc_kinds, melds, kita)
        if alloc is not None:
            break
        kita = max(0, kita - 1)
    conc, meld_ids, avail = alloc
    win = rng.choice(conc)
    closed = all(t == "ankan" for t, _ in meld_ids)
    n_kans = sum(t != "pon" for t, _ in meld_ids)
    total = Counter(i // 4 for i in conc + [x for _, ids in meld_ids for x in ids])
    tsumo = rng.random() < 0.5
    riichi = closed and rng.random() < 0.5
    double_riichi = riichi and rng.random() < 0.08
    rinshan = tsumo and (n_kans > 0 or kita > 0) and rng.random() < 0.3
    ippatsu = riichi and not rinshan and rng.random() < 0.18
    chankan = (not tsumo) and total[win // 4] == 1 and rng.random() < 0.12
    haitei = tsumo and not rinshan and rng.random() < 0.06
    houtei = (not tsumo) and not chankan and rng.random() < 0.06
    seat = rng.choice("ESW")
    rnd = rng.choices("ESW", [50, 45, 5])[0]
    if chankan:
        avail[win // 4] = []
    n_ind = 0 if rng.random() < 0.05 else min(5, 1 + n_kans)
    wall = sorted(i for k in KINDS for i in avail[k])
    drawn = rng.sample(wall, 2 * n_ind)
    dora, ura = drawn[:n_ind], drawn[n_ind:] if riichi else []
    honba = rng.choices([0, 1, 2, 3], [55, 20, 15, 10])[0]
    sticks = (1 + rng.choices([0, 1], [75, 25])[0]) if riichi else rng.choices([0, 1, 2], [65, 25, 10])[0]
    flags = dict(tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu,
                 rinshan=rinshan, chankan=chankan, haitei=haitei, houtei=houtei)
    return category, conc, meld_ids, win, flags, seat, rnd, dora, ura, kita, honba, sticks


def score_mahjong(preset, conc, meld_ids, win, f, seat, rnd, dora, ura, kita, honba, sticks):
    melds = [Meld(meld_type=MELD[t][0], tiles=ids, opened=MELD[t][1]) for t, ids in meld_ids]
    cfg = HandConfig(
        is_tsumo=f["tsumo"], is_riichi=f["riichi"], is_ippatsu=f["ippatsu"], is_rinshan=f["rinshan"],
        is_chankan=f["chankan"], is_haitei=f["haitei"], is_houtei=f["houtei"],
        is_daburu_riichi=f["double_riichi"], player_wind=WINDS[seat][0], round_wind=WINDS[rnd][0],
        kyoutaku_number=sticks, tsumi_number=honba, num_nuki_dora=kita,
        options=OptionalRules(**PRESETS[preset]))
    tiles = sorted(conc + [x for _, ids in meld_ids for x in ids])
    return HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, config=cfg,
                                              ura_dora_indicators=ura)


def score_riichienv(conc, meld_ids, win, f, seat, rnd, dora, ura, kita, honba, sticks):
    melds = [riichienv.Meld(MELD[t][2], ids, MELD[t][1]) for t, ids in meld_ids]
    hand = list(conc)
    hand.remove(win)
    cond = Conditions(tsumo=f["tsumo"], riichi=f["riichi"], double_riichi=f["double_riichi"],
                      ippatsu=f["ippatsu"], haitei=f["haitei"], houtei=f["houtei"], rinshan=f["rinshan"],
                      chankan=f["chankan"], player_wind=WINDS[seat][1], round_wind=WINDS[rnd][1],
                      riichi_sticks=sticks, honba=honba, kita_count=kita)
    r = HandEvaluator3P(hand, melds).calc(win, dora, cond, ura)
    if not r.is_win:
        return None
    return [r.han, r.fu, [y.name_en for y in r.yaku_list()], r.ron_agari, r.tsumo_agari_oya,
            r.tsumo_agari_ko]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    print(json.dumps(COLUMNS))
    skipped = Counter()
    written = 0
    while written < a.n:
        preset = "tenhou" if written % 2 == 0 else "majsoul"
        case = make_case(rng, preset)
        category, conc, meld_ids, win, f, seat, rnd, dora, ura, kita, honba, sticks = case
        r = score_mahjong(preset, *case[1:])
        if r.error:
            skipped[r.error] += 1
            continue
        yaku = [[y.name, y.han_open if (r.is_open_hand and y.han_open) else y.han_closed] for y in r.yaku]
        cost = [r.cost[k] for k in ("main", "additional", "main_bonus", "additional_bonus",
                                    "kyoutaku_bonus", "total")]
        row = [preset, category, mpsz(conc), [PREFIX[t] + ":" + mpsz(ids) for t, ids in meld_ids],
               mpsz([win]), " ".join(k for k in FLAGS if f[k]), seat, rnd,
               [mpsz([i]) for i in dora], [mpsz([i]) for i in ura], kita, honba, sticks,
               r.han, r.fu, yaku, cost, r.cost["yaku_level"], score_riichienv(*case[1:])]
        print(json.dumps(row, ensure_ascii=False, separators=(",", ":")))
        written += 1
    print(f"gen_sanma_score: {written} hands, seed {a.seed}; skipped {dict(skipped)}", file=sys.stderr)


if __name__ == "__main__":
    main()
