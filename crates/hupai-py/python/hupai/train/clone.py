"""Behaviour cloning: a network learns to choose what the teacher chose (cross-entropy on
its action) and, where the teacher rated every option (``values``), to rank them as it did
(cross-entropy on the softmax of its values), with the hand's points as an auxiliary value
target. Held-out games (a share of the walls, never trained on) measure the agreement."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from . import prior
from .net import MASKED, VALUE_SCALE, build
from .progress import Bar
from .samples import Samples


@dataclass
class Settings:
    """What a cloning run does."""

    seed: int = 0
    epochs: int = 4
    batch: int = 256
    lr: float = 1e-3
    weight_decay: float = 1e-5
    soft_weight: float = 1.0
    temperature: float = 1000.0
    value_weight: float = 0.25
    holdout: float = 0.05
    threads: int = 1
    net: dict[str, int] = field(default_factory=dict)
    #: A checkpoint (``.pt``) whose network training starts from instead of a new one (its
    #: encoding must be the data's); ``net`` is then ignored.
    init: str | None = None


def held_out(wall: Any, share: float) -> Any:
    """Whether each wall is held out (a fixed hash of the wall, so a run's split depends on
    the walls alone)."""
    h = (wall.astype(np.uint64) * np.uint64(2654435761)) % np.uint64(1000)
    return h < np.uint64(int(round(share * 1000)))


def setup_torch(seed: int, threads: int) -> None:
    """Seeds every generator and fixes the thread count, so a run repeats exactly."""
    import random

    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(max(threads, 1))
    torch.use_deterministic_algorithms(True)


def tensors(s: Samples, temperature: float) -> dict[str, Any]:
    """The torch tensors of a batch."""
    import torch

    soft, has_soft = s.soft_targets(temperature)
    return {
        "planes": torch.from_numpy(s.planes.astype(np.float32)),
        "scalars": torch.from_numpy(np.ascontiguousarray(s.scalars)),
        "mask": torch.from_numpy(s.mask),
        "action": torch.from_numpy(s.action),
        "soft": torch.from_numpy(soft),
        "has_soft": torch.from_numpy(has_soft),
        "value": torch.from_numpy(np.clip(s.hand_points / VALUE_SCALE, -4.0, 4.0).astype(np.float32)),
    }


def losses(net: Any, b: dict[str, Any], st: Settings) -> tuple[Any, dict[str, float]]:
    """The loss of a batch and its figures (loss parts, agreement with the teacher)."""
    import torch
    import torch.nn.functional as F

    logits, value = net(b["planes"], b["scalars"])
    masked = logits.masked_fill(~b["mask"], MASKED)
    logp = F.log_softmax(masked, dim=1)
    hard = F.nll_loss(logp, b["action"])
    loss = hard
    figs = {"hard": float(hard.detach())}
    if bool(b["has_soft"].any()):
        rows = b["has_soft"]
        soft = -(b["soft"][rows] * logp[rows].masked_fill(~b["mask"][rows], 0.0)).sum(1).mean()
        loss = loss + st.soft_weight * soft
        figs["soft"] = float(soft.detach())
    v = F.smooth_l1_loss(value, b["value"])
    loss = loss + st.value_weight * v
    figs["value"] = float(v.detach())
    pred = masked.argmax(1)
    figs["agree"] = float((pred == b["action"]).float().mean())
    if net.config["encoding"] in prior.ENCODINGS:
        # Where the teacher and the network depart from defensive's choice; means over the
        # batch, which ``evaluate`` turns into rates.
        choice = prior.choice_ids(b["planes"], b["scalars"], net.config["encoding"])
        offered = (choice * b["mask"]).sum(1) > 0
        departs = offered & (choice.gather(1, b["action"][:, None]).squeeze(1) == 0)
        departs_too = offered & (choice.gather(1, pred[:, None]).squeeze(1) == 0)
        figs["departs"] = float(departs.float().mean())
        figs["departs_caught"] = float((departs & (pred == b["action"])).float().mean())
        figs["departs_wrongly"] = float((departs_too & (pred != b["action"])).float().mean())
    figs["loss"] = float(loss.detach())
    return loss, figs


def evaluate(net: Any, s: Samples, st: Settings, batch: int = 1024) -> dict[str, float]:
    """Mean figures over ``s`` (no training). Over an encoding that carries ``defensive``'s
    choice also ``departs`` (the share of decisions where the teacher leaves it),
    ``departs_caught`` (the share of those where the network chooses as the teacher) and
    ``departs_wrongly`` (the share of decisions where the network leaves it for another
    option than the teacher's)."""
    import torch

    net.eval()
    sums: dict[str, float] = {}
    n = len(s)
    with torch.no_grad():
        for a in range(0, n, batch):
            part = s.take(np.arange(a, min(a + batch, n)))
            _, figs = losses(net, tensors(part, st.temperature), st)
            for k, v in figs.items():
                sums[k] = sums.get(k, 0.0) + v * len(part)
    net.train()
    figs = {k: v / max(n, 1) for k, v in sums.items()}
    if figs.get("departs"):
        # Of the teacher's departures from defensive, the share the network makes too.
        figs["departs_caught"] /= figs["departs"]
    return figs


def train(data: Samples, st: Settings, say: Callable[[str], None] = print) -> tuple[Any, dict[str, Any]]:
    """Clones the teacher of ``data``; returns the network and the run's figures."""
    import torch

    setup_torch(st.seed, st.threads)
    out = held_out(data.wall, st.holdout)
    train_idx, test_idx = np.flatnonzero(~out), np.flatnonzero(out)
    if len(train_idx) == 0:
        raise ValueError("no training rows: every wall is held out")
    test = data.take(test_idx)
    if st.init is not None:
        from .net import load

        net, _ = load(st.init)
        if net.config["encoding"] != data.encoding:
            raise ValueError(f"{st.init}: encoding '{net.config['encoding']}', the data's '{data.encoding}'")
    else:
        # The net's settings, as saved by build; it reads the data's encoding.
        net = build(**{**st.net, "encoding": data.encoding})  # type: ignore[arg-type]
    opt = torch.optim.AdamW(net.parameters(), lr=st.lr, weight_decay=st.weight_decay)
    rng = np.random.default_rng(st.seed)
    steps_per_epoch = (len(train_idx) + st.batch - 1) // st.batch
    total = steps_per_epoch * st.epochs
    warm = max(total // 20, 1)

    def rate(step: int) -> float:
        # A linear warm-up over the first 5% of the steps, then a cosine decay to 5%.
        if step < warm:
            return (step + 1) / warm
        frac = (step - warm) / max(total - warm, 1)
        return 0.05 + 0.95 * 0.5 * (1.0 + float(np.cos(np.pi * min(frac, 1.0))))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, rate)
    say(f"clone: {len(train_idx)} training decisions, {len(test_idx)} held out "
        f"({int(out.sum())} rows of {len(np.unique(data.wall[out]))} walls), "
        f"{sum(p.numel() for p in net.parameters())} parameters")
    bar = Bar(total, "clone")
    history = []
    t_train = 0.0
    seen = 0
    for epoch in range(st.epochs):
        order = train_idx[rng.permutation(len(train_idx))]
        run_loss, run_agree, k = 0.0, 0.0, 0
        for a in range(0, len(order), st.batch):
            t0 = time.perf_counter()
            b = tensors(data.take(np.sort(order[a:a + st.batch])), st.temperature)
            loss, figs = losses(net, b, st)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            t_train += time.perf_counter() - t0
            seen += len(b["action"])
            k += 1
            run_loss += (figs["loss"] - run_loss) / min(k, 100)
            run_agree += (figs["agree"] - run_agree) / min(k, 100)
            bar.update(1, epoch=epoch + 1, loss=run_loss, agree=run_agree, sps=seen / t_train)
        held = evaluate(net, test, st) if len(test) else {}
        row = {"epoch": epoch + 1, "train_loss": run_loss, "train_agree": run_agree,
               **{f"held_{k}": v for k, v in held.items()}}
        history.append(row)
        bar.close()
        say("clone: epoch {epoch}: loss {train_loss:.4f}, agreement {train_agree:.4f}; held out: "
            "agreement {a:.4f}, loss {l:.4f}".format(a=held.get("agree", float("nan")),
                                                    l=held.get("loss", float("nan")), **row)
            + (f"; the teacher departs from defensive at {held['departs']:.2%}, the network catches "
               f"{held['departs_caught']:.1%} of those and departs wrongly at {held['departs_wrongly']:.2%}"
               if "departs" in held else ""))
        if epoch + 1 < st.epochs:
            bar = Bar(total, "clone")
            bar.done = (epoch + 1) * steps_per_epoch
    report = {
        "decisions": len(train_idx),
        "held_out": len(test_idx),
        "samples_per_s": seen / max(t_train, 1e-9),
        "train_s": t_train,
        "history": history,
        "held_agree": history[-1].get("held_agree") if history else None,
    }
    return net, report
