"""Does a discard analysis as extra input raise a clone's agreement with its teacher?

The experiment behind the encoding `hupai-v5` (issue 26), which now computes these planes (and
more) in Rust: `python -m hupai.train data ... --encoding hupai-v5`. A network over `hupai-v4`'s planes has to
work out for itself what every discard does to the hand, and with the data this machine can
make it does not: a 2 x 256 MLP cloning `defensive` agrees with its discards about 59% of the
time. Here the same network, on the same decisions and for the same epochs, is also given
ten look-ahead planes per decision, computed from what the seat sees (its hand, its melds and
the tiles it can see, planes 0-3 and 13-16, scalar 27), as Suphx's look-ahead features are:

- plane 0: discarding this kind keeps the hand at its best shanten;
- planes 1-8: among those, the unseen copies of the effective tiles after the discard are at
  least 2, 4, 8, 12, 16, 20, 28, 36;
- plane 9: among those, the discard with the most.

It prints the held-out agreement after each epoch, for discards (with and without a riichi
against the seat) and for the other decisions.

    python -m hupai.train data runs/defensive --agents defensive --hands 2000 --shard 500 --seed 7
    python lookahead_features.py runs/defensive plain 3
    python lookahead_features.py runs/defensive analysis 3
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

import hupai
from hupai.train.clone import held_out
from hupai.train.samples import read

THRESHOLDS = [2, 4, 8, 12, 16, 20, 28, 36]


def lookahead(planes: np.ndarray, melds: np.ndarray, discards: np.ndarray) -> np.ndarray:
    """The ten look-ahead planes of every row (zeros where the seat has no discard to make)."""
    n = len(planes)
    counts = planes[:, 0:4].sum(1).astype(np.int16)
    visible = planes[:, 13:17].sum(1).astype(np.int16)
    out = np.zeros((n, 2 + len(THRESHOLDS), 34), np.uint8)
    rows = np.flatnonzero(discards & ((counts.sum(1) + 3 * melds) == 14))
    held_row, kind = np.nonzero(counts[rows] > 0)
    row = rows[held_row]
    after = counts[row].copy()
    after[np.arange(len(row)), kind] -= 1
    outside = np.clip(visible[row] - after, 0, 4).astype(np.uint8)
    m = melds[row].astype(np.uint8)
    shanten = hupai.shanten_batch(after.astype(np.uint8), melds=m).astype(np.int16)
    _, unseen = hupai.ukeire_batch(after.astype(np.uint8), melds=m, visible=outside)
    unseen = unseen.astype(np.int32)
    best = np.full(n, 99, np.int16)
    np.minimum.at(best, row, shanten)
    keep = shanten == best[row]
    out[row[keep], 0, kind[keep]] = 1
    for j, t in enumerate(THRESHOLDS):
        sel = keep & (unseen >= t)
        out[row[sel], 1 + j, kind[sel]] = 1
    most = np.full(n, -1, np.int32)
    np.maximum.at(most, row[keep], unseen[keep])
    sel = keep & (unseen == most[row])
    out[row[sel], 1 + len(THRESHOLDS), kind[sel]] = 1
    return out


def main() -> None:
    data, mode = Path(sys.argv[1]), sys.argv[2]
    epochs = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    torch.manual_seed(1)
    np.random.seed(1)
    torch.set_num_threads(1)
    s = read(sorted(data.glob("*.parquet")), agent="defensive")
    n = len(s)
    names = np.array(hupai.ACTION_NAMES)
    is_discard = np.char.startswith(names, "discard") | np.char.startswith(names, "tsumogiri")
    discards = (s.mask & is_discard).any(1)
    melds = np.rint(s.scalars[:, 27] * 4).astype(np.int16)
    x = s.planes.astype(np.float32)
    if mode == "analysis":
        t0 = time.time()
        x = np.concatenate([x, lookahead(s.planes, melds, discards).astype(np.float32)], axis=1)
        print(f"look-ahead planes for {n} decisions in {time.time() - t0:.1f}s")
    elif mode != "plain":
        raise SystemExit(f"mode '{mode}': plain or analysis")
    x = np.concatenate([x.reshape(n, -1), s.scalars], axis=1).astype(np.float32)
    out = held_out(s.wall, 0.1)
    train, test = np.flatnonzero(~out), np.flatnonzero(out)
    net = nn.Sequential(nn.Linear(x.shape[1], 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(),
                        nn.Linear(256, hupai.ACTIONS))
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-5)
    xs, mask, action = torch.from_numpy(x), torch.from_numpy(s.mask), torch.from_numpy(s.action)
    threat = (s.scalars[test][:, 16:19] > 0).any(1)  # riichi of seat 1, 2 or 3
    d = discards[test]
    t0 = time.time()
    for epoch in range(epochs):
        order = train[np.random.permutation(len(train))]
        for a in range(0, len(order), 256):
            b = torch.from_numpy(order[a:a + 256])
            loss = F.cross_entropy(net(xs[b]).masked_fill(~mask[b], -1e9), action[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            ok = (net(xs[test]).masked_fill(~mask[test], -1e9).argmax(1) == action[test]).numpy()
        print(f"{mode} epoch {epoch + 1}: {len(train)} trained, {len(test)} held out; agreement: "
              f"discards {ok[d].mean():.4f} (no riichi against {ok[d & ~threat].mean():.4f}, "
              f"riichi against {ok[d & threat].mean():.4f}), other {ok[~d].mean():.4f}; "
              f"{time.time() - t0:.0f}s", flush=True)


if __name__ == "__main__":
    main()
