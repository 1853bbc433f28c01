"""``python -m hupai.train``: make data, clone a teacher, fine-tune, export, evaluate.

    python -m hupai.train data runs/search --agents search --hands 4000 --values ev
    python -m hupai.train clone runs/search --teacher search --out models/riichi.onnx
    python -m hupai.train data runs/dagger --agents model:models/riichi.onnx --teacher search --hands 4000 --values ev
    python -m hupai.train clone runs/search runs/dagger --teacher search --out models/riichi-dagger.onnx
    python -m hupai.train finetune models/riichi.pt --opponent defensive --out models/riichi-pg.onnx
    python -m hupai.train evaluate models/riichi.onnx --hands 20000

Training needs PyTorch (CPU is enough) and ``onnx``; every run is deterministic for its
seed and thread count. ``clone`` and ``finetune`` write the ONNX model, its checkpoint
(``.pt``) and a report of the run (``.json``) side by side; the model's metadata holds the
command that trained it, the data and the encoding.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from .. import _hupai
from . import clone as cloning
from . import finetune as tuning
from .net import export, load, save
from .samples import read, write_shards


PRIOR_HELP = "hupai-v6 and v7: a bonus added to the logit of defensive's choice in the exported model"


def _say(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _command() -> str:
    return "python -m hupai.train " + " ".join(shlex.quote(a) for a in sys.argv[1:])


def _outputs(out: Path) -> tuple[Path, Path, Path]:
    return out.with_suffix(".onnx"), out.with_suffix(".pt"), out.with_suffix(".json")


def cmd_data(a: argparse.Namespace) -> None:
    agents = [s.strip() for s in a.agents.split(";")] if ";" in a.agents else [a.agents]
    players = _hupai.Rules(a.rules).players
    if len(agents) not in (1, players):
        raise SystemExit(f"--agents: one spec, or {players} (one a player) separated by ';'")
    t0 = time.perf_counter()
    files = write_shards(Path(a.out), agents, a.rules, a.hands, a.shard, a.seed, a.values, a.threads, _say,
                         encoding=a.encoding, teacher=a.teacher)
    _say(f"data: {len(files)} shards in {a.out} ({time.perf_counter() - t0:.0f}s this run)")


def _shards(dirs: list[str]) -> list[Path]:
    files: list[Path] = []
    for d in dirs:
        p = Path(d)
        files.extend(sorted(p.glob("*.parquet")) if p.is_dir() else [p])
    if not files:
        raise SystemExit(f"no Parquet files in {' '.join(dirs)}")
    return files


def cmd_clone(a: argparse.Namespace) -> None:
    t0 = time.perf_counter()
    data = read(_shards(a.data), agent=a.teacher, limit=a.limit, keep_agreeing=a.keep_agreeing, seed=a.seed)
    _say(f"clone: read {len(data)} decisions of {a.teacher or 'every agent'} in {time.perf_counter() - t0:.0f}s")
    st = cloning.Settings(
        seed=a.seed, epochs=a.epochs, batch=a.batch, lr=a.lr, soft_weight=a.soft_weight,
        temperature=a.temperature, value_weight=a.value_weight, holdout=a.holdout, threads=a.threads,
        net={"arch": a.arch, "channels": a.channels, "blocks": a.blocks, "hidden": a.hidden, "layers": a.layers},
        init=a.init,
    )
    net, report = cloning.train(data, st, _say)
    onnx_path, pt_path, json_path = _outputs(Path(a.out))
    meta = {
        "hupai.trained": _command(),
        "hupai.teacher": a.teacher or "",
        "hupai.data": f"{len(data)} decisions ({report['decisions']} trained on) from {' '.join(a.data)}",
        "hupai.train_s": f"{report['train_s']:.0f}",
        "hupai.held_agree": f"{report['held_agree']}",
        "hupai.rules": data.rules,
    }
    onnx_path.parent.mkdir(parents=True, exist_ok=True)
    save(net, str(pt_path), meta)
    export(net, str(onnx_path), meta, prior=a.prior)
    report.update({"command": _command(), "encoding": net.config["encoding"], "model": str(onnx_path),
                   "prior": a.prior})
    json_path.write_text(json.dumps(report, indent=1) + "\n")
    _say(f"clone: wrote {onnx_path} ({onnx_path.stat().st_size} bytes), {pt_path}, {json_path}")


def cmd_finetune(a: argparse.Namespace) -> None:
    net, meta = load(a.init)
    ref, _ = load(a.init)
    st = tuning.Settings(
        seed=a.seed, updates=a.updates, envs=a.envs, decisions=a.decisions, lr=a.lr, kl=a.kl,
        entropy=a.entropy, threads=a.threads, rules=a.rules, opponents=a.opponent or ["defensive"],
    )
    net, report = tuning.finetune(net, ref, st, _say)
    onnx_path, pt_path, json_path = _outputs(Path(a.out))
    meta = {**meta, "hupai.trained": meta.get("hupai.trained", "") + " && " + _command(),
            "hupai.finetune": json.dumps({"updates": a.updates, "opponents": list(st.opponents)}),
            "hupai.rules": a.rules}
    onnx_path.parent.mkdir(parents=True, exist_ok=True)
    save(net, str(pt_path), meta)
    export(net, str(onnx_path), meta)
    report.update({"command": _command(), "model": str(onnx_path)})
    json_path.write_text(json.dumps(report, indent=1) + "\n")
    _say(f"finetune: wrote {onnx_path}, {pt_path}, {json_path}")


def cmd_export(a: argparse.Namespace) -> None:
    net, meta = load(a.checkpoint)
    if a.rules is not None:
        for r in a.rules.split(","):
            if r not in _hupai.PRESETS:
                raise SystemExit(f"--rules: unknown rules '{r}': use presets ({', '.join(_hupai.PRESETS)})")
        meta = {**meta, "hupai.rules": a.rules}
    export(net, a.out, meta, prior=a.prior, riichi_prior=a.riichi_prior)
    _say(f"export: wrote {a.out}")


def cmd_evaluate(a: argparse.Namespace) -> None:
    from ..data import arena

    model = f"model:{a.model}"
    agents: list[Any] = [model] + [a.opponent] * (_hupai.Rules(a.rules).players - 1)
    t0 = time.perf_counter()
    r = arena(agents, a.rules, hands=a.hands, seed=a.seed, duplicate=True, threads=a.threads, batch=a.batch)
    if a.json:
        Path(a.json).write_text(json.dumps(r, indent=1) + "\n")
    for x in r["agents"]:
        print(f"{x['name']}: {x['points_per_hand']:+.1f} ± {x['points_per_hand_ci95']:.1f} points per hand, "
              f"average rank {x['avg_rank']:.3f} ± {x['avg_rank_ci95']:.3f}, win {x['win_rate']:.3f}, "
              f"deal-in {x['deal_in_rate']:.3f}, decision p50 {x['decision_us_p50']:.1f} µs p99 "
              f"{x['decision_us_p99']:.1f} µs, {x['decisions']} decisions, {x['illegal']} illegal")
    _say(f"evaluate: {r['hands']} duplicate hands in {time.perf_counter() - t0:.0f}s ({r['hands_per_s']:.1f} hands/s)")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m hupai.train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)

    d = sub.add_parser("data", help="self-play into Parquet shards (resumes)")
    d.add_argument("out")
    d.add_argument("--agents", default="defensive", help="one spec for all four seats, or four separated by ';'")
    d.add_argument("--rules", default="riichi")
    d.add_argument("--hands", type=int, required=True)
    d.add_argument("--shard", type=int, default=200, help="jobs per file")
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--values", default=None, help="record this number of the agents' explanations per option (ev)")
    d.add_argument("--threads", type=int, default=1)
    d.add_argument("--encoding", default="hupai-v4", choices=sorted(_hupai.ENCODINGS),
                   help="the observation encoding recorded (a clone learns the data's)")
    d.add_argument("--teacher", default=None,
                   help="an agent asked at every decision, whoever plays it: the rows learn its choice "
                        "and values (DAgger: --agents model:M.onnx --teacher search)")
    d.set_defaults(run=cmd_data)

    c = sub.add_parser("clone", help="behaviour cloning of a teacher")
    c.add_argument("data", nargs="+", help="directories of shards or Parquet files")
    c.add_argument("--teacher", default=None, help="the agent whose decisions are learned (all when omitted)")
    c.add_argument("--out", required=True, help="the model (.onnx; .pt and .json beside it)")
    c.add_argument("--limit", type=int, default=None, help="at most this many decisions")
    c.add_argument("--epochs", type=int, default=4)
    c.add_argument("--batch", type=int, default=256)
    c.add_argument("--lr", type=float, default=1e-3)
    c.add_argument("--soft-weight", type=float, default=1.0)
    c.add_argument("--temperature", type=float, default=1000.0, help="points per unit of the teacher's values in its soft targets")
    c.add_argument("--value-weight", type=float, default=0.25)
    c.add_argument("--holdout", type=float, default=0.05)
    c.add_argument("--arch", default="mlp", choices=["mlp", "conv"])
    c.add_argument("--channels", type=int, default=16, help="conv: channels")
    c.add_argument("--blocks", type=int, default=2, help="conv: residual blocks")
    c.add_argument("--hidden", type=int, default=256)
    c.add_argument("--layers", type=int, default=2, help="mlp: hidden layers")
    c.add_argument("--init", default=None, help="start from this checkpoint (.pt) instead of a new network")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--threads", type=int, default=1)
    c.add_argument("--keep-agreeing", type=float, default=1.0,
                   help="hupai-v6 and v7: the share of the decisions where the teacher takes defensive's choice that "
                        "are read (the others, its departures, are all read)")
    c.add_argument("--prior", type=float, default=0.0, help=PRIOR_HELP)
    c.set_defaults(run=cmd_clone)

    f = sub.add_parser("finetune", help="policy-gradient fine-tuning in VecEnv with a KL term toward the clone")
    f.add_argument("init", help="the clone's checkpoint (.pt)")
    f.add_argument("--out", required=True)
    f.add_argument("--opponent", action="append", help="an opponent spec of the pool (repeat; default defensive)")
    f.add_argument("--rules", default="riichi")
    f.add_argument("--updates", type=int, default=50)
    f.add_argument("--envs", type=int, default=32)
    f.add_argument("--decisions", type=int, default=2048, help="decisions per update")
    f.add_argument("--lr", type=float, default=1e-4)
    f.add_argument("--kl", type=float, default=0.5)
    f.add_argument("--entropy", type=float, default=0.0)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--threads", type=int, default=1)
    f.set_defaults(run=cmd_finetune)

    e = sub.add_parser("export", help="a checkpoint to ONNX")
    e.add_argument("checkpoint")
    e.add_argument("--out", required=True)
    e.add_argument("--prior", type=float, default=0.0, help=PRIOR_HELP)
    e.add_argument("--riichi-prior", type=float, default=0.0,
                   help="hupai-v6 and v7: a further bonus where defensive's choice declares riichi (needs --prior)")
    e.add_argument("--rules", default=None,
                   help="the rule presets the model plays, comma-separated (hupai.rules: what a server offers it "
                        "for); default the checkpoint's, which clone takes from its data")
    e.set_defaults(run=cmd_export)

    v = sub.add_parser("evaluate", help="duplicate arena of the model against three of an opponent")
    v.add_argument("model")
    v.add_argument("--opponent", default="defensive")
    v.add_argument("--rules", default="riichi")
    v.add_argument("--hands", type=int, default=2000)
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--threads", type=int, default=0)
    v.add_argument("--batch", type=int, default=256, help="games at once, the model answering in batches (0: one decision at a time)")
    v.add_argument("--json", default=None, help="write the arena's JSON object here")
    v.set_defaults(run=cmd_evaluate)

    args = p.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
