#!/usr/bin/env python3
"""Instruction counts of the hot paths, against the counts committed beside this file.

Timings on a shared 2-core VM move by a third from one minute to the next; the number of
instructions a fixed workload executes does not (cachegrind counts them, the same binary gives
the same count). So CI catches a slower shanten, scorer or engine step here, by count, and the
README's timings stay in benchmarks.

Each workload is a measuring example of the workspace run twice under cachegrind: once doing
the work and once doing everything else (reading the fixture, making the hands). The
difference over the calls made is the count a call. A count more than TOLERANCE above its
baseline fails the check; one more than TOLERANCE below it asks for the baseline to be
lowered (`--update`), so that a later regression is measured from the gain, not from before
it.

Usage:
    tools/instructions/check.py [--python PY]            # build, count, compare (CI)
    tools/instructions/check.py [--python PY] --update   # build, count, write baseline.json
    tools/instructions/check.py --no-build               # count the examples already built

`--python PY` also counts the Python package's scoring paths (python_workload.py) with the
interpreter PY, in whose environment `hupai` is installed (CI's venv).

The counts belong to a compiler: baseline.json names the `rustc --version` (and the Python)
they were made with, and under another one the check reports the counts but cannot fail on
them (it says so).
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASELINE = Path(__file__).resolve().parent / "baseline.json"
# Counts are exact for one binary; 3% leaves room for what a fresh clone changes (its paths in
# panic messages, the hash seeds of a map) and catches any change to a hot loop that matters.
TOLERANCE = 0.03

# name -> (example, the work's arguments, the base's arguments, environment of each, calls,
# what a call is). `calls` is an int, or "hands" to take the difference of the hands the two
# runs report ("N hands, ..." on their first line).
WORKLOADS = {
    "shanten": ("instructions", ["shanten"], ["none"], None, 102_400,
                "riichi forms, a random 13-tile hand"),
    "ukeire": ("instructions", ["ukeire"], ["none"], None, 102_400,
               "effective tiles, riichi forms, 13 tiles"),
    "waits": ("instructions", ["waits"], ["none"], None, 102_400, "waits, 13 tiles"),
    "discard": ("instructions", ["discard"], ["none"], None, 4_096,
                "full discard analysis, 14 tiles"),
    "state-each-draw": ("instructions", ["state-each-draw"], ["state-none"], None, 102_400,
                        "HandState: shanten after each of the 34 draws"),
    "state-ukeire-after-discard": ("instructions", ["state-ukeire-after-discard"],
                                   ["state-none"], None, 102_400,
                                   "HandState: copy, discard, effective tiles"),
    "score-mcr": ("score_instructions", ["mcr", "2"], ["mcr", "1"], None, 24_000,
                  "MCR scoring of a winning hand (the 24,000-hand fixture)"),
    "score-riichi": ("score_instructions", ["riichi", "2"], ["riichi", "1"], None, 20_000,
                     "riichi scoring of a winning hand (the 20,000-hand fixture)"),
    "engine-hand": ("speed", [], [], ({"SEEDS": "60"}, {"SEEDS": "20"}), "hands",
                    "a riichi hand of four random agents, every view kept"),
}
# The Python package's paths (python_workload.py, with PYTHONHASHSEED fixed): name -> (the
# work's argument, the base's, what a call is), over PYTHON_HANDS calls; the base reads the
# same hands and scores none.
PYTHON_HANDS = 2_000
PYTHON_WORKLOADS = {
    "py-score-batch-mcr-dicts": ("batch", "none",
                                 "`score_batch` of MCR dicts, a hand (one thread)"),
    "py-score-mcr-call": ("call", "none", "`score` of one MCR dict, a call"),
    "py-score-batch-riichi-loaded": ("riichi-batch", "riichi-none",
                                     "`score_batch` of riichi dicts from `json.loads`, a hand"),
}
PACKAGES = {"instructions": "hupai-core", "score_instructions": "hupai-rules",
            "speed": "hupai-engine"}


def rustc_version():
    return subprocess.run(["rustc", "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()


def build():
    env = dict(os.environ)
    # The CI's release profile (the wheel's): no fat LTO, 16 codegen units.
    env.setdefault("CARGO_PROFILE_RELEASE_LTO", "false")
    env.setdefault("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
    cmd = ["cargo", "build", "--release", "--quiet"]
    for example, package in PACKAGES.items():
        cmd += ["-p", package, "--example", example]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)


def target_dir():
    return Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))


def count(command, extra_env=None):
    """Instructions of one run of `command`, and what it printed."""
    env = dict(os.environ)
    env.update(extra_env or {})
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         *command],
        cwd=ROOT, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"instructions: {' '.join(command)} failed:\n{run.stderr}")
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if not found:
        sys.exit(f"instructions: no count in cachegrind's output for {command}:\n{run.stderr}")
    return int(found.group(1).replace(",", "")), run.stdout


def hands_reported(output):
    found = re.match(r"(\d+) hands", output)
    if not found:
        sys.exit(f"instructions: the engine's example did not say how many hands: {output!r}")
    return int(found.group(1))


def measure(name):
    example, work_args, base_args, envs, calls, _ = WORKLOADS[name]
    work_env, base_env = envs or (None, None)
    binary = str(target_dir() / "release" / "examples" / example)
    work, work_out = count([binary, *work_args], work_env)
    base, base_out = count([binary, *base_args], base_env)
    if calls == "hands":
        calls = hands_reported(work_out) - hands_reported(base_out)
    return (work - base) / calls


def measure_python(python, name):
    what, base_what, _ = PYTHON_WORKLOADS[name]
    script = str(Path(__file__).resolve().parent / "python_workload.py")
    env = {"PYTHONHASHSEED": "0"}
    work, out = count([python, script, what, str(PYTHON_HANDS)], env)
    if out.split()[:3] != [str(PYTHON_HANDS), "of", str(PYTHON_HANDS)]:
        sys.exit(f"instructions: {name} did not score every hand: {out!r}")
    base, _ = count([python, script, base_what, str(PYTHON_HANDS)], env)
    return (work - base) / PYTHON_HANDS


def python_version(python):
    return subprocess.run([python, "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()


def main(argv):
    update = "--update" in argv
    python = argv[argv.index("--python") + 1] if "--python" in argv else None
    if "--no-build" not in argv:
        build()
    toolchain = {"rustc": rustc_version()}
    counts = {name: measure(name) for name in WORKLOADS}
    described = {name: w[5] for name, w in WORKLOADS.items()}
    if python:
        toolchain["python"] = python_version(python)
        counts.update({name: measure_python(python, name) for name in PYTHON_WORKLOADS})
        described.update({name: w[2] for name, w in PYTHON_WORKLOADS.items()})
    if update:
        BASELINE.write_text(json.dumps(
            {**toolchain, "counts": {k: round(v, 1) for k, v in counts.items()}},
            indent=2) + "\n")
        print(f"instructions: wrote {BASELINE.relative_to(ROOT)} ({toolchain})")
        return 0
    baseline = json.loads(BASELINE.read_text())
    other = {k: (baseline.get(k), v) for k, v in toolchain.items() if baseline.get(k) != v}
    failed, stale = [], []
    print(f"{'workload':<28} {'a call':>10} {'baseline':>10} {'change':>8}  what a call is")
    for name, now in counts.items():
        before = baseline["counts"].get(name)
        if before is None:
            failed.append(f"{name}: no baseline (run with --update)")
            continue
        change = now / before - 1
        print(f"{name:<28} {now:>10.1f} {before:>10.1f} {change:>+8.1%}  {described[name]}")
        if change > TOLERANCE:
            failed.append(f"{name}: {now:.1f} instructions a call, {change:+.1%} over "
                          f"{before:.1f}")
        elif change < -TOLERANCE:
            stale.append(name)
    if stale:
        print(f"instructions: faster than the baseline by more than {TOLERANCE:.0%}: "
              f"{', '.join(stale)}; run tools/instructions/check.py --update and commit it")
    if failed and other:
        print(f"instructions: the baseline was counted with other tools {other}: not failing "
              f"on\n  " + "\n  ".join(failed))
        return 0
    if failed:
        print("instructions: more than the baseline allows:\n  " + "\n  ".join(failed))
        return 1
    print(f"instructions: every workload within {TOLERANCE:.0%} of its baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
