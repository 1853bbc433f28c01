"""Policy-gradient fine-tuning in ``VecEnv``: the network plays one seat of single hands
against a pool of opponents (each entry of the pool seats its agent in the other three
seats of its own environments), samples its actions from its masked policy, and learns from
the hand's points (REINFORCE with the value head as baseline) while a KL term holds it near
the clone it started from, so it improves on the teacher without forgetting it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from .. import _hupai
from .clone import setup_torch
from .net import MASKED, VALUE_SCALE
from .progress import Bar


@dataclass
class Settings:
    """What a fine-tuning run does."""

    seed: int = 0
    updates: int = 50
    envs: int = 32
    decisions: int = 2048
    lr: float = 1e-4
    kl: float = 0.5
    value_weight: float = 0.5
    entropy: float = 0.0
    threads: int = 1
    rules: str = "riichi"
    opponents: Sequence[str] = field(default_factory=lambda: ["defensive"])


def _masked(net: Any, planes: Any, scalars: Any, mask: Any) -> tuple[Any, Any]:
    logits, value = net(planes, scalars)
    return logits.masked_fill(~mask, MASKED), value


def finetune(net: Any, clone: Any, st: Settings, say: Callable[[str], None] = print) -> tuple[Any, dict[str, Any]]:
    """Fine-tunes ``net`` (``clone`` is its frozen starting point); returns it and the run's
    figures per update (mean hand points of its seat, KL to the clone)."""
    import torch
    import torch.nn.functional as F

    setup_torch(st.seed, st.threads)
    rng = np.random.default_rng(st.seed)
    clone.eval()
    for p in clone.parameters():
        p.requires_grad_(False)
    others = _hupai.Rules(st.rules).players - 1  # three, or two at a three-player table
    venvs = [
        _hupai.VecEnv(st.envs, st.rules, length="hand", seed=st.seed * 1_000_003 + 7919 * k,
                      agents=[None] + [opp] * others, threads=1, encoding=net.config["encoding"])
        for k, opp in enumerate(st.opponents)
    ]
    batches = [v.reset() for v in venvs]
    opt = torch.optim.Adam(net.parameters(), lr=st.lr)
    # Per environment: the rows of its hand in progress and its points so far.
    pending: list[list[list[tuple[Any, Any, Any, int]]]] = [[[] for _ in range(st.envs)] for _ in venvs]
    points = [np.zeros(st.envs, dtype=np.float64) for _ in venvs]
    history = []
    bar = Bar(st.updates, "finetune")
    t_play = t_learn = 0.0
    for update in range(st.updates):
        t0 = time.perf_counter()
        done_rows: list[tuple[Any, Any, Any, int, float]] = []
        hands: list[float] = []
        net.eval()
        while len(done_rows) < st.decisions:
            for k, v in enumerate(venvs):
                b = batches[k]
                n = len(b)
                if n == 0:
                    batches[k] = v.step(np.zeros(0, dtype=np.int64))
                    continue
                b_planes, b_scalars = b.planes, b.scalars
                if b_planes is None or b_scalars is None:
                    raise ValueError("fine-tuning needs an environment that encodes observations")
                planes = torch.from_numpy(b_planes.astype(np.float32))
                scalars = torch.from_numpy(b_scalars)
                mask = torch.from_numpy(b.mask)
                with torch.no_grad():
                    masked, _ = _masked(net, planes, scalars, mask)
                logits = masked.numpy().astype(np.float64)
                gumbel = -np.log(-np.log(rng.random(logits.shape).clip(1e-12, 1 - 1e-12)))
                acts = np.where(b.mask, logits + gumbel, -np.inf).argmax(axis=1)
                games = b.game
                for i in range(n):
                    if int(b.mask[i].sum()) > 1:
                        pending[k][int(games[i])].append((b_planes[i], b_scalars[i], b.mask[i], int(acts[i])))
                nb = v.step(acts)
                rewards, done = nb.rewards, nb.done
                if rewards is None or done is None:
                    raise ValueError("fine-tuning needs an environment that reports rewards")
                points[k] += rewards[:, 0]
                for e in np.flatnonzero(done):
                    total = float(points[k][e])
                    hands.append(total)
                    done_rows.extend((*r, total) for r in pending[k][e])
                    pending[k][e] = []
                    points[k][e] = 0.0
                batches[k] = nb
        t_play += time.perf_counter() - t0
        t0 = time.perf_counter()
        net.train()
        planes = torch.from_numpy(np.stack([r[0] for r in done_rows]).astype(np.float32))
        scalars = torch.from_numpy(np.stack([r[1] for r in done_rows]))
        mask = torch.from_numpy(np.stack([r[2] for r in done_rows]))
        acts = torch.tensor([r[3] for r in done_rows])
        ret = torch.tensor([r[4] for r in done_rows], dtype=torch.float32) / VALUE_SCALE
        masked, value = _masked(net, planes, scalars, mask)
        logp = F.log_softmax(masked, dim=1)
        with torch.no_grad():
            ref, _ = _masked(clone, planes, scalars, mask)
            ref_logp = F.log_softmax(ref, dim=1)
        adv = (ret.clamp(-4, 4) - value.detach())
        taken = logp.gather(1, acts[:, None]).squeeze(1)
        pg = -(taken * adv).mean()
        p = logp.exp()
        kl = (p * (logp - ref_logp)).masked_fill(~mask, 0.0).sum(1).mean()
        ent = -(p * logp).masked_fill(~mask, 0.0).sum(1).mean()
        vloss = F.smooth_l1_loss(value, ret.clamp(-4, 4))
        loss = pg + st.kl * kl + st.value_weight * vloss - st.entropy * ent
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        opt.step()
        t_learn += time.perf_counter() - t0
        row = {"update": update + 1, "decisions": len(done_rows), "hands": len(hands),
               "points_per_hand": float(np.mean(hands)) if hands else 0.0,
               "kl": float(kl.detach()), "value_loss": float(vloss.detach()), "entropy": float(ent.detach())}
        history.append(row)
        bar.update(1, pts=row["points_per_hand"], kl=row["kl"], v=row["value_loss"])
    bar.close()
    say(f"finetune: {st.updates} updates, {sum(r['decisions'] for r in history)} decisions, "
        f"play {t_play:.0f}s, learn {t_learn:.0f}s")
    return net, {"history": history, "play_s": t_play, "learn_s": t_learn}
