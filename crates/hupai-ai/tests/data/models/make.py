"""Makes the model files the Rust tests read (tests/model.rs), with PyTorch:

- ``tiny.onnx``: a small network of ``hupai.train``'s shape with random weights, and
  ``tiny.json``: observations of a seeded self-play game with PyTorch's logits for them;
- ``other-encoding.onnx``: the same network naming the encoding ``hupai-v3``;
- ``no-metadata.onnx``: the same network with no metadata;
- ``wrong-planes.onnx``: a network whose planes input has 70 planes;
- ``wrong-logits.onnx``: a network with 700 logits;
- ``not-a-model.onnx``: text.

    python crates/hupai-ai/tests/data/models/make.py   (hupai, torch and onnx installed)
"""

import json
from pathlib import Path

import numpy as np
import onnx
import torch
from torch import nn

import hupai
from hupai.train.net import build, export

SCALARS = hupai.SCALARS

here = Path(__file__).resolve().parent
torch.manual_seed(0)
net = build(arch="conv", channels=8, blocks=1, hidden=16)
with torch.no_grad():
    for p in net.parameters():
        p.mul_(3.0)
net.eval()
export(net, str(here / "tiny.onnx"), {"hupai.trained": "crates/hupai-ai/tests/data/models/make.py"})

t = hupai.self_play(hands=1, agents="defensive", seed=3)
rows = [0, 5, 17, 40, 63, 78]
planes = np.asarray(t.column("planes").to_pylist(), dtype=np.uint8)[rows].reshape(len(rows), hupai.PLANES, 34)
scalars = np.asarray(t.column("scalars").to_pylist(), dtype=np.float32)[rows]
with torch.no_grad():
    logits, _ = net(torch.from_numpy(planes.astype(np.float32)), torch.from_numpy(scalars))
(here / "tiny.json").write_text(json.dumps({
    "planes": planes.reshape(-1).tolist(),
    "scalars": [float(x) for x in scalars.reshape(-1)],
    "logits": [float(x) for x in logits.numpy().reshape(-1)],
}))


def with_meta(src: str, dst: str, meta: dict) -> None:
    m = onnx.load(str(here / src))
    del m.metadata_props[:]
    for k, v in meta.items():
        e = m.metadata_props.add()
        e.key, e.value = k, v
    onnx.save(m, str(here / dst))


with_meta("tiny.onnx", "other-encoding.onnx", {"hupai.encoding": "hupai-v3", "hupai.actions": hupai.ACTION_SPACE})
with_meta("tiny.onnx", "no-metadata.onnx", {})


class Flat(nn.Module):
    def __init__(self, planes: int, actions: int) -> None:
        super().__init__()
        self.a = nn.Linear(planes * 34 + SCALARS, 2)
        self.b = nn.Linear(2, actions)

    def forward(self, p, s):
        return self.b(self.a(torch.cat([p.flatten(1), s], 1)))


meta = {"hupai.encoding": hupai.ENCODING, "hupai.actions": hupai.ACTION_SPACE}
for name, planes_n, actions in (("wrong-planes", 70, hupai.ACTIONS), ("wrong-logits", hupai.PLANES, 700)):
    path = str(here / f"{name}.onnx")
    torch.onnx.export(Flat(planes_n, actions).eval(), (torch.zeros(1, planes_n, 34), torch.zeros(1, SCALARS)), path,
                      input_names=["planes", "scalars"], output_names=["logits"],
                      dynamic_axes={"planes": {0: "N"}, "scalars": {0: "N"}, "logits": {0: "N"}},
                      opset_version=17, dynamo=False)
    with_meta(f"{name}.onnx", f"{name}.onnx", meta)

(here / "not-a-model.onnx").write_text("this is not an ONNX model\n")
print("wrote", sorted(p.name for p in here.iterdir()))
