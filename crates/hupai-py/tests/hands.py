"""Random hands for the differential tests, drawn from a seeded generator (no files read)."""

from __future__ import annotations

import random
from typing import Any

SUITS = "mps"
TERMINALS_HONORS = [k for k in range(34) if k >= 27 or k % 9 in (0, 8)]


def mpsz(counts: list[int], red: list[int] | None = None) -> str:
    """MPSZ text of 34 counts; ``red[s]`` fives of suit ``s`` written as 0."""
    red = red or [0, 0, 0]
    out = ""
    for s, letter in enumerate("mpsz"):
        n = 7 if s == 3 else 9
        part = ""
        for i in range(n):
            c = counts[9 * s + i]
            r = red[s] if s < 3 and i == 4 else 0
            part += "0" * r + str(i + 1) * (c - r)
        if part:
            out += part + letter
    return out


def random_counts(rng: random.Random, size: int, pool: list[int] | None = None) -> list[int]:
    """``size`` tiles drawn from a wall (at most four of a kind), from ``pool`` kinds if given."""
    wall = [k for k in sorted(set(pool or range(34))) for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(wall, size):
        counts[k] += 1
    return counts


def mixed_hands(rng: random.Random, n: int, sizes: tuple[int, ...] = (13, 14)) -> list[list[int]]:
    """Random hands, a quarter each from all kinds, one suit, terminals and honours, and pairs."""
    hands = []
    for i in range(n):
        size = sizes[i % len(sizes)]
        mode = i % 4
        if mode == 0:
            hands.append(random_counts(rng, size))
        elif mode == 1:
            s = rng.randrange(3)
            hands.append(random_counts(rng, size, list(range(9 * s, 9 * s + 9)) + list(range(27, 34))))
        elif mode == 2:
            hands.append(random_counts(rng, size, TERMINALS_HONORS + rng.sample(range(34), 4)))
        else:
            counts = [0] * 34
            for k in rng.sample(range(34), size // 2):
                counts[k] += 2
            for k in rng.sample([k for k in range(34) if counts[k] < 4], size % 2):
                counts[k] += 1
            hands.append(counts)
    return hands


def sets_hand(rng: random.Random, n_sets: int = 4, pool: list[int] | None = None,
              p_chow: float = 0.5) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets (``chow``/``pung``/``kong`` with their first kind) and a pair, at most four of a
    kind; None when the draw overflows a kind."""
    pool = pool or list(range(34))
    starts = [k for k in pool if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool]
    sets: list[tuple[str, int]] = []
    counts = [0] * 34
    for _ in range(n_sets):
        if starts and rng.random() < p_chow:
            k = rng.choice(starts)
            sets.append(("chow", k))
            for x in (k, k + 1, k + 2):
                counts[x] += 1
        else:
            k = rng.choice(pool)
            kind = "kong" if rng.random() < 0.08 else "pung"
            sets.append((kind, k))
            counts[k] += 4 if kind == "kong" else 3
    pair = rng.choice(pool)
    counts[pair] += 2
    if max(counts) > 4:
        return None
    return sets, pair


def name(k: int) -> str:
    return f"{k % 9 + 1}{'mpsz'[k // 9]}"


def set_text(kind: str, k: int) -> str:
    if kind == "chow":
        return f"{k % 9 + 1}{k % 9 + 2}{k % 9 + 3}{'mpsz'[k // 9]}"
    n = 4 if kind == "kong" else 3
    return str(k % 9 + 1) * n + "mpsz"[k // 9]


def as_meld(kind: str, k: int, rng: random.Random) -> str:
    """A declared meld for a set: chi / pon, and a kong open, added or closed."""
    if kind == "chow":
        return "chi:" + set_text(kind, k)
    if kind == "pung":
        return "pon:" + set_text(kind, k)
    return rng.choice(["kan:", "kakan:", "ankan:"]) + set_text(kind, k)


def meld_counts(text: str) -> list[int]:
    counts = [0] * 34
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch in "mpsz":
            for d in digits:
                k = 9 * "mpsz".index(ch) + (4 if d == "0" else int(d) - 1)
                counts[k] += 1
            digits = ""
    return counts


def kinds_of(counts: list[int]) -> list[int]:
    return [k for k in range(34) for _ in range(counts[k])]


Case = dict[str, Any]
