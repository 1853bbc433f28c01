"""The policy network and its ONNX export.

A residual stack of 1-D convolutions over the 34 kinds (the observation's planes are its
input channels; the scalars join after the stack), then two heads: a logit per action id
(``ACTIONS``) and a value (the hand's points for the seat, in units of ``VALUE_SCALE``). The
export holds the policy only: inputs ``planes`` (float32 ``[N, planes, 34]``) and ``scalars``
(float32 ``[N, scalars]``) of the network's observation encoding (``hupai-v4`` by default,
``hupai.ENCODINGS`` gives each one's shapes), output ``logits`` (``[N, ACTIONS]``); its
metadata names the encoding (``hupai.encoding``) and the action space (``hupai.actions``), which hupai's
``model:FILE.onnx`` agents check before they play it.
"""

from __future__ import annotations

import json
from typing import Any

from .. import _hupai

ACTIONS: int = _hupai.ACTIONS
WIDTH = 34
ACTION_SPACE: str = _hupai.ACTION_SPACE
#: Points per unit of the value head (a hand's points over this scale).
VALUE_SCALE = 8000.0
#: Logit given to illegal actions in training (finite, so that masked softmaxes stay exact).
MASKED = -1.0e9


def _riichi_block() -> tuple[int, int]:
    """Where the riichi ids start and how many there are: each riichi id names a discard of
    the block before it ("riichi 5m" is "discard 5m" with riichi declared, "riichi
    tsumogiri 5m" is "tsumogiri 5m")."""
    names = _hupai.ACTION_NAMES
    first = names.index("riichi 1m")
    n = names.index("chi low") - first
    for i in range(n):
        plain = names[i].replace("discard ", "riichi ").replace("tsumogiri ", "riichi tsumogiri ")
        if names[first + i] != plain:
            raise ValueError(f"action {first + i} is {names[first + i]!r}, not {plain!r}")
    return first, n


def _with_riichi(logits: Any, riichi: Any, block: tuple[int, int]) -> Any:
    """The policy's logits with each riichi id's logit the logit of its discard, plus the
    network's riichi term, plus its own: a riichi is rare in the data, the discard it makes
    is not, so the discard's ranking carries over. ``block`` is ``_riichi_block()``."""
    import torch

    first, n = block
    return torch.cat([logits[:, :first], logits[:, first:first + n] + logits[:, :n] + riichi,
                      logits[:, first + n:]], dim=1)


def shape(encoding: str) -> tuple[int, int]:
    """The planes and scalars of an observation of ``encoding``."""
    if encoding not in _hupai.ENCODINGS:
        raise _hupai.InputError(f"encoding '{encoding}': this hupai encodes {', '.join(_hupai.ENCODINGS)}")
    planes, scalars, _ = _hupai.ENCODINGS[encoding]
    return int(planes), int(scalars)


def build(arch: str = "mlp", channels: int = 16, blocks: int = 2, hidden: int = 256, layers: int = 2,
          encoding: str = "hupai-v4", riichi_head: bool = True) -> Any:
    """A new network (``torch.nn.Module``) over observations of ``encoding``:
    ``forward(planes, scalars) -> (logits, value)``. With ``riichi_head`` (the default) a
    riichi id's logit is its discard's plus a riichi term the network gives for the whole
    observation (see ``_with_riichi``).
    ``arch`` is ``"mlp"`` (``layers`` fully connected layers of ``hidden`` units over the
    flattened observation: the fastest in the Rust runtime, whose 1-D convolutions run about
    ten times slower per multiply) or ``"conv"`` (a stem and ``blocks`` residual blocks of
    ``channels`` 1-D convolutions over the kinds, then one layer of ``hidden``)."""
    import torch
    from torch import nn

    PLANES, SCALARS = shape(encoding)
    riichi_ids = _riichi_block()  # read once, not at every forward pass

    class Block(nn.Module):  # type: ignore[misc]
        def __init__(self, c: int) -> None:
            super().__init__()
            self.a = nn.Conv1d(c, c, 3, padding=1)
            self.b = nn.Conv1d(c, c, 3, padding=1)

        def forward(self, x: Any) -> Any:
            return torch.relu(x + self.b(torch.relu(self.a(x))))

    class Mlp(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.config = {"arch": "mlp", "hidden": hidden, "layers": layers, "encoding": encoding,
                           "riichi_head": riichi_head}
            sizes = [PLANES * WIDTH + SCALARS] + [hidden] * layers
            self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
            self.policy = nn.Linear(hidden, ACTIONS)
            self.value = nn.Linear(hidden, 1)
            if riichi_head:
                self.riichi = nn.Linear(hidden, 1)

        def forward(self, planes: Any, scalars: Any) -> Any:
            h = torch.cat([planes.flatten(1), scalars], dim=1)
            for layer in self.layers:
                h = torch.relu(layer(h))
            logits = self.policy(h)
            if riichi_head:
                logits = _with_riichi(logits, self.riichi(h), riichi_ids)
            return logits, self.value(h).squeeze(1)

    class Policy(nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.config = {"arch": "conv", "channels": channels, "blocks": blocks, "hidden": hidden,
                           "encoding": encoding, "riichi_head": riichi_head}
            self.stem = nn.Conv1d(PLANES, channels, 3, padding=1)
            self.blocks = nn.Sequential(*[Block(channels) for _ in range(blocks)])
            self.trunk = nn.Linear(channels * WIDTH + SCALARS, hidden)
            self.policy = nn.Linear(hidden, ACTIONS)
            self.value = nn.Linear(hidden, 1)
            if riichi_head:
                self.riichi = nn.Linear(hidden, 1)

        def features(self, planes: Any, scalars: Any) -> Any:
            x = self.blocks(torch.relu(self.stem(planes)))
            x = torch.cat([x.flatten(1), scalars], dim=1)
            return torch.relu(self.trunk(x))

        def forward(self, planes: Any, scalars: Any) -> Any:
            h = self.features(planes, scalars)
            logits = self.policy(h)
            if riichi_head:
                logits = _with_riichi(logits, self.riichi(h), riichi_ids)
            return logits, self.value(h).squeeze(1)

    if arch == "mlp":
        return Mlp()
    if arch == "conv":
        return Policy()
    raise ValueError(f"arch '{arch}': mlp or conv")


class _LogitsOnly:
    """Wraps a network so that the export holds the policy head alone."""

    @staticmethod
    def make(net: Any) -> Any:
        from torch import nn

        class Logits(nn.Module):  # type: ignore[misc]
            def __init__(self) -> None:
                super().__init__()
                self.net = net

            def forward(self, planes: Any, scalars: Any) -> Any:
                return self.net(planes, scalars)[0]

        return Logits()


def export(net: Any, path: str, meta: dict[str, str], prior: float = 0.0, riichi_prior: float = 0.0) -> None:
    """Writes ``net``'s policy to ``path`` as ONNX with ``meta`` plus the encoding, the
    action space and the network's shape in its metadata. A ``prior`` above 0 (over an
    encoding that carries ``defensive``'s choice) is added to that choice's logit in the
    exported graph and recorded as ``hupai.prior`` (see ``hupai.train.prior``); a
    ``riichi_prior`` is added on top where that choice declares riichi (``hupai.prior.riichi``)."""
    import onnx  # type: ignore[import-not-found,unused-ignore]
    import torch

    from . import prior as choice_prior

    net.eval()
    if prior < 0.0 or riichi_prior < 0.0:
        raise ValueError(f"prior {prior}, riichi prior {riichi_prior}: bonuses of 0 or more")
    if riichi_prior > 0.0 and prior == 0.0:
        raise ValueError(f"riichi prior {riichi_prior}: adds to a prior, which is 0")
    if prior > 0.0:
        meta = {**meta, "hupai.prior": f"{prior}"}
        if riichi_prior > 0.0:
            meta["hupai.prior.riichi"] = f"{riichi_prior}"
        net = choice_prior.make(net, prior, riichi_prior)
    wrapped = _LogitsOnly.make(net).eval()
    n_planes, n_scalars = shape(net.config["encoding"])
    planes = torch.zeros(2, n_planes, WIDTH)
    scalars = torch.zeros(2, n_scalars)
    torch.onnx.export(
        wrapped,
        (planes, scalars),
        path,
        input_names=["planes", "scalars"],
        output_names=["logits"],
        dynamic_axes={"planes": {0: "N"}, "scalars": {0: "N"}, "logits": {0: "N"}},
        opset_version=17,
        dynamo=False,
    )
    model = onnx.load(path)
    entries = {
        "hupai.encoding": net.config["encoding"],
        "hupai.actions": ACTION_SPACE,
        "hupai.net": json.dumps(net.config),
        **meta,
    }
    del model.metadata_props[:]
    for k, v in entries.items():
        e = model.metadata_props.add()
        e.key, e.value = k, v
    onnx.save(model, path)


def save(net: Any, path: str, meta: dict[str, str]) -> None:
    """Writes ``net``'s weights and shape to ``path`` (a PyTorch checkpoint)."""
    import torch

    torch.save({"config": net.config, "state": net.state_dict(), "meta": meta}, path)


def load(path: str) -> tuple[Any, dict[str, str]]:
    """Reads a checkpoint written by :func:`save`: the network and its metadata."""
    import torch

    ck = torch.load(path, map_location="cpu", weights_only=True)
    config = dict(ck["config"])
    config.setdefault("arch", "conv")  # checkpoints from before the MLP name no arch
    config.setdefault("encoding", "hupai-v4")  # nor those from before hupai-v5 an encoding
    config.setdefault("riichi_head", False)  # nor a riichi head
    net = build(**config)
    net.load_state_dict(ck["state"])
    return net, dict(ck.get("meta", {}))
